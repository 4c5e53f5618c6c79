# Start-up: the cabinet as critical memory left it, with a roll the power cut interrupted
# finished, a damaged or missing record found (a RAM error tilt), a memory wholly empty found (a
# new cabinet, waiting for the attendant's set-up) and the power-up counted.
from terminal.cabinet import Cabinet
from terminal.events import KEY
from terminal.memory import RamError
from terminal.persistence import SETUP, optional_names


def start(settings, memory, help_pages, now_ms, service=False, demo=False):
    """(cabinet, effects): apply the effects (they save the start-up) before the first step.
    service: the board powered up in service mode, an entry in the audit log. demo: the
    simulator or the web page, which set a new cabinet up at once, as the attendant's key
    would (logged as such); a board never does: it waits for the attendant."""
    cab = Cabinet(settings, help_pages)
    records, damaged = {}, []

    def load(name, expected):
        try:
            records[name] = memory.load(name, expected)
        except RamError:
            damaged.append(name)

    # Once set up, a cabinet always has these: a wiped memory is never a new cabinet's.
    set_up = not memory.empty()
    for name in (SETUP, "state", "audit"):
        load(name, set_up)
    kept = (records.get("state") or {}).get("kept", 0)  # the state lost: nothing to expect
    for i, name in enumerate(optional_names(settings)):
        load(name, bool(kept >> i & 1))
    effects = cab.resume(records, damaged, now_ms, service)
    if demo and cab.unset:
        effects += cab.handle((KEY, True), now_ms) + cab.handle((KEY, False), now_ms)
    return cab, effects
