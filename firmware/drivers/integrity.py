"""The program signature: the value an inspector compares, computed the same way on the PC (over
the build) and on the board (over its files). main.py checks it at boot against /signature,
written at flashing. This module imports nothing of the firmware and runs on CPython too: the
flash tool (host_tools/signature.py) sends its source to the board inside the scripts it runs
there with `mpremote run`, before the firmware is on the board.

The rule. The signed files are every file on the board except:
  /signature        the signature itself,
  /data/...         the cabinet's storage (meters, recall, logs): it changes as the cabinet plays,
  /rom/...          a read-only image that belongs to the MicroPython firmware, not the program.
Each file's hash is the SHA-256 of its bytes, in lower-case hex. The signature is the SHA-256, in
hex, of the lines "<path> <hash>\\n" sorted by path, paths absolute ("/main.py",
"/craps/rules.mpy", "/board.json", "/lib/ssd1306.mpy").

A firmware built with the program frozen into it (host_tools/firmware.py: its modules are
bytecode in the firmware image, not files) has one more line, first: "/.frozen <ID>", the ID
being the signature of the frozen sources' lines, written into the firmware (frozen_program.ID)
when it was built. A board running a firmware frozen from other sources has another signature.

The signature is unkeyed: a board whose files were changed and whose /signature was written
again passes its own check. So a board also answers a seeded check (verify(), the console's
`verify <seed>`): the same files in the same order, each file's HMAC-SHA256 keyed with a seed the
host has just drawn, then the HMAC of the lines "<path> <HMAC>\n". A changed file cannot answer
with the HMAC of the released one unless the board still holds the released bytes. The frozen
program's line is then the HMAC of the firmware image's bytes as the chip maps them (image()),
not of its ID, which a copy could repeat.
"""
import binascii
import hashlib

SIGNATURE_FILE = "/signature"
FROZEN = "/.frozen"  # the frozen program's line: sorts before every file's
UNSIGNED_DIRS = ("/data", "/rom")
CHUNK = 512
_DIR = 0x4000  # os.ilistdir()'s type: a folder
_BLOCK = 64  # SHA-256's block, in bytes: HMAC's key pad
MIN_SEED_BYTES = 16
MAX_SEED_BYTES = 32


def hexdigest(h):
    return binascii.hexlify(h.digest()).decode()


class Hmac:
    """HMAC-SHA256 (RFC 2104, FIPS 198-1) with update() and digest(): MicroPython has no hmac."""

    def __init__(self, key):
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = key + bytes(_BLOCK - len(key))
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
        self._outer = bytes(b ^ 0x5C for b in key)

    def update(self, data):
        self._inner.update(data)

    def digest(self):
        return hashlib.sha256(self._outer + self._inner.digest()).digest()


def file_hash(path, buf=None, key=None):
    """SHA-256 (hex) of a file, read in CHUNK-byte pieces (small RAM); with a key, its
    HMAC-SHA256."""
    h = Hmac(key) if key else hashlib.sha256()
    buf = buf or bytearray(CHUNK)
    view = memoryview(buf)
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(view[:n])
    return hexdigest(h)


def signed(path):
    if path == SIGNATURE_FILE:
        return False
    for top in UNSIGNED_DIRS:
        if path == top or path.startswith(top + "/"):
            return False
    return True


def _line(path, digest):
    return ("%s %s\n" % (path, digest)).encode()


def signature(pairs):
    """The signature of (path, hash) pairs, in any order."""
    h = hashlib.sha256()
    for path, digest in sorted(pairs):
        h.update(_line(path, digest))
    return hexdigest(h)


def _names(os_module, folder):
    """The names in a folder sorted so that a walk meets paths in sorted order: a folder's name
    ends with "/" ("a.py" < "a/" < "a0", as "/a.py" < "/a/x" < "/a0"). MicroPython's ilistdir
    gives each name's type: a stat per name costs 4 ms on the RP2040's littlefs (190 ms of a
    500 ms boot check); CPython's scandir does the same."""
    folder = folder or "/"
    if hasattr(os_module, "ilistdir"):
        names = [e[0] + "/" if e[1] & _DIR else e[0] for e in os_module.ilistdir(folder)]
    else:
        names = [e.name + "/" if e.is_dir() else e.name for e in os_module.scandir(folder)]
    names.sort()
    return names


def walk(os_module, root="", folder="", buf=None, key=None):
    """(path, hash) of every signed file under folder, sorted by path, one at a time (a list of
    them all is never made). root: where the board's "/" is (a PC folder in the tests).
    key: each hash is the file's HMAC-SHA256 with that key."""
    buf = buf or bytearray(CHUNK)
    for name in _names(os_module, root + folder):
        path = folder + "/" + name.rstrip("/")
        if not signed(path):
            continue
        if name[-1] == "/":
            yield from walk(os_module, root, path, buf, key)
        else:
            yield path, file_hash(root + path, buf, key)


def frozen_id():
    """The ID of the program frozen into the firmware, or None (the stock firmware: the program
    is in files)."""
    try:
        from frozen_program import ID
    except ImportError:
        return None
    return ID


def program(os_module, root="", key=None):
    """walk(), after the frozen program's line when the firmware has one."""
    ident = frozen_id()
    if ident is not None:
        yield FROZEN, ident if key is None else mac(key, image())
    yield from walk(os_module, root, key=key)


def mac(key, data):
    """HMAC-SHA256 of data with key, in hex."""
    h = Hmac(key)
    h.update(data)
    return hexdigest(h)


# The RP2040 maps its flash at XIP_BASE; the pico-sdk puts a binary info header in the image's
# first 1 KB (markers around pointers to its entries), and one entry says where the image ends.
_XIP_BASE = 0x10000000
_INFO_MARKERS = (0x7188EBF2, 0xE71AA390)
_BINARY_END = (0x50520005, 0x68F465DE)  # (type ID_AND_INT, tag "RP"), ID_RP_BINARY_END


def image():
    """The firmware image's bytes as the chip maps them (no copy)."""
    import machine
    import uctypes
    mem = machine.mem32
    return uctypes.bytearray_at(_XIP_BASE, image_length(lambda address: mem[address]))


def image_length(word):
    """The firmware image's length in bytes, from its binary info. word(address): the 32-bit
    word at that address of the image as the chip maps it (the host reads an image file so)."""
    for at in range(_XIP_BASE + 0x100, _XIP_BASE + 0x500, 4):
        if word(at) == _INFO_MARKERS[0] and word(at + 16) & 0xFFFFFFFF == _INFO_MARKERS[1]:
            for entry in range(word(at + 4), word(at + 8), 4):
                e = word(entry)
                if not e & 3 and (word(e), word(e + 4)) == _BINARY_END:
                    return word(e + 8) - _XIP_BASE
    raise OSError("the firmware image has no binary end in its binary info")


def board_signature(os_module, root=""):
    """The signature of the program on the board (files under root), hashed as the walk goes."""
    h = hashlib.sha256()
    for path, digest in program(os_module, root):
        h.update(_line(path, digest))
    return hexdigest(h)


def seed(text):
    """The seed of a `verify` question: MIN_SEED_BYTES to MAX_SEED_BYTES in hex."""
    try:
        key = binascii.unhexlify(text)
    except ValueError:
        key = b""
    # (MicroPython's unhexlify reads "00 00" as 2 bytes: a byte is 2 digits, nothing between.)
    if not MIN_SEED_BYTES <= len(key) <= MAX_SEED_BYTES or len(text) != 2 * len(key):
        raise ValueError("a seed is %d to %d bytes in hex" % (MIN_SEED_BYTES, MAX_SEED_BYTES))
    return key


def verify(os_module, key, root=""):
    """The seeded check, a line at a time: "<path> <HMAC>" for every signed file in the
    signature's order, then the HMAC of those lines (each with its "\n"); all keyed with key."""
    total = Hmac(key)
    for path, digest in program(os_module, root, key=key):
        total.update(_line(path, digest))
        yield "%s %s" % (path, digest)
    yield hexdigest(total)


def read_signature(path=SIGNATURE_FILE):
    """What /signature says, or None if there is none."""
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None


def check(os_module, root=""):
    """(the signature of the board's files, what its /signature says or None)."""
    return board_signature(os_module, root), read_signature(root + SIGNATURE_FILE)
