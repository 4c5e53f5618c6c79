# The round: "no more bets", the roll timeout, the house's roll, no rolls and the tilt, shooters
# moving round the stations. Time is fake: the Driver moves it on itself.
from cabinet_support import Driver, money, lit
from terminal import attendant, puck
from terminal.cabinet import BETTING, CLOSED, ROLLING, SETTLING, TILT
from terminal.events import DICE, NO_ROLL, FAULT


def test_late_bets_are_refused_while_closed_rolling_and_settling():
    d = Driver(stations=3)
    d.bet(0, "pass")
    d.bet(1, "field", "chip")
    d.bet(2, "place", "n8", "chip", chips=2)
    d.call(0)
    assert d.cab.phase == CLOSED
    for s in range(3):
        assert d.refused(s, "bet", "take_down", "working", "repeat", "pass_dice") == \
            "no more bets"
    assert d.refused(0, "roll") == "no more bets"
    d.ask()
    assert d.cab.phase == ROLLING
    for s in range(3):
        assert d.refused(s, "bet", "take_down", "roll") == "no more bets"
    d.dice(5, 6)
    assert d.cab.phase == SETTLING
    for s in range(3):
        assert d.refused(s, "bet", "take_down", "repeat", "roll") == "wait: paying the last roll"
    assert d.credits(1) == 1000 + 5 and d.credits(2) == 1000 - 10
    d.tick(d.settings.settle_ms - 1)
    assert d.cab.phase == SETTLING
    d.tick(1)
    assert d.cab.phase == BETTING and d.status[0] == "PLACE YOUR BETS"
    d.bet(1, "field")  # betting is open again
    assert d.message(1) == "FIELD +5" and d.credits(1) == 1000


def test_selection_is_free_while_the_dice_roll():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.call(0)
    signals = len(d.signals)
    d.press(1, "hard", "n6", "chip")  # choosing the next bet is no bet
    assert d.display[1][1:3] == ("HARD 6: 0", "CHIP 5  HARD")
    assert d.signals[signals:] == []


def test_only_the_shooter_rolls():
    d = Driver(stations=3)
    assert d.refused(0, "roll") == "bet the line to shoot"  # nothing is on the layout
    d.bet(1, "pass")
    d.bet(2, "dont_pass")
    assert d.refused(0, "roll") == "S2 shoots"
    assert d.refused(2, "roll") == "S2 shoots"
    assert d.cab.phase == BETTING and d.asked == 0
    d.roll(3, 3, by=1)
    assert d.shooters == [1]


def test_a_slow_shooter_loses_the_dice_to_the_next_station_with_a_line_bet():
    d = Driver(stations=3)
    d.bet(0, "pass")
    d.bet(1, "pass")
    start = d.now
    assert d.status[1] == "PUCK OFF  S1 SHOOTS 30s"
    d.to(start + 29001)
    assert d.status[1] == "PUCK OFF  S1 SHOOTS 1s"
    d.to(start + 29999)
    assert d.table.holder == 0 and d.cab.shooter() == 0
    d.to(start + 30000)
    assert d.table.holder == 1 and d.cab.shooter() == 1
    assert d.message(0) == "TOO SLOW: THE DICE MOVE ON"
    assert d.display[1][0] == "S2 CR 999 SHOOTER" and d.display[0][0] == "S1 CR 999"
    assert d.status[1] == "PUCK OFF  S2 SHOOTS 30s"
    assert d.asked == 0 and d.cab.phase == BETTING  # nothing rolled, nothing settled
    # S2 is slow too: S3 has no line bet, so the dice come round to S1 again.
    d.to(start + 60000)
    assert d.message(1) == "TOO SLOW: THE DICE MOVE ON"
    assert d.table.holder == 2 and d.cab.shooter() == 0
    assert d.refused(1, "roll") == "S1 shoots"
    d.roll(2, 2, by=0)
    assert d.shooters == [0] and d.table.holder == 0
    assert d.message(0) == ""  # the roll's result replaces the old message


def test_a_slow_shooter_nobody_can_replace_leaves_the_roll_to_the_house():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.bet(1, "place", "n6", chips=6)  # S2 waits on S1: S2 has no line bet
    d.roll(3, 3, by=0)  # point 6: place 6 is not decided on this come-out roll
    start = d.now
    d.to(start + d.settings.roll_timeout_ms)
    assert d.cab.phase == CLOSED  # no station may take the dice: the house rolls them
    assert d.message(0) == "TOO SLOW: THE HOUSE ROLLS" and d.status[0] == "NO MORE BETS"
    r = d.throw(3, 3)
    assert [x[1] for x in r] == ["pass", "place"]


def test_the_house_rolls_when_nobody_bets_the_line():
    d = Driver(stations=2)
    d.tick(100000)
    assert d.asked == 0 and d.status[1] == "PUCK OFF  BET THE LINE TO SHOOT"  # nothing to roll for
    d.bet(1, "field")
    start = d.now
    assert d.status[1] == "PUCK OFF  HOUSE ROLLS 10s"
    assert d.refused(1, "roll") == "the house rolls"
    d.to(start + d.settings.house_roll_ms - 1)
    assert d.cab.phase == BETTING and d.asked == 0
    d.to(start + d.settings.house_roll_ms)
    assert d.cab.phase == CLOSED and d.status[0] == "NO MORE BETS"
    assert d.refused(0, "bet") == "no more bets"
    r = d.throw(1, 1)
    assert d.shooters == [None] and r[0][4:6] == (1, 2)  # the field: 2 pays double
    assert d.credits(1) == 1002
    assert d.status[1] == "PUCK OFF  BET THE LINE TO SHOOT"  # the field is gone


def test_a_line_bet_takes_over_from_the_house_timer():
    d = Driver(stations=2)
    d.bet(1, "field")
    d.tick(9000)
    d.bet(0, "pass")  # S1 will shoot: the house does not roll
    assert d.status[1] == "PUCK OFF  S1 SHOOTS 30s"
    d.tick(29999)
    assert d.asked == 0 and d.cab.phase == BETTING
    d.roll(6, 5)
    assert d.shooters == [0]


def test_a_no_roll_shows_its_reason_and_the_dice_are_asked_for_again():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.bet(1, "field")
    before = money(d.table)
    d.call(0)
    d.no_roll("DIE OFF THE TABLE")
    assert d.status[0] == "NO ROLL: DIE OFF THE TABLE"
    assert d.cab.phase == CLOSED and money(d.table) == before
    assert lit(d.frame) == {0: puck.AMBER}  # the OFF disc blinks amber
    d.tick(puck.BLINK_MS)
    assert lit(d.frame) == {}
    assert d.refused(1, "bet") == "no more bets"
    d.ask()  # asked again after call_ms
    assert d.status[0] == "DICE ROLLING"
    d.event((DICE, 0, 7))  # a reading that is no die: no roll too
    assert d.status[0] == "NO ROLL: a die shows 1 to 6, not 0" and d.rolls == []
    d.ask()
    d.dice(4, 5)
    d.settle()
    assert d.table.point == 9 and d.cab.no_rolls == 0
    assert d.display[0][3] == "LAST 4+5=9" and d.status[2] == "LAST ROLLS: 9"


def test_dice_or_a_no_roll_nobody_asked_for_change_nothing():
    d = Driver(stations=1)
    d.bet(0, "pass")
    before = money(d.table)
    d.event((DICE, 3, 4))
    assert d.rolls == [] and money(d.table) == before and d.cab.phase == BETTING
    assert d.status[0] == "DICE IGNORED: NO ROLL WAS CALLED"
    d.event((NO_ROLL, "COCKED DIE"))
    assert d.cab.no_rolls == 0 and d.cab.phase == BETTING
    d.call(0)
    d.event((DICE, 3, 4))  # before the dice were asked for
    assert d.rolls == [] and d.cab.phase == CLOSED
    d.throw(3, 4)
    assert d.credits(0) == 1001


def test_no_rolls_in_a_row_tilt_the_cabinet_until_the_attendant_clears_it():
    d = Driver(stations=2)
    d.bet(0, "pass", "chip")
    d.bet(1, "field", "chip")
    d.bet(1, "hop", "hop")  # hop 1-2 for 5
    d.call(0)
    before = money(d.table)
    d.no_roll("DICE NOT SETTLED")
    d.no_roll("COCKED DIE")
    assert d.cab.phase == CLOSED
    d.no_roll("DIE OFF THE TABLE")
    assert d.cab.phase == TILT
    assert d.status[0] == "TILT: 3 NO ROLLS IN A ROW"
    assert d.frame == (puck.RED,) * 7
    d.tick(1000)
    assert d.frame == (puck.DARK,) * 7  # slow red blinks
    asked = d.asked
    d.tick(60000)  # nothing moves on its own
    assert d.cab.phase == TILT and d.asked == asked
    for s in range(2):
        assert d.refused(s, "bet", "chip", "pass", "n6", "roll", "take_down", "cash_out",
                         "pass_dice") == "tilt: call the attendant"
    d.event((DICE, 2, 2))
    assert d.rolls == [] and d.cab.phase == TILT
    assert money(d.table) == before
    d.key(True)
    assert d.status[0] == "ATTENDANT: 3 NO ROLLS IN A ROW"
    assert d.refused(1, "n6") == attendant.HINT
    d.tick(5000)
    assert d.cab.phase == TILT and d.asked == asked
    d.key(False)
    assert d.cab.phase == CLOSED and d.status[0] == "NO MORE BETS"
    assert money(d.table) == before  # the same bets stand
    d.ask()  # the roll is asked for again
    r = d.dice(1, 2)
    assert sorted((x[0], x[1], x[5]) for x in r) == [(0, "pass", -5), (1, "field", 5),
                                                     (1, "hop", 75)]
    d.settle()
    assert d.cab.no_rolls == 0


def test_a_good_roll_resets_the_no_roll_count_and_the_limit_is_a_setting():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.call(0)
    d.no_roll()
    d.no_roll()
    d.ask()
    d.dice(2, 2)
    d.settle()
    d.call(0)
    d.no_roll()
    d.no_roll()
    assert d.cab.phase == CLOSED
    d = Driver(stations=1, no_roll_limit=1)
    d.bet(0, "pass")
    d.call(0)
    d.no_roll()
    assert d.cab.phase == TILT and d.status[0] == "TILT: 1 NO ROLLS IN A ROW"


def test_the_attendant_key_stops_the_clocks():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.bet(1, "pass")
    d.key(True)
    assert d.status[0] == "ATTENDANT" and d.status[1] == "PUCK OFF  S1 SHOOTS"
    d.tick(100000)
    assert d.table.holder == 0 and d.cab.phase == BETTING  # no roll timeout meanwhile
    assert d.refused(0, "roll") == "no roll is waiting to be decided"
    d.key(True)  # turned on again: nothing new
    d.key(False)
    assert d.status[0] == "PLACE YOUR BETS" and d.status[1] == "PUCK OFF  S1 SHOOTS 30s"
    d.tick(30000)
    assert d.table.holder == 1


def test_the_shooter_goes_round_the_stations_after_each_seven_out():
    d = Driver(stations=3)
    shooters = []
    for hand in range(4):
        for s in range(3):
            d.bet(s, "pass")
        shooter = d.cab.shooter()
        shooters.append(shooter)
        assert d.display[shooter][0].endswith(" SHOOTER")
        assert d.status[1].startswith("PUCK OFF  S%d SHOOTS" % (shooter + 1))
        d.roll(4, 6)
        d.roll(5, 5)  # point made: the shooter keeps the dice
        assert d.cab.shooter() == shooter and d.table.holder == shooter
        for s in range(3):
            d.bet(s, "pass")
        assert d.cab.shooter() == shooter
        d.roll(2, 4)
        d.roll(1, 6)  # seven-out
        assert d.display[shooter][3] == "LAST 1+6=7" and d.message(shooter) == "LOSE 1"
        assert d.table.holder == (shooter + 1) % 3
    assert shooters == [0, 1, 2, 0]
    assert d.shooters == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0]


def test_the_shooter_may_pass_the_dice():
    d = Driver(stations=3)
    d.bet(0, "pass")
    d.bet(1, "pass")
    d.bet(2, "dont_pass")
    assert d.refused(1, "pass_dice") == "only the shooter can pass the dice"
    d.press(0, "pass_dice")
    assert d.message(0) == "DICE PASSED" and d.cab.shooter() == 1
    assert d.status[1] == "PUCK OFF  S2 SHOOTS 30s"
    d.roll(3, 1, by=1)
    d.press(1, "pass_dice")  # in the middle of a hand: S3 takes the dice and the point
    assert d.cab.shooter() == 2
    r = d.roll(2, 2, by=2)
    assert sorted((x[0], x[5]) for x in r) == [(0, 1), (1, 1), (2, -1)]
    assert d.shooters == [1, 2]


def test_a_seven_out_on_a_house_roll_leaves_the_dice_where_they_were():
    d = Driver(stations=2)
    d.bet(1, "dont_pass")
    d.roll(2, 4, by=1)
    d.press(1, "dont_pass", "take_down")
    d.bet(0, "place", "n8", chips=6)
    d.to(d.now + d.settings.roll_timeout_ms)  # S2 keeps the dice with no line bet: they move on
    assert d.table.holder == 0 and d.cab.shooter() is None
    d.to(d.now + d.settings.house_roll_ms)
    d.throw(3, 4)  # seven: the house's hand ends
    assert d.shooters == [1, None] and d.table.holder == 0


def test_a_fault_tilts_the_cabinet_at_once_and_the_attendant_clears_it():
    d = Driver()
    d.bet(0, "pass")
    d.call(0)
    d.ask()
    d.event((FAULT, "RNG HEALTH TEST FAILED"))  # the dice source gives no result
    assert d.status[0] == "TILT: FAULT: RNG HEALTH TEST FAILED"
    assert d.refused(0, "bet") == "tilt: call the attendant"
    d.event((DICE, 3, 4))  # a late result is not settled in a tilt
    assert d.rolls == []
    d.key(True)
    d.key(False)
    d.ask()  # the bets stand: the roll is asked for again
    d.dice(3, 4)
    assert d.net(0) == 1


def test_a_view_open_at_any_station_holds_the_shooters_timer():
    d = Driver(stations=2, help_pages=(("PAGE 1",), ("PAGE 2",), ("PAGE 3",)))
    d.bet(0, "pass")
    d.press(1, "help")  # S2 reads the paytable while S1 holds the dice
    d.to(d.now + 29999)  # a page turned now and then: the view stays open
    d.press(1, "help")
    d.to(d.now + 29999)
    assert d.cab.phase == BETTING and not d.message(0).startswith("TOO SLOW")
    d.press(1, "help", "help")  # past the last page: back to the table; the 30 s start again
    start = d.now
    d.to(start + 29999)
    assert d.cab.shooter() == 0
    d.to(start + 30000)
    assert d.message(0) == "TOO SLOW: THE HOUSE ROLLS"  # S2 has no line bet to take them


def test_a_view_open_holds_the_house_roll_too():
    d = Driver(stations=2)
    d.bet(1, "field")  # no line bet: the house rolls when its timer runs out
    d.press(0, "recall")
    d.to(d.now + d.settings.roll_timeout_ms - 1)  # three house timers, and more
    assert d.cab.phase == BETTING
    d.press(0, "recall")  # one page: back to the table
    d.to(d.now + d.settings.house_roll_ms)
    assert d.cab.phase == CLOSED  # no more bets: the house rolls


def test_a_view_left_alone_goes_back_to_the_table_and_the_timer_runs_again():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.press(1, "recall")
    assert d.display[1][0].startswith("RECALL")
    start = d.now
    d.to(start + d.settings.roll_timeout_ms)  # nobody pressed a thing: the view closes
    assert d.display[1][0] == "S2 CR 1000"
    d.to(start + 2 * d.settings.roll_timeout_ms)
    assert d.message(0).startswith("TOO SLOW")
