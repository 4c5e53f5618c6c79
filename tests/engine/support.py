# Helpers for the engine tests, which run both under pytest on CPython and under
# tests/mp/runner.py on MicroPython: plain functions and asserts, no pytest features.
from craps.house import HouseRules
from craps.table import Table
from craps.wagers import LOSE


class Dice:
    """A tiny fixed-seed generator (the same numbers on CPython and MicroPython)."""

    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n

    def die(self):
        return self.next(6) + 1


def raises(error, fn, *args, **kwargs):
    """Call fn(*args, **kwargs) and return the exception of type `error` (or a subclass) it must
    raise, for checks on it; any other exception goes through. Nothing raised fails, naming the
    call."""
    try:
        fn(*args, **kwargs)
    except error as e:
        return e
    raise AssertionError("%s was not raised by %s%r %r" % (
        error.__name__, getattr(fn, "__name__", fn), args, kwargs))


def table(credits=(1000,), **rules):
    return Table(list(credits), HouseRules(rules))


def wagers(t):
    """Every wager on the layout as a tuple of all its fields, in the table's order."""
    return [(w.player, w.kind, w.number, w.amount, w.on, w.working, w.vig, w.state)
            for w in t.wagers]


def snapshot(t):
    """Everything a refusal must leave as it was."""
    return (list(t.credits), wagers(t), t.point, t.holder, t.betting_open, t.hand_rolls)


def refused(error, t, fn, *args, **kwargs):
    """The step must raise `error`, with a readable message, and change nothing."""
    before = snapshot(t)
    e = raises(error, fn, *args, **kwargs)
    assert str(e), "a refusal needs a message"
    assert snapshot(t) == before, "a refused step changed the table"
    return e


def point_on(t, number=6, player=0, amount=10):
    """A pass bet and a come-out roll that sets the point on `number`."""
    t.bet(player, "pass", amount)
    d1 = number // 2
    t.roll(d1, number - d1)
    assert t.point == number


def ways(total):
    """Every throw (d1, d2) of `total`; the first of 4, 6, 8, 10 is an easy way."""
    return [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6]


def house_point(t, number):
    """Roll `number` on the come-out (call it before the wagers under test): the puck goes ON."""
    t.roll(*ways(number)[0])
    assert t.point == number


def net(s):
    """A settlement's effect on its player's money: the win (net of commission) less the stake
    lost and, on a loss, the commission the house keeps (paid up front). Written here again, not
    imported, so that a wrong table.net() shows."""
    player, kind, number, on, outcome, win, commission, lost, returned, stays = s
    return win - lost - (commission if outcome == LOSE else 0)


def staked(t, player):
    """A station's stakes on the layout, with the commission paid up front on them (it is
    given back if the wager is taken down, so it is still the player's until the wager loses)."""
    return sum(w.amount + w.vig for w in t.wagers if w.player == player)


def settle(t, d1, d2):
    """t.roll(d1, d2), checking that no credit is made or lost: every settled stake is lost,
    returned or left up whole, and each meter plus stakes moves by its settlements' net."""
    stakes = dict(((w.player, w.kind, w.number, w.on), w.amount) for w in t.wagers)
    before = [t.credits[p] + staked(t, p) for p in range(t.stations())]
    r = t.roll(d1, d2)
    for player, kind, number, on, _, _, _, lost, returned, stays in r.settlements:
        stake = stakes.pop((player, kind, number, on))
        assert lost + returned + stays == stake, "a settled stake went astray"
    for p in range(t.stations()):
        moved = sum(net(s) for s in r.settlements if s[0] == p)
        after = t.credits[p] + staked(t, p)
        assert after == before[p] + moved, "station %d: meter and stakes went %d -> %d, its " \
            "settlements net %d: %s" % (p, before[p], after, moved,
                                        [figures(s) for s in r.settlements if s[0] == p])
    return r


# A settlement's fields (table.SETTLEMENT) that tests read by name.
OUTCOME, WON, LOST, RETURNED, STAYS = 4, 5, 7, 8, 9


def figures(s):
    """A settlement's (outcome, win, commission, lost, returned, stays)."""
    return tuple(s[4:])


def only(r, kind, number=None):
    """The one settlement of `kind` (on `number`, if given) in Roll r."""
    found = [s for s in r.settlements if s[1] == kind and number in (None, s[2])]
    assert len(found) == 1, "%d settlements of %s on %s" % (len(found), kind, r.dice)
    return found[0]


def unsettled(r, kind):
    """Roll r decided no wager of `kind`."""
    return not [s for s in r.settlements if s[1] == kind]
