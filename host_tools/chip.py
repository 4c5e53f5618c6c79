"""The firmware on an emulated RP2040, timed in the chip's own cycles: `make chip CHIP_KIT=DIR`
(python -m host_tools chip --kit DIR).

DIR is an emulated-Pico kit (the real MicroPython rp2 firmware on rp2040js: emu.mjs, its control
client emuctl.py, fw/firmware.uf2; README.md in it). The project never needs one for `make test`:
this tool starts the kit's emu.mjs itself (on its own ports), imports the kit's emuctl.Ctl at run
time, flashes each board with the project's own `host_tools flash` onto a blank flash (the
attendant key held and the door open: service mode), then closes the door, powers the chip up and
reads what it did from the emulator's events, each stamped in emulated microseconds:

  boot   power-on to betting open (`PLACE YOUR BETS`) per board, after the attendant's set-up of
         a new cabinet, and the program check the boot prints
  keys   each key of each board pressed: the first write on its station's display after the
         press, and the key's action: the first drawing that shows what it did (not the hint a
         key with a long press shows while down), in ms after the press
  coins  acceptor pulse trains (host_tools/chip_coins.py), valid ones while the cabinet waits,
         bets and rolls, and bad ones: credited exactly, or the tilt's reason
  heap   an 8-station busy cabinet played on the chip (tests/mp/chip_heap.py through mpremote's
         raw REPL): gc.mem_free() and the largest free block every few rolls
  roll   the busy table's Table.roll timed with time.ticks_us on the chip (tests/mp/bench_chip.py)

The figures are reported, not asserted. Exit status: 0 measured, 1 the emulator or a board
failed, 2 no kit (or a bad option).
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from host_tools import BOARDS, BUILD, ROOT, chip_report

KIT_FILES = ("emu.mjs", "emuctl.py", os.path.join("fw", "firmware.uf2"))
HOW = ("make chip needs an emulated-Pico kit (rp2040js running MicroPython's rp2 firmware): "
       "make chip CHIP_KIT=DIR, DIR holding emu.mjs, emuctl.py and fw/firmware.uf2; copy the "
       "team's kit under build/ and run npm ci in it")
PARTS = ("boot", "keys", "coins", "heap", "roll")
EIGHT = "chip-8station"  # the 8-station board made on the fly (from cabinet-4station)
KEY_PIN, DOOR_PIN = 22, 21
BETS = "PLACE YOUR BETS"
SETUP = "NEW CABINET: ATTENDANT SETUP"
PIN_KINDS = ("gpio", "ws2812", "oled", "input", "uart")
SHOWN = ("oled", "console")  # what a player sees: a display, or the console standing in for one
HOLD_MS = 100  # a key press: shorter than any board's long press
SETTLE_CAP_MS = 2500  # a key's action is drawn within this long after the press, or not at all
HINT = "LET GO: "  # a key with a long press shows while down what letting go will do

Event = collections.namedtuple("Event", "t kind pin value")
Key = collections.namedtuple("Key", "label station press release")


class ChipError(Exception):
    """The emulator or a board did not do what a step needs; one line."""


# ---------------------------------------------------------------- what needs no kit

def kit_problem(kit):
    """Why DIR is not a kit, in one or two lines (HOW), or None."""
    if not kit or not os.path.isdir(kit):
        return HOW
    missing = [f for f in KIT_FILES if not os.path.isfile(os.path.join(kit, f))]
    if missing:
        return "%s is not an emulated-Pico kit (no %s). %s" % (kit, ", ".join(missing), HOW)
    if not os.path.isdir(os.path.join(kit, "node_modules", "rp2040js")):
        return "the kit %s has no rp2040js: (cd %s && npm ci --no-audit --no-fund)" % (kit, kit)
    return None


def parse_event(line):
    """One line of the control socket's `events`: "T KIND [PIN] VALUE" -> Event, or None."""
    words = line.split(" ", 2)
    if len(words) < 2 or not words[0].isdigit():
        return None
    t, kind, rest = int(words[0]), words[1], words[2] if len(words) > 2 else ""
    pin = None
    if kind in PIN_KINDS:
        pin, _, rest = rest.partition(" ")
    return Event(t, kind, pin, rest)


def parse_events(lines):
    return sorted((e for e in map(parse_event, lines) if e), key=lambda e: e.t)


def first(events, after, kinds=SHOWN, text=None):
    """The first event of KINDS at or after time AFTER (whose value holds TEXT), or None."""
    for e in events:
        if e.t >= after and e.kind in kinds and (text is None or text in e.value):
            return e
    return None


def boot_figures(events, powered):
    """A power-up's figures from its events (powered: the power-on's time, µs): {bets_ms,
    setup_ms (a new cabinet's tilt), check_ms (the program check it printed), boot_line}."""
    out = {}
    for key, text in (("bets_ms", BETS), ("setup_ms", SETUP)):
        e = first(events, powered, ("console",), text)
        if e:
            out[key] = (e.t - powered) / 1000
    e = first(events, powered, ("console",), "program checked in ")
    if e:
        out["check_ms"] = int(re.search(r"checked in (\d+) ms", e.value).group(1))
    e = first(events, powered, ("console",), "CRAPS TERMINAL BOOT")
    if e:
        out["boot_line"] = e.value
    return out


def key_figures(events, pressed, display, cap_ms=SETTLE_CAP_MS):
    """A key pressed at PRESSED (µs) against what its station's DISPLAY (station_display) drew
    after it: (first write ms, action ms, the action's screen), times after the press. The
    action is the first drawing that shows what the key did (a selection, a chip, a bet, a
    refusal...): while a key with a long press shows its hint ("LET GO: ..." in place of the
    message), the first whose rows above the hint changed; else the first drawing without the
    hint. None for a time when nothing was drawn within cap_ms."""
    before = [e for e in events if on_display(e, display) and e.t < pressed]
    rows = before[-1].value.split(" | ") if before else []
    shown = [e for e in events if on_display(e, display) and
             pressed <= e.t <= pressed + cap_ms * 1000]
    if not shown:
        return None, None, ""
    action = next((e for e in shown if shows_action(e.value, rows)), None)
    first_ms = (shown[0].t - pressed) / 1000
    if action is None:
        return first_ms, None, ""
    return first_ms, (action.t - pressed) / 1000, shown_as(action)


def shows_action(value, before):
    """Whether a drawing (VALUE) shows a key's action, the screen before the press being the
    rows BEFORE: any drawing without the hint, or one whose rows above the hint changed."""
    rows = value.split(" | ")
    hint = [i for i, row in enumerate(rows) if row.startswith(HINT)]
    return not hint or rows[:hint[0]] != before[:hint[0]]


def station_display(board, station):
    """(kind, where) of a station's display: ("oled", "BUS:ADDRESS") for an SSD1306, ("console",
    "[S<n>]") for one on the console."""
    spec = board.get("displays", [])[station] if station < len(board.get("displays", [])) else {}
    if spec.get("driver") == "ssd1306":
        return "oled", "%d:%d" % (spec["i2c"]["id"], spec.get("address", 0x3C))
    return "console", "[S%d]" % (station + 1)


def on_display(e, display):
    kind, where = display
    if kind == "oled":
        return e.kind == "oled" and e.pin == where
    return e.kind == "console" and e.value.startswith(where)


def shown_as(e):
    return ("%s %s" % (e.pin, e.value) if e.kind == "oled" else e.value)[:70]


def tilt_of(events, after):
    """The first tilt or fault the console said at or after AFTER, or None."""
    for e in events:
        if e.t >= after and e.kind == "console" and ("TILT" in e.value or "FAULT" in e.value):
            m = re.search(r"((TILT|FAULT)[^|]*)", e.value)
            return m.group(1).strip()
    return None


def mem_info_figures(text):
    """Lines "ROLL n free F largest L [ms M]" (tests/mp/chip_heap.py) -> [(n, free, largest,
    chip ms the rolls since the line before took)]."""
    out = []
    for m in re.finditer(r"ROLL (\d+) free (\d+) largest (\d+)(?: ms (\d+))?", text):
        out.append(tuple(int(g or 0) for g in m.groups()))
    return out


def eight_station_board(four):
    """The 8-station board, from cabinet-4station's dict: stations 5-8 on the console (the
    emulator has four SSD1306 addresses), no keys or acceptors of their own, not in production
    (mpremote may break in to run the heap and roll scripts)."""
    board = dict(four)
    board.update(name=EIGHT, production=False, stations=8,
                 description="made by `make chip`: cabinet-4station with 8 stations, 5-8 on the "
                 "console")
    board["displays"] = list(four["displays"]) + [{"driver": "console"}] * 4
    return board


def production_boards():
    out = []
    for f in sorted(os.listdir(BOARDS)):
        if f.endswith(".json"):
            with open(os.path.join(BOARDS, f)) as fh:
                if json.load(fh).get("production"):
                    out.append(f[:-5])
    return out


def keys_of(board):
    """[Key(label, station, press, release)]: each key's control commands; a GPIO key pulls its
    pin low, a matrix key joins its row and column."""
    buttons = board.get("buttons", {})
    out = []
    for key in buttons.get("keys", []):
        if buttons.get("driver") == "matrix":
            row, col, station, name = buttons["rows"][key[0]], buttons["cols"][key[1]], key[2], \
                key[3]
            press, release = "link %d %d" % (row, col), "unlink %d %d" % (row, col)
        elif buttons.get("driver") == "gpio":
            pin, station, name = key[0], key[1], key[2]
            press, release = "set %d 0" % pin, "release %d" % pin
        else:
            continue
        out.append(Key("S%d %s" % (station + 1, name.upper()), station, press, release))
    return out


# ---------------------------------------------------------------- the emulator

def _ctl_class(kit):
    import importlib.util
    spec = importlib.util.spec_from_file_location("emuctl", os.path.join(kit, "emuctl.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Ctl


class Emulator:
    """One emu.mjs of the kit, started here on its own ports with a blank flash."""

    def __init__(self, kit, name, serial, ctl, pace, extra=()):
        self.kit, self.name, self.serial, self.port = kit, name, serial, ctl
        os.makedirs(os.path.join(kit, "run"), exist_ok=True)
        self.log = os.path.join(kit, "run", "chip-%s.log" % name)
        argv = ["node", "emu.mjs", "--serial", str(serial), "--ctl", str(ctl), "--fresh",
                "--rosc", "random", "--pace", pace, "--drive", "%d=0" % KEY_PIN,
                "--flash", "state/chip-%s.bin" % name,
                "--console-log", "run/chip-%s-console.log" % name] + list(extra)
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(argv, cwd=kit, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while "control on" not in _read(self.log):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise ChipError("the emulator did not start: %s" % _read(self.log)[-300:])
            time.sleep(0.1)
        self.ctl = _ctl_class(kit)(port=ctl)
        self.url = "socket://127.0.0.1:%d" % serial

    def cmd(self, line):
        return self.ctl.cmd(line)

    def now(self):
        return int(self.ctl.one("now"))

    def events(self, since, kinds=SHOWN + ("reset",)):
        lines = []
        for kind in kinds:
            lines += [x for x in self.cmd("events %d %s" % (since, kind)) if x != "end"]
        return parse_events(lines)

    def until(self, since, test, wall_s, kinds=SHOWN + ("reset",)):
        """Poll the events since SINCE until test(events) is true: those events (ChipError
        after wall_s seconds)."""
        deadline = time.monotonic() + wall_s
        while True:
            events = self.events(since, kinds)
            if test(events):
                return events
            if time.monotonic() > deadline:
                raise ChipError("%s: nothing after %d s (last: %s)" % (
                    self.name, wall_s, events[-1] if events else "no event"))
            time.sleep(0.3)

    def after(self, since, ms):
        """Wait until the emulated clock is ms past SINCE (µs); the time then."""
        while True:
            now = self.now()
            if now >= since + ms * 1000:
                return now
            time.sleep(0.005)

    def stop(self):
        try:
            self.ctl.cmd("quit")
        except Exception:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def flash_board(emu, board, timeout):
    """The project's own flash onto the emulator (in service mode): its output."""
    argv = [sys.executable, "-m", "host_tools", "flash", "--board", board, "--port", emu.url]
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ChipError("flash %s: no end after %d s" % (board, timeout))
    if done.returncode:
        raise ChipError("flash %s: %s" % (board, (done.stderr or done.stdout).strip()[-300:]))
    return done.stdout


def power_up(emu, wall_s):
    """Power the chip off and on (the door shut, the key off): (power-on µs, its events, once
    betting opened or a new cabinet tilted)."""
    emu.cmd("release %d" % KEY_PIN)
    emu.cmd("set %d 0" % DOOR_PIN)
    since = emu.now()
    emu.cmd("reset power")
    events = emu.until(since, lambda ev: _opened(ev, since) is not None, wall_s,
                       ("console", "reset"))
    powered = [e.t for e in events if e.kind == "reset" and e.t >= since][0]
    return powered, events


def _opened(events, since):
    for e in events:
        if e.t >= since and e.kind == "console" and (BETS in e.value or SETUP in e.value or
                                                        "HALTED" in e.value):
            return e
    return None


def attendant_setup(emu, wall_s):
    """Turn the attendant key and let it go; wait for betting to open. (A key turned while the
    cabinet is still starting, before its loop scans the key, goes unseen: wait a second.)"""
    emu.after(emu.now(), 1000)
    pressed = int(emu.cmd("set %d 0" % KEY_PIN)[-1])
    emu.after(pressed, 300)
    released = int(emu.cmd("release %d" % KEY_PIN)[-1])
    emu.until(released, lambda ev: first(ev, released, ("console",), BETS), wall_s, ("console",))


# ---------------------------------------------------------------- the parts

def measure_boot(emu, wall_s):
    """A new cabinet powered up, set up by the attendant, then powered up again: the figures of
    both power-ups (the second is the boot to betting open)."""
    powered, events = power_up(emu, wall_s)
    new = boot_figures(events, powered)
    if "HALTED" in str(_opened(events, powered)):
        raise ChipError("%s halted at boot: %s" % (emu.name, _opened(events, powered).value))
    if "setup_ms" in new and "bets_ms" not in new:
        attendant_setup(emu, wall_s)
    powered, events = power_up(emu, wall_s)
    again = boot_figures(events, powered)
    return {"new": new, "boot": again}


def measure_keys(emu, board, wall_s):
    """Each key of the board pressed HOLD_MS and released: [(label, first ms, action ms,
    screen)]."""
    rows = []
    emu.after(emu.now(), 1000)  # a key pressed before the loop's first scan goes unseen
    for key in in_turn(keys_of(board)):
        pressed = press_key(emu, key, HOLD_MS)
        end = emu.after(pressed, SETTLE_CAP_MS)
        events = emu.events(0, SHOWN)  # from power-up: the screen before the press too
        rows.append((key.label,) + key_figures(events, pressed,
                                               station_display(board, key.station)))
        emu.after(end, 200)
        attendant_clear(emu, events, pressed, wall_s)
    return rows


def in_turn(keys):
    """The keys in the order they are pressed: each station's first key (PASS, which a new
    cabinet has selected already, so it would change nothing on the screen) last."""
    out = []
    for station in sorted(set(k.station for k in keys)):
        mine = [k for k in keys if k.station == station]
        out += mine[1:] + mine[:1]
    return out


def press_key(emu, key, hold_ms):
    """Press KEY, hold it hold_ms (emulated), let it go: the press's time (µs)."""
    pressed = int(emu.cmd(key.press)[-1])
    emu.after(pressed, hold_ms)
    emu.cmd(key.release)
    return pressed


def attendant_clear(emu, events, since, wall_s):
    """A tilt a step caused (a key, a coin train) is cleared by the attendant's key."""
    if tilt_of(events, since):
        attendant_setup(emu, wall_s)


def measure_coins(emu, board, sets, wall_s):
    """The acceptor trains of chip_coins.SETS on the board's first acceptor: [row dict]."""
    from host_tools import chip_coins
    return chip_coins.Coins(sys.modules[__name__], emu, board, wall_s).run(sets)


def run_script(emu, script, timeout):
    """Run a script on the board through mpremote's raw REPL (Ctrl-C in: a non-production
    board): its output."""
    argv = [sys.executable, "-m", "mpremote", "connect", emu.url, "run", script]
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return out + "\n(stopped after %d s)" % timeout
    return done.stdout + done.stderr


LIB = "/data/chiplib"  # where the scripts' helper modules go on the board (not signed: /data)


def chip_script(name, sources, prelude=""):
    """One script for mpremote run: each module of SOURCES ({name: path}) written from its
    source into LIB on the board (MicroPython cannot make a module object from a string) and
    importable from there, then tests/mp/NAME.py."""
    parts = ["import os, sys", prelude, "try:\n    os.mkdir(%r)\nexcept OSError:\n    pass" % LIB,
             "sys.path.insert(0, %r)" % LIB]
    for module, path in sources.items():
        with open(path) as f:
            text = f.read()
        parts.append("with open(%r, 'w') as _f:\n    _f.write(%r)" % (
            "%s/%s.py" % (LIB, module), text))
    with open(os.path.join(ROOT, "tests", "mp", name + ".py")) as f:
        parts.append(f.read())
    fd, path = tempfile.mkstemp(suffix=".py", prefix="chip-")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(parts))
    return path


def measure_heap(emu, rolls, timeout):
    """ROLLS busy rolls of the 8-station board on the chip (tests/mp/chip_heap.py): {figures:
    [(roll, free, largest, chip ms)], chip_s, wall_s: what the run took, text: what it said}."""
    script = chip_script("chip_heap", {"busy": os.path.join(ROOT, "tests", "engine", "busy.py")},
                         "ROLLS = %d" % rolls)
    started, wall = emu.now(), time.monotonic()
    try:
        text = run_script(emu, script, timeout)
    finally:
        os.remove(script)
    return {"figures": mem_info_figures(text), "chip_s": (emu.now() - started) / 1e6,
            "wall_s": time.monotonic() - wall, "text": text}


def measure_roll(emu, batches, timeout):
    """The busy table's roll alone, the fastest of BATCHES batches of 100 (tests/mp/
    bench_chip.py): ({"busy_roll_us": us} or None, what the script said)."""
    script = chip_script("bench_chip", {
        "busy": os.path.join(ROOT, "tests", "engine", "busy.py"),
        "peer": os.path.join(ROOT, "host_tools", "peer.py")},
        "BATCHES = %d\nPARTS = 'busy'" % batches)
    try:
        text = run_script(emu, script, timeout)
    finally:
        os.remove(script)
    m = re.search(r"\{.*\}", text)
    return (json.loads(m.group(0)) if m else None), text


# ---------------------------------------------------------------- the run

def add_arguments(p):
    p.add_argument("--kit", help="the emulated-Pico kit's folder (CHIP_KIT)")
    p.add_argument("--boards", help="comma-separated boards (default: the production boards "
                   "and %s)" % EIGHT)
    p.add_argument("--parts", default=",".join(PARTS),
                   help="which figures, of %s (default all)" % ",".join(PARTS))
    p.add_argument("--trains", default="quiet,busy,bad,arm",
                   help="which coin trains (host_tools/chip_coins.py), of quiet,busy,bad,arm")
    p.add_argument("--rolls", type=int, default=40, help="busy rolls of the heap part "
                   "(default 40, a few minutes)")
    p.add_argument("--batches", type=int, default=3, help="batches of 100 busy rolls the roll "
                   "part times, the fastest reported (default 3)")
    p.add_argument("--serial", type=int, default=2333, help="the emulator's USB CDC TCP port "
                   "(default 2333; not the kit's 2323, which another run may use)")
    p.add_argument("--ctl", type=int, default=2334, help="its control port (default 2334)")
    p.add_argument("--pace", default="turbo", choices=("turbo", "realtime"),
                   help="turbo skips the chip's idle time (figures are emulated time either "
                   "way)")
    p.add_argument("--timeout", type=float, default=300, help="wall seconds a step may take")


def main(args, out=None):
    out = out or sys.stdout
    problem = kit_problem(args.kit)
    if problem:
        sys.stderr.write(problem + "\n")
        return 2
    kit = os.path.abspath(args.kit)
    parts = [p for p in args.parts.split(",") if p]
    if any(p not in PARTS for p in parts):
        sys.stderr.write("chip: --parts takes %s\n" % ",".join(PARTS))
        return 2
    boards = args.boards.split(",") if args.boards else production_boards() + [EIGHT]
    results = {}
    failed = []
    for name in boards:
        try:
            results[name] = run_board(kit, name, parts, args, out)
        except ChipError as e:
            out.write("%s: %s\n" % (name, e))
            failed.append(name)
    chip_report.report(results, args, out)
    return 1 if failed else 0


def board_file(name):
    """(board dict, what flash takes) of a board, the 8-station one written in build/chip."""
    if name == EIGHT:
        with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
            board = eight_station_board(json.load(f))
        folder = os.path.join(BUILD, "chip")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, EIGHT + ".json")
        with open(path, "w") as f:
            json.dump(board, f, indent=1)
        return board, path
    with open(os.path.join(BOARDS, name + ".json")) as f:
        return json.load(f), name


def run_board(kit, name, parts, args, out):
    board, flash_as = board_file(name)
    extra = ["--dice-reader", str(board["dice"]["uart"]["id"])] \
        if board.get("dice", {}).get("driver") == "shaker" else []
    out.write("%s: flashing a blank emulated Pico...\n" % name)
    out.flush()
    emu = Emulator(kit, name, args.serial, args.ctl, args.pace, extra)
    got = {}
    try:
        flash_board(emu, flash_as, args.timeout * 3)
        got["boot"] = measure_boot(emu, args.timeout)
        out.write("%s: booted %s\n" % (name, got["boot"]))
        out.flush()
        if "keys" in parts and keys_of(board) and board.get("production"):
            got["keys"] = measure_keys(emu, board, args.timeout)
        if "coins" in parts and board.get("acceptors") and board.get("production"):
            got["coins"] = measure_coins(emu, board, args.trains.split(","), args.timeout)
        if name == EIGHT and "heap" in parts:
            got["heap"] = measure_heap(emu, args.rolls, args.timeout * 4)
        if name == EIGHT and "roll" in parts:
            got["roll"] = measure_roll(emu, args.batches, args.timeout)
        got["flashops"] = emu.cmd("flashops")[-1]
    finally:
        keep_events(emu)
        emu.stop()
    return got


def keep_events(emu):
    """Every event the run saw, for a reader to check a figure: run/chip-NAME-events.log."""
    try:
        events = emu.events(0, SHOWN + ("reset", "input"))
    except Exception:
        return
    with open(os.path.join(emu.kit, "run", "chip-%s-events.log" % emu.name), "w") as f:
        for e in events:
            f.write("%d %s%s %s\n" % (e.t, e.kind, " " + e.pin if e.pin else "", e.value))
