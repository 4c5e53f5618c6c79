# Bit sources for the RNG driver tests: good streams (os.urandom where there is one, SHA-256 in
# counter mode everywhere), fixed and exact patterns, and a counter of the raw bits a path takes.
import hashlib

try:
    from os import urandom
except ImportError:  # MicroPython's WebAssembly port has no os.urandom
    urandom = None


def counter_bytes(n, label=b"good"):
    """n bytes of SHA-256(label || counter) blocks: a fixed stream with no pattern in it."""
    out = bytearray()
    i = 0
    while len(out) < n:
        out.extend(hashlib.sha256(label + i.to_bytes(4, "big")).digest())
        i += 1
    return bytes(out[:n])


def reader(data):
    """read_bytes(n) over fixed bytes; b"" once they are used up."""
    at = [0]

    def read(n):
        chunk = data[at[0]:at[0] + n]
        at[0] += len(chunk)
        return chunk
    return read


def good_reader(label=b"good"):
    """os.urandom on CPython; an endless SHA-256 counter stream on MicroPython."""
    if urandom is not None:
        return urandom
    state = [0]

    def read(n):
        out = bytearray()
        while len(out) < n:
            out.extend(hashlib.sha256(label + state[0].to_bytes(4, "big")).digest())
            state[0] += 1
        return bytes(out[:n])
    return read


class ListBits:
    """bit() from a list of 0s and 1s, then from `then` (another source) if given."""

    def __init__(self, bits, then=None):
        self._bits = bits
        self._at = 0
        self.then = then

    def bit(self):
        if self._at < len(self._bits):
            self._at += 1
            return self._bits[self._at - 1]
        return self.then.bit()


class Counted:
    """Counts the raw bits taken from `source`."""

    def __init__(self, source):
        self.source = source
        self.taken = 0

    def bit(self):
        self.taken += 1
        return self.source.bit()


def spread(ones, n):
    """n bits with `ones` ones spread evenly (no long runs), starting with a 1."""
    bits = [((i + 1) * ones) // n - (i * ones) // n for i in range(n)]
    bits.reverse()
    return bits
