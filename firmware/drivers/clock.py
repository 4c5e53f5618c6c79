# The firmware's clock: milliseconds since it was built, never wrapping. MicroPython's
# time.ticks_ms() wraps at ticks_max (2**30 - 1 on rp2, about 12.4 days); now() adds up
# ticks_diff() between calls, which is right while calls come less than half a period (about
# 6.2 days) apart; the main loop calls it every few ms. Every now_ms the cabinet and its
# drivers see comes from here. Only boot code calls `time` itself: main.py times the integrity
# check, and hardware.tilt and halt, which hold a stopped board without the loop, read ticks and
# sleep between watchdog feeds.
# Past 2**30 ms the count is a long int, which MicroPython keeps on the heap.


class Clock:
    """ticks_ms, ticks_diff: time.ticks_ms and time.ticks_diff (or fakes)."""

    def __init__(self, ticks_ms, ticks_diff):
        self._ticks_ms = ticks_ms
        self._ticks_diff = ticks_diff
        self._last = ticks_ms()
        self._now = 0

    def now(self):
        ticks = self._ticks_ms()
        elapsed = self._ticks_diff(ticks, self._last)
        self._last = ticks
        if elapsed > 0:  # never backwards
            self._now += elapsed
        return self._now


class ClockTwin:
    """A clock that moves only when told to."""

    def __init__(self, start=0):
        if type(start) is not int or start < 0:
            raise ValueError("a clock starts at a whole number of ms, not %s" % (start,))
        self._now = start

    def now(self):
        return self._now

    def advance(self, ms):
        if type(ms) is not int or ms < 0:
            raise ValueError("a clock moves on by a whole number of ms, not %s" % (ms,))
        self._now += ms
        return self._now
