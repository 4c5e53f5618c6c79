# SP 800-90B health tests on raw bits: the Repetition Count Test trips on the 41st identical bit
# of a run and not before, the Adaptive Proportion Test on 793 of 1024 in a window and not on 792,
# a biased stream within one window, a good stream never; failures latch; the start-up test.
from drivers.entropy import StreamBits
from drivers.health import (ADAPTIVE_PROPORTION, APT_CUTOFF, APT_WINDOW, RCT_CUTOFF,
                            REPETITION_COUNT, HealthFailure, HealthTests)
from rng_support import Counted, counter_bytes, good_reader, reader, spread
from support import raises


def feed_all(health, bits):
    """Feed bits until a test fails; return the HealthFailure (or None) and the samples fed."""
    try:
        for b in bits:
            health.feed(b)
    except HealthFailure as e:
        return e, health.samples
    return None, health.samples


def test_the_cutoffs_are_sp_800_90b_values_for_h_half_and_alpha_2_to_the_minus_20():
    assert RCT_CUTOFF == 1 + 20 * 2  # 1 + ceil(-log2(alpha) / H) with -log2(alpha) = 20, H = 0.5
    assert APT_WINDOW == 1024 and APT_CUTOFF == 793
    h = HealthTests()
    assert (h.rct_cutoff, h.apt_cutoff, h.apt_window) == (41, 793, 1024)


def test_the_apt_cutoff_is_the_least_that_keeps_the_false_alarm_rate_under_alpha():
    # In a window, B = 1 + X with X ~ Binomial(1023, p), p = 2^-0.5; a cutoff C fails when
    # X >= C - 1. Exact binomial coefficients (big ints), the powers in floats.
    n, p = 1023, 2.0 ** -0.5
    q = 1 - p
    tail = {}  # k -> P(X >= k) for k from 790 up
    total = 0.0
    comb = 1  # C(n, k), from k = n down
    for k in range(n, 789, -1):
        total += comb * p ** k * q ** (n - k)
        tail[k] = total
        comb = comb * k // (n - k + 1)
    alpha = 2.0 ** -20
    assert tail[APT_CUTOFF - 1] <= alpha < tail[APT_CUTOFF - 2]
    assert 8.0e-7 < tail[792] < 8.2e-7 and 1.15e-6 < tail[791] < 1.17e-6


def test_a_stuck_bit_trips_the_repetition_count_test_at_the_41st_sample_exactly():
    for stuck in (0, 1):
        h = HealthTests()
        for _ in range(40):
            h.feed(stuck)  # a run of 40 passes
        error, at = feed_all(h, [stuck])
        assert error is not None and error.test == REPETITION_COUNT and at == 41
        assert str(error) == "REPETITION COUNT TEST failed: 41 identical bits in a row (cutoff 41)"


def test_a_run_is_counted_from_its_first_bit():
    h = HealthTests()
    error, at = feed_all(h, [1, 0, 1, 0] + [1] * 40 + [0] * 40 + [1] * 40)
    assert error is None and at == 124  # runs of 40, changing each time, never trip
    error, at = feed_all(h, [1])
    assert error.test == REPETITION_COUNT and at == 125


def test_a_stuck_source_fails_the_start_up_test_at_its_41st_bit():
    for byte in (b"\x00", b"\xff"):
        source = Counted(StreamBits(reader(byte * 200)))
        h = HealthTests()
        assert raises(HealthFailure, h.startup, source).test == REPETITION_COUNT
        assert source.taken == 41


def test_the_adaptive_proportion_test_trips_on_793_of_a_window_and_not_792():
    h = HealthTests(rct_cutoff=1000)  # the RCT out of the way: this checks the APT alone
    error, at = feed_all(h, spread(792, 1024))
    assert error is None and at == 1024  # 792 ones of 1024, the first a 1: passes
    window = spread(793, 1024)
    error, at = feed_all(h, window)
    assert error is not None and error.test == ADAPTIVE_PROPORTION
    assert at - 1024 == len(window) - window[::-1].index(1)  # at the window's 793rd one
    assert str(error) == ("ADAPTIVE PROPORTION TEST failed: 793 of %d bits were 1 (cutoff 793 in"
                          " 1024)" % (at - 1024))


def test_the_window_counts_the_value_of_its_first_bit():
    h = HealthTests(rct_cutoff=1000)
    window = [0] + spread(800, 1023)  # the first bit is 0: the 800 ones are not counted
    error, at = feed_all(h, window + [1] + [0] * 50)
    assert error is None and at == 1075  # the next window opens with A = 1


def test_a_90_percent_biased_stream_trips_the_apt_within_one_window():
    h = HealthTests()
    error, at = feed_all(h, ([1] * 9 + [0]) * 200)  # runs of 9: only the APT can see it
    assert error.test == ADAPTIVE_PROPORTION and at == 881  # 88 * 10 samples hold 792 ones
    # and a byte stream with 90% ones in no pattern fails within one window too (either test)
    data = counter_bytes(1024, b"biased")
    h = HealthTests()
    error, at = feed_all(h, [1 if b < 230 else 0 for b in data])
    assert error is not None and at <= APT_WINDOW


def test_a_good_stream_passes_both_tests():
    h = HealthTests()
    source = Counted(StreamBits(good_reader()))
    h.startup(source)
    assert source.taken == 1024
    for _ in range(15 * APT_WINDOW):
        h.feed(source.bit())
    assert h.failure is None and h.samples == 16 * APT_WINDOW
    h = HealthTests()  # and the fixed counter-mode stream the MicroPython run uses
    bits = StreamBits(reader(counter_bytes(2 * APT_WINDOW)))
    error, at = feed_all(h, [bits.bit() for _ in range(16 * APT_WINDOW)])
    assert error is None


def test_a_failure_is_latched_until_reset():
    h = HealthTests()
    error, _ = feed_all(h, [0] * 41)
    assert error is not None and h.failure[0] == REPETITION_COUNT
    for b in (1, 0, 1):
        assert raises(HealthFailure, h.feed, b).test == REPETITION_COUNT  # no bit passed
    h.reset()
    assert h.failure is None and h.feed(1) == 1 and h.samples == 1


def test_the_start_up_test_runs_at_least_1024_samples_and_a_whole_window():
    source = Counted(StreamBits(good_reader()))
    HealthTests().startup(source, samples=10)
    assert source.taken == 1024
    source = Counted(StreamBits(good_reader()))
    HealthTests(apt_cutoff=1500, apt_window=2048).startup(source)
    assert source.taken == 2048


def test_cutoffs_are_checked():
    for kwargs in ({"rct_cutoff": 1}, {"apt_cutoff": 0}, {"apt_window": 512}, {"rct_cutoff": 4.5}):
        raises(ValueError, HealthTests, **kwargs)
