"""A strategy compiled against the engine: every layout it can reach x the 36 rolls, each played
by craps.table.Table itself and recorded, so nothing here knows a rule or a payout.

A state is the layout as the dice roll, the strategy having acted (craps.layout.dump, less the
meter), and the strategy's memory. For each state and roll (d1 - 1) * 6 + d2 - 1 the chain
keeps: the next state (the roll played, then the strategy acting on what it left), the money
the roll made (meter + layout, after less before), whether it ended the shooter's hand, how many
wagers it decided and the credits they staked, and `cover`: the money (meter + layout) a
session must have for the strategy to act after it without a refusal for credits.
"""
from craps import layout
from craps.table import Table, seven_out
from craps.wagers import SIDE, WIN, LOSE, PUSH
from host_tools.strategy import Player

ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, 7))
PLENTY = 10 ** 12  # the meter while compiling: the money a state needs is recorded, not refused
LIMIT = 5000  # layouts: a strategy that reaches more does not compile (5,000: about 10 s)
_DECIDED = (WIN, LOSE, PUSH)


class NotCompilable(Exception):
    """A strategy whose states are too many (or whose stakes follow the meter)."""


class Chain:
    def __init__(self, cover):
        self.cover = cover  # the money the strategy's first bets need
        self.states = []  # (layout key, memory)
        self.next = []  # 36 state numbers each
        self.money = []  # 36 results each
        self.ended = []  # 36 booleans each: a seven-out
        self.decided = []  # 36 counts each
        self.action = []  # 36 credit sums each
        self.covers = []  # 36 covers each


def compile_strategy(strategy, rules, limit=LIMIT):
    """The Chain of `strategy` under `rules`, from a fresh table on the come-out."""
    if not strategy.compiles:
        raise NotCompilable("%s follows the meter: it has no finite chain" % strategy)
    start, cover = _act(Table([PLENTY], rules), strategy, strategy.start)
    chain = Chain(cover)
    number = {start: 0}
    chain.states.append(start)
    for state in chain.states:  # numbered as found, and explored in that order
        row = _explore(state, strategy, rules)
        for nxt in row[0]:
            if nxt not in number:
                if len(number) >= limit:
                    raise NotCompilable("%s reaches more than %d layouts" % (strategy, limit))
                number[nxt] = len(chain.states)
                chain.states.append(nxt)
        chain.next.append([number[n] for n in row[0]])
        for values, new in zip((chain.money, chain.ended, chain.decided, chain.action,
                                chain.covers), row[1:]):
            values.append(new)
    return chain


def _explore(state, strategy, rules):
    table = restore(state, rules)
    memo = state[1]
    acted = layout.dump(table)
    before = table.credits[0] + table.on_table(0)
    nexts, money, ended, decided, action, covers = [], [], [], [], [], []
    for d1, d2 in ROLLS:
        t = layout.load(acted, rules, like=table)
        point = t.point
        r = t.roll(d1, d2)
        counted = [s for s in r.settlements if s[4] in _DECIDED]
        decided.append(len(counted))
        action.append(sum(s[7] + s[8] + s[9] for s in counted))
        money.append(t.credits[0] + t.on_table(0) - before)
        ended.append(seven_out(point, d1 + d2))
        nxt, cover = _act(t, strategy, strategy.after(memo, r, point))
        nexts.append(nxt)
        covers.append(cover)
    return nexts, money, ended, decided, action, covers


def _act(table, strategy, memo):
    """The strategy acts on the table: (the state it leaves, the money acting needed)."""
    player = Player(table)
    on_meter = table.credits[0]
    staked = table.on_table(0)
    strategy.act(player, memo)
    return _key(table, memo), on_meter - player.lowest + staked


def _key(table, memo):
    if any(w.kind in SIDE for w in table.wagers):
        raise NotCompilable("side bets count the hand's rolls: no finite chain")
    return (table.point, tuple(tuple(f) for f in layout.dump(table)["wagers"])), memo


def restore(state, rules):
    """A one-station table in the state's layout, with PLENTY on the meter."""
    (point, wagers), _ = state
    return layout.load({"credits": [PLENTY], "point": point, "holder": 0, "hand_rolls": 0,
                        "betting_open": True, "wagers": [list(w) for w in wagers]}, rules)
