"""A strategy compiled against the engine: every layout it can reach x the 36 rolls, each played
by craps.table.Table itself and recorded, so nothing here knows a rule or a payout.

A state is the layout before the strategy acts (craps.layout.dump, less the meter) and the
strategy's memory. For each state the chain keeps what acting needs from the meter, what the
layout held, and for each roll (d1 - 1) * 6 + d2 - 1: the next state, the money the roll made
(meter + layout, after less before), whether it ended the shooter's hand, how many wagers it
decided and the credits they staked.
"""
from craps import layout
from craps.table import Table, seven_out
from craps.wagers import SIDE, WIN, LOSE, PUSH
from host_tools.strategy import Player

ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, 7))
PLENTY = 10 ** 12  # the meter while compiling: the money a state needs is recorded, not refused
LIMIT = 5000  # layouts: a strategy that reaches more does not compile (5,000 take about 8 s)
_DECIDED = (WIN, LOSE, PUSH)


class NotCompilable(Exception):
    """A strategy whose states are too many (or whose stakes follow the meter)."""


class Chain:
    def __init__(self):
        self.states = []  # (layout key, memory)
        self.need = []  # credits the meter must hold for the strategy to act
        self.staked = []  # credits on the layout before acting
        self.next = []  # 36 state numbers each
        self.money = []  # 36 results each
        self.ended = []  # 36 booleans each: a seven-out
        self.decided = []  # 36 counts each
        self.action = []  # 36 credit sums each


def compile_strategy(strategy, rules, limit=LIMIT):
    """The Chain of `strategy` under `rules`, from a fresh table on the come-out."""
    if not strategy.compiles:
        raise NotCompilable("%s follows the meter: it has no finite chain" % strategy)
    chain = Chain()
    number = {}
    start = _key(Table([PLENTY], rules), strategy.start)
    todo = [start]
    number[start] = 0
    chain.states.append(start)
    while todo:
        state = todo.pop()
        row = _explore(state, strategy, rules)
        for nxt in row[2]:
            if nxt not in number:
                if len(number) >= limit:
                    raise NotCompilable("%s reaches more than %d layouts" % (strategy, limit))
                number[nxt] = len(chain.states)
                chain.states.append(nxt)
                todo.append(nxt)
        _record(chain, number[state], row, number)
    return chain


def _record(chain, at, row, number):
    # Rows arrive in the order states are explored: keep the lists indexed by state number.
    need, staked, nexts, money, ended, decided, action = row
    for name in ("need", "staked", "next", "money", "ended", "decided", "action"):
        values = getattr(chain, name)
        values.extend([None] * (at + 1 - len(values)))
    chain.need[at], chain.staked[at] = need, staked
    chain.next[at] = [number[n] for n in nexts]
    chain.money[at], chain.ended[at] = money, ended
    chain.decided[at], chain.action[at] = decided, action


def _explore(state, strategy, rules):
    table = restore(state, rules)
    memo = state[1]
    staked = table.on_table(0)
    player = Player(table)
    strategy.act(player, memo)
    acted = layout.dump(table)
    before = table.credits[0] + table.on_table(0)
    nexts, money, ended, decided, action = [], [], [], [], []
    for d1, d2 in ROLLS:
        t = layout.load(acted, rules, like=table)
        point = t.point
        r = t.roll(d1, d2)
        counted = [s for s in r.settlements if s[4] in _DECIDED]
        decided.append(len(counted))
        action.append(sum(s[7] + s[8] + s[9] for s in counted))
        nexts.append(_key(t, strategy.after(memo, r, point)))
        money.append(t.credits[0] + t.on_table(0) - before)
        ended.append(seven_out(point, d1 + d2))
    return PLENTY - player.lowest, staked, nexts, money, ended, decided, action


def _key(table, memo):
    if any(w.kind in SIDE for w in table.wagers):
        raise NotCompilable("side bets count the hand's rolls: no finite chain")
    return (table.point, tuple(tuple(f) for f in layout.dump(table)["wagers"])), memo


def restore(state, rules):
    """A one-station table in the state's layout, with PLENTY on the meter."""
    (point, wagers), _ = state
    return layout.load({"credits": [PLENTY], "point": point, "holder": 0, "hand_rolls": 0,
                        "betting_open": True, "wagers": [list(w) for w in wagers]}, rules)
