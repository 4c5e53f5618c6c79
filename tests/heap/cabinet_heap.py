# The cabinet's heap budget, run on MicroPython's unix port with a fixed heap (-X heapsize=N,
# like the chip's: never grown, never compacted): `micropython cabinet_heap.py BUILD DATA ROLLS
# [STATIONS [SEED]]` (STATIONS 0: the board's own) boots the board of the flash build BUILD (its
# .mpy files on sys.path, its board.json and help.json) as main.py does after its program check,
# with the real drivers on the `machine` twin and the storage in the folder DATA, then plays
# ROLLS rolls with every station's bets topped up to the busy table's mix (tests/engine/busy.py),
# each roll through the loop: bets closed, the RNG's dice, settled, saved (both copies, read
# back), drawn. STATIONS overrides the board's: the board's displays serve the stations in turn
# (the I2C twin does not mind two displays at one address, and each has its own frame buffer, as
# behind an I2C mux). SEED seeds the ring oscillator twin's bits, so a run repeats.
# It prints one JSON line of figures; a MemoryError ends it with a traceback. The boot and the
# roll are tests/heap/heap_play.py's, which tests/mp/chip_heap.py plays on the chip too.
import gc
import json
import random
import sys

import micropython

BUILD, DATA, ROLLS = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(int(sys.argv[5]) if len(sys.argv) > 5 else 2026)  # the ring oscillator twin's bits
sys.path.insert(0, BUILD)
gc.collect()
BARE = gc.mem_free()

import heap_play
from heap_play import STEP_MS

IDLE_STEPS = 200


def boot():
    board = heap_play.read(BUILD, "board.json")
    if len(sys.argv) > 4 and int(sys.argv[4]):
        board["stations"] = int(sys.argv[4])
        shown = board["displays"]
        board["displays"] = [shown[i % len(shown)] for i in range(board["stations"])]
    import machine
    if "door" in board:
        machine.Pin.board[board["door"]["pin"]] = 0  # the door shut
    if "storage" in board:  # an FRAM: the I2C twin's, in a file beside the data
        machine.I2C.fram = DATA + "/fram.bin"
    help_pages = tuple(tuple(page) for page in heap_play.read(BUILD, "help.json"))
    return heap_play.boot(board, DATA, help_pages)


def answer(dice):
    """A shaker board's dice reader on the UART twin: a reading (new faces, new places) for
    each question the cabinet sent."""
    uart = getattr(dice, "uart", None)
    if uart is not None and uart.tx:
        from drivers.shaker import encode
        uart.tx = b""  # (the twin keeps what was sent)
        uart._rx += encode(random.randint(1, 6), random.randint(1, 6), random.randint(0, 400),
                           random.randint(0, 400), random.randint(0, 400),
                           random.randint(0, 400))


def main():
    cabinet, loop = boot()
    gc.collect()
    booted = gc.mem_alloc()
    now = 0
    given = micropython.mem_total()  # bytes the heap has given out (the unix port counts them)
    for _ in range(ROLLS):
        now = heap_play.roll(cabinet, loop, now, lambda loop: answer(loop.parts.dice))
    per_roll = (micropython.mem_total() - given) // ROLLS
    given = micropython.mem_total()
    for _ in range(IDLE_STEPS):
        now += STEP_MS
        loop.step(now)
    per_step = (micropython.mem_total() - given) // IDLE_STEPS
    gc.collect()
    print(json.dumps({"bare_free": BARE, "boot_alloc": booted, "alloc": gc.mem_alloc(),
                      "free": gc.mem_free(), "games": cabinet.meters.counts["games"],
                      "tilt": cabinet.tilt, "per_roll": per_roll, "per_idle_step": per_step,
                      "flash_per_roll": loop.parts.memory.bytes_written // ROLLS}))
    micropython.mem_info()  # its "max free sz": the largest free block, in blocks


main()
