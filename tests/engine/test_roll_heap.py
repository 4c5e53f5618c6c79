# A busy roll gives the heap nothing for a wager it decides. On the chip each run of blocks the
# heap gives out is searched for from the heap's first hole, a long search in a heap cut up by a
# busy table's bets: a settlement tuple of two blocks each was half of a busy roll's time on the
# emulated chip (gc_alloc, sampled there). The unix port counts every byte its heap gives out
# (micropython.mem_total); the other interpreters have nothing to measure.
# tests/host/test_unix_port_heap.py runs this module there.
from busy import busy_table, dice, top_up

try:
    from micropython import mem_total
except (ImportError, AttributeError):
    mem_total = None


def test_a_busy_roll_gives_the_heap_nothing_for_a_settlement():
    if mem_total is None:
        return
    t = busy_table()
    given = {}  # settlements: bytes, for rolls in which no come bet travelled
    for n, (d1, d2) in enumerate(dice(60, seed=4)):
        top_up(t)
        before = mem_total()
        r = t.roll(d1, d2)
        spent = mem_total() - before
        if n >= 30 and not r.moves:  # (by then each kind of wager has its roll codes made)
            given[len(r.settlements)] = spent
    few, many = min(given), max(given)
    assert few <= 24 and many >= 80, given  # from a few wagers decided to many
    assert given[many] == given[few], given
