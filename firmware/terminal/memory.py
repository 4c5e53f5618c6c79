# Critical memory: the records that must survive a power cut or a worn flash cell (credits,
# meters, the layout, the roll in progress, recall, the audit log), kept in storage (a
# drivers.storage Storage or its twin). Each record is written as two copies, each with a
# sequence number and a CRC-32 over both; a save writes copy a, then copy b, and reads each back.
# At load, the good copy with the highest sequence wins and a bad or stale copy is repaired from
# it: a cut between the two writes leaves one whole copy, old or new. A record whose copies are
# all bad is a RamError: the cabinet tilts until the attendant clears it.
# The storage must give back exactly what was written, or None for a file that is not there.
# (binascii.crc32 is in MicroPython's rp2 port and its WebAssembly port as well as CPython.)
import json
from binascii import crc32

COPIES = (".a", ".b")
_MAGIC = b"CR1"


class RamError(Exception):
    """A record whose every copy is damaged, or that cannot be saved: its content is lost."""


def pack(seq, obj):
    """A record's bytes: b"CR1 <seq> <crc>\\n" then the JSON of obj."""
    body = json.dumps(obj, separators=(",", ":")).encode()  # no spaces: fewer bytes to wear flash
    head = b"%s %d" % (_MAGIC, seq)
    return b"%s %08x\n%s" % (head, crc32(body, crc32(head)), body)


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
        self.bytes_written = 0  # since start-up: the flash wear figure

    def save(self, name, obj):
        """Write both copies of the record `name`; RamError when a copy does not read back."""
        seq = self.seq.get(name, 0) + 1
        data = pack(seq, obj)
        for copy in COPIES:
            self._write(name + copy, data)
        self.seq[name] = seq

    def load(self, name):
        """The record's content; None when it was never written. Repairs a bad or stale copy."""
        best, best_seq, content = None, -1, None
        copies = []
        for copy in COPIES:
            data = self.storage.read(name + copy)
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
                self._write(name + copy, best)
        self.seq[name] = best_seq
        return content

    def remove(self, name):
        for copy in COPIES:
            self.storage.remove(name + copy)
        self.seq.pop(name, None)

    def _write(self, path, data):
        try:
            self.storage.write(path, data)
            back = self.storage.read(path)
        except OSError as e:
            raise RamError("%s cannot be saved: %s" % (path, e))
        if back != data:
            raise RamError("%s did not read back as written" % path)
        self.bytes_written += len(data)
