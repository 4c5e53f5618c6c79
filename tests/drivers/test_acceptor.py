# The coin/bill acceptor's pulse line (drivers/acceptor.py) on a fake pin scanned every 5 ms:
# a valid train is credits in once the line has been quiet gap_ms; each timing fault is a FAULT
# (a tilt) naming it, and the rest of that train is ignored; the twin gives the same events.
from drivers.acceptor import PulseAcceptor, AcceptorTwin
from panel_fakes import Contact, run, presses, events
from support import raises
from terminal.events import CREDITS_IN, FAULT

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
    # The last pulse ends at 350 (seen at 360 after the debounce): quiet 300 ms after it.
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
