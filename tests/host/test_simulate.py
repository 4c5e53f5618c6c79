# `python -m host_tools simulate`: its arithmetic on a scripted roll sequence worked out by hand,
# the interval against a hand computation, the merge of two workers' sums, a wrong paytable that
# must show OUT, and the command on 10^4 rolls.
import io
import math
import random
import re
from fractions import Fraction

import pytest

from craps.house import HouseRules
from craps.table import next_point, seven_out
from drivers.entropy import StreamBits
from drivers.rng_dice import RngDice
from host_tools import odds, simulate

F = Fraction

# 20 rolls, two shooters' hands (8 and 12 rolls), worked out by hand below.
SCRIPT = [(3, 4), (2, 2), (1, 5), (5, 5), (1, 3), (6, 1), (3, 3), (4, 3),  # 7 out: hand of 8
          (6, 6), (1, 1), (2, 3), (4, 4), (5, 6), (4, 1), (1, 2), (5, 5), (2, 2), (6, 4),
          (3, 6), (2, 5)]  # 7 out: hand of 12

# label: (stake, net result of each decision in order), default house rules.
BY_HAND = {
    # 7 win; 4 made (rolls 2-5); 7 win; 6 then 7 out; 12, 2 craps; 5 made; 3 craps; 10 made;
    # 9 then 7 out.
    "Pass Line": (1, [1, 1, 1, -1, -1, -1, 1, -1, 1, -1]),
    "Don't Pass": (1, [-1, -1, -1, 1, 0, 1, -1, 1, -1, 1]),  # the 12 is barred: a push
    # Made with the puck ON: roll 3 (travels to 6, lost on the come-out 7 of roll 6); roll 8
    # (in the box, wins on the 7 out); roll 12 (travels to 8, lost on roll 20's 7).
    "Come": (1, [-1, 1, -1]),
    "Don't Come": (1, [1, -1, 1]),
    "Odds on 4/10": (1, [2]),  # behind the 4 of roll 2: 2 to 1 on roll 5
    "Odds on 5/9": (2, [3]),  # behind the 5 of roll 11: 3 to 2 on roll 14
    "Odds on 6/8": (5, [-5]),  # behind the 6 of roll 7: lost on roll 8
    "Lay odds on 4/10": (2, [-2]),
    "Lay odds on 5/9": (3, [-3]),
    "Lay odds on 6/8": (6, [5]),  # 5 to 6 on roll 8's 7
    # Off on the come-out: rolls 1, 6 (7s) and 7 (a 6) do nothing; wins 7 on roll 3, stays up;
    # loses on roll 8 and on roll 20.
    "Place 6/8": (6, [7, -6, -6]),
    "Buy 4/10": (20, [39, -20, 39, -20]),  # 2 to 1 less 1 commission on rolls 5 and 17
    # Works on the come-out: wins 20 less 1 on each 7 (rolls 1, 6, 8, 20), loses on each 4.
    "Lay 4/10": (40, [19, -40, -40, 19, 19, -40, 19]),
    "Field": (1, [-1, 1, -1, 1, 1, -1, -1, -1, 2, 2, -1, -1, 1, -1, 1, 1, 1, 1, 1, -1]),
    # Off on the come-out (the 2-2 of roll 2); the easy 4 of roll 5 and the 7 out of roll 8
    # lose; the 2-2 of roll 17 wins 7 to 1 and stays; roll 20 loses.
    "Hard 4/10": (1, [-1, -1, 7, -1]),
    "Hard 6/8": (1, [-1, -1, -1]),  # easy 6 on roll 3; the 3-3 of roll 7 is a come-out: off
    "Big 6/8": (1, [-1, 1, -1, 1, -1, -1]),
    "Any Seven": (1, [4, -1, -1, -1, -1, 4, -1, 4] + [-1] * 11 + [4]),
    "Horn": (4, [-4] * 8 + [27, 27, -4, -4, 12, -4, 12] + [-4] * 5),
    "Hop easy (e.g. 2-3)": (1, [-1] * 10 + [15] + [-1] * 9),  # the 2-3 of roll 11
    "Hop hard (e.g. 2-2)": (1, [-1, 30] + [-1] * 14 + [30] + [-1] * 3),  # rolls 2 and 17
}
PASS_LINE_ROLLS = [1, 4, 1, 2, 1, 1, 4, 1, 3, 2]  # rolls from each come-out to its decision
HANDS = [8, 12]


def default_plan():
    rules = HouseRules()
    return rules, simulate.Plan(rules)


def row(plan, label):
    return plan.labels().index(label)


def seeded_rolls(seed, n):
    r = random.Random(seed)
    return [(r.randint(1, 6), r.randint(1, 6)) for _ in range(n)]


def seeded_source(seed):
    """The production RNG path fed a fixed byte stream: the same dice every run."""
    return RngDice(StreamBits(random.Random(seed).randbytes))


# -- the arithmetic, against a script worked out by hand

@pytest.mark.parametrize("label", sorted(BY_HAND))
def test_a_scripted_run_counts_decisions_and_nets_as_worked_out_by_hand(label):
    rules, plan = default_plan()
    sums = simulate.run(iter(SCRIPT), rules, plan)
    stake, nets = BY_HAND[label]
    i = row(plan, label)
    assert (sums.n[i], sums.net[i], sums.net2[i], sums.risk[i]) == (
        len(nets), sum(nets), sum(x * x for x in nets), stake)


def test_a_scripted_run_times_pass_line_decisions_and_hands():
    rules, plan = default_plan()
    sums = simulate.run(iter(SCRIPT), rules, plan)
    assert sums.rolls == 20
    assert sums.decision == [len(PASS_LINE_ROLLS), sum(PASS_LINE_ROLLS),
                             sum(k * k for k in PASS_LINE_ROLLS)]
    assert sums.hand == [2, 20, 8 * 8 + 12 * 12]


def test_every_catalogue_wager_is_played_at_its_full_pay_unit():
    rules, plan = default_plan()
    sums = simulate.run(iter(seeded_rolls(1, 2000)), rules, plan)
    for i, (label, kind, number, on, edge, unit) in enumerate(plan.rows):
        assert sums.n[i] > 10, label
        assert sums.risk[i] == unit, label  # table minimum 1: the unit itself


def test_a_table_minimum_scales_stakes_to_whole_units_and_up_front_commission_is_at_risk():
    rules = HouseRules({"table_min": 25, "commission": "up_front"})
    plan = simulate.Plan(rules)
    sums = simulate.run(iter(seeded_rolls(2, 2000)), rules, plan)
    risk = dict(zip(plan.labels(), sums.risk))
    assert risk["Pass Line"] == 25
    assert risk["Place 6/8"] == 30  # 5 units of 6
    assert risk["Buy 4/10"] == 42  # 2 units of 21: 40 staked, 2 commission up front
    assert risk["Lay 4/10"] == 41  # 40 laid (already over 25), 1 commission up front
    assert risk["Odds on 6/8"] == 5  # odds are not held to the table minimum


# -- the interval

def test_the_interval_is_the_mean_plus_or_minus_z_s_over_root_n():
    # Any Seven style results 4, -1, -1, -1, -1 on a stake of 1: hold 0, s^2 = 20 / 4 = 5.
    hold, variance, half = simulate.interval(5, 0, 20, 1)
    assert (hold, variance) == (0, 5)
    assert half == pytest.approx(2.576 * math.sqrt(5) / math.sqrt(5))
    # Stake 2, results +2, -2, -2, +2: per-decision holds -1, 1, 1, -1; s^2 = 4/3.
    hold, variance, half = simulate.interval(4, 0, 16, 2)
    assert (hold, variance) == (0, F(4, 3))
    assert half == pytest.approx(2.576 * math.sqrt(F(4, 3) / 4))
    # Results +7, -6, -6 on 6 (the place 6 above): hold 5/18, s^2 = (121 - 25/3) / 2 / 36.
    hold, variance, half = simulate.interval(3, -5, 121, 6)
    assert hold == F(5, 18)
    assert variance == (F(121) - F(25, 3)) / 2 / 36
    # Hands of 8 and 12 rolls: mean 10, s^2 = 8, half-width 2.576 * sqrt(8 / 2).
    mean, variance, half = simulate.mean_interval(2, 20, 208)
    assert (mean, variance) == (10, 8)
    assert half == pytest.approx(2.576 * 2)


def test_inside_is_decided_exactly_at_the_edge_of_the_interval():
    # hold 0, s^2 = 5, n = 5: the interval is exactly [-2.576, 2.576].
    assert simulate.inside(F(0), F(5), 5, F("2.576"))
    assert simulate.inside(F(0), F(5), 5, F("-2.576"))
    assert not simulate.inside(F(0), F(5), 5, F("2.5761"))
    assert not simulate.inside(F(0), F(5), 5, F("-2.5761"))


def test_the_family_wise_z_is_wider_than_99_percent_each():
    assert simulate.family_z(1) == pytest.approx(2.576, abs=1e-3)
    assert 3.6 < simulate.family_z(38) < 3.8


# -- merging workers

def cut_after_a_seven_out(rolls, at):
    """The index just after the first seven-out from `at` on: every wager is decided there (a
    lay bet that stays up is as if made afresh), so two fresh workers play what one would."""
    point = 0
    for i, (d1, d2) in enumerate(rolls):
        total = d1 + d2
        if i >= at and seven_out(point, total):
            return i + 1
        point = next_point(point, total)
    raise AssertionError("no seven-out")


@pytest.mark.parametrize("rolls", [SCRIPT, seeded_rolls(3, 10 ** 4)], ids=["script", "10^4"])
def test_two_workers_sums_merge_to_one_workers_over_the_same_rolls(rolls):
    rules, plan = default_plan()
    cut = cut_after_a_seven_out(rolls, len(rolls) // 2 if len(rolls) > 20 else 0)
    one = simulate.run(iter(rolls), rules, plan)
    first = simulate.run(iter(rolls[:cut]), rules, plan)
    second = simulate.run(iter(rolls[cut:]), rules, plan)
    merged = simulate.Sums(len(plan.rows)).merge(first).merge(second)
    assert merged == one
    assert merged.rolls == len(rolls)


def test_merging_refuses_sums_of_another_catalogue():
    with pytest.raises(ValueError):
        simulate.Sums(3).merge(simulate.Sums(4))


def test_rolls_are_shared_out_whole():
    assert simulate.shares(10, 3) == [4, 3, 3]
    assert sum(simulate.shares(10 ** 7 + 1, 2)) == 10 ** 7 + 1


def test_the_rng_rolls_come_from_the_production_path_and_reseed_on_schedule():
    source = seeded_source(5)
    rolls = list(simulate.rng_rolls(source, 2500))
    assert len(rolls) == 2500 and all(1 <= d <= 6 for roll in rolls for d in roll)
    assert source.seeds == simulate.expected_seeds(2500, source.reseed_rolls) == 3
    assert rolls == list(simulate.rng_rolls(seeded_source(5), 2500))


# -- the command

def run_main(argv):
    out, err = io.StringIO(), io.StringIO()
    code = simulate.main(simulate.parse_args(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def table_rows(text):
    """label -> (decisions, verdict) from the printed table."""
    rows = {}
    for line in text.splitlines():
        m = re.match(r"^(.+?)\s{2,}([\d,]+)\s.*\s(IN|OUT|n/a)$", line)
        if m:
            rows[m.group(1).strip()] = (int(m.group(2).replace(",", "")), m.group(3))
    return rows


def test_the_command_plays_10_4_rolls_on_one_worker_and_prints_the_table():
    code, out, err = run_main(["--rolls", "10000", "--workers", "1"])
    rows = table_rows(out)
    for label, *_ in odds.catalogue(HouseRules()):
        assert label in rows
    assert rows["Field"][0] == 10000  # a one-roll wager: a decision every roll
    assert simulate.DECISION in rows and simulate.HAND in rows
    assert "10,000 rolls" in out and "1 worker" in out
    assert code == (1 if any(v == "OUT" for _, v in rows.values()) else 0)
    progress = [line for line in err.splitlines() if line.startswith("simulate:")]
    assert len(progress) >= 19 and "100%" in progress[-1]
    assert all("rolls/s" in line and "ETA" in line for line in progress)


def test_two_workers_roll_dice_of_their_own():
    code, out, err = run_main(["--rolls", "10000", "--workers", "2", "--seed-check"])
    assert "2 workers" in out
    assert table_rows(out)["Field"][0] == 10000
    assert "every worker's dice are its own" in out
    assert out.count("(5 expected) ok") == 2  # 5,000 rolls each: a seed per 1,000


def test_a_wrong_paytable_shows_out_and_exits_1(monkeypatch):
    # The report compares Any Seven with a "5 for 1" edge (1/3) while the engine pays 4 to 1
    # (1/6): 10^4 decisions put the two about 9 standard errors apart.
    analyse = odds.analyse

    def wrong(rules, kind, number=0, on=None):
        edge, unit = analyse(rules, kind, number, on)
        return (F(1, 3) if kind == "any7" else edge), unit
    monkeypatch.setattr(odds, "analyse", wrong)
    monkeypatch.setattr(simulate, "rng_source", lambda: seeded_source(11))
    code, out, _ = run_main(["--rolls", "10000", "--workers", "1"])
    assert table_rows(out)["Any Seven"] == (10000, "OUT")
    assert code == 1
    assert "OUT of its interval: " in out and "Any Seven" in out.splitlines()[-1]


def test_a_wager_with_too_few_decisions_cannot_pass():
    rules, plan = default_plan()
    sums = simulate.run(iter(SCRIPT), rules, plan)
    wagers, _ = simulate.figures(plan, sums)
    by_label = dict((f.label, f) for f in wagers)
    assert by_label["Odds on 4/10"].ok is None  # one decision: no interval
    assert simulate.verdict(by_label["Odds on 4/10"]) == "n/a"


def test_the_roll_count_understands_powers():
    assert simulate.parse_args(["--rolls", "10**6"]).rolls == 10 ** 6
    assert simulate.parse_args(["--rolls", "1e7"]).rolls == 10 ** 7
    assert simulate.parse_args([]).rolls == 10 ** 7
    with pytest.raises(SystemExit):
        simulate.parse_args(["--rolls", "0"])


def test_decisions_all_alike_are_too_few_to_judge_not_out():
    # Five Pass Line decisions all lost: a zero-width interval says nothing of the edge.
    rules, plan = default_plan()
    sums = simulate.Sums(len(plan.rows))
    i = row(plan, "Pass Line")
    sums.n[i], sums.net[i], sums.net2[i], sums.risk[i] = 5, -5, 5, 1
    wagers, _ = simulate.figures(plan, sums)
    assert wagers[i].ok is None and simulate.verdict(wagers[i]) == "n/a"
