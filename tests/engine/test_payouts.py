# Payouts of the line bets (pass, don't pass, come, don't come, put) and of the odds behind them,
# on every total and every point; figures from docs/rules.md, "Wagers and default payouts".
from craps.wagers import WIN, LOSE, PUSH, RETURN
from support import table, point_on, house_point, settle, figures, only, unsettled, ways

POINTS = (4, 5, 6, 8, 9, 10)
# rules.md: Pass/Come odds "4/10 2:1, 5/9 3:2, 6/8 6:5"; lay odds "4/10 1:2, 5/9 2:3, 6/8 5:6".
TAKE = {4: (2, 1), 5: (3, 2), 6: (6, 5), 8: (6, 5), 9: (3, 2), 10: (2, 1)}
LAY = {4: (1, 2), 5: (2, 3), 6: (5, 6), 8: (5, 6), 9: (2, 3), 10: (1, 2)}
# rules.md: come-out 7, 11 win the pass line and 2, 3, 12 lose; the don't side wins on 2, 3, loses
# on 7, 11 and pushes on the bar number (12 by default, or 2).
PASS_COME_OUT = {2: LOSE, 3: LOSE, 7: WIN, 11: WIN, 12: LOSE}
DONT_BAR_12 = {2: WIN, 3: WIN, 7: LOSE, 11: LOSE, 12: PUSH}
DONT_BAR_2 = {2: PUSH, 3: WIN, 7: LOSE, 11: LOSE, 12: WIN}
# Odds stakes to try behind a flat bet of 10 (3-4-5x: up to 30 on 4/10, lay up to 60 everywhere).
TAKE_STAKES = (1, 5, 6, 7, 10, 25, 30)
LAY_STAKES = (2, 5, 6, 7, 10, 25, 60)


def even(outcome, stake):
    """A flat bet settled at 1:1 (rules.md): win and stake back, stake lost, or stake back."""
    if outcome == WIN:
        return (WIN, stake, 0, 0, stake, 0)
    if outcome == LOSE:
        return (LOSE, 0, 0, stake, 0, 0)
    return (outcome, 0, 0, 0, stake, 0)


def odds_win(stake, ratio):
    """Odds won and their stake returned; the win rounded down to a whole credit (rules.md)."""
    return (WIN, stake * ratio[0] // ratio[1], 0, 0, stake, 0)


def other_point(n):
    return 10 if n == 4 else 4


def between(*skip):
    """A throw of every total but 7 and `skip`: none of them may decide the bet under test."""
    return [ways(total)[0] for total in range(2, 13) if total != 7 and total not in skip]


def test_pass_line_on_every_come_out_roll():
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            total = d1 + d2
            t = table()
            t.bet(0, "pass", 10)
            r = settle(t, d1, d2)
            if total in POINTS:
                assert r.settlements == [] and t.point == total and t.on_table(0) == 10
                continue
            want = even(PASS_COME_OUT[total], 10)
            assert figures(only(r, "pass")) == want, (d1, d2)
            assert t.credits == [990 + want[1] + want[4]] and t.on_table(0) == 0


def check_dont_pass_come_out(bar, table_of):
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            total = d1 + d2
            t = table(bar=bar)
            t.bet(0, "dont_pass", 10)
            r = settle(t, d1, d2)
            if total in POINTS:
                assert r.settlements == [] and t.point == total and t.on_table(0) == 10
                continue
            want = even(table_of[total], 10)
            assert figures(only(r, "dont_pass")) == want, (bar, d1, d2)
            assert t.credits == [990 + want[1] + want[4]]


def test_dont_pass_come_out_bar_12():
    check_dont_pass_come_out(12, DONT_BAR_12)


def test_dont_pass_come_out_bar_2():
    check_dont_pass_come_out(2, DONT_BAR_2)


def test_pass_point_made_either_way():
    for n in POINTS:
        for dice in ways(n):
            t = table()
            point_on(t, n)
            for other in between(n):  # 2, 3, 11, 12 and the other numbers decide nothing
                assert unsettled(settle(t, *other), "pass")
            r = settle(t, *dice)
            assert figures(only(r, "pass")) == even(WIN, 10), dice
            assert t.credits == [1010] and t.point == 0


def test_pass_loses_on_seven_out():
    for n in POINTS:
        t = table()
        point_on(t, n)
        r = settle(t, 3, 4)
        assert figures(only(r, "pass")) == even(LOSE, 10)
        assert t.credits == [990] and t.point == 0


def test_dont_pass_wins_on_seven_out_loses_on_point():
    for n in POINTS:
        for roll, outcome in (((3, 4), WIN), (ways(n)[0], LOSE)):
            t = table()
            t.bet(0, "dont_pass", 10)
            settle(t, *ways(n)[0])
            for other in between(n):
                assert unsettled(settle(t, *other), "dont_pass")
            r = settle(t, *roll)
            assert figures(only(r, "dont_pass")) == even(outcome, 10), (n, roll)


def check_box(kind, rules, table_of):
    # Come and don't come in the box settle like the line on a come-out (rules.md).
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            total = d1 + d2
            t = table(**rules)
            house_point(t, 5)
            t.bet(0, kind, 10)
            r = settle(t, d1, d2)
            if total in POINTS:
                assert r.settlements == [] and r.moves == [(0, kind, total, 10)], (kind, d1, d2)
                assert t.on_table(0) == 10
                continue
            want = even(table_of[total], 10)
            assert figures(only(r, kind)) == want, (kind, rules, d1, d2)
            assert t.credits == [990 + want[1] + want[4]]


def test_come_in_the_box_every_roll():
    check_box("come", {}, PASS_COME_OUT)


def test_dont_come_in_the_box_bar_12():
    check_box("dont_come", {}, DONT_BAR_12)


def test_dont_come_in_the_box_bar_2():
    check_box("dont_come", {"bar": 2}, DONT_BAR_2)


def travelled(kind, n, **rules):
    """A come or don't come bet of 10 gone to `n`, the puck ON over another number."""
    t = table(**rules)
    house_point(t, other_point(n))
    t.bet(0, kind, 10)
    r = settle(t, *ways(n)[0])
    assert r.moves == [(0, kind, n, 10)]
    return t


def test_come_bet_wins_on_its_number_loses_on_seven():
    for n in POINTS:
        for dice in ways(n):
            t = travelled("come", n)
            for other in between(n, other_point(n)):
                assert unsettled(settle(t, *other), "come")
            assert figures(only(settle(t, *dice), "come", n)) == even(WIN, 10), dice
            assert t.credits == [1010]
        t = travelled("come", n)
        assert figures(only(settle(t, 3, 4), "come", n)) == even(LOSE, 10)
        assert t.credits == [990]


def test_dont_come_bet_wins_on_seven_loses_on_its_number():
    for n in POINTS:
        t = travelled("dont_come", n)
        for other in between(n, other_point(n)):
            assert unsettled(settle(t, *other), "dont_come")
        assert figures(only(settle(t, 3, 4), "dont_come", n)) == even(WIN, 10)
        assert t.credits == [1010]
        t = travelled("dont_come", n)
        assert figures(only(settle(t, *ways(n)[0]), "dont_come", n)) == even(LOSE, 10)
        assert t.credits == [990]


def test_come_bet_works_on_the_come_out():
    # A travelled come bet is decided by a come-out roll too (only its odds are off).
    for n in POINTS:
        for roll, outcome in (((3, 4), LOSE), (ways(n)[0], WIN)):
            t = travelled("come", n)
            settle(t, *ways(other_point(n))[0])  # the point is made: the puck goes OFF
            assert t.point == 0
            assert figures(only(settle(t, *roll), "come", n)) == even(outcome, 10), (n, roll)


def test_put_bet_pays_even_money_on_each_number():
    for n in POINTS:
        for point in (n, other_point(n)):
            for roll, outcome in ((ways(n)[0], WIN), ((3, 4), LOSE)):
                t = table(put=True)
                house_point(t, point)
                t.bet(0, "put", 10, number=n)
                assert t.credits == [990]
                r = settle(t, *roll)
                assert figures(only(r, "put", n)) == even(outcome, 10), (n, point, roll)


def test_pass_odds_pay_true_odds():
    for n in POINTS:
        for stake in TAKE_STAKES:
            for roll, won in ((ways(n)[0], True), ((3, 4), False)):
                t = table()
                point_on(t, n)
                t.odds(0, "pass", stake)
                s = only(settle(t, *roll), "odds", n)
                assert s[3] == "pass"  # on
                want = odds_win(stake, TAKE[n]) if won else (LOSE, 0, 0, stake, 0, 0)
                assert figures(s) == want, (n, stake, roll, figures(s))
                if won:
                    assert t.credits == [1010 + want[1]]


def test_dont_pass_lay_odds_pay_lay_odds():
    for n in POINTS:
        for stake in LAY_STAKES:
            for roll, won in (((3, 4), True), (ways(n)[0], False)):
                t = table()
                t.bet(0, "dont_pass", 10)
                settle(t, *ways(n)[0])
                t.odds(0, "dont_pass", stake)
                s = only(settle(t, *roll), "odds", n)
                assert s[3] == "dont_pass"  # on
                want = odds_win(stake, LAY[n]) if won else (LOSE, 0, 0, stake, 0, 0)
                assert figures(s) == want, (n, stake, roll, figures(s))


def test_come_and_dont_come_odds_pay_like_the_line():
    for n in POINTS:
        for kind, stakes, ratio, win_roll, lose_roll in (
                ("come", TAKE_STAKES, TAKE[n], ways(n)[0], (3, 4)),
                ("dont_come", LAY_STAKES, LAY[n], (3, 4), ways(n)[0])):
            for stake in stakes:
                for roll, won in ((win_roll, True), (lose_roll, False)):
                    t = travelled(kind, n)
                    t.odds(0, kind, stake, number=n)
                    s = only(settle(t, *roll), "odds", n)
                    assert s[3] == kind  # on
                    want = odds_win(stake, ratio) if won else (LOSE, 0, 0, stake, 0, 0)
                    assert figures(s) == want, (kind, n, stake, roll, figures(s))


def test_put_odds_pay_true_odds():
    for n in POINTS:
        for roll, won in ((ways(n)[0], True), ((3, 4), False)):
            t = table(put=True)
            house_point(t, other_point(n))
            t.bet(0, "put", 10, number=n)
            t.odds(0, "put", 25, number=n)
            s = only(settle(t, *roll), "odds", n)
            want = odds_win(25, TAKE[n]) if won else (LOSE, 0, 0, 25, 0, 0)
            assert figures(s) == want, (n, roll, figures(s))


# Full-pay units written out (rules.md: a payout that is not whole is rounded down):
# (odds on, number, stake, win).
ODDS_ROUNDED = (
    ("pass", 4, 7, 14), ("pass", 5, 25, 37), ("pass", 5, 5, 7), ("pass", 6, 7, 8),
    ("pass", 8, 12, 14), ("pass", 9, 25, 37), ("pass", 10, 5, 10),
    ("dont_pass", 4, 25, 12), ("dont_pass", 5, 25, 16), ("dont_pass", 6, 25, 20),
    ("dont_pass", 8, 10, 8), ("dont_pass", 9, 10, 6), ("dont_pass", 10, 5, 2),
)


def test_odds_round_down_to_full_pay_units():
    for on, n, stake, win in ODDS_ROUNDED:
        t = table()
        t.bet(0, on, 10)
        settle(t, *ways(n)[0])
        t.odds(0, on, stake)
        roll = ways(n)[0] if on == "pass" else (3, 4)
        s = only(settle(t, *roll), "odds", n)
        assert figures(s) == (WIN, win, 0, 0, stake, 0), (on, n, stake, figures(s))


def test_come_odds_off_on_come_out_are_returned():
    # rules.md: come odds are OFF on the come-out; when the come bet is decided then (by a 7 or
    # by its own number) they come back undecided.
    for n in POINTS:
        for roll, flat in (((3, 4), LOSE), (ways(n)[0], WIN)):
            t = travelled("come", n)
            t.odds(0, "come", 10, number=n)
            settle(t, *ways(other_point(n))[0])
            assert t.point == 0
            before = t.credits[0]
            r = settle(t, *roll)
            assert figures(only(r, "come", n)) == even(flat, 10)
            assert figures(only(r, "odds", n)) == (RETURN, 0, 0, 0, 10, 0), (n, roll)
            assert t.credits[0] == before + 10 + (20 if flat == WIN else 0)


def test_come_odds_called_working_on_come_out_are_paid():
    for n in POINTS:
        for roll, won in (((3, 4), False), (ways(n)[0], True)):
            t = travelled("come", n)
            t.odds(0, "come", 10, number=n, working=True)
            settle(t, *ways(other_point(n))[0])
            s = only(settle(t, *roll), "odds", n)
            want = odds_win(10, TAKE[n]) if won else (LOSE, 0, 0, 10, 0, 0)
            assert figures(s) == want, (n, roll)


def test_dont_come_odds_work_on_come_out():
    for n in POINTS:
        for roll, won in (((3, 4), True), (ways(n)[0], False)):
            t = travelled("dont_come", n)
            t.odds(0, "dont_come", 30, number=n)
            settle(t, *ways(other_point(n))[0])
            assert t.point == 0
            s = only(settle(t, *roll), "odds", n)
            want = odds_win(30, LAY[n]) if won else (LOSE, 0, 0, 30, 0, 0)
            assert figures(s) == want, (n, roll)
