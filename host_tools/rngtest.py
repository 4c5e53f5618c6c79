"""python -m host_tools rngtest: the RNG certification battery.

Rolls come from one of three sources and go through eight tests, each at alpha = 0.01 (99%
confidence):

  faces, die 1 / die 2   chi-square of each die's six faces against 1/6 each            5 df
  totals 2-12            chi-square of the eleven totals against 1..6..1/36             10 df
  36 ordered pairs       chi-square of (d1, d2) against 1/36 each                       35 df
  independence           chi-square of the 6x6 table of (d1, d2) against the product
                         of its margins (the dice independent, whatever their faces)    25 df
  runs above/below 7     Wald-Wolfowitz runs test on the totals above (8-12) and below
                         (2-6) the median 7; sevens are ties with the median and are
                         left out, as usual. Normal approximation, two-sided.
  lag-1 serial corr.     r1 of consecutive totals (sample mean); under independence
                         r1 is about normal with mean -1/n and variance 1/n. z, two-sided.
  gaps between sevens    the non-seven rolls before each seven (Knuth's gap test: the
                         first gap counts from the start, the unfinished last one is left
                         out) are geometric with p = 1/6: chi-square over gap lengths
                         0..K-1 and a tail class K+, K the most classes that keep every
                         expected count at 5 or more                               K df

No correction for multiple tests: every test is judged at 0.01 on its own, as a lab's 99%
battery is, and the table says so. A fair source therefore fails at least one of the eight in
about 1 - 0.99^8 = 7.7% of runs (at most 8%, the union bound); the footer gives the smallest
p-value beside the Bonferroni threshold 0.01 / 8 for whoever wants the battery as a whole at 1%.

A test that cannot be computed (a die that shows one face, totals all 7, no sevens at all)
FAILS: with at least 1,000 fair rolls that has a probability far below 1e-100.

--seed-check adds two rows on the start-up path, which the battery above cannot see: the DRBG
makes good-looking dice out of any seed, so a ring oscillator that gave the same bits at every
power-up (a fixed pattern passes both health tests) would pass all eight tests. It builds
3,600 fresh RngDice (each one runs the start-up test and seeds from new raw bits, as at
power-up), takes each one's first 8 rolls, and tests
  first roll after start-up   chi-square of the first roll's 36 pairs                   35 df
  repeated openings           how many openings (8 rolls, 6^16 equally likely) repeat
                              an earlier one: a fair path repeats one with probability
                              about 2.3e-6, so one repeat fails.

The statistics are pure functions over rolls (Tally, battery, seed_check); the sources
(host_tools/roll_sources.py) and the distribution functions (host_tools/stats.py) are separate,
so tests feed them anything.
Exit status: 0 every test passed, 1 a test failed (or the RNG itself faulted: a health test
failure is a failed certification), 2 bad input (a malformed file, too few rolls, no board).
"""
import argparse
import math
import os
import sys
import time

from host_tools.progress import Progress
from host_tools.roll_sources import (BOARD_CHUNK, BOARD_STARTS_CHUNK, BadInput, Board,
                                     SourceFault, file_rolls, host_openings, host_rolls)
from host_tools.stats import (ALPHA, chi2_critical, chi2_sf, normal_critical, normal_p,
                              poisson_sf)

MIN_ROLLS = 1000  # every chi-square cell expects at least 5 (pairs: 1000 / 36 = 27.8)
DEFAULT_ROLLS = 10 ** 6
GAP_MIN_EXPECTED = 5.0
SEED_STARTS = 3600  # fresh start-ups for --seed-check: 100 expected per pair of the first roll
ENTROPY = os.urandom  # the host path's byte source (tests put a seeded stream here)

PAIRS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]
TOTAL_WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]  # ways (of 36) to roll each total 0..12


# -- the statistics: pure functions over rolls


class Result:
    """One row of the table. statistic/df/critical/p are None where the test could not be
    computed (then it fails and `note` says why). `passed`: statistic within critical."""

    def __init__(self, name, statistic, df, critical, p, note="", two_sided=False):
        self.name = name
        self.statistic = statistic
        self.df = df
        self.critical = critical
        self.p = p
        self.note = note
        self.two_sided = two_sided
        if statistic is None:
            self.passed = False
        elif two_sided:
            self.passed = abs(statistic) <= critical
        else:
            self.passed = statistic <= critical

    def __repr__(self):
        return "Result(%r, %r, df=%r, p=%r, %s)" % (
            self.name, self.statistic, self.df, self.p, "PASS" if self.passed else "FAIL")


def _degenerate(name, note):
    return Result(name, None, None, None, None, note)


class Tally:
    """Everything the battery needs, gathered in one pass over the rolls so any number of rolls
    fits in memory: add() chunks as they come. Rolls are (d1, d2) with faces 1-6."""

    def __init__(self, rolls=()):
        self.n = 0
        self.pairs = [0] * 36  # (d1 - 1) * 6 + (d2 - 1)
        self.total_sum = 0  # the totals' sum, sum of squares, and sum of t[i] * t[i+1]
        self.total_squares = 0
        self.lag_products = 0
        self.first = 0  # first and last total (0: none yet)
        self.last = 0
        self.above = 0  # totals 8-12, 2-6, and runs of either
        self.below = 0
        self.runs = 0
        self._side = None  # True above, False below, None before the first non-seven
        self.gaps = {}  # non-seven rolls before a seven -> how often
        self._gap = 0  # the gap under way
        self.add(rolls)

    def add(self, rolls):
        """Count a list of rolls in (on a bad roll, ValueError and the tally is unchanged)."""
        if not isinstance(rolls, (list, tuple)):
            rolls = list(rolls)
        pairs = list(self.pairs)
        gaps = dict(self.gaps)
        n = self.n
        s, q, lag, last = self.total_sum, self.total_squares, self.lag_products, self.last
        above, below, runs, side, gap = self.above, self.below, self.runs, self._side, self._gap
        for d1, d2 in rolls:
            if not (0 < d1 < 7 and 0 < d2 < 7):
                raise ValueError("roll %d is not two faces 1-6: %r" % (n + 1, (d1, d2)))
            n += 1
            pairs[d1 * 6 + d2 - 7] += 1
            t = d1 + d2
            s += t
            q += t * t
            lag += last * t  # last is 0 before the first roll
            last = t
            if t == 7:
                gaps[gap] = gaps.get(gap, 0) + 1
                gap = 0
                continue
            gap += 1
            up = t > 7
            if up:
                above += 1
            else:
                below += 1
            if up is not side:
                runs += 1
                side = up
        if self.n == 0 and rolls:
            self.first = rolls[0][0] + rolls[0][1]
        self.n, self.pairs, self.gaps = n, pairs, gaps
        self.total_sum, self.total_squares, self.lag_products, self.last = s, q, lag, last
        self.above, self.below, self.runs, self._side, self._gap = above, below, runs, side, gap
        return self

    def faces(self, die):
        """Counts of faces 1-6 of die 1 or 2."""
        p = self.pairs
        if die == 1:
            return [sum(p[i * 6:i * 6 + 6]) for i in range(6)]
        return [sum(p[i * 6 + j] for i in range(6)) for j in range(6)]

    def totals(self):
        """Counts of totals 2..12."""
        out = [0] * 11
        for (d1, d2), count in zip(PAIRS, self.pairs):
            out[d1 + d2 - 2] += count
        return out


def chi_square(observed, expected):
    return sum((o - e) * (o - e) / e for o, e in zip(observed, expected))


def _chi_result(name, observed, expected, note=""):
    df = len(observed) - 1
    x = chi_square(observed, expected)
    return Result(name, x, df, chi2_critical(df), chi2_sf(x, df), note)


def face_test(tally, die):
    name = "faces, die %d" % die
    counts = tally.faces(die)
    return _chi_result(name, counts, [tally.n / 6.0] * 6,
                       "least/most seen: %d/%d" % (min(counts), max(counts)))


def totals_test(tally):
    return _chi_result("totals 2-12", tally.totals(),
                       [tally.n * TOTAL_WAYS[t] / 36.0 for t in range(2, 13)],
                       "sevens: %.4f (1/6 = 0.1667)" % (tally.totals()[5] / float(tally.n)))


def pairs_test(tally):
    return _chi_result("36 ordered pairs", tally.pairs, [tally.n / 36.0] * 36,
                       "least/most seen: %d/%d" % (min(tally.pairs), max(tally.pairs)))


def independence_test(tally):
    """The 6x6 contingency table against the product of its margins; a face a die never
    shows is left out (its row or column), and with fewer than 2 left there is nothing to
    test, which fails."""
    name = "independence of the dice"
    rows, cols = tally.faces(1), tally.faces(2)
    live_r = [i for i in range(6) if rows[i]]
    live_c = [j for j in range(6) if cols[j]]
    if len(live_r) < 2 or len(live_c) < 2:
        return _degenerate(name, "a die shows one face only: nothing to test")
    n = float(tally.n)
    x = 0.0
    for i in live_r:
        for j in live_c:
            e = rows[i] * cols[j] / n
            o = tally.pairs[i * 6 + j]
            x += (o - e) * (o - e) / e
    df = (len(live_r) - 1) * (len(live_c) - 1)
    note = "6x6" if df == 25 else "%dx%d (faces never seen left out)" % (len(live_r), len(live_c))
    return Result(name, x, df, chi2_critical(df), chi2_sf(x, df), note)


def runs_test(tally):
    """Wald-Wolfowitz runs above/below the median total 7 (sevens left out)."""
    name = "runs above/below 7"
    n1, n2, r = tally.above, tally.below, tally.runs
    if n1 == 0 or n2 == 0:
        return _degenerate(name, "every total on one side of 7: no runs to count")
    m = n1 + n2
    mean = 2.0 * n1 * n2 / m + 1
    var = 2.0 * n1 * n2 * (2.0 * n1 * n2 - m) / (m * m * (m - 1.0))
    if var <= 0:
        return _degenerate(name, "too few totals off 7 for the normal approximation")
    z = (r - mean) / math.sqrt(var)
    return Result(name, z, None, normal_critical(), normal_p(z),
                  "%d runs, %.0f expected" % (r, mean), two_sided=True)


def lag1_r(tally):
    """The lag-1 serial correlation of the totals, exactly (integers until the last division),
    or None when every total is the same."""
    n, s, q, p = tally.n, tally.total_sum, tally.total_squares, tally.lag_products
    # sum over i < n of (t[i] - m)(t[i+1] - m), m = s / n, times n^2:
    num = n * n * p - n * s * (2 * s - tally.first - tally.last) + (n - 1) * s * s
    den = n * (n * q - s * s)  # sum of (t[i] - m)^2, times n^2
    if den == 0:
        return None
    return num / den


def serial_test(tally):
    name = "lag-1 serial correlation"
    r1 = lag1_r(tally)
    if r1 is None:
        return _degenerate(name, "every total the same: no correlation to measure")
    n = tally.n
    z = (r1 + 1.0 / n) * math.sqrt(n)
    return Result(name, z, None, normal_critical(), normal_p(z), "r1 = %+.5f" % r1,
                  two_sided=True)


def gap_classes(gaps_seen):
    """K: gap lengths 0..K-1 each a class and K+ the tail, as many as keep every expected
    count at GAP_MIN_EXPECTED or more (at least 1: then 0 and 1+)."""
    k = 1
    while gaps_seen * (5.0 / 6.0) ** k / 6.0 >= GAP_MIN_EXPECTED:
        k += 1
    return k


def gap_test(tally):
    name = "gaps between sevens"
    g = sum(tally.gaps.values())
    if g == 0:
        return _degenerate(name, "no sevens in %d rolls" % tally.n)
    k = gap_classes(g)
    observed = [tally.gaps.get(i, 0) for i in range(k)]
    observed.append(g - sum(observed))
    expected = [g * (5.0 / 6.0) ** i / 6.0 for i in range(k)]
    expected.append(g * (5.0 / 6.0) ** k)
    return _chi_result(name, observed, expected,
                       "%d gaps, classes 0..%d and %d+" % (g, k - 1, k))


def battery(tally):
    """The eight tests over a Tally, in table order."""
    if tally.n < MIN_ROLLS:
        raise BadInput("the battery needs at least %d rolls (every chi-square cell expecting 5 "
                       "or more), not %d" % (MIN_ROLLS, tally.n))
    return [face_test(tally, 1), face_test(tally, 2), totals_test(tally), pairs_test(tally),
            independence_test(tally), runs_test(tally), serial_test(tally), gap_test(tally)]


def analyse(rolls):
    """The battery over a list of (d1, d2)."""
    return battery(Tally(rolls))


def seed_check(openings):
    """The start-up rows over openings: one tuple of OPENING-or-so rolls per fresh start-up."""
    m = len(openings)
    if m < 180:
        raise BadInput("the seed check needs at least 180 start-ups, not %d" % m)
    first = Tally([o[0] for o in openings])
    rows = [_chi_result("start-up: first roll, 36 pairs", first.pairs, [m / 36.0] * 36,
                        "%d start-ups" % m)]
    seen = set()
    repeats = 0
    for o in openings:
        key = tuple(o)
        if key in seen:
            repeats += 1
        seen.add(key)
    length = min(len(o) for o in openings)
    lam = m * (m - 1) / 2.0 / 36.0 ** length  # expected pairs of equal openings
    critical = 0
    while poisson_sf(critical + 1, lam) > ALPHA:
        critical += 1
    rows.append(Result("start-up: repeated openings", repeats, None, critical,
                       poisson_sf(repeats, lam),
                       "first %d rolls; %.1e repeats expected" % (length, lam)))
    return rows


# -- the table and the command


def _fmt_number(x, width):
    if x is None:
        return "-".rjust(width)
    if isinstance(x, int):
        return ("{:,}".format(x)).rjust(width)
    return ("%.3f" % x).rjust(width)


def _fmt_p(p):
    if p is None:
        return "-"
    if p == 0:
        return "<1e-300"
    if p < 1e-4:
        return "%.2e" % p
    return "%.4f" % p


def format_table(results):
    head = "%-32s %12s %4s %12s %9s  %-6s %s" % (
        "test", "statistic", "df", "99% critical", "p-value", "result", "note")
    lines = [head, "-" * len(head)]
    for r in results:
        critical = "-" if r.critical is None else (
            ("+/-%.3f" % r.critical) if r.two_sided else
            (str(r.critical) if isinstance(r.critical, int) else "%.3f" % r.critical))
        lines.append("%-32s %12s %4s %12s %9s  %-6s %s" % (
            r.name, _fmt_number(r.statistic, 12), "-" if r.df is None else r.df, critical,
            _fmt_p(r.p), "PASS" if r.passed else "FAIL", r.note))
    return "\n".join(lines)


def format_summary(results):
    failed = [r for r in results if not r.passed]
    ps = [r.p for r in results if r.p is not None]
    k = len(results)
    lines = ["%d of %d tests passed at alpha = %.2f each (no multiplicity correction: a fair "
             "source fails at least one in about %.1f%% of runs)."
             % (k - len(failed), k, ALPHA, 100 * (1 - (1 - ALPHA) ** k))]
    if ps:
        lines.append("Smallest p-value %s; Bonferroni threshold for the battery as a whole at "
                     "1%%: %.5f." % (_fmt_p(min(ps)), ALPHA / k))
    lines.append("RESULT: %s" % ("PASS" if not failed else
                                 "FAIL (%s)" % ", ".join(r.name for r in failed)))
    return "\n".join(lines)


HELP = "the RNG certification battery: chi-square, runs, serial and gap tests at alpha 0.01"

EPILOG = """\
sources:
  host   the firmware's own dice path on this machine: RngDice(StreamBits(os.urandom)),
         firmware/drivers/rng_dice.py with the entropy twin fed from the OS (startup() first)
  file   recorded rolls (a shaker's log): one roll a line, 'd1 d2', '#' starts a comment
  board  a connected board over mpremote: RngDice(RoscBits(machine.mem32)) on the board, the
         ring oscillator path, streamed %d rolls per mpremote call. The board needs the
         firmware on it (make flash) and a REPL mpremote can reach: a production board only in
         service mode (the attendant key held at power-up, the door open), where no watchdog
         runs. This source is not covered by the project's
         tests beyond a missing port (it needs a real RP2040).

exit status: 0 every test passed; 1 a test failed, or the RNG faulted (health test); 2 bad
input: a malformed file line (named by number), too few rolls, no board on the port.
""" % BOARD_CHUNK


def add_arguments(parser):
    parser.description = __doc__.split("\n\nThe statistics are pure")[0].split("\n\n", 1)[1]
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--rolls", type=_rolls_arg, default=None, metavar="N",
                        help="rolls to test (default %s; a file: all of it)"
                        % "{:,}".format(DEFAULT_ROLLS))
    parser.add_argument("--source", choices=("host", "board", "file"), default="host",
                        help="where the rolls come from (default host)")
    parser.add_argument("--file", metavar="PATH", help="the recorded rolls (--source file)")
    parser.add_argument("--port", metavar="PORT",
                        help="the board's serial port (--source board; default: mpremote's "
                        "auto-detect)")
    parser.add_argument("--seed-check", action="store_true",
                        help="also test %d fresh start-ups (host or board): the first roll "
                        "after start-up, and no repeated openings" % SEED_STARTS)


def _rolls_arg(text):
    try:
        n = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text)
    if n < MIN_ROLLS:
        raise argparse.ArgumentTypeError("at least %d rolls (every chi-square cell expecting 5 "
                                         "or more), not %d" % (MIN_ROLLS, n))
    return n


def main(args, out=None, err=None):
    """The command: returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        return _run(args, out, err)
    except BadInput as e:
        err.write("rngtest: %s\n" % e)
        return 2
    except SourceFault as e:
        err.write("rngtest: FAIL: the RNG faulted: %s\n" % e)
        return 1


def _run(args, out, err):
    if args.source == "file" and not args.file:
        raise BadInput("--source file needs --file PATH")
    if args.source != "file" and args.file:
        raise BadInput("--file goes with --source file")
    if args.port and args.source != "board":
        raise BadInput("--port goes with --source board")
    if args.seed_check and args.source == "file":
        raise BadInput("--seed-check needs a live source (--source host or board): a file has "
                       "no start-ups")
    started = time.monotonic()
    tally = Tally()
    board = None
    if args.source == "file":
        rolls = file_rolls(args.file)
        if args.rolls is not None:
            if len(rolls) < args.rolls:
                raise BadInput("%s has %d rolls, fewer than --rolls %d"
                               % (args.file, len(rolls), args.rolls))
            rolls = rolls[:args.rolls]
        described = "%s (recorded rolls)" % args.file
        tally.add(rolls)
    else:
        n = args.rolls or DEFAULT_ROLLS
        if args.source == "host":
            chunks = host_rolls(n, ENTROPY, chunk=max(1000, min(100000, -(-n // 10))))
            described = "the host: RngDice(StreamBits(os.urandom)), firmware/drivers/rng_dice.py"
        else:
            board = Board(args.port)
            chunks = board.rolls(n)
            described = "the board on %s: RngDice(RoscBits(machine.mem32))" \
                % board.remote.describe()
        progress = Progress("rngtest", n, err)
        for chunk in chunks:
            tally.add(chunk)
            progress.update(tally.n)
    results = battery(tally)
    spent = time.monotonic() - started
    timing = "battery: {:.1f} s ({:,.0f} rolls/s, generating and testing)".format(
        spent, tally.n / spent if spent > 0 else 0.0)
    if args.seed_check:
        started = time.monotonic()
        progress = Progress("rngtest", SEED_STARTS, err, "start-ups")
        if board is not None:
            openings = []
            for _ in range(0, SEED_STARTS, BOARD_STARTS_CHUNK):
                openings.extend(board.openings(min(BOARD_STARTS_CHUNK,
                                                   SEED_STARTS - len(openings))))
                progress.update(len(openings))
        else:
            openings = []
            while len(openings) < SEED_STARTS:
                openings.extend(host_openings(min(SEED_STARTS // 10,
                                                  SEED_STARTS - len(openings)),
                                              lambda i: ENTROPY))
                progress.update(len(openings))
        results += seed_check(openings)
        timing += "; seed check: {:.1f} s ({:,} start-ups)".format(
            time.monotonic() - started, len(openings))
    out.write("rngtest: {:,} rolls from {}\n\n".format(tally.n, described))
    out.write(format_table(results) + "\n\n")
    out.write(format_summary(results) + "\n")
    out.write(timing + "\n")
    return 0 if all(r.passed for r in results) else 1

