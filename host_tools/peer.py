"""The peer comparison of `make bench`: our engine and crapssim (PyPI, the best-known open-source
craps simulator; a bench-only dependency, never imported by the firmware) settle the same bet
mix on the same dice in one process run.

The mix, for one player with no strategy logic on either side: a pass line bet with 2x odds,
a come bet every roll the puck is ON with 1x odds once it travels, place 6 and 8, a hard 8, the
field and any seven (about 13 live bets with the point on). Before each roll the missing bets
are put back; then the dice are rolled and settled. Both sides play the same money, so their
final bankrolls must agree: a cross-check of the two rulebooks as well as a race.

Each side runs three times, in turn, and its fastest run counts (as timeit does: other work on
the machine only ever slows a run down). Each run also times its two halves, placing the bets
and settling the roll, to show where a roll's time goes.
"""
import time

from craps.house import HouseRules
from craps.table import Table

START = 10 ** 7
# (kind, number, amount, working): crapssim's hardways work on the come-out; ours are called on.
MIX = (("place", 6, 12, None), ("place", 8, 12, None), ("hard", 8, 5, True), ("field", 0, 5, None),
       ("any7", 0, 1, None))
RUNS = 3  # per side: the fastest counts


def ours(rolls):
    """Our engine over `rolls`: a Run."""
    t = Table([START], HouseRules({"odds": "3-4-5x"}))
    run = Run()
    clock = time.perf_counter
    for d1, d2 in rolls:
        start = clock()
        _top_up_ours(t)
        placed = clock()
        t.roll(d1, d2)
        run.add(start, placed, clock())
    run.money = t.credits[0] + t.on_table(0)
    return run


def _top_up_ours(t):
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


def crapssim_run(rolls):
    """crapssim's settle path over `rolls`: a Run."""
    from crapssim import bet as cb
    from crapssim.table import Table as CTable, TableUpdate
    table = CTable()
    player = table.add_player(bankroll=START, strategy=None)
    mix = (lambda: cb.Place(6, 12), lambda: cb.Place(8, 12), lambda: cb.HardWay(8, 5),
           lambda: cb.Field(5), lambda: cb.Any7(1))
    run = Run()
    clock = time.perf_counter
    for dice in rolls:
        start = clock()
        _top_up_crapssim(cb, table, player, mix)
        placed = clock()
        TableUpdate.roll(table, dice)
        TableUpdate.update_bets(table)
        TableUpdate.set_new_shooter(table)
        TableUpdate.update_numbers(table, False)
        run.add(start, placed, clock())
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


class Run:
    """One side's run: seconds placing the bets and settling the rolls, and the final bankroll."""

    def __init__(self):
        self.placing = self.settling = 0.0
        self.money = None

    def add(self, start, placed, settled):
        self.placing += placed - start
        self.settling += settled - placed

    def seconds(self):
        return self.placing + self.settling


def compare(rolls, runs=RUNS):
    """Both engines on the same rolls, `runs` times each in turn: the fastest run of each, as a
    dict of the figures `make bench` prints."""
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(ours(rolls))
        theirs.append(crapssim_run(rolls))
    ours_best = min(mine, key=Run.seconds)
    peer_best = min(theirs, key=Run.seconds)
    n = len(rolls)
    return {"peer_rolls": n, "peer_runs": runs,
            "ours_rolls_per_s": int(n / ours_best.seconds()),
            "crapssim_rolls_per_s": int(n / peer_best.seconds()),
            "speedup_over_crapssim": round(peer_best.seconds() / ours_best.seconds(), 1),
            "ours_placing_us": _us(ours_best.placing, n),
            "ours_settling_us": _us(ours_best.settling, n),
            "crapssim_placing_us": _us(peer_best.placing, n),
            "crapssim_settling_us": _us(peer_best.settling, n),
            "ours_final_bankroll": ours_best.money, "crapssim_final_bankroll": peer_best.money}


def _us(seconds, rolls):
    return round(seconds / rolls * 1e6, 2)
