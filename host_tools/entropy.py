"""The entropy assessment of the RNG's raw source: `python -m host_tools entropy --port P` (or
`--file FILE`).

It collects raw samples, the ring oscillator's RANDOMBIT as read by the board
(drivers/entropy.py: not health-tested nor conditioned), over a production board's read-only
console (`entropy <n>`, MAX_SAMPLE_BITS = 2048 bits a question), or reads them from a file of one
sample a byte (0 or 1: the format NIST's ea_non_iid reads; --out writes the collected samples
so). It then runs the SP 800-90B section 6.3 non-IID estimators for binary samples, each a
min-entropy per sample: most common value (6.3.1), collision (6.3.2), Markov (6.3.3), compression
(6.3.4), t-tuple (6.3.5), longest repeated substring (6.3.6), MultiMCW (6.3.7), lag (6.3.8),
MultiMMC (6.3.9) and LZ78Y (6.3.10) prediction. H is the least of them. The health tests' cutoffs
(drivers/health.py) were set for H = 0.5 at alpha = 2^-20; they are computed again for the
measured H (Repetition Count: C = 1 + ceil(20 / H); Adaptive Proportion: the least C with P(1 +
Binomial(1023, 2^-H) >= C) <= alpha) and the ones in use hold when they are at least those.

Each estimator follows 90B's text, with the choices NIST's reference implementation
(SP800-90B_EntropyAssessment) makes where the text leaves one: Z = 2.5758293035489008; a tie
between predictions goes to the later subpredictor; a tie between symbol counts to 1. Pure
Python: a million samples take about a minute.

Exit status: 0 the cutoffs in use hold for the measured H, 1 they do not (or the board did not
answer), 2 bad arguments or a file that is not samples.
"""
import binascii
import math
import sys
from collections import Counter

from drivers.entropy import MAX_SAMPLE_BITS
from drivers.health import APT_CUTOFF, APT_WINDOW, RCT_CUTOFF

Z = 2.5758293035489008  # the normal distribution's 99.5% point (90B's Z_alpha, alpha 0.005)
ALPHA_BITS = 20  # the health tests' false-alarm rate: alpha = 2^-20
ASSUMED_H = 0.5  # what drivers/health.py's cutoffs were set for
SEED_BITS = 512  # raw bits in each DRBG seed (drivers/rng_dice.py), for 256 bits of entropy
SAMPLES = 1000000  # what 90B asks for


class BadSamples(Exception):
    """The samples cannot be assessed; the message is one line."""


def _upper(p, n):
    """90B's upper bound on a probability estimated from n samples (99% confidence)."""
    return min(1.0, p + Z * math.sqrt(p * (1.0 - p) / (n - 1.0)))


def most_common_value(s):
    """6.3.1: the most common value's proportion, at its upper bound."""
    ones = s.count(1)
    return -math.log2(_upper(max(ones, len(s) - ones) / len(s), len(s)))


def collision(s):
    """6.3.2: the mean distance to the first collision (t = 2 for 00/11, else 3), at its lower
    bound, solved for p in 2 + 2p(1 - p) (the binary closed form)."""
    n = len(s)
    i = v = total2 = 0
    while i < n - 1:
        if s[i] == s[i + 1]:
            t = 2
        elif i < n - 2:
            t = 3
        else:
            break
        v += 1
        total2 += t * t
        i += t
    mean = i / v
    sigma = math.sqrt((total2 - i * mean) / (v - 1))
    low = max(2.0, mean - Z * sigma / math.sqrt(v))
    if low >= 2.5:
        return 1.0
    return -math.log2(0.5 + math.sqrt(1.25 - 0.5 * low))


def markov(s):
    """6.3.3: the most likely 128-sample path of the first-order Markov model, per sample."""
    n = len(s)
    pairs = Counter(zip(s, s[1:]))
    zeros = pairs[(0, 0)] + pairs[(0, 1)]  # zeros in s[:-1]
    ones = n - 1 - zeros
    p00 = pairs[(0, 0)] / zeros if zeros else 0.0
    p10 = pairs[(1, 0)] / ones if ones else 0.0
    p01, p11 = (1 - p00 if zeros else 0.0), (1 - p10 if ones else 0.0)
    p0 = (zeros + (s[-1] == 0)) / n
    p1 = 1 - p0
    paths = (  # (first, transitions and their counts): 00..0, 0101..01, 011..1, 100..0, ...
        (p0, ((p00, 127),)), (p0, ((p01, 64), (p10, 63))), (p0, ((p01, 1), (p11, 126))),
        (p1, ((p10, 1), (p00, 126))), (p1, ((p10, 64), (p01, 63))), (p1, ((p11, 127),)))
    h = 128.0
    for first, steps in paths:
        if first > 0 and all(p > 0 for p, _ in steps):
            h = min(h, -math.log2(first) - sum(k * math.log2(p) for p, k in steps))
    return min(h / 128.0, 1.0)


def _g(z, d, blocks, log2):
    """90B's G(z) for the compression estimate (Appendix G.1.1's arrangement), its sums cut off
    once the terms left are below 1e-16 of them."""
    v = blocks - d
    b_term = 1.0 - z
    b = b_term  # B_2
    a = 0.0
    for i in range(2, d + 1):
        a += log2[i] * b
        b *= b_term
    a_d1 = a
    first = 0.0
    for i in range(d + 1, blocks):
        ai = log2[i] * b
        a += ai
        scaled = (blocks - i) * ai
        first += scaled
        if scaled <= 1e-16 * z * first:  # the rest of both sums is smaller than this
            break
        b *= b_term
    else:
        a += log2[blocks] * b
    first += (blocks - d) * a_d1
    return z * (z * first + (a - a_d1)) / v


def compression(s):
    """6.3.4: Maurer's universal statistic over 6-bit blocks (1000 to prime the dictionary), at
    its lower bound, solved for the most likely block's probability p."""
    bits, d = 6, 1000
    blocks = len(s) // bits
    if blocks <= d:
        return None
    last = [0] * (1 << bits)
    total = total2 = 0.0
    for i in range(blocks):
        block = 0
        for bit in s[i * bits:i * bits + bits]:
            block = block * 2 + bit
        if i >= d:
            distance = math.log2(i + 1 - last[block])
            total += distance
            total2 += distance * distance
        last[block] = i + 1
    v = blocks - d
    mean = total / v
    sigma = 0.5907 * math.sqrt(max(0.0, total2 / (v - 1) - mean * mean))
    target = mean - Z * sigma / math.sqrt(v)
    log2 = [0.0, 0.0] + [math.log2(i) for i in range(2, blocks + 1)]
    k = 1 << bits

    def expected(p):
        q = (1 - p) / (k - 1)
        return _g(p, d, blocks, log2) + (k - 1) * _g(q, d, blocks, log2)

    if expected(1.0 / k) <= target:
        return 1.0
    low, high = 1.0 / k, 1.0  # expected() falls as p rises
    while high - low > 1e-12:
        mid = (low + high) / 2
        if expected(mid) > target:
            low = mid
        else:
            high = mid
    p = (low + high) / 2
    return -math.log2(p) / bits if p > 1.0 / k else 1.0


def suffix_array(s):
    """The suffixes of s (0s and 1s) in order, by prefix doubling from 16-sample prefixes."""
    n = len(s)
    k = 16
    top = 3 ** (k - 1)
    rank = [0] * n
    w = 0
    for i in range(n - 1, -1, -1):  # each suffix's first 16 samples in base 3, "ended" as 0
        w = (s[i] + 1) * top + w // 3
        rank[i] = w
    while True:
        ahead = rank[k:] + [0] * min(k, n)
        span = max(rank) + 1
        keys = [a * span + b for a, b in zip(rank, ahead)]
        order = sorted(range(n), key=keys.__getitem__)
        r, before = 0, None
        for i in order:
            if keys[i] != before:
                r += 1
                before = keys[i]
            rank[i] = r
        if r == n:
            return order
        k *= 2


def lcp_array(s, order):
    """lcp[j]: the longest common prefix of the suffixes order[j - 1] and order[j] (Kasai)."""
    n = len(s)
    where = [0] * n
    for j, i in enumerate(order):
        where[i] = j
    lcp = [0] * n
    h = 0
    for i in range(n):
        j = where[i]
        if j == 0:
            h = 0
            continue
        other = order[j - 1]
        while i + h < n and other + h < n and s[i + h] == s[other + h]:
            h += 1
        lcp[j] = h
        if h:
            h -= 1
    return lcp


def tuple_counts(s):
    """From the suffix array: (most[t], pairs[t]) for t = 0..v (v: the longest repeat): the
    count of the most common t-tuple, and the pairs of positions whose t-tuples are equal."""
    n = len(s)
    lcp = lcp_array(s, suffix_array(s))
    v = max(lcp)
    most = [1] * (v + 2)
    pairs = [0] * (v + 2)
    # For each lcp[j]: the run of lcp >= lcp[j] around it, where it is the first least value;
    # such a run is a group of suffixes sharing lcp[j] samples (the first least counts it whole).
    left = [0] * n  # the nearest j' < j with lcp[j'] <= lcp[j] (0: none)
    stack = []
    for j in range(1, n):
        while stack and lcp[stack[-1]] > lcp[j]:
            stack.pop()
        left[j] = stack[-1] if stack else 0
        stack.append(j)
    stack = []
    for j in range(n - 1, 0, -1):
        while stack and lcp[stack[-1]] >= lcp[j]:
            stack.pop()
        right = stack[-1] if stack else n  # the nearest j' > j with lcp[j'] < lcp[j]
        stack.append(j)
        h = lcp[j]
        if h:
            pairs[h] += (j - left[j]) * (right - j)
            most[h] = max(most[h], right - left[j])
    for t in range(v - 1, 0, -1):
        pairs[t] += pairs[t + 1]
        most[t] = max(most[t], most[t + 1])
    return most[:v + 1], pairs[:v + 1]


def t_tuple_and_lrs(s):
    """6.3.5 and 6.3.6: (t-tuple, longest repeated substring), None where not defined."""
    n = len(s)
    most, pairs = tuple_counts(s)
    v = len(most) - 1
    u = 1
    while u <= v and most[u] >= 35:
        u += 1
    tuple_h = lrs_h = None
    if u > 1:
        p = max((most[t] / (n - t + 1)) ** (1.0 / t) for t in range(1, u))
        tuple_h = -math.log2(_upper(p, n))
    if u <= v:
        p = max((pairs[w] / ((n - w) * (n - w + 1) // 2)) ** (1.0 / w) for w in range(u, v + 1))
        lrs_h = -math.log2(_upper(p, n))
    return tuple_h, lrs_h


def _prediction_tail(p, r, n):
    """log of 90B's P_local equation's right side for p (r: the longest run of correct
    predictions + 1, n predictions), less log(0.99) is what is solved."""
    q = 1.0 - p
    x = 1.0
    for _ in range(66):
        last = x
        x = 1.0 + q * p ** r * x ** (r + 1)
        if x - last <= 1e-16 * x:
            break
    if p * x >= 1.0 or r * x >= r + 1.0:  # p so near 1 that the terms vanish: far below
        return -math.inf
    return math.log(1.0 - p * x) - math.log((r + 1.0 - r * x) * q) - (n + 1.0) * math.log(x)


def prediction(correct, n, longest_run):
    """6.3.7-6.3.10's common end: min-entropy from the count of correct predictions (global,
    at its upper bound) and the longest run of them (local)."""
    p_global = correct / n
    if p_global > 0:
        p = max(0.5, _upper(p_global, n))
    else:
        p = max(0.5, 1.0 - 0.01 ** (1.0 / n))
    target = math.log(0.99)
    r = longest_run + 1
    if p < 1.0 and _prediction_tail(p, r, n) > target:
        low, high = p, 1.0  # the tail falls as p rises
        while high - low > 1e-12:
            mid = (low + high) / 2
            if _prediction_tail(mid, r, n) > target:
                low = mid
            else:
                high = mid
        p = max(p, high)
    return -math.log2(p)


class _Tally:
    """The winner's correct predictions: how many, and the longest run."""

    def __init__(self):
        self.correct = self.run = self.longest = 0

    def add(self, right):
        if right:
            self.correct += 1
            self.run += 1
            if self.run > self.longest:
                self.longest = self.run
        else:
            self.run = 0


def multi_mcw(s):
    """6.3.7: the most common value in the last 63, 255, 1023 and 4095 samples, the best of them
    so far predicting."""
    windows = (63, 255, 1023, 4095)
    if len(s) <= windows[-1]:
        return None
    ones = [0] * 4  # ones among the last windows[j] samples
    score = [0] * 4
    winner = 0
    tally = _Tally()
    for i, x in enumerate(s):
        if i >= windows[0]:
            tally.add((2 * ones[winner] > windows[winner]) == x)
            for j in range(4):
                if i >= windows[j] and (2 * ones[j] > windows[j]) == x:
                    score[j] += 1
                    if score[j] >= score[winner]:
                        winner = j
        for j in range(4):
            ones[j] += x
            if i >= windows[j]:
                ones[j] -= s[i - windows[j]]
    return prediction(tally.correct, len(s) - windows[0], tally.longest)


def lag(s, depth=128, block=64):
    """6.3.8: the sample 1 to 128 back, the best lag so far predicting. Exact, in blocks of
    `block` samples: only lags within `block` of the best score can become the best within a
    block, so only they are followed sample by sample; the others' scores are added up."""
    n = len(s)
    pad = (8 - n % 8) % 8
    packed = int("".join("01"[b] for b in s), 2) << pad
    width = (n + pad) // 8
    valid = (1 << (n + pad)) - 1
    hits = [None]  # hits[d]: bytes whose bit i (MSB first) is 1 when s[i] == s[i - d], i >= d
    for d in range(1, depth + 1):
        same = ~(packed ^ (packed >> d)) & (valid >> d) & ~((1 << pad) - 1)
        hits.append(same.to_bytes(width, "big"))
    score = [0] * (depth + 1)
    winner = 1
    tally = _Tally()
    for start in range(0, n, block):
        end = min(start + block, n)
        a, b = start // 8, (end + 7) // 8
        best = score[winner]
        follow = []
        for d in range(1, depth + 1):
            got = int.from_bytes(hits[d][a:b], "big").bit_count()
            if score[d] + (end - start) >= best:
                follow.append((d, got))
            else:
                score[d] += got
        if all(got == end - max(start, d) for d, got in follow if d < end):
            # Every followed lag right at every sample: so is the winner, and the winner at the
            # end is the last lag at the best score.
            for i in range(max(start, 1), end):
                tally.add(True)
            for d, got in follow:
                score[d] += got
            best = max(score[d] for d, _ in follow)
            winner = max(d for d, _ in follow if score[d] == best)
            continue
        for i in range(max(start, 1), end):
            x = s[i]
            tally.add(s[i - winner] == x)
            for d, _ in follow:
                if d <= i and s[i - d] == x:
                    score[d] += 1
                    if score[d] >= score[winner]:
                        winner = d
    return prediction(tally.correct, n - 1, tally.longest)


def multi_mmc(s, depth=16, max_entries=100000):
    """6.3.9: Markov models of order 1 to 16, each predicting the likelier next sample after the
    last d, the best of them so far predicting."""
    n = len(s)
    counts = [None] + [[0] * (2 << d) for d in range(1, depth + 1)]  # [context * 2 + next]
    entries = [0] * (depth + 1)
    masks = [(1 << d) - 1 for d in range(depth + 1)]
    score = [0] * (depth + 1)
    winner = 1
    tally = _Tally()
    h = (s[0] << 1) | s[1]  # the last samples, the newest in bit 0
    for i in range(2, n):
        x = s[i]
        current = winner
        before = h >> 1
        last = h & 1
        for d in range(1, min(depth, i - 1) + 1):  # the transition into s[i - 1]
            c = counts[d]
            k = ((before & masks[d]) << 1) | last
            if c[k]:
                c[k] += 1
            elif entries[d] < max_entries:
                c[k] = 1
                entries[d] += 1
        right = False
        for d in range(1, min(depth, i) + 1):
            c = counts[d]
            k = (h & masks[d]) << 1
            zeros, ones = c[k], c[k + 1]
            if zeros or ones:
                guess = 0 if zeros > ones else 1
                if d == current:
                    right = guess == x
                if guess == x:
                    score[d] += 1
                    if score[d] >= score[winner]:
                        winner = d
        tally.add(right)
        h = ((h << 1) | x) & 0xFFFFFFFF
    return prediction(tally.correct, n - 2, tally.longest)


def lz78y(s, depth=16, max_size=65536):
    """6.3.10: the likeliest next sample after each of the last 1 to 16 samples' strings seen
    before, the one seen most often predicting; at most 65536 strings kept."""
    n = len(s)
    if n <= depth + 2:
        return None
    counts = [None] + [[0] * (2 << j) for j in range(1, depth + 1)]  # [string * 2 + next]
    masks = [(1 << j) - 1 for j in range(depth + 1)]
    h = 0  # the last samples, the newest in bit 0
    for i in range(depth):
        h = (h << 1) | s[i]
    size = 0
    for j in range(1, depth + 1):  # the strings ending at s[depth - 1], followed by s[depth]
        counts[j][((h & masks[j]) << 1) | s[depth]] = 1
        size += 1
    h = (h << 1) | s[depth]
    tally = _Tally()
    for i in range(depth + 1, n):
        x = s[i]
        guess, most = None, 0
        for j in range(depth, 0, -1):
            c = counts[j]
            k = (h & masks[j]) << 1
            zeros, ones = c[k], c[k + 1]
            if zeros or ones:
                count = max(zeros, ones)
                if count > most:
                    most = count
                    guess = 0 if zeros > ones else 1
                c[k + x] += 1
            elif size < max_size:
                c[k + x] = 1
                size += 1
        tally.add(guess == x)
        h = ((h << 1) | x) & 0xFFFFFFFF
    return prediction(tally.correct, n - depth - 1, tally.longest)


def estimates(s):
    """[(name, min-entropy per sample or None where it is not defined)] of samples s (bytes of 0
    and 1), in 90B's order."""
    tuple_h, lrs_h = t_tuple_and_lrs(s)
    return [("most common value", most_common_value(s)), ("collision", collision(s)),
            ("Markov", markov(s)), ("compression", compression(s)), ("t-tuple", tuple_h),
            ("longest repeated substring", lrs_h), ("MultiMCW prediction", multi_mcw(s)),
            ("lag prediction", lag(s)), ("MultiMMC prediction", multi_mmc(s)),
            ("LZ78Y prediction", lz78y(s))]


def rct_cutoff(h):
    """90B 4.4.1: the Repetition Count Test's cutoff for min-entropy h at alpha = 2^-20."""
    return 1 + math.ceil(ALPHA_BITS / h)


def apt_cutoff(h, window=APT_WINDOW):
    """90B 4.4.2: the least cutoff C with P(1 + Binomial(window - 1, 2^-h) >= C) <= 2^-20 (the
    window's first sample is the value counted, and counts itself)."""
    n, p = window - 1, 2.0 ** -h
    alpha = 2.0 ** -ALPHA_BITS
    if p >= 1.0:
        return window + 1  # a source with no entropy: no cutoff keeps alpha
    tail = 0.0
    for k in range(n, -1, -1):  # tail = P(X >= k), from k = n down
        term = math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) +
                        k * math.log(p) + (n - k) * math.log(1.0 - p))
        if tail + term > alpha:
            return k + 2  # X >= k + 1 keeps alpha: C - 1 = k + 1
        tail += term
    return 1


def report(s, where, out):
    """Print every estimate, H and what it means for the health tests; True if they hold."""
    out.write("%d raw samples from %s (binary); SP 800-90B 6.3 non-IID estimates, bits a "
              "sample%s:\n" % (len(s), where, "" if len(s) >= SAMPLES else
                               " (90B asks for %d samples)" % SAMPLES))
    results = estimates(s)
    for name, h in results:
        out.write("  %-28s %s\n" % (name, "not defined for these samples" if h is None
                                     else "%.6f" % h))
    name, h = min(((n, h) for n, h in results if h is not None), key=lambda item: item[1])
    out.write("  %-28s %.6f (%s)\n" % ("H, the least", h, name))
    out.write("health tests in use (drivers/health.py), set for H = %g at alpha 2^-%d: "
              "RCT cutoff %d, APT %d of %d\n" % (ASSUMED_H, ALPHA_BITS, RCT_CUTOFF, APT_CUTOFF,
                                                APT_WINDOW))
    if h <= 0:
        out.write("for H = 0 no cutoff holds: the source has no entropy; they DO NOT HOLD\n")
        return False
    rct, apt = rct_cutoff(h), apt_cutoff(h)
    holds = RCT_CUTOFF >= rct and APT_CUTOFF >= apt
    out.write("for H = %.6f: RCT cutoff %d, APT %d of %d: the cutoffs in use %s\n" % (
        h, rct, apt, APT_WINDOW, "hold (a false alarm at most as often as 2^-%d)" % ALPHA_BITS
        if holds else "DO NOT HOLD (they would raise false alarms more often than 2^-%d: "
        "set these, and more raw bits a seed)" % ALPHA_BITS))
    out.write("a seed's %d raw bits carry %.0f bits of entropy at this H (the DRBG needs 256)\n"
              % (SEED_BITS, SEED_BITS * min(h, 1.0)))
    return holds


def read_file(path):
    try:
        with open(path, "rb") as f:
            s = f.read()
    except OSError as e:
        raise BadSamples("cannot read %s: %s" % (path, e.strerror or e))
    bad = s.translate(None, b"\x00\x01")
    if bad:
        at = s.index(bad[:1])
        raise BadSamples("%s is not raw binary samples: byte %d at offset %d is not 0 or 1 (one "
                         "sample a byte, as NIST's ea_non_iid reads)" % (path, s[at], at))
    return s


def read_board(port, n, timeout):
    """n raw samples from a production board's console, MAX_SAMPLE_BITS a question."""
    from host_tools.console import Console
    out = bytearray()
    with Console(port, timeout) as console:
        while len(out) < n:
            want = min(MAX_SAMPLE_BITS, (n - len(out) + 7) // 8 * 8)
            text = console.ask("entropy %d" % want)[0]
            try:
                data = binascii.unhexlify(text)
            except ValueError:
                data = b""
            if len(data) * 8 != want:
                raise BadSamples("the board's answer to `entropy %d` is not %d bits in hex: %r"
                                 % (want, want, text[:40]))
            for byte in data:
                out.extend((byte >> (7 - k)) & 1 for k in range(8))
    return bytes(out[:n])


def add_arguments(p):
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--port", help="a production board's USB serial port: its raw ROSC bits")
    source.add_argument("--file", help="raw samples, one a byte (0 or 1)")
    p.add_argument("--samples", type=int, default=SAMPLES,
                   help="how many to collect from the board (default %d)" % SAMPLES)
    p.add_argument("--out", help="write the collected samples there, one a byte")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds the board may take to answer one question (default 30)")


def main(args, out=None, err=None):
    from host_tools.console import ConsoleError
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if args.file:
            s, where = read_file(args.file), args.file
        else:
            if args.samples < 10000:
                raise BadSamples("--samples: at least 10000")
            s, where = read_board(args.port, args.samples, args.timeout), args.port
            if args.out:
                with open(args.out, "wb") as f:
                    f.write(s)
        if len(s) < 10000:
            raise BadSamples("%d samples: the estimators need at least 10000 (90B asks for "
                             "%d)" % (len(s), SAMPLES))
    except BadSamples as e:
        err.write("entropy: %s\n" % e)
        return 2
    except (ConsoleError, OSError) as e:
        err.write("entropy: %s\n" % (e if isinstance(e, ConsoleError) else
                                     "cannot write %s: %s" % (args.out, e.strerror or e)))
        return 1
    return 0 if report(s, where, out) else 1
