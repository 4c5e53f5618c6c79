# The attendant's key switch: (KEY, True) when turned on, (KEY, False) when turned off, each
# once the switch has held its level for 50 ms; its level at power-up is reported either way.
from panel_fakes import Contact, run, presses
from drivers.buttons import AttendantKey, DoorSwitch
from terminal.events import KEY, DOOR


def test_turning_the_key_on_and_off_gives_one_event_each_once_debounced():
    switch = Contact()
    key = AttendantKey(switch.pin)
    seen = run(key, presses(switch, [(100, True), (1000, False)]), 1500)
    assert seen == [(50, (KEY, False)), (150, (KEY, True)), (1050, (KEY, False))]


def test_a_key_that_chatters_for_less_than_the_debounce_gives_nothing():
    switch = Contact()
    key = AttendantKey(switch.pin)
    script = [(100, True), (130, False), (200, True), (245, False)]
    assert run(key, presses(switch, script), 600) == [(50, (KEY, False))]  # the power-up level


def test_a_key_that_chatters_as_it_turns_counts_from_when_it_settles():
    switch = Contact()
    key = AttendantKey(switch.pin)
    script = [(100, True), (110, False), (120, True), (500, False), (510, True), (520, False)]
    assert run(key, presses(switch, script), 800) == [(50, (KEY, False)), (170, (KEY, True)),
                                                      (570, (KEY, False))]


def test_a_key_already_on_at_power_up_is_reported_on():
    switch = Contact()
    switch.set(True)
    assert run(AttendantKey(switch.pin), [], 200) == [(50, (KEY, True))]


def test_an_active_high_key_and_another_debounce():
    switch = Contact(active=1)
    key = AttendantKey(switch.pin, active=1, debounce_ms=20)
    seen = run(key, presses(switch, [(100, True), (300, False)]), 500)
    assert seen == [(20, (KEY, False)), (120, (KEY, True)), (320, (KEY, False))]
    assert seen[1][1][1] is True and seen[2][1][1] is False


def test_the_door_switch_reports_the_door_open_when_its_pin_goes_high():
    switch = Contact(active=1)
    seen = run(DoorSwitch(switch.pin), presses(switch, [(100, True), (300, False)]), 500)
    assert seen == [(50, (DOOR, False)), (150, (DOOR, True)), (350, (DOOR, False))]
