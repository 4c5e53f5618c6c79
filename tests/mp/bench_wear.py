# The flash's wear, run by host_tools/bench.py on MicroPython's unix port: the busiest cabinet
# (8 stations with the busy table's bets, each station's bets saved as its own entry a roll, as
# presses save them) on littlefs as the board has it (os.VfsLfs2, 4 KB blocks, 256-byte
# programs, the RPI_PICO's 1408 KB) on a flash chip in RAM that counts its erases and the bytes
# programmed: littlefs's own writes (metadata, copies) counted with the cabinet's. Per roll,
# over ROLLS rolls after the set-up; and the erases of the block erased most, whose rated
# cycles run out first.
import json
import os

import busy
from drivers.storage import Storage
from flash_ram import PICO_BLOCKS, PROGSIZE, Flash
from terminal.events import DICE, KEY, PERSIST, TICK
from terminal.memory import CriticalMemory
from terminal.settings import Settings
from terminal.startup import start

ROLLS = 1000


def apply(memory, out):
    for effect in out:
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])


flash = Flash(blocks=PICO_BLOCKS)
os.VfsLfs2.mkfs(flash, progsize=PROGSIZE)
os.mount(os.VfsLfs2(flash, progsize=PROGSIZE), "/lfs")
memory = CriticalMemory(Storage("/lfs/data", os))
settings = Settings(stations=busy.STATIONS, credits=busy.START,
                    credit_meter_max=busy.METER_MAX, call_ms=0)
cab, out = start(settings, memory, (), 0)
apply(memory, out + cab.handle((KEY, True), 0) + cab.handle((KEY, False), 0))
erases, programmed, written = flash.erases, flash.programmed, memory.bytes_written
flash.erased = {}
now = 0
for d1, d2 in busy.dice(ROLLS, seed=3):
    now += 10000
    busy.top_up(cab.table)
    for _ in range(busy.STATIONS):  # each station's bets, an entry
        cab.mark_changed()
        apply(memory, cab.handle((TICK,), now))
    cab.call_no_more_bets(now)
    apply(memory, cab.handle((TICK,), now))
    apply(memory, cab.handle((DICE, d1, d2), now))
print(json.dumps({"wear_rolls": ROLLS, "wear_blocks": PICO_BLOCKS,
                  "wear_erases_per_roll": (flash.erases - erases) / ROLLS,
                  "wear_hottest_block_erases_per_roll": max(flash.erased.values()) / ROLLS,
                  "wear_blocks_erased": len(flash.erased),
                  "wear_programmed_per_roll": (flash.programmed - programmed) // ROLLS,
                  "wear_written_per_roll": (memory.bytes_written - written) // ROLLS}))
