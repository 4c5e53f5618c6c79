# The busiest table (8 stations, ~10 wagers each) over many rolls: money is conserved, and
# every roll settles as recorded.
import gc
import hashlib
from binascii import hexlify

from busy import STATIONS, START, busy_table, dice, new_table, play, top_up
from support import net

# What 300 busy rolls did, roll by roll (the dice, the puck, the shooter, the settlements and
# the come bets' moves in the order made, the credits after), as the engine settled them when it
# made a tuple for each settlement at once: the sha256 of their text.
# At most, a busy roll on MicroPython, on average: its Roll and dice (80 bytes) and the slices
# that empty the table's lists (16 each: `del l[:]` makes one). 2,396 when the table made a
# tuple for each settlement (48 bytes) and lists of tuples for the come bets' moves.
ROLL_BYTES = 192

RECORDED = "9ec4c6746ef9c4cf1b8d23fce5c53d2d91ff3ff9177c5255663df9ee1bb6a45f"


def test_busy_table_carries_about_ten_wagers_per_station():
    t = busy_table()
    assert t.point == 6
    for p in range(STATIONS):
        assert len([w for w in t.wagers if w.player == p]) >= 10


def test_busy_table_money_is_conserved_roll_by_roll():
    t = new_table()
    house = 0
    for d1, d2 in dice(300):
        top_up(t)
        before = sum(t.credits) + sum(t.on_table(p) for p in range(STATIONS))
        r = t.roll(d1, d2)
        house -= sum(net(s) for s in r.settlements)
        after = sum(t.credits) + sum(t.on_table(p) for p in range(STATIONS))
        assert after - before == sum(net(s) for s in r.settlements)
        assert min(t.credits) >= 0
    assert sum(t.credits) + sum(t.on_table(p) for p in range(STATIONS)) + house == START * STATIONS


def test_busy_rolls_settle_in_order_as_recorded():
    t = new_table()
    digest = hashlib.sha256()
    for d1, d2 in dice(300, seed=7):
        top_up(t)
        r = t.roll(d1, d2)
        digest.update(repr((r.dice, r.point, r.shooter, r.settlements, r.moves,
                            t.credits)).encode())
    assert hexlify(digest.digest()).decode() == RECORDED


def test_a_busy_roll_makes_next_to_no_garbage_on_micropython():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    t = busy_table()
    play(t, dice(300, seed=3))  # each kind of wager met once: its roll codes made (kept)
    rolls = dice(50, seed=7)  # (gc.mem_alloc() reads the whole heap: 50 are enough)
    made = 0
    gc.collect()
    gc.disable()  # (a collection in the middle would free, not count)
    try:
        for d1, d2 in rolls:
            top_up(t)
            before = gc.mem_alloc()
            t.roll(d1, d2)
            made += gc.mem_alloc() - before
    finally:
        gc.enable()
    print("busy roll: %d bytes" % (made // len(rolls)))
    assert made <= len(rolls) * ROLL_BYTES, made // len(rolls)
