# Odds: only behind a flat bet on its point, up to the house's odds multiple (docs/rules.md,
# "Pass/Come odds", "Don't Pass/Don't Come (lay) odds", "Limits").
from support import table, point_on, refused, ways
from craps import errors

POINTS = (4, 5, 6, 8, 9, 10)
# The odds multiple on 4, 5, 6, 8, 9, 10 for each policy (docs/scenario.md's `odds` values;
# 3-4-5x is 3x on 4/10, 4x on 5/9, 5x on 6/8: docs/rules.md, lay odds).
POLICIES = (("1x", (1, 1, 1, 1, 1, 1)), ("2x", (2, 2, 2, 2, 2, 2)), ("3x", (3, 3, 3, 3, 3, 3)),
            ("3-4-5x", (3, 4, 5, 5, 4, 3)), ("5x", (5, 5, 5, 5, 5, 5)),
            ("10x", (10, 10, 10, 10, 10, 10)), ("100x", (100, 100, 100, 100, 100, 100)))
# Lay odds pay 1:2 on 4/10, 2:3 on 5/9, 5:6 on 6/8: to win W a player lays W * num / den.
LAY = ((2, 1), (3, 2), (6, 5), (6, 5), (3, 2), (2, 1))
BANK = 100000


def _dont_point(t, number, player=0, amount=10):
    t.bet(player, "dont_pass", amount)
    t.roll(*ways(number)[0])
    assert t.point == number


def test_pass_odds_cap_for_every_policy_on_every_number():
    for policy, multiples in POLICIES:
        for i in range(6):
            number, cap = POINTS[i], 10 * multiples[i]
            t = table((BANK,), odds=policy)
            point_on(t, number)
            refused(errors.OddsOverCap, t, t.odds, 0, "pass", cap + 1)
            t.odds(0, "pass", cap)
            assert t.find(0, "odds", number, "pass").amount == cap
            assert t.credits == [BANK - 10 - cap]


def test_lay_odds_may_win_at_most_the_multiple_of_the_flat_bet():
    for policy, multiples in POLICIES:
        for i in range(6):
            number = POINTS[i]
            cap = 10 * multiples[i] * LAY[i][0] // LAY[i][1]
            t = table((BANK,), odds=policy)
            _dont_point(t, number)
            refused(errors.OddsOverCap, t, t.odds, 0, "dont_pass", cap + 1)
            t.odds(0, "dont_pass", cap)
            assert t.find(0, "odds", number, "dont_pass").amount == cap
            assert t.credits == [BANK - 10 - cap]


def test_three_four_five_x_lays_at_most_six_times_the_flat_on_every_number():
    for number in POINTS:
        t = table()
        _dont_point(t, number, amount=10)
        refused(errors.OddsOverCap, t, t.odds, 0, "dont_pass", 61)
        t.odds(0, "dont_pass", 60)


def test_three_four_five_x_is_the_default():
    for number, cap in ((4, 30), (5, 40), (6, 50), (8, 50), (9, 40), (10, 30)):
        t = table()
        point_on(t, number)
        refused(errors.OddsOverCap, t, t.odds, 0, "pass", cap + 1)
        t.odds(0, "pass", cap)


def test_odds_may_be_added_to_up_to_the_cap():
    t = table()
    point_on(t, 4)  # 3x: 30
    t.odds(0, "pass", 10)
    t.odds(0, "pass", 10)
    refused(errors.OddsOverCap, t, t.odds, 0, "pass", 11)
    t.odds(0, "pass", 10)
    refused(errors.OddsOverCap, t, t.odds, 0, "pass", 1)
    assert t.find(0, "odds", 4, "pass").amount == 30
    assert t.credits == [960]


def test_lay_odds_may_be_added_to_up_to_the_cap():
    t = table()
    _dont_point(t, 9)  # 4x: win at most 40, lay at most 60
    t.odds(0, "dont_pass", 30)
    refused(errors.OddsOverCap, t, t.odds, 0, "dont_pass", 31)
    t.odds(0, "dont_pass", 30)
    assert t.find(0, "odds", 9, "dont_pass").amount == 60


def test_odds_are_bounded_by_the_multiple_alone_not_the_table_limits():
    t = table((BANK,), odds="10x", table_min=25)
    point_on(t, 8, amount=100)
    t.odds(0, "pass", 1)  # under the table minimum
    t.odds(0, "pass", 999)  # 1000 in all: over the table maximum of 500
    assert t.find(0, "odds", 8, "pass").amount == 1000


def test_come_odds_are_named_by_the_come_number_and_capped_there():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    t.roll(2, 3)  # the come bet goes to 5: 4x
    refused(errors.OddsOverCap, t, t.odds, 0, "come", 41, 5)
    t.odds(0, "come", 40, 5)
    assert t.find(0, "odds", 5, "come").amount == 40
    t.odds(0, "pass", 50)  # the pass line's odds are apart: 5x on 6
    assert t.find(0, "odds", 6, "pass").amount == 50


def test_dont_come_odds_are_named_by_the_number_and_capped_there():
    t = table()
    point_on(t, 6)
    t.bet(0, "dont_come", 10)
    t.roll(5, 5)  # the don't come bet goes to 10
    refused(errors.OddsOverCap, t, t.odds, 0, "dont_come", 61, 10)
    t.odds(0, "dont_come", 60, 10)
    assert t.find(0, "odds", 10, "dont_come").amount == 60


def test_put_odds_take_the_house_multiple():
    # Assumed: rules.md allows odds on a Put bet without naming their cap; the house multiple.
    t = table(put=True)
    point_on(t, 6)
    t.bet(0, "put", 10, 8)
    refused(errors.OddsOverCap, t, t.odds, 0, "put", 51, 8)
    t.odds(0, "put", 50, 8)


def test_no_odds_without_a_flat_bet_on_its_point():
    t = table((1000, 1000))
    refused(errors.NoFlatBet, t, t.odds, 0, "pass", 10)  # come-out: no point yet
    t.bet(0, "pass", 10)
    refused(errors.NoFlatBet, t, t.odds, 0, "pass", 10)  # still the come-out
    t.roll(3, 3)
    refused(errors.NoFlatBet, t, t.odds, 1, "pass", 10)  # station 1 has no pass bet
    refused(errors.NoFlatBet, t, t.odds, 0, "dont_pass", 10)
    refused(errors.NoFlatBet, t, t.odds, 0, "come", 10, 5)
    refused(errors.NoFlatBet, t, t.odds, 0, "dont_come", 10, 5)
    refused(errors.NoFlatBet, t, t.odds, 0, "put", 10, 5)
    t.bet(0, "come", 10)
    refused(errors.NoFlatBet, t, t.odds, 0, "come", 10, 5)  # still in its box
    t.roll(2, 3)
    refused(errors.NoFlatBet, t, t.odds, 0, "come", 10, 9)  # it went to 5
    t.odds(0, "come", 10, 5)


def test_come_odds_name_a_point_number():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    for number in (0, 7, 2, 11, "5"):
        refused(errors.BadNumber, t, t.odds, 0, "come", 10, number)


def test_pass_odds_naming_another_number_than_the_point_are_refused():
    t = table()
    point_on(t, 6)
    refused(errors.BadNumber, t, t.odds, 0, "pass", 10, 8)
    t.odds(0, "pass", 10, 6)


def test_line_odds_cannot_be_called_on_or_off():
    t = table((1000, 1000))
    t.bet(1, "dont_pass", 10)
    point_on(t, 6)
    refused(errors.AlwaysWorking, t, t.odds, 0, "pass", 10, 0, True)
    refused(errors.AlwaysWorking, t, t.odds, 1, "dont_pass", 12, 0, False)
