# The boot's imports from the files the program check hashed (drivers/signed_imports.py): a view
# mounted while the game's code is imported answers the import's lookups from the check's list,
# opens only those files and only to read, and is taken away with sys.path put back after.
import os
import sys

from drivers.signed_imports import MOUNT, SignedImports
from folders import folder
from support import raises

SIGNED = ["/main.py", "/board.json", "/terminal/cabinet.mpy", "/terminal/sub/deep.mpy",
          "/lib/ssd1306.mpy"]


class Os:
    """What the view asks of `os`: mount and umount, recorded."""

    def __init__(self):
        self.mounted = {}

    def mount(self, fs, where):
        self.mounted[where] = fs

    def umount(self, where):
        del self.mounted[where]


class Sys:
    def __init__(self, path):
        self.path = list(path)


def test_the_view_answers_for_the_signed_files_and_their_folders_only():
    view = SignedImports(Os(), Sys([]), SIGNED)
    assert view.stat("/")[0] == 0x4000
    assert view.stat("/terminal")[0] == 0x4000 and view.stat("/terminal/sub")[0] == 0x4000
    assert view.stat("/terminal/cabinet.mpy")[0] == 0x8000 and view.stat("/main.py")[0] == 0x8000
    for missing in ("/terminal/cabinet.py", "/terminal/cabinet", "/data", "/signature", "/lib/x"):
        raises(OSError, view.stat, missing)


def test_while_mounted_the_signed_folders_of_sys_path_are_looked_up_in_the_view():
    fake_os, fake_sys = Os(), Sys(["", ".frozen", "/lib", "/rom/lib", "/data/chiplib"])
    view = SignedImports(fake_os, fake_sys, SIGNED)
    with view:
        assert fake_os.mounted == {MOUNT: view}
        assert fake_sys.path == [MOUNT, ".frozen", MOUNT + "/lib", "/rom/lib", "/data/chiplib"]
    assert fake_os.mounted == {}
    assert fake_sys.path == ["", ".frozen", "/lib", "/rom/lib", "/data/chiplib"]


def test_an_error_while_mounted_still_takes_the_view_away():
    fake_os, fake_sys = Os(), Sys(["", "/lib"])

    def fail():
        with SignedImports(fake_os, fake_sys, SIGNED):
            raise ValueError("a part missing")

    raises(ValueError, fail)
    assert fake_os.mounted == {} and fake_sys.path == ["", "/lib"]


def test_the_view_opens_signed_files_to_read_and_nothing_else():
    root = folder("signed_view")
    os.mkdir(root + "/terminal")
    with open(root + "/terminal/cabinet.mpy", "wb") as f:
        f.write(b"M\x06")
    with open(root + "/extra.mpy", "wb") as f:
        f.write(b"unsigned")
    view = SignedImports(Os(), Sys([]), ["/terminal/cabinet.mpy"], root)
    with view.open("/terminal/cabinet.mpy", "rb") as f:
        assert f.read() == b"M\x06"
    raises(OSError, view.open, "/extra.mpy", "rb")
    raises(OSError, view.open, "/terminal", "rb")
    for mode in ("wb", "ab", "r+b"):
        raises(OSError, view.open, "/terminal/cabinet.mpy", mode)


def test_on_micropython_a_module_is_imported_through_the_mounted_view():
    if not hasattr(os, "mount"):  # CPython mounts nothing
        return
    root = folder("signed_import")
    os.mkdir(root + "/pkg_signed")
    for name, text in (("__init__.py", ""), ("answer.py", "VALUE = 42\n")):
        with open(root + "/pkg_signed/" + name, "w") as f:
            f.write(text)
    paths = ["/pkg_signed/__init__.py", "/pkg_signed/answer.py"]
    before = list(sys.path)
    sys.path.insert(0, "")  # the board's "/", which is root here
    try:
        with SignedImports(os, sys, paths, root):
            assert sys.path[0] == MOUNT
            from pkg_signed import answer
    finally:
        sys.path.clear()
        sys.path.extend(before)
    assert answer.VALUE == 42 and answer.__file__ == MOUNT + "/pkg_signed/answer.py"
    assert MOUNT[1:] not in os.listdir("/")
