# Adding to a wager, limits, credits and malformed steps (docs/rules.md, "Life of a wager",
# "Limits"; docs/scenario.md: an illegal step is refused and nothing changes).
from support import table, point_on, refused
from craps import errors

POINTS = (4, 5, 6, 8, 9, 10)


# -- adding to a wager

def test_a_second_wager_on_the_same_spot_by_the_same_player_adds_to_it():
    t = table()
    t.bet(0, "place", 12, 6)
    w = t.bet(0, "place", 6, 6)
    assert w.amount == 18 and t.find(0, "place", 6) is w
    assert len([x for x in t.wagers if x.kind == "place"]) == 1
    assert t.credits == [982] and t.on_table(0) == 18


def test_wagers_of_another_player_or_on_another_number_stay_apart():
    t = table((1000, 1000))
    t.bet(0, "place", 12, 6)
    t.bet(1, "place", 12, 6)
    t.bet(0, "place", 12, 8)
    assert t.find(0, "place", 6).amount == 12
    assert t.find(1, "place", 6).amount == 12
    assert t.find(0, "place", 8).amount == 12
    assert t.credits == [976, 988]


def test_table_max_applies_to_the_total_stake():
    t = table(table_max=100)
    t.bet(0, "field", 60)
    refused(errors.OverTableMax, t, t.bet, 0, "field", 41)
    t.bet(0, "field", 40)
    assert t.find(0, "field").amount == 100
    refused(errors.OverTableMax, t, t.bet, 0, "field", 1)
    refused(errors.OverTableMax, t, t.bet, 0, "place", 101, 6)


def test_the_default_table_max_is_500():
    t = table((10000,))
    refused(errors.OverTableMax, t, t.bet, 0, "pass", 501)
    t.bet(0, "pass", 500)
    t.bet(0, "lay", 500, 4)
    refused(errors.OverTableMax, t, t.bet, 0, "lay", 1, 4)


def test_table_min_applies_to_the_total_stake():
    t = table(table_min=10)
    refused(errors.UnderTableMin, t, t.bet, 0, "field", 9)
    t.bet(0, "field", 10)
    t.bet(0, "field", 1)  # the total, 11, is over the minimum
    assert t.find(0, "field").amount == 11
    t.bet(0, "horn", 12)
    t.bet(0, "horn", 4)  # a compound wager too: 16 in all
    assert t.find(0, "horn").amount == 16


def test_the_default_table_min_is_one_credit():
    t = table()
    t.bet(0, "field", 1)
    assert t.credits == [999]


def test_compound_wagers_must_divide_into_their_parts():
    t = table()
    refused(errors.NotAMultiple, t, t.bet, 0, "horn", 3)
    refused(errors.NotAMultiple, t, t.bet, 0, "horn", 6)
    refused(errors.NotAMultiple, t, t.bet, 0, "world", 4)
    refused(errors.NotAMultiple, t, t.bet, 0, "world", 7)
    refused(errors.NotAMultiple, t, t.bet, 0, "ce", 3)
    refused(errors.NotAMultiple, t, t.bet, 0, "horn_high", 4, 2)
    refused(errors.NotAMultiple, t, t.bet, 0, "horn_high", 6, 11)
    t.bet(0, "horn", 8)
    t.bet(0, "world", 10)
    t.bet(0, "ce", 2)
    t.bet(0, "horn_high", 5, 12)
    assert t.credits == [975]


def test_a_compound_wager_is_checked_on_its_total():
    t = table()
    t.bet(0, "horn", 4)
    refused(errors.NotAMultiple, t, t.bet, 0, "horn", 2)
    t.bet(0, "horn", 4)
    t.bet(0, "ce", 2)
    refused(errors.NotAMultiple, t, t.bet, 0, "ce", 1)
    t.bet(0, "world", 5)
    refused(errors.NotAMultiple, t, t.bet, 0, "world", 3)
    assert (t.find(0, "horn").amount, t.find(0, "ce").amount, t.find(0, "world").amount) == (8, 2, 5)


def test_a_wager_needs_the_credits_on_the_meter():
    t = table((50,))
    refused(errors.NotEnoughCredits, t, t.bet, 0, "field", 51)
    t.bet(0, "field", 30)
    refused(errors.NotEnoughCredits, t, t.bet, 0, "field", 21)  # adding counts what is left
    t.bet(0, "field", 20)
    assert t.credits == [0]
    refused(errors.NotEnoughCredits, t, t.bet, 0, "any7", 1)


def test_odds_need_the_credits_on_the_meter():
    t = table((40,))
    point_on(t, 6)  # pass 10: 30 left, the odds may be 50
    refused(errors.NotEnoughCredits, t, t.odds, 0, "pass", 31)
    t.odds(0, "pass", 30)
    assert t.credits == [0]


def test_an_up_front_commission_leaves_the_meter_with_the_stake():
    # 5% of a buy's stake, rounded down, at least 1 credit: a buy of 20 costs 21 up front.
    t = table((20,), commission="up_front")
    refused(errors.NotEnoughCredits, t, t.bet, 0, "buy", 20, 4)
    t.bet(0, "buy", 19, 4)  # 5% of 19 rounds down to 0: the minimum, 1
    assert t.credits == [0]


def test_an_amount_is_a_whole_number_of_credits_above_zero():
    t = table()
    point_on(t, 6)
    t.bet(0, "place", 12, 8)
    for amount in (0, -5, 2.5, 10.0, "10", True, False, None):
        refused(errors.BadAmount, t, t.bet, 0, "field", amount)
        refused(errors.BadAmount, t, t.bet, 0, "place", amount, 8)
        refused(errors.BadAmount, t, t.odds, 0, "pass", amount)
        if amount is not None:  # remove(..., amount=None) takes the whole wager down
            refused(errors.BadAmount, t, t.remove, 0, "place", 8, amount)


def test_taking_down_more_than_the_wager_is_refused():
    t = table()
    t.bet(0, "place", 12, 8)
    refused(errors.BadAmount, t, t.remove, 0, "place", 8, 13)


def test_a_step_names_a_station_at_the_table():
    t = table((1000, 1000, 1000))
    t.bet(0, "pass", 10)
    t.bet(0, "place", 12, 6)
    t.roll(2, 2)
    for player in (-1, 3, 8, "0", True, None, 1.0):
        refused(errors.BadStation, t, t.bet, player, "field", 5)
        refused(errors.BadStation, t, t.odds, player, "pass", 10)
        refused(errors.BadStation, t, t.remove, player, "place", 6)
        refused(errors.BadStation, t, t.set_working, player, "place", True, 6)
        refused(errors.BadStation, t, t.pass_dice, player)


def test_an_unknown_wager_is_refused():
    t = table()
    point_on(t, 6)
    for kind in ("lucky", "Pass", "odds", "place6", "", None, 6):
        refused(errors.UnknownWager, t, t.bet, 0, kind, 5)
        refused(errors.UnknownWager, t, t.remove, 0, kind if kind != "odds" else "lucky")
    for on in ("field", "place", "odds", "lucky", None):
        refused(errors.UnknownWager, t, t.odds, 0, on, 10)


def test_a_wager_on_a_number_it_is_not_made_on_is_refused():
    t = table(put=True)
    point_on(t, 6)
    for kind in ("place", "buy", "lay", "put"):
        for number in (7, 2, 3, 11, 12, 0, 1, 13, "6"):
            refused(errors.BadNumber, t, t.bet, 0, kind, 20, number)
    for number in (5, 9, 7, 2, 12, 0, "6"):
        refused(errors.BadNumber, t, t.bet, 0, "hard", 5, number)
    for number in (7, 4, 6, 8, 10, 0, 1, 13):
        refused(errors.BadNumber, t, t.bet, 0, "horn_high", 5, number)


def test_a_hop_names_two_faces_from_one_to_six():
    t = table()
    for number in (0, 7, 10, 17, 60, 67, 70, 77, 111, 5, "23", True):
        refused(errors.BadNumber, t, t.bet, 0, "hop", 5, number)
    t.bet(0, "hop", 5, 23)  # 2-3
    t.bet(0, "hop", 5, 11)  # 1-1
    t.bet(0, "hop", 5, 66)  # 6-6
    t.bet(0, "hop", 5, 16)  # 1-6
    assert t.credits == [980]


def test_a_number_on_a_wager_made_on_none_is_refused():
    t = table(side_bets=True)
    for kind, number in (("pass", 6), ("dont_pass", 4), ("field", 5), ("any7", 7), ("yo", 11),
                         ("horn", 2), ("world", 7), ("ce", 11), ("fire", 4), ("small", 2)):
        refused(errors.BadNumber, t, t.bet, 0, kind, 10, number)
    point_on(t, 6)
    refused(errors.BadNumber, t, t.bet, 0, "come", 10, 5)
    refused(errors.BadNumber, t, t.bet, 0, "dont_come", 10, 5)


def test_a_buy_too_small_to_win_its_commission_is_refused():
    # A buy pays true odds less 5% of its stake, rounded down, at least 1 credit. A buy of 1 on
    # 6 or 8 would win 6/5 -> 1 credit, on 5 or 9 3/2 -> 1: its commission takes the whole win.
    # (Assumed: a wager that would win nothing net is refused, as well as one that wins less.)
    t = table()
    for number in (5, 6, 8, 9):
        refused(errors.CommissionExceedsWin, t, t.bet, 0, "buy", 1, number)
    t.bet(0, "buy", 1, 4)  # wins 2, commission 1
    t.bet(0, "buy", 1, 10)
    t.bet(0, "buy", 2, 6)  # wins 2, commission 1
    t.bet(0, "buy", 2, 5)  # wins 3, commission 1
    assert t.credits == [994]


def test_a_lay_too_small_to_win_its_commission_is_refused():
    # A lay wins 1:2 on 4/10, 2:3 on 5/9, 5:6 on 6/8, less 5% of the win, at least 1 credit.
    t = table()
    for number, amount in ((4, 1), (4, 2), (4, 3), (10, 3), (5, 1), (5, 2), (9, 2), (6, 1),
                           (6, 2), (8, 2)):
        refused(errors.CommissionExceedsWin, t, t.bet, 0, "lay", amount, number)
    t.bet(0, "lay", 4, 4)  # wins 2, commission 1
    t.bet(0, "lay", 3, 5)  # wins 2
    t.bet(0, "lay", 3, 6)  # wins 2
    assert t.credits == [990]


def test_adding_to_a_lay_checks_the_commission_on_the_total():
    t = table()
    t.bet(0, "lay", 4, 10)
    t.bet(0, "lay", 1, 10)  # 5 laid on 10 wins 2
    assert t.find(0, "lay", 10).amount == 5
