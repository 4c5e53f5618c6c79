"""The SP 800-90B non-IID estimators (host_tools/entropy.py) on sources whose min-entropy is
known: a biased coin, a Markov chain, a good source, a stuck and a periodic one; the health
tests' cutoffs computed again from H; the command on files. Seeded, 100,000 samples at most
(the command's million takes about a minute)."""
import math
import random

import pytest

from drivers.health import APT_CUTOFF, RCT_CUTOFF
from host_tools import entropy
from host_tools.__main__ import main as host_tools

N = 100000


def coin(n, p, seed):
    r = random.Random(seed)
    return bytes(1 if r.random() < p else 0 for _ in range(n))


def chain(n, stay, seed):
    """A two-state Markov chain that keeps its bit with probability `stay`."""
    r = random.Random(seed)
    out = bytearray()
    bit = 0
    for _ in range(n):
        if r.random() >= stay:
            bit ^= 1
        out.append(bit)
    return bytes(out)


def near(value, expected, tolerance):
    return abs(value - expected) <= tolerance


def test_a_biased_coin_gives_its_closed_forms():
    # IID with P(1) = 0.8: the most likely value has -log2(0.8) = 0.3219 bits, and so has the
    # likeliest path of any model; two samples agree with P = 0.8^2 + 0.2^2 = 0.68, what the
    # lag predictor and the repeated substrings see: -log2(0.68) = 0.5564.
    h = dict(entropy.estimates(coin(N, 0.8, 1)))
    best, agree = -math.log2(0.8), -math.log2(0.68)
    z = entropy.Z * math.sqrt(0.8 * 0.2 / N) / 0.8 / math.log(2)  # the upper bound's margin
    assert best - 2 * z - 0.01 <= h["most common value"] <= best
    for name in ("collision", "Markov", "t-tuple", "MultiMCW prediction", "MultiMMC prediction",
                 "LZ78Y prediction"):
        assert near(h[name], best, 0.015), (name, h[name])
    for name in ("longest repeated substring", "lag prediction"):
        assert near(h[name], agree, 0.02), (name, h[name])
    # Compression models one likely block and 63 equal others: it says less than the
    # likeliest block's -log2(0.8^6) / 6, never more.
    assert 0.1 < h["compression"] < best


def test_a_markov_chain_is_seen_by_the_models_with_memory_and_not_by_the_counts():
    s = chain(N, 0.9, 2)
    # The likeliest 128-sample path stays put: P = 0.5 * 0.9^127.
    assert near(entropy.markov(s), (1 - 127 * math.log2(0.9)) / 128, 0.005)
    assert near(entropy.lag(s), -math.log2(0.9), 0.01)  # lag 1 is right 90% of the time
    assert entropy.most_common_value(s) > 0.95  # as many ones as zeros


def test_a_good_source_has_about_one_bit_a_sample():
    r = random.Random(3)
    h = dict(entropy.estimates(bytes(r.getrandbits(1) for _ in range(N))))
    for name, value in h.items():
        assert 0.7 < value <= 1.0, (name, value)  # compression and collision bound widest
    for name in ("most common value", "Markov", "MultiMCW prediction", "lag prediction",
                 "MultiMMC prediction", "LZ78Y prediction"):
        assert h[name] > 0.97, (name, h[name])


def test_a_stuck_and_a_periodic_source_have_next_to_none():
    stuck = dict(entropy.estimates(bytes(20000)))
    assert max(stuck.values()) < 0.001
    periodic = dict(entropy.estimates(bytes([0, 1, 1, 0, 1, 0, 0, 1] * 2500)))
    assert periodic["most common value"] > 0.9  # balanced, so the count is fooled
    for name in ("lag prediction", "MultiMMC prediction", "t-tuple",
                 "longest repeated substring"):
        assert periodic[name] < 0.01, (name, periodic[name])


def test_the_cutoffs_come_back_as_health_py_has_them_at_h_one_half():
    assert entropy.rct_cutoff(0.5) == RCT_CUTOFF == 41
    assert entropy.apt_cutoff(0.5) == APT_CUTOFF == 793
    assert entropy.rct_cutoff(1.0) == 21 and entropy.rct_cutoff(0.3) == 68
    # More entropy, lower cutoffs; at one bit a sample the window's count is about 512.
    cutoffs = [entropy.apt_cutoff(h / 10) for h in range(1, 11)]
    assert cutoffs == sorted(cutoffs, reverse=True) and 580 < cutoffs[-1] < 600


def test_the_command_reads_a_file_and_says_whether_the_cutoffs_hold(tmp_path, capsys):
    good = tmp_path / "good.bin"
    r = random.Random(4)
    good.write_bytes(bytes(r.getrandbits(1) for _ in range(20000)))
    assert host_tools(["entropy", "--file", str(good)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("20000 raw samples from %s (binary); SP 800-90B 6.3 non-IID estimates,"
                          " bits a sample (90B asks for 1000000 samples):\n" % good)
    assert "RCT cutoff 41, APT 793 of 1024" in out and "the cutoffs in use hold" in out
    biased = tmp_path / "biased.bin"
    biased.write_bytes(coin(20000, 0.8, 5))
    assert host_tools(["entropy", "--file", str(biased)]) == 1
    out = capsys.readouterr().out
    h = float(out.split("H, the least")[1].split()[0])
    assert h < 0.5
    assert ("for H = %.6f: RCT cutoff %d, APT %d of 1024: the cutoffs in use DO NOT HOLD" % (
        h, entropy.rct_cutoff(h), entropy.apt_cutoff(h))) in out
    assert "a seed's 512 raw bits carry %.0f bits of entropy" % (512 * h) in out


def test_a_file_that_is_not_samples_is_one_line(tmp_path, capsys):
    text = tmp_path / "text.txt"
    text.write_bytes(b"\x00\x01" * 6000 + b"1")
    assert host_tools(["entropy", "--file", str(text)]) == 2
    assert capsys.readouterr().err == (
        "entropy: %s is not raw binary samples: byte 49 at offset 12000 is not 0 or 1 (one "
        "sample a byte, as NIST's ea_non_iid reads)\n" % text)
    short = tmp_path / "short.bin"
    short.write_bytes(bytes(9999))
    assert host_tools(["entropy", "--file", str(short)]) == 2
    assert capsys.readouterr().err == ("entropy: 9999 samples: the estimators need at least 10000 "
                                       "(90B asks for 1000000)\n")
    assert host_tools(["entropy", "--file", str(tmp_path / "none.bin")]) == 2
    assert capsys.readouterr().err.startswith("entropy: cannot read ")


def test_the_estimates_are_nists_when_its_implementation_is_installed():
    """Against the sp800_90b package (NIST's SP800-90B_EntropyAssessment C++ behind Python),
    when installed: not a dependency."""
    sp800_90b = pytest.importorskip("sp800_90b")
    for s in (coin(N, 0.6, 5), chain(N, 0.7, 6)):
        d = sp800_90b.Data(s, 1)
        theirs = [d.h_most_common(), d.h_collision(), d.h_markov(), d.h_compression()] + list(
            d.h_t_tuple_and_lrs()) + [d.h_multi_most_common(), d.h_lag_prediction(),
                                      d.h_multi_markov(), d.h_lz78y()]
        ours = [h for _, h in entropy.estimates(s)]
        assert ours == pytest.approx(theirs, abs=1e-6)
