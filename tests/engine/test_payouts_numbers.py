# Payouts of the bets that stay up on a number: place, buy, lay (with their 5% commission, on a
# win or up front), hardways and big 6/8; figures from docs/rules.md, "Wagers and default payouts".
from craps.wagers import WIN, LOSE
from support import table, house_point, settle, staked, figures, only, unsettled, ways, OUTCOME

POINTS = (4, 5, 6, 8, 9, 10)
# rules.md: place 4/10 9:5, 5/9 7:5, 6/8 7:6; buy at true odds; lay 1:2, 2:3, 5:6.
PLACE = {4: (9, 5), 5: (7, 5), 6: (7, 6), 8: (7, 6), 9: (7, 5), 10: (9, 5)}
TRUE = {4: (2, 1), 5: (3, 2), 6: (6, 5), 8: (6, 5), 9: (3, 2), 10: (2, 1)}
LAY = {4: (1, 2), 5: (2, 3), 6: (5, 6), 8: (5, 6), 9: (2, 3), 10: (1, 2)}
# rules.md: hard 4/10 7:1, hard 6/8 9:1.
HARD = {4: 7, 6: 9, 8: 9, 10: 7}
# A buy's commission: 5% of its stake, rounded down, at least 1 (rules.md, "House rules").
BUY_VIG = {5: 1, 10: 1, 20: 1, 25: 1, 39: 1, 40: 2, 45: 2, 100: 5}
LAY_STAKES = (10, 20, 30, 40, 60, 100, 120, 200)


def other_point(n):
    return 10 if n == 4 else 4


def lay_vig(win):
    """5% of a lay's win, rounded down, at least 1 (rules.md, "House rules")."""
    return max(1, win * 5 // 100)


def stays_up(kind, n, ratio, stake, vig=0):
    """The wager wins (less `vig`) and stays up, twice running; then a 7 takes it."""
    t = table()
    house_point(t, other_point(n))
    t.bet(0, kind, stake, number=n)
    win = stake * ratio[0] // ratio[1] - vig
    for turn in range(2):
        r = settle(t, *ways(n)[turn % len(ways(n))])
        assert figures(only(r, kind, n)) == (WIN, win, vig, 0, 0, stake), (kind, n, stake)
        assert t.credits == [1000 - stake + win * (turn + 1)] and t.on_table(0) == stake
    for total in range(2, 13):
        if total not in (7, n, other_point(n)):  # these decide nothing, the puck stays ON
            assert unsettled(settle(t, *ways(total)[0]), kind)
    r = settle(t, 3, 4)
    assert figures(only(r, kind, n)) == (LOSE, 0, 0, stake, 0, 0)
    assert t.credits == [1000 - stake + 2 * win] and t.on_table(0) == 0


def test_place_pays_rounded_down_and_stays_up():
    for n in POINTS:
        for stake in (5, 6, 7, 10, 12, 30):
            stays_up("place", n, PLACE[n], stake)


# Place wins written out (rules.md: "a place 6 of 5 credits" is rounded down): (number, stake, win).
PLACE_WINS = ((4, 5, 9), (4, 6, 10), (5, 5, 7), (5, 6, 8), (6, 5, 5), (6, 6, 7), (6, 12, 14),
              (8, 5, 5), (8, 6, 7), (9, 5, 7), (9, 10, 14), (10, 5, 9), (10, 7, 12))


def test_place_full_pay_units():
    for n, stake, win in PLACE_WINS:
        t = table()
        house_point(t, other_point(n))
        t.bet(0, "place", stake, number=n)
        assert figures(only(settle(t, *ways(n)[0]), "place", n)) == (WIN, win, 0, 0, 0, stake)


def test_place_and_buy_off_on_come_out_unless_working():
    for kind in ("place", "buy"):
        for n in POINTS:
            t = table()
            t.bet(0, kind, 10, number=n)
            assert unsettled(settle(t, 3, 4), kind) and unsettled(settle(t, *ways(n)[0]), kind)
            assert t.on_table(0) == 10
            t = table()
            t.bet(0, kind, 10, number=n, working=True)
            assert only(settle(t, *ways(n)[0]), kind, n)[OUTCOME] == WIN


def test_buy_pays_true_odds_less_commission_on_win():
    for n in POINTS:
        for stake in sorted(BUY_VIG):
            stays_up("buy", n, TRUE[n], stake, BUY_VIG[stake])


# Buy wins written out: (number, stake, commission, net win).
BUY_WINS = ((4, 25, 1, 49), (5, 40, 2, 58), (6, 30, 1, 35), (6, 5, 1, 5), (8, 7, 1, 7),
            (9, 45, 2, 65), (10, 100, 5, 195))


def test_buy_full_pay_units():
    for n, stake, vig, win in BUY_WINS:
        t = table()
        house_point(t, other_point(n))
        t.bet(0, "buy", stake, number=n)
        s = only(settle(t, *ways(n)[0]), "buy", n)
        assert figures(s) == (WIN, win, vig, 0, 0, stake), (n, stake, figures(s))


# Up front, a buy of 40 pays 2 commission when it is made: (number, net win).
BUY_40_UP_FRONT = ((4, 78), (5, 58), (6, 46), (8, 46), (9, 58), (10, 78))


def test_buy_commission_up_front():
    for n, win in BUY_40_UP_FRONT:
        t = table(commission="up_front")
        house_point(t, other_point(n))
        t.bet(0, "buy", 40, number=n)
        assert t.credits == [958]
        s = only(settle(t, *ways(n)[0]), "buy", n)
        assert figures(s) == (WIN, win, 2, 0, 0, 40), (n, figures(s))
        assert t.credits == [958 + win] and staked(t, 0) == 42
        s = only(settle(t, 3, 4), "buy", n)
        assert figures(s) == (LOSE, 0, 2, 40, 0, 0), (n, figures(s))
        assert t.credits == [958 + win] and staked(t, 0) == 0


def test_up_front_commission_comes_back_when_taken_down():
    for kind, n, stake, vig in (("buy", 4, 40, 2), ("buy", 6, 100, 5), ("lay", 4, 120, 3),
                                ("lay", 9, 60, 2)):
        t = table(commission="up_front")
        t.bet(0, kind, stake, number=n)
        assert t.credits == [1000 - stake - vig]
        assert t.remove(0, kind, number=n) == stake + vig
        assert t.credits == [1000] and staked(t, 0) == 0


def test_lay_pays_less_commission_of_the_win():
    # Lay bets work on the come-out: a come-out 7 pays them, the number takes them.
    for n in POINTS:
        for stake in LAY_STAKES:
            win = stake * LAY[n][0] // LAY[n][1]
            vig = lay_vig(win)
            t = table()
            t.bet(0, "lay", stake, number=n)
            for turn in range(2):
                s = only(settle(t, 3, 4), "lay", n)
                assert figures(s) == (WIN, win - vig, vig, 0, 0, stake), (n, stake, figures(s))
                assert t.credits == [1000 - stake + (win - vig) * (turn + 1)]
            for other in (2, 3, 11, 12):
                assert unsettled(settle(t, *ways(other)[0]), "lay")
            s = only(settle(t, *ways(n)[0]), "lay", n)
            assert figures(s) == (LOSE, 0, 0, stake, 0, 0)


# Lay wins written out: (number, stake, win before commission, commission).
LAY_WINS = ((4, 40, 20, 1), (10, 200, 100, 5), (5, 30, 20, 1), (9, 75, 50, 2), (6, 30, 25, 1),
            (8, 120, 100, 5), (6, 7, 5, 1), (8, 250, 208, 10))


def test_lay_full_pay_units():
    for n, stake, win, vig in LAY_WINS:
        t = table()
        house_point(t, other_point(n))
        t.bet(0, "lay", stake, number=n)
        s = only(settle(t, 3, 4), "lay", n)
        assert figures(s) == (WIN, win - vig, vig, 0, 0, stake), (n, stake, figures(s))


def test_lay_commission_up_front():
    # A lay of 120: the win is 60 on 4/10, 80 on 5/9, 100 on 6/8; 5% of it is taken up front.
    for n, win, vig in ((4, 60, 3), (5, 80, 4), (6, 100, 5), (8, 100, 5), (9, 80, 4), (10, 60, 3)):
        t = table(commission="up_front")
        t.bet(0, "lay", 120, number=n)
        assert t.credits == [880 - vig]
        s = only(settle(t, 3, 4), "lay", n)
        assert figures(s) == (WIN, win - vig, vig, 0, 0, 120), (n, figures(s))
        assert t.credits == [880 - vig + win - vig] and staked(t, 0) == 120 + vig
        s = only(settle(t, *ways(n)[0]), "lay", n)
        assert figures(s) == (LOSE, 0, vig, 120, 0, 0), (n, figures(s))
        assert t.credits == [880 - vig + win - vig] and staked(t, 0) == 0


def test_hardways_on_every_roll():
    # Puck ON over 5: the hard way wins and stays, the easy way and 7 lose, the rest do nothing.
    for n in sorted(HARD):
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                t = table()
                house_point(t, 5)
                t.bet(0, "hard", 5, number=n)
                r = settle(t, d1, d2)
                if d1 + d2 == n and d1 == d2:
                    want = (WIN, 5 * HARD[n], 0, 0, 0, 5)
                elif d1 + d2 == n or d1 + d2 == 7:
                    want = (LOSE, 0, 0, 5, 0, 0)
                else:
                    assert unsettled(r, "hard") and t.on_table(0) == 5, (n, d1, d2)
                    continue
                assert figures(only(r, "hard", n)) == want, (n, d1, d2)
                assert t.credits == [995 + want[1]]


def test_hardway_stays_up_after_a_win():
    for n in sorted(HARD):
        t = table()
        house_point(t, 5)
        t.bet(0, "hard", 2, number=n)
        for turn in range(2):
            s = only(settle(t, n // 2, n // 2), "hard", n)
            assert figures(s) == (WIN, 2 * HARD[n], 0, 0, 0, 2)
        assert t.credits == [998 + 4 * HARD[n]] and t.on_table(0) == 2


def test_hardways_off_on_come_out():
    for n in sorted(HARD):
        t = table()
        t.bet(0, "hard", 5, number=n)
        assert unsettled(settle(t, 3, 4), "hard")  # a come-out 7
        assert unsettled(settle(t, n // 2, n // 2), "hard")  # the hard way sets the point
        assert t.point == n and t.on_table(0) == 5


def test_big_6_and_8_pay_even_money_and_stay_up():
    # Big 6/8 work on the come-out (rules.md, "House rules"); every roll, both puck states.
    for kind, n in (("big6", 6), ("big8", 8)):
        for point in (0, 4):
            for d1 in range(1, 7):
                for d2 in range(1, 7):
                    t = table()
                    if point:
                        house_point(t, point)
                    t.bet(0, kind, 10)
                    r = settle(t, d1, d2)
                    if d1 + d2 == n:
                        want = (WIN, 10, 0, 0, 0, 10)
                    elif d1 + d2 == 7:
                        want = (LOSE, 0, 0, 10, 0, 0)
                    else:
                        assert unsettled(r, kind) and t.on_table(0) == 10
                        continue
                    assert figures(only(r, kind, n)) == want, (kind, point, d1, d2)
                    assert t.credits == [990 + want[1]] and t.on_table(0) == want[5]
