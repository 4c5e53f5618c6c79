# Working on the come-out, and come bets travelling (docs/rules.md, "Off on the come-out",
# house rules "working on the come-out unless the player says otherwise", "Two come bets that
# travel to the same number become one").
from support import (table, point_on, refused, only, unsettled, figures, LOST, OUTCOME, RETURNED,
                     STAYS, WON)
from craps import errors
from craps.wagers import WIN, LOSE, RETURN


# -- off on the come-out by default

def test_place_buy_and_hard_bets_are_off_on_the_come_out_by_default():
    t = table()
    t.bet(0, "pass", 10)
    for kind, amount, number in (("place", 12, 6), ("place", 12, 8), ("buy", 20, 4),
                                 ("hard", 10, 6), ("hard", 10, 8)):
        t.bet(0, kind, amount, number)
    r = t.roll(3, 4)  # a come-out 7: only the pass line is decided
    assert [s[1] for s in r.settlements] == ["pass"]
    assert t.credits == [946] and t.on_table(0) == 64
    r = t.roll(3, 3)  # a come-out 6 the hard way: place 6 and hard 6 are off
    assert r.settlements == [] and t.point == 6
    assert t.find(0, "place", 6).amount == 12 and t.find(0, "hard", 6).amount == 10
    r = t.roll(4, 4)  # with the puck ON they work: place 8 pays 7:6, hard 8 9:1
    assert only(r, "place", 8)[WON] == 14 and only(r, "place", 8)[STAYS] == 12
    assert only(r, "hard", 8)[WON] == 90 and only(r, "hard", 8)[STAYS] == 10


def test_a_place_bet_made_working_is_decided_on_the_come_out():
    t = table()
    t.bet(0, "place", 12, 6, True)
    r = t.roll(3, 3)
    s = only(r, "place", 6)
    assert (s[4], s[5], s[9]) == (WIN, 14, 12)  # outcome, win, stays


def test_set_working_calls_place_buy_and_hard_bets_on_for_the_come_out():
    t = table()
    t.bet(0, "place", 10, 5)
    t.bet(0, "buy", 20, 5)
    t.bet(0, "hard", 10, 4)
    t.set_working(0, "place", True, 5)
    t.set_working(0, "buy", True, 5)
    t.set_working(0, "hard", True, 4)
    r = t.roll(3, 4)
    assert only(r, "place", 5)[OUTCOME] == LOSE
    assert only(r, "buy", 5)[OUTCOME] == LOSE
    assert only(r, "hard", 4)[OUTCOME] == LOSE
    assert t.on_table(0) == 0


def test_lay_big_six_eight_field_and_one_roll_bets_work_on_the_come_out():
    t = table()
    for kind, amount, number in (("lay", 40, 4), ("big6", 10, 0), ("big8", 10, 0),
                                 ("field", 10, 0), ("any7", 5, 0), ("hop", 5, 34)):
        t.bet(0, kind, amount, number)
    r = t.roll(3, 4)
    assert only(r, "lay")[OUTCOME] == WIN
    assert only(r, "big6")[OUTCOME] == LOSE and only(r, "big8")[OUTCOME] == LOSE
    assert only(r, "field")[OUTCOME] == LOSE
    assert only(r, "any7")[OUTCOME] == WIN and only(r, "hop")[OUTCOME] == WIN
    t = table()
    t.bet(0, "big6", 10)
    t.bet(0, "lay", 30, 6)
    r = t.roll(2, 4)
    assert only(r, "big6")[OUTCOME] == WIN and only(r, "lay")[OUTCOME] == LOSE


def test_a_lay_called_off_is_not_decided_on_the_come_out():
    t = table()
    t.bet(0, "lay", 40, 4)
    t.set_working(0, "lay", False, 4)
    r = t.roll(3, 4)
    assert unsettled(r, "lay") and t.find(0, "lay", 4).amount == 40


def test_a_big_six_made_off_is_not_decided_on_the_come_out():
    t = table()
    t.bet(0, "big6", 10, 0, False)
    r = t.roll(3, 3)
    assert unsettled(r, "big6") and t.find(0, "big6", 6).amount == 10


def test_a_big_six_may_be_called_off_like_it_is_taken_down():
    # The player may call big 6/8 off (rules.md, house rules); remove(0, "big6") names it
    # without a number, so set_working does too.
    t = table()
    t.bet(0, "big6", 10)
    t.set_working(0, "big6", False)
    r = t.roll(3, 3)
    assert unsettled(r, "big6")


# -- come odds on the come-out

def _come_five_with_odds(working=None):
    """Station 0: a come bet of 10 on 5 with 20 odds, then the point 4 made: a come-out next."""
    t = table()
    point_on(t, 4)
    t.bet(0, "come", 10)
    t.roll(2, 3)
    t.odds(0, "come", 20, 5, working)
    t.roll(1, 3)  # point made: pass wins 10
    assert t.point == 0 and t.credits == [980]
    return t


def test_come_odds_are_returned_when_a_come_out_seven_decides_their_bet():
    t = _come_five_with_odds()
    r = t.roll(3, 4)
    assert (only(r, "come")[OUTCOME], only(r, "come")[LOST]) == (LOSE, 10)
    s = only(r, "odds")
    assert figures(s) == (RETURN, 0, 0, 0, 20, 0)
    assert t.credits == [1000] and t.on_table(0) == 0


def test_come_odds_are_returned_when_the_come_number_shows_on_the_come_out():
    t = _come_five_with_odds()
    r = t.roll(1, 4)
    assert (only(r, "come")[OUTCOME], only(r, "come")[WON]) == (WIN, 10)
    s = only(r, "odds")
    assert figures(s)[:5] == (RETURN, 0, 0, 0, 20)
    assert t.credits == [1020] and t.point == 5


def test_come_odds_stay_off_and_undecided_on_other_come_out_totals():
    t = _come_five_with_odds()
    r = t.roll(3, 3)
    assert r.settlements == [] and t.find(0, "odds", 5, "come").amount == 20


def test_come_odds_made_working_are_decided_on_the_come_out():
    t = _come_five_with_odds(True)
    r = t.roll(2, 3)  # 5 pays 3:2
    assert (only(r, "odds")[OUTCOME], only(r, "odds")[WON]) == (WIN, 30)
    t = _come_five_with_odds()
    t.set_working(0, "odds", True, 5, "come")
    r = t.roll(6, 1)
    assert (only(r, "odds")[OUTCOME], only(r, "odds")[LOST]) == (LOSE, 20)
    assert t.credits == [980] and t.on_table(0) == 0


def test_dont_come_odds_work_on_the_come_out():
    t = table()
    point_on(t, 4)
    t.bet(0, "dont_come", 10)
    t.roll(4, 5)  # to 9
    t.odds(0, "dont_come", 30, 9)  # wins 2:3: 20
    t.roll(2, 2)  # point made
    r = t.roll(3, 4)
    assert (only(r, "dont_come")[OUTCOME], only(r, "dont_come")[WON]) == (WIN, 10)
    assert figures(only(r, "odds")) == (WIN, 20, 0, 0, 30, 0)
    assert t.credits == [1040]


def test_dont_come_odds_called_off_are_returned_on_the_come_out():
    t = table()
    point_on(t, 4)
    t.bet(0, "dont_come", 10)
    t.roll(4, 5)
    t.odds(0, "dont_come", 30, 9)
    t.set_working(0, "odds", False, 9, "dont_come")
    t.roll(2, 2)
    r = t.roll(6, 3)  # the don't come loses to its number; its odds come back undecided
    assert only(r, "dont_come")[OUTCOME] == LOSE
    assert (only(r, "odds")[OUTCOME], only(r, "odds")[RETURNED]) == (RETURN, 30)


def test_put_odds_are_off_on_the_come_out_like_come_odds():
    # Assumed: a put bet is "like a come bet already on" its number (rules.md), its odds too.
    t = table(put=True)
    point_on(t, 6)
    t.bet(0, "put", 10, 8)
    t.odds(0, "put", 50, 8)
    t.roll(2, 4)  # point made
    r = t.roll(3, 4)
    assert only(r, "put")[OUTCOME] == LOSE
    assert (only(r, "odds")[OUTCOME], only(r, "odds")[RETURNED]) == (RETURN, 50)


def test_line_and_one_roll_bets_cannot_be_called_on_or_off():
    t = table(put=True, side_bets=True)
    t.bet(0, "fire", 5)
    t.bet(0, "pass", 10)
    t.bet(0, "dont_pass", 10)
    t.bet(0, "field", 5)
    t.bet(0, "hop", 5, 12)
    for kind, number, on in (("pass", 0, None), ("dont_pass", 0, None), ("field", 0, None),
                             ("hop", 12, None), ("fire", 0, None)):
        refused(errors.AlwaysWorking, t, t.set_working, 0, kind, False, number, on)
    for kind in ("field", "any7", "horn", "world", "ce", "two", "pass"):
        refused(errors.AlwaysWorking, t, t.bet, 0, kind, 4, 0, False)
    t.roll(3, 3)
    t.bet(0, "come", 10)
    t.bet(0, "put", 10, 8)
    refused(errors.AlwaysWorking, t, t.set_working, 0, "come", False)
    refused(errors.AlwaysWorking, t, t.set_working, 0, "odds", False, 0, "pass")
    refused(errors.AlwaysWorking, t, t.set_working, 0, "odds", True, 0, "dont_pass")
    refused(errors.AlwaysWorking, t, t.bet, 0, "come", 10, 0, True)
    refused(errors.AlwaysWorking, t, t.bet, 0, "put", 10, 8, False)


def test_calling_a_wager_that_is_not_there_is_refused():
    t = table((1000, 1000))
    t.bet(1, "place", 12, 6)
    refused(errors.NoSuchWager, t, t.set_working, 0, "place", True, 6)
    refused(errors.NoSuchWager, t, t.set_working, 1, "place", True, 8)
    refused(errors.NoSuchWager, t, t.set_working, 0, "odds", True, 5, "come")


# -- come bets travelling

def test_a_come_bet_travels_to_its_number():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    r = t.roll(2, 3)
    assert r.moves == [(0, "come", 5, 10)]
    assert unsettled(r, "come")
    assert t.find(0, "come") is None and t.find(0, "come", 5).amount == 10
    assert t.credits == [980] and t.on_table(0) == 20


def test_a_dont_come_bet_travels_to_its_number():
    t = table((1000, 1000))
    point_on(t, 6)
    t.bet(1, "dont_come", 10)
    r = t.roll(6, 4)
    assert r.moves == [(1, "dont_come", 10, 10)]
    assert t.find(1, "dont_come", 10).amount == 10


def test_a_come_bet_decided_on_its_first_roll_does_not_travel():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    r = t.roll(5, 6)
    assert r.moves == [] and only(r, "come")[OUTCOME] == WIN
    t.bet(0, "come", 10)
    r = t.roll(1, 2)
    assert r.moves == [] and only(r, "come")[OUTCOME] == LOSE


def test_a_come_bet_travelling_to_a_number_it_already_holds_becomes_one_bet():
    # The old come bet on 5 wins with its odds; the new one takes its place: one come bet on 5.
    t = table()
    point_on(t, 8)
    t.bet(0, "come", 10)
    t.roll(2, 3)
    t.odds(0, "come", 20, 5)
    t.bet(0, "come", 15)
    r = t.roll(4, 1)
    assert (only(r, "come")[WON], only(r, "odds")[WON]) == (10, 30)
    assert r.moves == [(0, "come", 5, 15)]
    comes = [w for w in t.wagers if w.kind == "come"]
    assert len(comes) == 1 and comes[0].number == 5 and comes[0].amount == 15
    assert t.find(0, "odds", 5, "come") is None
    assert t.credits == [1000 - 10 - 10 - 20 - 15 + 20 + 50] and t.on_table(0) == 25


def test_a_come_bet_in_the_box_travels_when_the_point_is_made():
    t = table()
    point_on(t, 6)
    t.bet(0, "come", 10)
    r = t.roll(2, 4)
    assert (only(r, "pass")[OUTCOME], only(r, "pass")[WON]) == (WIN, 10)
    assert r.moves == [(0, "come", 6, 10)]
    assert t.point == 0 and t.find(0, "come", 6).amount == 10
    r = t.roll(5, 1)  # the come bet on 6 works on the come-out
    assert only(r, "come")[OUTCOME] == WIN


def test_each_players_come_bets_travel_apart():
    t = table((1000, 1000))
    point_on(t, 6)
    t.bet(0, "come", 10)
    t.bet(1, "come", 5)
    r = t.roll(4, 5)
    assert sorted(r.moves) == [(0, "come", 9, 10), (1, "come", 9, 5)]
    assert t.find(0, "come", 9).amount == 10 and t.find(1, "come", 9).amount == 5
