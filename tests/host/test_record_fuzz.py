# Forged record folders: a base, the set-up marker, the audit log or a journal's entries changed
# at random and written back behind valid CRCs, as a forger would (seeded: the same folders each
# run). `recall` and `audit` on each say what is wrong in one line with a non-zero exit, or read
# it (a change the cabinet takes), never a traceback. RECORD_FUZZ=N tries N folders (200 here).
import os
import random

from host_tools import __main__ as cli
from terminal.journal import entries, line, part
from terminal.memory import pack, unpack

from repo_modules import load

power_cuts = load("power_cuts", "tests", "terminal", "power_cuts.py")
ODD = (1.5, "x", None, True, False, [], {}, -1, 10 ** 12, [1], [1, 2, 3], {"x": 1}, 0)
RECORDS = ("state0", "state1", "setup", "audit", "journal0", "journal1")


def forge(value, rng):
    """value with one field somewhere in it replaced by an odd one."""
    if type(value) in (list, dict) and value and rng.random() < 0.8:
        keys = list(range(len(value))) if type(value) is list else sorted(value)
        key = rng.choice(keys)
        value[key] = forge(value[key], rng)
        return value
    return rng.choice(ODD)


def forged(files, name, rng):
    """files (name: bytes) with the record `name` forged behind valid CRCs."""
    files = dict(files)
    if name.startswith("journal"):
        found = []
        k = 0
        while part(name, k) + ".a" in files:
            found += entries(files.pop(part(name, k) + ".a"), len(found) + 1)
            files.pop(part(name, k) + ".b")
            k += 1
        at = rng.randrange(len(found))
        found[at] = forge(found[at], rng)
        data = b"".join(b"".join(line(n + 1, entry)) for n, entry in enumerate(found))
        files[part(name, 0) + ".a"] = files[part(name, 0) + ".b"] = data
    else:
        seq, obj = unpack(files[name + ".a"])
        files[name + ".a"] = files[name + ".b"] = pack(seq, forge(obj, rng))
    return files


def test_forged_record_folders_are_one_line_each_never_a_traceback(tmp_path, capsys):
    run = power_cuts.Run(power_cuts.MemoryStorage())
    for step in power_cuts.SCRIPT:
        run.step(step)
    rng = random.Random(19)
    refused = 0
    for n in range(int(os.environ.get("RECORD_FUZZ", 200))):
        folder = tmp_path / ("f%d" % n)
        folder.mkdir()
        for name, data in forged(run.storage.files, RECORDS[n % len(RECORDS)], rng).items():
            (folder / name).write_bytes(data)
        for tool in ("recall", "audit"):
            code = cli.main([tool, "--dir", str(folder)])
            out, err = capsys.readouterr()
            said = err or out.splitlines()[-1]
            assert "Traceback" not in out + err, (n, tool)
            if code:
                refused += 1
                assert len(err.splitlines()) <= 1 and said.strip(), (n, tool, out, err)
    assert refused, "no forgery was refused: the fuzz forges nothing"
