# The virtual board's own start-up, run by board.mjs in every fresh VM before boot.py and main.py
# (what the rp2 firmware's frozen _boot.py does: mount the filesystem). Not on the board's
# filesystem and not in the __main__ globals (board.mjs runs it in a dict of its own).
#
# The WebAssembly port only has VfsPosix over Emscripten's in-memory files, and its OSErrors carry
# WASI errno values (a missing file says 44) while its `errno` module says ENOENT is 2: mpremote
# cannot read 44 and firmware comparing errno.ENOENT would be wrong. So the flash is a VFS object
# of our own, mounted at /, that hands calls on to a VfsPosix for the Emscripten folder /flash and
# renames the errors to the numbers the rp2 (and `errno`) use. It also lists sizes like littlefs,
# refuses to open a folder, and reports the Pico's filesystem size in statvfs. (It prefixes
# /flash itself: VfsPosix("/flash").rename() renames the new name onto itself in 1.27, ENOENT.)
import errno
import os
import sys
import vfs

# WASI errno -> the Linux/MicroPython number of the same name.
_ERRNO = {1: 7, 2: 13, 6: 11, 8: 9, 10: 16, 20: 17, 21: 14, 22: 27, 27: 4, 28: 22, 29: 5,
          31: 21, 33: 24, 34: 31, 37: 36, 41: 23, 43: 19, 44: 2, 48: 12, 51: 28, 54: 20,
          55: 39, 58: 95, 59: 25, 60: 6, 63: 1, 69: 30, 70: 29, 75: 18}
_DIR = 0x4000
_BLOCK = 4096
_BLOCKS = 352  # a Pico's 1408 KB filesystem


def _fix(e):
    code = e.args[0] if e.args else 0
    return OSError(_ERRNO.get(code, code))


class Flash:
    def __init__(self, posix, root):
        self.fs = posix
        self.root = root
        self.cwd = "/"

    def _abs(self, path):
        return self.root + self._path(path)

    def _path(self, path):
        if not path.startswith("/"):
            path = self.cwd + path
        parts = []
        for part in path.split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part and part != ".":
                parts.append(part)
        return "/" + "/".join(parts)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def chdir(self, path):
        path = self._path(path)
        if not self.stat(path)[0] & _DIR:
            raise OSError(errno.ENOENT)
        self.cwd = path if path.endswith("/") else path + "/"

    def getcwd(self):
        return self.cwd.rstrip("/") or "/"

    def stat(self, path):
        try:
            return self.fs.stat(self._abs(path))
        except OSError as e:
            raise _fix(e)

    def ilistdir(self, path):
        path = self._abs(path)
        try:
            entries = list(self.fs.ilistdir(path))
        except OSError as e:
            raise _fix(e)
        prefix = path.rstrip("/") + "/"
        for entry in entries:
            size = 0 if entry[1] == _DIR else self.fs.stat(prefix + entry[0])[6]
            yield (entry[0], entry[1], 0, size)

    def open(self, path, mode):
        path = self._abs(path)
        try:
            folder = self.fs.stat(path)[0] & _DIR
        except OSError:
            folder = False
        if folder:
            raise OSError(21)  # EISDIR, as littlefs says
        try:
            return self.fs.open(path, mode)
        except OSError as e:
            raise _fix(e)

    def _call(self, name, *paths):
        try:
            return getattr(self.fs, name)(*[self._abs(p) for p in paths])
        except OSError as e:
            raise _fix(e)

    def mkdir(self, path):
        self._call("mkdir", path)

    def rmdir(self, path):
        self._call("rmdir", path)

    def remove(self, path):
        self._call("remove", path)

    def rename(self, old, new):
        self._call("rename", old, new)

    def statvfs(self, path):
        used = self._used("/") // _BLOCK
        free = max(0, _BLOCKS - used)
        return (_BLOCK, _BLOCK, _BLOCKS, free, free, 0, 0, 0, 0, 255)

    def _used(self, path):
        total = _BLOCK  # littlefs keeps a block or so per folder
        for name, kind, _, size in self.ilistdir(path):
            if kind == _DIR:
                total += self._used(path.rstrip("/") + "/" + name)
            else:
                total += (size + _BLOCK - 1) // _BLOCK * _BLOCK
        return total


vfs.umount("/")
vfs.mount(Flash(vfs.VfsPosix(), "/flash"), "/")
vfs.mount(vfs.VfsPosix("/romfs"), "/rom")
os.chdir("/")
# /rom/lib holds the twins of what the rp2 firmware has built in (machine, neopixel, rp2, and an
# asyncio with run()): ahead of .frozen so its asyncio replaces the port's JS-promise one.
sys.path[:] = ["", "/rom/lib", ".frozen", "/lib"]
