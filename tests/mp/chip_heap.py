# The cabinet's heap over busy rolls on the chip itself (`make chip`, host_tools/chip.py, runs it
# through mpremote's raw REPL on an emulated RP2040 flashed with the 8-station board): the board
# as flashed (/board.json, /help.json, its .mpy files) booted as main.py does after its program
# check, with the real drivers and the storage in /data/chipheap (a fresh folder, removed after),
# then ROLLS rolls (the harness sets ROLLS before this file) with every station's bets topped up
# to the busy table's mix (tests/engine/busy.py), each roll through the loop: the boot and the
# roll are tests/heap/heap_play.py's, as tests/heap/cabinet_heap.py plays them on the unix port
# (the harness writes both modules to the board). Every EVERY rolls it prints
# "ROLL n free F largest L ms M": gc.mem_free() and the largest bytearray that can be allocated
# after a collection (a binary search), both in the chip's bytes, and the chip's milliseconds
# (time.ticks_ms) the rolls since the last line took, the measuring not counted.
import gc
import os
import time

import heap_play

DATA = "/data/chipheap"
EVERY = 10
try:
    ROLLS
except NameError:
    ROLLS = 20


def largest():
    gc.collect()
    low, high = 0, gc.mem_free()
    while low < high:
        mid = (low + high + 1) // 2
        try:
            block = bytearray(mid)
            del block
            low = mid
        except MemoryError:
            high = mid - 1
    return low


def remove(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        full = path + "/" + name
        try:
            os.remove(full)
        except OSError:
            remove(full)
    os.rmdir(path)


def boot():
    help_pages = tuple(tuple(page) for page in heap_play.read("", "help.json"))
    return heap_play.boot(heap_play.read("", "board.json"), DATA, help_pages)


def main():
    remove(DATA)
    cabinet, loop = boot()
    print("ROLL 0 free %d largest %d ms 0" % (gc.mem_free(), largest()))
    now = 0
    try:
        started = time.ticks_ms()
        for n in range(1, ROLLS + 1):
            now = heap_play.roll(cabinet, loop, now)
            if n % EVERY == 0 or n == ROLLS:
                spent = time.ticks_diff(time.ticks_ms(), started)
                print("ROLL %d free %d largest %d ms %d" % (n, gc.mem_free(), largest(), spent))
                started = time.ticks_ms()
    finally:
        print("TILT %s" % (cabinet.tilt,))
        remove(DATA)


main()
