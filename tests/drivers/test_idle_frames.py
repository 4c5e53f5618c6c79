# An idle loop step gives the heap nothing, not even for a moment. MicroPython puts a function's
# frame on the heap when its locals and stack need more than 11 slots (py/objfun.c,
# VM_MAX_STATE_ON_STACK) and frees it on return: nothing is left over, so gc.mem_alloc() does
# not see it, but every such call counts towards gc.threshold. On the chip the collections they
# called for (15 ms each, every 7 idle steps of cabinet-4station) held the keys up. The unix port
# counts every byte the heap gives out (micropython.mem_total); the other interpreters have
# nothing to measure. tests/host/test_unix_port_heap.py runs this module there.
from drivers.clock import ClockTwin
from drivers.display import DisplayTwin
from drivers.sas_uart import SasUartTwin
from loop_rig import rig
from terminal.events import PRESS, RELEASE
from terminal.floor import FloorPort
from terminal.loop import SCAN_MS
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


def test_the_usb_consoles_reader_gives_out_nothing_while_nothing_comes():
    if mem_total is None:
        return
    import socket  # a stream that can be polled and stays quiet (stdin here may not)
    from drivers.console import usb_reader
    quiet = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    quiet.bind(socket.getaddrinfo("127.0.0.1", 0)[0][-1])
    try:
        read_char = usb_reader(quiet)
        assert read_char() is None
        assert given(lambda n: read_char()) == 0
    finally:
        quiet.close()


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


class Off(BaseException):
    """The board powered off: ends Loop.run_forever (which records an Exception and goes on)."""


def test_the_boards_own_loop_gives_out_nothing_a_pass():
    # Loop.run_forever, the board's loop without asyncio: asyncio's scheduler gave the heap
    # about 288 bytes a pass here (its frames), which on the chip called for a collection every
    # few hundred ms, often in a key's answer.
    if mem_total is None:
        return
    loop, parts, cabinet = rig(4, inputs=[source for _, source in idle_inputs()],
                               displays=[DisplayTwin() for _ in range(4)])
    for now in range(10, 200, 2):  # past what the new cabinet's first steps draw
        loop.step(now)
    clock = ClockTwin(200)
    marks = [0] * 60  # the heap's total at each pause (a list made before: no growing)
    passes = [0]

    def sleep_ms(ms):
        assert ms == SCAN_MS
        n = passes[0]
        if n == len(marks):
            raise Off()
        marks[n] = mem_total()
        passes[0] = n + 1
        clock.advance(ms)
    fed = parts.watchdog.feeds
    try:
        loop.run_forever(clock, sleep_ms)
    except Off:
        pass
    assert parts.watchdog.feeds - fed == len(marks) + 1  # a pass each pause, and the last
    assert marks[-1] - marks[10] == 0, (marks[-1] - marks[10]) // 49
