"""The cabinet's own firmware: MicroPython for the Pico with the program frozen into it,
`python -m host_tools firmware --micropython DIR` (or `make firmware MICROPYTHON=DIR`).

On the stock firmware a board imports some 40 .mpy modules from littlefs at every boot, each a
few stats and an open (about 800 ms of the RP2040's 2 s boot), and keeps their bytecode in its
heap. Frozen, the modules are bytecode in the firmware image, run from flash: nothing to find,
nothing to load, and the heap is the game's.

DIR is a MicroPython source tree (a release tag) with the submodules its rp2 port builds with
(lib/pico-sdk, lib/tinyusb, lib/mbedtls, lib/micropython-lib); the arm-none-eabi GCC must be on
PATH. The build, in build/firmware/:
1. frozen/frozen_program.py: ID, the signature (drivers/integrity.py's rule) of the frozen
   sources' lines: every firmware module but main.py as /craps/table.py and so on, and the
   boards' micropython-lib modules as /lib/ssd1306.py;
2. manifest.py: the rp2 port's own manifest, those packages and modules, frozen_program;
3. the port built for RPI_PICO in rp2/ with the pico-sdk's picotool turned off (it would be
   fetched from the internet to make the UF2; MicroPython's tools/uf2conv.py makes it here);
4. firmware.uf2, to copy onto the Pico in BOOTSEL mode; image.bin, the image's bytes as the chip
   maps them (what a seeded `verify` hashes: host_tools/verify.py); firmware.json, what was built.
The flash tool then copies main.py, board.json and help.json alone onto a board whose
frozen_program.ID is this tree's (host_tools/flash.py), and refuses one frozen from other sources.
"""
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys

from drivers import integrity
from host_tools import BOARDS, BUILD, FIRMWARE, libraries

OUT = os.path.join(BUILD, "firmware")
BOARD = "RPI_PICO"
MAIN = ("main.py", "boot.py")  # run by name from the filesystem: not frozen
PACKAGES = ("craps", "drivers", "terminal")
UF2_FAMILY = "0xe48bff56"  # the RP2040's UF2 family ID
XIP_BASE = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024  # the Pico's
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/mbedtls", "lib/micropython-lib")


class FirmwareError(Exception):
    """The firmware cannot be built; the message is one line."""


def mip_packages():
    """The micropython-lib packages any board names (board file "mip"), sorted."""
    names = set()
    for name in os.listdir(BOARDS):
        if name.endswith(".json"):
            with open(os.path.join(BOARDS, name)) as f:
                names.update(p.partition("@")[0] for p in json.load(f).get("mip", []))
    return sorted(names)


def frozen_sources():
    """{board-style path: the source file on this PC} of every module the firmware freezes."""
    sources = {}
    for package in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(FIRMWARE, package)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
                    sources["/" + rel] = path
    for package in mip_packages():
        folder = libraries.folder(package)
        with open(os.path.join(folder, "package.json")) as f:
            for _, module in json.load(f)["urls"]:
                sources["/lib/" + module] = os.path.join(folder, module)
    return sources


def program_id(sources=None):
    """The frozen program's ID: the signature of its sources' "<path> <SHA-256>" lines."""
    sources = sources or frozen_sources()
    return integrity.signature((path, integrity.file_hash(source))
                               for path, source in sources.items())


def manifest(sources, frozen_dir):
    """The manifest MicroPython's build freezes: the port's own, then ours."""
    lines = ['include("$(PORT_DIR)/boards/manifest.py")',
             'module(%r, base_path=%r)' % ("frozen_program.py", frozen_dir)]
    lines += ['package(%r, base_path=%r)' % (p, FIRMWARE) for p in PACKAGES]
    for path, source in sorted(sources.items()):
        if path.startswith("/lib/"):
            lines.append('module(%r, base_path=%r)' % (os.path.basename(source),
                                                        os.path.dirname(source)))
    return "\n".join(lines) + "\n"


def image_from(binary):
    """The image's bytes as the chip maps them, from the linker's .bin: the image ends where its
    binary info says, which can be past the .bin's last byte (the pico-sdk counts sections the
    chip does not load, .uninitialized_data): those bytes are zeros, and the UF2 is made from
    the image, so that the chip's flash holds them too (not what an erase or an older firmware
    left there)."""
    padded = binary + bytes(-len(binary) % 256)
    length = integrity.image_length(
        lambda address: struct.unpack_from("<I", padded, address - XIP_BASE)[0])
    if length > FLASH_BYTES:
        raise OSError("the image's binary info puts its end past the flash")
    return (padded + bytes(max(0, length - len(padded))))[:length]


def micropython_problem(tree):
    """Why DIR cannot be built here, in one line; None if it can."""
    if not os.path.isfile(os.path.join(tree, "ports", "rp2", "CMakeLists.txt")):
        return "%s is not a MicroPython source tree (no ports/rp2)" % tree
    for sub in SUBMODULES:
        if not os.listdir(os.path.join(tree, sub)):
            return "%s has no %s: check out its submodules (git submodule update --init %s)" % (
                tree, sub, sub)
    if shutil.which("arm-none-eabi-gcc") is None:
        return "no arm-none-eabi-gcc on PATH (Debian: apt install gcc-arm-none-eabi " \
               "libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib)"
    return None


def run(argv, log, what):
    done = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode:
        raise FirmwareError("%s failed: see %s" % (what, log.name))


def build(tree, out=OUT, jobs=2, say=print):
    """Build the firmware from MicroPython tree `tree` into `out`; returns firmware.json's dict."""
    tree = os.path.abspath(tree)
    out = os.path.abspath(out)  # (cmake runs in the build folder: a relative path is lost)
    problem = micropython_problem(tree)
    if problem:
        raise FirmwareError(problem)
    sources = frozen_sources()
    ident = program_id(sources)
    frozen_dir = os.path.join(out, "frozen")
    os.makedirs(frozen_dir, exist_ok=True)
    with open(os.path.join(frozen_dir, "frozen_program.py"), "w") as f:
        f.write("# The ID of the program frozen into this firmware (host_tools/firmware.py).\n"
                "ID = %r\n" % ident)
    manifest_path = os.path.join(out, "manifest.py")
    with open(manifest_path, "w") as f:
        f.write(manifest(sources, frozen_dir))
    port, rp2 = os.path.join(tree, "ports", "rp2"), os.path.join(out, "rp2")
    with open(os.path.join(out, "build.log"), "w") as log:
        say("mpy-cross, then the rp2 port for %s (a few minutes; log: %s)" % (BOARD, log.name))
        run(["make", "-C", os.path.join(tree, "mpy-cross"), "-j%d" % jobs], log, "mpy-cross")
        run(["cmake", "-S", port, "-B", rp2, "-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=" + BOARD,
             "-DMICROPY_BOARD_DIR=" + os.path.join(port, "boards", BOARD),
             "-DMICROPY_FROZEN_MANIFEST=" + manifest_path, "-DPICO_NO_PICOTOOL=1"], log, "cmake")
        run(["make", "-C", rp2, "-j%d" % jobs], log, "the rp2 build")
        with open(os.path.join(rp2, "firmware.bin"), "rb") as f:
            image = image_from(f.read())
        with open(os.path.join(out, "image.bin"), "wb") as f:
            f.write(image)
        run([sys.executable, os.path.join(tree, "tools", "uf2conv.py"), "-b", hex(XIP_BASE),
             "-f", UF2_FAMILY, "-c", "-o", os.path.join(out, "firmware.uf2"),
             os.path.join(out, "image.bin")], log, "uf2conv")
    made = {"board": BOARD, "program": ident, "micropython": micropython_version(tree),
            "image_bytes": len(image), "image_sha256": hashlib.sha256(image).hexdigest(),
            "frozen": sorted(sources)}
    with open(os.path.join(out, "firmware.json"), "w") as f:
        json.dump(made, f, indent=1)
    return made


def micropython_version(tree):
    """The tree's release, from py/mpconfig.h ("1.28.0")."""
    parts = {}
    with open(os.path.join(tree, "py", "mpconfig.h")) as f:
        for line in f:
            words = line.split()
            if len(words) == 3 and words[1].startswith("MICROPY_VERSION_M"):
                parts[words[1]] = words[2]
    return "%s.%s.%s" % tuple(parts.get("MICROPY_VERSION_" + k, "?")
                             for k in ("MAJOR", "MINOR", "MICRO"))


def built_image(out=OUT):
    """(firmware.json's dict, image.bin's bytes) of the last build, or None if there is none."""
    try:
        with open(os.path.join(out, "firmware.json")) as f:
            made = json.load(f)
        with open(os.path.join(out, "image.bin"), "rb") as f:
            return made, f.read()
    except OSError:
        return None


def add_arguments(p):
    p.add_argument("--micropython", required=True, metavar="DIR",
                   help="a MicroPython source tree with its rp2 submodules")
    p.add_argument("--out", default=OUT, help="where the build goes (default %s)" % OUT)
    p.add_argument("--jobs", type=int, default=2, help="make's jobs (default 2)")


def main(args, out=None):
    out = out or sys.stdout
    try:
        made = build(args.micropython, args.out, args.jobs,
                     say=lambda text: out.write(text + "\n"))
    except FirmwareError as e:
        sys.stderr.write("firmware: %s\n" % e)
        return 1
    out.write("firmware: %s (MicroPython %s for %s, %d frozen modules, image %d bytes)\n"
              "program ID: %s\n" % (os.path.join(args.out, "firmware.uf2"), made["micropython"],
                                    made["board"], len(made["frozen"]), made["image_bytes"],
                                    made["program"]))
    return 0
