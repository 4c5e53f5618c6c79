# Buttons on their own pins: a key acts on its first edge (the first scan that reads it pressed)
# and is let go once it has read released for debounce_ms, so chatter makes one press, never
# two; the long press; several keys at once. The panel is scanned every 5 ms, as the firmware's
# loop does.
from panel_fakes import Contact, run, presses, events
from drivers.buttons import GpioButtons
from terminal.events import PRESS, RELEASE, HOLD


def one_key(long_button=None, active=0, **timing):
    contact = Contact(active)
    return contact, GpioButtons([(contact.pin, 0, "bet", long_button)], active=active, **timing)


def test_a_clean_press_is_a_press_at_its_first_scan_and_a_release_once_let_go_long_enough():
    contact, panel = one_key()
    seen = run(panel, presses(contact, [(100, True), (300, False)]), 600)
    assert seen == [(100, (PRESS, 0, "bet")), (320, (RELEASE, 0, "bet"))]


def test_chatter_shorter_than_the_debounce_is_one_press_never_several():
    contact, panel = one_key()
    bounces = [(100, True), (105, False), (110, True), (125, False), (130, True), (145, False),
               (400, True), (415, False)]
    # The first edge acts; the contact only counts as let go once it has stayed open 20 ms.
    assert run(panel, presses(contact, bounces), 800) == [
        (100, (PRESS, 0, "bet")), (165, (RELEASE, 0, "bet")),
        (400, (PRESS, 0, "bet")), (435, (RELEASE, 0, "bet"))]


def test_a_press_that_bounces_at_both_ends_is_still_one_press_and_one_release():
    contact, panel = one_key()
    script = [(100, True), (105, False), (110, True), (115, False), (120, True),  # settles at 120
              (500, False), (505, True), (510, False), (520, True), (530, False)]  # at 530
    seen = run(panel, presses(contact, script), 900)
    assert seen == [(100, (PRESS, 0, "bet")), (550, (RELEASE, 0, "bet"))]


def test_a_bounce_while_held_is_not_a_release():
    contact, panel = one_key()
    script = [(100, True), (300, False), (310, True), (600, False)]
    assert events(run(panel, presses(contact, script), 900)) == [(PRESS, 0, "bet"),
                                                                (RELEASE, 0, "bet")]


def test_the_debounce_time_is_the_drivers_to_choose():
    contact, panel = one_key(debounce_ms=50)
    seen = run(panel, presses(contact, [(100, True), (130, False), (200, True), (400, False)]), 600)
    # Open 70 ms at 130: let go at 180 (50 ms open), pressed again at 200.
    assert seen == [(100, (PRESS, 0, "bet")), (180, (RELEASE, 0, "bet")),
                    (200, (PRESS, 0, "bet")), (450, (RELEASE, 0, "bet"))]
    contact, panel = one_key(debounce_ms=50)
    seen = run(panel, presses(contact, [(100, True), (130, False), (170, True), (400, False)]), 600)
    assert seen == [(100, (PRESS, 0, "bet")), (450, (RELEASE, 0, "bet"))]  # open 40 ms: a bounce


def test_an_active_high_button_reads_pressed_at_1():
    contact, panel = one_key(active=1)
    assert contact.pin.value() == 0
    seen = run(panel, presses(contact, [(100, True), (300, False)]), 600)
    assert seen == [(100, (PRESS, 0, "bet")), (320, (RELEASE, 0, "bet"))]


def test_a_button_held_at_power_up_is_a_press_at_the_first_scan():
    contact, panel = one_key()
    contact.set(True)
    assert run(panel, [], 100) == [(0, (PRESS, 0, "bet"))]


HELD = (HOLD, 0, "bet", "take_down")  # the key pressed as BET becomes TAKE DOWN if held on


def test_a_key_with_a_long_button_acts_at_its_first_edge_not_at_its_release():
    contact, panel = one_key("take_down")
    seen = run(panel, presses(contact, [(102, True), (400, False)]), 2000)
    assert seen == [(105, (PRESS, 0, "bet")), (105, HELD), (420, (RELEASE, 0, "bet"))]


def test_a_key_held_to_long_ms_is_its_long_button_too_from_that_moment_to_the_release():
    contact, panel = one_key("take_down")
    seen = run(panel, presses(contact, [(100, True), (2000, False)]), 2500)
    # The hold counts from the press (100).
    assert seen == [(100, (PRESS, 0, "bet")), (100, HELD), (900, (PRESS, 0, "take_down")),
                    (2020, (RELEASE, 0, "bet")), (2020, (RELEASE, 0, "take_down"))]


def test_long_ms_is_the_drivers_to_choose():
    contact, panel = one_key("take_down", long_ms=500)
    seen = run(panel, presses(contact, [(0, True), (450, False), (1000, True), (1600, False)]),
               2000)
    assert seen == [(0, (PRESS, 0, "bet")), (0, HELD), (470, (RELEASE, 0, "bet")),
                    (1000, (PRESS, 0, "bet")), (1000, HELD), (1500, (PRESS, 0, "take_down")),
                    (1620, (RELEASE, 0, "bet")), (1620, (RELEASE, 0, "take_down"))]


def test_a_release_still_being_debounced_at_long_ms_is_a_short_press():
    contact, panel = one_key("take_down")
    # Let go at 790, 10 ms before the long press; the release only counts at 810.
    seen = run(panel, presses(contact, [(0, True), (790, False)]), 1500)
    assert seen == [(0, (PRESS, 0, "bet")), (0, HELD), (810, (RELEASE, 0, "bet"))]


def test_chatter_during_a_hold_neither_ends_it_nor_starts_the_long_press_again():
    contact, panel = one_key("take_down")
    script = [(0, True), (400, False), (405, True), (795, False), (800, True), (1200, False)]
    seen = run(panel, presses(contact, script), 1500)
    # At 800 the contact reads pressed again, so the long press comes at that scan.
    assert seen == [(0, (PRESS, 0, "bet")), (0, HELD), (800, (PRESS, 0, "take_down")),
                    (1220, (RELEASE, 0, "bet")), (1220, (RELEASE, 0, "take_down"))]


def test_chatter_at_the_release_of_a_long_press_is_one_release():
    contact, panel = one_key("take_down")
    script = [(0, True), (1000, False), (1005, True), (1010, False), (1015, True), (1020, False)]
    seen = run(panel, presses(contact, script), 1500)
    assert seen == [(0, (PRESS, 0, "bet")), (0, HELD), (800, (PRESS, 0, "take_down")),
                    (1040, (RELEASE, 0, "bet")), (1040, (RELEASE, 0, "take_down"))]


def test_several_keys_at_once_each_give_their_own_events_in_key_order():
    a, b, c = Contact(), Contact(), Contact()
    panel = GpioButtons([(a.pin, 0, "pass", None), (b.pin, 0, "bet", "take_down"),
                         (c.pin, 1, "roll", None)])
    script = (presses(a, [(100, True), (1500, False)]) + presses(b, [(100, True), (1300, False)])
              + presses(c, [(100, True), (105, False), (110, True), (300, False)]))
    seen = run(panel, script, 2000)
    assert seen == [(100, (PRESS, 0, "pass")),
                    (100, (PRESS, 0, "bet")),
                    (100, (HOLD, 0, "bet", "take_down")),
                    (100, (PRESS, 1, "roll")),
                    (320, (RELEASE, 1, "roll")),
                    (900, (PRESS, 0, "take_down")),
                    (1320, (RELEASE, 0, "bet")),
                    (1320, (RELEASE, 0, "take_down")),
                    (1520, (RELEASE, 0, "pass"))]


def test_keys_pressed_in_the_same_scan_come_out_in_the_order_they_were_given():
    pins = [Contact() for _ in range(3)]
    panel = GpioButtons([(pins[0].pin, 2, "come", None), (pins[1].pin, 0, "pass", None),
                         (pins[2].pin, 1, "field", None)])
    script = [(100, lambda: [p.set(True) for p in pins])]
    assert events(run(panel, script, 200)) == [(PRESS, 2, "come"), (PRESS, 0, "pass"),
                                               (PRESS, 1, "field")]


def test_a_scan_with_nothing_new_returns_no_events():
    contact, panel = one_key()
    assert panel.scan(0) == ()
    contact.set(True)
    assert panel.scan(5) == [(PRESS, 0, "bet")]
    assert panel.scan(10) == ()
    contact.set(False)
    assert panel.scan(15) == ()
    assert panel.scan(35) == [(RELEASE, 0, "bet")]
    assert panel.scan(40) == ()
