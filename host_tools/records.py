"""The cabinet's critical records (firmware/terminal/memory.py), read from a board's /data
through mpremote or from a local storage folder, for `host_tools recall` and `audit`.

The files are copied into the storage twin and read with the cabinet's own CriticalMemory, so
the good copy is picked exactly as at start-up, and its repairs touch the twin, never the source.
"""
import binascii
import json
import os

from drivers.hardware import STORAGE_ROOT as BOARD_ROOT
from drivers.storage import MemoryStorage
from terminal.journal import record
from terminal.memory import COPIES, CriticalMemory, RamError
from terminal.persistence import BASES, newer
from terminal.settings import Settings
# BadRecord: a record whose CRC holds but whose content is not what the cabinet writes.
from terminal.shapes import BadShape as BadRecord, Each, Either, check
from terminal.startup import start
from host_tools.remote import SERVICE_MODE, BoardLost, NotMicroPython, Remote, RemoteError

SERVICE = " (a cabinet lets mpremote in only in service mode: %s)" % SERVICE_MODE
# One line per file, in hex: a record's bytes cross the serial console unchanged.
_DUMP = """import os, binascii
try:
    names = os.listdir(%r)
except OSError:
    names = []
for n in names:
    if not n.endswith('.tmp'):
        f = open(%r + '/' + n, 'rb')
        print('RECORD', n, binascii.hexlify(f.read()).decode())
        f.close()
"""


class NoRecords(Exception):
    """The records cannot be read: the one line a user sees."""


# What played() reads of a base before it plays the journals.
BASE = {"commit": int, "rules": Each(Either(int, str, bool)), "layout": {"credits": [int]}}


def add_arguments(parser):
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--port", help="a board's serial port (its storage: %s)" % BOARD_ROOT)
    where.add_argument("--dir", help="a local storage folder (the files NAME.a and NAME.b)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds the board may take to answer (default 60)")


def open_memory(args):
    """A CriticalMemory over a copy of the records that args.port or args.dir names."""
    files = from_board(args.port, args.timeout) if args.port else from_dir(args.dir)
    storage = MemoryStorage()
    storage.files.update(files)
    return CriticalMemory(storage)


def from_dir(path):
    if not os.path.isdir(path):
        raise NoRecords("%s is not a folder" % path)
    files = {}
    for name in os.listdir(path):
        if name.endswith(COPIES):
            with open(os.path.join(path, name), "rb") as f:
                files[name] = f.read()
    return files


def from_board(port, timeout=60.0):
    try:
        files = board_files(Remote(port, timeout=timeout))
    except (NotMicroPython, BoardLost) as e:
        raise NoRecords(str(e) + ("" if "service mode" in str(e) else SERVICE))
    except RemoteError as e:
        raise NoRecords(str(e))
    return dict((name, data) for name, data in files.items() if name.endswith(COPIES))


def board_files(remote, what=None):
    """Every file in the board's storage, {name: bytes} (but the .tmp of a write in progress)."""
    text = remote.exec(_DUMP % (BOARD_ROOT, BOARD_ROOT), what=what or "reading %s" % BOARD_ROOT)
    files = {}
    for line in text.splitlines():
        parts = line.strip().split(" ") + [""]  # an empty file (a torn write) has no hex
        if parts[0] == "RECORD":
            files[parts[1]] = binascii.unhexlify(parts[2])
    return files


def record_names(memory):
    """The records the storage holds a copy of, by name."""
    return sorted(set(record(name) for name in memory.storage.names() if name[-2:] in COPIES))


def played(memory):
    """(the cabinet's state as its journals leave it, the recall record of each roll they hold,
    oldest first), the journals played as the board plays them at power-up (with the house
    rules its state holds); (None, []) for a memory with no state. RamError names the records
    that are damaged or do not follow one another."""
    bases = [memory.load(name) for name in BASES]
    if bases == [None, None]:
        return None, []
    for name, base in zip(BASES, bases):
        if base is not None:
            check(base, BASE, name)
    base = bases[newer(bases)]
    try:
        settings = Settings(stations=len(base["layout"]["credits"]), rules=base["rules"])
    except ValueError as e:  # (a BadHouseRule too)
        raise BadRecord("%s: %s" % (BASES[newer(bases)], e))
    games = []
    cabinet, _ = start(settings, memory, (), 0, games=games)
    if cabinet.ram_error:
        raise RamError("; ".join(cabinet.damage))
    return cabinet.saved, json.loads(json.dumps(games))  # (as plain JSON data: no tuples)
