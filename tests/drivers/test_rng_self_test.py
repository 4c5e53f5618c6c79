# The RNG's known-answer tests at power-up (drivers/drbg.self_test(), run by RngDice.startup()
# before any raw bit is read): SHA-256 and the Hash_DRBG give NIST's answers, and either one
# broken is a FAULT naming it, which the cabinet shows as a tilt, and no dice.
import hashlib

from drivers import drbg
from drivers.entropy import StreamBits
from drivers.rng_dice import RngDice, RngFailure
from rng_support import Counted, good_reader
from support import raises
from terminal.events import FAULT


class BrokenSha256:
    """hashlib with a SHA-256 whose every digest has its first bit flipped."""

    class sha256:
        def __init__(self, data=b""):
            self._h = hashlib.sha256(data)

        def update(self, data):
            self._h.update(data)

        def digest(self):
            d = self._h.digest()
            return bytes([d[0] ^ 0x80]) + d[1:]


def startup_with(name, value):
    """RngDice.startup() with drbg's `name` replaced by value: (its answer, raw bits read)."""
    saved = getattr(drbg, name)
    setattr(drbg, name, value)
    try:
        source = Counted(StreamBits(good_reader()))
        dice = RngDice(source)
        return dice.startup(), source.taken, dice
    finally:
        setattr(drbg, name, saved)


def test_sha256_and_the_hash_drbg_give_the_known_answers():
    assert drbg.self_test() is None
    assert RngDice(StreamBits(good_reader())).startup() is None


def test_a_wrong_sha256_is_a_fault_before_any_raw_bit_is_read():
    fault, taken, dice = startup_with("hashlib", BrokenSha256)
    assert fault == (FAULT, "RNG SELF-TEST FAILED: SHA-256") and taken == 0
    assert dice.startup() == fault and dice.seeds == 0  # it stays failed: no dice
    assert str(raises(RngFailure, dice.dice, 1)) == fault[1]


def test_a_wrong_hash_drbg_is_a_fault():
    right = drbg._hash_df

    def wrong(*parts):
        seed = right(*parts)
        return seed[:-1] + bytes([seed[-1] ^ 1])  # V or C one bit off
    fault, taken, dice = startup_with("_hash_df", wrong)
    assert fault == (FAULT, "RNG SELF-TEST FAILED: HASH_DRBG") and taken == 0
    dice.start(0)
    assert dice.poll(0) == fault
