"""Sessions: a bankroll played with a strategy until a stop rule ends it, many at once.

A compiled strategy (host_tools/chain.py) plays every session at once with numpy: a roll is one
look-up per session in the chain's tables. A strategy that does not compile plays through the
engine, one session at a time. Both stop alike, checked before each roll in this order: the
shooters played, the rolls played, the win goal reached, and broke: the meter cannot cover what
the strategy stands next (the player leaves; the money counted is meter + layout).
"""
import numpy

from craps.errors import NotEnoughCredits
from craps.table import Table, seven_out
from host_tools.chain import ROLLS
from host_tools.strategy import Player

SHOOTERS, ROLLS_PLAYED, GOAL, BROKE = 1, 2, 3, 4
REASONS = {SHOOTERS: "shooters", ROLLS_PLAYED: "rolls", GOAL: "win goal", BROKE: "broke"}
QUANTILES = (5, 25, 50, 75, 95)


class NoStopRule(ValueError):
    """Sessions need a number of shooters or of rolls to end by."""


class Stops:
    """The stop rules: shooters and rolls at most, the win goal in credits above the bankroll
    (None: no such rule)."""

    def __init__(self, shooters=None, rolls=None, goal=None):
        if shooters is None and rolls is None:
            raise NoStopRule("give the sessions a number of shooters or of rolls")
        self.shooters, self.rolls, self.goal = shooters, rolls, goal


class Sessions:
    """Each session's final money, rolls, shooters and stop reason; the money's QUANTILES every
    `every` rolls (`track`: one row per step); the dice and money of the first `traced`."""

    def __init__(self, money, rolls, shooters, reasons, track, every, traces):
        self.money, self.rolls, self.shooters, self.reasons = money, rolls, shooters, reasons
        self.track, self.every, self.traces = track, every, traces


def compiled(chain, bankroll, stops, count, seed=None, every=5, traced=0, progress=None):
    """`count` sessions of the compiled strategy, with numpy's generator seeded by `seed`. The
    sessions still playing are kept packed at the front (`ids`), so a roll is plain arithmetic
    on them and four look-ups in the chain's tables, flattened (state * 36 + roll)."""
    rng = numpy.random.default_rng(seed)
    nxt = numpy.array(chain.next, numpy.int64).ravel()
    result = numpy.array(chain.money, numpy.int64).ravel()
    ended = numpy.array(chain.ended, numpy.int64).ravel()
    covers = numpy.array(chain.covers, numpy.int64).ravel()
    ids, state = numpy.arange(count), numpy.zeros(count, numpy.int64)
    cover = numpy.full(count, chain.cover, numpy.int64)  # the money the next bets need
    money, shooters = numpy.full(count, bankroll, numpy.int64), numpy.zeros(count, numpy.int64)
    out = Sessions(money.copy(), numpy.zeros(count, numpy.int64), shooters.copy(),
                   numpy.zeros(count, numpy.int8), [], every, [([], [bankroll])
                                                            for _ in range(min(traced, count))])
    step = 0
    while True:
        why = _why(stops, step, shooters, money, bankroll, money < cover)
        stopped = why != 0
        if stopped.any():
            gone = ids[stopped]
            out.money[gone], out.rolls[gone] = money[stopped], step
            out.shooters[gone], out.reasons[gone] = shooters[stopped], why[stopped]
            keep = ~stopped
            ids, state, money, shooters = ids[keep], state[keep], money[keep], shooters[keep]
            cover = cover[keep]
        if step % every == 0:
            out.money[ids] = money  # where the sessions playing are now
            out.track.append(quantiles(out.money))
        if not len(ids):
            break
        at = state * 36 + rng.integers(0, 36, len(ids))
        money += result[at]
        shooters += ended[at]
        cover = covers[at]
        state = nxt[at]
        _trace(out.traces, ids, at, money)
        step += 1
        if progress:
            progress(count - len(ids))
    out.track = numpy.array(out.track)
    return out


def quantiles(money):
    """numpy.percentile(money, QUANTILES) (its linear method; the same to within a float's
    rounding), by counting each amount when the amounts span no more than a few times as many
    values as there are sessions: one pass, where a partition of half a million sessions took a
    third of the sessions' time."""
    low = int(money.min())
    span = int(money.max()) - low + 1
    if span > 4 * len(money):
        return numpy.percentile(money, QUANTILES)
    counts = numpy.cumsum(numpy.bincount(money - low, minlength=span))
    at = (len(money) - 1) * numpy.array(QUANTILES) / 100.0
    below = numpy.floor(at)
    # the k-th smallest amount (from 0) is the first whose count of amounts up to it passes k
    a = numpy.searchsorted(counts, below, side="right") + low
    b = numpy.searchsorted(counts, numpy.ceil(at), side="right") + low
    t = at - below
    return numpy.where(t >= 0.5, b - (b - a) * (1 - t), a + (b - a) * t)  # (numpy's own lerp)


def _why(stops, step, shooters, money, bankroll, broke):
    # Why each session stops before its next roll (0: it plays on), every one having played
    # `step` rolls: the stop rules in their order, BROKE last.
    why = numpy.zeros(len(money), numpy.int8)
    if stops.shooters is not None:
        why[shooters >= stops.shooters] = SHOOTERS
    if stops.rolls is not None and step >= stops.rolls:
        why[why == 0] = ROLLS_PLAYED
    if stops.goal is not None:
        why[(why == 0) & (money >= bankroll + stops.goal)] = GOAL
    why[(why == 0) & broke] = BROKE
    return why


def _trace(traces, ids, at, money):
    # The roll and the money after it, of each traced session still playing (ids are sorted).
    for j in range(numpy.searchsorted(ids, len(traces))):
        traces[ids[j]][0].append(int(at[j] % 36))
        traces[ids[j]][1].append(int(money[j]))


def played(strategy, rules, bankroll, stops, dice):
    """One session through the engine: (final money, rolls, shooters, reason, money after each
    roll, starting with the bankroll). `dice`: roll numbers (0-35, chain.ROLLS), long enough."""
    table = Table([bankroll], rules)
    memo = strategy.start
    shooters = rolls = 0
    money = [bankroll]
    dice = iter(dice)
    while True:
        reason = int(_why(stops, rolls, numpy.array([shooters]), numpy.array([money[-1]]),
                          bankroll, False)[0])
        if reason:
            break
        try:
            strategy.act(Player(table), memo)
        except NotEnoughCredits:
            reason = BROKE
            break
        d1, d2 = ROLLS[next(dice)]
        point = table.point
        memo = strategy.after(memo, table.roll(d1, d2), point)
        shooters += seven_out(point, d1 + d2)
        rolls += 1
        money.append(table.credits[0] + table.on_table(0))
    return money[-1], rolls, shooters, reason, money


def through_engine(strategy, rules, bankroll, stops, count, seed=None, progress=None):
    """`count` sessions played one by one through the engine, as Sessions (no track)."""
    rng = numpy.random.default_rng(seed)
    finals = []
    for i in range(count):
        finals.append(played(strategy, rules, bankroll, stops, _dice(rng))[:4])
        if progress:
            progress(i + 1)
    money, rolls, shooters, reasons = (numpy.array(x) for x in zip(*finals))
    return Sessions(money, rolls, shooters, reasons, None, 0, [])


def _dice(rng):
    # Roll numbers drawn a block at a time, for as long as a session wants them.
    while True:
        yield from rng.integers(0, 36, 4096).tolist()
