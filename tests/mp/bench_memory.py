# Critical memory's figures on MicroPython, run by host_tools/bench.py through `run.mjs --script`,
# for the busiest cabinet (8 stations with the busy table's bets): the bytes its commit protocol
# writes to flash per roll (both copies of every record: the journal's entries, and a new base
# every settings.recall rolls) and those of the bets put back before it, the size of a base, and the
# time start-up takes to rebuild it from storage with a drawn roll still to settle (the largest
# start-up there is).
import json
import time

import busy
from drivers.storage import MemoryStorage, PowerCut
from terminal.events import DICE, PERSIST, TICK, KEY
from terminal.memory import CriticalMemory
from terminal.persistence import BASES, DRAWN, JOURNALS
from terminal.settings import Settings
from terminal.startup import start

ROLLS = 59  # and one more cut short: the journals then hold 20 rolls, the most they hold
SETTINGS = Settings(stations=busy.STATIONS, credits=busy.START,
                    credit_meter_max=busy.METER_MAX, call_ms=0)


def apply(memory, out):
    for effect in out:
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])


def roll(cab, memory, d1, d2, now):
    """Bets back on the layout (straight on the table, then saved as the presses would: a bet's
    own save is not the roll's), then the roll's commit protocol: bets closed, the dice drawn
    (and every settings.recall rolls, a new base). Bytes written: (the bets', the roll's)."""
    start = memory.bytes_written
    busy.top_up(cab.table)
    cab.mark_changed()
    apply(memory, cab.handle((TICK,), now))
    before = memory.bytes_written
    cab.call_no_more_bets(now)
    apply(memory, cab.handle((TICK,), now))  # the bets closed; the dice asked for
    apply(memory, cab.handle((DICE, d1, d2), now))
    return before - start, memory.bytes_written - before


def main():
    storage = MemoryStorage()
    memory = CriticalMemory(storage)
    cab, out = start(SETTINGS, memory, (), 0)
    apply(memory, out + cab.handle((KEY, True), 0) + cab.handle((KEY, False), 0))  # the set-up
    now = 0
    bets = written = 0
    for d1, d2 in busy.dice(ROLLS, seed=3):
        now += 10000
        bytes_bets, bytes_roll = roll(cab, memory, d1, d2, now)
        bets += bytes_bets
        written += bytes_roll
    state_bytes = len(storage.read(BASES[cab.gen] + ".a"))
    # A cut just after the next roll's outcome is saved: start-up must settle it.
    busy.top_up(cab.table)
    wagers = len(cab.table.wagers)
    cab.call_no_more_bets(now)
    apply(memory, cab.handle((TICK,), now))
    storage.cut(3)  # the dice's entry in both copies of the journal, then the cut
    try:
        apply(memory, cab.handle((DICE, 3, 4), now))
    except PowerCut:
        pass
    started = time.ticks_us()
    memory = CriticalMemory(storage)
    cab, out = start(SETTINGS, memory, (), now)
    apply(memory, out)  # the settled roll and the start-up saved (in RAM here: not flash's time)
    recovery_ms = time.ticks_diff(time.ticks_us(), started) / 1000
    rolls = sum(len([e for e in CriticalMemory(storage).load(name) if e[0] == DRAWN])
                for name in JOURNALS)
    assert cab.meters.counts["games"] == ROLLS + 1, "the drawn roll was not settled at start-up"
    print(json.dumps({"flash_bytes_per_roll": written // ROLLS,
                      "flash_bytes_per_roll_bets": bets // ROLLS, "state_record_bytes": state_bytes,
                      "recovery_wagers": wagers, "recovery_rolls": rolls,
                      "recovery_ms": recovery_ms}))


main()
