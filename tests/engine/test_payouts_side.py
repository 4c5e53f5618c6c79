# Payouts of the side bets decided over a shooter's hand: Fire and All / Tall / Small
# (docs/rules.md, "Side bets a house may enable").
from craps.wagers import WIN, LOSE
from support import table, settle, figures, only, unsettled, ways

# rules.md: Fire pays on the distinct points made before the seven-out: 4 -> 24:1, 5 -> 249:1,
# 6 -> 999:1 (paid as the sixth is made); fewer than 4 lose.
FIRE = {4: 24, 5: 249, 6: 999}
# rules.md: Small (2-6) 34:1, Tall (8-12) 34:1, All (both) 175:1, each before a 7.
ATS = {"small": 34, "tall": 34, "all": 175}


def side_table(*bets):
    t = table(side_bets=True)
    for kind, stake in bets:
        t.bet(0, kind, stake)
    return t


def make_point(t, n):
    """The come-out sets the point on n; the next roll makes it the other way. Returns that roll."""
    assert unsettled(settle(t, *ways(n)[0]), "fire") and t.point == n
    r = settle(t, *ways(n)[-1])
    assert t.point == 0
    return r


def seven_out(t, n=8):
    assert unsettled(settle(t, *ways(n)[0]), "fire") and t.point == n
    return settle(t, 3, 4)


def test_fire_loses_with_fewer_than_four_points():
    points = (4, 5, 6)
    for count in range(4):
        t = side_table(("fire", 2))
        for n in points[:count]:
            assert unsettled(make_point(t, n), "fire")
        assert figures(only(seven_out(t), "fire")) == (LOSE, 0, 0, 2, 0, 0), count
        assert t.credits == [998] and t.on_table(0) == 0


def test_fire_pays_at_the_seven_out_for_four_or_five_points():
    for points in ((4, 5, 6, 8), (10, 9, 8, 6, 5), (5, 9, 10, 4)):
        t = side_table(("fire", 2))
        for n in points:
            assert unsettled(make_point(t, n), "fire")
        assert t.on_table(0) == 2
        win = 2 * FIRE[len(points)]
        s = only(seven_out(t, points[0]), "fire")  # setting a point again counts nothing
        assert figures(s) == (WIN, win, 0, 0, 2, 0), points
        assert t.credits == [1000 + win]


def test_fire_pays_999_to_1_on_the_sixth_point():
    t = side_table(("fire", 1))
    for n in (6, 8, 4, 10, 5):
        assert unsettled(make_point(t, n), "fire")
    assert figures(only(make_point(t, 9), "fire")) == (WIN, 999, 0, 0, 1, 0)
    assert t.credits == [1999] and t.on_table(0) == 0
    assert unsettled(seven_out(t), "fire")


def test_fire_counts_a_repeated_point_once():
    for points, won in (((4, 4, 4, 5, 6), False), ((4, 5, 5, 6, 8), True),
                        ((6, 6, 6, 6, 6, 8, 8), False)):
        t = side_table(("fire", 2))
        for n in points:
            assert unsettled(make_point(t, n), "fire")
        want = (WIN, 48, 0, 0, 2, 0) if won else (LOSE, 0, 0, 2, 0, 0)
        assert figures(only(seven_out(t, 9), "fire")) == want, points


def test_fire_is_not_decided_by_the_come_out():
    t = side_table(("fire", 2))
    for n in (4, 5, 6, 8):
        for total in (7, 11, 2, 3, 12, 7):  # naturals and craps on the come-out
            assert unsettled(settle(t, *ways(total)[0]), "fire") and t.point == 0
        assert unsettled(make_point(t, n), "fire")
    assert figures(only(seven_out(t, 10), "fire")) == (WIN, 48, 0, 0, 2, 0)


def check_ats(totals, won_at):
    """Roll `totals` (never a 7) with 1 on each of All, Tall, Small; `won_at` maps each bet to
    the index of the roll that completes it: it must be paid on that roll, and only then."""
    t = side_table(("all", 1), ("tall", 1), ("small", 1))
    for i in range(len(totals)):
        r = settle(t, *ways(totals[i])[-1])
        for kind in sorted(ATS):
            if won_at[kind] == i:
                assert figures(only(r, kind)) == (WIN, ATS[kind], 0, 0, 1, 0), (kind, totals)
            else:
                assert unsettled(r, kind), (kind, i, totals)
    assert t.credits == [997 + 34 + 34 + 175 + 3] and t.on_table(0) == 0


def test_small_tall_and_all_accumulate_totals_over_rolls():
    # Come-out craps, points set and made: the totals count whatever the puck does.
    check_ats((2, 3, 4, 5, 6, 8, 9, 10, 11, 12), {"small": 4, "tall": 9, "all": 9})
    check_ats((12, 8, 11, 8, 10, 10, 9, 2, 6, 2, 4, 3, 5), {"tall": 6, "small": 12, "all": 12})
    check_ats((6, 2, 6, 12, 4, 3, 11, 4, 5, 9, 10, 8), {"small": 8, "tall": 11, "all": 11})


def test_small_tall_and_all_lose_on_any_seven():
    # After nothing, come-out craps, a point (4), and all but one total of each (puck ON over 6).
    for before in ((), (2, 3, 12), (4, 5), (6, 8, 9, 10, 11, 2, 3, 4)):
        t = side_table(("all", 1), ("tall", 2), ("small", 3))
        for total in before:
            r = settle(t, *ways(total)[0])
            for kind in sorted(ATS):
                assert unsettled(r, kind), (kind, before, total)
        point = t.point
        r = settle(t, 3, 4)  # a come-out 7 when the puck is OFF, else a seven-out
        for kind, stake in (("all", 1), ("tall", 2), ("small", 3)):
            assert figures(only(r, kind)) == (LOSE, 0, 0, stake, 0, 0), (kind, before, point)
        assert t.credits == [994] and t.on_table(0) == 0
