# A journal: append-only entries in critical memory (terminal/memory.py keeps it, two copies of
# each part, and terminal/persistence.py writes the cabinet's into it).
# memory.save() appends an entry to both its copies (None
# empties them), load() gives its entries, oldest first. An entry is a line, "<CRC-32> <n>
# <JSON>": n counts the entries from 1 and the CRC-32 is over "<n> <JSON>". A cut in an append
# leaves at worst a torn last line, which is not an entry; a bad line with lines after it is
# damage. The copy with the most entries wins and repairs the other, which must be the same
# entries or fewer; a journal with no good copy is a RamError. A journal is kept in parts of at
# most SEGMENT bytes, NAME-0, NAME-1, ... (each two copies): littlefs keeps so small a file
# inline in its directory, and adding to it programs a page or two, where adding to a longer
# file copies its last block, an erase (tests/mp/bench_wear.py measures it).
import json
from binascii import crc32

from terminal.pieces import pieces

JOURNAL = "journal"  # the names of journals start so
SEGMENT = 512  # the bytes of a journal's part, at most (but for a part of one longer entry)
READ = 256  # the bytes a journal is read a time


def line(n, entry):
    """A journal entry's pieces: its line, with its number and CRC-32 in front."""
    body = pieces(entry)
    crc = crc32(b"%d " % n)
    for piece in body:
        crc = crc32(piece, crc)
    body.insert(0, b"%08x %d " % (crc, n))
    body.append(b"\n")
    return body


def entries(data, first=1):
    """The good entries of a journal copy's bytes (host tools, tests), oldest first, the first
    numbered `first`; None when the copy is damaged."""
    found = scan((data,), None, first)
    return None if found is None else list(Journal([(lambda: (data,), found[0])]))


class Journal:
    """A journal's good entries as load() found them, read a line at a time when iterated (a
    journal can be longer than the heap has room for at once). parts: (chunks(), entries) of
    each part's good copy, in order."""

    def __init__(self, parts):
        self._parts = parts
        self.count = sum(count for _, count in parts)

    def __len__(self):
        return self.count

    def last(self):
        """The last entry, the only one parsed (None: there is none): the commit a journal
        reaches, read without playing it."""
        for chunks, count in reversed(self._parts):
            for n, text in enumerate(_lines(chunks())):
                if n == count - 1:
                    return _entry(text)
        return None

    def __iter__(self):
        for chunks, count in self._parts:
            n = 0
            for text in _lines(chunks()):
                if n == count:
                    break
                n += 1
                yield _entry(text)


def _entry(line):
    """A good line's entry; None when it is no JSON: its CRC holds, so written by a forger."""
    try:
        return json.loads(line.split(b" ", 2)[2])
    except (ValueError, RuntimeError):
        return None


def part(name, k):
    """The record name of part k of the journal `name`."""
    return "%s-%d" % (name, k)


def record(file_name):
    """The record a stored file belongs to: its name less the copy, and a journal's part."""
    name = file_name[:-2]
    return name.split("-")[0] if name.startswith(JOURNAL) else name


def _lines(chunks):
    """The lines of a journal copy read as chunks: each without its newline; None for the end
    of the last if it has none (an append a cut tore)."""
    held = []  # the start of a line longer than the chunks so far: joined once, at its end
    for chunk in chunks:
        chunk = bytes(chunk)
        at = 0
        while True:
            end = chunk.find(b"\n", at)
            if end < 0:
                break
            if held:
                held.append(chunk[at:end])
                yield b"".join(held)
                held = []
            else:
                yield chunk[at:end]
            at = end + 1
        if at < len(chunk):
            held.append(chunk[at:])
    if held:
        yield None


def scan(chunks, stop=None, first=1):
    """(good entries, the bytes they take, their CRC-32, the bytes there are) of a journal copy
    whose first entry is number `first` (its first `stop` entries only), or None when it is
    damaged: a bad line with another after it. A bad last line is an append a cut tore."""
    n = size = crc = total = 0
    bad = False
    for text in _lines(chunks):
        if bad:
            return None
        if n == stop:
            break
        total += len(text) + 1 if text is not None else 1  # (a torn end: some bytes)
        if not _checks(text, first + n):
            bad = True
            continue
        n += 1
        size += len(text) + 1
        crc = crc32(b"\n", crc32(text, crc))
    return n, size, crc, total


def _checks(text, n):
    """The line checks as entry n: its number and its CRC's own digits ("E" for "e" is a
    damaged byte too)."""
    try:
        crc, number, body = text.split(b" ", 2)
        return int(number) == n and crc == b"%08x" % crc32(body, crc32(b"%d " % n))
    except (ValueError, AttributeError):  # (AttributeError: None, a torn end)
        return False
