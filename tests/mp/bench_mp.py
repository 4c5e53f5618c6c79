# Firmware figures on MicroPython, run by host_tools/bench.py through `run.mjs --script`: live heap
# of the engine code and of the busiest table, bytes allocated per settled roll, rolls per second,
# and the heap of the cabinet (terminal code and an 8-station cabinet with the busy table's bets).
# Each step runs in a run.mjs call of its own, after the garbage of the last one was collected.
import gc
import json
import time

figures = {}
held = {}


def start():
    figures["base"] = gc.mem_alloc()


def load_engine():
    figures["code_heap"] = gc.mem_alloc() - figures["base"]  # measured after the import below
    figures["base"] = gc.mem_alloc()


def build_busy_table():
    held["table"] = busy.busy_table()


def measure_busy_table():
    figures["busy_table_heap"] = gc.mem_alloc() - figures["base"]
    figures["wagers"] = len(held["table"].wagers)


def allocation_per_roll():
    table = held["table"]
    allocated = settled = 0
    for d1, d2 in busy.dice(500, seed=7):
        busy.top_up(table)
        gc.collect()
        before = gc.mem_alloc()
        records = table.roll(d1, d2).records
        allocated += gc.mem_alloc() - before
        settled += sum(len(mine) for mine in records) // RECORD
    figures["bytes_per_roll"] = allocated // 500
    figures["settlements_per_roll"] = settled // 500


def load_terminal():
    figures["base"] = gc.mem_alloc()
    import terminal.cabinet  # the terminal's code; the engine is loaded already
    held["terminal"] = terminal.cabinet


def measure_terminal():
    figures["terminal_code_heap"] = gc.mem_alloc() - figures["base"]
    figures["base"] = gc.mem_alloc()


def build_cabinet():
    from terminal.cabinet import Cabinet
    from terminal.settings import Settings
    from terminal.events import TICK
    cab = Cabinet(Settings(stations=busy.STATIONS, credits=busy.START,
                           credit_meter_max=busy.METER_MAX))
    held["cabinet"] = cab
    t = cab.table
    busy.top_up(t)
    t.roll(3, 3)
    busy.top_up(t)
    t.roll(2, 3)
    busy.top_up(t)
    cab.handle((TICK,), 0)  # draws every display once


def measure_cabinet():
    figures["cabinet_heap"] = gc.mem_alloc() - figures["base"]
    figures["cabinet_wagers"] = len(held["cabinet"].table.wagers)


def tick_allocation():
    # The loop sends a TICK every few ms: what one costs the heap while nothing happens.
    from terminal.events import TICK
    cab = held["cabinet"]
    ticks = 200
    gc.collect()
    before = gc.mem_alloc()
    for n in range(ticks):
        cab.handle((TICK,), 10 + n * 5)
    figures["cabinet_bytes_per_tick"] = (gc.mem_alloc() - before) // ticks


def speed():
    # Settling alone: the busy table's wagers come back between rolls, outside the clock.
    table = busy.new_table()
    spent = 0
    rolls = busy.dice(2000, seed=99)
    for d1, d2 in rolls:
        busy.top_up(table)
        start_us = time.ticks_us()
        table.roll(d1, d2)
        spent += time.ticks_diff(time.ticks_us(), start_us)
    figures["rolls_per_s"] = len(rolls) * 1000000 // max(1, spent)
    del figures["base"]
    print(json.dumps(figures))


start()
import busy  # noqa: E402  the engine comes with it; its heap is measured in the next step
from craps.table import RECORD  # noqa: E402
STEPS = [load_engine, build_busy_table, measure_busy_table, allocation_per_roll, load_terminal,
         measure_terminal, build_cabinet, measure_cabinet, tick_allocation, speed]
