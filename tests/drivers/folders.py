# A new empty folder for a test that writes real files: a temporary one on CPython (removed at
# exit), a fresh one on MicroPython's in-memory filesystem (which has no tempfile).
import os

_made = [0]


def folder(prefix):
    try:
        import tempfile
    except ImportError:
        while True:
            _made[0] += 1
            path = "/_%s_%d" % (prefix, _made[0])
            try:
                os.stat(path)
            except OSError:
                os.mkdir(path)
                return path
    import atexit
    import shutil
    path = tempfile.mkdtemp(prefix=prefix + "_")
    atexit.register(shutil.rmtree, path, True)
    return path
