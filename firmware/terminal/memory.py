# Critical memory: the records that must survive a power cut or a worn flash cell (credits,
# meters, the layout, the roll in progress, recall, the audit log), kept in storage (a
# drivers.storage Storage or its twin). Each record is written as two copies, each with a
# sequence number and a CRC-32 over both; a save writes copy a, then copy b, and reads each back.
# At load, the good copy with the highest sequence wins and a bad or stale copy is repaired from
# it: a cut between the two writes leaves one whole copy, old or new. A record whose copies are
# all bad, or an expected record (one the cabinet has saved) with a copy missing, is a
# RamError: the cabinet tilts until the attendant clears it. verify() re-reads a record's
# copies during play: they must still be what was saved or loaded last.
#
# A record named journal... is a journal (terminal/journal.py): save() appends an entry to it,
# load() gives its entries.
# The storage must give back exactly what was written, or None for a file that is not there.
# (binascii.crc32 is in MicroPython's rp2 port and its WebAssembly port as well as CPython.)
import json
from binascii import crc32

from terminal.events import PERSIST, VERIFY
from terminal.journal import JOURNAL, READ, SEGMENT, Journal, line, part, scan
from terminal.pieces import pieces

COPIES = (".a", ".b")
_MAGIC = b"CR1"
_CHUNK = bytearray(256)  # records are read back through this one buffer


class RamError(Exception):
    """A record whose every copy is damaged, or that cannot be saved: its content is lost."""


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


def _tally(chunks, size=0, crc=0):
    """(bytes, CRC-32) of chunks one after another, after (size, crc) of bytes before them."""
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


def keep(memory, effects):
    """Carry out the effects on critical memory among `effects` (PERSIST saves, VERIFY
    re-reads), in order, up to the first record that is not as it was saved or cannot be saved:
    (its name, the RamError or None), else None. Nothing is saved after it: the cabinet is to
    tilt for a RAM error, and the rest of what the event did is neither shown nor done (it may
    depend on what was not saved)."""
    for effect in effects:
        try:
            if effect[0] == PERSIST:
                memory.save(effect[1], effect[2])
            elif effect[0] == VERIFY and not memory.verify(effect[1]):
                return effect[1], None
        except RamError as e:
            return effect[1], e
    return None


class CriticalMemory:
    def __init__(self, storage):
        self.storage = storage
        self.seq = {}  # name: the sequence number of its newest good copy
        self.sums = {}  # name: (size, CRC-32) of its copies' bytes, as saved or loaded last
        self.bytes_written = 0  # since start-up: the flash wear figure
        self.lines = {}  # journal name: its entries
        self.parts = {}  # journal name: the number of its last part

    def save(self, name, obj):
        """Write both copies of the record `name`, or append obj to the journal `name` (None:
        empty it); RamError when a copy does not read back."""
        if name.startswith(JOURNAL):
            self._append(name, obj)
            return
        seq = self.seq.get(name, 0) + 1
        record = _record(seq, obj)
        sums = _tally(record)
        for copy in COPIES:
            self._write(name + copy, record, sums)
        self.sums[name] = sums
        self.seq[name] = seq

    def empty(self):
        """No record is stored at all: a new board's memory, or one wiped whole."""
        return not [n for n in self.storage.names() if n[-2:] in COPIES]

    def load(self, name, expected=False):
        """The record's content; None when it was never written. Repairs a bad or stale copy.
        expected: the record was saved, so a copy missing is a RamError, whatever the cause
        (else a copy b missing is a first save that a cut stopped: never written)."""
        if name.startswith(JOURNAL):
            return self._load_journal(name, expected)
        best, best_seq, content = None, -1, None
        copies = []
        for copy in COPIES:
            data = self.storage.read(name + copy)
            if data is None and expected:
                raise RamError("%s: copy %s is missing" % (name, copy))
            copies.append((copy, data))
            if data is None or data == best:
                continue  # (the same bytes as the copy before: the same record, parsed once)
            record = unpack(data)
            if record and record[0] > best_seq:
                best, (best_seq, content) = data, record
        if best is None:
            # Copy b is written after copy a: with b not there, no save ever finished (a first
            # save was cut), so the record was never written.
            if copies[-1][1] is not None:
                raise RamError("%s: every copy is damaged" % name)
            return None
        self.sums[name] = (len(best), crc32(best))
        for copy, data in copies:
            if data != best:
                self._write(name + copy, (best,), self.sums[name])
        self.seq[name] = best_seq
        return content

    def verify(self, name):
        """True when each copy of the record (each part of a journal) still reads back, a small
        chunk at a time, as the bytes saved or loaded last (False too for a record not saved or
        loaded since start-up)."""
        if name.startswith(JOURNAL):
            return name in self.parts and all(
                self._verify(part(name, k)) for k in range(self.parts[name] + 1))
        return self._verify(name)

    def _verify(self, name):
        for copy in COPIES:
            try:
                if self._read_back(name + copy) != self.sums.get(name):
                    return False
            except OSError:  # the copy is gone
                return False
        return True

    def _append(self, name, entry):
        if entry is None:
            self._empty(name)
            return
        n = self.lines.get(name, 0) + 1
        pieces = line(n, entry)
        k = self.parts.get(name, 0)
        before = self.sums.get(part(name, k), (0, 0))
        size = _tally(pieces)[0]
        if before[0] and before[0] + size > SEGMENT:  # the part is full: the next one
            k += 1
            before = (0, 0)
        sums = _tally(pieces, *before)
        for copy in COPIES:
            self._write(part(name, k) + copy, pieces, sums, size)
        self.sums[part(name, k)] = sums
        self.parts[name] = k
        self.lines[name] = n

    def _empty(self, name):
        """The journal emptied: its parts after the first removed, the last first (a cut leaves
        the first ones, whose entries the next base has), then the first written empty."""
        for k in reversed(self._parts_stored(name)[1:]):
            for copy in reversed(COPIES):
                self.storage.remove(part(name, k) + copy)
            self.sums.pop(part(name, k), None)
        for copy in COPIES:
            self._write(part(name, 0) + copy, [b""], (0, 0))
        self.sums[part(name, 0)] = (0, 0)
        self.parts[name] = self.lines[name] = 0

    def _parts_stored(self, name):
        """The numbers of the journal's parts that storage holds a copy of, in order."""
        found = []
        for stored in self.storage.names():
            head, _, k = stored[:-2].partition("-")
            if head == name and stored[-2:] in COPIES and k.isdigit() and int(k) not in found:
                found.append(int(k))
        return sorted(found)

    def _load_journal(self, name, expected):
        stored = self._parts_stored(name)
        if not stored:
            if expected:
                raise RamError("%s: copy %s is missing" % (part(name, 0), COPIES[0]))
            return None
        if stored != list(range(len(stored))):
            raise RamError("%s: a part is missing" % name)
        parts = []
        n = 0
        for k in stored:
            # both copies of the first part were written when the journal was emptied; a later
            # part's copy b is not there yet when a cut stopped its first append
            source, count, torn = self._load_part(part(name, k), COPIES if expected and not k
                                                  else COPIES[:1], n + 1)
            if torn and k != stored[-1]:
                raise RamError("%s: a part before the last is torn" % part(name, k))
            parts.append((self._chunks(source), count))
            n += count
        self.lines[name] = n
        self.parts[name] = stored[-1]
        return Journal(parts)

    def _chunks(self, path):
        return lambda: self.storage.chunks(path, bytearray(READ))

    def _load_part(self, name, needed, first):
        """(the copy to read, its entries, whether a cut tore it) of a journal's part whose
        first entry is number `first`; the other copy repaired from it. needed: the copies that
        must be there."""
        found = []  # each copy's _scan(), None when damaged, () when not there
        for copy in COPIES:
            try:
                found.append(self._scan_again(name + copy, found, first))
            except OSError:
                if copy in needed:
                    raise RamError("%s: copy %s is missing" % (name, copy))
                found.append(())
        whole = [f for f in found if f]
        if not whole:
            raise RamError("%s: every copy is damaged" % name)
        # the most entries, and of those a copy that no cut tore
        best = max(whole, key=lambda f: (f[0], f[1] == f[3]))
        source = name + COPIES[found.index(best)]
        for copy, other in zip(COPIES, found):
            if other and other != best and other[:3] != self._scan(source, other[0], first)[:3]:
                raise RamError("%s: its copies hold other entries" % name)
            if name + copy != source and other != best:
                self._repair(name + copy, source, best)
        torn = best[1] != best[3]
        if torn:  # the source's own torn end: the other copy is whole now
            self._repair(source, name + COPIES[found.index(best) - 1], best)
        self.sums[name] = best[1:3]
        return source, best[0], torn

    def _scan(self, path, stop=None, first=1):
        return scan(self.storage.chunks(path, bytearray(READ)), stop, first)

    def _scan_again(self, path, found, first):
        """_scan() of a copy, or the _scan() of a whole copy before it in `found` when this one
        has the same size and CRC-32 (the same entries: each line is not checked again)."""
        for other in found:
            if other and other[1] == other[3] and self._read_back(path) == other[1:3]:
                return other
        return self._scan(path, None, first)

    def _repair(self, path, source, good):
        """Write the good entries of the copy `source` over the copy `path`: emptied, then
        appended a chunk at a time (a cut on the way leaves fewer entries, repaired again)."""
        sums = self._write(path, [b""], (0, 0))
        left = good[1]
        for chunk in self.storage.chunks(source, bytearray(READ)):
            piece = bytes(chunk[:left])
            left -= len(piece)
            sums = self._write(path, [piece], _tally([piece], *sums), len(piece))
            if not left:
                break

    def remove(self, name):
        for copy in COPIES:
            self.storage.remove(name + copy)
        self.seq.pop(name, None)
        self.sums.pop(name, None)

    def _write(self, path, pieces, sums, appended=None):
        """Write pieces into the file path (appended: add them, that many bytes, to its end),
        then read it back a small chunk at a time: the file must then have `sums`, its
        (size, CRC-32). Returns them."""
        try:
            if appended is None:
                self.storage.overwrite(path, pieces)
            else:
                self.storage.append(path, pieces)
            back = self._read_back(path)
        except OSError as e:
            raise RamError("%s cannot be saved: %s" % (path, e))
        if back != sums:
            raise RamError("%s did not read back as written" % path)
        self.bytes_written += sums[0] if appended is None else appended
        return sums

    def _read_back(self, path):
        """(size, CRC-32) of the file path, read a small chunk at a time."""
        return _tally(self.storage.chunks(path, _CHUNK))
