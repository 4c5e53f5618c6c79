"""The program signature on the PC side. The rule is firmware/drivers/integrity.py (the board
checks it at boot); the host tools use it from here, and the flash tool runs it on the board:
script() is the source of a script for `mpremote run`, integrity.py's source followed by
on_board() below and its call (the board may not have the firmware yet when it runs)."""
import inspect

from drivers import integrity
from drivers.integrity import (FROZEN, SIGNATURE_FILE, file_hash, program, read_signature,
                               signature, signed, walk)

__all__ = ["FROZEN", "SIGNATURE_FILE", "file_hash", "program", "read_signature", "signature",
           "signed", "walk", "script", "on_board"]


def script(expected, mode, comment=""):
    """The board script for on_board(expected, mode): self-contained source."""
    with open(integrity.__file__) as f:
        source = f.read()
    call = "{\n%s}" % "".join(" %r: %r,\n" % item for item in sorted(expected.items()))
    return "%s\n\n%s\n\n%s\n%s\non_board(%s, %r)\n" % (
        source, inspect.getsource(on_board), inspect.getsource(_clean), comment, call, mode)


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
    files = list(program(os))
    for path, digest in files:
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
