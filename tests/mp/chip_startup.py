# Where start-up's time goes after a cut, on the chip (host_tools/chip.py, the `cut` part, after
# tests/mp/bench_boot.py has played its records into FOLDER): the steps start() takes before it
# settles the newer journal's rolls again, each timed alone (argv: FOLDER STATIONS). records:
# every record read as start() reads it (both copies of each, each journal's parts scanned);
# base: the newer base checked and its layout restored; entries: the newer journal's entries
# parsed. What start() takes beyond them is playing the entries: a layout restored and a roll
# settled each roll.
import gc
import json
import os
import sys
import time

from craps import layout
from drivers.storage import Storage
from terminal import restored
from terminal.memory import CriticalMemory
from terminal.persistence import BASES, JOURNALS, RECORDS, newer
from terminal.settings import Settings


def timed(work):
    gc.collect()
    started = time.ticks_us()
    got = work()
    return got, time.ticks_diff(time.ticks_us(), started) / 1000


folder, stations = sys.argv[1], int(sys.argv[2])
gc.threshold(-1)  # as at power-up (tests/mp/bench_boot.py, power_up_heap)
rules = Settings(stations=stations).rules
memory = CriticalMemory(Storage(folder, os))
records, records_ms = timed(lambda: dict((n, memory.load(n, True)) for n in RECORDS))
new = newer([records[n] for n in BASES])
base = records[BASES[new]]
_, base_ms = timed(lambda: (restored.state(base, stations), layout.load(base["layout"], rules)))
entries, entries_ms = timed(lambda: len(list(records[JOURNALS[new]])))
print(json.dumps({"records_ms": records_ms, "base_ms": base_ms, "entries_ms": entries_ms,
                  "entries": entries}))
