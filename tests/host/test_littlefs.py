# The power cut on littlefs itself, the board's filesystem: tests/mp/littlefs_cuts.py on
# MicroPython's unix port (whose os.VfsLfs2 is the same littlefs as the rp2 port's), with the
# power cut at every block program and erase of a save. What drivers/storage.py says of it holds:
# a record replaced and a journal appended to come back whole, old or new.
import json
import os
import subprocess

from host_tools import heap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_cut_at_every_block_operation_of_a_save_leaves_it_whole_on_littlefs():
    done = subprocess.run(
        [heap.MICROPYTHON, "-X", "heapsize=4000000",
         os.path.join(ROOT, "tests", "mp", "littlefs_cuts.py")],
        env=dict(os.environ, MICROPYPATH=os.pathsep.join(
            os.path.join(ROOT, d) for d in ("firmware", os.path.join("tests", "mp")))),
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["append_cuts"] >= 15 and found["append_wrong"] == []
    assert found["write_cuts"] >= 5 and found["write_wrong"] == []
    # The control: an append made as two commits is seen half done.
    assert found["control_cuts"] >= 5 and found["control_wrong"]
