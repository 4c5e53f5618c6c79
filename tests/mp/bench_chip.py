# Microseconds a roll on a chip-sized heap: run by host_tools/bench.py on MicroPython's unix port
# (`micropython -X heapsize=N`, host_tools/heap.py; MICROPYPATH=firmware:tests/engine:host_tools),
# whose heap is fixed like the RP2040's, so the garbage collector's share is in the figures. Each figure is the
# fastest batch of 100 rolls (other work on the machine only slows a batch down), per roll:
# - the busy table's Table.roll alone (its bets come back between rolls, and their garbage is
#   collected, outside the clock);
# - one player's whole roll under each of the peer comparison's policies (host_tools/peer.py):
#   every bet found and re-placed, or standing bets put back, and the roll settled.
# How much: BATCHES (default 20) batches of 100 rolls, and PARTS (default "busy,replace,standing")
# which figures; each is a name set before this file (`make chip` puts it in front of the script
# it sends the chip: a whole run is minutes of the emulated chip's time) or an environment
# variable of the same name (the unix port: `BATCHES=3 PARTS=busy micropython ... bench_chip.py`).
import gc
import json
import os
import time

import busy
import peer
from craps.house import HouseRules
from craps.table import Table



def setting(name, default):
    """A name set before this file, else the environment's, else the default."""
    given = globals().get(name)
    if given is not None:
        return given
    getenv = getattr(os, "getenv", None)  # the rp2 port has none
    return (getenv(name) if getenv else None) or default


# of 100 rolls: the dice are made a batch at a time, as the chip holds no list
BATCHES = int(setting("BATCHES", 20))
PARTS = str(setting("PARTS", "busy,replace,standing")).split(",")


def fastest(step):
    """step(d1, d2): the microseconds it takes, summed; the fastest batch's mean."""
    best = None
    for batch in range(BATCHES):
        spent = 0
        for d1, d2 in busy.dice(100, seed=99 + batch):
            spent += step(d1, d2)
        best = spent if best is None else min(best, spent)
    return best / 100


def busy_roll():
    table = busy.new_table()

    def step(d1, d2):
        busy.top_up(table)
        # The bets' garbage collected before the dice, as the cabinet does after each bet
        # (Loop.carry_out): else the collections it calls for fall in the roll's time.
        gc.collect()
        start = time.ticks_us()
        table.roll(d1, d2)
        return time.ticks_diff(time.ticks_us(), start)
    return fastest(step)


def one_player(standing):
    t = Table([peer.START], HouseRules({"odds": "3-4-5x"}))
    peer.replace_ours(t)

    def step(d1, d2):
        start = time.ticks_us()
        if standing:
            point = t.point
            peer.stand_ours(t, point, t.roll(d1, d2).moves)
        else:
            peer.replace_ours(t)
            t.roll(d1, d2)
        return time.ticks_diff(time.ticks_us(), start)
    return fastest(step)


FIGURES = (("busy", "busy_roll_us", busy_roll), ("replace", "replace_roll_us",
                                                lambda: one_player(False)),
           ("standing", "standing_roll_us", lambda: one_player(True)))
print(json.dumps(dict((key, measure()) for part, key, measure in FIGURES if part in PARTS)))
