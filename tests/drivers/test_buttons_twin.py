# The panel's twin gives the simulator and the tests the events the real drivers give for the
# same player's actions: one script, played on the pins, on a matrix and on the twin.
from panel_fakes import Contact, Matrix, run, presses, events
from drivers.buttons import ButtonsTwin, GpioButtons, MatrixButtons, AttendantKey
from terminal.events import PRESS, RELEASE, HOLD, KEY

# What a player does: (time_ms, station, button, held_ms). BET on station 0 has a long press.
SCRIPT = [(100, 0, "pass", 300), (600, 0, "bet", 200), (1000, 1, "roll", 100),
          (1500, 0, "bet", 1200), (3000, 1, "pass", 50)]
LONG = {(0, "bet"): "take_down"}


def twin_events(script):
    """The twin is told what the player does: the press, that a key with a long button is
    down, the long button when it is held long, the release (of both, after a long press)."""
    twin = ButtonsTwin()
    out = []
    for _, station, button, held in script:
        long_button = LONG.get((station, button))
        twin.press(station, button)
        if long_button:
            twin.hold(station, button, long_button)
        if long_button and held >= 800:
            twin.press(station, long_button)
        twin.release(station, button)
        if long_button and held >= 800:
            twin.release(station, long_button)
        out += twin.scan(0)
    return out


def chatter(contact, start, held):
    """A press as a real contact makes it: bounces at both ends."""
    return presses(contact, [(start, True), (start + 3, False), (start + 6, True),
                             (start + held, False), (start + held + 4, True),
                             (start + held + 8, False)])


def test_the_twin_queues_what_it_is_told_and_a_scan_takes_it():
    twin = ButtonsTwin()
    assert twin.scan(0) == []
    twin.press(0, "pass")
    twin.release(0, "pass")
    twin.turn_key(True)
    twin.press(2, "bet")
    twin.hold(2, "bet", "take_down")
    assert twin.scan(10) == [(PRESS, 0, "pass"), (RELEASE, 0, "pass"), (KEY, True),
                             (PRESS, 2, "bet"), (HOLD, 2, "bet", "take_down")]
    assert twin.scan(15) == []
    twin.turn_key(0)
    assert twin.scan(20) == [(KEY, False)]


def test_buttons_on_pins_give_what_the_twin_gives():
    contacts = {(0, "pass"): Contact(), (0, "bet"): Contact(), (1, "roll"): Contact(),
                (1, "pass"): Contact()}
    keys = [(contacts[sb].pin, sb[0], sb[1], LONG.get(sb)) for sb in
            ((0, "pass"), (0, "bet"), (1, "roll"), (1, "pass"))]
    script = []
    for start, station, button, held in SCRIPT:
        script += chatter(contacts[(station, button)], start, held)
    assert events(run(GpioButtons(keys), script, 5000)) == twin_events(SCRIPT)


def test_a_matrix_gives_what_the_twin_gives():
    m = Matrix(2, 2)
    at = {(0, "pass"): (0, 0), (0, "bet"): (0, 1), (1, "roll"): (1, 0), (1, "pass"): (1, 1)}
    keys = dict((rc, (sb[0], sb[1], LONG.get(sb))) for sb, rc in at.items())
    script = []
    for start, station, button, held in SCRIPT:
        r, c = at[(station, button)]
        script += chatter(m.key(r, c), start, held)
    assert events(run(MatrixButtons(m.rows, m.cols, keys), script, 5000)) == twin_events(SCRIPT)


def test_the_attendant_key_gives_what_the_twin_gives():
    switch = Contact()
    seen = run(AttendantKey(switch.pin),
               presses(switch, [(100, True), (120, False), (130, True), (900, False)]), 1200)
    twin = ButtonsTwin()
    twin.turn_key(False)  # where the key is at power-up
    twin.turn_key(True)
    twin.turn_key(False)
    assert events(seen) == twin.scan(0)
