# Critical memory: the records that must survive a power cut or a worn flash cell (credits,
# meters, the layout, the roll in progress, recall, the audit log), kept in storage (a
# drivers.storage Storage or its twin). Each record is written as two copies, each with a
# sequence number and a CRC-32 over both; a save writes copy a, then copy b, and reads each back.
# At load, the good copy with the highest sequence wins and a bad or stale copy is repaired from
# it: a cut between the two writes leaves one whole copy, old or new. A record whose copies are
# all bad, or an expected record (one the cabinet has saved) with a copy missing, is a
# RamError: the cabinet tilts until the attendant clears it. verify() re-reads a record's
# copies during play: they must still be what was saved or loaded last.
# The storage must give back exactly what was written, or None for a file that is not there.
# (binascii.crc32 is in MicroPython's rp2 port and its WebAssembly port as well as CPython.)
import io
import json
from binascii import crc32

COPIES = (".a", ".b")
_MAGIC = b"CR1"
_COMPACT = (",", ":")  # no spaces in the JSON: less flash to wear
_CHUNK = bytearray(256)  # records are read back through this one buffer


class RamError(Exception):
    """A record whose every copy is damaged, or that cannot be saved: its content is lost."""


class _Sink(io.IOBase):
    """Takes a record as json.dump writes it, a few bytes at a time: counts them, runs a CRC-32
    over them and hands them on to out (a file), if any. So no record ever needs one large
    block of the heap, which after a while of play the chip no longer has (it never compacts)."""

    def __init__(self, crc=0, out=None):
        self.crc = crc
        self.size = 0
        self.out = out

    def write(self, data):
        if type(data) is str:  # CPython's json.dump writes text
            data = data.encode()
        self.crc = crc32(data, self.crc)
        self.size += len(data)
        if self.out is not None:
            self.out.write(data)
        return len(data)


def _head(seq, obj):
    """A record's first line, b"CR1 <seq> <crc>\\n": the CRC-32 runs over "CR1 <seq>" and the
    JSON of obj after it (a first pass of json.dump, into nothing but the CRC)."""
    head = b"%s %d" % (_MAGIC, seq)
    sink = _Sink(crc32(head))
    json.dump(obj, sink, separators=_COMPACT)
    return b"%s %08x\n" % (head, sink.crc)


def _record(head, obj):
    """What writes a record into a sink: its head line, then the JSON of obj."""
    def write(sink):
        sink.write(head)
        json.dump(obj, sink, separators=_COMPACT)
    return write


def pack(seq, obj):
    """A record's bytes, in one block (for the host: the board writes them a piece at a time)."""
    sink = _Sink(out=io.BytesIO())
    _record(_head(seq, obj), obj)(sink)
    return sink.out.getvalue()


def unpack(data):
    """(seq, obj) from a record's bytes, or None when they are damaged."""
    try:
        head, body = data.split(b"\n", 1)
        magic, seq, crc = head.split(b" ")
        head = b"%s %s" % (magic, seq)
        if magic != _MAGIC or int(crc, 16) != crc32(body, crc32(head)):
            return None
        return int(seq), json.loads(body)
    except ValueError:  # no line, a field short, not a number, not JSON
        return None


class CriticalMemory:
    def __init__(self, storage):
        self.storage = storage
        self.seq = {}  # name: the sequence number of its newest good copy
        self.sums = {}  # name: (size, CRC-32) of its copies' bytes, as saved or loaded last
        self.bytes_written = 0  # since start-up: the flash wear figure

    def save(self, name, obj):
        """Write both copies of the record `name`; RamError when a copy does not read back."""
        seq = self.seq.get(name, 0) + 1
        head = _head(seq, obj)
        for copy in COPIES:
            self.sums[name] = self._write(name + copy, _record(head, obj))
        self.seq[name] = seq

    def empty(self):
        """No record is stored at all: a new board's memory, or one wiped whole."""
        return not [n for n in self.storage.names() if n[-2:] in COPIES]

    def load(self, name, expected=False):
        """The record's content; None when it was never written. Repairs a bad or stale copy.
        expected: the record was saved, so a copy missing is a RamError, whatever the cause
        (else a copy b missing is a first save that a cut stopped: never written)."""
        best, best_seq, content = None, -1, None
        copies = []
        for copy in COPIES:
            data = self.storage.read(name + copy)
            if data is None and expected:
                raise RamError("%s: copy %s is missing" % (name, copy))
            record = unpack(data) if data is not None else None
            copies.append((copy, data))
            if record and record[0] > best_seq:
                best, (best_seq, content) = data, record
        if best is None:
            # Copy b is written after copy a: with b not there, no save ever finished (a first
            # save was cut), so the record was never written.
            if copies[-1][1] is not None:
                raise RamError("%s: every copy is damaged" % name)
            return None
        for copy, data in copies:
            if data != best:
                self._write(name + copy, lambda sink: sink.write(best))
        self.seq[name] = best_seq
        self.sums[name] = (len(best), crc32(best))
        return content

    def verify(self, name):
        """True when each copy of the record still reads back, a small chunk at a time, as the
        bytes saved or loaded last (False too for a record not saved or loaded since start-up)."""
        for copy in COPIES:
            try:
                if self._read_back(name + copy) != self.sums.get(name):
                    return False
            except OSError:  # the copy is gone
                return False
        return True

    def remove(self, name):
        for copy in COPIES:
            self.storage.remove(name + copy)
        self.seq.pop(name, None)
        self.sums.pop(name, None)

    def _write(self, path, write):
        """Write a record into the file path through write(sink), then read it back a small
        chunk at a time: the same bytes must come back (the same length and CRC-32)."""
        sink = _Sink()

        def fill(f):
            sink.out = f
            write(sink)

        try:
            self.storage.write(path, fill)
            back = self._read_back(path)
        except OSError as e:
            raise RamError("%s cannot be saved: %s" % (path, e))
        if back != (sink.size, sink.crc):
            raise RamError("%s did not read back as written" % path)
        self.bytes_written += sink.size
        return back

    def _read_back(self, path):
        """(size, CRC-32) of the file path, read a small chunk at a time."""
        back = _Sink()
        for chunk in self.storage.chunks(path, _CHUNK):
            back.write(chunk)
        return back.size, back.crc
