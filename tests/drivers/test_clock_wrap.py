# The firmware's clock never wraps: MicroPython's ticks_ms wraps at 2**30 ms (about 12.4 days)
# on rp2, and the clock adds up ticks_diff so the cabinet's now_ms goes on rising.
import time

from drivers.clock import Clock, ClockTwin
from support import raises

PERIOD = 2 ** 30  # rp2's ticks period (ticks_max + 1)


class Ticks:
    """A fake ticks source: ticks_ms and ticks_diff as MicroPython's, at `at` ms of real time."""

    def __init__(self, at=0):
        self.at = at

    def ticks_ms(self):
        return self.at % PERIOD

    def ticks_diff(self, a, b):
        return (a - b + PERIOD // 2) % PERIOD - PERIOD // 2


def test_the_clock_starts_at_zero_and_follows_the_ticks():
    ticks = Ticks(123456)
    clock = Clock(ticks.ticks_ms, ticks.ticks_diff)
    assert clock.now() == 0
    ticks.at += 5
    assert clock.now() == 5 and clock.now() == 5


def test_the_clock_goes_on_across_the_wrap():
    ticks = Ticks(PERIOD - 500)
    clock = Clock(ticks.ticks_ms, ticks.ticks_diff)
    for step in (100, 399, 1, 1, 250, 1000):
        ticks.at += step
        assert clock.now() == ticks.at - (PERIOD - 500)
    assert ticks.ticks_ms() < 2000  # the ticks did wrap
    assert clock.now() == 1751


def test_the_clock_goes_on_across_many_wraps():
    ticks = Ticks(PERIOD - 3)
    clock = Clock(ticks.ticks_ms, ticks.ticks_diff)
    last = 0
    for _ in range(40):  # ten periods, a quarter period at a time: 124 days
        ticks.at += PERIOD // 4
        now = clock.now()
        assert now > last
        last = now
    assert last == 10 * PERIOD


def test_the_clock_never_goes_back():
    ticks = Ticks(1000)
    clock = Clock(ticks.ticks_ms, ticks.ticks_diff)
    ticks.at += 50
    assert clock.now() == 50
    ticks.at -= 10  # a ticks source that stepped back (it cannot on rp2)
    assert clock.now() == 50
    ticks.at += 30
    assert clock.now() == 80


def test_the_fake_ticks_agree_with_micropythons_own_ticks_diff():
    # Under MicroPython (32-bit, like rp2) time.ticks_diff has the same period: check the fake.
    if not hasattr(time, "ticks_add") or time.ticks_add(0, -1) != PERIOD - 1:
        return  # CPython, or a port with another period
    ticks = Ticks(PERIOD - 700)
    for step in (0, 1, 699, 700, 701, 5000, PERIOD // 2 - 1):
        a = (ticks.at + step) % PERIOD
        b = ticks.ticks_ms()
        assert time.ticks_diff(a, b) == ticks.ticks_diff(a, b) == step
        assert time.ticks_diff(b, a) == ticks.ticks_diff(b, a) == -step
    clock = Clock(ticks.ticks_ms, time.ticks_diff)
    ticks.at += 1000
    assert clock.now() == 1000


def test_the_twin_moves_only_when_told():
    clock = ClockTwin()
    assert clock.now() == 0
    assert clock.advance(250) == 250 and clock.now() == 250
    assert ClockTwin(start=7).now() == 7
    for bad in (-1, 1.5, None):
        raises(ValueError, clock.advance, bad)
    assert clock.now() == 250
