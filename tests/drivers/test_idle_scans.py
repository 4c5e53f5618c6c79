# An input scanned while nothing happens (every few ms, nearly always) returns the empty tuple,
# not a new list, and on MicroPython allocates nothing at all: no garbage for the collector.
import gc

from drivers.acceptor import PulseAcceptor
from drivers.buttons import GpioButtons, MatrixButtons, AttendantKey, DoorSwitch
from drivers.console import ReadOnlyConsole
from panel_fakes import Ticks


class QuietPin:
    """A pin at rest (value() reads 1) that, unlike panel_fakes' pins, records nothing."""
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def value(self, v=None):
        return 1

    def irq(self, handler=None, trigger=0, hard=False):
        return None  # its edges never come


def idle_inputs():
    keys = {}
    for r in range(4):
        for c in range(8):
            keys[(r, c)] = (r, "b%d" % c, "long" if c == 0 else None)
    return [("gpio", GpioButtons([(QuietPin(), 0, "pass", None), (QuietPin(), 0, "bet", "take")])),
            ("matrix", MatrixButtons([QuietPin() for _ in range(4)],
                                     [QuietPin() for _ in range(8)], keys)),
            ("key", AttendantKey(QuietPin())),
            ("door", DoorSwitch(QuietPin(), active=0)),
            ("console", ReadOnlyConsole(lambda: None, print, {})),
            ("acceptor", PulseAcceptor(QuietPin(), 0, ticks=Ticks()))]


def test_an_idle_scan_returns_the_empty_tuple():
    for name, source in idle_inputs():
        source.scan(0)
        source.scan(100)  # the key's and the door's power-up level has been reported
        assert source.scan(105) == (), name


def test_an_idle_scan_allocates_nothing_on_micropython():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    for name, source in idle_inputs():
        source.scan(0)
        source.scan(100)
        now = 105
        before = gc.mem_alloc()
        while now < 200:
            source.scan(now)
            now += 5
        assert gc.mem_alloc() - before == 0, (name, gc.mem_alloc() - before)
