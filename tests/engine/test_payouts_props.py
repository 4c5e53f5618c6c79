# Payouts of the one-roll bets on every throw: field, the propositions ("to 1" and "for 1"), horn,
# horn high, world, C & E and the 21 hop bets; figures from docs/rules.md.
from craps.wagers import WIN, LOSE, PUSH, hop_code
from support import table, settle, figures, only, net

# rules.md: the field wins 1:1 on 3, 4, 9, 10, 11; 2 pays 2:1; 12 pays 2:1 or 3:1 (field_12).
FIELD = {2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1}
# rules.md: (totals that win, pays to 1, pays on a "for 1" table).
PROPS = {"any7": ((7,), 4, 3), "any_craps": ((2, 3, 12), 7, 6), "two": ((2,), 30, 29),
         "three": ((3,), 15, 14), "yo": ((11,), 15, 14), "twelve": ((12,), 30, 29)}
DICE = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]


def one_roll(kind, stake, d1, d2, number=0, **rules):
    """Bet `stake` on `kind` and throw d1-d2; the wager's settlement and the meter after it."""
    t = table(**rules)
    t.bet(0, kind, stake, number=number)
    s = only(settle(t, d1, d2), kind)
    assert t.on_table(0) == 0, "a one-roll bet left the layout after its roll"
    return figures(s), t.credits[0]


def paid(stake, to_one):
    """A one-roll win: stake x odds won, the stake back (rules.md: "to 1")."""
    return (WIN, stake * to_one, 0, 0, stake, 0)


def lost(stake):
    return (LOSE, 0, 0, stake, 0, 0)


def test_field_every_throw():
    for field_12 in (2, 3):
        for pays in ("to", "for"):  # "for 1" is for the propositions: the field is unchanged
            for d1, d2 in DICE:
                total = d1 + d2
                got, meter = one_roll("field", 10, d1, d2, field_12=field_12, pays=pays)
                odds = field_12 if total == 12 else FIELD.get(total)
                want = paid(10, odds) if odds else lost(10)
                assert got == want, (field_12, pays, d1, d2, got)
                assert meter == 990 + want[1] + want[4]


def test_propositions_every_throw():
    for kind in sorted(PROPS):
        totals, to_one, for_one = PROPS[kind]
        for pays, odds in (("to", to_one), ("for", for_one)):
            for d1, d2 in DICE:
                got, meter = one_roll(kind, 3, d1, d2, pays=pays)
                want = paid(3, odds) if d1 + d2 in totals else lost(3)
                assert got == want, (kind, pays, d1, d2, got)
                assert meter == 997 + want[1] + want[4]


# Compound bets are paid as separate one-unit wagers on their parts (docs/rules.md): per unit of
# stake, (win, lost, returned) on each total that wins a part; every other total loses it all.
HORN = {2: (30, 3, 1), 3: (15, 3, 1), 11: (15, 3, 1), 12: (30, 3, 1)}
WORLD = {2: (30, 4, 1), 3: (15, 4, 1), 7: (4, 4, 1), 11: (15, 4, 1), 12: (30, 4, 1)}
CE = {2: (7, 1, 1), 3: (7, 1, 1), 11: (15, 1, 1), 12: (7, 1, 1)}
# Horn high: two units on the high number; (high, total): (win, lost, returned) per unit.
HORN_HIGH = {
    (2, 2): (60, 3, 2), (2, 3): (15, 4, 1), (2, 11): (15, 4, 1), (2, 12): (30, 4, 1),
    (3, 2): (30, 4, 1), (3, 3): (30, 3, 2), (3, 11): (15, 4, 1), (3, 12): (30, 4, 1),
    (11, 2): (30, 4, 1), (11, 3): (15, 4, 1), (11, 11): (30, 3, 2), (11, 12): (30, 4, 1),
    (12, 2): (30, 4, 1), (12, 3): (15, 4, 1), (12, 11): (15, 4, 1), (12, 12): (60, 3, 2),
}
# On a "for 1" table each part pays one less: the world's 7 is then a loss of one unit.
WORLD_FOR = {2: (29, 4, 1), 3: (14, 4, 1), 7: (3, 4, 1), 11: (14, 4, 1), 12: (29, 4, 1)}


def compound(per_unit, unit, parts):
    """The one settlement of a compound wager: its parts added, outcome by net
    (docs/scenario.md)."""
    if per_unit is None:
        return lost(unit * parts)
    win, lose, back = per_unit[0] * unit, per_unit[1] * unit, per_unit[2] * unit
    outcome = WIN if win > lose else LOSE if win < lose else PUSH
    return (outcome, win, 0, lose, back, 0)


def check_compound(kind, parts, per_total, number=0, **rules):
    for unit in (1, 3):
        for d1, d2 in DICE:
            got, meter = one_roll(kind, unit * parts, d1, d2, number, **rules)
            want = compound(per_total.get(d1 + d2), unit, parts)
            assert got == want, (kind, number, unit, d1, d2, got)
            assert meter == 1000 - unit * parts + want[1] + want[4]


def test_horn_pays_as_four_bets():
    check_compound("horn", 4, HORN)


def test_horn_high_puts_two_units_on_its_number():
    for high in (2, 3, 11, 12):
        per_total = {}
        for total in (2, 3, 11, 12):
            per_total[total] = HORN_HIGH[(high, total)]
        check_compound("horn_high", 5, per_total, high)


def test_world_pays_as_five_bets_and_pushes_on_seven():
    check_compound("world", 5, WORLD)
    got, meter = one_roll("world", 5, 3, 4)
    assert got == (PUSH, 4, 0, 4, 1, 0) and meter == 1000


def test_c_and_e_pays_as_two_bets():
    check_compound("ce", 2, CE)


def test_compound_parts_pay_for_one_on_a_for_table():
    check_compound("world", 5, WORLD_FOR, pays="for")
    horn_for = {2: (29, 3, 1), 3: (14, 3, 1), 11: (14, 3, 1), 12: (29, 3, 1)}
    check_compound("horn", 4, horn_for, pays="for")
    ce_for = {2: (6, 1, 1), 3: (6, 1, 1), 11: (14, 1, 1), 12: (6, 1, 1)}
    check_compound("ce", 2, ce_for, pays="for")


def test_hop_bets_every_pair_every_throw():
    # rules.md: a hop wins on its pair in either order; easy 15:1, hard (a double) 30:1.
    pairs = 0
    for a in range(1, 7):
        for b in range(a, 7):
            pairs += 1
            odds = 30 if a == b else 15
            for d1, d2 in DICE:
                got, meter = one_roll("hop", 2, d1, d2, hop_code(a, b))
                hit = (d1, d2) == (a, b) or (d1, d2) == (b, a)
                want = paid(2, odds) if hit else lost(2)
                assert got == want, (a, b, d1, d2, got)
                assert meter == 998 + want[1] + want[4]
    assert pairs == 21


def test_hop_bets_for_one():
    for a in range(1, 7):
        for b in range(a, 7):
            odds = 29 if a == b else 14
            for d1, d2 in ((a, b), (b, a)):
                got, meter = one_roll("hop", 2, d1, d2, hop_code(a, b), pays="for")
                assert got == paid(2, odds), (a, b, d1, d2, got)
            miss = (1, 2) if (a, b) != (1, 2) else (3, 4)
            assert one_roll("hop", 2, miss[0], miss[1], hop_code(a, b), pays="for")[0] == lost(2)


def test_for_table_leaves_other_wagers_to_one():
    # "for 1" is for the one-roll propositions (docs/rules.md): line, hardways, place stay "to 1".
    t = table(pays="for")
    t.bet(0, "pass", 10)
    assert figures(only(settle(t, 5, 6), "pass")) == (WIN, 10, 0, 0, 10, 0)
    t.roll(2, 4)
    t.bet(0, "hard", 5, number=8)
    t.bet(0, "place", 6, number=9)
    assert figures(only(settle(t, 4, 4), "hard")) == (WIN, 45, 0, 0, 0, 5)
    assert figures(only(settle(t, 4, 5), "place")) == (WIN, 8, 0, 0, 0, 6)  # 8.4


def test_net_of_a_compound_wager_counts_the_parts_it_lost():
    # World on a 7: 4:1 on the Any Seven unit, the four horn units lost: a push.
    t = table()
    t.bet(0, "world", 5)
    t.bet(0, "horn_high", 5, 3)
    r = t.roll(3, 4)
    assert [net(s) for s in r.settlements] == [0, -5]
    t.bet(0, "horn_high", 5, 3)
    r = t.roll(1, 2)  # two units on 3 win 15:1 each, three units lost
    assert net(r.settlements[0]) == 30 - 3 and t.credits == [1000 - 5 + 27]
