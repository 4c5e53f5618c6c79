# Critical memory on an FRAM (drivers/fram.py): the storage contract the flash files keep, on
# the twin part; then its promise: a power cut at any byte of a write, an overwrite, an append
# (in place, or moving the file), a removal or a compaction leaves the files as they were before it
# or as it made them, nothing between.
from drivers.fram import FramPart, FramStorage
from drivers.storage import PowerCut
from support import raises
from test_storage_files import contract

SMALL = 4096  # the smallest part: 8 slots of two 28-byte headers, then 3,648 bytes of data
DIRECTORY = 8 * 2 * 28


def test_the_fram_keeps_the_storage_contract():
    contract(lambda: FramStorage(FramPart()))


def test_its_files_outlive_it_and_a_new_or_erased_part_holds_none():
    part = FramPart()
    FramStorage(part).write("meters", b"42")
    FramStorage(part).append("meters", [b"0", b"0"])
    assert FramStorage(part).read("meters") == b"4200"
    assert FramStorage(part).names() == ["meters"]
    blank = FramPart()
    blank.mem[:] = b"\xff" * len(blank.mem)
    assert FramStorage(blank).names() == [] and FramStorage(FramPart()).names() == []


def test_a_bad_part_or_name_is_refused_and_changes_nothing():
    for size in (2048, 131072 + 512, 5000, "32768"):
        raises(ValueError, FramStorage, FramPart(), 0x50, size)
    raises(ValueError, FramStorage, FramPart(), 128)
    raises(OSError, FramStorage, FramPart(), 0x51)  # nothing answers there
    store = FramStorage(FramPart())
    store.write("a", b"1")
    before = bytes(store.i2c.mem)
    raises(ValueError, store.write, "journal0-12345.a", b"x")  # 16 bytes: a name has 15
    raises(ValueError, store.append, "journal0-12345.a", b"x")
    raises(TypeError, store.append, "a", "text")
    assert bytes(store.i2c.mem) == before


def test_a_full_part_says_so_and_changes_nothing():
    store = FramStorage(FramPart(SMALL), size=SMALL)
    store.write("big", b"b" * 3000)
    before = bytes(store.i2c.mem)
    raises(OSError, store.write, "more", b"m" * 1000)
    raises(OSError, store.append, "big", b"m" * 1000)
    for n in range(7):
        store.write("f%d" % n, b"")
    raises(OSError, store.write, "ninth", b"")  # 8 slots
    assert store.read("big") == b"b" * 3000 and store.read("more") is None
    assert bytes(store.i2c.mem[:DIRECTORY]) != before[:DIRECTORY]  # (the empty files' headers)
    assert bytes(store.i2c.mem[DIRECTORY:]) == before[DIRECTORY:]


def test_files_are_moved_together_to_make_room():
    store = FramStorage(FramPart(SMALL), size=SMALL)
    for n in range(6):
        store.write("f%d" % n, bytes([65 + n]) * 600)
    for n in (0, 2, 4):
        store.remove("f%d" % n)  # three 600-byte holes: no 1,500-byte one
    store.write("big", b"B" * 1500)
    assert store.read("big") == b"B" * 1500
    assert [store.read("f%d" % n) for n in (1, 3, 5)] == [bytes([65 + n]) * 600
                                                        for n in (1, 3, 5)]


# Each change, from a state of several files: (the state's steps, the change). A step or a
# change is (method, name, data).
CHANGES = (
    ((), ("write", "new", [b"first", b" file"])),
    ((("write", "a", b"old a"),), ("write", "a", [b"new", b" a"])),
    ((("write", "a", b"old a"),), ("overwrite", "a", b"new a, longer")),
    ((("write", "a", b"old a"),), ("write", "a", b"")),
    ((("write", "a", b"line 1\n"),), ("append", "a", [b"line ", b"2\n"])),  # in place
    ((("write", "a", b"line 1\n"), ("write", "b", b"next")), ("append", "a", b"line 2\n")),
    ((), ("append", "new", b"line 1\n")),
    ((("write", "a", b"a"), ("write", "b", b"b")), ("remove", "a", None)),
    # three holes, and a write that needs them together: files moved first
    ((("write", "f0", b"0" * 600), ("write", "f1", b"1" * 600), ("write", "f2", b"2" * 600),
      ("write", "f3", b"3" * 600), ("write", "f4", b"4" * 600), ("write", "f5", b"5" * 600),
      ("remove", "f0", None), ("remove", "f2", None), ("remove", "f4", None)),
     ("append", "f5", b"6" * 700)),
    # a hole shorter than the file after it, which cannot slide into it over its own bytes
    ((("write", "f0", b"0" * 200), ("write", "f1", (bytes(range(256)) * 3)[:600]), ("write", "f2", b"2" * 300),
      ("write", "f3", b"3" * 300), ("remove", "f0", None), ("remove", "f2", None)),
     ("write", "new", b"n" * 2500)),
)


def do(store, step):
    method, name, data = step
    getattr(store, method)(*((name,) if data is None else (name, data)))


def contents(store):
    return dict((name, store.read(name)) for name in store.names())


def test_a_cut_at_any_byte_of_a_change_leaves_every_file_old_or_new():
    for steps, change in CHANGES:
        part = FramPart(SMALL)
        store = FramStorage(part, size=SMALL)
        for step in steps:
            do(store, step)
        old = contents(store)
        before, written = bytes(part.mem), part.written
        do(store, change)
        new = contents(store)
        assert new != old, change
        for at in range(part.written - written):  # the power goes after `at` bytes
            cut = FramPart(SMALL)
            cut.mem[:] = before
            cut.cut(at)
            raises(PowerCut, do, FramStorage(cut, size=SMALL), change)
            # (new: the header's bytes not written were already the new ones)
            assert contents(FramStorage(cut, size=SMALL)) in (old, new), (change, at)
            assert at or contents(FramStorage(cut, size=SMALL)) == old
        whole = FramPart(SMALL)
        whole.mem[:] = before
        whole.cut(part.written - written)  # the change's last byte, then the power goes
        do(FramStorage(whole, size=SMALL), change)
        assert contents(FramStorage(whole, size=SMALL)) == new


def test_the_part_twin_cuts_after_n_bytes():
    part = FramPart(SMALL)
    part.cut(3)
    part.writeto_mem(0x50, 0, b"ab", addrsize=16)
    raises(PowerCut, part.writeto_mem, 0x50, 2, b"cdef", addrsize=16)
    assert bytes(part.mem[:6]) == b"abc\0\0\0" and part.written == 3
    part.writeto_mem(0x50, 0, b"xyz", addrsize=16)  # the power is back
    raises(ValueError, part.writeto_mem, 0x50, SMALL - 1, b"xy", addrsize=16)


def test_a_board_with_an_fram_keeps_its_critical_memory_there():
    from drivers import hardware
    from drivers.storage import MemoryStorage
    from terminal.memory import CriticalMemory
    part = FramPart(65536)

    class Machine:
        def Pin(self, gpio):
            return gpio

        def I2C(self, bus, sda, scl, freq):
            assert (bus, sda, scl) == (1, 2, 3)
            return part
    files = MemoryStorage()  # the flash's: the error and reset logs
    spec = {"driver": "fram", "i2c": {"id": 1, "sda": 2, "scl": 3}, "size": 65536}
    CriticalMemory(hardware.build_storage(Machine(), spec, files)).save("state0", {"credits": 5})
    assert files.names() == []
    assert FramStorage(part, size=65536).names() == ["state0.a", "state0.b"]
    assert hardware.build_storage(Machine(), {}, files) is files  # no storage named: the flash


def test_a_128_kb_part_answers_at_two_addresses_and_a_file_may_cross_them():
    part = FramPart(131072)
    contract(lambda: FramStorage(FramPart(131072), size=131072))
    store = FramStorage(part, size=131072)
    crossing = bytes(range(256)) * 250  # 64,000 bytes, from the first 64 KB into the second
    store.write("a", crossing)
    store.append("a", b"end")
    assert FramStorage(part, size=131072).read("a") == crossing + b"end"
    buf = bytearray(1000)
    assert b"".join(bytes(c) for c in store.chunks("a", buf)) == crossing + b"end"
    assert part.mem[65536:65539] != b"\0\0\0"  # the second page, at the I2C address 0x51
    raises(ValueError, FramStorage, FramPart(131072, 127), 127, 131072)  # 128 is no address
