"""python -m host_tools simulate: the long run. Plays N rolls through the engine with dice from
the production RNG path and sets every wager's observed hold beside its exact house edge
(host_tools.odds), with 99% confidence intervals, and the rolls per pass-line decision and per
shooter hand beside their exact values.

Design: every wager of the odds catalogue has a station of its own (a table has at most 8, so
several tables are fed the same dice), staked at its full-pay unit (or the smallest multiple of
it the table minimum allows), so each payout is exact and every decision risks the same amount.
A wager is made again as soon as it is decided and the rules let it: line bets on a come-out,
come and put bets with the puck ON, side bets at a new shooter's first roll; odds stations bet
the line every come-out and take odds when the point is the catalogue's number. Place, buy, lay,
hard and big 6/8 stay up: each win or loss is a decision. A push, or a stake given back
undecided, is a decision of 0, as in the odds report's per-decision edge. One wager per station,
one at a time, so its decisions are independent samples (two stations on the same bet would see
the same dice: only one of each is counted).

Hold per decision = -(sum of net results) / (decisions x amount at risk: stake plus any up-front
commission). Its interval is hold +- z s / sqrt(n), s the sample standard deviation of the
per-decision results; z = 2.576 (99%). A figure is IN when the exact value lies inside; the test
is done exactly: n (hold - exact)^2 <= z^2 s^2, in Fractions. With under MIN_DECISIONS (30)
decisions, too few for the normal interval, or all of them alike (s = 0), it is n/a: too short a
run to judge, which fails the run but is not OUT.
Counts, sums and sums of squares are integers, so W workers' figures merge exactly.
"""
import argparse
import hashlib
import multiprocessing
import os
import sys
import time
from fractions import Fraction

from craps.house import HouseRules
from craps.table import MAX_STATIONS, RECORD, Table, record_kind, record_net, seven_out
from craps.wagers import COME, LINE, NUMBERS, SIDE, laid, odds_cap
from drivers.entropy import StreamBits
from drivers.rng_dice import RngDice
from host_tools import odds
from host_tools.progress import Progress
from host_tools.stats import normal_critical

DEFAULT_ROLLS = 10 ** 7
MAX_ROLLS = 10 ** 10
Z99 = Fraction("2.576")  # two-sided 99% normal quantile, as the figures are quoted
CREDITS = 10 ** 15  # no station's meter runs dry in any run this tool can make
CHUNK = 1000  # rolls drawn from the RNG path at a time
DECISION = "Rolls per pass-line decision"
HAND = "Rolls per shooter hand"


# -- what is played

class Plan:
    """The catalogue under `rules`: rows of (label, kind, number, on, exact edge, full-pay unit)."""

    def __init__(self, rules, rows=None):
        self.rules = rules
        if rows is None:
            rows = [(label, kind, number, on) + tuple(odds.analyse(rules, kind, number, on))
                    for label, kind, number, on in odds.catalogue(rules)]
        self.rows = rows

    def labels(self):
        return [row[0] for row in self.rows]


def stake_for(rules, unit):
    """The smallest multiple of the full-pay unit the table's limits take."""
    stake = -(-rules.table_min // unit) * unit
    if stake > rules.table_max:
        raise ValueError("a full-pay stake of %d is over the table maximum of %d"
                         % (stake, rules.table_max))
    return stake


def flat_for_odds(rules, number, on, odds_stake):
    """The smallest line bet whose odds may be `odds_stake` on `number`."""
    flat = rules.table_min
    while odds_cap(flat, number, laid(on), rules) < odds_stake:
        flat += 1
    if flat > rules.table_max:
        raise ValueError("odds of %d on %d need a line bet over the table maximum"
                         % (odds_stake, number))
    return flat


# When a station may make its wager again.
_ANY_TIME, _COME_OUT, _PUCK_ON, _HAND_START, _ODDS = 0, 1, 2, 3, 4


class _Station:
    """One catalogue wager on its own station, made again as soon as it is decided."""

    def __init__(self, row, label, kind, number, on, unit, rules, table, player):
        self.row = row
        self.label = label
        self.kind = kind
        self.number = number
        self.on = on
        self.table = table
        self.player = player
        self.timed = kind == "pass"  # the Pass Line station times its decisions
        self.since = 0  # the roll its wager was made on
        self.risk = 0  # stake plus up-front commission: set when the wager is made
        self.flat_up = False  # odds stations: their line bet is on the layout
        if kind == "odds":
            self.stake = unit  # odds are bounded by the odds multiple alone
            self.flat = flat_for_odds(rules, number, on, unit)
        else:
            self.stake = stake_for(rules, unit)
        if kind == "odds":
            self.when = _ODDS
        elif kind in LINE:
            self.when = _COME_OUT
        elif kind in COME or kind == "put":
            self.when = _PUCK_ON
        else:
            self.when = _HAND_START if kind in SIDE else _ANY_TIME
        # The number the wager is made on (line and come bets get theirs from the dice).
        self.bet_number = number if kind in NUMBERS or kind == "hop" else 0

    def place(self, now):
        """Make the wager if the rules let it now. True once it is on the layout."""
        table = self.table
        when = self.when
        if when == _ODDS:
            if not self.flat_up:
                if not table.point:
                    table.bet(self.player, self.on, self.flat)
                    self.flat_up = True
                return False
            if table.point != self.number:
                return False
            w = table.odds(self.player, self.on, self.stake)
        else:
            if (when == _COME_OUT and table.point) or (when == _PUCK_ON and not table.point) \
                    or (when == _HAND_START and table.hand_rolls):
                return False
            w = table.bet(self.player, self.kind, self.stake, self.bet_number)
        self.risk = w.amount + w.vig
        self.since = now
        return True


def seat(rules, plan):
    """Tables of up to 8 stations, one per catalogue wager: [(table, stations), ...]."""
    rows = plan.rows
    tables = []
    for first in range(0, len(rows), MAX_STATIONS):
        group = rows[first:first + MAX_STATIONS]
        table = Table([CREDITS] * len(group), rules)
        stations = [_Station(first + i, label, kind, number, on, unit, rules, table, i)
                    for i, (label, kind, number, on, _, unit) in enumerate(group)]
        tables.append((table, stations))
    return tables


# -- the sums

class Sums:
    """Per wager: decisions, sum and sum of squares of the net results (credits), and the amount
    at risk per decision; per roll figure: count, sum and sum of squares of the roll counts."""

    def __init__(self, size):
        self.rolls = 0
        self.n = [0] * size
        self.net = [0] * size
        self.net2 = [0] * size
        self.risk = [0] * size
        self.decision = [0, 0, 0]
        self.hand = [0, 0, 0]

    def merge(self, other):
        if len(other.n) != len(self.n):
            raise ValueError("the sums are of different catalogues")
        self.rolls += other.rolls
        for mine, theirs in ((self.n, other.n), (self.net, other.net), (self.net2, other.net2),
                             (self.decision, other.decision), (self.hand, other.hand)):
            for i, value in enumerate(theirs):
                mine[i] += value
        for i, risk in enumerate(other.risk):
            if risk and self.risk[i] and risk != self.risk[i]:
                raise ValueError("the sums staked row %d differently" % i)
            self.risk[i] = self.risk[i] or risk
        return self

    def __eq__(self, other):
        return isinstance(other, Sums) and vars(self) == vars(other)


def run(dice, rules, plan, progress=None, every=0):
    """Play every roll (d1, d2) of the iterator `dice` through the engine; return the Sums.
    progress(rolls done) is called every `every` rolls (0: never)."""
    tables = seat(rules, plan)
    sums = Sums(len(plan.rows))
    n, total, squares, risk = sums.n, sums.net, sums.net2, sums.risk
    decision, hand = sums.decision, sums.hand
    pending = [station for _, stations in tables for station in stations]
    first = tables[0][0]
    in_hand = 0
    now = 0
    countdown = every
    for d1, d2 in dice:
        if pending:
            pending = [station for station in pending if not station.place(now)]
        before = first.point
        for table, stations in tables:
            for station, mine in zip(stations, table.roll(d1, d2).records):
                for r in range(0, len(mine), RECORD):
                    if record_kind(mine[r]) != station.kind:
                        station.flat_up = False  # the line bet behind an odds station
                        continue
                    row = station.row
                    net = record_net(mine, r)
                    n[row] += 1
                    total[row] += net
                    squares[row] += net * net
                    risk[row] = station.risk
                    if station.timed:
                        k = now - station.since + 1
                        decision[0] += 1
                        decision[1] += k
                        decision[2] += k * k
                    if not mine[r + 5]:  # stays
                        pending.append(station)
        now += 1
        in_hand += 1
        if seven_out(before, d1 + d2):
            hand[0] += 1
            hand[1] += in_hand
            hand[2] += in_hand * in_hand
            in_hand = 0
        if countdown:
            countdown -= 1
            if not countdown:
                progress(now)
                countdown = every
    sums.rolls = now
    return sums


# -- the dice: the production path

def rng_source():
    """The firmware's RNG dice path on the host: the entropy twin fed from the OS."""
    return RngDice(StreamBits(os.urandom))


def rng_rolls(source, count, fingerprint=None):
    """`count` rolls from `source` (an RngDice), drawn CHUNK at a time; each chunk also goes
    into `fingerprint` (a hashlib object) when one is given."""
    left = count
    while left > 0:
        chunk = source.dice(min(CHUNK, left))
        left -= len(chunk)
        if fingerprint is not None:
            fingerprint.update(bytes(6 * d1 + d2 - 7 for d1, d2 in chunk))
        yield from chunk


def expected_seeds(rolls, reseed_rolls):
    """Seeds the RNG path makes for `rolls` rolls: the first, then one every reseed_rolls."""
    return 1 + (rolls - 1) // reseed_rolls if rolls else 1


def play(rules, plan, rolls, progress=None, every=0, seed_check=False):
    """One worker: its own RNG path and tables. Returns (Sums, (seeds made, expected,
    sha256 of its dice) or None)."""
    source = rng_source()
    fingerprint = hashlib.sha256() if seed_check else None
    sums = run(rng_rolls(source, rolls, fingerprint), rules, plan, progress, every)
    if not seed_check:
        return sums, None
    return sums, (source.seeds, expected_seeds(rolls, source.reseed_rolls),
                  fingerprint.hexdigest())


def _worker(index, overrides, rows, rolls, seed_check, queue):
    try:
        rules = HouseRules(overrides)
        plan = Plan(rules, rows)  # the parent's plan: every worker stakes the same
        every = max(1, rolls // 100)
        done = play(rules, plan, rolls, lambda k: queue.put(("tick", index, k)), every,
                    seed_check)
        queue.put(("done", index, done))
    except BaseException as e:  # the parent reports it and stops
        queue.put(("error", index, "%s: %s" % (type(e).__name__, e)))


def shares(rolls, workers):
    base, extra = divmod(rolls, workers)
    return [base + (1 if i < extra else 0) for i in range(workers)]


def simulate(rules, plan, rolls, workers, seed_check=False, err=None):
    """Play `rolls` rolls over `workers` processes (1: in this one). Returns (Sums, checks)."""
    progress = Progress("simulate", rolls, err, step_percent=5) if err is not None else None
    if workers <= 1:
        every = max(1, rolls // 100) if progress else 0
        sums, check = play(rules, plan, rolls, progress.update if progress else None, every,
                           seed_check)
        return sums, [check]
    parts = shares(rolls, workers)
    queue = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=_worker, args=(
        i, rules.as_dict(), plan.rows, parts[i], seed_check, queue), daemon=True)
        for i in range(workers)]
    for p in procs:
        p.start()
    done = [0] * workers
    results = [None] * workers
    try:
        while any(r is None for r in results):
            what, index, value = queue.get()
            if what == "tick":
                done[index] = value
                if progress:
                    progress.update(sum(done))
            elif what == "done":
                results[index] = value
                done[index] = parts[index]
                if progress:
                    progress.update(sum(done))
            else:
                raise RuntimeError("worker %d failed: %s" % (index, value))
    finally:
        for p in procs:
            if p.is_alive() and any(r is None for r in results):
                p.terminate()
            p.join()
    sums = Sums(len(plan.rows))
    for part, _ in results:
        sums.merge(part)
    return sums, [check for _, check in results]


# -- the figures

def interval(n, total, squares, risk, z=Z99):
    """The hold per decision and its interval from n results of sum `total` and sum of squares
    `squares`, each risking `risk`: (hold as a Fraction, variance of one decision's hold as a
    Fraction, half-width as a float). Needs n >= 2."""
    if n < 2:
        raise ValueError("an interval needs at least 2 decisions")
    hold = Fraction(-total, n * risk)
    variance = Fraction(squares * n - total * total, n * (n - 1) * risk * risk)
    return hold, variance, float(z) * (variance / n) ** 0.5


def mean_interval(n, total, squares, z=Z99):
    """The mean of n counts and its interval: (mean, variance, half-width)."""
    return interval(n, -total, squares, 1, z)


def inside(estimate, variance, n, exact, z=Z99):
    """Is `exact` within estimate +- z sqrt(variance / n)? Decided exactly."""
    return n * (estimate - exact) ** 2 <= Fraction(z) ** 2 * variance


def family_z(figures, confidence=Fraction(99, 100)):
    """Bonferroni: the z that keeps all `figures` intervals together at `confidence`."""
    alpha = (1 - confidence) / figures
    return Fraction(normal_critical(float(alpha))).limit_denominator(1000)


class Figure:
    def __init__(self, label, n, estimate, exact, half, ok, stake=None):
        self.label = label
        self.n = n
        self.estimate = estimate
        self.exact = exact
        self.half = half
        self.ok = ok  # None: too few decisions to judge
        self.stake = stake


MIN_DECISIONS = 30  # fewer, and the normal interval is no test: n/a


def figures(plan, sums, z=Z99):
    """(wager figures, roll figures), each a Figure; an estimate with fewer than MIN_DECISIONS
    decisions, or whose decisions all came out the same (no spread: a zero-width interval),
    cannot be judged (ok is None): the run was too short for it."""
    wagers = []
    for i, (label, _, _, _, edge, _) in enumerate(plan.rows):
        n = sums.n[i]
        if n < MIN_DECISIONS:
            hold = Fraction(-sums.net[i], n * sums.risk[i]) if n else None
            wagers.append(Figure(label, n, hold, edge, None, None, sums.risk[i]))
            continue
        hold, variance, half = interval(n, sums.net[i], sums.net2[i], sums.risk[i], z)
        wagers.append(Figure(label, n, hold, edge, half, _judge(hold, variance, n, edge, z),
                             sums.risk[i]))
    rolls = []
    for label, counts, exact in ((DECISION, sums.decision, odds.rolls_per_decision(plan.rules)),
                                 (HAND, sums.hand, odds.rolls_per_hand())):
        n = counts[0]
        if n < MIN_DECISIONS:
            rolls.append(Figure(label, n, Fraction(counts[1], n) if n else None, exact, None,
                                None))
            continue
        mean, variance, half = mean_interval(n, counts[1], counts[2], z)
        rolls.append(Figure(label, n, mean, exact, half, _judge(mean, variance, n, exact, z)))
    return wagers, rolls


def _judge(estimate, variance, n, exact, z):
    return inside(estimate, variance, n, exact, z) if variance else None


def verdict(figure):
    return "IN" if figure.ok else "OUT" if figure.ok is False else "n/a"


def format_table(rules, sums, wagers, rolls, z, workers, seconds):
    lines = ["Long run: %s rolls through the engine, dice from the production RNG path "
             "(%d worker%s, %s)" % (_count(sums.rolls), workers, "" if workers == 1 else "s",
                                     _clock(seconds)),
             "House rules: " + ", ".join("%s=%s" % (k, v) for k, v in
                                         sorted(rules.as_dict().items())),
             "Hold per decision against the exact house edge (odds report); interval: "
             "hold +- %s s/sqrt(n)%s" % (_z(z), "" if z == Z99 else " (family-wise 99%)"),
             ""]
    lines.append("%-20s %10s %5s %9s %9s  %-21s %s" % (
        "wager", "decisions", "stake", "hold %", "edge %", "interval %", ""))
    for f in wagers:
        lines.append("%-20s %10s %5s %9s %9.4f  %-21s %s" % (
            f.label, _count(f.n), f.stake or "-", _percent(f.estimate), float(f.exact * 100),
            _span(f, 100, "%.4f"), verdict(f)))
    lines.append("")
    lines.append("%-28s %10s %9s %9s %-15s  %-17s %s" % (
        "rolls", "samples", "observed", "exact", "", "interval", ""))
    for f in rolls:
        lines.append("%-28s %10s %9s %9.4f %-15s  %-17s %s" % (
            f.label, _count(f.n), "-" if f.estimate is None else "%.4f" % f.estimate,
            float(f.exact), "(%d/%d)" % (f.exact.numerator, f.exact.denominator),
            _span(f, 1, "%.4f"), verdict(f)))
    every = wagers + rolls
    out = [f for f in every if f.ok is False]
    unjudged = [f for f in every if f.ok is None]
    lines.append("")
    if z == Z99:
        lines.append("%d figures at 99%% each: about %.1f fall OUT by chance alone (all IN in "
                     "about %d%% of runs, were they independent);\n--family-wise widens each "
                     "interval so that all hold together at 99%%." % (
                         len(every), len(every) / 100, round(100 * 0.99 ** len(every))))
    lines.append("%s rolls/s. %s" % (
        _count(int(sums.rolls / seconds)) if seconds else "-",
        "OUT of its interval: " + ", ".join(f.label for f in out) + "." if out else
        "Every figure is inside its interval." if not unjudged else
        "No figure is OUT."))
    if unjudged:
        lines.append("Too short to judge %d figure%s (n/a: under %d decisions, or all alike): "
                     "run more rolls." % (len(unjudged), "" if len(unjudged) == 1 else "s",
                                          MIN_DECISIONS))
    return "\n".join(lines)


def _span(f, scale, fmt):
    if f.half is None:
        return "-"
    centre = float(f.estimate) * scale
    half = f.half * scale
    return "[" + fmt % (centre - half) + ", " + fmt % (centre + half) + "]"


def _percent(value):
    return "-" if value is None else "%.4f" % float(value * 100)


def _z(z):
    return "%.3f" % float(z)


def _count(n):
    return "{:,}".format(n)


def _clock(seconds):
    seconds = int(round(seconds))
    if seconds >= 3600:
        return "%dh%02dm%02ds" % (seconds // 3600, seconds // 60 % 60, seconds % 60)
    if seconds >= 60:
        return "%dm%02ds" % (seconds // 60, seconds % 60)
    return "%ds" % seconds


# -- the command

def _rolls_arg(text):
    """A roll count: 10000000, 10_000_000, 1e7 or 10**7."""
    text = text.replace("_", "").replace(",", "")
    try:
        if "**" in text:
            base, power = text.split("**")
            value = int(base) ** int(power)
        elif "e" in text.lower():
            value = float(text)
            if value != int(value):
                raise ValueError
            value = int(value)
        else:
            value = int(text)
    except (ValueError, OverflowError):  # 1e400 is an infinite float
        raise argparse.ArgumentTypeError("not a whole number of rolls: %s" % text)
    if not 1 <= value <= MAX_ROLLS:
        raise argparse.ArgumentTypeError("from 1 to 10**10 rolls (about 4 days on two cores), "
                                         "not %s" % text)
    return value


def _workers_arg(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError("a whole number of workers from 1 up: %s" % text)
    return value


def add_arguments(parser):
    parser.add_argument("--rolls", type=_rolls_arg, default=DEFAULT_ROLLS,
                        help="rolls to play (default 10**7; 1e6 and 10**6 are understood)")
    parser.add_argument("--workers", type=_workers_arg, default=os.cpu_count() or 1,
                        help="processes, each with its own RNG path and tables "
                             "(default: every core)")
    parser.add_argument("--seed-check", action="store_true",
                        help="check every worker's dice are its own: each hashes its whole roll "
                             "sequence and counts its DRBG seeds; a repeat, or a seed count off "
                             "the reseed interval, fails")
    parser.add_argument("--family-wise", action="store_true",
                        help="Bonferroni: widen each interval so that all figures together "
                             "hold at 99%% (default: 99%% each)")
    odds.add_arguments(parser)


def main(args, out=None, err=None):
    """The command: 0 when every figure is inside its interval (and any seed check passes)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = HouseRules(odds.overrides(args))
    plan = Plan(rules)
    try:
        seat(rules, plan)  # a table limit no full-pay stake fits: said before a worker starts
    except ValueError as e:
        err.write("simulate: %s\n" % e)
        return 2
    workers = min(args.workers, args.rolls)
    start = time.monotonic()
    sums, checks = simulate(rules, plan, args.rolls, workers, args.seed_check, err)
    seconds = time.monotonic() - start
    z = family_z(len(plan.rows) + 2) if args.family_wise else Z99
    wagers, rolls = figures(plan, sums, z)
    out.write(format_table(rules, sums, wagers, rolls, z, workers, seconds) + "\n")
    failed = any(not f.ok for f in wagers + rolls)  # OUT, or too short to judge
    if args.seed_check:
        failed = _report_seeds(checks, out) or failed
    return 1 if failed else 0


def _report_seeds(checks, out):
    """Print the seed check; True when it fails."""
    bad = False
    hashes = [digest for _, _, digest in checks]
    for i, (seeds, expected, digest) in enumerate(checks):
        ok = seeds == expected
        bad = bad or not ok
        out.write("seed check: worker %d: %s DRBG seeds (%s expected) %s, dice sha256 %s\n" % (
            i, _count(seeds), _count(expected), "ok" if ok else "WRONG", digest[:16]))
    if len(set(hashes)) != len(hashes):
        bad = True
        out.write("seed check: two workers rolled the same dice: their sources are shared\n")
    else:
        out.write("seed check: every worker's dice are its own\n")
    return bad


def parse_args(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools simulate")
    add_arguments(parser)
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main(parse_args()))
