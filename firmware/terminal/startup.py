# Start-up: the cabinet as critical memory left it, with a roll the power cut interrupted
# finished, a damaged record found (a RAM error tilt) and the power-up counted.
from terminal.cabinet import Cabinet
from terminal.events import SERVICE
from terminal.memory import RamError


def record_names(settings):
    return ["state", "roll", "audit"] + ["recall%d" % i for i in range(settings.recall)]


def start(settings, memory, help_pages, now_ms, service=False):
    """(cabinet, effects): apply the effects (they save the start-up) before the first step.
    service: the board powered up in service mode, an entry in the audit log."""
    cab = Cabinet(settings, help_pages)
    records, damaged = {}, []
    for name in record_names(settings):
        try:
            records[name] = memory.load(name)
        except RamError:
            damaged.append(name)
    effects = cab.resume(records, damaged, now_ms)
    if service:
        effects += cab.handle((SERVICE,), now_ms)
    return cab, effects
