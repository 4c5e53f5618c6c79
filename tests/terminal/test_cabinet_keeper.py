# The shooter keeps the dice after a roll that is not a seven-out (rules.md: "same shooter comes
# out again"); what the panel reaches: travelled come bets, odds behind several flat bets on one
# number, Repeat that brings spots back rather than doubling them; the win signal.
from cabinet_support import Driver


def test_the_shooter_keeps_the_dice_after_making_the_point():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.roll(2, 2)  # point 4
    d.roll(3, 1)  # point made: S1's pass is paid and comes off
    d.bet(1, "pass")  # S2 bets the line: the dice stay with S1
    assert d.cab.shooter() == 0 and d.display[0][0].endswith(" SHOOTER")
    assert d.refused(1, "roll") == "S1 shoots"
    assert d.refused(0, "roll") == "bet the line to shoot"
    d.to(d.now + d.settings.roll_timeout_ms)  # S1 bets no line in time: the dice move on
    assert d.cab.shooter() == 1 and d.message(0) == "TOO SLOW: THE DICE MOVE ON"
    d.roll(3, 4)
    assert d.shooters[-1] == 1


def test_the_shooter_keeps_the_dice_after_a_natural_and_loses_them_on_a_seven_out():
    d = Driver(stations=3)
    for s in range(3):
        d.bet(s, "pass")
    d.roll(5, 6)  # S1's natural
    d.bet(2, "pass")
    assert d.cab.shooter() == 0
    d.bet(0, "pass")
    d.roll(4, 4)
    d.roll(4, 3)  # seven-out: every pass bet lost; the dice go clockwise to S2
    d.bet(2, "pass")  # S2 has no line bet: S3 shoots
    assert d.cab.shooter() == 2 and d.shooters == [0, 0, 0]


def test_a_win_beeps_the_winners_station():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.bet(1, "dont_pass")
    d.roll(3, 4)
    assert (0, "win") in d.signals and (1, "win") not in d.signals


def test_come_then_a_number_selects_the_come_bet_that_travelled_there():
    d = Driver()
    d.bet(0, "pass")
    d.roll(4, 4)  # point 8
    d.bet(0, "dont_come", chips=2)
    d.roll(2, 3)  # the don't come travels to 5
    d.press(0, "dont_come", "n5")
    assert d.spot_line(0) == "DONT COME 5: 2"
    assert d.refused(0, "bet") == "come bets go in the box: press COME or DONT COME"
    d.press(0, "take_down")  # a travelled don't come may come down
    assert d.message(0) == "DONT COME 5 DOWN +2" and d.table.find(0, "dont_come", 5) is None


def test_odds_on_the_same_number_again_go_behind_the_next_flat_bet():
    d = Driver(rules={"put": True})
    d.bet(0, "pass")
    d.roll(2, 2)  # point 4
    d.bet(0, "put", "n4")  # a put bet on the point: two flat bets on 4
    d.press(0, "odds")  # with the puck ON, ODDS selects the odds behind the point
    assert d.spot_line(0) == "ODDS PASS 4: 0"
    d.press(0, "n4")
    assert d.spot_line(0) == "ODDS PUT 4: 0"
    d.press(0, "bet")
    assert d.table.find(0, "odds", 4, "put").amount == 1
    assert d.table.find(0, "odds", 4, "pass") is None
    d.press(0, "n4")
    assert d.spot_line(0) == "ODDS PASS 4: 0"  # round again


def test_repeat_brings_a_spot_back_and_does_not_double_a_bet_still_up():
    d = Driver()
    d.bet(0, "pass")
    d.bet(0, "place", "n6", chips=6)
    d.roll(2, 2)  # point 4; the place 6 was off on the come-out and is still up
    d.press(0, "repeat")
    assert d.message(0) == "REPEAT 2 OF 2"
    assert d.table.find(0, "place", 6).amount == 6 and d.table.find(0, "pass", 4).amount == 1
