# The wear of critical memory's part, run by host_tools/bench.py on MicroPython's unix port:
# `bench_wear.py littlefs|fram STATIONS ROLLS [FRAM_BYTES]`. A busy cabinet (STATIONS with the
# busy table's bets, each station's bets saved as its own entry a roll, as presses save them,
# its audit log full: 40 turns of the key first), its memory
#   littlefs: on littlefs as the board has it (os.VfsLfs2, 4 KB blocks, 256-byte programs, the
#     RPI_PICO's 1408 KB) on a flash chip in RAM that counts its erases and the bytes
#     programmed: littlefs's own writes (metadata, copies) counted with the cabinet's; and the
#     erases of the block erased most, whose rated cycles run out first;
#   fram: on an FRAM of FRAM_BYTES (drivers/fram.py) on its twin part, counting the writes of
#     every byte: the byte written most, whose rated writes run out first; and the most bytes
#     and files it held at once.
# Per roll, over the ROLLS rolls after the set-up.
import json
import os
import sys
from array import array

import busy
from drivers.fram import FramPart, FramStorage
from drivers.storage import Storage
from flash_ram import PICO_BLOCKS, PROGSIZE, Flash
from terminal.events import DICE, KEY, PERSIST, TICK
from terminal.memory import CriticalMemory
from terminal.settings import Settings
from terminal.startup import start

KIND, STATIONS, ROLLS = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
FRAM_BYTES = int(sys.argv[4]) if KIND == "fram" else 0


class CountingPart(FramPart):
    """The FRAM twin, counting each byte's writes."""

    def __init__(self, size):
        FramPart.__init__(self, size)
        self.writes = array("I", bytes(4 * size))

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        FramPart.writeto_mem(self, addr, memaddr, buf, addrsize=addrsize)
        for at in range(memaddr, memaddr + len(buf)):
            self.writes[at] += 1


def apply(memory, out):
    for effect in out:
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])


if KIND == "fram":
    part = CountingPart(FRAM_BYTES)
    fram = FramStorage(part, size=FRAM_BYTES)
    memory = CriticalMemory(fram)
else:
    flash = Flash(blocks=PICO_BLOCKS)
    os.VfsLfs2.mkfs(flash, progsize=PROGSIZE)
    os.mount(os.VfsLfs2(flash, progsize=PROGSIZE), "/lfs")
    memory = CriticalMemory(Storage("/lfs/data", os))
settings = Settings(stations=STATIONS, credits=busy.START, credit_meter_max=busy.METER_MAX,
                    call_ms=0)
cab, out = start(settings, memory, (), 0)
for _ in range(41):  # the set-up, then a full audit log (audit.KEEP entries)
    apply(memory, out + cab.handle((KEY, True), 0) + cab.handle((KEY, False), 0))
    out = []
written = memory.bytes_written
most_bytes = most_files = 0
if KIND == "fram":
    for at in range(FRAM_BYTES):  # the set-up's writes not counted
        part.writes[at] = 0
    bytes_set_up = part.written
else:
    erases, programmed = flash.erases, flash.programmed
    flash.erased = {}
now = 0
for d1, d2 in busy.dice(ROLLS, seed=3):
    now += 10000
    busy.top_up(cab.table)
    for _ in range(STATIONS):  # each station's bets, an entry
        cab.mark_changed()
        apply(memory, cab.handle((TICK,), now))
    cab.call_no_more_bets(now)
    apply(memory, cab.handle((TICK,), now))
    apply(memory, cab.handle((DICE, d1, d2), now))
    if KIND == "fram":
        most_bytes = max(most_bytes, sum(f[2] for f in fram.files.values()))
        most_files = max(most_files, len(fram.files))
figures = {"rolls": ROLLS, "written_per_roll": (memory.bytes_written - written) // ROLLS}
if KIND == "fram":
    figures.update({"bytes": FRAM_BYTES, "most_bytes_held": most_bytes,
                    "most_files_held": most_files,
                    "part_written_per_roll": (part.written - bytes_set_up) // ROLLS,
                    "hottest_byte_writes_per_roll": max(part.writes) / ROLLS})
else:
    figures.update({"blocks": PICO_BLOCKS, "erases_per_roll": (flash.erases - erases) / ROLLS,
                    "hottest_block_erases_per_roll": max(flash.erased.values()) / ROLLS,
                    "blocks_erased": len(flash.erased),
                    "programmed_per_roll": (flash.programmed - programmed) // ROLLS})
print(json.dumps(figures))
