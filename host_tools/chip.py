"""The firmware on an emulated RP2040, timed in the chip's own cycles: `make chip CHIP_KIT=DIR`
(python -m host_tools chip --kit DIR).

DIR is an emulated-Pico kit (the real MicroPython rp2 firmware on rp2040js: emu.mjs, its control
client emuctl.py, fw/firmware.uf2; README.md in it). The project never needs one for `make test`:
this tool starts the kit's emu.mjs itself (on free ports the system gives, or --serial/--ctl),
imports the kit's emuctl.Ctl at run time, flashes each board with the project's own
`host_tools flash` onto a blank flash (the attendant key held and the door open: service mode),
then closes the door, powers the chip up and reads what it did from the emulator's events, each
stamped in emulated microseconds:

  boot   power-on to betting open (`PLACE YOUR BETS`) per board, after the attendant's set-up of
         a new cabinet, and the program check the boot prints
  keys   each station given credits by the attendant, then each key of each board pressed,
         --rounds times: the first write on its station's display after the press, and the
         key's action: the first write that shows what it did (a spot or chip selected, a bet,
         a refusal, the view it opens; for ROLL the sign's NO MORE BETS), not the `HOLD: ...`
         hint a key with a long meaning shows while held, in ms after the press
  coins  acceptor pulse trains (host_tools/chip_coins.py), valid ones while the cabinet waits,
         bets and rolls, and bad ones: credited exactly, or the tilt's reason
  heap   an 8-station busy cabinet played on the chip (tests/mp/chip_heap.py through mpremote's
         raw REPL): gc.mem_free() and the largest free block every few rolls
  roll   the busy table's Table.roll timed with time.ticks_us on the chip (tests/mp/bench_chip.py)
  cut    start-up after a power cut with the newer journal at its longest: 8 stations' busy bets
         played 19 rolls and cut in the 20th, then start() timed (tests/mp/bench_boot.py), and
         the steps it takes before it plays the journal, each alone (tests/mp/chip_startup.py)
  floor  on the 8-station board, what a floor port adds to a loop step (tests/mp/bench_floor.py,
         a 1-station cabinet with the line's twin); and chip-floor, cabinet-4station with a floor
         port on GP0 and GP1 (its PIO line set up at boot), is a production board: the other
         parts measure its boot, keys and coins with the port in the loop

--firmware UF2 runs a firmware of the project's own instead of the kit's stock MicroPython:
build/firmware/firmware.uf2, the program frozen in it (host_tools/firmware.py).

The figures are reported, not asserted. Exit status: 0 measured, 1 the emulator or a board
failed, 2 no kit (or a bad option).
"""
import collections
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

from host_tools import BOARDS, BUILD, ROOT, chip_report

KIT_FILES = ("emu.mjs", "emuctl.py", os.path.join("fw", "firmware.uf2"))
HOW = ("make chip needs an emulated-Pico kit (rp2040js running MicroPython's rp2 firmware): "
       "make chip CHIP_KIT=DIR, DIR holding emu.mjs, emuctl.py and fw/firmware.uf2; copy the "
       "team's kit under build/ and run npm ci in it")
PARTS = ("boot", "keys", "coins", "heap", "roll", "cut", "floor")
EIGHT = "chip-8station"  # the 8-station board made on the fly (from cabinet-4station)
FLOOR = "chip-floor"  # and cabinet-4station with a floor port (GP0 and GP1 are free on it)
FLOOR_PORT = {"tx": 0, "rx": 1, "address": 1}
KEY_PIN, DOOR_PIN = 22, 21
BETS = "PLACE YOUR BETS"
SETUP = "NEW CABINET: ATTENDANT SETUP"
PIN_KINDS = ("gpio", "ws2812", "oled", "input", "uart")
SHOWN = ("oled", "console")  # what a player sees: a display, or the console standing in for one
HOLD_MS = 100  # a key press: shorter than any board's long press
SETTLE_CAP_MS = 1000  # a key's action is drawn within this long after the press, or not at all
HINT = "HOLD: "  # a key with a long meaning shows while held what holding on will do
SIGN = "[SIGN]"  # the sign's lines on the console
NO_MORE = "NO MORE BETS"  # the sign once ROLL has closed the bets

Event = collections.namedtuple("Event", "t kind pin value")
Key = collections.namedtuple("Key", "label station press release name")


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
    setup_ms (a new cabinet's tilt), check_ms (the program check it printed), boot_line, phases
    (main.py's "boot ms:" line: each phase's ms)}."""
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
    e = first(events, powered, ("console",), "boot ms: ")  # main.py's phases
    if e:
        out["phases"] = e.value.split("boot ms: ", 1)[1]
    return out


def key_figures(events, pressed, display, cap_ms=SETTLE_CAP_MS, before=None, sign=False):
    """A key pressed at PRESSED (µs) against what its station's DISPLAY (station_display) drew
    after it: (first write ms, action ms, the action's screen), times after the press. The
    action is the first write that shows what the key did (a spot or chip selected, a bet, a
    refusal, the view it opens): the first whose rows, the `HOLD: ...` hint a key with a long
    meaning shows while held left out, differ from the screen before the press. With SIGN (the
    ROLL key) the sign's NO MORE BETS counts too (the sign is the console's `[SIGN]` line), and
    the first write is the first of either (not the sign's countdown). BEFORE: the screen
    before the press (its text) when EVENTS do not reach back to it. None for a time when
    nothing was drawn within cap_ms."""
    was = [e for e in events if on_display(e, display) and e.t < pressed]
    rows = (was[-1].value if was else before or "").split(" | ")
    shown = [e for e in events if pressed <= e.t <= pressed + cap_ms * 1000 and
             (on_display(e, display) or (sign and is_sign(e) and NO_MORE in e.value))]
    if not shown:
        return None, None, ""
    action = next((e for e in shown if not on_display(e, display) or
                   shows_action(e.value, rows)), None)
    first_ms = (shown[0].t - pressed) / 1000
    if action is None:
        return first_ms, None, ""
    return first_ms, (action.t - pressed) / 1000, shown_as(action)


def shows_action(value, before):
    """Whether a drawing (VALUE, rows joined by " | ") shows a key's action, the screen before
    the press being the rows BEFORE: its rows differ from those, the hint left out of both."""
    return unhinted(value.split(" | ")) != unhinted(before)


def unhinted(rows):
    """A screen's rows without the `HOLD: ...` hint (a key with a long meaning, while held)."""
    return [row for row in rows if not row.startswith(HINT)]


def is_sign(e):
    return e.kind == "console" and e.value.startswith(SIGN)


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


def floor_board(four):
    """The floor board, from cabinet-4station's dict: its SAS port on GP0 (TX) and GP1 (RX), in
    production as cabinet-4station is, so that its keys and coins are measured with the port
    in the loop."""
    board = dict(four)
    board.update(name=FLOOR, floor=dict(FLOOR_PORT),
                 description="made by `make chip`: cabinet-4station with a floor port")
    return board


MADE = {EIGHT: eight_station_board, FLOOR: floor_board}


def production_boards():
    """The production boards the emulated chip can run: not one whose critical memory is on an
    FRAM (its emulated I2C has displays on it, no FRAM; the board would halt at boot)."""
    out = []
    for f in sorted(os.listdir(BOARDS)):
        if f.endswith(".json"):
            with open(os.path.join(BOARDS, f)) as fh:
                board = json.load(fh)
            if board.get("production") and board.get("storage", {}).get("driver") != "fram":
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
        out.append(Key("S%d %s" % (station + 1, name.upper()), station, press, release, name))
    return out


# ---------------------------------------------------------------- the emulator

def _ctl_class(kit):
    import importlib.util
    spec = importlib.util.spec_from_file_location("emuctl", os.path.join(kit, "emuctl.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Ctl


# The kit counts emulated time in nanoseconds in a double. In turbo an idle core jumps to its
# next alarm, and the REPL waiting for mpremote has none soon: each wait adds days (about 10^12
# us a wall second). Past 2^56 ns an instruction's 8 ns is half a step of the double and is
# lost to rounding, so that times come out short: a figure taken past it is refused. (A run of
# every part of the 8-station board ends near 7 * 10^12 us.)
CLOCK_LIMIT_US = 2 ** 56 // 1000


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

    def keep(self, got, part, figures):
        """A part's figures into got, unless the clock ran past CLOCK_LIMIT_US taking them."""
        now = self.now()
        if now >= CLOCK_LIMIT_US:
            raise ChipError("the emulator's clock reached %d us in the %s part, past %d: its "
                            "instructions' time is lost to rounding there, so its figures are "
                            "not kept (run that part alone)" % (now, part, CLOCK_LIMIT_US))
        got[part] = figures

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
    events = emu.until(since, lambda ev: booted(ev, since) is not None, wall_s,
                       ("console", "reset"))
    return booted(events, since), events


def booted(events, since):
    """The power-on's time (µs) once the first reset after SINCE is followed by betting open or
    a new cabinet's tilt, else None. (The line of the boot before the reset may come after
    SINCE: the flash tool's own reset ends just before the first power-up.)"""
    resets = [e.t for e in events if e.kind == "reset" and e.t >= since]
    if resets and _opened(events, resets[0]) is not None:
        return resets[0]
    return None


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


def measure_keys(emu, board, rounds, wall_s):
    """Each station given credits by the attendant, then ROUNDS rounds of each key of the board
    pressed HOLD_MS and let go, in turn (in_turn): [(label, first ms, action ms, screen)], a row
    a press. ROLL's round waits for betting to open again; CASH OUT, pressed in the last round
    only, makes a handpay the attendant pays."""
    rows = []
    emu.after(emu.now(), 1000)  # a key pressed before the loop's first scan goes unseen
    keys = keys_of(board)
    attendant_credit(emu, keys, wall_s)
    screens = _last_screens(emu.events(0, SHOWN))  # each display's text: before a press
    for n in range(rounds):
        for key in in_turn(keys, cash_out=n == rounds - 1):
            display = station_display(board, key.station)
            pressed = press_key(emu, key, HOLD_MS)
            sign = key.name == ROLL
            events = emu.until(pressed, lambda ev: _acted(ev, pressed, display, screens, sign) or
                               emu.now() > pressed + SETTLE_CAP_MS * 1000, wall_s, SHOWN)
            got = key_figures(events, pressed, display, before=screens.get(display), sign=sign)
            rows.append((key.label,) + got)
            if sign and got[1] is not None and NO_MORE in got[2]:  # the dice, then bets again
                closed = pressed + int(got[1] * 1000) + 1
                emu.until(closed, lambda ev: first(ev, closed, ("console",), BETS), wall_s,
                          ("console",))
            emu.after(emu.now(), 200)
            if key.name == CASH_OUT:  # its handpay paid (none: the attendant is told so)
                attendant_do(emu, [key], wall_s)
            attendant_clear(emu, emu.events(pressed, ("console",)), pressed, wall_s)
            screens.update(_last_screens(emu.events(pressed, SHOWN)))
    return rows


def _acted(events, pressed, display, screens, sign):
    return key_figures(events, pressed, display, before=screens.get(display),
                       sign=sign)[1] is not None


def _last_screens(events):
    """{display: its last text} of the oled and console station displays among EVENTS."""
    out = {}
    for e in events:
        if e.kind == "oled":
            out[("oled", e.pin)] = e.value
        elif e.kind == "console" and re.match(r"\[S\d+\]", e.value):
            out[("console", e.value.split(" ", 1)[0])] = e.value
    return out


ROLL, CASH_OUT, BET, TAKE_DOWN = "roll", "cash_out", "bet", "take_down"
# The order a station's keys are pressed in, so that each does what it is for: a spot other
# than PASS selected (a new cabinet has PASS), then PASS, a chip on it (the attendant's credits),
# the chip's value, ODDS, the recall view, ROLL (a line bet: the bets close and the dice roll).
# Keys not named here go before ROLL; CASH OUT (a handpay) comes last, in the last round only.
ORDER = ("come", "dont_pass", "pass", "bet", "chip", "odds", "recall", "repeat")


def in_turn(keys, cash_out=True):
    """The keys in the order they are pressed: station by station, each station's in ORDER, then
    any other, then ROLL, then CASH OUT (if cash_out)."""
    def rank(k):
        if k.name == CASH_OUT:
            return len(ORDER) + 2
        if k.name == ROLL:
            return len(ORDER) + 1
        return ORDER.index(k.name) if k.name in ORDER else len(ORDER)
    return [k for k in sorted(keys, key=lambda k: (k.station, rank(k)))
            if cash_out or k.name != CASH_OUT]


def press_key(emu, key, hold_ms):
    """Press KEY, hold it hold_ms (emulated), let it go: the press's time (µs)."""
    pressed = int(emu.cmd(key.press)[-1])
    emu.after(pressed, hold_ms)
    emu.cmd(key.release)
    return pressed


def attendant_do(emu, keys, wall_s, hold_ms=HOLD_MS):
    """The attendant's key on, each of KEYS pressed hold_ms, the key off; betting open again."""
    on = int(emu.cmd("set %d 0" % KEY_PIN)[-1])
    emu.after(on, 300)
    for key in keys:
        press_key(emu, key, hold_ms)
        emu.after(emu.now(), 300)
    off = int(emu.cmd("release %d" % KEY_PIN)[-1])
    emu.after(off, 300)


def attendant_credit(emu, keys, wall_s):
    """Each station's TAKE DOWN with the attendant's key on: the board's attendant credit step
    on every station's meter."""
    take_downs, hold_ms = credit_keys(keys)
    if take_downs:
        attendant_do(emu, take_downs, wall_s, hold_ms)


def credit_keys(keys):
    """(the keys that are TAKE DOWN, how long to hold each): a key of its own where the board has
    one (pico-matrix), else BET held past its long press."""
    own = [k for k in keys if k.name == TAKE_DOWN]
    return (own, HOLD_MS) if own else ([k for k in keys if k.name == BET], 1200)


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
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, PYTHONUNBUFFERED="1"))  # all, if stopped
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
    script = chip_script("chip_heap", {
        "busy": os.path.join(ROOT, "tests", "engine", "busy.py"),
        "heap_play": os.path.join(ROOT, "tests", "heap", "heap_play.py")}, "ROLLS = %d" % rolls)
    started, wall = emu.now(), time.monotonic()
    try:
        text = run_script(emu, script, timeout)
    finally:
        os.remove(script)
    return {"figures": mem_info_figures(text), "chip_s": (emu.now() - started) / 1e6,
            "wall_s": time.monotonic() - wall, "text": text}


def script_figures(emu, name, sources, prelude, timeout):
    """tests/mp/NAME.py run on the chip (chip_script, run_script): (the JSON line it printed,
    or None; all it said)."""
    script = chip_script(name, sources, prelude)
    try:
        text = run_script(emu, script, timeout)
    finally:
        os.remove(script)
    m = re.search(r"\{.*\}", text)
    return (json.loads(m.group(0)) if m else None), text


def measure_cut(emu, stations, timeout):
    """start() after a power cut with the newer journal at its longest, on the chip: the busy bets
    of STATIONS stations played 19 rolls and cut in the 20th (tests/mp/bench_boot.py), in a
    folder of /data: ({"boot_Nst_ms": the fastest of 3 start-ups, "boot_Nst_entries": n, and
    where the time goes (tests/mp/chip_startup.py): "records_ms", "base_ms", "entries_ms",
    "entries"} or None, what the scripts said)."""
    folder = "/data/chipcut"
    said = []

    def run(name, *argv):
        prelude = "sys.argv[:] = %r\ntry:\n    os.mkdir(%r)\nexcept OSError:\n    pass" % (
            [name, folder, str(stations)] + list(argv), folder)
        figures, text = script_figures(emu, name, {
            "busy": os.path.join(ROOT, "tests", "engine", "busy.py")}, prelude, timeout)
        said.append(text)
        return figures
    played = run("bench_boot", "play")
    booted = played and run("bench_boot", "boot", str(played["now"]))
    steps = booted and run("chip_startup")
    if steps:
        booted.update(steps)
    return booted, "\n".join(said)


def measure_floor(emu, timeout):
    """What the floor port adds to a loop step on the chip (tests/mp/bench_floor.py: a 1-station
    cabinet, the line's twin standing in for the PIO line): ({"steps": {..._us}} or
    {"steps": None}, what the script said)."""
    drivers = os.path.join(ROOT, "tests", "drivers")
    steps, text = script_figures(emu, "bench_floor", dict(
        (m, os.path.join(drivers, m + ".py")) for m in ("loop_rig", "rng_support")), "", timeout)
    return {"steps": steps}, text


def measure_roll(emu, batches, timeout):
    """The busy table's roll alone, the fastest of BATCHES batches of 100 (tests/mp/
    bench_chip.py): ({"busy_roll_us": us} or None, what the script said)."""
    return script_figures(emu, "bench_chip", {
        "busy": os.path.join(ROOT, "tests", "engine", "busy.py"),
        "peer": os.path.join(ROOT, "host_tools", "peer.py")},
        "BATCHES = %d\nPARTS = 'busy'" % batches, timeout)


# ---------------------------------------------------------------- the run

def add_arguments(p):
    p.add_argument("--kit", help="the emulated-Pico kit's folder (CHIP_KIT)")
    p.add_argument("--firmware", metavar="UF2", help="the firmware the chip runs instead of the "
                   "kit's stock MicroPython: build/firmware/firmware.uf2 has the program "
                   "frozen in it (host_tools/firmware.py); the flash tool then copies main.py "
                   "and the board's files alone")
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
    p.add_argument("--rounds", type=int, default=3, help="rounds of every key the keys part "
                   "presses, each key's figures the median and max over them (default 3)")
    p.add_argument("--serial", type=int, default=0, help="the emulator's USB CDC TCP port "
                   "(default 0: a free one the system gives, so that no other run's emulator "
                   "is in the way; the kit's own is 2323)")
    p.add_argument("--ctl", type=int, default=0, help="its control port (default 0: a free "
                   "one)")
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
    boards = args.boards.split(",") if args.boards else production_boards() + [EIGHT, FLOOR]
    results = {}
    failed = []
    for name in boards:
        results[name] = {}  # what a board measured before a failure is reported too
        try:
            run_board(kit, name, parts, args, out, results[name])
        except ChipError as e:
            out.write("%s: %s\n" % (name, e))
            failed.append(name)
        if len(boards) > 1:  # each board's figures as soon as it is done: a run cut short
            chip_report.report({name: results[name]}, args, out)  # keeps them
            out.flush()
    chip_report.report(results, args, out)
    return 1 if failed else 0


def board_file(name):
    """(board dict, what flash takes) of a board, one made from cabinet-4station (MADE) written
    in build/chip."""
    if name in MADE:
        with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
            board = MADE[name](json.load(f))
        folder = os.path.join(BUILD, "chip")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, name + ".json")
        with open(path, "w") as f:
            json.dump(board, f, indent=1)
        return board, path
    with open(os.path.join(BOARDS, name + ".json")) as f:
        return json.load(f), name


def run_board(kit, name, parts, args, out, got):
    board, flash_as = board_file(name)
    extra = ["--dice-reader", str(board["dice"]["uart"]["id"])] \
        if board.get("dice", {}).get("driver") == "shaker" else []
    if args.firmware:
        extra += ["--uf2", os.path.abspath(args.firmware)]
    out.write("%s: flashing a blank emulated Pico...\n" % name)
    out.flush()
    serial, ctl = free_ports(args.serial, args.ctl)
    emu = Emulator(kit, name, serial, ctl, args.pace, extra)
    try:
        flash_board(emu, flash_as, args.timeout * 3)
        emu.keep(got, "boot", measure_boot(emu, args.timeout))
        out.write("%s: booted %s\n" % (name, got["boot"]))
        out.flush()
        if "keys" in parts and keys_of(board) and board.get("production"):
            emu.keep(got, "keys", measure_keys(emu, board, args.rounds, args.timeout))
        if "coins" in parts and board.get("acceptors") and board.get("production"):
            emu.keep(got, "coins", measure_coins(emu, board, args.trains.split(","),
                                                 args.timeout))
        if name == EIGHT and "heap" in parts:
            emu.keep(got, "heap", measure_heap(emu, args.rolls, args.timeout * 4))
        if name == EIGHT and "roll" in parts:
            emu.keep(got, "roll", measure_roll(emu, args.batches, args.timeout))
        if name == EIGHT and "cut" in parts:
            emu.keep(got, "cut", measure_cut(emu, 8, args.timeout * 4))
        if name == EIGHT and "floor" in parts:
            emu.keep(got, "floor", measure_floor(emu, args.timeout))
        got["flashops"] = emu.cmd("flashops")[-1]
    finally:
        keep_events(emu)
        emu.stop()
    return got


def free_ports(*ports):
    """The ports, each 0 replaced by a free TCP port of 127.0.0.1 (the system's choice)."""
    out, held = [], []
    for port in ports:
        if not port:
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            held.append(s)  # held until all are chosen, so that two differ
            port = s.getsockname()[1]
        out.append(port)
    for s in held:
        s.close()
    return out


def keep_events(emu):
    """Every event the run saw, for a reader to check a figure: run/chip-NAME-events.log."""
    try:
        events = emu.events(0, SHOWN + ("reset", "input"))
    except Exception:
        return
    with open(os.path.join(emu.kit, "run", "chip-%s-events.log" % emu.name), "w") as f:
        for e in events:
            f.write("%d %s%s %s\n" % (e.t, e.kind, " " + e.pin if e.pin else "", e.value))
