# The RNG dice: a dice source (terminal/events.py) that rolls from the entropy source.
#
#   raw bits (entropy.py) -> health tests (health.py) -> SHA-256 conditioning -> Hash_DRBG
#   (drbg.py) seed -> DRBG bytes -> faces by rejection sampling
#
# Conditioning: every seed is SHA-256 over `seed_bits` raw bits (512 raw bits at H = 0.5 bit
# each carry 256 bits of entropy, the DRBG's security strength); the first seed also takes a
# nonce, SHA-256 over seed_bits / 2 more raw bits, cut to the shortest nonce the DRBG takes
# (drbg.MIN_NONCE_BYTES, 16 bytes). Every raw bit goes through the health tests; a failure
# gives no dice, only (FAULT, "RNG HEALTH TEST FAILED: <test>"), and the source stays failed
# (a power cycle builds a new one).
#
# Faces: a DRBG byte b below 252 gives the face b % 6 + 1 (each face from exactly 42 of the 252
# values); 252-255 are thrown away and the next byte is used, so there is no modulo bias.
#
# Start-up: the constructor reads no bits, so building the drivers at boot neither blocks nor
# raises. The known-answer tests of SHA-256 and the Hash_DRBG (drbg.self_test(): a failure is
# (FAULT, "RNG SELF-TEST FAILED: <test>")), the 90B start-up test (1024 raw bits through both
# health tests) and the first seed run in startup(), which boot code may call early; otherwise
# the first start() calls it, so no roll is ever drawn before it. Never `random`: its seed is
# 32 bits.
import hashlib

from craps.compat import const
from drivers import drbg
from drivers.drbg import HashDrbg, MIN_NONCE_BYTES
from drivers.entropy import EntropyError, fill
from drivers.health import HealthFailure, HealthTests
from terminal.events import DICE, FAULT

_REJECT_FROM = const(252)  # 6 * 42: bytes from here on would favour faces 1-4
_ROLL_BYTES = const(8)  # DRBG bytes a generate for a roll (2 must be kept; 1 in 2^39 asks again)
_CYCLE_MASK = const(0x3FFFFFFF)  # cycle()'s count wraps here: a small int, never a long one
_PERSONAL = b"craps cabinet RNG dice"  # the DRBG's personalization string

SELF_TEST_FAILED = "RNG SELF-TEST FAILED: "
HEALTH_FAILED = "RNG HEALTH TEST FAILED: "
SOURCE_FAILED = "RNG ENTROPY SOURCE FAILED: "


class RngFailure(Exception):
    """dice(n) could not roll: the message is the FAULT's reason."""


def face(byte):
    """The die face (1-6) a DRBG byte gives, or 0 when the byte is rejected (252-255)."""
    if byte >= _REJECT_FROM:
        return 0
    return byte % 6 + 1


class RngDice:
    """`bits` has bit() (entropy.RoscBits on the board, entropy.StreamBits as its twin);
    `health` is a health.HealthTests (a fresh one if None); every `reseed_rolls` rolls the DRBG
    gets a new seed from `seed_bits` raw bits. A roll lands `roll_ms` after start() (0: at the
    first poll), and its faces are drawn then, not before.

    Call cycle() often from a background task: each call changes what the next roll draws, so
    which dice a roll gets depends on the moment it lands, which no one can time from outside."""

    def __init__(self, bits, health=None, seed_bits=512, reseed_rolls=1000, roll_ms=0):
        if type(seed_bits) is not int or seed_bits < 256 or seed_bits % 16:
            raise ValueError("seed_bits is a multiple of 16 from 256 up (256 bits of entropy"
                             " need at least 256 raw bits), not %s" % (seed_bits,))
        if type(reseed_rolls) is not int or reseed_rolls < 1:
            raise ValueError("reseed_rolls is a whole number above 0, not %s" % (reseed_rolls,))
        if type(roll_ms) is not int or roll_ms < 0:
            raise ValueError("roll_ms is a whole number of milliseconds from 0 up, not %s"
                             % (roll_ms,))
        self.bits = bits
        self.health = HealthTests() if health is None else health
        self.seed_bits = seed_bits
        self.reseed_rolls = reseed_rolls
        self.roll_ms = roll_ms
        self.fault = None  # the FAULT event once the source failed; it stays failed
        self.seeds = 0  # seeds made: the first (instantiate), then one per reseed
        self.rolls = 0  # rolls since the last seed
        self._drbg = HashDrbg()
        self._raw = bytearray(seed_bits // 8)  # raw bits gathered for one seed, wiped after use
        self._rolling_since = None  # now_ms of start(), or None: no roll under way
        self._cycles = 0  # cycle() calls since the last roll

    # -- the dice source (terminal/events.py)

    def start(self, now_ms):
        self.startup()
        self._rolling_since = now_ms

    def poll(self, now_ms):
        if self._rolling_since is None or now_ms - self._rolling_since < self.roll_ms:
            return None
        self._rolling_since = None
        if self.fault is None:
            try:
                d1, d2 = self._roll()
                return (DICE, d1, d2)
            except (HealthFailure, EntropyError) as e:
                self._fail(e)
        return self.fault

    # -- what the board's tasks call

    def startup(self):
        """Run the known-answer tests and the 90B start-up test and make the first seed, once;
        later calls do nothing. Returns None, or the FAULT event if the RNG failed (then or
        before)."""
        if self.fault is None and self.seeds == 0:
            failed = drbg.self_test()
            if failed:
                self.fault = (FAULT, SELF_TEST_FAILED + failed)
                return self.fault
            try:
                self.health.startup(self.bits)
                entropy = self._conditioned(self.seed_bits)
                nonce = self._conditioned(self.seed_bits // 2)[:MIN_NONCE_BYTES]
                self._drbg.instantiate(entropy, nonce, _PERSONAL)
                self.seeds = 1
                self.rolls = 0
            except (HealthFailure, EntropyError) as e:
                self._fail(e)
        return self.fault

    def cycle(self):
        """Count a cycle (none before startup or after a failure): the next roll's generate
        takes the count as its additional input (SP 800-90A 10.1.1.4). A count, not a generate
        a call: a generate a loop step was most of the idle loop's garbage on the chip (880
        bytes), and the collections it called for held up the keys."""
        if self.fault is None and self.seeds:
            self._cycles = (self._cycles + 1) & _CYCLE_MASK

    def dice(self, n):
        """n rolls [(d1, d2), ...] straight through the whole path, for rngtest and benchmarks.
        Raises RngFailure where poll() would give a FAULT."""
        if self.startup() is None:
            try:
                return [self._roll() for _ in range(n)]
            except (HealthFailure, EntropyError) as e:
                self._fail(e)
        raise RngFailure(self.fault[1])

    # -- inside

    def _roll(self):
        if self.rolls >= self.reseed_rolls or self._drbg.reseed_due():
            self._drbg.reseed(self._conditioned(self.seed_bits))
            self.seeds += 1
            self.rolls = 0
        d1 = d2 = 0
        cycles = self._cycles.to_bytes(4, "big") if self._cycles else b""
        self._cycles = 0
        while not d2:
            for byte in self._drbg.generate(_ROLL_BYTES, cycles):
                f = face(byte)
                if not f:
                    continue
                if d1:
                    d2 = f
                    break
                d1 = f
            cycles = b""  # (a roll drawn again: its cycles are in the DRBG already)
        self.rolls += 1
        return d1, d2

    def _conditioned(self, nbits):
        """SHA-256 over `nbits` fresh raw bits, each through the health tests."""
        raw = self._raw
        bit = self.bits.bit
        feed = self.health.feed
        fill(raw, nbits // 8, lambda: feed(bit()))
        try:
            return hashlib.sha256(memoryview(raw)[:nbits // 8]).digest()
        finally:
            for i in range(len(raw)):
                raw[i] = 0

    def _fail(self, error):
        if isinstance(error, HealthFailure):
            self.fault = (FAULT, HEALTH_FAILED + error.test)
        else:
            self.fault = (FAULT, SOURCE_FAILED + str(error))
