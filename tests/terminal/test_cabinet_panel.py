# The panel: every button at once, bounces, the help and recall views, and events no driver
# should send (they raise BadEvent and change nothing).
from cabinet_support import Driver, money, snapshot
from support import Dice
from support import raises
from terminal import buttons, screens
from terminal.cabinet import BETTING, CLOSED, ROLLING, SETTLING, TILT
from terminal.events import PRESS, RELEASE, HOLD, DICE, NO_ROLL, CREDITS_IN, KEY, BadEvent

HELP = (("HOW TO BET", "SELECT A SPOT"), ("PASS LINE", "PAYS 1:1"), ("FIELD", "PAYS 1:1"))


def all_at_once(d):
    """Every button of every station down at once, then all released; again in reverse."""
    for s in range(len(d.cab.panels)):
        d.press_all(s)
    for s in range(len(d.cab.panels)):
        d.release_all(s)
    backwards = tuple(reversed(buttons.ALL))
    for s in range(len(d.cab.panels)):
        d.press_all(s, backwards)
    for s in range(len(d.cab.panels)):
        d.release_all(s, backwards)


def test_every_button_at_once_in_every_phase():
    d = Driver(stations=4, credits=200)
    d.bet(0, "pass", "chip")
    d.bet(1, "dont_pass", "chip")
    d.roll(2, 2)  # point 4
    d.bet(0, "come")
    d.bet(2, "place", "n6", chips=6)
    layout = money(d.table)[1]
    all_at_once(d)  # betting open, the puck ON
    # Bet found no wager to make (the last spot selected is Fire: no side bets here), Repeat
    # found only a pass bet it may not make now, S1's Roll called no more bets, and every
    # station cashed out.
    assert d.cab.phase == CLOSED and money(d.table)[1] == layout
    assert [p.handpay for p in d.cab.panels] == [190, 195, 194, 200]
    assert d.table.credits == [0, 0, 0, 0]
    d.ask()
    all_at_once(d)
    assert d.cab.phase == ROLLING
    d.dice(3, 3)
    all_at_once(d)
    assert d.cab.phase == SETTLING
    d.settle()
    assert d.table.credits == [0, 0, 7, 0]  # the place 6 won 7 on a locked meter
    d.key(True)
    all_at_once(d)  # the attendant at the cabinet: Take Down twice credits each station 200
    d.key(False)
    assert d.paid == [190, 195, 194, 200]
    assert d.table.credits == [200, 200, 207, 200]
    all_at_once(d)  # unlocked: S1 repeats its come bet, S1 calls the roll, all cash out
    assert d.paid == [190, 195, 194, 200] and d.cab.phase == CLOSED
    assert [p.handpay for p in d.cab.panels] == [195, 200, 207, 200]


def test_every_button_at_once_in_a_tilt():
    d = Driver(stations=2, credits=50)
    d.bet(0, "pass")
    d.bet(1, "field")
    d.call(0)
    for _ in range(3):
        d.no_roll()
    assert d.cab.phase == TILT
    before = money(d.table)
    all_at_once(d)
    assert money(d.table) == before and d.cab.phase == TILT and d.asked == 3
    d.key(True)
    d.key(False)
    d.throw(4, 3)
    assert d.credits(0) == 51 and d.credits(1) == 49


def test_every_button_at_once_on_a_fresh_cabinet():
    d = Driver(stations=8, credits=10, rules={"side_bets": True})
    for s in range(8):
        d.press_all(s)
    # In ALL's order: the selections end on Fire and the chip of 5, Bet puts 5 on Fire and
    # Take Down takes it off, Roll finds no shooter, Pass Dice hands the dice on, Cash Out
    # takes the meter, and Recall is the view left open.
    for s in range(8):
        assert d.cab.panels[s].handpay == 10 and d.table.credits[s] == 0
        assert d.display[s] == ("RECALL", "NO ROLLS YET")
    assert d.table.wagers == [] and d.table.holder == 0
    assert d.asked == 0 and d.cab.phase == BETTING  # nobody has a line bet: nobody rolls
    assert d.status[1] == "PUCK OFF  BET THE LINE TO SHOOT"


def test_a_bounce_is_ignored():
    d = Driver(stations=2)
    d.down(0, "pass")
    d.down(0, "bet")
    d.down(0, "bet")  # no release between: one press
    assert d.table.find(0, "pass").amount == 1
    d.up(0, "bet")
    d.down(0, "bet")
    assert d.table.find(0, "pass").amount == 2
    d.up(0, "field")  # a release of a button that is not down changes nothing
    d.down(0, "bet")
    assert d.table.find(0, "pass").amount == 2
    d.down(0, "chip")
    d.down(0, "chip")
    assert d.display[0][2] == "CHIP 5  PLACE"
    d.down(1, "bet")  # the same button at another station is another button
    d.down(1, "bet")
    assert d.table.find(1, "pass").amount == 1
    d.up(0, "bet")
    d.up(0, "bet")  # a second release changes nothing either
    d.down(0, "bet")
    assert d.table.find(0, "pass").amount == 7
    d.down(0, "roll")  # S1 shoots: no more bets
    signals = len(d.signals)
    d.down(0, "roll")  # a bounce, not a late Roll: no refusal either
    assert d.cab.phase == CLOSED and d.signals[signals:] == []
    d.down(0, "cash_out")
    d.down(0, "cash_out")
    assert d.cab.panels[0].handpay == 993


def test_help_pages_and_leaving_them_change_no_meter():
    d = Driver(stations=2, help_pages=HELP)
    d.bet(0, "pass")
    before = snapshot(d.cab)[0]
    d.press(0, "help")
    assert d.display[0] == ("HELP 1/3", "HOW TO BET", "SELECT A SPOT") + screens.HELP_HINT
    assert d.display[1][0] == "S2 CR 1000"  # the other station keeps its view
    d.press(0, "help")
    assert d.display[0][:3] == ("HELP 2/3", "PASS LINE", "PAYS 1:1")
    d.press(0, "help")
    assert d.display[0][:3] == ("HELP 3/3", "FIELD", "PAYS 1:1")
    d.press(0, "help")  # past the last page: back to the table
    assert d.display[0][0] == "S1 CR 999 SHOOTER"
    d.press(0, "help", "recall")  # from help straight to recall
    assert d.display[0] == ("RECALL", "NO ROLLS YET")
    d.press(0, "recall")  # one page with no rolls: back to the table
    assert d.display[0][0] == "S1 CR 999 SHOOTER"
    assert snapshot(d.cab)[0] == before
    d = Driver(stations=1)
    d.press(0, "help")
    assert d.display[0] == ("HELP 1/1", "Paytable not loaded") + screens.HELP_HINT


def test_help_pages_back_and_jumps_to_the_next_wagers_group():
    pages = (("HOW TO BET",), ("PLACE 4/10",), ("PLACE 5/9",), ("PLACE 6/8",), ("FIELD",))
    d = Driver(stations=1, help_pages=pages)
    d.press(0, "help", "chip")  # the next group
    assert d.display[0][:2] == ("HELP 2/5", "PLACE 4/10")
    d.press(0, "chip")  # past the other place bets
    assert d.display[0][:2] == ("HELP 5/5", "FIELD")
    d.press(0, "take_down", "take_down")  # page back
    assert d.display[0][:2] == ("HELP 3/5", "PLACE 5/9")
    d.press(0, "chip", "chip")  # past the last group: the first page
    assert d.display[0][:2] == ("HELP 1/5", "HOW TO BET")
    d.press(0, "take_down")  # no page before the first
    assert d.display[0][:2] == ("HELP 1/5", "HOW TO BET")
    assert d.display[0][-2:] == ("< TAKE DOWN", ">> CHIP  > HELP")  # said on the display
    assert d.table.credits[0] == 1000 and not d.table.wagers


def test_a_game_button_in_a_view_leaves_it_and_acts():
    d = Driver(stations=1, help_pages=HELP)
    d.press(0, "help", "help")
    d.press(0, "bet")  # the player pressed BET to bet: the table view again, and the bet made
    assert d.display[0][0] == "S1 CR 999 SHOOTER" and d.display[0][1] == "PASS: 1"
    d.press(0, "recall", "pass")
    assert d.display[0][0] == "S1 CR 999 SHOOTER" and d.cab.panels[0].spot == ("pass", 0)


def test_recall_shows_past_rolls_with_the_stations_results():
    d = Driver(stations=2, recall=3)
    d.bet(0, "pass", "chip", chips=2)
    d.bet(1, "dont_pass")
    d.bet(1, "field")
    d.roll(5, 5)  # point 10
    d.bet(0, "odds", "n10", chips=2)
    d.roll(2, 3)
    d.roll(6, 4)  # point made
    d.bet(0, "pass")
    d.roll(1, 1)  # craps
    before = snapshot(d.cab)[0]
    d.press(0, "recall")
    assert d.display[0] == ("RECALL 1/3", "1+1=2 COME OUT", "PASS -5", "NET -5")
    d.press(0, "recall")
    assert d.display[0] == ("RECALL 2/3", "6+4=10 PT 10", "PASS +10", "ODDS PASS 10 +20",
                            "NET +30")
    d.press(0, "recall")
    assert d.display[0] == ("RECALL 3/3", "2+3=5 PT 10", "NET +0")
    d.press(0, "recall")
    assert d.display[0][0] == "S1 CR 1025 SHOOTER"  # S1 threw the craps: S1 keeps the dice
    d.press(1, "recall", "recall")
    assert d.display[1] == ("RECALL 2/3", "6+4=10 PT 10", "DONT PASS -1", "NET -1")
    d.press(1, "help")  # another view: its first page
    assert d.display[1][0] == "HELP 1/1"
    d.press(1, "recall")
    assert d.display[1][0] == "RECALL 1/3"
    assert snapshot(d.cab)[0] == before
    d.press(1, "n6")
    assert d.display[1][0] == "S2 CR 1000" and d.display[1][2] == "CHIP 1  PLACE"


def test_views_work_while_locked_and_change_nothing():
    d = Driver(stations=1, help_pages=HELP)
    d.bet(0, "pass")
    d.press(0, "cash_out")
    before = snapshot(d.cab)[0]
    d.press(0, "recall")
    assert d.display[0] == ("RECALL", "NO ROLLS YET")
    d.press(0, "help")
    assert d.display[0][0] == "HELP 1/3"
    assert snapshot(d.cab)[0] == before and d.cab.panels[0].handpay == 999


def test_a_key_with_a_long_press_acts_at_once_and_says_what_holding_on_does():
    d = Driver()
    d.bet(0, "pass", "chip")
    d.event((PRESS, 0, "bet"))  # the first edge: the bet, at once
    d.event((HOLD, 0, "bet", "take_down"))
    assert d.table.find(0, "pass").amount == 10
    assert d.display[0][4:] == ("HOLD: TAKE DOWN", "PASS +5")
    d.event((RELEASE, 0, "bet"))  # let go before the long press: that was all
    assert d.table.find(0, "pass").amount == 10 and d.display[0][4:] == ("PASS +5",)
    d.event((PRESS, 0, "bet"))
    d.event((HOLD, 0, "bet", "take_down"))
    d.event((PRESS, 0, "take_down"))  # held on: the spot comes down, the chip just bet with it
    assert d.table.find(0, "pass") is None and d.display[0][4:] == ("PASS DOWN +15",)
    d.event((RELEASE, 0, "bet"))
    d.event((RELEASE, 0, "take_down"))
    assert d.credits(0) == 1000


def test_a_selection_is_undone_when_its_key_is_held_on_to_its_long_press():
    d = Driver(help_pages=HELP)
    d.press(0, "come")
    d.event((PRESS, 0, "pass"))  # PASS at once...
    d.event((HOLD, 0, "pass", "dont_pass"))
    assert d.display[0][1] == "PASS: 0" and d.display[0][4:] == ("HOLD: DONT PASS",)
    d.event((PRESS, 0, "dont_pass"))  # ...held on: DONT PASS, as if PASS had not been pressed
    assert d.display[0][1] == "DONT PASS: 0" and d.display[0][2] == "CHIP 1  COME"
    d.event((RELEASE, 0, "pass"))
    d.event((RELEASE, 0, "dont_pass"))
    d.event((PRESS, 0, "chip"))  # CHIP 5 at once, then HELP held: the chip goes back to 1
    d.event((HOLD, 0, "chip", "help"))
    assert d.display[0][2] == "CHIP 5  COME"
    d.event((PRESS, 0, "help"))
    assert d.display[0][0] == "HELP 1/3" and d.cab.panels[0].chip_value() == 1


def counting_stations(made):
    """screens.station made to note on `made` each station it draws; returns the original, to
    put back."""
    station = screens.station

    def counted(cab, s):
        made.append(s)
        return station(cab, s)
    screens.station = counted
    return station


def test_a_selection_makes_only_its_own_stations_display_again():
    d = Driver(stations=4)
    made = []
    station = counting_stations(made)
    try:  # (not checked after each event: the check makes every display itself)
        for event in ((PRESS, 2, "field"), (RELEASE, 2, "field"), (HOLD, 2, "bet", "take_down"),
                      (PRESS, 2, "help"), (RELEASE, 2, "help"), (RELEASE, 2, "bet")):
            d.event(event, False)
        assert made == [2] * 6
        del made[:]
        d.event((PRESS, 2, "field"), False)  # leaves help and selects: still one station
        d.event((RELEASE, 2, "field"), False)
        d.event((PRESS, 2, "bet"), False)  # money moves: every display is made again
        assert made == [2, 2, 0, 1, 2, 3]
    finally:
        screens.station = station
    d.check()
    assert d.display[2][1] == "FIELD: 1" and d.message(2) == "FIELD +1"


def test_a_bet_that_leaves_the_shooter_makes_only_its_own_stations_display_again():
    d = Driver(stations=4)
    for event in ((PRESS, 0, "pass"), (RELEASE, 0, "pass"), (PRESS, 0, "bet"),
                  (RELEASE, 0, "bet"), (PRESS, 2, "field"), (RELEASE, 2, "field"),
                  (PRESS, 2, "bet"), (RELEASE, 2, "bet")):
        d.event(event)  # S1 the shooter, and the offer's time running
    made = []
    station = counting_stations(made)
    try:
        d.event((PRESS, 2, "bet"), False)
        d.event((RELEASE, 2, "bet"), False)
        d.event((PRESS, 2, "take_down"), False)
        assert made == [2, 2, 2]
        del made[:]
        d.event((RELEASE, 2, "take_down"), False)
        d.event((PRESS, 1, "pass"), False)
        d.event((RELEASE, 1, "pass"), False)
        d.event((PRESS, 1, "bet"), False)  # S1 still the shooter
        assert made == [2, 1, 1, 1]
    finally:
        screens.station = station
    d.check()
    assert d.display[2][1] == "FIELD: 0" and d.display[1][1] == "PASS: 1"


def test_a_bet_at_one_station_changes_the_shooter_shown_at_another():
    d = Driver(stations=3)
    d.bet(1, "pass")
    assert d.display[1][0].endswith("SHOOTER")
    d.bet(0, "pass")  # the first clockwise from the holder, station 0, with a line bet
    assert d.display[0][0].endswith("SHOOTER") and not d.display[1][0].endswith("SHOOTER")


def test_bad_events_raise_and_change_nothing():
    d = Driver(stations=2)
    d.bet(0, "pass", "chip")
    d.down(1, "field")
    bad = [
        ("press",), "press", ["press", 0, "bet"], (), (["press"], 0, "bet"), (None,),
        ("shake",), ("PRESS", 0, "bet"),
        (PRESS, 2, "bet"), (PRESS, -1, "bet"), (PRESS, True, "bet"), (PRESS, "0", "bet"),
        (PRESS, 0), (PRESS, 0, "bet", 1), (PRESS, 0, "shoot"), (PRESS, 0, None),
        (PRESS, 0, ["bet"]), (RELEASE, 1, "nope"), (RELEASE, 5, "field"), (RELEASE, 0),
        (CREDITS_IN, 0, 1.5), (CREDITS_IN, 0, "5"), (CREDITS_IN, 0, True), (CREDITS_IN, 0, 0),
        (CREDITS_IN, 0, -5), (CREDITS_IN, 2, 5), (CREDITS_IN, 0), (CREDITS_IN, 0, 5, 5),
        (KEY, 1), (KEY, 0), (KEY, None), (KEY, "on"), (KEY,), (KEY, True, True),
        (DICE, 3), (DICE, 3, 4, 5), (NO_ROLL,), (NO_ROLL, "a", "b"), (NO_ROLL, 5), (NO_ROLL, None),
        (HOLD, 0, "bet"), (HOLD, 0, "bet", "nope"), (HOLD, 0, "nope", "take_down"),
        (HOLD, 2, "bet", "take_down"), (HOLD, 0, "bet", "take_down", 1),
    ]
    for event in bad:
        before = snapshot(d.cab)
        e = raises(BadEvent, d.cab.handle, event, d.now)
        assert str(e), "a BadEvent says what was wrong"
        assert snapshot(d.cab) == before, "%s changed the cabinet" % (event,)
    assert isinstance(BadEvent("x"), ValueError)
    d.up(1, "field")
    d.press(0, "bet")  # the cabinet still works
    assert d.table.find(0, "pass").amount == 10


def test_a_quiet_cabinet_shows_nothing_new():
    d = Driver(stations=3)
    assert d.tick(0) == []
    assert d.tick(5000) == []  # nothing to count down, nothing to animate
    d.bet(0, "pass")
    out = d.tick(0)
    assert out == []
    out = d.tick(1000)  # the countdown on the sign moves on; nothing else
    assert [e[0] for e in out] == ["status"] and d.status[1] == "PUCK OFF  S1 SHOOTS 29s"


def test_a_random_storm_of_presses_moves_no_credit():
    d = Driver(stations=3, credits=40, rules={"side_bets": True, "put": True})
    dice = Dice(7)  # a storm that gets the dice rolled (each panel button added draws anew)
    # Without Help and Recall: an open view holds the shooter's timer (test_cabinet_round), so
    # views opened at random would keep the game still; they change no meter either way.
    names = tuple(b for b in buttons.ALL if b not in buttons.VIEWS)
    for step in range(3000):
        s = dice.next(3)
        name = names[dice.next(len(names))]
        kind = dice.next(10)
        if kind < 6:
            d.press(s, name)
        elif kind < 8:
            d.down(s, name)
        elif kind < 9:
            d.up(s, name)
        else:
            d.tick(dice.next(3000))
        if d.cab.phase == ROLLING:
            d.event((DICE, dice.die(), dice.die()))
        if step % 500 == 499:
            d.key(True)
            d.key(False)
    assert len(d.rolls) > 5
