# The coin/bill acceptor's pulse line (drivers/acceptor.py) on a fake pin scanned every 5 ms:
# a valid train is credits in once the line has been quiet gap_ms; each timing fault is a FAULT
# (a tilt) naming it, and the rest of that train is ignored; the twin gives the same events;
# hardware.build makes one from a board file's entry; through the loop, it credits or tilts.
from drivers.acceptor import PulseAcceptor, AcceptorTwin
from panel_fakes import Contact, run, presses, events
from support import raises
from terminal.events import CREDITS_IN, FAULT
from terminal.cabinet import TILT
from test_loop_with_twins import rig
from test_watchdog_reset import FakeMachine, built

TIMING = {"debounce_ms": 10, "pulse_min_ms": 30, "pulse_max_ms": 130, "gap_ms": 300,
          "stuck_ms": 1000}


def acceptor(per_credit=1, station=0):
    line = Contact(active=0)  # open collector, pulled up: a pulse pulls it low
    return line, PulseAcceptor(line.pin, station, pulses_per_credit=per_credit, **TIMING)


def train(line, start, widths, gap=50):
    """A script: pulses of these widths (ms) from start, gap ms apart."""
    changes, t = [], start
    for width in widths:
        changes += [(t, True), (t + width, False)]
        t += width + gap
    return presses(line, changes)


def test_a_train_is_credits_in_once_the_line_is_quiet():
    line, a = acceptor()
    seen = run(a, train(line, 100, [50, 50, 50]), 2000)
    assert events(seen) == [(CREDITS_IN, 0, 3)]
    # The last pulse ends at 350: the line has been quiet 300 ms at 650.
    assert 650 <= seen[0][0] <= 665


def test_pulses_per_credit_divide_the_train_and_the_station_is_the_boards():
    line, a = acceptor(per_credit=2, station=2)
    seen = run(a, train(line, 100, [40] * 6) + train(line, 1500, [60] * 2), 3000)
    assert events(seen) == [(CREDITS_IN, 2, 3), (CREDITS_IN, 2, 1)]


def test_chatter_shorter_than_the_debounce_is_no_pulse():
    line, a = acceptor()
    script = train(line, 100, [50, 50]) + presses(line, [(400, True), (405, False)])
    assert events(run(a, script, 2000)) == [(CREDITS_IN, 0, 2)]


def test_a_pulse_too_short_is_a_fault_and_its_train_gives_no_credit():
    line, a = acceptor()
    seen = run(a, train(line, 100, [50, 20, 50]) + train(line, 1500, [50]), 3000)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: PULSE TOO SHORT 20 MS"), (CREDITS_IN, 0, 1)]


def test_a_pulse_too_long_is_a_fault():
    line, a = acceptor()
    seen = run(a, train(line, 100, [50, 200, 50]) + train(line, 1500, [50, 50]), 3000)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: PULSE TOO LONG 200 MS"), (CREDITS_IN, 0, 2)]


def test_a_count_that_is_not_whole_credits_is_a_fault():
    line, a = acceptor(per_credit=3)
    seen = run(a, train(line, 100, [50] * 4), 2000)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: 4 PULSES, NOT WHOLE CREDITS OF 3")]


def test_a_line_stuck_low_is_one_fault_and_the_acceptor_works_once_it_is_freed():
    line, a = acceptor()
    seen = run(a, presses(line, [(100, True), (5000, False)]) + train(line, 6000, [50]), 7000)
    assert events(seen) == [(FAULT, "ACCEPTOR S1: LINE STUCK LOW"), (CREDITS_IN, 0, 1)]
    assert 1100 <= seen[0][0] <= 1115


def test_a_line_low_at_power_up_is_stuck_low():
    line, a = acceptor()
    line.set(True)
    assert events(run(a, [], 2000)) == [(FAULT, "ACCEPTOR S1: LINE STUCK LOW")]


def test_a_pause_between_scans_in_a_train_is_a_fault_not_a_wrong_count():
    # A flash write stops the loop for 120 ms while the second of three pulses comes and goes.
    line, a = acceptor()
    line.set(True)
    out = []
    for now in range(0, 100, 5):  # the first pulse, seen
        line.set(now < 50)
        out += a.scan(now)
    line.set(False)
    out += a.scan(220)  # blind from 95 to 220: a whole pulse at 110-160 was not seen
    assert out == [(FAULT, "ACCEPTOR S1: PULSES UNWATCHED FOR 125 MS")]
    now = 225
    while now < 1000:
        out += a.scan(now)
        now += 5
    assert len(out) == 1  # the rest of the train is ignored


def test_a_pause_while_the_line_is_quiet_is_no_fault():
    line, a = acceptor()
    assert a.scan(0) == () and a.scan(500) == () and a.scan(505) == ()


def test_bad_settings_are_refused():
    pin = Contact().pin
    assert "whole number" in str(raises(ValueError, PulseAcceptor, pin, 0, pulses_per_credit=0))
    assert "no setting" in str(raises(ValueError, PulseAcceptor, pin, 0, pulse_ms=5))
    assert "pulse_min_ms <= pulse_max_ms" in str(
        raises(ValueError, PulseAcceptor, pin, 0, pulse_min_ms=200, pulse_max_ms=100))


def test_the_twin_gives_what_the_driver_gives_for_a_train():
    twin = AcceptorTwin(1, pulses_per_credit=2)
    assert twin.scan(0) == []
    twin.pulses(10)
    twin.pulses(3)
    assert twin.scan(5) == [(CREDITS_IN, 1, 5), (FAULT, "ACCEPTOR S2: 3 PULSES, NOT WHOLE CREDITS OF 2")]
    assert twin.scan(10) == []


class AcceptorPin:
    """The input pins hardware.build makes for an acceptor."""
    IN = 0
    PULL_UP = 1

    def __init__(self, n, mode, pull):
        self.n, self.mode, self.pull = n, mode, pull
        self.level = 1

    def value(self):
        return self.level


class PinMachine(FakeMachine):
    """FakeMachine with AcceptorPin pins."""

    def __init__(self):
        FakeMachine.__init__(self)
        self.Pin = AcceptorPin


def test_hardware_builds_each_boards_acceptor_on_its_pulled_up_pin():
    board = {"stations": 2, "acceptors": [
        {"pin": 14, "station": 1, "pulses_per_credit": 2, "gap_ms": 200}]}
    a = [i for i in built(board, PinMachine())[1].inputs if isinstance(i, PulseAcceptor)]
    assert len(a) == 1
    pin = a[0]._pin
    assert (pin.n, pin.mode, pin.pull) == (14, AcceptorPin.IN, AcceptorPin.PULL_UP)
    line = Contact()
    line.pin = pin
    seen = run(a[0], train(line, 100, [50] * 4), 1000)
    assert events(seen) == [(CREDITS_IN, 1, 2)]
    assert 650 <= seen[0][0] <= 665  # quiet 200 ms after the last pulse (450), as the board says


def test_hardware_refuses_an_acceptor_for_no_station_or_with_an_unknown_setting():
    def board(**spec):
        a = {"pin": 14, "station": 0}
        a.update(spec)
        return {"stations": 2, "acceptors": [a]}
    assert "station 2 of 2" in str(raises(ValueError, built, board(station=2), PinMachine()))
    assert "no setting" in str(raises(ValueError, built, board(pulses=3), PinMachine()))


def test_through_the_loop_a_train_is_credits_and_a_bad_one_tilts_the_cabinet_naming_it():
    loop, parts, cabinet = rig(stations=2)
    line, a = acceptor(per_credit=2, station=1)
    parts.inputs.append(a)
    script = train(line, 100, [50] * 4) + train(line, 1000, [50] * 3)
    todo = sorted(script, key=lambda change: change[0])
    for now in range(0, 2000, 5):
        while todo and todo[0][0] <= now:
            todo.pop(0)[1]()
        loop.step(now)
        if now == 900:
            assert cabinet.table.credits == [100, 102] and cabinet.phase != TILT
            assert parts.displays[1].lines[0] == "S2 CR 102"
    assert cabinet.phase == TILT
    assert cabinet.tilt == "FAULT: ACCEPTOR S2: 3 PULSES, NOT WHOLE CREDITS OF 2"
    assert parts.sign.lines[0] == "TILT: " + cabinet.tilt
    assert cabinet.table.credits == [100, 102]
