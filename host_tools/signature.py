"""The program signature: the value an inspector compares, computed the same way on the PC (over
the build) and on the board (over its files). This file runs on CPython and on MicroPython: the
flash tool sends its source to the board inside the scripts it runs there with `mpremote run`,
and the firmware can check /signature at boot with the same rule.

The rule. The signed files are every file on the board except:
  /signature        the signature itself,
  /data/...         the cabinet's storage (meters, recall, logs): it changes as the cabinet plays,
  /rom/...          a read-only image that belongs to the MicroPython firmware, not the program.
Each file's hash is the SHA-256 of its bytes, in lower-case hex. The signature is the SHA-256, in
hex, of the lines "<path> <hash>\\n" sorted by path, paths absolute ("/main.py",
"/craps/rules.mpy", "/board.json", "/lib/ssd1306.mpy").
"""
import binascii
import hashlib

SIGNATURE_FILE = "/signature"
UNSIGNED_DIRS = ("/data", "/rom")
CHUNK = 512


def hexdigest(h):
    return binascii.hexlify(h.digest()).decode()


def file_hash(path, buf=None):
    """SHA-256 (hex) of a file, read in CHUNK-byte pieces (small RAM)."""
    h = hashlib.sha256()
    buf = buf or bytearray(CHUNK)
    view = memoryview(buf)
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(view[:n])
    return hexdigest(h)


def signed(path):
    if path == SIGNATURE_FILE:
        return False
    for top in UNSIGNED_DIRS:
        if path == top or path.startswith(top + "/"):
            return False
    return True


def signature(pairs):
    """The signature of (path, hash) pairs."""
    h = hashlib.sha256()
    for path, digest in sorted(pairs):
        h.update(("%s %s\n" % (path, digest)).encode())
    return hexdigest(h)


def board_files(os_module, top=""):
    """(path, hash) of every signed file on a MicroPython board (os.ilistdir)."""
    found = []
    buf = bytearray(CHUNK)
    folders = [top]
    while folders:
        folder = folders.pop()
        for entry in os_module.ilistdir(folder or "/"):
            path = folder + "/" + entry[0]
            if not signed(path):
                continue
            if entry[1] & 0x4000:
                folders.append(path)
            else:
                found.append((path, file_hash(path, buf)))
    return found


def read_signature(path=SIGNATURE_FILE):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None


def on_board(expected, mode):
    """What the flash tool's scripts do on the board. expected: {path: hash} of the build.
    mode "clean": remove every signed file the build does not have (and folders left empty).
    mode "sign": list, and write /signature if every build file is there and intact and nothing
    else is there but library files (/lib). mode "verify": list only.
    Prints one line per fact: FILE <path> <hash>, REMOVED <path>, SIGNATURE-FILE <content or ->,
    SIGNED <signature> or UNSIGNED <reason>."""
    import os
    if mode == "clean":
        _clean(os, "", expected)
        print("CLEAN")
        return
    files = board_files(os)
    for path, digest in sorted(files):
        print("FILE %s %s" % (path, digest))
    print("SIGNATURE-FILE %s" % (read_signature() or "-"))
    if mode != "sign":
        return
    have = dict(files)
    problem = None
    for path in sorted(expected):
        if have.get(path) != expected[path]:
            problem = "%s %s" % (path, "differs" if path in have else "missing")
            break
    for path in sorted(have):
        if problem is None and path not in expected and not path.startswith("/lib/"):
            problem = "%s unexpected" % path
    if problem:
        print("UNSIGNED %s" % problem)
        return
    value = signature(files)
    with open(SIGNATURE_FILE, "w") as f:
        f.write(value + "\n")
    print("SIGNED %s" % value)


def _clean(os_module, folder, keep):
    """Remove signed files not in keep under folder; True if folder is left empty."""
    empty = True
    for entry in list(os_module.ilistdir(folder or "/")):
        path = folder + "/" + entry[0]
        if not signed(path) and path != SIGNATURE_FILE:
            empty = False
            continue
        if entry[1] & 0x4000:
            if _clean(os_module, path, keep):
                os_module.rmdir(path)
                print("REMOVED %s/" % path)
            else:
                empty = False
        elif path in keep:
            empty = False
        else:
            os_module.remove(path)
            print("REMOVED %s" % path)
    return empty
