# `python -m host_tools recall` and `audit`: a cabinet played through the power-cut harness's
# three-station script leaves its records in a storage folder; every recall record exports as a
# format 2 scenario that replays exactly, and a record changed behind the CRC (re-packed with a
# valid one) is caught by the replay or the audit chain, not by the CRC.
import binascii
import glob
import io
import time

import pytest

from host_tools import __main__ as cli, records, replay
from host_tools.remote import NotMicroPython, Remote
from drivers.storage import MemoryStorage
from terminal.audit import AuditLog
from terminal.memory import pack, unpack

from repo_modules import load


load("cabinet_support", "tests", "terminal", "cabinet_support.py")  # power_cuts' seeded dice
power_cuts = load("power_cuts", "tests", "terminal", "power_cuts.py")
_board = load("virtual_board_fixture", "tests", "virtual_board", "fixture.py")
virtual_board = _board.virtual_board


@pytest.fixture(scope="module")
def played():
    """The storage files of the script played through, uninterrupted: 11 games, so the
    eleventh's recall record has taken the first's slot."""
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
    assert [int(line.split()[0]) for line in lines[1:]] == list(range(2, 12))
    assert all(line.endswith(" ok") for line in lines[1:])
    exports = sorted(glob.glob(str(out_dir / "game-*.json")))
    assert len(exports) == 10
    for path in exports:
        printed = io.StringIO()
        assert replay.main(type("Args", (), {"file": path}), out=printed) == 0
        with open(path[:-len(".json")] + ".expected.jsonl") as f:
            assert printed.getvalue() == f.read(), path  # to the byte, moves and key order too


def test_recall_prints_each_games_dice_shooter_and_credits(folder, capsys):
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    game6 = [line for line in out.splitlines() if line.split()[0] == "6"][0]
    # The attendant's reading 4+6 made S1's point of 10: S3's pass and odds paid.
    assert game6.split() == ["6", "4+6", "S1", "205", "185", "50", "->", "215", "185", "175",
                             "4", "ok"]


def test_a_settlement_changed_behind_the_crc_is_a_mismatch(folder, capsys):
    def pay_more(record):
        record["settlements"][0][5] += 100  # its win
    repack(folder, "recall6", pay_more)
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1
    assert "DIFFERS" in [line for line in out.splitlines() if line.split()[0] == "6"][0]
    assert "game 6: recorded, not replayed:" in out and "game 6: replayed, not recorded:" in out


def test_credits_changed_behind_the_crc_are_a_mismatch(folder, capsys):
    def more_credits(record):
        record["credits"][1] += 1
    repack(folder, "recall4", more_credits)
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and "game 4: credits recorded [210, 191, 243], replayed [210, 190, 243]" in out


def test_a_damaged_record_is_named(folder, capsys):
    for copy in (".a", ".b"):
        (folder / ("recall3" + copy)).write_bytes(b"CR1 9 00000000\n{}")
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and "damaged record: recall3: every copy is damaged" in out
    assert len(out.splitlines()) == 1 + 9 + 1  # the other nine games are shown


def test_one_damaged_copy_is_the_cabinets_business_not_a_mismatch(folder, capsys):
    (folder / "recall3.a").write_bytes(b"torn")
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 0, out
    assert (folder / "recall3.a").read_bytes() == b"torn"  # the folder is read, never repaired


def test_a_record_that_is_not_a_recall_record_is_reported(folder, capsys):
    repack(folder, "recall5", lambda record: record.pop("layout"))
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and "recall5.layout is missing" in out


def rewrite(folder, name, body):
    """Both copies of a record with `body` (bytes) as its content, behind a valid CRC."""
    head = b"CR1 99"
    for copy in (".a", ".b"):
        (folder / (name + copy)).write_bytes(
            b"%s %08x\n%s" % (head, binascii.crc32(body, binascii.crc32(head)), body))


# A record that passes its CRC is still untrusted: its shape is checked, and a field of the wrong
# kind is named in one line, never a traceback.
@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(credits=True), "recall5.credits is a list, each a whole number, not true"),
    (lambda r: r.pop("moves"), "recall5.moves is missing"),
    (lambda r: r.update(layout=[]), "recall5.layout is an object, not a list"),
    (lambda r: r["settlements"].append([0, "pass", 0, None, 9, 0, 0, 0, 0, 0]),
     "recall5.settlements[0][4] is a whole number from 0 to 5, not 9"),
    (lambda r: r.update(dice=[1]), "recall5.dice is a list of 2, not a list"),
    (lambda r: r.update(shooter="S1"), "recall5.shooter is a whole number or null, not \"S1\""),
])
def test_a_recall_record_of_the_wrong_shape_is_named(folder, capsys, change, message):
    repack(folder, "recall5", change)
    code, out, err = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and err == "" and message in out.splitlines()


def test_a_record_nested_too_deep_is_damaged_not_a_recursion_error(folder, capsys):
    rewrite(folder, "recall5", b'{"game": 5, "layout": ' + b"[" * 50000 + b"]" * 50000 + b"}")
    code, out, _ = run(capsys, "recall", "--dir", str(folder))
    assert code == 1 and "damaged record: recall5: every copy is damaged" in out
    rewrite(folder, "state", b"[" * 50000 + b"]" * 50000)
    code, out, err = run(capsys, "audit", "--dir", str(folder))
    assert code == 1 and err == "audit: damaged record: state: every copy is damaged\n"


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


def test_audit_prints_credits_in_by_source_and_reads_a_state_saved_before_them(folder, capsys):
    code, out, _ = run(capsys, "audit", "--dir", str(folder))
    assert code == 0 and "  acceptor_in             150" in out
    assert "  attendant_in              0" in out

    def before_sources(state):
        for name in ("acceptor_in", "attendant_in"):
            del state["meters"]["counts"][name]
        del state["meters"]["audited"]
    repack(folder, "state", before_sources)
    code, out, _ = run(capsys, "audit", "--dir", str(folder))
    assert code == 0 and "  acceptor_in               -" in out
    assert "  games                    11" in out


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

@pytest.mark.parametrize("name, change, message", [
    ("state", lambda r: r["meters"].update(kinds=[]), "state.meters.kinds is an object, not a list"),
    ("state", lambda r: r["meters"].update(kinds="x"), "state.meters.kinds is an object, not \"x\""),
    ("state", lambda r: r["meters"]["kinds"].update(pass_=[1]),
     "state.meters.kinds.pass_ is a list of 2, not a list"),
    ("state", lambda r: r.pop("meters"), "state.meters is missing"),
    ("audit", lambda r: r.update(entries=5), "audit.entries is a list, each a list of 7, not 5"),
    ("audit", lambda r: r["entries"][0].__setitem__(0, "x"),
     "audit.entries[0][0] is a whole number, not \"x\""),
])
def test_an_audit_or_state_record_of_the_wrong_shape_is_named(folder, capsys, name, change,
                                                               message):
    repack(folder, name, change)
    code, out, err = run(capsys, "audit", "--dir", str(folder))
    assert code == 1 and err == "" and out.splitlines()[-1] == "a record is malformed: " + message


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
    assert from_board[0] == 0 and len(from_board[1].splitlines()) == 11
    code, out, _ = run(capsys, "audit", "--port", virtual_board.port)
    assert code == 0 and "chain holds: 15 entries" in out
    print("\nrecall and audit from the virtual board: %.1f s" % (time.monotonic() - started))
