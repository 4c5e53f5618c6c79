# make bench's figures, on a small run: every figure the JSON schema names is there, of its
# type, and sane. (The peer comparison needs the bench extra crapssim, which make bench installs
# and make test does not: its tests skip without it.)
import pytest

from host_tools import bench, peer


def test_a_small_bench_run_gives_every_figure_of_the_schema():
    figures = bench.collect(rolls=2000, health_samples=10 ** 5, peer_rolls=0, heap_rolls=20,
                            wear_rolls=100)
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
    assert set(figures) == set(bench.PEER)
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
