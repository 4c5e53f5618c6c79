# The odds report against the published exact house edges, and against independent
# computations where a wager's edge has no short fraction (Fire, All/Tall/Small).
import subprocess
import sys
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

from craps.house import HouseRules
from craps.table import Table
from craps.wagers import UNITS, hop_code
from host_tools import odds

F = Fraction


@lru_cache(maxsize=None)
def edges(**rules):
    house = HouseRules(rules)
    return dict((row.label, (row.edge, row.unit)) for row in odds.report(house))


PUBLISHED = {  # from the standard tables (Wizard of Odds, Griffin)
    "Pass Line": F(7, 495), "Don't Pass": F(3, 220), "Come": F(7, 495),
    "Don't Come": F(3, 220), "Place 6/8": F(1, 66), "Place 5/9": F(1, 25),
    "Place 4/10": F(1, 15), "Buy 4/10": F(1, 60), "Field": F(1, 18),
    "Big 6/8": F(1, 11), "Hard 6/8": F(1, 11), "Hard 4/10": F(1, 9), "Any Seven": F(1, 6),
    "Any Craps": F(1, 9), "Craps 2 or 12": F(5, 36), "Craps 3 or 11": F(1, 9),
    "Horn": F(1, 8), "World": F(2, 15), "C & E": F(1, 9), "Hop easy (e.g. 2-3)": F(1, 9),
    "Hop hard (e.g. 2-2)": F(5, 36),
    "Odds on 4/10": 0, "Odds on 5/9": 0, "Odds on 6/8": 0,
    "Lay odds on 4/10": 0, "Lay odds on 5/9": 0, "Lay odds on 6/8": 0,
}


@pytest.mark.parametrize("label", sorted(PUBLISHED))
def test_default_table_matches_the_published_edge(label):
    assert edges()[label][0] == PUBLISHED[label]


@pytest.mark.parametrize("rules, label, edge", [
    ({"field_12": 3}, "Field", F(1, 36)),
    ({"commission": "up_front"}, "Buy 4/10", F(1, 21)),  # 5% of 21 risked
    ({"commission": "up_front"}, "Lay 4/10", F(1, 41)),
    ({"commission": "up_front"}, "Lay 5/9", F(1, 31)),
    ({"commission": "up_front"}, "Lay 6/8", F(1, 25)),
    ({}, "Lay 4/10", F(1, 60)),
    ({}, "Buy 6/8", F(1, 44)),
    ({"pays": "for"}, "Any Seven", F(1, 3)),  # 5 for 1
    ({"pays": "for"}, "Craps 2 or 12", F(1, 6)),  # 30 for 1
    ({"pays": "for"}, "Field", F(1, 18)),  # the field is even money either way
    ({"bar": 2}, "Don't Pass", F(3, 220)),  # barring 2 instead of 12: same odds
    ({"put": True}, "Put 6/8", F(1, 11)),
    ({"put": True}, "Put 4/10", F(1, 3)),
    ({}, "Horn High 2", F(23, 180)),
    ({}, "Horn High 3", F(11, 90)),
])
def test_house_rules_change_the_edge_as_published(rules, label, edge):
    assert edges(**rules)[label][0] == edge


def test_rolls_per_decision_and_per_hand():
    assert odds.rolls_per_decision(HouseRules()) == F(557, 165)
    assert odds.rolls_per_hand() == F(1671, 196)


# -- independent computations for the side bets

TOTALS = dict((t, F(6 - abs(t - 7), 36)) for t in range(2, 13))


def before_seven(totals):
    """P(every total in `totals` shows before a 7), by inclusion-exclusion."""
    p7 = TOTALS[7]
    result = F(0)
    for k in range(len(totals) + 1):
        for subset in combinations(totals, k):
            result += (-1) ** k * p7 / (p7 + sum(TOTALS[t] for t in subset))
    return result


@pytest.mark.parametrize("label, totals, pays", [
    ("Small", (2, 3, 4, 5, 6), 34), ("Tall", (8, 9, 10, 11, 12), 34),
    ("All", (2, 3, 4, 5, 6, 8, 9, 10, 11, 12), 175)])
def test_all_tall_small_against_inclusion_exclusion(label, totals, pays):
    p = before_seven(totals)
    assert edges(side_bets=True)[label][0] == 1 - (pays + 1) * p


def fire_edge():
    # One pass-line decision at a time: a point made (q[n]) or a seven-out (q_out).
    points = (4, 5, 6, 8, 9, 10)
    decided = 1 - TOTALS[2] - TOTALS[3] - TOTALS[12] - TOTALS[7] - TOTALS[11]
    q = dict((n, TOTALS[n] * TOTALS[n] / (TOTALS[n] + TOTALS[7]) / decided) for n in points)
    q_out = 1 - sum(q.values())
    pays = {4: 24, 5: 249}

    @lru_cache(maxsize=None)
    def value(made):
        if len(made) == 6:
            return F(999)
        seven_out = pays.get(len(made), -1)
        repeat = sum(q[n] for n in made)
        new = sum(q[n] * value(made | frozenset([n])) for n in points if n not in made)
        return (new + q_out * seven_out) / (1 - repeat)

    return -value(frozenset())


def test_fire_bet_against_a_pass_line_recursion():
    assert edges(side_bets=True)["Fire"][0] == fire_edge()
    assert round(float(fire_edge()) * 100, 2) == 20.76  # the published figure


# -- the report and the engine agree on the money

ONE_ROLL = [("Field", "field", 0), ("Any Seven", "any7", 0), ("Horn", "horn", 0),
            ("Horn High 12", "horn_high", 12), ("World", "world", 0), ("C & E", "ce", 0),
            ("Hop easy (e.g. 2-3)", "hop", hop_code(2, 3)), ("Craps 3 or 11", "three", 0)]


@pytest.mark.parametrize("label, kind, number", ONE_ROLL)
def test_engine_settles_one_roll_bets_at_the_reported_edge(label, kind, number):
    edge, unit = edges()[label]
    net = 0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            t = Table([unit])
            t.bet(0, kind, unit, number)
            t.roll(d1, d2)
            net += t.credits[0] - unit
    assert F(-net, 36 * unit) == edge


def test_full_pay_units():
    e = edges()
    assert e["Place 6/8"][1] == 6 and e["Place 4/10"][1] == 5
    assert e["Buy 4/10"][1] == 20 and e["Lay 4/10"][1] == 40 and e["Lay 6/8"][1] == 24
    assert e["Odds on 6/8"][1] == 5 and e["Lay odds on 5/9"][1] == 3
    assert e["Horn"][1] == UNITS["horn"] and e["C & E"][1] == 2


def test_side_bets_and_put_show_only_where_the_house_enables_them():
    assert "Fire" not in edges() and "Put 6/8" not in edges()


def test_cli_prints_the_table_and_takes_house_rules():
    out = subprocess.run([sys.executable, "-m", "host_tools", "odds", "--field-12", "3"],
                         capture_output=True, text=True, check=True).stdout
    assert "field_12=3" in out
    field = [line for line in out.splitlines() if line.startswith("Field")][0]
    assert field.split() == ["Field", "2.7778%", "1", "1/36"]
    assert "557/165" in out and "1671/196" in out


def test_cli_refuses_an_unknown_house_rule_value():
    result = subprocess.run([sys.executable, "-m", "host_tools", "odds", "--odds", "7x"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_help_pages_show_each_wagers_pay_and_edge():
    from host_tools import helppages
    pages = dict((page[0], page[1:]) for page in helppages.build())
    assert pages["PLACE 6/8"] == ("PAYS 7:6", "HOUSE EDGE 1.52%", "FULL PAY IN 6")
    assert pages["HOP HARD (E.G. 2-2)"][0] == "PAYS 30:1"
    assert pages["HOP EASY (E.G. 2-3)"][0] == "PAYS 15:1"
    assert pages["BUY 4/10"][0] == "PAYS 2:1 LESS 5%"
