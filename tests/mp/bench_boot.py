# Start-up's time to play the journals, run by host_tools/bench.py on MicroPython's unix port
# with the chip's heap, twice for a number of stations, as two power-ups of a board would be
# (argv: FOLDER STATIONS play, then FOLDER STATIONS boot NOW). play: the busy table's bets on
# those stations, each station's bets saved as its own entry a roll (as presses save them), 19
# rolls played and a 20th drawn when the power is cut, before the new base it would have made,
# so that the newer journal holds the most rolls it ever holds (persistence.base_rolls); it
# prints the time it ended at. boot: the fastest of 3 start-ups from those records, in ms, and
# the entries both journals hold (the board plays the newer's alone).
import gc
import json
import sys
import time

import busy
from drivers.storage import Storage
from terminal.events import DICE, KEY, PERSIST, TICK
from terminal.memory import CriticalMemory
from terminal.persistence import JOURNALS
from terminal.settings import Settings
from terminal.startup import start
import os

ROLLS = 19


def apply(memory, out):
    for effect in out:
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])


def power_up_heap():
    """The heap's collections as a power-up leaves them: only when an allocation fails. The
    board paces them (gc.threshold) after start(); on the rp2 port a soft reset, as mpremote's
    before a script, keeps the threshold the interrupted program set, and start() ran with a
    collection every 10 KB given out (4.1-4.4 s for 8 busy stations where a power-up takes
    about 2)."""
    if hasattr(gc, "threshold"):
        gc.threshold(-1)


def play(settings, folder, stations):
    """The records of ROLLS rolls and a roll drawn as the power was cut, in folder."""
    memory = CriticalMemory(Storage(folder, os))
    cab, out = start(settings, memory, (), 0)
    apply(memory, out + cab.handle((KEY, True), 0) + cab.handle((KEY, False), 0))
    now = 0
    for n, (d1, d2) in enumerate(busy.dice(ROLLS + 1, seed=3)):
        now += 10000
        busy.top_up(cab.table)
        for s in range(stations):  # each station's bets, an entry
            cab.mark_changed()
            apply(memory, cab.handle((TICK,), now))
        cab.call_no_more_bets(now)
        apply(memory, cab.handle((TICK,), now))
        out = cab.handle((DICE, d1, d2), now)
        if n == ROLLS:  # the last: its dice's entry saved, then the power cut
            out = [e for e in out if e[0] == PERSIST and e[1] in JOURNALS][:1]
        apply(memory, out)
    return now


def boot(settings, folder, stations, now):
    power_up_heap()
    best = cab = None
    for _ in range(3):
        cab = None
        gc.collect()  # a fresh heap, as at power-up
        started = time.ticks_us()
        cab, _ = start(settings, CriticalMemory(Storage(folder, os)), (), now)
        spent = time.ticks_diff(time.ticks_us(), started) / 1000
        best = spent if best is None else min(best, spent)
    assert cab.meters.counts["games"] == ROLLS + 1, "the drawn roll was not settled"
    entries = sum(len(CriticalMemory(Storage(folder, os)).load(j)) for j in JOURNALS)
    return {"boot_%dst_ms" % stations: best, "boot_%dst_entries" % stations: entries}


folder, stations = sys.argv[1], int(sys.argv[2])
settings = Settings(stations=stations, credits=busy.START,
                    credit_meter_max=busy.METER_MAX, call_ms=0)
if sys.argv[3] == "play":
    print(json.dumps({"now": play(settings, folder, stations)}))
else:
    print(json.dumps(boot(settings, folder, stations, int(sys.argv[4]))))
