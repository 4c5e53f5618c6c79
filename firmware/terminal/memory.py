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
import json
from binascii import crc32

COPIES = (".a", ".b")
_MAGIC = b"CR1"
_CHUNK = bytearray(256)  # records are read back through this one buffer


class RamError(Exception):
    """A record whose every copy is damaged, or that cannot be saved: its content is lost."""


def pieces(obj):
    """The compact JSON of obj in small pieces (bytes): a dict key by key, a list of more than
    LONG items item by item, the rest whole (json.dumps, quick in C), joined up to PIECE bytes.
    Joined, they are json.dumps(obj) exactly; none of them, nor their list, needs a large block
    of the heap, which after a while of play the chip no longer has (it never compacts it)."""
    out = []
    _pieces(obj, b"", out)
    return out


LONG = 16  # (a wager, a settlement, an audit entry: whole)
PIECE = 128  # bytes


def _pieces(obj, before, out):
    """obj's pieces onto out, the first with before (a separator, a key) in front of it."""
    if type(obj) is dict:
        before += b"{"
        for key in obj:
            _pieces(obj[key], before + _json(key) + b":", out)
            before = b","
        _add(out, b"}" if obj else before + b"}")
    elif type(obj) in (list, tuple) and len(obj) > LONG:
        before += b"["
        for item in obj:
            _pieces(item, before, out)
            before = b","
        _add(out, b"]")
    else:
        _add(out, before + _json(obj))


def _add(out, piece):
    if out and len(out[-1]) + len(piece) <= PIECE:
        out[-1] += piece
    else:
        out.append(piece)


def _json(obj):
    return json.dumps(obj, separators=(",", ":")).encode()  # no spaces: less flash to wear


def _record(seq, obj):
    """A record's pieces: b"CR1 <seq> <crc>\\n", the CRC-32 over "CR1 <seq>" and the JSON of
    obj, then that JSON's pieces."""
    body = pieces(obj)
    head = b"%s %d" % (_MAGIC, seq)
    crc = crc32(head)
    for piece in body:
        crc = crc32(piece, crc)
    body.insert(0, b"%s %08x\n" % (head, crc))
    return body


def _tally(chunks):
    """(bytes, CRC-32) of chunks one after another."""
    size = crc = 0
    for chunk in chunks:
        size += len(chunk)
        crc = crc32(chunk, crc)
    return size, crc


def pack(seq, obj):
    """A record's bytes in one block (for the host: the board writes them piece by piece)."""
    return b"".join(_record(seq, obj))


def unpack(data):
    """(seq, obj) from a record's bytes, or None when they are damaged."""
    try:
        head, body = data.split(b"\n", 1)
        magic, seq, crc = head.split(b" ")
        head = b"%s %s" % (magic, seq)
        if magic != _MAGIC or int(crc, 16) != crc32(body, crc32(head)):
            return None
        return int(seq), json.loads(body)
    except (ValueError, RuntimeError):  # no line, a field short, not a number, not JSON;
        return None  # nested too deep for CPython's json (its RecursionError is a RuntimeError)


class CriticalMemory:
    def __init__(self, storage):
        self.storage = storage
        self.seq = {}  # name: the sequence number of its newest good copy
        self.sums = {}  # name: (size, CRC-32) of its copies' bytes, as saved or loaded last
        self.bytes_written = 0  # since start-up: the flash wear figure

    def save(self, name, obj):
        """Write both copies of the record `name`; RamError when a copy does not read back."""
        seq = self.seq.get(name, 0) + 1
        record = _record(seq, obj)
        for copy in COPIES:
            self.sums[name] = self._write(name + copy, record)
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
                self._write(name + copy, (best,))
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

    def _write(self, path, record):
        """Write a record's pieces into the file path, then read it back a small chunk at a
        time: the same bytes must come back (the same length and CRC-32)."""
        try:
            self.storage.write(path, record)
            back = self._read_back(path)
        except OSError as e:
            raise RamError("%s cannot be saved: %s" % (path, e))
        written = _tally(record)
        if back != written:
            raise RamError("%s did not read back as written" % path)
        self.bytes_written += written[0]
        return back

    def _read_back(self, path):
        """(size, CRC-32) of the file path, read a small chunk at a time."""
        return _tally(self.storage.chunks(path, _CHUNK))
