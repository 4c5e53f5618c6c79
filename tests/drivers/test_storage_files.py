# Storage: the same contract for the flash files (a real folder: a temporary one on CPython,
# MicroPython's in-memory filesystem under tests/mp) and the MemoryStorage twin; then what only
# the real one does: replace atomically across a power cut, and clear stale .tmp files at start.
import os

from drivers.storage import Storage, MemoryStorage, PowerCut
from folders import folder
from support import raises


def files(path):
    return sorted(os.listdir(path))


class CutBeforeRename:
    """os, except that the power goes just before a rename."""

    def __init__(self):
        self.renames = 0

    def stat(self, path):
        return os.stat(path)

    def mkdir(self, path):
        os.mkdir(path)

    def listdir(self, path):
        return os.listdir(path)

    def remove(self, path):
        os.remove(path)

    def rename(self, old, new):
        self.renames += 1
        raise PowerCut()


class RenameFails(CutBeforeRename):
    """os, except that a rename fails (the flash is full, say)."""

    def rename(self, old, new):
        raise OSError(28)


def contract(make):
    store = make()
    assert store.names() == [] and store.read("meters") is None
    store.write("meters", b"\x00\x01 credits")
    assert store.read("meters") == b"\x00\x01 credits"
    store.write("meters", b"new")
    assert store.read("meters") == b"new"
    store.write("recall", bytearray(b"r"))
    assert store.read("recall") == b"r" and type(store.read("recall")) is bytes
    store.write("empty", b"")
    assert store.read("empty") == b""
    store.write("Zeta", b"z")
    assert store.names() == ["Zeta", "empty", "meters", "recall"]
    store.remove("meters")
    store.remove("meters")  # not there: no error
    assert store.read("meters") is None
    assert store.names() == ["Zeta", "empty", "recall"]
    for bad in ("", "a/b", "meters.tmp", None):
        for call in (store.read, store.remove):
            raises(ValueError, call, bad)
        raises(ValueError, store.write, bad, b"x")
    raises(TypeError, store.write, "text", "not bytes")
    raises(TypeError, store.write, "text", [b"a", "not bytes"])
    assert store.read("text") is None
    store.write("record", [b"CR1 ", bytearray(b"7\n"), b"", b"[1,2,3]"])  # pieces, in turn
    assert store.read("record") == b"CR1 7\n[1,2,3]"
    buf = bytearray(4)
    assert [bytes(c) for c in store.chunks("record", buf)] == [b"CR1 ", b"7\n[1", b",2,3", b"]"]
    raises(OSError, lambda: list(store.chunks("gone", buf)))


def test_the_flash_files_keep_the_contract():
    contract(lambda: Storage(folder("storage_test"), os))


def test_the_twin_keeps_the_contract():
    contract(MemoryStorage)


def test_the_files_are_where_storage_says_and_outlive_it():
    path = folder("storage_test")
    Storage(path, os).write("meters", b"42")
    assert files(path) == ["meters"]  # no .tmp left behind
    with open(path + "/meters", "rb") as f:
        assert f.read() == b"42"
    assert Storage(path, os).read("meters") == b"42"
    assert Storage(path + "/", os).read("meters") == b"42"


def test_the_folder_is_made_when_missing():
    path = folder("storage_test") + "/data"
    store = Storage(path, os)
    store.write("a", b"1")
    assert files(path) == ["a"]


def test_a_power_cut_before_the_rename_leaves_the_old_content():
    path = folder("storage_test")
    Storage(path, os).write("meters", b"old")
    cut = CutBeforeRename()
    raises(PowerCut, Storage(path, cut).write, "meters", b"new")
    assert cut.renames == 1
    assert files(path) == ["meters", "meters.tmp"]  # the new content never replaced the old
    store = Storage(path, os)  # the next start
    assert files(path) == ["meters"]
    assert store.read("meters") == b"old"
    assert store.names() == ["meters"]


def test_a_power_cut_on_a_first_write_leaves_no_file():
    path = folder("storage_test")
    raises(PowerCut, Storage(path, CutBeforeRename()).write, "recall", b"new")
    store = Storage(path, os)
    assert store.read("recall") is None and files(path) == []


def test_stale_tmp_files_are_removed_at_start_and_never_listed():
    path = folder("storage_test")
    for name in ("a.tmp", "b", "c.tmp"):
        with open(path + "/" + name, "wb") as f:
            f.write(b"x")
    store = Storage(path, os)
    assert files(path) == ["b"] and store.names() == ["b"]


def test_a_failed_rename_raises_and_leaves_the_old_content_and_no_tmp():
    path = folder("storage_test")
    Storage(path, os).write("meters", b"old")
    store = Storage(path, RenameFails())
    raises(OSError, store.write, "meters", b"new")
    assert files(path) == ["meters"]
    assert store.read("meters") == b"old"


def test_a_file_that_cannot_be_read_is_an_error_not_a_missing_file():
    # Meters that cannot be read must not read as "no meters yet".
    path = folder("storage_test")
    os.mkdir(path + "/meters")  # a folder where the file should be
    store = Storage(path, os)
    raises(OSError, store.read, "meters")  # a folder does not read as a file
