# `python -m host_tools recall` and `audit`: a cabinet played through the power-cut harness's
# three-station script leaves its records in a storage folder; the rolls its journals hold are
# settled again as at power-up, and each exports as a format 2 scenario that replays exactly.
# A record changed behind the CRC (re-packed with a valid one) is caught by the journal's
# checks or the audit chain, not by the CRC.
import binascii
import glob
import io
import time

import pytest

from host_tools import __main__ as cli, records, replay
from host_tools.remote import NotMicroPython, Remote
from drivers.storage import MemoryStorage
from terminal.audit import AuditLog
from terminal.journal import entries, line, part
from terminal.memory import pack, unpack

from repo_modules import load


load("cabinet_support", "tests", "terminal", "cabinet_support.py")  # power_cuts' seeded dice
power_cuts = load("power_cuts", "tests", "terminal", "power_cuts.py")
_board = load("virtual_board_fixture", "tests", "virtual_board", "fixture.py")
virtual_board = _board.virtual_board


@pytest.fixture(scope="module")
def played():
    """The storage files of the script played through, uninterrupted: 11 games on 3 stations,
    a new base every second roll (persistence.base_rolls), so that journal0 holds games 9-10
    and journal1, emptied at the tenth, the eleventh: the full records of games 9-11."""
    run = power_cuts.Run(MemoryStorage())
    for step in power_cuts.SCRIPT:
        run.step(step)
    return dict(run.storage.files)


@pytest.fixture
def folder(played, tmp_path):
    path = tmp_path / "data"
    path.mkdir()
    for name, data in played.items():
        (path / name).write_bytes(data)
    return path


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rejournal(folder, name, change):
    """Change a journal's entries and write them back, with valid CRCs, as a forger would: all
    in its first part (a part may hold more than its size when an entry is long)."""
    parts = sorted(folder.glob(name + "-*.a"), key=lambda p: int(p.name[len(name) + 1:-2]))
    found = []
    for path in parts:
        found += entries(path.read_bytes(), len(found) + 1)
    change(found)
    for path in parts:
        for copy in (".a", ".b"):
            path.with_suffix(copy).unlink()
    data = b"".join(b"".join(line(n + 1, entry)) for n, entry in enumerate(found))
    for copy in (".a", ".b"):
        (folder / (part(name, 0) + copy)).write_bytes(data)


def repack(folder, name, change):
    """Change a record's content and write both copies with a valid CRC, as a forger would."""
    seq, obj = unpack((folder / (name + ".a")).read_bytes())
    change(obj)
    for copy in (".a", ".b"):
        (folder / (name + copy)).write_bytes(pack(seq, obj))


# -- recall

def test_recall_exports_replay_exactly(folder, tmp_path, capsys):
    out_dir = tmp_path / "out"
    code, out, err = run(capsys, "recall", "--dir", str(folder), "--out", str(out_dir))
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["game", "dice"]
    assert [int(row.split()[0]) for row in lines[1:]] == list(range(9, 12))
    assert all(row.endswith(" ok") for row in lines[1:])
    exports = sorted(glob.glob(str(out_dir / "game-*.json")))
    assert len(exports) == 3
    for path in exports:
        printed = io.StringIO()
        assert replay.main(type("Args", (), {"file": path}), out=printed) == 0
        with open(path[:-len(".json")] + ".expected.jsonl") as f:
            assert printed.getvalue() == f.read(), path  # to the byte, moves and key order too


def test_recall_prints_each_games_dice_shooter_and_credits(folder, capsys):
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    game9 = [row for row in out.splitlines() if row.split()[0] == "9"][0]
    # The seven-out before passed the dice to S2, whose pass bet of 5 won even money on 11.
    assert game9.split() == ["9", "5+6", "S2", "210", "181", "175", "->", "210", "191", "175",
                             "1", "ok"]


def test_a_damaged_record_is_named(folder, capsys):
    for copy in (".a", ".b"):
        (folder / ("journal0-0" + copy)).write_bytes(b"00000000 1 []\nx\n")
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and "damaged record: journal0-0: every copy is damaged" in out


def test_one_damaged_copy_is_the_cabinets_business_not_a_mismatch(folder, capsys):
    (folder / "journal0-0.a").write_bytes(b"torn")
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 0, out
    assert (folder / "journal0-0.a").read_bytes() == b"torn"  # the folder is read, never repaired


def drop_a_roll(found):
    del found[[e[0] for e in found].index("d")]


# An entry that passes its CRC is still untrusted: one that does not follow the commit before
# it, or of the wrong shape, is named in one line, never a traceback.
@pytest.mark.parametrize("change, message", [
    (drop_a_roll, "does not follow commit"),
    (lambda found: found[-1].__setitem__(0, "x"), "does not follow commit"),
    (lambda found: found[-1].__setitem__(2, [7, 1]), "a die shows 1 to 6"),
    (lambda found: found[-1].__setitem__(2, [4]), "index out of range"),
    (lambda found: found[0].__setitem__(2, [9, {}]), "a change that does not fit"),
    (lambda found: found.__setitem__(0, 5), "entry 5:"),
])
def test_a_journal_entry_forged_behind_its_crc_is_named(folder, capsys, change, message):
    rejournal(folder, "journal0", change)  # (the older: games 9-10)
    code, out, err = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and err == "", err
    assert out.splitlines()[-1].startswith("damaged record: journal0: entry ")
    assert message in out.splitlines()[-1], out


def rewrite(folder, name, body):
    """Both copies of a record with `body` (bytes) as its content, behind a valid CRC."""
    head = b"CR1 99"
    for copy in (".a", ".b"):
        (folder / (name + copy)).write_bytes(
            b"%s %08x\n%s" % (head, binascii.crc32(body, binascii.crc32(head)), body))


def test_a_record_nested_too_deep_is_damaged_not_a_recursion_error(folder, capsys):
    rewrite(folder, "state1", b'{"commit": 5, "layout": ' + b"[" * 50000 + b"]" * 50000 + b"}")
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and "damaged record: state1: every copy is damaged" in out
    code, out, err = run(capsys, "audit", "--dir", str(folder))
    assert code == 1 and err == "audit: damaged record: state1: every copy is damaged\n"


@pytest.mark.parametrize("make, message", [
    (lambda tmp: str(tmp / "nothing"), "is not a folder"),
    (lambda tmp: str(tmp), "holds no cabinet records"),
])
def test_a_folder_without_records_is_one_line(tmp_path, capsys, make, message):
    code, out, err = run(capsys, "recall", "--dir", make(tmp_path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and message in err


def test_a_board_with_the_repl_closed_says_service_mode(monkeypatch):
    def closed(self, code, **kw):
        raise NotMicroPython("/dev/ttyACM0 is not a MicroPython board: it did not answer the "
                             "raw REPL")
    monkeypatch.setattr(Remote, "exec", closed)
    with pytest.raises(records.NoRecords, match="only in service mode"):
        records.from_board("/dev/ttyACM0")


def test_a_port_that_does_not_exist_is_one_line(tmp_path, capsys):
    code, out, err = run(capsys, "audit", "--port", str(tmp_path / "ttyNONE"), "--timeout", "10")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "cannot open" in err


# -- audit

def test_the_audit_chain_holds_on_the_real_log(folder, played, capsys):
    code, out, _ = run(capsys, "audit", "--dir", str(folder))
    assert code == 0, out
    log = unpack(played["audit.a"])[1]
    assert "newest hash: %s" % AuditLog(log).head() in out
    assert "chain holds: 15 entries" in out
    assert any(line.split()[3:] == ["HANDPAY", "PAID", "S3", "243"] for line in out.splitlines())
    assert "  games                    11" in out and "  credits_out             243" in out


def test_audit_prints_credits_in_by_source(folder, capsys):
    code, out, _ = run(capsys, "audit", "--dir", str(folder))
    assert code == 0 and "  acceptor_in             150" in out
    assert "  attendant_in              0" in out


def test_an_audit_entry_changed_behind_the_crc_breaks_the_chain(folder, capsys):
    def smaller_handpay(log):
        log["entries"][1][5] = "S3 24"
    repack(folder, "audit", smaller_handpay)
    code, out, _ = run(capsys, "audit", "--dir", str(folder))
    assert code == 1
    assert out.splitlines()[-1] == "chain BROKEN: entry 2 does not match its hash: it was changed"


def test_an_audit_entry_removed_breaks_the_chain(folder, capsys):
    repack(folder, "audit", lambda log: log["entries"].pop(4))
    code, out, _ = run(capsys, "audit", "--dir", str(folder))
    assert code == 1 and "entry 6 follows entry 4: entries are missing" in out


# -- a board, through mpremote

@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(entries=5), "audit.entries is a list, each a list of 7, not 5"),
    (lambda r: r["entries"][0].__setitem__(0, "x"),
     "audit.entries[0][0] is a whole number, not \"x\""),
])
def test_an_audit_record_of_the_wrong_shape_is_named(folder, capsys, change, message):
    repack(folder, "audit", change)
    code, out, err = run(capsys, "audit", "--dir", str(folder))
    assert code == 1 and err == "" and out.splitlines()[-1] == "a record is malformed: " + message


@pytest.mark.parametrize("change, message", [
    (lambda r: r["meters"].update(kinds=[]), "damaged record: state1: "),
    (lambda r: r.pop("meters"), "damaged record: state1: state.meters is missing"),
    (lambda r: r.update(rules={"odds": "99x"}), "malformed: state1: house rule odds cannot be"),
    (lambda r: r.pop("layout"), "malformed: state1.layout is missing"),
])
def test_a_base_of_the_wrong_shape_is_named(folder, capsys, change, message):
    repack(folder, "state1", change)  # (the newer base, written at the tenth roll)
    code, out, err = run(capsys, "audit", "--dir", str(folder))
    said = (out + err).strip()  # a malformed base is said as a malformed record: stdout
    assert code == 1 and len(said.splitlines()) == 1 and message in said, said


def test_recall_and_audit_read_a_boards_data_folder(virtual_board, folder, capsys):
    started = time.monotonic()
    remote = Remote(virtual_board.port, timeout=30)
    # A board that has played: its /data as the cabinet left it (written in one exec).
    writes = ["import os, binascii", "try:\n    os.mkdir('/data')\nexcept OSError:\n    pass"]
    for path in sorted(folder.iterdir()):
        writes.append("f = open('/data/%s', 'wb'); f.write(binascii.unhexlify('%s')); f.close()"
                      % (path.name, binascii.hexlify(path.read_bytes()).decode()))
    remote.exec("\n".join(writes))
    from_board = run(capsys, "recall", "--port", virtual_board.port)
    assert from_board == run(capsys, "recall", "--dir", str(folder))
    assert from_board[0] == 0 and len(from_board[1].splitlines()) == 1 + 3
    code, out, _ = run(capsys, "audit", "--port", virtual_board.port)
    assert code == 0 and "chain holds: 15 entries" in out
    print("\nrecall and audit from the virtual board: %.1f s" % (time.monotonic() - started))
