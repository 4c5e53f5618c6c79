# Helpers for the engine tests, which run both under pytest on CPython and under
# tests/mp/runner.py on MicroPython: plain functions and asserts, no pytest features.
from craps.house import HouseRules
from craps.table import Table


def raises(error, fn, *args, **kwargs):
    """Call fn and return the exception of type `error` it must raise."""
    try:
        fn(*args, **kwargs)
    except error as e:
        return e
    raise AssertionError("%s was not raised" % error.__name__)


def table(credits=(1000,), **rules):
    return Table(list(credits), HouseRules(rules))


def snapshot(t):
    """Everything a refusal must leave as it was."""
    wagers = [(w.player, w.kind, w.number, w.amount, w.on, w.working, w.vig, w.state)
              for w in t.wagers]
    return (list(t.credits), wagers, t.point, t.holder, t.betting_open, t.hand_rolls)


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
