# The heap budget (host_tools/heap.py): every board of boards/, and the busiest cabinet there is
# (8 stations, the busy table's bets), boots from its flash build on MicroPython's unix port with
# a fixed heap the chip's size and plays 1,000 rolls through the loop: no MemoryError, and a
# large block still free at the end.
from concurrent.futures import ThreadPoolExecutor

import pytest

from host_tools import heap

ROLLS = 1000


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("heap"))
    with ThreadPoolExecutor(2) as pool:  # one process a core
        runs = list(pool.map(lambda c: heap.play(c[0], c[1], ROLLS, root), heap.CABINETS))
    return dict(zip(heap.CABINETS, runs))


@pytest.mark.parametrize("cabinet", heap.CABINETS, ids=[heap.name(c) for c in heap.CABINETS])
def test_every_cabinet_plays_1000_rolls_in_the_chips_heap(figures, cabinet):
    run = figures[cabinet]
    assert run["games"] == ROLLS and run["tilt"] == ""
    assert run["largest_free"] >= 4096, run  # room left for a large block after all that play
