# The attendant key: with it on, a station's buttons are the attendant's (terminal/attendant.py):
# the meters, recall and audit views, a dice change, handpays, and deciding a disputed roll by a
# reading or a re-shake. The door tilts the cabinet; a power cut keeps what the attendant did; a
# RAM error waits for the attendant. The Driver checks the books after every event.
from cabinet_support import Driver
from terminal import attendant
from terminal.audit import check
from terminal.cabinet import BETTING, CLOSED, ROLLING, SETTLING, TILT
from drivers.storage import MemoryStorage
from terminal.events import DOOR, FAULT, KEY
from terminal.memory import CriticalMemory
from terminal.settings import Settings
from terminal.startup import start
from craps.wagers import LOSE, WIN

# The meter lines, a page of 4 each, before any roll (sorted by name).
PAGES = (("ACCEPTOR IN 0", "ATTENDANT 1", "ATTENDANT IN 0", "CREDITS IN 1000"),
         ("CREDITS OUT 0", "DICE CHANGES 0", "DOOR OPENINGS 0", "GAMES 0"),
         ("LOST 0", "NO ROLLS 0", "POWER UPS 0", "TILTS 0"),
         ("WAGERED 0", "WON 0"))


def actions(d):
    return [e[4] for e in d.entries()]


def last(d):
    """The newest audit entry's (action, detail)."""
    e = d.entries()[-1]
    return e[4], e[5]


def tilt_by_no_rolls(d):
    """A pass bet of 1, the roll called and three no rolls: the cabinet tilts, bets closed."""
    d.bet(0, "pass")
    d.call(0)
    d.no_roll()
    d.no_roll()
    d.no_roll()
    assert d.cab.phase == TILT and d.cab.tilt == "3 NO ROLLS IN A ROW"


def test_the_key_is_metered_and_logged():
    d = Driver()
    d.key(True)
    assert d.cab.attendant and d.status[0] == "ATTENDANT"
    d.key(True)  # still on: nothing new
    d.key(False)
    d.key(True)
    d.key(False)
    assert d.cab.meters.counts["attendant"] == 2
    assert actions(d) == ["KEY ON", "KEY OFF", "KEY ON", "KEY OFF"]
    assert d.status[0] == "PLACE YOUR BETS"


def test_chip_pages_through_the_meters():
    d = Driver()
    d.key(True)
    for lines in PAGES:
        d.press(0, "chip")
        assert d.display[0][1:] == lines
    assert d.display[0][0].startswith("METERS 4/")
    assert d.cab.panels[0].chip == 0  # the chip was not changed


def test_help_pages_the_meters_too_and_shows_each_wager_type():
    d = Driver()
    d.bet(0, "pass", chips=10)
    d.roll(3, 4)  # pass wins 10
    d.key(True)
    d.press(0, "help")
    assert d.display[0] == ("METERS 1/4",) + PAGES[0]
    d.press(0, "help", "help", "help")
    assert d.display[0] == ("METERS 4/4", "WAGERED 10", "WON 10", "PASS 10/10")
    d.press(0, "help")  # past the last page: the table again
    assert d.display[0][0] == "S1 CR 1010 SHOOTER"


def test_the_meters_view_has_no_empty_last_page():
    # 14 meter lines and 2 wager types make 4 pages of 4, not a fifth with nothing on it.
    d = Driver()
    d.bet(0, "pass")
    d.bet(0, "field")
    d.roll(3, 4)
    d.key(True)
    d.press(0, "chip")
    assert d.display[0][0] == "METERS 1/4"
    d.press(0, "chip", "chip", "chip")
    assert d.display[0][1:] == ("WAGERED 2", "WON 1", "FIELD 1/0", "PASS 1/1")
    d.press(0, "chip")
    assert d.display[0][0] == "S1 CR 1000 SHOOTER"


def test_dont_pass_and_recall_show_the_recall_view():
    d = Driver()
    d.bet(0, "pass", chips=5)
    d.roll(2, 2)
    d.roll(3, 4)  # seven out
    d.key(True)
    d.press(0, "dont_pass")
    assert d.display[0] == ("RECALL 1/2", "3+4=7 PT 4", "PASS -5", "NET -5")
    d.press(0, "recall")
    assert d.display[0] == ("RECALL 2/2", "2+2=4 COME OUT", "NET +0")
    d.press(0, "dont_pass")
    assert d.display[0][0] == "S1 CR 995"
    assert d.table.find(0, "dont_pass") is None  # no bet was made


def test_come_shows_the_audit_log_and_its_newest_hash():
    d = Driver()
    d.key(True)
    d.press(0, "pass")
    d.press(0, "come")
    head = d.entries()[-1][6]
    assert d.display[0] == ("AUDIT LOG", "2 CABINET SET UP IN 1000 OUT 0 WON 0 LOST 0 GAMES 0",
                            "3 KEY OFF ", "4 KEY ON ", "5 DICE CHANGED ", "HASH " + head[:8])
    d.press(0, "come")
    assert d.display[0][0] == "S1 CR 1000"


def test_pass_records_a_dice_change():
    d = Driver()
    d.key(True)
    d.press(0, "pass")
    assert d.cab.meters.counts["dice_changes"] == 1
    assert last(d) == ("DICE CHANGED", "")
    assert d.table.wagers == []
    d.press(0, "pass")
    assert d.cab.meters.counts["dice_changes"] == 2


def test_cash_out_pays_that_stations_handpay():
    d = Driver(stations=2)
    d.bet(1, "field", chips=3)
    d.press(1, "cash_out")
    assert d.cab.panels[1].handpay == 997
    d.key(True)
    assert d.refused(0, "cash_out") == "no handpay at this station"
    d.press(1, "cash_out")
    assert d.cab.panels[1].handpay == 0 and d.paid[1] == 997
    assert last(d) == ("HANDPAY PAID", "S2 997")
    assert d.cab.meters.counts["credits_out"] == 997
    assert d.table.find(1, "field").amount == 3  # the bet stays on the layout


def test_the_attendants_buttons_say_what_they_did():
    d = Driver(stations=2)
    d.press(1, "cash_out")
    d.key(True)
    d.press(0, "pass")
    assert d.message(0) == "DICE CHANGE RECORDED"
    d.press(1, "cash_out")
    assert d.message(1) == "HANDPAY 1000 PAID"


def test_turning_the_key_off_pays_the_rest_and_shows_the_table():
    d = Driver(stations=3)
    d.press(0, "cash_out")
    d.press(2, "cash_out")
    d.key(True)
    d.press(0, "cash_out")
    d.press(1, "chip")  # station 2 looks at the meters
    d.press(2, "come")  # station 3 at the audit log
    d.key(False)
    assert [p.handpay for p in d.cab.panels] == [0, 0, 0]
    assert d.paid == [1000, 0, 1000]
    assert actions(d) == ["KEY ON", "HANDPAY PAID", "HANDPAY PAID", "KEY OFF"]
    assert d.entries()[2][5] == "S3 1000"
    assert [d.display[s][0] for s in range(3)] == ["S1 CR 0", "S2 CR 1000", "S3 CR 0"]


def test_any_other_button_shows_the_hint():
    d = Driver()
    d.key(True)
    for name in ("n6", "field", "working", "repeat", "pass_dice", "dont_come",
                 "hard", "prop"):
        assert d.refused(0, name) == attendant.HINT
    assert d.table.wagers == [] and d.table.credits == [1000]


def test_a_reading_is_only_for_a_roll_waiting_to_be_decided():
    d = Driver()
    d.bet(0, "pass")
    d.key(True)
    for name in ("odds", "bet", "roll"):
        assert d.refused(0, name) == "no roll is waiting to be decided"
    assert d.cab.reading is None
    d.key(False)
    d.roll(3, 4)
    d.key(True)
    assert d.refused(0, "odds") == "no roll is waiting to be decided"


def test_odds_cycles_the_readings_and_bet_settles_the_one_shown():
    d = Driver(dice="shaker")
    tilt_by_no_rolls(d)
    d.key(True)
    assert d.refused(0, "bet") == "choose the reading with ODDS first"
    d.press(0, "odds")
    assert d.cab.reading == (1, 1)
    assert d.status[0] == "ATTENDANT: READ 1+1? BET: YES"
    d.press(0, "odds", "odds")
    assert d.status[0] == "ATTENDANT: READ 1+3? BET: YES"
    d.press(0, "bet")
    assert d.rolls[-1] == []  # the pass bet travels to 4
    assert d.table.point == 4 and d.table.find(0, "pass", 4).amount == 1
    assert last(d) == ("READING DECIDED", "1 3 READER DIE OFF THE TABLE")
    assert d.cab.tilt == "" and d.cab.phase == SETTLING
    assert d.cab.meters.counts["games"] == 1 and d.cab.history == [(1, 3)]
    d.key(False)
    d.settle()
    assert d.cab.phase == BETTING


def test_a_reading_of_craps_loses_the_pass_bet():
    d = Driver(dice="shaker")
    tilt_by_no_rolls(d)
    d.key(True)
    d.press(0, "odds", "odds")  # 1-2
    d.press(0, "bet")
    assert d.rolls[-1] == [(0, "pass", 0, None, LOSE, -1, 0, 1, 0, 0)]
    assert d.table.credits == [999] and d.cab.meters.counts["lost"] == 1


def test_the_readings_wrap_round_after_six_six():
    d = Driver(dice="shaker")
    tilt_by_no_rolls(d)
    d.key(True)
    for _ in range(21):
        d.press(0, "odds")
    assert d.cab.reading == (6, 6)
    d.press(0, "odds")
    assert d.cab.reading == (1, 1)
    d.key(False)  # the key off forgets the reading, and clears the tilt
    assert d.cab.reading is None and d.cab.phase == CLOSED


RNG_FACES = "the RNG draws the dice: ROLL voids the roll, faces are never chosen"


def test_on_an_rng_board_the_attendant_voids_a_roll_and_never_chooses_its_faces():
    d = Driver()  # RNG dice
    assert d.settings.dice == "rng"
    d.bet(0, "pass")
    d.chip(0, 5)
    d.bet(0, "hop")  # a hop bet: the reading 6-6 of the Seen case paid it
    d.call(0)
    asked = d.asked
    d.key(True)
    for _ in range(21):  # ODDS until 6-6, then BET: no reading, no roll
        assert d.refused(0, "odds") == RNG_FACES
    assert d.refused(0, "bet") == RNG_FACES
    assert d.cab.reading is None and d.rolls == [] and d.table.wagers
    d.press(0, "roll")  # void: the RNG draws again
    assert last(d) == ("RESHAKE ORDERED", "")
    d.key(False)
    d.tick(d.settings.call_ms)
    assert d.asked == asked + 1 and d.cab.phase == ROLLING
    assert "READING DECIDED" not in actions(d)


def test_on_an_rng_board_a_tilt_of_no_rolls_is_voided_not_read():
    d = Driver()
    tilt_by_no_rolls(d)
    d.key(True)
    assert d.refused(0, "odds") == RNG_FACES and d.cab.reading is None
    d.press(0, "roll")
    assert d.cab.tilt == "" and d.cab.phase == CLOSED


def test_on_a_shaker_board_faces_are_read_only_for_a_roll_the_reader_called_no_roll():
    d = Driver(dice="shaker")
    d.bet(0, "pass")
    d.call(0)
    d.key(True)
    assert d.refused(0, "odds") == "no no-roll was called on this roll: ROLL voids it"
    d.key(False)
    d.no_roll("COCKED DIE")
    d.key(True)
    d.press(0, "odds")
    assert d.cab.reading == (1, 1)
    d.press(0, "bet")
    assert last(d) == ("READING DECIDED", "1 1 READER COCKED DIE")  # with the reader's own
    assert d.rolls[-1][0][4] == LOSE and d.cab.history == [(1, 1)]


def test_roll_orders_a_reshake_when_the_key_turns_off():
    d = Driver()
    tilt_by_no_rolls(d)
    d.key(True)
    asked = d.asked
    d.press(0, "roll")
    assert last(d) == ("RESHAKE ORDERED", "")
    assert d.cab.tilt == "" and d.cab.phase == CLOSED
    d.tick(5000)  # the key stops the clocks: no dice yet
    assert d.asked == asked
    d.key(False)
    assert d.asked == asked + 1 and d.cab.phase == ROLLING
    d.dice(3, 4)
    assert d.rolls[-1] == [(0, "pass", 0, None, WIN, 1, 1, 0, 1, 0)]
    assert d.cab.no_rolls == 0


def test_the_door_tilts_the_cabinet_until_it_is_shut_and_the_key_turned():
    d = Driver()
    d.bet(0, "pass")
    d.event((DOOR, True))
    assert d.cab.phase == TILT and d.status[0] == "TILT: DOOR OPEN"
    assert d.cab.meters.counts["door_openings"] == 1 and d.cab.meters.counts["tilts"] == 1
    assert d.refused(0, "bet") == "tilt: call the attendant"
    d.key(True)
    assert d.status[0] == "ATTENDANT: DOOR OPEN"
    d.key(False)  # the door is still open: the key cannot clear the tilt
    assert d.cab.phase == TILT and d.cab.tilt == "DOOR OPEN"
    d.event((DOOR, False))
    assert d.cab.phase == TILT  # shut, and still tilted until the key
    d.key(True)
    d.key(False)
    assert d.cab.phase == BETTING and d.cab.tilt == ""
    assert actions(d) == ["DOOR OPEN", "KEY ON", "KEY OFF", "DOOR SHUT", "KEY ON",
                          "TILT CLEARED", "KEY OFF"]
    assert d.entries()[5][5] == "DOOR OPEN"
    assert d.cab.meters.counts["tilts"] == 1 and d.cab.meters.counts["door_openings"] == 1
    d.roll(3, 4)
    assert d.table.credits == [1001]


def test_a_power_up_in_service_mode_is_in_the_audit_log_and_saved():
    d = Driver()
    d.bet(0, "pass")
    credits = list(d.table.credits)
    d.reboot()
    assert "SERVICE MODE" not in actions(d)
    d.reboot(service=True)
    assert actions(d)[-1] == "SERVICE MODE"
    assert d.entries()[-1][2] == d.cab.meters.counts["power_ups"] == 2
    assert check(d.cab.audit.dump()) is None
    d.reboot()  # the entry was saved with the start-up's state: it outlives the next power cycle
    assert actions(d) == ["SERVICE MODE"] and d.table.credits == credits


def test_the_door_opened_while_the_dice_roll_asks_for_them_again():
    d = Driver()
    d.bet(0, "pass")
    d.call(0)
    d.ask()
    d.event((DOOR, True))
    d.event((DOOR, False))
    asked = d.asked
    d.key(True)
    d.key(False)
    assert d.cab.phase == CLOSED and d.table.betting_open is False
    d.tick(d.settings.call_ms)
    assert d.asked == asked + 1


def test_a_reshake_does_not_end_a_door_tilt_while_the_door_is_open():
    # The key cannot clear a door tilt with the door open: nor can a dispute decided under it.
    d = Driver()
    d.bet(0, "pass")
    d.call(0)
    d.ask()
    d.event((DOOR, True))
    d.key(True)
    d.press(0, "roll")
    asked = d.asked
    d.key(False)
    d.tick(d.settings.call_ms)
    assert d.asked == asked, "the dice were asked for with the door open"
    assert d.cab.phase == TILT and d.cab.tilt == "DOOR OPEN"


def test_a_reboot_keeps_credits_bets_meters_the_tilt_and_the_log():
    d = Driver(stations=2)
    d.bet(0, "pass", chips=7)
    d.credits_in(1, 40)
    d.event((DOOR, True))
    d.key(True)
    d.press(0, "pass")  # a dice change
    log = d.cab.audit.dump()["entries"][:]
    d.reboot()
    assert d.table.credits == [993, 1040]
    assert d.table.find(0, "pass", 0).amount == 7
    assert d.cab.phase == TILT and d.cab.tilt == "DOOR OPEN" and d.cab.attendant
    c = d.cab.meters.counts
    assert (c["credits_in"], c["door_openings"], c["dice_changes"], c["attendant"],
            c["tilts"], c["power_ups"]) == (2040, 1, 1, 1, 1, 1)
    assert d.cab.audit.entries == log
    assert actions(d) == ["DOOR OPEN", "KEY ON", "DICE CHANGED"]
    assert check(d.cab.audit.dump()) is None
    d.event((DOOR, False))
    d.key(False)
    assert d.cab.phase == BETTING
    d.roll(3, 4)
    assert d.table.credits == [1007, 1040]


def damage_state(d):
    """Both copies of the newer base (state0 after the set-up) damaged."""
    d.memory.storage.files["state0.a"] = b"CR1 9 00000000\n{}"
    d.memory.storage.files["state0.b"] = d.memory.storage.files["state0.b"][:-3]


def test_a_state_changed_in_flash_during_play_tilts_when_the_bets_close_and_shows_it():
    d = Driver()
    d.bet(0, "pass")
    files = d.memory.storage.files
    for name in list(files):  # the bet is the journal's last entry: its CRC now fails
        if name.startswith("journal0-") and name.endswith(".a"):
            files[name] = files[name].replace(b"999", b"998")
    asked = d.asked
    d.press(0, "roll")
    assert d.cab.ram_error == ("journal0",) and d.status[0] == "TILT: RAM ERROR: journal0"
    d.tick(5000)
    assert d.asked == asked and d.cab.phase == TILT
    d.key(True)
    d.key(False)  # the RAM clear saves the state the cabinet holds
    d.reboot()
    assert not d.cab.ram_error and d.table.credits == [999] and d.table.find(0, "pass")


def test_a_fault_before_the_set_up_is_logged_when_the_key_sets_the_cabinet_up():
    cab, _ = start(Settings(), CriticalMemory(MemoryStorage()), (), 0)
    assert cab.tilt == "NEW CABINET: ATTENDANT SETUP"
    cab.handle((FAULT, "RNG SELF-TEST FAILED: SHA-256"), 0)
    cab.handle((KEY, True), 0)
    cab.handle((KEY, False), 0)
    assert [(e[4], e[5]) for e in cab.audit.entries][1:] == [
        ("CABINET SET UP", "IN 0 OUT 0 WON 0 LOST 0 GAMES 0"),
        ("TILT CLEARED", "FAULT: RNG SELF-TEST FAILED: SHA-256"), ("KEY OFF", "")]
    assert cab.tilt == "" and cab.phase == BETTING


def test_a_new_cabinet_powered_up_in_service_mode_saves_that_entry_with_the_set_up():
    memory = CriticalMemory(MemoryStorage())
    cab, out = start(Settings(), memory, (), 0, service=True)
    assert [e for e in out if e[0] == "persist"] == []  # nothing before the set-up
    for effect in cab.handle((KEY, True), 0) + cab.handle((KEY, False), 0):
        if effect[0] == "persist":
            memory.save(effect[1], effect[2])
    cab, _ = start(Settings(), memory, (), 0)
    assert [e[4] for e in cab.audit.entries] == ["SERVICE MODE", "KEY ON", "CABINET SET UP",
                                                 "KEY OFF"]


def test_a_ram_error_tilts_until_the_attendant_clears_it():
    d = Driver()
    d.key(True)
    d.key(False)
    damage_state(d)
    d.reboot()
    assert d.cab.phase == TILT and d.status[0] == "TILT: RAM ERROR: state0"
    assert d.cab.ram_error == ("state0",)
    assert d.refused(0, "bet") == "tilt: call the attendant"
    assert d.memory.storage.files["state0.a"] == b"CR1 9 00000000\n{}"  # nothing saved over it
    d.key(True)
    assert d.status[0] == "ATTENDANT: RAM ERROR: state0"
    d.key(False)
    assert d.cab.phase == BETTING and d.cab.ram_error == ()
    assert actions(d)[-3:] == ["TILT CLEARED", "RAM CLEARED", "KEY OFF"]
    assert d.entries()[-2][5] == (  # nothing could be played: every commit is lost
        "state0; COMMITS 1-3 LOST: KEY ON, CABINET SET UP IN 1000 OUT 0 WON 0 LOST 0 GAMES 0, "
        "KEY OFF, KEY ON, KEY OFF; IN 1000 OUT 0 WON 0 LOST 0 GAMES 0")
    for base in ("state0", "state1"):
        assert d.memory.load(base)["tilt"] == ""  # saved again, whole
    d.bet(0, "pass")
    d.roll(3, 4)
    assert d.table.credits == [1001]


def test_the_audit_log_stays_whole_after_a_ram_error_is_cleared_and_the_power_cycles():
    d = Driver()
    d.key(True)
    d.key(False)
    damage_state(d)
    d.reboot()
    d.key(True)
    d.key(False)
    before = [e[:] for e in d.cab.audit.entries]
    d.reboot()
    assert actions(d) == ["KEY ON", "KEY OFF", "KEY ON", "TILT CLEARED", "RAM CLEARED",
                          "KEY OFF"]
    assert d.cab.audit.entries == before
    assert check(d.cab.audit.dump()) is None


def test_the_meters_count_money_games_and_events():
    d = Driver(stations=2, credits=500)
    assert d.cab.meters.counts["credits_in"] == 1000  # the starting credits
    d.credits_in(1, 75)
    d.bet(0, "pass", chips=4)
    d.roll(2, 2)  # point 4
    d.roll(5, 6)
    d.call(0)
    d.no_roll()
    d.no_roll()
    d.throw(4, 3)  # seven out
    d.press(1, "cash_out")
    d.event((DOOR, True))
    d.event((DOOR, False))
    d.key(True)
    d.key(False)
    d.bet(0, "pass")
    d.call(0)
    d.no_roll()
    d.no_roll()
    d.no_roll()  # a second tilt
    d.key(True)
    d.key(False)
    d.reboot()
    d.reboot()
    c = d.cab.meters.counts
    assert c["credits_in"] == 1075
    assert c["credits_out"] == 575
    assert c["games"] == 3
    assert c["no_rolls"] == 5
    assert c["tilts"] == 2
    assert c["attendant"] == 2
    assert c["door_openings"] == 1
    assert c["power_ups"] == 2
    assert (c["wagered"], c["won"], c["lost"]) == (4, 0, 4)
