# The modules that measure what the heap gives out, on MicroPython's unix port, the one
# interpreter that counts every byte its heap gives out (micropython.mem_total): an idle loop
# step puts no frame on the heap (tests/drivers/test_idle_frames.py), and a busy roll gives it
# nothing for a settlement (tests/engine/test_roll_heap.py).
import os
import subprocess

import pytest

from host_tools import ROOT, heap

PATH = [os.path.join(ROOT, p) for p in ("firmware", "tests/drivers", "tests/engine",
                                         "tests/terminal", "tests/mp")]


@pytest.mark.parametrize("module, tests", [("test_idle_frames", 4), ("test_roll_heap", 1)])
def test_what_the_heap_gives_out_on_the_unix_port(module, tests):
    done = subprocess.run([heap.MICROPYTHON, os.path.join(ROOT, "tests", "mp", "runner.py"),
                           module], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, MICROPYPATH=os.pathsep.join(PATH)))
    assert done.stdout.strip().endswith("micropython: %d passed, 0 failed" % tests), done.stdout
