# The busiest cabinet's roll (8 stations with the busy table's bets, tests/engine/busy.py): what
# it meters and recalls is as recorded, and on MicroPython it makes little garbage: the
# collections garbage calls for take 22-25 ms on the chip.
import gc
import hashlib
from binascii import hexlify

import busy
from craps.wagers import spot
from terminal.cabinet import Cabinet
from terminal.events import DICE, KEY, TICK
from terminal.screens import label
from terminal.settings import Settings

# At most, the DICE event of a busy roll on MicroPython, on average: 20,485 bytes now, most of
# it the 8 displays drawn again, the state the journal's entry is worked out from, the meters'
# self-audit, recall's lists and the table's settlement tuples (about 2 KB). 30,879 when a
# meter taken modulo 10^10 made a long integer, a recall label's look-up a tuple and the
# cabinet copied the settlements.
ROLL_BYTES = 22000

# What 100 busy rolls left on the meters and in recall, roll by roll, with each station's
# message, as the cabinet kept them before its roll made less garbage: the sha256 of their
# text.
RECORDED = "ea7415b2291a3300b7ebf594365775257636adab7f67568d261b07eb10f9ccd0"


def labelled(game):
    """A recall entry with each spot's label, as it was kept when this was recorded."""
    dice, point, results = game
    return dice, point, tuple([label(*spot(x)) if i % 2 == 0 else x for i, x in enumerate(mine)]
                              for mine in results)


def busy_cabinet():
    cab = Cabinet(Settings(stations=busy.STATIONS, credits=busy.START,
                           credit_meter_max=busy.METER_MAX, call_ms=0))
    cab.handle((KEY, True), 0)  # a new cabinet: the attendant's set-up
    cab.handle((KEY, False), 0)
    return cab


def close(cab, now):
    """Every station's bets topped up to the busy mix, the bets closed and the dice asked for."""
    busy.top_up(cab.table)
    cab.mark_changed()
    cab.handle((TICK,), now)
    cab.call_no_more_bets(now)
    cab.handle((TICK,), now)
    assert cab.phase == "rolling", cab.phase


def test_busy_rolls_meter_and_recall_as_recorded():
    cab = busy_cabinet()
    digest = hashlib.sha256()
    now = 0
    for d1, d2 in busy.dice(100, seed=7):
        now += 10000
        close(cab, now)
        cab.handle((DICE, d1, d2), now)
        meters = cab.meters.dump()
        digest.update(repr((sorted(meters["counts"].items()), sorted(meters["kinds"].items()),
                            meters["audited"], labelled(cab.recall[0]),
                            [panel.message for panel in cab.panels])).encode())
    assert cab.tilt == "" and cab.meters.counts["games"] == 100
    assert hexlify(digest.digest()).decode() == RECORDED


def test_a_busy_roll_makes_little_garbage_on_micropython():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    cab = busy_cabinet()
    now = 0
    made = []
    for d1, d2 in busy.dice(60, seed=7):
        now += 10000
        close(cab, now)
        gc.collect()
        gc.disable()  # (a collection in the middle would free, not count)
        try:
            before = gc.mem_alloc()
            cab.handle((DICE, d1, d2), now)
            made.append(gc.mem_alloc() - before)
        finally:
            gc.enable()
    made = made[20:]  # (the first rolls make each kind of wager's roll codes, which are kept)
    print("busy cabinet roll: %d bytes" % (sum(made) // len(made)))
    assert sum(made) <= len(made) * ROLL_BYTES, sum(made) // len(made)
