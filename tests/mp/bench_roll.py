# The busy table's roll (tests/engine/busy.py) on this MicroPython, for host_tools/bench.py: the
# same work was timed on the emulated RP2040, so the two give the ratio that scales the unix
# port's figures (bench_feel.py) to the chip. Table.roll alone, ROLLS rolls from topped-up bets:
# the median roll, which a garbage collection or a busy machine does not move.
import json
import time

import busy

ROLLS = 300


def main():
    table = busy.new_table()
    spent = []
    for d1, d2 in busy.dice(ROLLS, seed=99):
        busy.top_up(table)
        start = time.ticks_us()
        table.roll(d1, d2)
        spent.append(time.ticks_diff(time.ticks_us(), start))
    spent.sort()
    print(json.dumps({"roll_us": spent[ROLLS // 2]}))


main()
