# The coin/bill acceptor's pulse line (drivers/acceptor.py): the pin's interrupt stamps every
# edge, and a scan (every 5 ms here, or with the loop's pauses) judges them: a valid train is
# credits in once the line has been quiet gap_ms, whatever the loop was doing meanwhile; each
# timing fault is a FAULT (a tilt) naming it, and the rest of that train is ignored; a full edge
# buffer is a fault of its own; the rules (PulseTrain) take edges directly; the twin gives the
# same events; hardware.build makes one from a board file's entry; through the loop, it credits
# or tilts.
import gc

from drivers.acceptor import PulseAcceptor, PulseTrain, AcceptorTwin
from panel_fakes import Contact, Ticks, run, scan_at, presses, events
from support import raises
from terminal.events import CREDITS_IN, FAULT
from terminal.cabinet import TILT
from test_loop_with_twins import rig
from test_watchdog_reset import FakeMachine, built
from drivers import hardware

TIMING = {"debounce_ms": 10, "pulse_min_ms": 30, "pulse_max_ms": 130, "gap_ms": 300,
          "stuck_ms": 1000}


def acceptor(per_credit=1, station=0, offset_ms=0, **more):
    """(line, acceptor, ticks): the line an open collector, pulled up (a pulse pulls it low);
    the tick counters at offset_ms when the test's clock reads 0."""
    line = Contact(active=0)
    ticks = Ticks(0, offset_ms)
    timing = dict(TIMING)
    timing.update(more)
    return line, PulseAcceptor(line.pin, station, pulses_per_credit=per_credit, ticks=ticks,
                               **timing), ticks


def train(line, start, widths, gap=50):
    """A script: pulses of these widths (ms) from start, gap ms apart (one gap for all, or one
    a pulse)."""
    changes, t = [], start
    for i, width in enumerate(widths):
        changes += [(t, True), (t + width, False)]
        t += width + (gap if type(gap) is int else gap[i])
    return presses(line, changes)


def test_a_train_is_credits_in_once_the_line_is_quiet():
    line, a, ticks = acceptor()
    seen = run(a, train(line, 100, [50, 50, 50]), 2000, ticks=ticks)
    assert events(seen) == [(CREDITS_IN, 0, 3)]
    # The last pulse ends at 350: the line has been quiet 300 ms at 650.
    assert seen[0][0] == 650


def test_pulses_per_credit_divide_the_train_and_the_station_is_the_boards():
    line, a, ticks = acceptor(per_credit=2, station=2)
    seen = run(a, train(line, 100, [40] * 6) + train(line, 1500, [60] * 2), 3000, ticks=ticks)
    assert events(seen) == [(CREDITS_IN, 2, 3), (CREDITS_IN, 2, 1)]


def test_chatter_shorter_than_the_debounce_is_no_pulse():
    line, a, ticks = acceptor()
    script = train(line, 100, [50, 50]) + presses(line, [(400, True), (405, False)])
    # and chatter inside a pulse: it is still one pulse, measured from its first edge
    script += train(line, 1000, [8, 40], gap=2)
    assert events(run(a, script, 2000, ticks=ticks)) == [(CREDITS_IN, 0, 2), (CREDITS_IN, 0, 1)]


def test_a_pulse_too_short_is_a_fault_and_its_train_gives_no_credit():
    line, a, ticks = acceptor()
    seen = run(a, train(line, 100, [50, 20, 50]) + train(line, 1500, [50]), 3000, ticks=ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: PULSE TOO SHORT 20 MS"), (CREDITS_IN, 0, 1)]


def test_a_pulse_is_measured_from_its_edges_not_from_the_scans():
    # 28 ms and 29 ms between edges that fall between the 5 ms scans.
    line, a, ticks = acceptor()
    seen = run(a, train(line, 101, [50, 28, 50]) + train(line, 1501, [29]) +
               train(line, 3003, [131]) + train(line, 4002, [30, 130]), 5000, ticks=ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: PULSE TOO SHORT 28 MS"),
                            (FAULT, "ACCEPTOR S1: PULSE TOO SHORT 29 MS"),
                            (FAULT, "ACCEPTOR S1: PULSE TOO LONG 131 MS"),
                            (CREDITS_IN, 0, 2)]


def test_a_pulse_too_long_is_a_fault():
    line, a, ticks = acceptor()
    seen = run(a, train(line, 100, [50, 200, 50]) + train(line, 1500, [50, 50]), 3000,
               ticks=ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: PULSE TOO LONG 200 MS"), (CREDITS_IN, 0, 2)]


def test_a_count_that_is_not_whole_credits_is_a_fault():
    line, a, ticks = acceptor(per_credit=3)
    seen = run(a, train(line, 100, [50] * 4), 2000, ticks=ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: 4 PULSES, NOT WHOLE CREDITS OF 3")]


def test_a_line_stuck_low_is_one_fault_and_the_acceptor_works_once_it_is_freed():
    line, a, ticks = acceptor()
    seen = run(a, presses(line, [(100, True), (5000, False)]) + train(line, 6000, [50]), 7000,
               ticks=ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: LINE STUCK LOW"), (CREDITS_IN, 0, 1)]
    assert seen[0][0] == 1100


def test_a_line_low_at_power_up_is_stuck_low():
    line, a, ticks = acceptor()
    line.set(True)
    assert events(run(a, [], 2000, ticks=ticks)) == [(FAULT, "ACCEPTOR S1: LINE STUCK LOW")]
    line = Contact(active=0)
    line.set(True)  # low before the acceptor is built
    ticks = Ticks()
    a = PulseAcceptor(line.pin, 0, ticks=ticks, **TIMING)
    assert events(run(a, [], 2000, ticks=ticks)) == [(FAULT, "ACCEPTOR S1: LINE STUCK LOW")]


# The loop on the chip: a step with gc.collect() takes 25-28 ms, a flash write 100-200 ms.

def test_a_35_ms_pause_between_scans_in_a_valid_train_credits_exactly():
    line, a, ticks = acceptor()
    scans = list(range(0, 120, 5)) + list(range(155, 1000, 5))  # nothing scanned 120-155
    seen = scan_at(a, train(line, 100, [50, 50, 50]), scans, ticks)
    assert events(seen) == [(CREDITS_IN, 0, 3)] and seen[0][0] == 650


def test_a_loop_that_scans_every_35_ms_counts_every_train_exactly():
    # 1-20 pulses of 30-100 ms, 30-100 ms apart, the loop's step 35 ms long (gc.collect()).
    line, a, ticks = acceptor()
    script, start, want = [], 100, []
    for n in (1, 3, 20, 7, 12):
        widths = [30 + (13 * i + n) % 71 for i in range(n)]
        gaps = [30 + (29 * i + 3 * n) % 71 for i in range(n)]
        script += train(line, start, widths, gaps)
        start += sum(widths) + sum(gaps) + 400
        want.append((CREDITS_IN, 0, n))
    assert events(run(a, script, start, step_ms=35, ticks=ticks)) == want


def test_a_whole_pulse_inside_a_flash_write_is_still_counted():
    # The loop blind from 95 to 220 while the second of three pulses comes and goes.
    line, a, ticks = acceptor()
    scans = list(range(0, 100, 5)) + list(range(220, 1000, 5))
    seen = scan_at(a, train(line, 0, [50, 50, 50], gap=60), scans, ticks)
    assert events(seen) == [(CREDITS_IN, 0, 3)] and seen[0][0] == 570  # the last ends at 270


def test_a_bad_pulse_inside_a_pause_is_still_the_fault_it_is():
    line, a, ticks = acceptor()
    scans = list(range(0, 100, 5)) + list(range(400, 2000, 5))
    seen = scan_at(a, train(line, 0, [50, 10, 50, 200]), scans, ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: PULSE TOO SHORT 10 MS")]


def test_a_train_across_the_tick_counters_wrap_credits_exactly():
    wrap_ms = (1 << 30) // 1000  # ticks_us wraps after 1073.7 s on rp2
    line, a, ticks = acceptor(offset_ms=wrap_ms - 300)  # it wraps during the third pulse
    seen = run(a, train(line, 100, [50] * 6), 2000, step_ms=35, ticks=ticks)
    assert events(seen) == [(CREDITS_IN, 0, 6)]


def test_more_edges_than_the_buffer_holds_during_a_pause_is_a_fault_of_its_own():
    line, a, ticks = acceptor(edges=8)
    scans = list(range(0, 50, 5)) + list(range(700, 3000, 5))  # blind 50-700: 10 edges
    seen = scan_at(a, train(line, 60, [40] * 5) + train(line, 1500, [40] * 2), scans, ticks)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: EDGE BUFFER FULL (8), PULSES LOST"),
                            (CREDITS_IN, 0, 2)]
    assert seen[0][0] == 700


def test_a_pause_while_the_line_is_quiet_is_no_fault():
    line, a, ticks = acceptor()
    assert a.scan(0) == ()
    ticks.ms = 500
    assert a.scan(500) == ()
    ticks.ms = 505
    assert a.scan(505) == ()


def test_the_interrupt_is_hard_on_both_edges_and_allocates_nothing():
    line, a, ticks = acceptor()
    pin = line.pin
    assert pin.trigger == pin.IRQ_FALLING | pin.IRQ_RISING and pin.hard is True
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    handler = pin.handler
    before = gc.mem_alloc()
    for i in range(40):
        pin.level = i & 1
        handler(pin)
    assert gc.mem_alloc() - before == 0


def test_bad_settings_are_refused():
    pin = Contact().pin
    ticks = Ticks()
    assert "whole number" in str(raises(ValueError, PulseAcceptor, pin, 0, ticks=ticks,
                                        pulses_per_credit=0))
    assert "no setting" in str(raises(ValueError, PulseAcceptor, pin, 0, ticks=ticks,
                                      pulse_ms=5))
    assert "pulse_min_ms <= pulse_max_ms" in str(
        raises(ValueError, PulseAcceptor, pin, 0, ticks=ticks, pulse_min_ms=200,
               pulse_max_ms=100))
    assert "power of 2" in str(raises(ValueError, PulseAcceptor, pin, 0, ticks=ticks, edges=12))


def test_the_rules_take_edges_directly():
    rules = PulseTrain(0, pulses_per_credit=2, **TIMING)
    out = []
    for t in (100, 150, 200, 250):  # two pulses: low at 100, high at 150, ...
        out += rules.edge(t in (100, 200), t)
    out += rules.until(549)
    assert out == []
    assert rules.until(550) == [(CREDITS_IN, 0, 1)]
    assert rules.edge(True, 1000) == () and rules.edge(False, 1012) == ()
    assert rules.until(1400) == [(FAULT, "ACCEPTOR S1: PULSE TOO SHORT 12 MS")]


def test_the_twin_gives_what_the_driver_gives_for_a_train():
    twin = AcceptorTwin(1, pulses_per_credit=2)
    assert twin.scan(0) == []
    twin.pulses(10)
    twin.pulses(3)
    assert twin.scan(5) == [(CREDITS_IN, 1, 5), (FAULT, "ACCEPTOR S2: 3 PULSES, NOT WHOLE CREDITS OF 2")]
    assert twin.scan(10) == []


class AcceptorPin:
    """The input pins hardware.build makes for an acceptor: pulled up, with rp2's interrupt."""
    IN = 0
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode, pull):
        self.n, self.mode, self.pull = n, mode, pull
        self.line = Contact()

    def value(self):
        return self.line.pin.value()

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        # the handler is given the real pin, as on the chip
        return self.line.pin.irq(lambda pin: handler(self), trigger, hard)


class PinMachine(FakeMachine):
    """FakeMachine with AcceptorPin pins."""

    def __init__(self):
        FakeMachine.__init__(self)
        self.Pin = AcceptorPin


def built_with(board, ticks):
    """hardware.build(board) with its `time` the fake ticks."""
    real = hardware.time
    hardware.time = ticks
    try:
        return built(board, PinMachine())
    finally:
        hardware.time = real


def test_hardware_builds_each_boards_acceptor_on_its_pulled_up_pin():
    board = {"stations": 2, "acceptors": [
        {"pin": 14, "station": 1, "pulses_per_credit": 2, "gap_ms": 200}]}
    ticks = Ticks()
    a = [i for i in built_with(board, ticks)[1].inputs if isinstance(i, PulseAcceptor)]
    assert len(a) == 1
    pin = a[0]._pin
    assert (pin.n, pin.mode, pin.pull) == (14, AcceptorPin.IN, AcceptorPin.PULL_UP)
    assert pin.line.pin.hard and pin.line.pin.trigger == 12
    seen = run(a[0], train(pin.line, 100, [50] * 4), 1000, ticks=ticks)
    assert events(seen) == [(CREDITS_IN, 1, 2)]
    assert seen[0][0] == 650  # quiet 200 ms after the last pulse (450), as the board says


def test_hardware_refuses_an_acceptor_for_no_station_or_with_an_unknown_setting():
    def board(**spec):
        a = {"pin": 14, "station": 0}
        a.update(spec)
        return {"stations": 2, "acceptors": [a]}
    assert "station 2 of 2" in str(raises(ValueError, built_with, board(station=2), Ticks()))
    assert "no setting" in str(raises(ValueError, built_with, board(pulses=3), Ticks()))


def test_through_the_loop_a_train_is_credits_and_a_bad_one_tilts_the_cabinet_naming_it():
    loop, parts, cabinet = rig(stations=2)
    line, a, ticks = acceptor(per_credit=2, station=1)
    parts.inputs.append(a)
    script = train(line, 100, [50] * 4) + train(line, 1000, [50] * 3)
    todo = sorted(script, key=lambda change: change[0])
    for now in range(0, 2000, 35):  # the chip's loop, slowed by its collections
        while todo and todo[0][0] <= now:
            ticks.ms = todo[0][0]
            todo.pop(0)[1]()
        ticks.ms = now
        loop.step(now)
        if 900 <= now < 935:
            assert cabinet.table.credits == [100, 102] and cabinet.phase != TILT
            assert parts.displays[1].lines[0] == "S2 CR 102"
    assert cabinet.phase == TILT
    assert cabinet.tilt == "FAULT: ACCEPTOR S2: 3 PULSES, NOT WHOLE CREDITS OF 2"
    assert parts.sign.lines[0] == "TILT: " + cabinet.tilt
    assert cabinet.table.credits == [100, 102]
