# Raw random bits for the RNG dice, one `bit()` a call: the RP2040's ring oscillator, and its
# twin that takes bits from any byte source. Neither is fit for dice as it comes: health.py tests
# the raw bits (SP 800-90B) and rng_dice.py conditions them with SHA-256 into a Hash_DRBG seed.
import binascii

from craps.compat import const

MAX_SAMPLE_BITS = const(2048)  # raw bits one `entropy <n>` question may ask for (512 bytes)

# RP2040 datasheet 2.17: ROSC_BASE 0x40060000, RANDOMBIT at offset 0x1c (bit 0). The RP2350's
# ROSC is laid out differently: this address is for the RP2040 only.
_ROSC_RANDOMBIT = const(0x4006001C)


class EntropyError(Exception):
    """The bit source gave no bits (a byte stream that ran dry): no seed can be made."""


def chip_problem(platform, machine):
    """Why the board's chip has no RANDOMBIT at the RP2040's address, in one line, or None.
    platform, machine: sys.platform and sys.implementation._machine ("Raspberry Pi Pico with
    RP2040"; a Pico 2 says "Raspberry Pi Pico2 with RP2350"). Only MicroPython's rp2 port reads
    a real register there; on any other (the virtual board, the tests) mem32 is a twin."""
    if platform != "rp2" or machine.endswith("RP2040"):
        return None
    return "NOT AN RP2040: " + machine


class RoscBits:
    """The ring oscillator's RANDOMBIT, sampled once a call. `mem32` is `machine.mem32`, passed
    in by drivers/hardware.py with `refused`: chip_problem()'s line for another chip (then
    bit() raises EntropyError with it and never reads mem32), or None. The raw bit is biased
    and correlated (sampled back to back it follows the oscillator's slow drift); H = 0.5 bit
    per sample is an assumption until the source is assessed. `machine.lightsleep()` stops the
    ROSC: do not sleep while seeding."""

    def __init__(self, mem32, refused=None):
        self._mem32 = mem32
        self._refused = refused

    def bit(self):
        if self._refused:
            raise EntropyError(self._refused)
        return self._mem32[_ROSC_RANDOMBIT] & 1


class StreamBits:
    """The twin: bits from `read_bytes(n)` (`os.urandom` on the host; in tests a fixed, counted
    or deliberately bad stream), most significant bit of each byte first, `chunk` bytes a read.
    A read that returns nothing raises EntropyError."""

    def __init__(self, read_bytes, chunk=64):
        if type(chunk) is not int or chunk < 1:
            raise ValueError("chunk is a whole number of bytes above 0, not %s" % (chunk,))
        self._read = read_bytes
        self._chunk = chunk
        self._buf = b""
        self._at = 0  # the next bit's index in _buf
        self._end = 0  # bits in _buf

    def bit(self):
        at = self._at
        if at >= self._end:
            buf = self._read(self._chunk)
            if not buf:
                raise EntropyError("the entropy stream gave no bytes")
            self._buf = buf
            self._end = len(buf) * 8
            at = 0
        self._at = at + 1
        return (self._buf[at >> 3] >> (7 - (at & 7))) & 1


def fill(buf, nbytes, bit):
    """buf[:nbytes] from nbytes * 8 calls of bit(), each 0 or 1, most significant bit first."""
    for i in range(nbytes):
        acc = 0
        for _ in range(8):
            acc = (acc << 1) | bit()
        buf[i] = acc


def samples(bits, text):
    """The answer to the console's `entropy <n>`: n raw bits of bits.bit() (a multiple of 8 up to
    MAX_SAMPLE_BITS) as hex, the first bit the most significant of the first byte. Raw: not
    health-tested nor conditioned, what an SP 800-90B assessment reads (host_tools entropy)."""
    n = int(text) if text.isdigit() else 0
    if not 8 <= n <= MAX_SAMPLE_BITS or n % 8:
        raise ValueError("n is 8 to %d raw bits, a multiple of 8" % MAX_SAMPLE_BITS)
    buf = bytearray(n // 8)
    fill(buf, len(buf), bits.bit)
    return binascii.hexlify(buf).decode()
