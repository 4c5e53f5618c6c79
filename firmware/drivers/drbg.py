# SP 800-90A Rev. 1 Hash_DRBG with SHA-256 (section 10.1.1): the deterministic random bit
# generator behind the RNG dice. It is seeded with conditioned entropy (rng_dice.py) and turns
# it into as many bytes as the dice need. Checked against NIST's CAVP known answers
# (tests/drivers/test_rng_drbg.py).
#
# SHA-256: outlen 256 bits, seedlen 440 bits (55 bytes), security strength 256 bits.
# V and C are 440-bit integers (MicroPython's big ints on the RP2040); "+" below is mod 2^440.
import hashlib
from binascii import unhexlify

from craps.compat import const

_SEEDLEN = const(55)  # bytes (440 bits)
_OUTLEN = const(32)  # bytes (256 bits)
_DF_BITS = b"\x00\x00\x01\xb8"  # Hash_df's no_of_bits_to_return: 440, as 32 bits big-endian
_MASK = (1 << 440) - 1
MIN_ENTROPY_BYTES = const(32)  # entropy input: at least the security strength, 256 bits
MIN_NONCE_BYTES = const(16)  # nonce: at least half the security strength
MAX_REQUEST_BYTES = const(65536)  # max_number_of_bits_per_request: 2^19 bits
RESEED_INTERVAL = 1 << 48  # reseed_interval: the most generate calls between seeds (Table 2)


SHA256_TEST = "SHA-256"  # the names of the power-up known-answer tests (self_test())
HASH_DRBG_TEST = "HASH_DRBG"


class ReseedRequired(Exception):
    """Generate was called past the reseed interval: reseed first (10.1.1.4 step 1)."""


class HashDrbg:
    """instantiate(), then generate() as often as the reseed interval allows, reseed() between.
    `reseed_counter` counts generate calls since the last seed, from 1 (as in the standard)."""

    def __init__(self, reseed_interval=RESEED_INTERVAL):
        if type(reseed_interval) is not int or not 1 <= reseed_interval <= RESEED_INTERVAL:
            raise ValueError("reseed_interval is 1 to 2^48 generate calls, not %s"
                             % (reseed_interval,))
        self.reseed_interval = reseed_interval
        self.reseed_counter = 0  # 0: not instantiated
        self._v = 0
        self._c = 0

    def instantiate(self, entropy, nonce, personal=b""):
        """10.1.1.2: seed = Hash_df(entropy || nonce || personalization string)."""
        _check_entropy(entropy)
        if len(nonce) < MIN_NONCE_BYTES:
            raise ValueError("a nonce has at least %d bytes, not %d"
                             % (MIN_NONCE_BYTES, len(nonce)))
        self._set_seed(_hash_df(entropy, nonce, personal))

    def reseed(self, entropy, additional=b""):
        """10.1.1.3: seed = Hash_df(0x01 || V || entropy || additional input)."""
        self._check_instantiated()
        _check_entropy(entropy)
        self._set_seed(_hash_df(b"\x01", self._v.to_bytes(_SEEDLEN, "big"), entropy, additional))

    def reseed_due(self):
        return self.reseed_counter > self.reseed_interval

    def generate(self, nbytes, additional=b""):
        """10.1.1.4: `nbytes` pseudorandom bytes (the CAVP's returned bits, in whole bytes)."""
        self._check_instantiated()
        if type(nbytes) is not int or not 1 <= nbytes <= MAX_REQUEST_BYTES:
            raise ValueError("a request is 1 to %d bytes, not %s" % (MAX_REQUEST_BYTES, nbytes))
        if self.reseed_due():
            raise ReseedRequired("%d generate calls since the last seed"
                                 % (self.reseed_counter - 1))
        v = self._v
        v_bytes = v.to_bytes(_SEEDLEN, "big")
        if additional:
            w = hashlib.sha256(b"\x02")
            w.update(v_bytes)
            w.update(additional)
            v = (v + int.from_bytes(w.digest(), "big")) & _MASK
            v_bytes = v.to_bytes(_SEEDLEN, "big")
        # Hashgen (10.1.1.4): Hash(V), Hash(V + 1), ... and the leftmost nbytes of them.
        out = hashlib.sha256(v_bytes).digest()
        if nbytes > _OUTLEN:
            blocks = [out]
            data = v
            for _ in range((nbytes - 1) // _OUTLEN):
                data = (data + 1) & _MASK
                blocks.append(hashlib.sha256(data.to_bytes(_SEEDLEN, "big")).digest())
            out = b"".join(blocks)
        if len(out) > nbytes:
            out = out[:nbytes]
        h = hashlib.sha256(b"\x03")
        h.update(v_bytes)
        self._v = (v + int.from_bytes(h.digest(), "big") + self._c + self.reseed_counter) & _MASK
        self.reseed_counter += 1
        return out

    def _set_seed(self, seed):
        self._v = int.from_bytes(seed, "big")
        self._c = int.from_bytes(_hash_df(b"\x00", seed), "big")
        self.reseed_counter = 1

    def _check_instantiated(self):
        if self.reseed_counter == 0:
            raise ValueError("the Hash_DRBG is not instantiated")


def _check_entropy(entropy):
    if len(entropy) < MIN_ENTROPY_BYTES:
        raise ValueError("entropy input has at least %d bytes, not %d"
                         % (MIN_ENTROPY_BYTES, len(entropy)))


def _hash_df(*parts):
    """10.3.1 Hash_df to seedlen (440) bits: Hash(1 || 440 || input) || Hash(2 || 440 || input),
    cut to 55 bytes. `parts` are the input's pieces, hashed in order without joining them."""
    first = hashlib.sha256(b"\x01" + _DF_BITS)
    second = hashlib.sha256(b"\x02" + _DF_BITS)
    for part in parts:
        if part:
            first.update(part)
            second.update(part)
    return first.digest() + second.digest()[:_SEEDLEN - _OUTLEN]


def self_test():
    """The power-up known-answer tests (SP 800-90A 11.3, FIPS 140-3): None if both give the
    expected answer, else the name of the first that did not.
    SHA-256: "abc", FIPS 180-4's example (NIST's SHA-256 example values).
    Hash_DRBG: NIST CAVP drbgvectors_no_reseed Hash_DRBG.rsp, [SHA-256]
    [PredictionResistance = False] [EntropyInputLen = 256] [NonceLen = 128]
    [PersonalizationStringLen = 0] [AdditionalInputLen = 0] [ReturnedBitsLen = 1024], COUNT = 0:
    instantiate, generate 1024 bits (discarded), generate 1024 bits (compared)."""
    if hashlib.sha256(b"abc").digest() != unhexlify(
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"):
        return SHA256_TEST
    drbg = HashDrbg()
    drbg.instantiate(unhexlify("a65ad0f345db4e0effe875c3a2e71f42c7129d620ff5c119a9ef55f05185e0fb"),
                     unhexlify("8581f9317517276e06e9607ddbcbcc2e"))
    drbg.generate(128)
    if drbg.generate(128) != unhexlify(
            "d3e160c35b99f340b2628264d1751060e0045da383ff57a57d73a673d2b8d80d"
            "aaf6a6c35a91bb4579d73fd0c8fed111b0391306828adfed528f018121b3febd"
            "c343e797b87dbb63db1333ded9d1ece177cfa6b71fe8ab1da46624ed6415e51c"
            "cde2c7ca86e283990eeaeb91120415528b2295910281b02dd431f4c9f70427df"):
        return HASH_DRBG_TEST
    return None
