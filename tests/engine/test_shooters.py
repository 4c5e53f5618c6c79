# Shooters and stations (docs/rules.md "Shooter"; docs/scenario.md: the dice start with
# station 0, the first station clockwise from the holder with a Pass or Don't Pass stake shoots,
# else the house rolls; after a seven-out thrown by a station, or a pass_dice, the dice go one
# station clockwise).
from support import table, point_on, refused, raises, settle, only, OUTCOME, WON
from craps import errors
from craps.wagers import WIN, LOSE


def test_the_dice_start_with_station_zero():
    t = table((1000, 1000, 1000))
    for p in range(3):
        t.bet(p, "pass", 10)
    assert t.holder == 0 and t.next_shooter() == 0
    r = t.roll(2, 2)
    assert r.shooter == 0 and t.holder == 0


def test_the_shooter_is_the_first_station_clockwise_with_a_line_bet():
    t = table((1000, 1000, 1000))
    t.bet(2, "pass", 10)
    t.bet(1, "dont_pass", 10)
    assert t.next_shooter() == 1
    r = t.roll(2, 2)
    assert r.shooter == 1 and t.holder == 1


def test_a_station_without_a_line_bet_is_skipped():
    t = table((1000, 1000, 1000, 1000))
    t.bet(0, "field", 5)
    t.bet(1, "place", 12, 6)
    t.bet(2, "any7", 5)
    t.bet(3, "pass", 10)
    r = t.roll(1, 4)
    assert r.shooter == 3 and t.holder == 3
    t.bet(1, "come", 10)  # a come bet does not make a shooter
    r = t.roll(1, 3)
    assert r.shooter == 3


def test_with_no_line_bet_the_house_rolls_and_the_holder_keeps_the_dice():
    t = table((1000, 1000, 1000))
    t.pass_dice(0)
    t.bet(2, "field", 5)
    assert t.next_shooter() is None
    r = t.roll(3, 3)
    assert r.shooter is None and t.holder == 1
    assert t.point == 6  # the house's roll moves the puck like any other


def test_point_made_keeps_the_shooter():
    t = table((1000, 1000))
    t.bet(0, "pass", 10)
    t.bet(1, "pass", 10)
    t.roll(4, 5)
    r = t.roll(3, 6)
    assert r.shooter == 0 and t.point == 0 and t.holder == 0
    t.bet(1, "pass", 10)
    r = t.roll(1, 1)
    assert r.shooter == 1  # station 0 has no line bet now: station 1 comes out
    t.bet(0, "pass", 10)
    t.bet(1, "pass", 10)
    r = t.roll(1, 1)
    assert r.shooter == 1  # the holder included: station 1 keeps the dice


def test_after_a_seven_out_the_dice_go_one_station_clockwise():
    t = table((1000, 1000, 1000))
    for p in range(3):
        t.bet(p, "pass", 10)
    t.roll(3, 3)
    r = t.roll(3, 4)
    assert r.shooter == 0 and t.holder == 1
    t.bet(0, "pass", 10)
    t.bet(2, "dont_pass", 10)
    r = t.roll(1, 2)  # station 1 has no line bet: station 2 shoots
    assert r.shooter == 2 and t.holder == 2


def test_a_come_out_seven_is_not_a_seven_out():
    t = table((1000, 1000))
    t.bet(0, "pass", 10)
    t.bet(1, "pass", 10)
    r = t.roll(4, 3)
    assert r.shooter == 0 and t.holder == 0


def test_after_a_house_seven_out_the_holder_keeps_the_dice():
    t = table((1000, 1000, 1000))
    t.pass_dice(0)
    t.bet(1, "dont_pass", 10)
    t.bet(2, "place", 12, 6)
    r = t.roll(4, 4)
    assert r.shooter == 1
    t.remove(1, "dont_pass")  # no line bet left: the house rolls the hand out
    r = t.roll(5, 2)
    assert r.shooter is None and t.point == 0
    assert only(r, "place")[OUTCOME] == LOSE
    assert t.holder == 1


def test_the_holder_may_pass_the_dice_clockwise():
    t = table((1000, 1000, 1000))
    t.pass_dice(0)
    assert t.holder == 1
    t.pass_dice(1)
    assert t.holder == 2
    t.pass_dice(2)
    assert t.holder == 0


def test_only_the_holder_may_pass_the_dice():
    t = table((1000, 1000, 1000))
    refused(errors.NotShooter, t, t.pass_dice, 1)
    refused(errors.NotShooter, t, t.pass_dice, 2)
    t.pass_dice(0)
    refused(errors.NotShooter, t, t.pass_dice, 0)


def test_passing_the_dice_in_the_middle_of_a_hand():
    t = table((1000, 1000))
    t.bet(0, "pass", 10)
    t.bet(1, "pass", 10)
    t.roll(3, 3)
    t.pass_dice(0)
    r = t.roll(2, 4)  # station 1 throws and makes the point
    assert r.shooter == 1 and t.point == 0
    assert [s[4] for s in r.settlements] == [WIN, WIN]  # both pass bets
    assert t.credits == [1010, 1010]


def test_a_shooter_who_passes_the_dice_shoots_again_if_nobody_else_may():
    t = table((1000, 1000))
    t.bet(0, "pass", 10)
    t.pass_dice(0)
    r = t.roll(2, 2)
    assert r.shooter == 0 and t.holder == 0


def test_the_dice_wrap_round_eight_stations():
    t = table((1000,) * 8)
    for p in range(7):
        t.pass_dice(p)
    assert t.holder == 7
    t.bet(7, "pass", 10)
    t.bet(2, "pass", 10)
    r = t.roll(2, 2)
    assert r.shooter == 7
    r = t.roll(6, 1)  # seven-out by station 7
    assert t.holder == 0
    t.bet(2, "pass", 10)
    r = t.roll(5, 5)
    assert r.shooter == 2
    t.pass_dice(2)
    t.pass_dice(3)
    t.pass_dice(4)
    t.pass_dice(5)
    t.pass_dice(6)
    assert t.holder == 7
    r = t.roll(4, 6)  # station 7 has no line bet: round past 0 and 1 to station 2
    assert r.shooter == 2 and t.point == 0


def test_a_single_station_keeps_the_dice_after_a_seven_out():
    t = table()
    point_on(t, 4)
    t.roll(4, 3)
    assert t.holder == 0
    t.bet(0, "pass", 10)
    assert t.roll(1, 1).shooter == 0


def test_a_table_has_one_to_eight_stations():
    raises(ValueError, table, ())
    raises(ValueError, table, (100,) * 9)
    assert table((100,) * 8).stations() == 8


# -- a whole game: every credit accounted for

def test_a_three_station_game_balances_every_meter():
    # Default house rules: 3-4-5x odds, field 12 pays 2:1, bar 12, commission on the win.
    # Each settle() also checks that each meter plus its stake on the layout moves by exactly
    # what the roll's settlements say.
    t = table((1000, 1000, 1000))
    t.bet(0, "pass", 10)
    t.bet(1, "dont_pass", 10)
    t.bet(2, "field", 5)
    r = settle(t, 2, 2)  # point 4; the field wins 5
    assert (r.shooter, t.point) == (0, 4)
    assert (t.credits, [t.on_table(p) for p in range(3)]) == ([990, 990, 1005], [10, 10, 0])

    t.odds(0, "pass", 20)
    t.odds(1, "dont_pass", 40)  # wins 20
    t.bet(2, "place", 12, 6)
    t.bet(0, "come", 10)
    r = settle(t, 2, 3)
    assert r.moves == [(0, "come", 5, 10)] and r.settlements == []

    t.odds(0, "come", 20, 5)
    r = settle(t, 3, 3)  # place 6 wins 14
    assert (t.credits, [t.on_table(p) for p in range(3)]) == ([940, 950, 1007], [60, 50, 12])

    t.bet(1, "dont_come", 10)
    r = settle(t, 1, 4)  # come 5 wins 10, its odds 30; the don't come goes to 5
    assert r.moves == [(1, "dont_come", 5, 10)]
    assert t.credits == [1010, 940, 1007]

    t.bet(2, "field", 10)
    r = settle(t, 1, 3)  # point made: pass +10, odds +40; don't pass -10, lay -40; field +10
    assert (r.shooter, t.point) == (0, 0)
    assert (t.credits, [t.on_table(p) for p in range(3)]) == ([1090, 940, 1017], [0, 10, 12])

    t.bet(0, "pass", 10)
    t.bet(1, "pass", 10)
    t.odds(1, "dont_come", 30, 5)  # wins 20
    r = settle(t, 3, 4)  # come-out 7: pass wins twice, the don't come and its odds win
    assert only(r, "odds")[WON] == 20
    assert t.find(2, "place", 6).amount == 12  # off on the come-out
    assert (t.credits, [t.on_table(p) for p in range(3)]) == ([1100, 990, 1017], [0, 0, 12])
    assert t.holder == 0

    t.bet(1, "pass", 10)
    t.bet(2, "dont_pass", 10)
    t.pass_dice(0)
    r = settle(t, 5, 5)
    assert (r.shooter, t.point) == (1, 10)

    t.odds(2, "dont_pass", 20)  # wins 10
    t.bet(0, "any7", 5)
    r = settle(t, 6, 1)  # seven-out: pass -10; don't pass +10, lay +10, place 6 -12; any7 +20
    assert t.holder == 2
    assert (t.credits, [t.on_table(p) for p in range(3)]) == ([1120, 980, 1037], [0, 0, 0])

    t.bet(0, "pass", 10)
    r = settle(t, 6, 6)  # station 2 has no line bet: station 0 shoots and craps out
    assert (r.shooter, t.holder) == (0, 0)

    t.bet(1, "field", 10)
    r = settle(t, 1, 1)  # nobody may shoot: the house rolls; 2 pays 2:1 on the field
    assert (r.shooter, t.holder) == (None, 0)

    # Station 0 won 10 + 10 + 30 + 40 + 10 + 20 - 10 = 110, station 1 broke even
    # (-10 - 40 + 10 + 10 + 20 - 10 + 20 = 0), station 2 won 5 + 14 + 10 + 10 + 10 - 12 = 37:
    # the house paid out 147.
    assert t.credits == [1110, 1000, 1037]
    assert [t.on_table(p) for p in range(3)] == [0, 0, 0]
    assert sum(t.credits) == 3000 + 147


def test_the_station_the_dice_would_go_to_may_pass_them_on():
    # The holder (station 0) has no line bet: station 1 would shoot, so it may give up the dice.
    t = table((1000, 1000, 1000))
    t.bet(1, "pass", 10)
    refused(errors.NotShooter, t, t.pass_dice, 2)
    t.pass_dice(1)
    assert t.holder == 2 and t.next_shooter() == 1  # the dice come round to the line bettor
