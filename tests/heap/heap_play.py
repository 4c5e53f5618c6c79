# The busy cabinet both heap figures play (tests/heap/cabinet_heap.py on the unix port with a
# fixed heap, tests/mp/chip_heap.py on the chip itself): a board booted as main.py does after its
# program check, and a roll through the loop with every station's bets topped up to the busy
# table's mix (tests/engine/busy.py).
import json

import busy
from drivers import hardware
from terminal.events import KEY
from terminal.loop import Loop
from terminal.settings import from_board
from terminal.startup import start

STEP_MS = 50  # the loop's steps: coarser than the board's 5 ms, the same work per event


def read(folder, name):
    with open(folder + "/" + name) as f:
        return json.load(f)


def boot(board, data, help_pages):
    """The board (a dict, as board.json) powered up with its real drivers and its storage in the
    folder DATA, started, its start-up's effects carried out and a new cabinet set up by the
    attendant: (cabinet, loop)."""
    board["credits"] = 10 ** 6  # (a small int on the chip too)
    board.setdefault("settings", {})["credit_meter_max"] = busy.METER_MAX
    service, watchdog = hardware.power_up(board)
    parts = hardware.build(board, data, watchdog)
    cabinet, effects = start(from_board(board), parts.memory, help_pages, 0, service)
    loop = Loop(cabinet, parts)
    hardware.pace_heap()  # as main.py does
    loop.carry_out(effects, 0)
    if cabinet.unset:  # a new cabinet: the attendant sets it up
        loop.send((KEY, True), 0)
        loop.send((KEY, False), 0)
    return cabinet, loop


def roll(cabinet, loop, now, each_step=None):
    """One roll from bets topped up to the bets settled and betting open again, the loop stepped
    every STEP_MS (each_step(loop) before each step, if given): the time after it."""
    games = cabinet.meters.counts["games"]
    busy.top_up(cabinet.table)
    cabinet.call_no_more_bets(now)
    for _ in range(1000):
        now += STEP_MS
        if each_step is not None:
            each_step(loop)
        loop.step(now)
        if cabinet.meters.counts["games"] > games and cabinet.phase == "betting":
            return now
    raise RuntimeError("no roll settled: %s %s" % (cabinet.phase, cabinet.tilt))
