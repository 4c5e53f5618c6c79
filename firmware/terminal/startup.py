# Start-up: the cabinet as critical memory left it, with a roll the power cut interrupted
# finished, a damaged or missing record found (a RAM error tilt), a memory wholly empty found (a
# new cabinet, waiting for the attendant's set-up) and the power-up counted.
import sys

from terminal.cabinet import Cabinet
from terminal.events import KEY
from terminal.memory import RamError
from terminal.persistence import RECORDS


def start(settings, memory, help_pages, now_ms, service=False, demo=False, games=None,
          feed=None):
    """(cabinet, effects): apply the effects (they save the start-up) before the first step.
    service: the board powered up in service mode, an entry in the audit log. demo: the
    simulator or the web page, which set a new cabinet up at once, as the attendant's key
    would (logged as such); a board never does: it waits for the attendant. games: a list for
    the recall record of each roll the journals hold (Persistence.resume). feed: called for
    each journal entry played (the watchdog's: a long journal takes seconds on the chip)."""
    cab = Cabinet(settings, help_pages)
    records, damaged = {}, []

    def load(name, expected):
        try:
            records[name] = memory.load(name, expected)
        except RamError as e:
            damaged.append(name)
            cab.damage.append(str(e))

    # Once set up, a cabinet always has these: a wiped memory is never a new cabinet's.
    set_up = not memory.empty()
    for name in RECORDS:
        load(name, set_up)
    effects = cab.resume(records, damaged, now_ms, service, games, feed)
    forget(("terminal.restored", "terminal.shapes"))
    if demo and cab.unset:
        effects += cab.handle((KEY, True), now_ms) + cab.handle((KEY, False), now_ms)
    return cab, effects


def forget(names):
    """Modules a power-up alone uses (the checks of what it restored, the board file's) are
    dropped (names: dotted), so that their heap is play's, which the busiest cabinet needs whole
    (MicroPython: CPython's host tools keep theirs)."""
    if sys.implementation.name != "micropython":
        return
    for name in names:
        sys.modules.pop(name, None)
        package, _, module = name.rpartition(".")
        if hasattr(sys.modules[package], module):
            delattr(sys.modules[package], module)
