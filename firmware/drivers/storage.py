# Files in flash that survive a power cut: meters, recall, the reset log. A file is replaced
# atomically: write(name) writes name.tmp, closes it, then os.rename()s it over name, which
# littlefs (the rp2 filesystem) does atomically, and CPython's os.rename replaces too. A cut
# before the rename leaves the old content and a stale name.tmp, removed at the next start.
# (On FAT, MicroPython's rename removes the old file first: not atomic; use littlefs.)
# overwrite(name) replaces it in place, in fewer flash commits: whole or not at all on littlefs,
# torn by a cut elsewhere, so only for what keeps two copies of itself (critical memory).
# append(name) adds to a file in place: littlefs makes it visible whole when it is flushed, or
# not at all after a cut (both tested on littlefs itself: tests/mp/littlefs_cuts.py); on another
# filesystem a cut can leave half of it, which the journal's line checks find
# (terminal/memory.py). MemoryStorage is the twin, in RAM.
_TMP = ".tmp"


def _check(name):
    if type(name) is not str or not name or "/" in name or name.endswith(_TMP):
        raise ValueError("a stored file's name has no / and does not end in .tmp, not %s" % (name,))


def _pieces(data):
    """data as pieces written one after another: bytes, or a list or tuple of bytes (a record
    is written piece by piece so that it needs no large block of the heap: terminal/memory.py)."""
    pieces = (data,) if type(data) in (bytes, bytearray) else data
    if type(pieces) not in (list, tuple) or any(type(p) not in (bytes, bytearray)
                                                 for p in pieces):
        raise TypeError("stored data is bytes or a list of bytes, not %s" % (type(data).__name__,))
    return pieces


def _put(path, mode, data):
    """data's pieces into the file path opened in mode, flushed once: one commit on littlefs."""
    pieces = _pieces(data)
    f = open(path, mode)
    try:
        for piece in pieces:
            f.write(piece)
        f.flush()
    finally:
        f.close()


def _absent_code(os_module, path):
    """What this filesystem's OSError says for a file that is not there (path is not): ENOENT,
    2 on rp2 and CPython; the WebAssembly port's files say 44 while its errno.ENOENT is 2."""
    try:
        os_module.stat(path)
    except OSError as e:
        return e.args[0] if e.args else None
    raise OSError("%s is there: a .tmp file outlived the clean-up" % (path,))


class Storage:
    """root: the folder that is storage's own (made if missing); os_module: os, or a fake."""

    def __init__(self, root, os_module):
        self.os = os_module
        self.root = root
        self._prefix = root.rstrip("/") + "/"
        try:
            os_module.stat(root)
        except OSError:
            os_module.mkdir(root)
        for entry in os_module.listdir(root):
            if entry.endswith(_TMP):
                os_module.remove(self._path(entry))
        self._absent = _absent_code(os_module, self._path("absent" + _TMP))

    def _path(self, name):
        return self._prefix + name

    def write(self, name, data):
        """Replace name's content, all or nothing, with data: bytes, or a list of bytes pieces
        written one after another."""
        _check(name)
        path = self._path(name)
        tmp = path + _TMP
        try:
            _put(tmp, "wb", data)
            self.os.rename(tmp, path)
        except OSError:
            self._discard(tmp)
            raise

    def overwrite(self, name, data):
        """Replace name's content with data in place: all or nothing on littlefs, which commits
        a file's changes when it is closed, but torn by a cut on another filesystem. Fewer
        commits than write() (no .tmp made and renamed): for what keeps two copies of itself
        (terminal/memory.py)."""
        _check(name)
        _put(self._path(name), "wb", data)

    def append(self, name, data):
        """Add data (bytes, or a list of bytes pieces) at the end of name, made if missing."""
        _check(name)
        _put(self._path(name), "ab", data)

    def read(self, name):
        """name's content as bytes, or None when there is no such file."""
        _check(name)
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError as e:
            if e.args and e.args[0] == self._absent:
                return None
            raise

    def chunks(self, name, buf):
        """name's content, read into buf a chunk at a time: each a memoryview of buf, good until
        the next. OSError when there is no such file."""
        _check(name)
        view = memoryview(buf)
        with open(self._path(name), "rb") as f:
            while True:
                n = f.readinto(buf)
                if not n:
                    return
                yield view[:n]

    def remove(self, name):
        """Remove name; no error when it is not there."""
        _check(name)
        self._discard(self._path(name))

    def names(self):
        """The stored names, sorted."""
        return sorted(n for n in self.os.listdir(self.root) if not n.endswith(_TMP))

    def _discard(self, path):
        try:
            self.os.remove(path)
        except OSError as e:
            if not e.args or e.args[0] != self._absent:
                raise


class PowerCut(BaseException):
    """The twin's power went off in a write: like a real cut, nothing catches it (it is not an
    Exception), and the cabinet starts again from what storage holds."""


class MemoryStorage:
    """The twin: the same interface, the files in a dict. cut(n) makes the n-th write (or
    append, or removal) from now cut the power: the file keeps its old content, or with
    tear=True half of the new bytes (a flash without atomic replace or append), and PowerCut is
    raised."""

    def __init__(self):
        self.files = {}
        self.writes = 0  # every write since the twin was made
        self._cut_at = None
        self._tear = False

    def cut(self, n, tear=False):
        self._cut_at = self.writes + n
        self._tear = tear

    def write(self, name, data):
        self._write(name, b"", data)

    def append(self, name, data):
        self._write(name, self.files.get(name, b""), data)

    overwrite = write  # (a cut that tears leaves half the new bytes either way)

    def _write(self, name, before, data):
        # name's new content: before, then data (torn in half by a cut that tears)
        _check(name)
        data = b"".join(_pieces(data))
        self.writes += 1
        if self.writes == self._cut_at:
            self._cut_at = None
            if self._tear:
                self.files[name] = bytes(before + data[:len(data) // 2])
            raise PowerCut("power cut at write %d (%s)" % (self.writes, name))
        self.files[name] = bytes(before + data)

    def read(self, name):
        _check(name)
        return self.files.get(name)

    def copy(self):
        """Another twin holding the same files: the memory as a second power-up reads it."""
        twin = MemoryStorage()
        twin.files.update(self.files)
        return twin

    def chunks(self, name, buf):
        data = self.read(name)
        if data is None:
            raise OSError(2)  # ENOENT, as the files say
        for at in range(0, len(data), len(buf)):
            yield data[at:at + len(buf)]

    def remove(self, name):
        _check(name)
        if self.files.get(name) is not None:  # (a removal is a write: the power can be cut there)
            self._write(name, b"", b"")
            self.files.pop(name)

    def names(self):
        return sorted(self.files)
