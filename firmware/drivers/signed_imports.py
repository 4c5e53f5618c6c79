# The boot's imports without the filesystem's lookups. An import asks the filesystem, for each
# folder of sys.path, whether the name is a folder, a .py or a .mpy: three questions a module,
# about 2 ms each on the RP2040's littlefs (a folder's log is read and checked every time),
# 240 ms of a boot. The program check has just walked every signed file, so while the game's code
# is imported a view of those files is mounted at MOUNT: it answers the questions from that list
# and opens the real file. So the boot imports only files the check hashed. The view is taken
# away, and sys.path put back, before the cabinet runs: `verify` walks "/" and must not meet it.
from drivers.integrity import signed

MOUNT = "/_signed"
_FILE = 0x8000  # os.stat()[0]
_DIR = 0x4000
_ENOENT = 2
_EROFS = 30


class SignedImports:
    """`with SignedImports(os, sys, paths):` imports from the files at paths (absolute paths of
    signed files, as the program check walked them); the paths of sys.path that hold signed
    files ("", "/lib") are looked up in the view, the others (".frozen") as before. root: where
    the board's "/" is (a folder in the tests)."""

    def __init__(self, os_module, sys_module, paths, root=""):
        self._os, self._sys, self._root = os_module, sys_module, root
        self._kinds = {"/": _DIR}
        for path in paths:
            self._kinds[path] = _FILE
            folder = path[:path.rfind("/")]
            while folder and folder not in self._kinds:
                self._kinds[folder] = _DIR
                folder = folder[:folder.rfind("/")]
        self._path = None

    def __enter__(self):
        self._path = list(self._sys.path)
        self._os.mount(self, MOUNT)
        self._sys.path.clear()
        self._sys.path.extend(_viewed(p) for p in self._path)
        return self

    def __exit__(self, *error):
        self._sys.path.clear()
        self._sys.path.extend(self._path)
        self._os.umount(MOUNT)
        return False

    # What a mounted filesystem is asked (MicroPython's VFS protocol): paths within the view.
    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        if path not in self._kinds:
            raise OSError(_ENOENT)
        return (self._kinds[path], 0, 0, 0, 0, 0, 0, 0, 0, 0)

    def open(self, path, mode="r"):
        if self._kinds.get(path) != _FILE:
            raise OSError(_ENOENT)
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(_EROFS)
        return open(self._root + path, mode)


def _viewed(folder):
    """Where sys.path's folder is looked up while the view is mounted."""
    if folder == "":
        return MOUNT  # the current folder, "/" at boot
    if folder.startswith("/") and signed(folder):
        return MOUNT + folder
    return folder
