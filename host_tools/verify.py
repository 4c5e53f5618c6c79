"""A seeded check of a production board's program: `python -m host_tools verify --port P
[--seed HEX] [--board NAME]`.

The program signature (firmware/drivers/integrity.py) is an unkeyed SHA-256 that the board
computes over itself and compares with /signature, which it also holds: a changed file with
/signature written again passes. Here the host draws a fresh seed (os.urandom(32) unless --seed
is given) and asks the board's read-only console `verify <seed>`; the board answers with the
HMAC-SHA256, keyed with the seed, of every signed file in the signature's order, then the HMAC of
those lines (integrity.verify()). The host computes the same over its release build
(build/flash/BOARD/, made as `host_tools flash` makes it) and prints MATCH, or DIFFERS and each
file that differs, is missing or is not the build's. Without --board, the board is the file in
boards/ whose HMAC is the board's /board.json's. Library files (/lib, installed with mip) are
checked against the copies flashing installs them from (build/mip: host_tools/libraries.py), and
a /lib file that is none of them differs; only a package that is not kept here (installed from
micropython-lib's index) leaves its /lib files named, not checked.

What it does not cover: a board whose firmware was replaced wholesale can answer anything,
including the right HMACs from a copy of the released files. The check that does not trust the
board is reading its flash in BOOTSEL mode with picotool.

Exit status: 0 MATCH, 1 DIFFERS or the board did not answer, 2 bad arguments or no such board.
"""
import binascii
import os
import sys
import time

from drivers import integrity
from drivers.integrity import mac
from host_tools import firmware, flash, libraries
from host_tools.console import Console, ConsoleError

class VerifyError(Exception):
    """The check could not be made; the message is one line."""


def ask(port, seed, timeout):
    """The board's answer to `verify <seed>`: ({path: HMAC}, the HMAC of those lines)."""
    with Console(port, timeout) as console:
        texts = console.ask("verify %s" % binascii.hexlify(seed).decode(),
                            last=lambda text: len(text.split()) == 1)
    files = dict(text.split() for text in texts[:-1])
    return files, texts[-1]


def lines_mac(seed, files):
    """The HMAC of the lines "<path> <HMAC>\\n" in the signature's order."""
    return mac(seed, "".join("%s %s\n" % item for item in sorted(files.items())).encode())


def board_of(seed, files):
    """The board file whose bytes the board's /board.json has."""
    for name in flash.board_names():
        if mac(seed, flash.load_board(name)[1]) == files.get("/board.json"):
            return name
    raise VerifyError("the board's /board.json is none of boards/*.json: give --board")


def frozen_build():
    """(firmware.json's dict, the image) of the firmware built here (host_tools/firmware.py),
    which a board whose program is frozen must hold byte for byte."""
    built = firmware.built_image()
    if built is None:
        raise VerifyError("the board's program is frozen into its firmware: build the release's "
                          "firmware here first (make firmware), to compare its image")
    return built


def check(board, port, seed, timeout, build_root=None, out=None):
    """Ask the board and compare with the build; returns the exit status."""
    out = out or sys.stdout
    files, total = ask(port, seed, timeout)
    if lines_mac(seed, files) != total:
        raise VerifyError("the board's answer does not hold together (a line lost on the link?)"
                          ": ask again")
    name = board or board_of(seed, files)
    if integrity.FROZEN in files:  # its firmware has the program frozen in it
        made, image = frozen_build()
        b = flash.build(name, build_root, made["program"])
        expected = {integrity.FROZEN: mac(seed, image)}
        kept, unknown = {}, []  # its libraries are frozen too
    else:
        b = flash.build(name, build_root)
        expected = {}
        kept, unknown = libraries.board_files(b.board.get("mip", []))
    expected.update(integrity.walk(os, b.folder, key=seed))
    built = dict(expected)
    for path, source in kept.items():
        with open(source, "rb") as f:
            expected[path] = mac(seed, f.read())
    out.write("board %s on %s, seed %s\n" % (b.name, port, binascii.hexlify(seed).decode()))
    problems = flash.compare(files, expected, None if unknown else {})
    for problem in problems:
        out.write("DIFFERS: %s\n" % problem)
    if problems:
        return 1
    unchecked = sorted(p for p in files if p not in expected)
    out.write("MATCH: %s (%s), %d library files as installed%s\n" % (
        flash.as_built(built), b.rel(b.folder), len(kept),
        "; not checked, installed from the index: " + " ".join(unchecked) if unchecked else ""))
    return 0


def add_arguments(p):
    p.add_argument("--port", required=True, help="the board's USB serial port")
    p.add_argument("--seed", help="the seed in hex, 16 to 32 bytes (default: 32 fresh random "
                   "bytes)")
    p.add_argument("--board", help="a file in boards/, without .json (default: the one the "
                   "board's /board.json is)")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds the board may take to answer (default 30)")
    p.add_argument("--build", metavar="DIR", help="build in DIR/BOARD (default %s)" % flash.BUILD)


def main(args, out=None, err=None):
    err = err or sys.stderr
    try:
        seed = integrity.seed(args.seed) if args.seed else os.urandom(integrity.MAX_SEED_BYTES)
    except ValueError as e:
        err.write("verify: --seed: %s\n" % e)
        return 2
    try:
        return check(args.board, args.port, seed, args.timeout, args.build, out)
    except flash.NoSuchBoard as e:
        err.write("verify: %s\n" % e)
        return 2
    except (VerifyError, ConsoleError, flash.FlashError, libraries.LibraryError) as e:
        err.write("verify: %s\n" % e)
        return 1
