# The power cut on the filesystem the board has: littlefs (os.VfsLfs2, in MicroPython's unix port
# as on rp2), on a block device in RAM that can cut the power at any block program or erase.
# Run by tests/host/test_littlefs.py. What drivers/storage.py relies on: a file replaced in place
# by overwrite() and a journal appended to by append() come back, after a cut at
# any block operation of the save, either as they were or with the save whole, and critical
# memory (terminal/memory.py) loads them so. Prints the cut points tried and what went wrong.
import json
import os

from drivers.storage import Storage
from flash_ram import PROGSIZE, Flash, PowerCut
from terminal.memory import CriticalMemory

def power_up(data=None):
    """The flash as it was left, mounted: (flash, critical memory on it)."""
    try:
        os.umount("/lfs")
    except OSError:
        pass
    flash = Flash(data)
    if data is None:
        os.VfsLfs2.mkfs(flash, progsize=PROGSIZE)
    os.mount(os.VfsLfs2(flash, progsize=PROGSIZE), "/lfs")
    return flash, CriticalMemory(Storage("/lfs/data", os))


def cuts(prepare, save, load, before, after):
    """Cut the power at every block operation of save(memory) in turn, on the flash prepare()
    left: each time, at the next power-up load(memory) must be before or after (or, after being
    a function, say so of it). Returns (cut points tried, what went wrong)."""
    flash, memory = power_up()
    prepare(memory)
    start = bytes(flash.data)
    wrong = []
    at = 1
    while True:
        flash, memory = power_up(start)
        flash.cut_at = flash.ops + at
        try:
            save(memory)
        except Exception:  # the cut, or what the program did with the power off: no matter
            if not flash.off:
                raise
        if not flash.off:
            return at - 1, wrong  # the save was done before the cut: every point tried
        _, memory = power_up(flash.data)
        found = load(memory)
        if found != before and not (after(found) if callable(after) else found == after):
            wrong.append((at, found))
        at += 1


def entries(name):
    return lambda memory: list(memory.load(name, True))


def journal(memory):
    memory.save("journal0", None)
    for n in range(40):  # over a block of lines: an append lands in a block already used
        memory.save("journal0", ["s", n, [1, {"credits": [3, [[n], -1]]}]])


OLD = [["s", n, [1, {"credits": [3, [[n], -1]]}]] for n in range(40)]
NEW = ["d", 40, [3, 4]]
STATE = {"credits": [100] * 8, "wagers": [[p, "place", 6, 12] for p in range(60)]}

def saves(name, obj):
    """A save as the cabinet makes it: the record loaded at power-up first."""
    def save(memory):
        memory.load(name, True)
        memory.save(name, obj)
    return save


def control(memory):
    memory.storage.write("control", b"z" * 2000)


def in_two(memory):
    """The control: an append synced half-way is two commits, and a cut between them leaves
    half of it. The harness must see that."""
    f = open("/lfs/data/control", "ab")
    f.write(b"x" * 100)
    f.flush()
    f.write(b"y" * 100)
    f.close()


def size(memory):
    return len(memory.storage.read("control"))


LONG = ["c", 40, [1, {"wagers": [3, [[[p, "place", 6, 12, None, None, 0, 0]
                                          for p in range(30)]]]}]]  # a part of its own
# An append to a part, an entry longer than a part (a part of its own); and the journal
# emptied: cut there, it keeps its first parts (stale entries: the base written before has them).
appends = [cuts(journal, saves("journal0", entry), entries("journal0"), OLD, OLD + [entry])
           for entry in (NEW, LONG)]
emptied = cuts(journal, saves("journal0", None), entries("journal0"), OLD,
               lambda found: found == OLD[:len(found)])
appends.append(emptied)
NEXT = {"credits": [90] * 8, "wagers": STATE["wagers"][:50]}  # over a block, as STATE is
replaced = cuts(lambda m: m.save("state0", STATE), saves("state0", NEXT),
                lambda m: m.load("state0", True), STATE, NEXT)
halves = cuts(control, in_two, size, 2000, 2200)
print(json.dumps({"append_cuts": sum(a[0] for a in appends),
                  "append_wrong": sum([a[1] for a in appends], []),
                  "write_cuts": replaced[0], "write_wrong": replaced[1],
                  "control_cuts": halves[0], "control_wrong": halves[1]}))
