# make bench's figures, on a small run: every figure the JSON schema names is there, of its
# type, and sane. (The peer comparison needs the bench extra crapssim, which make bench installs
# and make test does not: its tests skip without it.)
import itertools

import pytest

from craps.house import HouseRules
from host_tools import bench, peer, peer_study, sessions, strategies


def test_a_small_bench_run_gives_every_figure_of_the_schema():
    figures = bench.collect(rolls=2000, health_samples=10 ** 5, peer_rolls=0, heap_rolls=20,
                            wear_rolls=100, study_sessions=0)
    assert set(figures) == set(bench.SCHEMA) - set(bench.PEER)
    for key, value in figures.items():
        kind = bench.SCHEMA[key]
        assert isinstance(value, kind) or (kind is float and isinstance(value, int)), key
    assert figures["micropython_wagers"] >= 80 and figures["micropython_busy_table_heap"] > 0
    assert figures["engine_mpy_bytes"] < figures["firmware_mpy_bytes"]
    assert figures["health_false_alarms"] == 0
    for stations in bench.FEEL_STATIONS:  # the changed rows only: fewer bytes and less time
        rows, full = ["feel_%dst_select_%s_" % (stations, r) for r in bench.FEEL_REDRAWS]
        # (a key acts on its first edge: its selection shows before the 20 ms debounce is over)
        assert 0 < figures[rows + "ms"] < 20 and figures[rows + "bytes"] < figures[full + "bytes"]
        assert figures[rows + "bus_us"] < figures[full + "bus_us"]
    assert 0 < figures["chip_standing_roll_us"] < figures["chip_replace_roll_us"]
    assert figures["rp2040_busy_roll_ms"] == round(
        figures["chip_busy_roll_us"] * bench.CHIP_RATIOS[0] / 1000, 2)
    assert [label for label, _ in bench.rows(figures)][0].startswith("CPython: busy-table")


def test_both_peer_policies_keep_the_same_bets_up():
    # Standing bets put back after each roll, and every bet found and re-placed before it, end
    # with the same money: the two workloads of the comparison play the same game.
    rolls = bench._busy().dice(3000, seed=5)
    replaced, standing = peer.ours(rolls, peer.REPLACE), peer.ours(rolls, peer.STANDING)
    assert replaced.money == standing.money != peer.START


def _every_figure(value=7):
    # A figure of every name of the schema, each of its type: what rows() prints from.
    return dict((key, kind(value)) for key, kind in bench.SCHEMA.items())


def test_the_floor_row_says_it_is_a_per_bet_lookup():
    figures = _every_figure()
    figures["lookup_floor_rolls_per_s"] = 3300000
    floor = [label for label, value in bench.rows(figures) if value == 3300000]
    assert len(floor) == 1 and floor[0].startswith("per-bet lookup floor: one roll-code look-up "
                                                   "per wager per roll")


def test_crapssims_strategy_path_ends_with_our_money_on_the_same_dice():
    # The mix as crapssim strategies, played by crapssim's own loop: the same game as ours and
    # as its bench path, to the credit.
    pytest.importorskip("crapssim")
    rolls = bench._busy().dice(2000, seed=5)
    strategy = peer.crapssim_strategy_run(rolls)
    assert strategy.money == peer.ours(rolls, peer.STANDING).money != peer.START
    assert strategy.money == peer.crapssim_run(rolls, peer.STANDING).money
    assert strategy.cpu > 0


def test_a_small_peer_run_gives_every_peer_figure_and_the_rows_print_them():
    pytest.importorskip("crapssim")
    figures = peer.compare(bench._busy().dice(300, seed=5), runs=1)
    assert set(figures) == set(bench.PEER) - set(bench.STUDY_FIGURES)
    for key, value in figures.items():
        kind = bench.SCHEMA[key]
        assert isinstance(value, kind) or (kind is float and isinstance(value, int)), key
    assert figures["strategy_path_final_bankroll"] == figures["standing_ours_final_bankroll"]
    everything = _every_figure()
    everything.update(figures)
    printed = dict(bench.rows(everything))
    assert printed["  final bankroll equal to ours"] == "yes (%d)" % figures[
        "standing_ours_final_bankroll"]


def test_the_rows_print_the_strategy_paths_figures_beside_the_bench_paths():
    figures = _every_figure()
    figures.update(strategy_path_speedup=21.5, strategy_path_ours_rolls_per_s=130000,
                   strategy_path_bench_rolls_per_s=10700, strategy_path_rolls_per_s=6100,
                   standing_speedup_over_crapssim=11.6, standing_ours_final_bankroll=9986626,
                   strategy_path_final_bankroll=9986626.0)
    labels = [label for label, _ in bench.rows(figures)]
    printed = dict(bench.rows(figures))
    bench_path = labels.index("  ours / crapssim, whole roll (goal: at least 30)")
    assert labels[bench_path + 1] == ("  ours (standing) / crapssim Strategy path (below), whole "
                                      "loop in CPU time (goal: at least 50)")
    assert printed[labels[bench_path + 1]] == 21.5
    assert "130000 / 10700 / 6100" in printed.values()
    assert printed["  final bankroll equal to ours"] == "yes (9986626)"
    figures["strategy_path_final_bankroll"] = 9986627.0
    assert dict(bench.rows(figures))["  final bankroll equal to ours"] == "NO (9986627.0)"


def _crapssims_dice(seed):
    # The rolls crapssim's Dice(seed) draws, as roll numbers (d1 - 1) * 6 + d2 - 1.
    import numpy
    rng = numpy.random.default_rng(seed)
    for _ in itertools.count():
        d1, d2 = rng.integers(1, 7, size=2).tolist()
        yield (d1 - 1) * 6 + d2 - 1


def test_crapssims_session_loop_plays_our_sessions_on_the_same_dice():
    # A bankroll that never runs short: each session of crapssim's (a fresh table, run until
    # the tenth shooter's seven-out) ends with our money after our rolls.
    pytest.importorskip("crapssim")
    bankroll, stops = 10 ** 6, sessions.Stops(peer_study.SHOOTERS)
    for seed in range(20):
        money, rolls = peer_study.crapssim_session(seed, bankroll)
        played = sessions.played(strategies.pass_odds(), HouseRules(), bankroll, stops,
                                 _crapssims_dice(seed))
        assert played[:3] == (money, rolls, peer_study.SHOOTERS), seed


def test_a_small_study_race_gives_its_figures_and_the_rows_print_them():
    pytest.importorskip("crapssim")
    figures = peer_study.compare(2000, 3, runs=1)
    assert set(figures) == set(bench.STUDY_FIGURES)
    for key, value in figures.items():
        assert isinstance(value, bench.SCHEMA[key]), key
    assert figures["study_sessions_per_s"] > figures["study_crapssim_sessions_per_s"] > 0
    assert 200 < figures["study_mean_final"] < 400
    printed = dict(bench.study_rows(figures))
    assert printed["  ours / crapssim (goal: at least 1,000)"] == figures[
        "study_speedup_over_crapssim"]
    assert printed["  sessions per second: ours (2000, numpy, compiling included) / crapssim "
                   "(3, one by one)"] == "%d / %.1f" % (figures["study_sessions_per_s"],
                                                       figures["study_crapssim_sessions_per_s"])


def test_the_rows_print_the_study_race_after_the_peer_figures():
    figures = _every_figure()
    labels = [label for label, _ in bench.rows(figures)]
    floor = [i for i, label in enumerate(labels) if label.startswith("per-bet lookup floor")][0]
    assert labels[floor + 1].startswith("craps study's sessions")
    assert "  ours / crapssim (goal: at least 1,000)" in labels
