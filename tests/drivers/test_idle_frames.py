# An idle loop step gives the heap nothing, not even for a moment. MicroPython puts a function's
# frame on the heap when its locals and stack need more than 11 slots (py/objfun.c,
# VM_MAX_STATE_ON_STACK) and frees it on return: nothing is left over, so gc.mem_alloc() does
# not see it, but every such call counts towards gc.threshold. On the chip the collections they
# called for (15 ms each, every 7 idle steps of cabinet-4station) held the keys up. The unix port
# counts every byte the heap gives out (micropython.mem_total); the other interpreters have
# nothing to measure. tests/host/test_unix_port_heap.py runs this module there.
from drivers.display import DisplayTwin
from drivers.sas_uart import SasUartTwin
from loop_rig import rig
from terminal.events import PRESS, RELEASE
from terminal.floor import FloorPort
from test_idle_scans import idle_inputs

try:
    from micropython import mem_total
except (ImportError, AttributeError):
    mem_total = None

def given(work, times=20):
    """Bytes the heap gave out for `times` calls of work(n), n = 0, 1, ..."""
    before = mem_total()
    for n in range(times):
        work(n)
    return mem_total() - before


def test_an_idle_scan_gives_out_nothing():
    if mem_total is None:
        return
    for name, source in idle_inputs():
        source.scan(0)
        source.scan(100)  # the key's and the door's power-up level has been reported
        assert given(lambda n: source.scan(105 + 5 * n)) == 0, name


def test_a_quiet_loop_step_gives_out_nothing():
    # Not even its effects list: the loop's own, used again (Loop.step). A new list a step
    # (64 bytes here, 32 on the chip) called for a collection every 2 s of idle steps.
    if mem_total is None:
        return
    floor = FloorPort(SasUartTwin(), 1, lambda key: iter(("0" * 64,)))  # no host polling
    loop, parts, cabinet = rig(4, inputs=[source for _, source in idle_inputs()],
                               displays=[DisplayTwin() for _ in range(4)], floor=floor)
    loop.send((PRESS, 0, "bet"), 10)  # a pass bet: the shooter's countdown runs on the sign
    loop.send((RELEASE, 0, "bet"), 20)
    for now in range(30, 200, 2):
        loop.step(now)
    start = 201 + cabinet.time_left(200) % 1000  # the countdown's next second: drawn here,
    loop.step(start)  # its effects let go at the next step (the list's slice), then 98 steps
    loop.step(start + 2)
    got = given(lambda n: loop.step(start + 2 * (n + 2)), 98)
    assert got == 0, got
