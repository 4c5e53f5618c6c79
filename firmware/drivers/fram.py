# Critical memory on an I2C FRAM (ferroelectric RAM: written a byte at a time, never erased,
# rated for 10^12 writes a byte; the MB85RC256V holds 32 KB, the MB85RC512T 64 KB, at I2C
# address 0x50 with 16-bit memory addresses; the MB85RC1MT 128 KB, its address bit 16 in the
# I2C address's lowest: 0x50 and 0x51), behind drivers.storage's interface, for a cabinet whose
# flash would wear out under littlefs (README: the flash's wear).
#
# The layout: a directory of slots from address 0, then the data. A slot is two headers, copy 0
# and copy 1, each 28 bytes: a CRC-32 over the rest (and the format's tag), a sequence byte, the
# start and the length of a file's bytes, and its name (at most 15 bytes, NUL-padded). Of a
# slot's good copies the newer one (its sequence one more than the other's, modulo 256) is the
# slot's file; a slot whose file has no name, or with no good copy, is free. A file's bytes are
# one run in the data area, where no other file's are.
#
# Every change is one commit: the new bytes go where no file's are, then the slot's other copy
# is written with the new header. A cut at any byte before the header's last leaves that copy
# with a CRC that does not hold, so the old file stands; after it, the new one. So write
# (replace), overwrite, append and remove are each whole or not at all after a power cut at any
# byte, as littlefs makes write, overwrite and append (drivers/storage.py); proved by cutting
# at every byte: tests/drivers/test_fram.py. FramPart is the twin: the part, in RAM.
import struct
from binascii import crc32

from drivers.storage import PowerCut, _check, _pieces  # (the same names and data as the files)

SLOT_BYTES = 512  # a directory slot for every 512 bytes of the part, MAX_SLOTS at most: the
# cabinet's files are about 600 bytes on average (512-byte journal parts, a few longer bases),
# and 8 busy stations keep 84 of them
MAX_SLOTS = 128
MAX_BYTES = 131072  # two 64 KB pages: bit 16 of a memory address in the I2C address
_TAG = crc32(b"craps FRAM 1")  # a header of another layout (or none) has no good CRC
_HEADER = 28
_FIELDS = "<IBII15s"  # CRC-32, sequence, start, length, name
_NAME = 15
_ENOSPC = 28


def _header(seq, start, length, name):
    body = struct.pack(_FIELDS[:1] + _FIELDS[2:], seq, start, length, name.encode())
    return struct.pack("<I", crc32(body, _TAG)) + body


def _good(data):
    """(seq, start, length, name) of a header's bytes, or None when its CRC does not hold."""
    crc, seq, start, length, name = struct.unpack(_FIELDS, data)
    if crc != crc32(data[4:], _TAG):
        return None
    return seq, start, length, name.split(b"\0")[0].decode()


class FramStorage:
    """i2c: a machine.I2C (or the twin FramPart) with the part at address (and address + 1 for
    its second 64 KB); size: its bytes, 4096 to MAX_BYTES, a whole number of SLOT_BYTES."""

    def __init__(self, i2c, address=0x50, size=32768):
        if type(size) is not int or not 4096 <= size <= MAX_BYTES or size % SLOT_BYTES:
            raise ValueError("an FRAM's size is 4096 to %d bytes, a multiple of %d, not %s"
                             % (MAX_BYTES, SLOT_BYTES, size))
        pages = (size - 1 >> 16) + 1
        if type(address) is not int or not 0 <= address <= 128 - pages:
            raise ValueError("an FRAM's I2C address is 0 to %d, not %s" % (128 - pages, address))
        self.i2c = i2c
        self.address = address
        self.size = size
        self.data = self._slots() * 2 * _HEADER  # where the data area starts
        self._buf = bytearray(2 * _HEADER)  # a slot's headers; the bytes a file is moved by
        self.mount()

    def mount(self):
        """Read the directory from the part, as at power-up."""
        slots = self._slots()
        self.files = {}  # name: [slot, start, length] of its slot's newest good header
        self._copy = bytearray(slots)  # each slot's newest good copy, 0 or 1 (2: neither)
        self._seq = bytearray(slots)  # and its sequence
        for slot in range(slots):
            self._mount(slot)

    def _slots(self):
        return min(self.size // SLOT_BYTES, MAX_SLOTS)

    def _mount(self, slot):
        self._read(slot * 2 * _HEADER, self._buf)
        copies = [_good(bytes(self._buf[at:at + _HEADER])) for at in (0, _HEADER)]
        newest = None
        if copies[0] and copies[1]:  # the newer: one more than the other, modulo 256
            newest = 1 if (copies[1][0] - copies[0][0]) & 0xFF == 1 else 0
        elif copies[0] or copies[1]:
            newest = 0 if copies[0] else 1
        if newest is None:
            self._copy[slot] = 2
            return
        seq, start, length, name = copies[newest]
        self._copy[slot], self._seq[slot] = newest, seq
        if name:  # (no name: a free slot)
            self.files[name] = [slot, start, length]

    # -- the interface of drivers.storage.Storage

    def write(self, name, data):
        """Replace name's content, all or nothing, with data: bytes, or a list of bytes
        pieces written one after another."""
        self._replace(name, _pieces(data))

    overwrite = write  # (as whole as write: there is no cheaper way in place)

    def append(self, name, data):
        """Add data at the end of name, made if missing: all or nothing."""
        pieces = _pieces(data)
        file = self.files.get(name)
        if file is None:
            self._replace(name, pieces)
            return
        n = _size(pieces)
        if self._room_after(file[1] + file[2]) < n:  # another file follows: move it along
            start = self._room(file[2] + n)
            file = self.files[name]  # (where it is now: making room may have moved it)
            self._move(file[1], start, file[2])
        else:
            start = file[1]
        self._put(start + file[2], pieces)
        self._commit(name, start, file[2] + n)

    def read(self, name):
        """name's content as bytes, or None when there is no such file."""
        _check(name)
        file = self.files.get(name)
        if file is None:
            return None
        pages = [self.i2c.readfrom_mem(device, at, n, addrsize=16)
                 for device, at, _, n in self._spans(file[1], file[2])]
        return pages[0] if len(pages) == 1 else b"".join(pages)  # (one block, where it can)

    def chunks(self, name, buf):
        """name's content, read into buf a chunk at a time: each a memoryview of buf, good until
        the next. OSError when there is no such file."""
        _check(name)
        if name not in self.files:
            raise OSError(2)  # ENOENT, as the files say
        view = memoryview(buf)
        at = 0
        while name in self.files and at < self.files[name][2]:
            # (looked up each time: a write between two chunks may have moved the file)
            n = min(len(buf), self.files[name][2] - at)
            self._read(self.files[name][1] + at, view[:n])
            at += n
            yield view[:n]

    def remove(self, name):
        """Remove name; no error when it is not there."""
        _check(name)
        if name in self.files:
            self._commit(name, 0, 0, "")

    def names(self):
        return sorted(self.files)

    # -- the commit

    def _replace(self, name, pieces):
        self._slot(name)  # (first: a name that does not fit changes nothing)
        start = self._room(_size(pieces))
        self._put(start, pieces)
        self._commit(name, start, _size(pieces))

    def _slot(self, name):
        """The slot that name's header goes in: its own, or the first free one."""
        _check(name)
        if len(name.encode()) > _NAME:
            raise ValueError("a name on the FRAM is at most %d bytes, not %s" % (_NAME, name))
        if name in self.files:
            return self.files[name][0]
        taken = [f[0] for f in self.files.values()]
        for slot in range(len(self._copy)):
            if slot not in taken:
                return slot
        raise OSError(_ENOSPC, "every FRAM directory slot is taken")

    def _commit(self, name, start, length, new_name=None):
        """The slot's other copy written with the header: the one write that makes the change.
        new_name "": the slot freed (a removal)."""
        slot = self._slot(name)
        copy = 0 if self._copy[slot] == 2 else 1 - self._copy[slot]
        seq = (self._seq[slot] + 1) & 0xFF
        kept = name if new_name is None else new_name
        self._write((slot * 2 + copy) * _HEADER, _header(seq, start, length, kept))
        self._copy[slot], self._seq[slot] = copy, seq
        self.files.pop(name, None)
        if kept:
            self.files[kept] = [slot, start, length]

    # -- where a file's bytes go

    def _runs(self):
        """(start, length) of every file's bytes, in order."""
        return sorted((f[1], f[2]) for f in self.files.values() if f[2])

    def _room_after(self, end):
        """The free bytes from end to the next file's bytes (or the part's end)."""
        return min([max(s, end) for s, n in self._runs() if s + n > end] + [self.size]) - end

    def _gap(self, n):
        """The first place n bytes fit between the files' bytes, or None."""
        at = self.data
        for start, length in self._runs() + [(self.size, 0)]:
            if start - at >= n:
                return at
            at = max(at, start + length)
        return None

    def _room(self, n):
        """Where n bytes can go: the first gap that fits, after compacting if none does."""
        at = self._gap(n)
        if at is None:
            self._compact()
            at = self._gap(n)
        if at is None:
            raise OSError(_ENOSPC, "the FRAM has no room for %d bytes" % n)
        return at

    def _compact(self):
        """Close the gaps between the files' bytes, from the first: into each goes the first
        file after it that fits (the next one, slid down, if it does). Each move is a commit of
        its own, to a place clear of the file's old bytes, so a cut leaves every file whole, at
        its old place or its new."""
        at = self.data
        while True:
            later = [run for run in self._runs() if run[0] >= at]
            if not later:
                return
            gap = later[0][0] - at
            fits = [run for run in later if run[1] <= gap]
            if fits:
                start, length = fits[0]
                name = [k for k, f in self.files.items() if f[1] == start and f[2]][0]
                self._move(start, at, length)
                self._commit(name, at, length)
                at += length
            else:  # the next file stays
                at = later[0][0] + later[0][1]

    def _move(self, source, target, n):
        """n bytes copied from source to target (a place that does not overlap them)."""
        view = memoryview(self._buf)
        for at in range(0, n, len(self._buf)):
            piece = view[:min(len(self._buf), n - at)]
            self._read(source + at, piece)
            self._write(target + at, piece)

    def _put(self, at, pieces):
        for piece in pieces:
            if piece:
                self._write(at, piece)
                at += len(piece)

    def _spans(self, at, n):
        """(I2C address, memory address, offset, bytes) of each 64 KB page's part of the n
        bytes at `at`: one, but for a run across the pages' boundary."""
        done = 0
        while done < n:
            here = at + done
            count = min(n - done, 0x10000 - (here & 0xFFFF))
            yield self.address + (here >> 16), here & 0xFFFF, done, count
            done += count

    def _read(self, at, buf):
        view = memoryview(buf)
        for device, memaddr, done, n in self._spans(at, len(buf)):
            self.i2c.readfrom_mem_into(device, memaddr, view[done:done + n], addrsize=16)

    def _write(self, at, buf):
        view = memoryview(buf)
        for device, memaddr, done, n in self._spans(at, len(buf)):
            self.i2c.writeto_mem(device, memaddr, view[done:done + n], addrsize=16)


def _size(pieces):
    return sum(len(p) for p in pieces)


class FramPart:
    """The twin: an FRAM part in RAM (zeros, as a new one reads), with machine.I2C's memory
    calls. cut(n) makes the power go after n more bytes are written: the rest of that write is
    lost and PowerCut is raised."""

    def __init__(self, size=32768, address=0x50):
        self.mem = bytearray(size)
        self.address = address
        self.written = 0  # bytes written since the twin was made
        self._left = None  # bytes to write before the cut

    def cut(self, n):
        self._left = n

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        at = self._at(addr, memaddr, len(buf), addrsize)
        buf[:] = self.mem[at:at + len(buf)]

    def readfrom_mem(self, addr, memaddr, n, addrsize=8):
        at = self._at(addr, memaddr, n, addrsize)
        return bytes(self.mem[at:at + n])

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        memaddr = self._at(addr, memaddr, len(buf), addrsize)
        n = len(buf) if self._left is None else min(len(buf), self._left)
        self.mem[memaddr:memaddr + n] = buf[:n]
        self.written += n
        if self._left is not None:
            self._left -= n
            if n < len(buf):
                self._left = None
                raise PowerCut("FRAM power cut at byte %d" % self.written)

    def _at(self, addr, memaddr, n, addrsize):
        """Where in mem the n bytes at memaddr of the page at I2C address addr are."""
        at = ((addr - self.address) << 16) + memaddr
        if not 0 <= at < len(self.mem):
            raise OSError(5)  # EIO: nothing answers at addr, as machine.I2C says
        if addrsize != 16 or memaddr + n > 0x10000 or at + n > len(self.mem):
            raise ValueError("%d bytes at %d: not in the part's page (%d-bit addresses)"
                             % (n, memaddr, addrsize))
        return at
