# JSON in small pieces, as critical memory writes its records and journals (terminal/memory.py,
# terminal/journal.py): no piece, nor their list, needs a large block of the chip's heap.
import json


def pieces(obj):
    """The compact JSON of obj in small pieces (bytes): a dict key by key, a list of more than
    LONG items or of lists or dicts item by item, the rest whole (json.dumps, quick in C), joined
    up to PIECE bytes.
    Joined, they are json.dumps(obj) exactly; none of them, nor their list, needs a large block
    of the heap, which after a while of play the chip no longer has (it never compacts it)."""
    out = []
    _pieces(obj, b"", out)
    return out


LONG = 16  # (a wager, a settlement, an audit entry, of plain values: whole)
PIECE = 128  # bytes


def _pieces(obj, before, out):
    """obj's pieces onto out, the first with before (a separator, a key) in front of it."""
    if type(obj) is dict:
        before += b"{"
        for key in obj:
            _pieces(obj[key], before + _json(key) + b":", out)
            before = b","
        _add(out, b"}" if obj else before + b"}")
    elif type(obj) in (list, tuple) and (len(obj) > LONG or _nested(obj)):
        before += b"["
        for item in obj:
            _pieces(item, before, out)
            before = b","
        _add(out, b"]")
    else:
        _add(out, before + _json(obj))


def _nested(items):
    """Does a list hold lists or dicts (a change's wagers): each then makes its own pieces."""
    for item in items:
        if type(item) in (list, tuple, dict):
            return True
    return False


def _add(out, piece):
    if out and len(out[-1]) + len(piece) <= PIECE:
        out[-1] += piece
    else:
        out.append(piece)


def _json(obj):
    return json.dumps(obj, separators=(",", ":")).encode()  # no spaces: less flash to wear
