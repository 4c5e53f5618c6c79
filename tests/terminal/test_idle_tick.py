# A tick that changes nothing a player sees (nearly every loop step) makes little garbage on
# MicroPython: the collections garbage calls for take 22 ms on the chip, and a key pressed
# meanwhile waits for them.
import gc

from cabinet_support import Driver
from terminal.events import PRESS, RELEASE, TICK

TICK_BYTES = 96  # at most, a quiet tick: its effects list (64 now; 320 when the sign was made
#                  again every tick, 160 with its effect tuples and its inputs' tuple)


def quiet_ticks(cab, now, n):
    """Heap bytes that n ticks 5 ms apart, from now, allocate."""
    cab.handle((TICK,), now)
    before = gc.mem_alloc()
    for i in range(n):
        cab.handle((TICK,), now + 5 * (i + 1))
    return gc.mem_alloc() - before


def test_a_quiet_tick_makes_little_garbage_on_micropython():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    d = Driver()
    d.event((PRESS, 0, "bet"))  # the pass line: the shooter's timer counts down on the sign
    d.event((RELEASE, 0, "bet"))
    assert d.cab.time_left(d.now) is not None
    gc.collect()
    gc.disable()  # (a collection in the middle would free, not count)
    try:
        made = quiet_ticks(d.cab, d.now + 1, 20)  # within one second of the countdown
    finally:
        gc.enable()
    print("quiet tick: %d bytes" % (made // 20))
    assert made <= 20 * TICK_BYTES, made // 20
