# Strategy studies: the chain compiled from the engine is the engine (sessions replayed roll by
# roll), its exact figures are the known edges and the simulated ones fall around them, and the
# house's refusals reach the user by name.
import json
import math
from fractions import Fraction

import numpy
import pytest

from craps import errors
from craps.house import HouseRules
from craps.table import Table
from host_tools import chain, longrun, odds, sessions, strategies
from host_tools.strategy import Bet, Odds, ComeBets, Share, Player, POINT
from test_cli import run, one_line_error

RULES = HouseRules()


def exact(strategy, rules=RULES):
    return longrun.figures(chain.compile_strategy(strategy, rules))


@pytest.mark.parametrize("wager, label, rules", [
    (Bet("pass", 1), "Pass Line", {}),
    (Bet("dont_pass", 1), "Don't Pass", {}),
    (Bet("field", 1), "Field", {}),
    (Bet("field", 1), "Field", {"field_12": 3}),
    (Bet("place", 6, 6, POINT), "Place 6/8", {}),
    (Bet("place", 5, 5), "Place 5/9", {}),
    (Bet("buy", 20, 4), "Buy 4/10", {}),
    (Bet("lay", 40, 10), "Lay 4/10", {}),
    (Bet("hard", 1, 8), "Hard 6/8", {}),
])
def test_a_single_wagers_edge_from_the_chain_is_the_odds_reports(wager, label, rules):
    # Two roads to one figure: the odds report decides the wager from craps.wagers; the chain
    # plays it on a Table. Per credit decided, over the long run.
    house = HouseRules(rules)
    edge, _ = odds.analyse(house, *next(row[1:] for row in odds.catalogue(house)
                                        if row[0] == label))
    f = exact(wager, house)
    assert -f.mean / f.action == edge


def test_the_pass_lines_edge_is_7_in_495_a_decision():
    f = exact(Bet("pass", 1))
    assert f.mean / f.decisions == Fraction(-7, 495)
    assert 1 / f.decisions == odds.rolls_per_decision(RULES)  # 557/165 rolls a decision


def test_free_odds_leave_the_mean_a_roll_as_it_was_and_raise_the_variance():
    alone, backed = exact(Bet("pass", 10)), exact(strategies.pass_odds())
    assert backed.mean == alone.mean == Fraction(-70, 1671)
    assert backed.variance > alone.variance


def test_parts_that_do_not_meet_add_their_means():
    together = exact(strategies.named("pass-odds+place-6-8+field"))
    parts = [exact(strategies.named(n)).mean for n in ("pass-odds", "place-6-8", "field")]
    assert together.mean == sum(parts)


def test_one_roll_bets_have_the_variance_of_one_roll():
    stake = 5
    f = exact(Bet("field", stake))
    # 2 and 12 pay double (field_12 = 2), 3, 4, 9, 10, 11 even (14 rolls), 5-8 lose (20 rolls)
    money = [2 * stake] * 2 + [stake] * 14 + [-stake] * 20
    mean = sum(Fraction(m, 36) for m in money)
    assert f.mean == mean
    assert f.variance == sum(Fraction(m * m, 36) for m in money) - mean * mean


@pytest.mark.parametrize("name", ["pass-odds", "dont-pass-odds", "iron-cross", "hedge",
                                  "press-6-8", "regress-6-8", "field"])
def test_compiled_sessions_replay_through_the_engine_with_the_same_money(name):
    strategy = strategies.named(name)
    stops = sessions.Stops(shooters=6, goal=60)
    played = sessions.compiled(chain.compile_strategy(strategy, RULES), 120, stops, 400,
                               seed=7, traced=60)
    for i, (dice, money) in enumerate(played.traces):
        final, rolls, shooters, reason, engine_money = sessions.played(
            strategy, RULES, 120, stops, dice)
        assert engine_money == money, (name, i)
        assert (final, rolls, shooters, reason) == (
            played.money[i], played.rolls[i], played.shooters[i], played.reasons[i])
    reasons = set(played.reasons[:len(played.traces)].tolist())
    assert len(reasons) >= 2  # sessions that ended for different reasons


def test_a_molly_with_its_come_bets_replays_through_the_engine():
    strategy = strategies.three_point_molly()
    stops = sessions.Stops(rolls=60)
    played = sessions.compiled(chain.compile_strategy(strategy, RULES), 200, stops, 200,
                               seed=3, traced=40)
    for dice, money in played.traces:
        assert sessions.played(strategy, RULES, 200, stops, dice)[4] == money


@pytest.mark.parametrize("name", ["pass-odds", "iron-cross", "press-6-8"])
def test_simulated_means_fall_inside_their_intervals_around_the_exact_ones(name):
    f = exact(strategies.named(name))
    rolls, count = 400, 3000
    played = sessions.compiled(chain.compile_strategy(strategies.named(name), RULES), 10 ** 9,
                               sessions.Stops(rolls=rolls), count, seed=11)
    per_roll = (played.money - 10 ** 9) / rolls
    half = 4 * math.sqrt(float(f.variance) / (rolls * count))  # z = 4: a false alarm 1 in 15,000
    assert abs(per_roll.mean() - float(f.mean)) < half
    # and the spread of a session's sum is the long-run variance's, within 10%
    assert abs(per_roll.var() * rolls / float(f.variance) - 1) < 0.1


@pytest.mark.parametrize("strategy, refusal", [
    (Bet("pass", 10) + Odds("pass", 10), errors.OddsOverCap),
    (Bet("place", 12, 7), errors.BadNumber),
    (Bet("pass", 1000), errors.OverTableMax),
    (Bet("put", 10, 6, POINT), errors.NotEnabled),
    (Bet("pass", 10, when=POINT), errors.ComeOutOnly),
])
def test_the_engine_refuses_an_illegal_strategy_by_name(strategy, refusal):
    with pytest.raises(refusal):
        chain.compile_strategy(strategy, RULES)


def test_a_strategy_that_follows_the_meter_plays_through_the_engine(capsys):
    with pytest.raises(chain.NotCompilable):
        chain.compile_strategy(strategies.bankroll_pass(), RULES)
    code, out, _ = run(capsys, "study", "--strategy", "bankroll-pass", "--sessions", "20",
                       "--seed", "1")
    assert code == 0 and "Not compiled" in out and "through the engine" in out


def test_the_state_limit_says_so():
    with pytest.raises(chain.NotCompilable):
        chain.compile_strategy(Bet("pass", 10) + ComeBets(10, 3), RULES, limit=50)


def test_a_share_of_the_meter_bets_from_the_meter():
    stops = sessions.Stops(rolls=1)
    assert sessions.played(Share("pass", 30), RULES, 300, stops, [0])[4] == [300, 290]  # 1-1


def test_the_command_writes_figures_csv_json_and_plots(capsys, tmp_path):
    base = str(tmp_path / "study")
    code, out, err = run(capsys, "study", "--strategy", "pass-line", "--sessions", "500",
                         "--bankroll", "1000", "--seed", "2", "--json", base + ".json", "--csv", base + ".csv",
                         "--plot", base)
    assert code == 0, err
    assert "mean -70/1671 = -0.041891 credits" in out and "Risk of ruin" in out
    with open(base + ".json") as f:
        figures = json.load(f)
    assert figures["exact"]["mean_per_roll"]["fraction"] == "-70/1671"
    assert figures["sessions"]["sessions"] == 500
    over = figures["sessions"]["over_rolls"]
    assert over["money"][0] == [1000] * len(over["percentiles"])  # every session at the start
    with open(base + ".csv") as f:
        assert len(f.readlines()) == 501
    with open(base + ".png", "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    with open(base + ".svg") as f:
        assert "<svg" in f.read()


def test_the_same_seed_plays_the_same_sessions():
    c = chain.compile_strategy(strategies.iron_cross(), RULES)
    a, b = (sessions.compiled(c, 300, sessions.Stops(shooters=3), 100, seed=5) for _ in "ab")
    assert numpy.array_equal(a.money, b.money) and numpy.array_equal(a.rolls, b.rolls)


@pytest.mark.parametrize("argv, message", [
    (["study", "--strategy", "martingale"], "study: no strategy is called 'martingale'"),
    (["study", "--table-max", "5"], "study: the house refuses pass 10 + odds 2x pass: "
                                    "OverTableMax: the table maximum is 5 credits"),
    (["study", "--sessions", "0"], "a whole number from 1 up: 0"),
    (["study", "--seed", "-1"], "a whole number from 0 up: -1"),
    (["study", "--sessions", "5", "--json", "/nonexistent/x.json"],
     "study: cannot write /nonexistent/x.json: No such file or directory"),
])
def test_bad_studies_are_one_line(capsys, argv, message):
    assert message in one_line_error(capsys, *argv)


def test_the_library_has_the_strategies_players_know():
    assert set(strategies.NAMED) >= {"pass-odds", "dont-pass-odds", "place-6-8", "iron-cross",
                                     "three-point-molly", "field", "hedge", "press-6-8",
                                     "regress-6-8"}


def test_a_strategy_of_ones_own_from_a_file(capsys, tmp_path):
    mine = tmp_path / "mine.py"
    mine.write_text("from host_tools.strategy import Bet\n"
                    "def lay_ten():\n    return Bet('lay', 40, 10)\n")
    code, out, err = run(capsys, "study", "--strategy", "%s:lay_ten+field" % mine, "--exact-only")
    assert code == 0, err
    assert "Strategy: lay 10 40 + field 5" in out
    assert one_line_error(capsys, "study", "--strategy", "%s:nothing" % mine) == (
        "study: %s has no strategy called nothing\n" % mine)


def test_a_bet_kept_off_the_point_is_not_made_there():
    table = Table([100], RULES)
    table.bet(0, "pass", 10)
    table.roll(3, 3)  # the point is 6
    player = Player(table)
    (Bet("place", 12, 6, POINT, not_on_point=True) + Bet("place", 12, 8, POINT,
                                                         not_on_point=True)).act(player, (None,) * 2)
    assert table.find(0, "place", 6) is None and table.find(0, "place", 8).amount == 12
    assert player.lowest == 78


@pytest.mark.parametrize("count", [1, 2, 7, 1000])
@pytest.mark.parametrize("spread", [1, 10, 5000, 10 ** 9])
def test_the_sessions_quantiles_are_numpys_percentiles(count, spread):
    # counted when the money spans few amounts, numpy's partition when it spans many
    rng = numpy.random.default_rng(count * spread)
    money = rng.integers(-50, spread, count).astype(numpy.int64)
    assert numpy.allclose(sessions.quantiles(money), numpy.percentile(money, sessions.QUANTILES),
                          rtol=1e-12, atol=0)
