"""The peer comparison of `make bench`: our engine and crapssim (PyPI, the best-known open-source
craps simulator; a bench-only dependency, never imported by the firmware) settle the same bets
on the same dice in one process run.

The bets, for one player: a pass line bet with 2x odds, a come bet every roll the puck is ON
with 1x odds once it travels, place 6 and 8, a hard 8, the field and any seven (about 13 live
bets with the point on). Two policies keep them up, each side through its own checked API:

- re-place (REPLACE): before every roll each side looks for every bet of the mix and puts back
  what is missing (ours: find(), bet(), odds(); crapssim: already_placed(), add_bet());
- standing (STANDING): the bets stand as a player's chips do; after a roll only what it decided
  is put back, where the rules allow it then (ours: Table.put_back(); crapssim: a copy() of each
  bet that left player.bets, through add_bet()), and what a roll makes possible is added (the
  odds and a come bet when a point is set, odds behind a come bet that travelled: ours from the
  roll's moves, crapssim from its come bet's number).

Those two call crapssim's settling steps (TableUpdate) directly: its bench path. crapssim's users
run its Strategy path instead, timed beside them under the standing policy: the same bets as
crapssim strategies (crapssim_strategy(): BetPassLine, PassLineOddsMultiplier,
ComeOddsMultiplier, BetCome, BetPlace, BetHardWay, BetField, BetAny7), which look for each bet
before every roll and put back what is missing, played by crapssim's own loop over the same dice
(Table.fixed_run). It too must end with our money.

Both policies keep the same bets up, so every run of both sides must end with the same money: a
cross-check of the two rulebooks as well as a race. Each side runs five times, in turn, and its
fastest run counts (as timeit does: other work on the machine only ever slows a run down). Each
run times its two halves, putting the bets back and settling the roll (time.perf_counter).
The Strategy path is one call into crapssim, which cannot be split so: every run also counts
the CPU time of its whole loop over the rolls (time.process_time: the time this process ran,
which other work on a shared machine does not add to; our clock reads are in ours), and the
Strategy path is compared on that. The per-bet lookup floor
is a bare loop over the same dice that only looks each roll up in each wager's 72 roll codes
(one look-up per wager per roll) and moves the puck: the least a table-driven engine in Python
that settles bet by bet can do, so no such engine beats it.
"""
import time

from craps.house import HouseRules
from craps.table import Table, next_point
from craps.wagers import roll_table

START = 10 ** 7
# (kind, number, amount, working): crapssim's hardways work on the come-out; ours are called on.
MIX = (("place", 6, 12, None), ("place", 8, 12, None), ("hard", 8, 5, True), ("field", 0, 5, None),
       ("any7", 0, 1, None))
RUNS = 5  # per side: the fastest counts (the machine is shared: more runs, fewer outliers)
REPLACE, STANDING = "replace", "standing"
WORKLOADS = (REPLACE, STANDING)


def ours(rolls, workload=REPLACE):
    """Our engine over `rolls` under a workload's policy: a Run."""
    t = Table([START], HouseRules({"odds": "3-4-5x"}))
    run = Run()
    clock = time.perf_counter
    standing = workload == STANDING
    replace_ours(t)  # the first bets, outside the clock
    cpu = time.process_time()
    for d1, d2 in rolls:
        start = clock()
        if not standing:
            replace_ours(t)
        placed = clock()
        point = t.point
        r = t.roll(d1, d2)
        settled = clock()
        if standing:
            stand_ours(t, point, r.moves)
        run.add(start, placed, settled, clock())
    run.cpu = time.process_time() - cpu
    run.money = t.credits[0] + t.on_table(0)
    return run


def replace_ours(t):
    point = t.point
    if not point:
        if t.find(0, "pass") is None:
            t.bet(0, "pass", 10)
    else:
        if t.find(0, "pass", point) and t.find(0, "odds", point, "pass") is None:
            t.odds(0, "pass", 20)
        if t.find(0, "come") is None:
            t.bet(0, "come", 10)
    for w in t.wagers:
        if w.kind == "come" and w.number and t.find(0, "odds", w.number, "come") is None:
            t.odds(0, "come", 10, w.number)
    for kind, number, amount, working in MIX:
        if t.find(0, kind, number) is None:
            t.bet(0, kind, amount, number, working)


def stand_ours(t, before, moves):
    t.put_back()  # what the rules refuse now comes back with a later roll's news, below
    if t.point and not before:  # a point is set
        t.stand(0, "odds", 20, on="pass")
        t.stand(0, "come", 10)
    for _, _, number, _ in moves:  # a come bet travelled: odds behind it, a new one
        t.stand(0, "odds", 10, number, "come")
        if t.point:
            t.stand(0, "come", 10)


def crapssim_run(rolls, workload=REPLACE):
    """crapssim's settle path over `rolls` under a workload's policy: a Run."""
    from crapssim import bet as cb
    from crapssim.table import Table as CTable, TableUpdate
    table = CTable()
    player = table.add_player(bankroll=START, strategy=None)
    mix = (lambda: cb.Place(6, 12), lambda: cb.Place(8, 12), lambda: cb.HardWay(8, 5),
           lambda: cb.Field(5), lambda: cb.Any7(1))
    run = Run()
    clock = time.perf_counter
    standing = workload == STANDING
    _top_up_crapssim(cb, table, player, mix)
    cpu = time.process_time()
    for dice in rolls:
        start = clock()
        if not standing:
            _top_up_crapssim(cb, table, player, mix)
        if standing:  # the layout as the dice roll, and the come bet in the box
            before = player.bets[:]
            box = [bet for bet in before if type(bet) is cb.Come and bet.number is None]
        was_on = table.point.status == "On"
        placed = clock()
        TableUpdate.roll(table, dice)
        TableUpdate.update_bets(table)
        TableUpdate.set_new_shooter(table)
        TableUpdate.update_numbers(table, False)
        settled = clock()
        if standing:
            _stand_crapssim(cb, table, player, before, box, was_on)
        run.add(start, placed, settled, clock())
    run.cpu = time.process_time() - cpu
    run.money = player.bankroll + player.total_bet_amount
    return run


def _top_up_crapssim(cb, table, player, mix):
    point = table.point.number if table.point.status == "On" else None
    if point is None:
        if not player.has_bets(cb.PassLine):
            player.add_bet(cb.PassLine(10))
    else:
        if player.has_bets(cb.PassLine) and not player.already_placed(
                cb.Odds(cb.PassLine, point, 20)):
            player.add_bet(cb.Odds(cb.PassLine, point, 20))
        if not player.already_placed(cb.Come(10)):
            player.add_bet(cb.Come(10))
    for come in player.get_bets_by_type(cb.Come):
        if come.number is not None and not player.already_placed(
                cb.Odds(cb.Come, come.number, 10)):
            player.add_bet(cb.Odds(cb.Come, come.number, 10))
    for make in mix:
        bet = make()
        if not player.already_placed(bet):
            player.add_bet(bet)


def _stand_crapssim(cb, table, player, before, box, was_on):
    still = set(id(bet) for bet in player.bets)
    for bet in before:
        if id(bet) not in still:
            player.add_bet(bet.copy())  # add_bet refuses what the rules do not allow now
    news = []
    if table.point.status == "On" and not was_on:  # a point is set
        news += [cb.Odds(cb.PassLine, table.point.number, 20), cb.Come(10)]
    for come in box:
        if id(come) in still and come.number is not None:  # it travelled: odds, a new one
            news += [cb.Odds(cb.Come, come.number, 10), cb.Come(10)]
    for bet in news:
        if not player.already_placed(bet):
            player.add_bet(bet)


def crapssim_strategy_run(rolls):
    """crapssim's Strategy path over `rolls`: the mix as crapssim strategies played by its own
    loop (Table.fixed_run: each roll the strategies, the dice, the bets settled, the come bets
    moved, the puck). A Run with its CPU time only: one call, not split in two."""
    from crapssim.table import Table as CTable
    table = CTable()
    player = table.add_player(bankroll=START, strategy=crapssim_strategy())
    run = Run()
    cpu = time.process_time()
    table.fixed_run(rolls)
    run.cpu = time.process_time() - cpu
    run.money = player.bankroll + player.total_bet_amount
    return run


def crapssim_strategy():
    """The mix in crapssim.strategy's words, each bet put back when it is not up: the pass line
    on the come-out with 2x odds, 1x odds behind each come bet with a number, a come bet while
    the puck is ON, place 6 and 8 left up (BetPlace's own default takes them down on the
    come-out and off the point), the hard 8, the field and any seven."""
    from crapssim import strategy as cs
    from crapssim.strategy.single_bet import BetAny7, BetCome, BetField, BetHardWay, StrategyMode
    # The come odds before BetCome: ComeOddsMultiplier stops at the first come bet without a
    # number, and then BetCome has not yet put one in the box.
    return (cs.BetPassLine(10) + cs.PassLineOddsMultiplier(2) + cs.ComeOddsMultiplier(1)
            + BetCome(10)
            + cs.BetPlace({6: 12, 8: 12}, mode=StrategyMode.ADD_IF_NOT_BET, skip_point=False)
            + BetHardWay(8, 5) + BetField(5) + BetAny7(1))


def lookup_floor(rolls, runs=RUNS):
    """The per-bet lookup floor: rolls per second of a bare loop that looks each roll up in the
    72 roll codes of every wager of the mix with the point ON (roll_table()), one look-up per
    wager per roll, and moves the puck, nothing more: the fastest of `runs` runs."""
    t = Table([START], HouseRules({"odds": "3-4-5x"}))
    replace_ours(t)
    t.roll(2, 2)
    replace_ours(t)
    tables = [roll_table(w, t.rules) for w in t.wagers]
    best = None
    for _ in range(runs):
        point = seen = 0
        start = time.perf_counter()
        for d1, d2 in rolls:
            at = (d1 - 1) * 6 + d2 - 1 + (36 if point else 0)
            for codes in tables:
                seen += codes[at]
            point = next_point(point, d1 + d2)
        spent = time.perf_counter() - start
        best = spent if best is None else min(best, spent)
    return int(len(rolls) / best)


class Run:
    """One side's run: seconds putting the bets back and settling the rolls, CPU seconds of the
    whole loop, the final money."""

    def __init__(self):
        self.placing = self.settling = self.cpu = 0.0
        self.money = None

    def add(self, start, placed, settled, stood):
        # re-place puts its bets back before the roll, standing after it
        self.placing += placed - start + stood - settled
        self.settling += settled - placed

    def seconds(self):
        return self.placing + self.settling


def compare(rolls, runs=RUNS):
    """Both engines on the same rolls under each workload, `runs` times each in turn (with
    crapssim's Strategy path as a third under the standing one), and the per-bet lookup floor:
    the fastest run of each, as a dict of the figures `make bench` prints."""
    n = len(rolls)
    figures = {"peer_rolls": n, "peer_runs": runs, "lookup_floor_rolls_per_s":
               lookup_floor(rolls, runs)}
    strategy = []
    for workload in WORKLOADS:
        mine, theirs = [], []
        for _ in range(runs):
            mine.append(ours(rolls, workload))
            theirs.append(crapssim_run(rolls, workload))
            if workload == STANDING:
                strategy.append(crapssim_strategy_run(rolls))
        if workload == STANDING:
            standing = mine, theirs
        ours_best = min(mine, key=Run.seconds)
        peer_best = min(theirs, key=Run.seconds)
        mine_settling = min(run.settling for run in mine)
        peer_settling = min(run.settling for run in theirs)
        figures.update(_prefixed(workload + "_", {
            "ours_rolls_per_s": int(n / ours_best.seconds()),
            "crapssim_rolls_per_s": int(n / peer_best.seconds()),
            "speedup_over_crapssim": round(peer_best.seconds() / ours_best.seconds(), 1),
            "settle_speedup_over_crapssim": round(peer_settling / mine_settling, 1),
            "ours_placing_us": _us(ours_best.placing, n),
            "ours_settling_us": _us(ours_best.settling, n),
            "crapssim_placing_us": _us(peer_best.placing, n),
            "crapssim_settling_us": _us(peer_best.settling, n),
            "ours_floor_fraction": round(n / ours_best.seconds()
                                         / figures["lookup_floor_rolls_per_s"], 3),
            "ours_final_bankroll": ours_best.money,
            "crapssim_final_bankroll": peer_best.money}))
    figures.update(_strategy_path(n, standing[0], standing[1], strategy))
    return figures


def _strategy_path(n, mine, theirs, strategy):
    # The Strategy path's figures, against the standing runs, all on CPU time.
    ours_cpu = min(run.cpu for run in mine)
    best = min(strategy, key=lambda run: run.cpu)
    return {"strategy_path_rolls_per_s": int(n / best.cpu),
            "strategy_path_ours_rolls_per_s": int(n / ours_cpu),
            "strategy_path_bench_rolls_per_s": int(n / min(run.cpu for run in theirs)),
            "strategy_path_speedup": round(best.cpu / ours_cpu, 1),
            "strategy_path_final_bankroll": best.money}


def _prefixed(prefix, figures):
    return dict((prefix + key, value) for key, value in figures.items())


def _us(seconds, rolls):
    return round(seconds / rolls * 1e6, 2)
