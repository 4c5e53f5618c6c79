# The SP 800-90B continuous health tests (section 4.4) on the raw bits of the entropy source,
# and the start-up test (section 4.3) that runs them before the first use. A failure is latched:
# the source stays failed until reset(), and the RNG dice turn it into a FAULT (a tilt).
#
# The cutoffs come from the assessed min-entropy per raw bit H and the false-positive rate
# alpha. Until the ROSC is assessed, H = 0.5 and alpha = 2^-20 (90B's recommendation):
#
# Repetition Count Test (4.4.1): C = 1 + ceil(-log2(alpha) / H) = 1 + ceil(20 / 0.5) = 41.
#   A run of C identical samples fails; a run of C - 1 = 40 does not. For a source with
#   min-entropy H, a run of 41 has probability at most 2^(-H * 40) = 2^-20.
#
# Adaptive Proportion Test (4.4.2): window W = 1024 (binary samples),
#   C = 1 + CRITBINOM(W, 2^-H, 1 - alpha) = 1 + 792 = 793 (90B's formula, footnote to 4.4.2),
#   where CRITBINOM(n, p, q) is the least k with P(Binomial(n, p) <= k) >= q. Checked exactly:
#   the count B starts at 1 (the window's first sample, A) and each of the other 1023 samples
#   equal to A adds 1, so B = 1 + X with X ~ Binomial(1023, p), p = 2^-0.5 the most likely
#   value's probability. P(B >= 793) = P(X >= 792) = 8.1e-7 = 2^-20.23 <= alpha, while a cutoff
#   of 792 would give P(X >= 791) = 1.16e-6 > alpha: 793 is the least cutoff that keeps alpha.
#   (CRITBINOM(1023, p, 1 - alpha) itself is 791; the cutoff is 2 more than that.)
from craps.compat import const

RCT_CUTOFF = const(41)
APT_CUTOFF = const(793)
APT_WINDOW = const(1024)
STARTUP_SAMPLES = const(1024)  # 90B 4.3: both tests over at least 1024 samples before first use

REPETITION_COUNT = "REPETITION COUNT TEST"
ADAPTIVE_PROPORTION = "ADAPTIVE PROPORTION TEST"


class HealthFailure(Exception):
    """A health test failed on the raw bits. `test` names it (REPETITION_COUNT or
    ADAPTIVE_PROPORTION); the message says what was seen."""

    def __init__(self, test, detail):
        super().__init__("%s failed: %s" % (test, detail))
        self.test = test


class HealthTests:
    """Both continuous tests, fed one raw bit at a time."""

    def __init__(self, rct_cutoff=RCT_CUTOFF, apt_cutoff=APT_CUTOFF, apt_window=APT_WINDOW):
        for name, value in (("rct_cutoff", rct_cutoff), ("apt_cutoff", apt_cutoff),
                            ("apt_window", apt_window)):
            if type(value) is not int or value < 2:
                raise ValueError("%s is a whole number above 1, not %s" % (name, value))
        if apt_cutoff > apt_window:
            raise ValueError("apt_cutoff %d is more than the window of %d"
                             % (apt_cutoff, apt_window))
        self.rct_cutoff = rct_cutoff
        self.apt_cutoff = apt_cutoff
        self.apt_window = apt_window
        self.reset()

    def reset(self):
        """Clear a latched failure and start both tests afresh (after service, not by itself)."""
        self.failure = None  # (test, detail) of the failure that latched, or None
        self.samples = 0  # bits fed since reset
        self._rct_value = -1  # the value of the current run (-1: no sample yet)
        self._rct_count = 0  # its length
        self._apt_value = 0  # A: the first sample of the current window
        self._apt_count = 0  # B: samples in the window equal to A
        self._apt_seen = 0  # samples of the window so far (0: the next sample opens a window)

    def feed(self, bit):
        """Test one raw bit (0 or 1) and return it; raise HealthFailure if a test fails now or
        failed before."""
        if self.failure is not None:  # a new exception each time: MicroPython would keep
            raise HealthFailure(self.failure[0], self.failure[1])  # growing one's traceback
        self.samples += 1
        if bit == self._rct_value:
            self._rct_count += 1
            if self._rct_count >= self.rct_cutoff:
                self._fail(REPETITION_COUNT, "%d identical bits in a row (cutoff %d)"
                           % (self._rct_count, self.rct_cutoff))
        else:
            self._rct_value = bit
            self._rct_count = 1
        if self._apt_seen == 0:
            self._apt_value = bit
            self._apt_count = 1
            self._apt_seen = 1
        else:
            self._apt_seen += 1
            if bit == self._apt_value:
                self._apt_count += 1
                if self._apt_count >= self.apt_cutoff:
                    self._fail(ADAPTIVE_PROPORTION, "%d of %d bits were %d (cutoff %d in %d)"
                               % (self._apt_count, self._apt_seen, bit, self.apt_cutoff,
                                  self.apt_window))
            if self._apt_seen >= self.apt_window:
                self._apt_seen = 0
        return bit

    def startup(self, source, samples=STARTUP_SAMPLES):
        """90B 4.3 start-up test: both tests over `samples` bits of `source` (at least 1024, and
        at least one whole APT window), which are then discarded. Raises HealthFailure."""
        n = max(samples, STARTUP_SAMPLES, self.apt_window)
        for _ in range(n):
            self.feed(source.bit())

    def _fail(self, test, detail):
        self.failure = (test, detail)
        raise HealthFailure(test, detail)
