# The puck, and when each wager may be made (docs/rules.md, "Game flow" and "Life of a wager"):
# line bets on the come-out only, come bets with the puck ON, put where enabled, side bets before
# a hand's first roll, nothing at all between "no more bets" and the roll, and no roll with bad dice.
from support import table, point_on, refused, ways, only, OUTCOME
from craps import errors
from craps.wagers import WIN, LOSE

POINTS = (4, 5, 6, 8, 9, 10)
SIDE = ("fire", "all", "tall", "small")


# -- the puck

def test_come_out_naturals_and_craps_leave_the_puck_off():
    for dice in ((3, 4), (6, 1), (5, 6), (1, 1), (1, 2), (2, 1), (6, 6)):
        t = table()
        t.bet(0, "pass", 10)
        r = t.roll(dice[0], dice[1])
        assert t.point == 0 and not r.point
        assert t.find(0, "pass") is None  # decided on the spot


def test_each_point_number_turns_the_puck_on_over_it():
    for number in POINTS:
        for d1, d2 in ways(number):
            t = table()
            t.bet(0, "pass", 10)
            r = t.roll(d1, d2)
            assert t.point == number and r.point == number
            assert r.settlements == []
            assert t.find(0, "pass", number).amount == 10


def test_point_made_either_way_turns_the_puck_off():
    # 8 set as 4-4 is made as 6-2 (002).
    t = table()
    t.bet(0, "pass", 10)
    t.roll(4, 4)
    r = t.roll(6, 2)
    assert t.point == 0 and not r.point
    assert only(r, "pass")[OUTCOME] == WIN


def test_seven_out_turns_the_puck_off():
    t = table()
    point_on(t, 9)
    r = t.roll(5, 2)
    assert t.point == 0 and not r.point
    assert only(r, "pass")[OUTCOME] == LOSE


def test_other_totals_leave_the_puck_where_it_is():
    t = table()
    point_on(t, 8)
    for dice in ((1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (4, 5), (5, 5), (5, 6), (6, 6)):
        r = t.roll(dice[0], dice[1])
        assert t.point == 8 and r.point == 8
        assert r.settlements == []
    assert t.find(0, "pass", 8).amount == 10


# -- when wagers may be made

def test_pass_and_dont_pass_only_on_the_come_out():
    t = table((1000, 1000))
    point_on(t, 6)
    refused(errors.ComeOutOnly, t, t.bet, 1, "pass", 10)
    refused(errors.ComeOutOnly, t, t.bet, 1, "dont_pass", 10)


def test_dont_pass_is_never_increased_after_the_point():
    t = table()
    t.bet(0, "dont_pass", 10)
    t.roll(2, 4)
    refused(errors.ComeOutOnly, t, t.bet, 0, "dont_pass", 5)
    assert t.find(0, "dont_pass", 6).amount == 10


def test_line_bets_open_again_on_the_next_come_out():
    t = table()
    point_on(t, 4)
    t.roll(3, 1)  # point made
    t.bet(0, "pass", 10)
    t.bet(0, "dont_pass", 10)
    assert t.on_table(0) == 20


def test_come_and_dont_come_only_with_the_puck_on():
    t = table()
    refused(errors.NoPoint, t, t.bet, 0, "come", 10)
    refused(errors.NoPoint, t, t.bet, 0, "dont_come", 10)
    point_on(t, 5)
    t.bet(0, "come", 10)
    t.bet(0, "dont_come", 10)
    assert t.find(0, "come").amount == 10 and t.find(0, "dont_come").amount == 10
    t.roll(3, 4)  # seven-out: the puck is OFF again
    refused(errors.NoPoint, t, t.bet, 0, "come", 10)
    refused(errors.NoPoint, t, t.bet, 0, "dont_come", 10)


def test_put_only_where_the_house_enables_it():
    t = table()
    point_on(t, 6)
    for number in POINTS:
        refused(errors.NotEnabled, t, t.bet, 0, "put", 10, number)


def test_put_only_with_the_puck_on():
    t = table(put=True)
    refused(errors.NoPoint, t, t.bet, 0, "put", 10, 8)
    point_on(t, 6)
    t.bet(0, "put", 10, 8)
    t.bet(0, "put", 10, 6)
    assert t.find(0, "put", 8).amount == 10 and t.find(0, "put", 6).amount == 10
    assert t.credits == [970]


def test_side_bets_only_where_the_house_enables_them():
    t = table()
    for kind in SIDE:
        refused(errors.NotEnabled, t, t.bet, 0, kind, 5)


def test_side_bets_only_before_the_first_roll_of_a_hand():
    t = table(side_bets=True)
    for kind in SIDE:
        t.bet(0, kind, 5)
    t.bet(0, "fire", 5)  # still before the first roll: adds
    assert t.find(0, "fire").amount == 10
    t.bet(0, "pass", 10)
    t.roll(2, 2)  # the hand has started
    for kind in SIDE:
        refused(errors.HandStarted, t, t.bet, 0, kind, 5)


def test_a_side_bet_hand_runs_from_one_seven_out_to_the_next():
    # rules.md: "the first roll of a new shooter's hand". A hand starts at the table's first roll,
    # after each seven-out and when the shooter gives up the dice; a come-out natural or craps,
    # or a point made, does not start a new hand.
    t = table((1000, 1000), side_bets=True)
    t.bet(0, "pass", 10)
    t.roll(5, 6)  # come-out natural
    refused(errors.HandStarted, t, t.bet, 1, "fire", 5)
    t.bet(0, "pass", 10)
    t.roll(1, 3)  # point 4
    t.roll(2, 2)  # point made: the same shooter comes out again, same hand
    refused(errors.HandStarted, t, t.bet, 1, "small", 5)
    t.bet(0, "pass", 10)
    t.roll(1, 4)  # point 5
    t.roll(3, 4)  # seven-out: the next roll starts a new hand
    for kind in SIDE:
        t.bet(1, kind, 5)
    assert t.on_table(1) == 20


def test_side_bets_open_again_when_the_shooter_passes_the_dice():
    t = table((1000, 1000), side_bets=True)
    t.bet(0, "pass", 10)
    t.bet(0, "fire", 5)
    t.bet(1, "fire", 5)
    t.bet(1, "small", 5)
    t.roll(2, 2)  # point 4
    t.roll(2, 2)  # point made: station 1's Fire bet counts the 4, Small counts the 4s
    t.pass_dice(0)  # a new shooter's hand: the riding side bets go on with the dice
    t.bet(0, "tall", 5)
    refused(errors.HandStarted, t, t.bet, 1, "fire", 5)  # it counts a point already
    refused(errors.HandStarted, t, t.bet, 1, "small", 5)
    refused(errors.ContractBet, t, t.remove, 1, "fire")
    assert t.find(1, "fire").state and t.find(0, "tall").amount == 5


def test_side_bets_open_again_after_a_house_seven_out():
    t = table(side_bets=True)
    t.bet(0, "place", 12, 6)  # no line bet: the house rolls
    t.roll(4, 4)  # the house's point 8
    refused(errors.HandStarted, t, t.bet, 0, "tall", 5)
    r = t.roll(6, 1)
    assert r.shooter is None
    t.bet(0, "tall", 5)
    assert t.find(0, "tall").amount == 5


def test_everything_else_any_time_betting_is_open():
    t = table()
    for number in POINTS:
        t.bet(0, "place", 6, number)
        t.bet(0, "lay", 20, number)
        t.bet(0, "buy", 20, number)
    t.bet(0, "hard", 5, 6)
    t.bet(0, "big8", 5)
    t.bet(0, "field", 5)
    t.bet(0, "hop", 5, 23)
    t.bet(0, "world", 5)
    assert t.on_table(0) == 6 * (6 + 20 + 20) + 5 * 5  # all on the come-out
    t.bet(0, "pass", 10)
    t.roll(4, 4)  # point 8 (the lay 8 loses; the rest is off or undecided or one-roll)
    assert t.point == 8
    t.bet(0, "any7", 5)
    t.bet(0, "horn", 4)
    t.bet(0, "hard", 5, 10)
    t.bet(0, "place", 6, 8)
    assert t.find(0, "any7").amount == 5 and t.find(0, "horn").amount == 4
    assert t.find(0, "hard", 10).amount == 5 and t.find(0, "place", 8).amount == 12


# -- no more bets

def _every_bet():
    # (kind, amount, number) for every wager kind
    return (("pass", 10, 0), ("dont_pass", 10, 0), ("come", 10, 0), ("dont_come", 10, 0),
            ("put", 10, 8), ("place", 12, 8), ("buy", 20, 8), ("lay", 24, 8), ("hard", 5, 8),
            ("big6", 5, 0), ("big8", 5, 0), ("field", 5, 0), ("any7", 5, 0),
            ("any_craps", 5, 0), ("two", 5, 0), ("three", 5, 0), ("yo", 5, 0), ("twelve", 5, 0),
            ("horn", 4, 0), ("horn_high", 5, 12), ("world", 5, 0), ("ce", 2, 0),
            ("hop", 5, 23), ("fire", 5, 0), ("all", 5, 0), ("tall", 5, 0), ("small", 5, 0))


def test_no_more_bets_refuses_every_wager_until_the_roll():
    t = table((1000, 1000), put=True, side_bets=True)
    t.close_betting()
    assert not t.betting_open
    for kind, amount, number in _every_bet():
        refused(errors.BettingClosed, t, t.bet, 1, kind, amount, number)
    t.roll(2, 3)  # the roll opens betting again (the house rolled: no line bet)
    assert t.betting_open and t.point == 5
    t.bet(1, "come", 10)
    t.bet(1, "put", 10, 8)
    t.close_betting()
    for kind, amount, number in _every_bet():
        refused(errors.BettingClosed, t, t.bet, 1, kind, amount, number)


def test_no_more_bets_refuses_odds_take_downs_calls_and_passing_the_dice():
    t = table((1000, 1000), put=True)
    t.bet(0, "pass", 10)
    t.bet(1, "dont_pass", 10)
    t.bet(0, "place", 12, 8)
    t.roll(3, 3)  # point 6, station 0 shoots
    t.bet(0, "come", 10)
    t.roll(2, 3)  # the come bet goes to 5
    t.odds(0, "pass", 10)
    t.odds(1, "dont_pass", 12)
    t.odds(0, "come", 10, 5)
    t.close_betting()
    refused(errors.BettingClosed, t, t.odds, 0, "pass", 10)
    refused(errors.BettingClosed, t, t.odds, 1, "dont_pass", 12)
    refused(errors.BettingClosed, t, t.odds, 0, "come", 10, 5)
    refused(errors.BettingClosed, t, t.remove, 1, "dont_pass")
    refused(errors.BettingClosed, t, t.remove, 1, "dont_pass", 0, 5)
    refused(errors.BettingClosed, t, t.remove, 0, "place", 8)
    refused(errors.BettingClosed, t, t.remove, 0, "odds", 0, None, "pass")
    refused(errors.BettingClosed, t, t.set_working, 0, "place", True, 8)
    refused(errors.BettingClosed, t, t.set_working, 0, "odds", True, 5, "come")
    refused(errors.BettingClosed, t, t.pass_dice, 0)
    t.roll(1, 1)
    assert t.betting_open
    assert t.remove(0, "place", 8) == 12
    t.pass_dice(0)
    assert t.holder == 1


# -- no roll and bad dice

def test_a_roll_with_bad_dice_is_refused_and_changes_nothing():
    t = table()
    t.bet(0, "pass", 10)
    t.bet(0, "field", 5)
    for d1, d2 in ((0, 3), (3, 0), (7, 1), (1, 7), ("3", 4), (4, "3"), (True, 2), (2, True),
                   (2.0, 3), (3, 2.0), (None, 3), (-1, 4)):
        refused(errors.BadDice, t, t.roll, d1, d2)
    t.roll(3, 4)  # the same table, untouched, rolls on: pass wins 10, field loses 5
    assert t.credits == [1005]


def test_bad_dice_leave_betting_closed():
    t = table()
    t.bet(0, "pass", 10)
    t.close_betting()
    refused(errors.BadDice, t, t.roll, 0, 7)
    assert not t.betting_open
    refused(errors.BettingClosed, t, t.bet, 0, "field", 5)


def test_no_roll_is_not_calling_roll_the_same_shooter_rolls_again():
    t = table((1000, 1000))
    t.bet(0, "pass", 10)
    t.bet(1, "pass", 10)
    t.roll(2, 2)
    t.close_betting()
    # a void roll: nothing is called; the dice come back and the same shooter throws
    r = t.roll(5, 5)
    assert r.shooter == 0 and t.point == 4
