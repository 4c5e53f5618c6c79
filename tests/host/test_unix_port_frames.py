# tests/drivers/test_idle_frames.py on MicroPython's unix port, the one interpreter that counts
# every byte its heap gives out (micropython.mem_total): an idle loop step puts no frame on the
# heap.
import os
import subprocess

from host_tools import ROOT, heap

PATH = [os.path.join(ROOT, p) for p in ("firmware", "tests/drivers", "tests/engine",
                                         "tests/terminal", "tests/mp")]


def test_an_idle_loop_step_puts_no_frame_on_the_heap():
    done = subprocess.run([heap.MICROPYTHON, os.path.join(ROOT, "tests", "mp", "runner.py"),
                           "test_idle_frames"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, MICROPYPATH=os.pathsep.join(PATH)))
    assert done.stdout.strip().endswith("micropython: 2 passed, 0 failed"), done.stdout
