"""The cabinet's memory on a board about to be flashed: its storage (/data: the meters, the audit
log, the journals its recall is played from, the logs) was saved under the board file the board
has now. A board file that differs in what the saved state depends on (SAVED_WITH) would start
from a state it cannot read: a RAM error tilt; so would records an older firmware kept
(unreadable). So before anything on the board changes, flash compares them and, when the memory
holds records, asks for --clear-memory, which saves every file of /data on this PC (with the
meters, the audit log and the recall records as the `audit` and `recall` tools show them) and
then clears /data.
"""
import contextlib
import json
import os
import time
from types import SimpleNamespace

from drivers.hardware import STORAGE_ROOT
from host_tools import BUILD, audit, recall, records
from terminal.memory import COPIES
from terminal.persistence import unreadable

SAVED_WITH = ("name", "stations", "rules", "settings")  # what the saved state depends on
EXPORTS = os.path.join(BUILD, "memory")  # an installed copy's is in the user's cache
# The board file and the names in its storage, one line each (the JSON on one line).
_READ = """import os
try:
    f = open('/board.json')
    print('BOARD', f.read().replace('\\n', ' '))
    f.close()
except OSError:
    print('BOARD')
try:
    print('DATA', ' '.join(os.listdir(%r)))
except OSError:
    print('DATA')
""" % STORAGE_ROOT
_CLEAR = """import os
for n in os.listdir(%r):
    os.remove(%r + '/' + n)
print('CLEARED')
""" % (STORAGE_ROOT, STORAGE_ROOT)


class BoardMemoryError(Exception):
    """Flashing stops before anything on the board changed: the board's memory belongs to
    another board file and --clear-memory was not given, or it could not be saved."""


def prepare(b, remote, clear, out_dir, out, timeout):
    """Before flashing build b: refuse (BoardMemoryError) a changed board file over saved
    records; with clear, save /data under out_dir (default EXPORTS/NAME-TIME) and clear it.
    timeout: for the first command (the first contact with the board)."""
    on_board, names = read(remote, timeout)
    others = unreadable(names)
    changes = changed(on_board, b.board) + (
        ["records another firmware wrote: %s" % " ".join(others)] if others else [])
    saved = [n for n in names if n.endswith(COPIES)]
    if not clear:
        if saved and changes:
            raise BoardMemoryError(
                "the board's memory (%s) was saved under another board file (%s): flash with "
                "--clear-memory to save its records on this PC and clear it"
                % (STORAGE_ROOT, "; ".join(changes)))
        return
    if not names:
        out.write("memory: %s is empty: nothing to save or clear\n" % STORAGE_ROOT)
        return
    name = (on_board or {}).get("name") or "unknown"
    folder = out_dir or os.path.join(EXPORTS, "%s-%s" % (name, time.strftime("%Y%m%d-%H%M%S")))
    try:
        export(remote, folder)
    except OSError as e:  # nothing is cleared unless everything was saved
        raise BoardMemoryError("cannot save the board's records in %s: %s" % (folder, e))
    remote.exec(_CLEAR, what="clearing %s" % STORAGE_ROOT)
    out.write("memory: %d files of %s saved in %s (audit.txt: the meters and the audit log; "
              "recall.txt and recall/: the games), then cleared\n" % (len(names), STORAGE_ROOT,
                                                                     folder))


def read(remote, timeout=None):
    """(the board's board file as a dict, or None when it has none or it is not JSON; the names
    in its storage)."""
    text = remote.exec(_READ, what="reading the board file and %s" % STORAGE_ROOT,
                       timeout=timeout)
    board, names = None, []
    for line in text.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word == "BOARD" and rest:
            try:
                board = json.loads(rest)
            except ValueError:
                board = None
        elif word == "DATA":
            names = rest.split()
    return board if isinstance(board, dict) else None, names


def changed(old, new):
    """What differs between the board file the memory was saved under and the new one, in what
    the saved state depends on: a list of short phrases (empty: the same)."""
    if old is None:
        return ["the board has no readable board file"]
    changes = []
    for key in SAVED_WITH:
        if old.get(key) != new.get(key):
            shown = key in ("name", "stations")
            changes.append("%s %s -> %s" % (key, old.get(key), new.get(key)) if shown
                           else "%s changed" % key)
    return changes


def export(remote, folder):
    """Every file of the board's storage into folder/data, and what `audit` and `recall` say of
    them into folder/audit.txt, folder/recall.txt and folder/recall/."""
    files = records.board_files(remote)
    data = os.path.join(folder, "data")
    os.makedirs(data, exist_ok=True)
    for name, content in files.items():
        with open(os.path.join(data, name), "wb") as f:
            f.write(content)
    args = SimpleNamespace(dir=data, port=None, out=os.path.join(folder, "recall"))
    for tool, report in ((audit, "audit.txt"), (recall, "recall.txt")):
        with open(os.path.join(folder, report), "w") as f, contextlib.redirect_stderr(f):
            tool.main(args, out=f)
