"""The RNG certification battery (host_tools/rngtest.py), small-N and deterministic.

Nothing here can flake: every sample is fixed by a seed. The good source is the production path
(RngDice over StreamBits) fed a seeded SHA-256 counter stream instead of os.urandom. Unseeded,
a fair source fails at least one of the 8 tests at alpha 0.01 in about 1 - 0.99^8 = 7.7% of
runs (at most 8%), far too often for CI; with the seeds below the outcome is fixed (each good
sample was checked to pass once, which is all a fixed sample needs). The os.urandom run is the
10^6-roll benchmark (python -m host_tools rngtest), not a test.

The board source needs a real RP2040 (its ring oscillator through machine.mem32): here only a
missing port is tested, plus the script it sends, run on CPython over a fake mem32.
"""
import hashlib
import math
import os
import random
import subprocess
import sys

import pytest

from host_tools import FIRMWARE, rngtest, roll_sources
from host_tools.__main__ import main as host_tools_main
from host_tools.roll_sources import (BadInput, SourceFault, host_openings, host_rolls,
                                     parse_board, parse_rolls)
from host_tools.rngtest import Tally, analyse, seed_check
from host_tools.stats import (chi2_critical, chi2_sf, gamma_q, normal_critical, normal_p,
                              poisson_sf)

ROOT = os.path.dirname(FIRMWARE)
NAMES = ["faces, die 1", "faces, die 2", "totals 2-12", "36 ordered pairs",
         "independence of the dice", "runs above/below 7", "lag-1 serial correlation",
         "gaps between sevens"]


def seeded_bytes(seed):
    """read_bytes(n) over SHA-256(seed || counter): a fixed stream with no pattern in it."""
    state = {"i": 0, "buf": b""}

    def read(n):
        while len(state["buf"]) < n:
            state["buf"] += hashlib.sha256(b"%s:%d" % (seed, state["i"])).digest()
            state["i"] += 1
        out, state["buf"] = state["buf"][:n], state["buf"][n:]
        return out
    return read


def host_sample(n, seed=b"rngtest good"):
    rolls = []
    for chunk in host_rolls(n, seeded_bytes(seed), chunk=5000):
        rolls.extend(chunk)
    return rolls


def die(rng, loaded_six=False):
    """A fair face from rng.random(), or one with six at 1/5 and 1-5 at 4/25 each."""
    u = rng.random()
    if not loaded_six:
        return 1 + int(u * 6)
    if u < 0.2:
        return 6
    return min(5, 1 + int((u - 0.2) / 0.16))


def fair_rolls(n, seed):
    rng = random.Random(seed)
    return [(die(rng), die(rng)) for _ in range(n)]


def by_name(results):
    return dict((r.name, r) for r in results)


def failed(results):
    return set(r.name for r in results if not r.passed)


# -- the p-value functions against known values


def test_chi_square_p_values_and_critical_values_match_the_tables():
    assert chi2_sf(15.086, 5) == pytest.approx(0.01, abs=2e-6)
    assert chi2_sf(57.342, 35) == pytest.approx(0.01, abs=2e-6)
    for df, critical in ((1, 6.635), (5, 15.086), (10, 23.209), (25, 44.314), (35, 57.342),
                         (48, 73.683)):
        assert chi2_critical(df) == pytest.approx(critical, abs=5e-4)
        assert chi2_sf(chi2_critical(df), df) == pytest.approx(0.01, rel=1e-9)
    assert chi2_sf(11.0705, 5) == pytest.approx(0.05, abs=2e-6)
    assert chi2_sf(4.351, 5) == pytest.approx(0.5, abs=1e-4)  # the median of chi-square(5)
    assert chi2_sf(0, 5) == 1.0
    assert chi2_sf(1e6, 5) == 0.0


def test_incomplete_gamma_on_both_branches_against_closed_forms():
    for x in (0.01, 0.3, 1.0, 1.4, 2.0, 7.5, 30.0, 200.0):  # series below a + 1, fraction above
        assert gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-12, abs=1e-300)
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)  # Q(1, x) = e^-x
        assert gamma_q(3, x) == pytest.approx(math.exp(-x) * (1 + x + x * x / 2), rel=1e-12)


def test_normal_and_poisson_tails():
    assert normal_critical() == pytest.approx(2.5758, abs=1e-4)
    assert normal_p(2.5758293) == pytest.approx(0.01, rel=1e-6)
    assert normal_p(-1.959964) == pytest.approx(0.05, rel=1e-6)
    assert poisson_sf(0, 3.0) == 1.0
    assert poisson_sf(1, 3.0) == pytest.approx(1 - math.exp(-3))
    assert poisson_sf(1, 2.3e-6) == pytest.approx(2.3e-6, rel=1e-5)  # no cancellation
    assert poisson_sf(2, 1e-3) == pytest.approx(1e-6 / 2, rel=1e-3)


# -- the tally: one pass, exact, the same in chunks


def test_tally_counts_runs_gaps_and_correlation_exactly():
    rolls = fair_rolls(700, seed=3)
    totals = [a + b for a, b in rolls]
    tally = Tally(rolls)
    assert tally.n == 700 and sum(tally.pairs) == 700
    assert tally.totals() == [totals.count(t) for t in range(2, 13)]
    assert tally.faces(1) == [sum(1 for a, _ in rolls if a == f) for f in range(1, 7)]
    assert tally.faces(2) == [sum(1 for _, b in rolls if b == f) for f in range(1, 7)]
    sides = [t > 7 for t in totals if t != 7]
    assert (tally.above, tally.below) == (sides.count(True), sides.count(False))
    assert tally.runs == 1 + sum(1 for x, y in zip(sides, sides[1:]) if x != y)
    gaps, gap = {}, 0
    for t in totals:
        if t == 7:
            gaps[gap] = gaps.get(gap, 0) + 1
            gap = 0
        else:
            gap += 1
    assert tally.gaps == gaps
    m = sum(totals) / 700.0
    r1 = sum((x - m) * (y - m) for x, y in zip(totals, totals[1:])) / sum(
        (x - m) ** 2 for x in totals)
    assert rngtest.lag1_r(tally) == pytest.approx(r1, rel=1e-12)
    chunked = Tally()
    for i in range(0, 700, 99):
        chunked.add(rolls[i:i + 99])
    assert vars(chunked) == vars(tally)


def test_a_roll_that_is_not_two_faces_is_refused_and_counts_nothing():
    tally = Tally([(1, 2)])
    with pytest.raises(ValueError, match="roll 3"):
        tally.add([(3, 4), (0, 6)])
    assert tally.n == 1 and sum(tally.pairs) == 1


# -- good and bad sources


def test_the_production_path_over_a_seeded_stream_passes_every_test():
    rolls = host_sample(20000)
    results = analyse(rolls)
    assert [r.name for r in results] == NAMES
    assert failed(results) == set(), results
    named = by_name(results)
    assert [named[n].df for n in NAMES[:7]] == [5, 5, 10, 35, 25, None, None]
    # Gap classes 0..K-1 and K+ (K df): the most that keep every expected count at 5 or more.
    sevens = sum(1 for a, b in rolls if a + b == 7)
    k = named["gaps between sevens"].df
    assert k == rngtest.gap_classes(sevens)
    assert sevens * (5 / 6) ** (k - 1) / 6 >= 5 > sevens * (5 / 6) ** k / 6


def test_a_fair_sample_passes_and_its_p_values_are_not_all_near_one():
    results = analyse(fair_rolls(20000, seed=11))
    assert failed(results) == set()
    assert min(r.p for r in results) < 0.5  # a battery that always says 1.0 would pass too


def test_a_loaded_die_fails_the_face_test():
    rng = random.Random(2024)
    rolls = [(die(rng, loaded_six=True), die(rng)) for _ in range(20000)]
    named = by_name(analyse(rolls))
    assert not named["faces, die 1"].passed
    assert named["faces, die 1"].p < 1e-20
    assert named["faces, die 2"].passed
    assert not named["36 ordered pairs"].passed
    # Loaded but independent: the independence test compares with its own margins.
    assert named["independence of the dice"].passed


def test_a_stuck_stream_fails_every_test_loudly():
    results = analyse([(3, 4)] * 20000)
    assert failed(results) == set(NAMES)
    named = by_name(results)
    assert named["faces, die 1"].p == 0.0
    assert named["runs above/below 7"].statistic is None  # nothing to compute is a fail
    table = rngtest.format_table(results)
    assert table.count("FAIL") == 8 and "PASS" not in table
    assert "RESULT: FAIL" in rngtest.format_summary(results)


def test_an_alternating_stream_fails_the_runs_and_serial_tests():
    # Each odd roll is fair, each even roll its mirror (7 - d1, 7 - d2): every face and pair
    # stays uniform, but the totals alternate t, 14 - t.
    rolls = []
    for d1, d2 in fair_rolls(10000, seed=5):
        rolls += [(d1, d2), (7 - d1, 7 - d2)]
    named = by_name(analyse(rolls))
    assert not named["runs above/below 7"].passed and named["runs above/below 7"].statistic > 0
    assert not named["lag-1 serial correlation"].passed
    assert named["lag-1 serial correlation"].statistic < 0
    for name in ("faces, die 1", "faces, die 2", "totals 2-12", "36 ordered pairs"):
        assert named[name].passed, name


def test_a_repeating_stream_fails_the_runs_serial_and_gap_tests():
    rolls = []
    for roll in fair_rolls(10000, seed=6):
        rolls += [roll, roll]  # every roll twice
    named = by_name(analyse(rolls))
    assert named["runs above/below 7"].statistic < -normal_critical()  # too few runs
    assert named["lag-1 serial correlation"].statistic > normal_critical()
    assert not named["gaps between sevens"].passed


def test_too_few_rolls_is_bad_input():
    with pytest.raises(BadInput, match="at least 1000 rolls"):
        analyse(fair_rolls(999, seed=1))


def test_a_health_test_failure_is_a_source_fault():
    with pytest.raises(SourceFault, match="REPETITION COUNT"):
        list(host_rolls(1000, lambda n: b"\x00" * n))


# -- the start-up check


def test_fresh_start_ups_pass_the_seed_check():
    openings = host_openings(360, lambda i: seeded_bytes(b"start-up %d" % i))
    assert len(openings) == 360 and all(len(o) == roll_sources.OPENING for o in openings)
    assert failed(seed_check(openings)) == set()


def test_a_fixed_bit_pattern_passes_the_battery_but_fails_the_seed_check():
    # 0101... passes both health tests (no long run, half ones), and the DRBG makes
    # good-looking dice of it; only the start-ups show that every power-up rolls the same.
    pattern = lambda n: b"\x55" * n  # noqa: E731
    rolls = []
    for chunk in host_rolls(5000, pattern):
        rolls.extend(chunk)
    assert failed(analyse(rolls)) == set()
    rows = by_name(seed_check(host_openings(200, lambda i: pattern)))
    assert rows["start-up: repeated openings"].statistic == 199
    assert not rows["start-up: repeated openings"].passed
    assert not rows["start-up: first roll, 36 pairs"].passed


# -- the file source


def write_rolls(path, rolls, extra=()):
    with open(path, "w") as f:
        f.write("# shaker log, table 3\n\n")
        for i, (a, b) in enumerate(rolls):
            f.write("%d %d%s\n" % (a, b, "  # first" if i == 0 else ""))
        for line in extra:
            f.write(line + "\n")


def test_parse_rolls_reads_the_log_format():
    assert parse_rolls(["# header", "", "3 4", "1,6  # comment", " 6\t6 "]) == \
        [(3, 4), (1, 6), (6, 6)]


@pytest.mark.parametrize("line", ["3 7", "3", "3 4 5", "a b", "0 1", "34", "3.0 4"])
def test_parse_rolls_names_the_bad_line(line):
    with pytest.raises(BadInput) as e:
        parse_rolls(["# log", "1 2", line, "5 5"], "log.txt")
    assert str(e.value).startswith("log.txt line 3: ")
    assert "\n" not in str(e.value)


def run_cli(capsys, *argv):
    code = host_tools_main(["rngtest"] + list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_file_of_good_rolls_passes(tmp_path, capsys):
    path = tmp_path / "good.txt"
    write_rolls(path, fair_rolls(5000, seed=11))
    code, out, err = run_cli(capsys, "--source", "file", "--file", str(path))
    assert code == 0, out
    assert "5,000 rolls from" in out and out.count("PASS") == 9 and "RESULT: PASS" in out
    for header in ("statistic", "df", "99% critical", "p-value"):
        assert header in out
    assert "15.086" in out and "57.342" in out


def test_cli_loaded_file_exits_1_and_names_the_failure(tmp_path, capsys):
    rng = random.Random(7)
    path = tmp_path / "loaded.txt"
    write_rolls(path, [(die(rng), die(rng, loaded_six=True)) for _ in range(20000)])
    code, out, err = run_cli(capsys, "--source", "file", "--file", str(path), "--rolls", "15000")
    assert code == 1
    assert "15,000 rolls" in out and "RESULT: FAIL (faces, die 2" in out


def test_cli_malformed_file_exits_2_with_one_line(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    write_rolls(path, fair_rolls(2000, seed=1), extra=["4 x"])
    code, out, err = run_cli(capsys, "--source", "file", "--file", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "line %d" % (2 + 2000 + 1) in err and "'4 x'" in err


@pytest.mark.parametrize("argv, says", [
    (["--source", "file", "--file", "/no/such/file"], "cannot read /no/such/file"),
    (["--source", "file"], "needs --file"),
    (["--source", "file", "--file", "F", "--seed-check"], "needs a live source"),
])
def test_cli_bad_arguments_exit_2_with_one_line(capsys, argv, says):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and says in err and err.count("\n") == 1


def test_cli_short_file_exits_2(tmp_path, capsys):
    path = tmp_path / "short.txt"
    write_rolls(path, fair_rolls(500, seed=1))
    code, _, err = run_cli(capsys, "--source", "file", "--file", str(path))
    assert code == 2 and "at least 1000 rolls" in err
    code, _, err = run_cli(capsys, "--source", "file", "--file", str(path), "--rolls", "2000")
    assert code == 2 and "has 500 rolls, fewer than --rolls 2000" in err


def test_cli_host_source_shows_progress_and_the_table(monkeypatch, capsys):
    monkeypatch.setattr(rngtest, "ENTROPY", seeded_bytes(b"cli"))
    monkeypatch.setattr(rngtest, "SEED_STARTS", 360)  # 3,600 in the real run
    code, out, err = run_cli(capsys, "--rolls", "20000", "--seed-check")
    assert code == 0, out
    assert "20,000 rolls from the host: RngDice(StreamBits(os.urandom))" in out
    assert out.count("PASS") == 11  # 10 rows and the verdict
    progress = [line for line in err.splitlines() if "rolls/s" in line]
    assert len(progress) == 10 and progress[-1].startswith("rngtest: 20,000 / 20,000 rolls (100%)")
    assert "start-ups/s" in err


def test_the_module_runs_as_a_command_and_refuses_too_few_rolls():
    result = subprocess.run([sys.executable, "-m", "host_tools", "rngtest", "--rolls", "10"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "at least 1000 rolls" in result.stderr


# -- the board source (a real board is needed for the rest)


def test_board_on_a_missing_port_exits_2_with_one_line(tmp_path, capsys):
    port = str(tmp_path / "ttyACM9")
    code, out, err = run_cli(capsys, "--source", "board", "--port", port, "--rolls", "1000")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rngtest: cannot open %s" % port)


class FakeMem32:
    """machine.mem32 with a ring oscillator bit at ROSC RANDOMBIT: seeded, or stuck at 0."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed) if seed is not None else None

    def __getitem__(self, address):
        assert address == 0x4006001C
        return self.rng.getrandbits(1) if self.rng else 0


def run_board_script(monkeypatch, capsys, mem32, call):
    machine = type(sys)("machine")
    machine.mem32 = mem32
    monkeypatch.setitem(sys.modules, "machine", machine)
    exec(compile(roll_sources.BOARD_SETUP + call, "<board>", "exec"), {})
    return capsys.readouterr().out


def test_the_board_script_prints_rolls_the_host_parses(monkeypatch, capsys):
    # CPython standing in for the board: the same drivers over a fake mem32.
    out = run_board_script(monkeypatch, capsys, FakeMem32(seed=1), "_rngtest_print(_rngtest, 450)")
    assert [len(line) for line in out.split()] == [400, 400, 100]  # 200 rolls a line at most
    rolls = parse_board(out)
    assert len(rolls) == 450 and all(1 <= a <= 6 and 1 <= b <= 6 for a, b in rolls)
    out = run_board_script(monkeypatch, capsys, FakeMem32(seed=2), "_rngtest_starts(3, 8)")
    assert len(parse_board(out)) == 24
    out = run_board_script(monkeypatch, capsys, FakeMem32(), "_rngtest_print(_rngtest, 10)")
    with pytest.raises(SourceFault, match="RNG HEALTH TEST FAILED: REPETITION COUNT TEST"):
        parse_board(out)
    with pytest.raises(BadInput, match="not dice"):
        parse_board("3456\nTraceback (most recent call last):\n")
