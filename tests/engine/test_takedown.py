# Taking a wager down or reducing it (docs/rules.md, "Life of a wager", "Taking down"): contract
# bets stay; don't bets may come down with their odds; the rest come down while betting is open.
from support import table, point_on, refused
from craps import errors


def test_pass_is_a_contract_bet_once_the_point_is_set():
    t = table()
    point_on(t, 6)
    refused(errors.ContractBet, t, t.remove, 0, "pass")
    refused(errors.ContractBet, t, t.remove, 0, "pass", 0, 5)


def test_pass_may_come_down_on_the_come_out_before_a_point():
    t = table()
    t.bet(0, "pass", 10)
    assert t.remove(0, "pass", 0, 4) == 4  # reduced
    assert t.find(0, "pass").amount == 6
    assert t.remove(0, "pass") == 6
    assert t.find(0, "pass") is None
    assert t.credits == [1000] and t.on_table(0) == 0


def test_dont_pass_may_come_down_on_the_come_out():
    t = table()
    t.bet(0, "dont_pass", 10)
    assert t.remove(0, "dont_pass") == 10
    assert t.credits == [1000] and t.wagers == []


def test_put_is_a_contract_bet():
    t = table(put=True)
    point_on(t, 6)
    t.bet(0, "put", 10, 8)
    refused(errors.ContractBet, t, t.remove, 0, "put", 8)
    refused(errors.ContractBet, t, t.remove, 0, "put", 8, 5)


def test_a_come_bet_that_travelled_is_a_contract_bet():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    t.roll(2, 3)
    refused(errors.ContractBet, t, t.remove, 0, "come", 5)
    refused(errors.ContractBet, t, t.remove, 0, "come", 5, 5)


def test_a_come_or_dont_come_bet_in_its_box_may_come_down():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    t.bet(0, "dont_come", 10)
    assert t.remove(0, "come") == 10
    assert t.remove(0, "dont_come", 0, 4) == 4
    assert t.find(0, "dont_come").amount == 6
    assert t.credits == [984]


def test_dont_pass_may_come_down_after_the_point_and_its_odds_with_it():
    t = table()
    t.bet(0, "dont_pass", 10)
    t.roll(2, 2)
    t.odds(0, "dont_pass", 40)
    assert t.remove(0, "dont_pass") == 50
    assert t.find(0, "dont_pass", 4) is None and t.find(0, "odds", 4, "dont_pass") is None
    assert t.credits == [1000] and t.on_table(0) == 0


def test_dont_pass_may_be_reduced_after_the_point():
    t = table()
    t.bet(0, "dont_pass", 20)
    t.roll(2, 2)
    t.odds(0, "dont_pass", 60)  # a flat of 15 still covers them: it may lay up to 90 on 4
    assert t.remove(0, "dont_pass", 0, 5) == 5
    assert t.find(0, "dont_pass", 4).amount == 15
    assert t.find(0, "odds", 4, "dont_pass").amount == 60
    assert t.credits == [925]


def test_reducing_a_dont_bet_keeps_its_odds_within_the_cap():
    # Assumed (rules.md is silent): a flat bet may not be reduced under what its odds need;
    # the odds come down first. 3-4-5x on 4: 10 flat lays at most 60.
    t = table()
    t.bet(0, "dont_pass", 10)
    t.roll(2, 2)
    t.odds(0, "dont_pass", 60)
    refused(errors.OddsOverCap, t, t.remove, 0, "dont_pass", 0, 5)
    assert t.remove(0, "odds", 0, 30, "dont_pass") == 30
    assert t.remove(0, "dont_pass", 0, 5) == 5  # 5 flat lays at most 30
    assert t.credits == [965]


def test_a_travelled_dont_come_may_come_down_with_its_odds():
    t = table()
    point_on(t, 6)
    t.bet(0, "dont_come", 10)
    t.roll(4, 5)  # to 9
    t.odds(0, "dont_come", 30, 9)
    assert t.remove(0, "dont_come", 9) == 40
    assert t.find(0, "dont_come", 9) is None and t.find(0, "odds", 9, "dont_come") is None
    assert t.credits == [990]


def test_a_travelled_dont_come_may_be_reduced():
    t = table()
    point_on(t, 6)
    t.bet(0, "dont_come", 20)
    t.roll(4, 5)
    assert t.remove(0, "dont_come", 9, 15) == 15
    assert t.find(0, "dont_come", 9).amount == 5


def test_odds_may_come_down_or_be_reduced():
    t = table()
    point_on(t, 6)
    t.odds(0, "pass", 50)
    assert t.remove(0, "odds", 0, 20, "pass") == 20
    assert t.find(0, "odds", 6, "pass").amount == 30
    assert t.remove(0, "odds", 0, None, "pass") == 30
    assert t.find(0, "odds", 6, "pass") is None
    t.bet(0, "come", 10)
    t.roll(4, 4)
    t.odds(0, "come", 50, 8)
    assert t.remove(0, "odds", 8, None, "come") == 50
    assert t.find(0, "come", 8).amount == 10  # the flat stays
    assert t.credits == [980]


def test_place_buy_lay_hard_big_and_one_roll_bets_may_come_down():
    t = table()
    point_on(t, 6)
    steps = (("place", 12, 8), ("buy", 20, 4), ("lay", 40, 10), ("hard", 5, 8), ("big6", 5, 0),
             ("big8", 5, 0), ("field", 5, 0), ("any7", 5, 0), ("any_craps", 5, 0),
             ("two", 5, 0), ("three", 5, 0), ("yo", 5, 0), ("twelve", 5, 0), ("horn", 4, 0),
             ("horn_high", 5, 3), ("world", 5, 0), ("ce", 2, 0), ("hop", 5, 34))
    for kind, amount, number in steps:
        t.bet(0, kind, amount, number)
    assert t.on_table(0) == 10 + 12 + 20 + 40 + 5 * 12 + 4 + 5 + 2
    for kind, amount, number in steps:
        assert t.remove(0, kind, number) == amount
    assert t.credits == [990] and t.on_table(0) == 10


def test_reducing_a_wager_keeps_the_limits():
    t = table(table_min=10)
    t.bet(0, "place", 12, 6)
    refused(errors.UnderTableMin, t, t.remove, 0, "place", 6, 3)
    assert t.remove(0, "place", 6, 2) == 2
    t.bet(0, "horn", 12)
    refused(errors.NotAMultiple, t, t.remove, 0, "horn", 0, 3)
    refused(errors.UnderTableMin, t, t.remove, 0, "horn", 0, 4)  # 8 left, under 10
    t = table()
    t.bet(0, "buy", 20, 6)
    # a buy of 1 on 6 would win 1, all of it commission
    refused(errors.CommissionExceedsWin, t, t.remove, 0, "buy", 6, 19)
    assert t.remove(0, "buy", 6, 10) == 10


def test_a_commission_paid_up_front_comes_back_with_the_wager():
    # Assumed (rules.md is silent): a wager taken down was never decided, so an up-front
    # commission comes back with its stake. A buy of 40 pays 2 up front (5%).
    t = table(commission="up_front")
    t.bet(0, "buy", 40, 4)
    assert t.credits == [958]
    assert t.remove(0, "buy", 4) == 42
    assert t.credits == [1000]


def test_side_bets_come_down_before_the_hand_rolls_and_stay_after():
    t = table(side_bets=True)
    for kind in ("fire", "all", "tall", "small"):
        t.bet(0, kind, 5)
    assert t.remove(0, "small") == 5
    t.bet(0, "pass", 10)
    t.roll(2, 2)
    for kind in ("fire", "all", "tall"):
        refused(errors.ContractBet, t, t.remove, 0, kind)
        refused(errors.ContractBet, t, t.remove, 0, kind, 0, 1)


def test_taking_down_a_wager_that_is_not_there_is_refused():
    t = table((1000, 1000))
    t.bet(1, "place", 12, 6)
    refused(errors.NoSuchWager, t, t.remove, 0, "pass")
    refused(errors.NoSuchWager, t, t.remove, 0, "place", 6)  # station 1's, not station 0's
    refused(errors.NoSuchWager, t, t.remove, 1, "place", 8)
    point_on(t, 6)
    refused(errors.NoSuchWager, t, t.remove, 0, "dont_pass")
    refused(errors.NoSuchWager, t, t.remove, 0, "odds", 0, None, "pass")
    refused(errors.NoSuchWager, t, t.remove, 0, "come", 5)
    refused(errors.NoSuchWager, t, t.remove, 0, "big6")
    refused(errors.NoSuchWager, t, t.remove, 0, "field")
