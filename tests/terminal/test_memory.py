# terminal.memory: a record is two copies, each with a sequence number and a CRC-32; the newest
# good copy wins and repairs the other; a record with no good copy is a RamError. A journal
# (terminal.journal) is appended to, in parts, its lines checked one by one. And the storage
# twin's power cut (drivers.storage.MemoryStorage.cut).
from support import raises
from drivers.storage import MemoryStorage, PowerCut
import json

from terminal.journal import SEGMENT, _lines, entries, line
from terminal.memory import CriticalMemory, RamError, pack, unpack
from terminal.pieces import LONG, PIECE, pieces

RECORD = b'CR1 3 09fbfe3a\n[1,"a"]'  # pack(3, [1, "a"]), its CRC-32 worked out beforehand


def memory():
    return CriticalMemory(MemoryStorage())


def torn(data):
    return data[:len(data) // 2]


# -- pack and unpack

def test_pack_is_a_header_with_seq_and_crc_then_compact_json():
    assert pack(3, [1, "a"]) == RECORD


def test_unpack_gives_back_seq_and_content():
    assert unpack(RECORD) == (3, [1, "a"])
    assert unpack(pack(12, {"credits": [5, 0], "tilt": ""})) == (12, {"credits": [5, 0], "tilt": ""})


def test_unpack_refuses_damaged_bytes():
    assert unpack(RECORD.replace(b"[1,", b"[2,")) is None  # the content
    assert unpack(RECORD.replace(b"CR1 3", b"CR1 4")) is None  # the sequence number
    assert unpack(RECORD.replace(b"09fbfe3a", b"09fbfe3b")) is None  # the CRC
    assert unpack(RECORD.replace(b"CR1", b"CR2")) is None
    assert unpack(torn(RECORD)) is None
    assert unpack(RECORD[:-1]) is None
    for junk in (b"", b"CR1 3", b"\n", b"hello world", b"CR1 x 09fbfe3a\n[]", b"CR1 3 zz\n[]",
                 b"CR1 3 09fbfe3a extra\n[1]"):
        assert unpack(junk) is None, junk


def test_a_record_is_written_in_small_pieces_that_join_to_its_json():
    wagers = [[p, "place", 6, None, True, 12, 0, "up"] for p in range(3 * LONG)]
    record = {"layout": {"wagers": wagers, "point": 6}, "history": [[3, 4]] * (LONG + 1),
              "meters": {"counts": {"games": 7}, "kinds": {}}, "empty": [], "tilt": "é"}
    parts = pieces(record)
    assert b"".join(parts) == json.dumps(record, separators=(",", ":")).encode()
    assert len(parts) > 10 and max(len(p) for p in parts) <= PIECE  # none of them large
    for small in ({}, [], [1] * LONG, {"a": {}}, "x", None):
        assert b"".join(pieces(small)) == json.dumps(small, separators=(",", ":")).encode()


# -- CriticalMemory

def test_save_writes_both_copies_alike():
    m = memory()
    m.save("meters", [1, "a"])
    m.save("meters", [1, "a"])
    m.save("meters", [1, "a"])
    assert m.storage.names() == ["meters.a", "meters.b"]
    assert m.storage.files["meters.a"] == RECORD  # the third save: seq 3
    assert m.storage.files["meters.b"] == RECORD


def test_a_record_never_saved_loads_as_none():
    assert memory().load("state") is None


def test_load_after_a_restart_carries_the_sequence_on():
    m = memory()
    m.save("state", {"n": 1})
    m.save("state", {"n": 2})
    again = CriticalMemory(m.storage)
    assert again.load("state") == {"n": 2}
    again.save("state", {"n": 3})
    assert unpack(m.storage.files["state.b"]) == (3, {"n": 3})


def test_the_newest_copy_wins_and_the_stale_one_is_repaired():
    m = memory()
    files = m.storage.files
    files["x.a"], files["x.b"] = pack(5, "new"), pack(4, "old")  # cut between a and b
    assert m.load("x") == "new"
    assert files["x.b"] == pack(5, "new")
    files["x.a"], files["x.b"] = pack(6, "old"), pack(7, "new")
    assert m.load("x") == "new"
    assert files["x.a"] == pack(7, "new")


def test_a_damaged_copy_is_repaired_from_the_good_one():
    m = memory()
    m.save("x", "first")
    m.save("x", "second")
    files = m.storage.files
    files["x.a"] = torn(pack(3, "third"))  # the next save's copy a was torn
    assert m.load("x") == "second"
    assert files["x.a"] == pack(2, "second")
    files["x.b"] = b"garbage"
    assert m.load("x") == "second"
    assert files["x.b"] == pack(2, "second")


def test_a_first_save_cut_before_copy_b_was_never_written():
    for tear in (False, True):
        m = memory()
        m.storage.cut(1, tear)
        raises(PowerCut, m.save, "state", {"credits": [100]})
        assert "state.b" not in m.storage.files
        assert ("state.a" in m.storage.files) == tear
        assert CriticalMemory(m.storage).load("state") is None


def test_a_first_save_cut_at_copy_b_keeps_copy_a():
    m = memory()
    m.storage.cut(2)
    raises(PowerCut, m.save, "state", {"credits": [100]})
    again = CriticalMemory(m.storage)
    assert again.load("state") == {"credits": [100]}
    assert m.storage.files["state.b"] == m.storage.files["state.a"]


def test_every_copy_damaged_is_a_ram_error():
    m = memory()
    m.save("state", {"credits": [100]})
    m.storage.files["state.a"] = b"junk"
    m.storage.files["state.b"] = torn(m.storage.files["state.b"])
    e = raises(RamError, m.load, "state")
    assert "state" in str(e)
    m.storage.files["state.a"] = pack(1, "fine")  # no repair was written over them
    assert m.storage.files["state.b"] != pack(1, "fine")


def test_copy_a_gone_and_copy_b_damaged_is_a_ram_error():
    m = memory()
    m.storage.files["state.b"] = b"junk"
    raises(RamError, m.load, "state")


class FailingStorage(MemoryStorage):
    """A flash that fails: every write raises OSError."""

    def _write(self, name, before, data):
        raise OSError(5)


class WrongStorage(MemoryStorage):
    """A worn flash: what is read back is not what was written."""

    def read(self, name):
        data = MemoryStorage.read(self, name)
        return data[:-1] + b"!" if data else data


def test_a_write_that_fails_is_a_ram_error():
    m = CriticalMemory(FailingStorage())
    e = raises(RamError, m.save, "state", {"n": 1})
    assert "state.a" in str(e)


def test_a_copy_that_reads_back_wrong_is_a_ram_error():
    m = CriticalMemory(WrongStorage())
    e = raises(RamError, m.save, "state", {"n": 1})
    assert "state.a" in str(e)
    assert m.bytes_written == 0


def test_bytes_written_counts_each_copy_and_each_repair():
    m = memory()
    m.save("x", [1, "a"])
    m.save("x", [1, "a"])
    assert m.bytes_written == 4 * 22  # pack(n, [1, "a"]) is 22 bytes for n < 10
    m.storage.files["x.b"] = b"bad"
    again = CriticalMemory(m.storage)
    assert again.load("x") == [1, "a"]
    assert again.bytes_written == 22  # copy b repaired
    assert again.load("x") == [1, "a"]
    assert again.bytes_written == 22  # both good: nothing written


def test_remove_drops_both_copies():
    m = memory()
    m.save("x", 1)
    m.save("y", 2)
    m.remove("x")
    assert m.storage.names() == ["y.a", "y.b"]
    assert m.load("x") is None
    m.save("x", 3)
    assert unpack(m.storage.files["x.a"]) == (1, 3)


# -- the storage twin's power cut

def test_a_cut_write_keeps_the_old_content():
    s = MemoryStorage()
    s.write("f", b"old")
    s.cut(1)
    raises(PowerCut, s.write, "f", b"newdata")
    assert s.read("f") == b"old"
    s.write("f", b"newdata")  # the power is back
    assert s.read("f") == b"newdata"


def test_a_torn_write_leaves_half_the_new_bytes():
    s = MemoryStorage()
    s.write("f", b"old")
    s.cut(1, tear=True)
    raises(PowerCut, s.write, "f", b"newdata")
    assert s.read("f") == b"new"


def test_a_cut_counts_writes_from_now():
    s = MemoryStorage()
    s.write("a", b"1")
    s.cut(3)
    s.write("b", b"2")
    s.write("c", b"3")
    raises(PowerCut, s.write, "d", b"4")
    assert s.names() == ["a", "b", "c"]
    assert s.writes == 4


def test_a_power_cut_is_not_an_exception_a_handler_would_catch():
    assert not issubclass(PowerCut, Exception)
    s = MemoryStorage()
    s.cut(1)
    try:
        try:
            s.write("f", b"x")
        except Exception:
            raise AssertionError("caught as an Exception")
    except PowerCut:
        pass


def test_an_expected_record_with_a_copy_missing_is_a_ram_error():
    m = memory()
    m.save("state", {"credits": 5})
    del m.storage.files["state.b"]  # not a cut: a first save is never expected
    assert m.load("state") == {"credits": 5}  # (repaired: as a record not yet expected)
    del m.storage.files["state.a"]
    assert "missing" in str(raises(RamError, m.load, "state", True))
    del m.storage.files["state.b"]
    raises(RamError, m.load, "state", True)
    assert m.load("state") is None


def test_empty_is_no_record_at_all():
    m = memory()
    assert m.empty()
    m.storage.write("errors.log", b"x")  # not a record
    assert m.empty()
    m.save("audit", [])
    assert not m.empty()


def test_verify_rereads_both_copies_against_what_was_saved_or_loaded():
    m = memory()
    m.save("state", {"credits": 5})
    assert m.verify("state")
    assert not m.verify("roll")  # neither saved nor loaded
    good = m.storage.files["state.b"]
    m.storage.files["state.b"] = pack(1, {"credits": 500})  # whole, and not what was saved
    assert not m.verify("state")
    m.storage.files["state.b"] = good
    again = CriticalMemory(m.storage)
    assert again.load("state") == {"credits": 5} and again.verify("state")
    del m.storage.files["state.a"]
    assert not again.verify("state")


# -- journals: append-only, a line an entry, each with its number and CRC-32, in parts

ENTRY = b'6e56eb27 1 ["d",7,[3,4]]\n'  # its CRC-32: zlib.crc32(b'1 ["d",7,[3,4]]')


def test_a_journal_entry_is_a_line_with_its_crc_and_number():
    assert b"".join(line(1, ["d", 7, [3, 4]])) == ENTRY
    assert entries(ENTRY) == [["d", 7, [3, 4]]]
    assert entries(ENTRY + b"x") == [["d", 7, [3, 4]]]  # a torn end is no entry
    assert entries(ENTRY.replace(b"[3", b"[4") + ENTRY) is None  # damaged


def test_a_journal_reads_its_lines_whatever_the_chunks_cut():
    # The board reads a part through a 256-byte buffer: a line can span chunks, end on a
    # chunk's last byte, or be a torn end that spans chunks.
    first, second = b"".join(line(1, WAGERS)), b"".join(line(2, ["d", 7, [3, 4]]))
    data = first + second
    for size in (1, 7, len(first) - 1, len(first), len(first) + 1, len(data)):
        chunked = [data[at:at + size] for at in range(0, len(data), size)]
        assert list(_lines(chunked)) == [first[:-1], second[:-1]], size
        torn = [data[:-3][at:at + size] for at in range(0, len(data) - 3, size)]
        assert list(_lines(torn)) == [first[:-1], None], size
    assert list(_lines([])) == [] and list(_lines([b"\n"])) == [b""]


def test_a_save_appends_to_both_copies_and_none_empties_them():
    m = memory()
    m.save("journal0", None)
    m.save("journal0", ["d", 7, [3, 4]])
    m.save("journal0", {"n": 2})
    files = m.storage.files
    assert files["journal0-0.a"] == files["journal0-0.b"] == ENTRY + b"".join(line(2, {"n": 2}))
    assert list(CriticalMemory(m.storage).load("journal0")) == [["d", 7, [3, 4]], {"n": 2}]
    written = m.bytes_written
    m.save("journal0", 3)
    assert m.bytes_written - written == 2 * len(b"".join(line(3, 3)))  # the line, not the file
    m.save("journal0", None)
    assert files["journal0-0.a"] == files["journal0-0.b"] == b""
    assert list(CriticalMemory(m.storage).load("journal0")) == []
    assert memory().load("journal1") is None  # never written


def journal(*entries_):
    m = memory()
    m.save("journal0", None)
    for entry in entries_:
        m.save("journal0", entry)
    return m


WAGERS = [[p, "place", 6, 12, None, True, 0, 0] for p in range(4)]  # a line of about 150 bytes
HALF = [[p, "place", 6, 12, None, True, 0, 0] for p in range(8)]  # over half a part: one a part


def test_a_journal_is_kept_in_small_parts_and_emptied_from_the_last():
    size = len(b"".join(line(1, [0, WAGERS])))
    assert 3 * (size + 1) < SEGMENT < 4 * size
    m = journal(*[[n, WAGERS] for n in range(10)])
    files = m.storage.files
    parts = sorted(name for name in files if name.endswith(".a"))
    assert parts == ["journal0-%d.a" % k for k in range(4)]  # 3 lines a part, 1 in the last
    assert all(len(files[name]) <= SEGMENT for name in parts)
    assert list(CriticalMemory(m.storage).load("journal0")) == [[n, WAGERS] for n in range(10)]
    big = [[p, "place", 6, 12, None, True, 0, 0] for p in range(20)]
    m.save("journal0", big)  # longer than a part: one of its own
    assert entries(files["journal0-4.a"], 11) == [big] and len(files["journal0-4.a"]) > SEGMENT
    m.storage.cut(2)  # the second removal: the last part's copy a (its copy b went first)
    raises(PowerCut, m.save, "journal0", None)
    assert "journal0-4.b" not in files and "journal0-4.a" in files
    again = CriticalMemory(m.storage)
    assert len(again.load("journal0")) == 11  # all there: the cut left the entries whole
    again.save("journal0", None)
    assert sorted(files) == ["journal0-0.a", "journal0-0.b"]


def test_an_append_cut_at_either_copy_leaves_the_entries_whole_old_or_new():
    for at, tear, loaded in ((1, False, [1]), (1, True, [1]), (2, False, [1, 2]),
                             (2, True, [1, 2])):
        m = journal(1)
        m.storage.cut(at, tear)
        raises(PowerCut, m.save, "journal0", 2)
        again = CriticalMemory(m.storage)
        assert list(again.load("journal0", expected=True)) == loaded, (at, tear)
        files = m.storage.files
        assert files["journal0-0.a"] == files["journal0-0.b"]  # the torn or short copy repaired
        again.save("journal0", 3)  # and it goes on from there
        assert list(CriticalMemory(m.storage).load("journal0")) == loaded + [3]


def test_a_first_append_to_a_new_part_cut_before_copy_b_keeps_copy_a():
    m = journal([0, HALF])  # part 0 full
    m.storage.cut(2)
    raises(PowerCut, m.save, "journal0", [1, HALF])
    assert "journal0-1.a" in m.storage.files and "journal0-1.b" not in m.storage.files
    assert len(CriticalMemory(m.storage).load("journal0", True)) == 2
    assert m.storage.files["journal0-1.b"] == m.storage.files["journal0-1.a"]


def test_a_damaged_line_is_repaired_from_the_other_copy():
    m = journal(1, 2, 3)
    files = m.storage.files
    good = files["journal0-0.b"]
    for at in (0, 9, len(good) // 2, len(good) - 2):  # a CRC digit, a number, the middle, the end
        files["journal0-0.a"] = good[:at] + bytes([good[at] ^ 0x20]) + good[at + 1:]
        assert list(CriticalMemory(m.storage).load("journal0")) == [1, 2, 3], at
        assert files["journal0-0.a"] == good


def test_a_journal_damaged_in_both_copies_or_whose_copies_differ_is_a_ram_error():
    m = journal(1, 2, 3)
    files = m.storage.files
    good = files["journal0-0.a"]
    files["journal0-0.a"] = files["journal0-0.b"] = good.replace(b" 2 2", b" 2 5")
    assert "every copy is damaged" in str(raises(RamError, m.load, "journal0"))
    files["journal0-0.a"] = good
    files["journal0-0.b"] = b"".join(line(1, 1) + line(2, 5))  # whole, but not copy a's
    assert "other entries" in str(raises(RamError, m.load, "journal0"))
    del files["journal0-0.b"]
    assert "missing" in str(raises(RamError, m.load, "journal0", True))


def test_a_part_missing_or_torn_before_the_last_is_a_ram_error():
    m = journal(*[[n, HALF] for n in range(3)])  # parts 0, 1 and 2
    files = m.storage.files
    saved = dict(files)
    del files["journal0-1.a"], files["journal0-1.b"]
    assert "a part is missing" in str(raises(RamError, m.load, "journal0"))
    files.update(saved)
    for copy in (".a", ".b"):
        files["journal0-1" + copy] = files["journal0-1" + copy][:-10]
    assert "torn" in str(raises(RamError, m.load, "journal0"))
    files.update(saved)
    files["journal0-2.a"] = files["journal0-0.a"]  # whole lines, but not the numbers that follow
    assert len(CriticalMemory(m.storage).load("journal0")) == 3  # copy b is right: it wins


def test_a_journal_changed_since_it_was_written_fails_verify():
    m = journal(1, 2)
    assert m.verify("journal0")
    files = m.storage.files
    files["journal0-0.b"] = files["journal0-0.b"] + b"".join(line(3, 3))  # whole, but not saved
    assert not m.verify("journal0")
    raises(RamError, m.save, "journal0", 3)  # nothing is appended to it blind
    assert not memory().verify("journal0")  # never saved nor loaded


def test_a_long_part_is_read_and_repaired_a_chunk_at_a_time():
    big = [[p, "place", 6, 12, None, True, 0, 0] for p in range(20)]  # a line of 600 bytes
    m = journal([0, big])
    files = m.storage.files
    good = files["journal0-0.a"]
    files["journal0-0.a"] = good + b"".join(line(2, big))[:100]  # a torn second entry
    files["journal0-0.b"] = b""  # none yet: the cut fell before copy b's append
    assert list(CriticalMemory(m.storage).load("journal0")) == [[0, big]]
    assert files["journal0-0.a"] == files["journal0-0.b"] == good


# -- start-up reads each record's copies, and parses one when they are alike

def counted(module, name):
    """Replace module.name with a wrapper that counts its calls: (the count, the original)."""
    calls = [0]
    original = getattr(module, name)

    def count(*args):
        calls[0] += 1
        return original(*args)
    setattr(module, name, count)
    return calls, original


def test_a_record_whose_copies_are_alike_is_parsed_once():
    from terminal import memory as module
    m = memory()
    m.save("state0", {"credits": [5, 0]})
    calls, original = counted(module, "unpack")
    try:
        assert CriticalMemory(m.storage).load("state0", True) == {"credits": [5, 0]}
        assert calls[0] == 1
        m.storage.files["state0.b"] = torn(m.storage.files["state0.b"])
        assert CriticalMemory(m.storage).load("state0", True) == {"credits": [5, 0]}
        assert calls[0] == 3  # copies that differ: each parsed, and the damaged one repaired
    finally:
        module.unpack = original
    assert m.storage.files["state0.b"] == m.storage.files["state0.a"]


def test_a_journal_part_whose_copies_are_alike_has_its_lines_checked_once():
    from terminal import memory as module
    m = journal(1, 2, 3)
    calls, original = counted(module, "scan")
    try:
        assert list(CriticalMemory(m.storage).load("journal0", True)) == [1, 2, 3]
        assert calls[0] == 1
        files = m.storage.files
        good = files["journal0-0.a"]
        files["journal0-0.b"] = good[:9] + bytes([good[9] ^ 0x20]) + good[10:]
        assert list(CriticalMemory(m.storage).load("journal0", True)) == [1, 2, 3]
        assert files["journal0-0.b"] == good  # copies that differ: each checked, and repaired
    finally:
        module.scan = original
