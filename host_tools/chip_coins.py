"""`make chip`'s coins: acceptor pulse trains on an emulated RP2040 (host_tools/chip.py starts
it, flashes a board and opens betting), each scheduled by the emulator in its own time, and
what the cabinet made of each, read back in emulated microseconds.

  quiet  valid trains while the cabinet only waits: 1-20 pulses of 30-100 ms, gaps 30-100 ms
  busy   valid trains while the station bets (flash written) and rolls (dice drawn, settled,
         the journal written): BET pressed 100 ms into the train, ROLL 400 ms
  bad    a 10 ms pulse, a 200 ms one, short and long ones in a train, the line held low:
         each must tilt with its reason (the attendant's key clears it)
  arm    a valid train started just after a loop step longer than 20 or 25 ms (a collection)

Credited is the acceptor meter's move (the console's `meters` answer, acceptor_in) over the
train, not the display's credits (bets and wins move those); the display's `CREDITS IN n`
and the first tilt the console says after the train's start are reported beside it.
"""
import json
import re
import socket

QUIET = ((1, 60, 60), (3, 60, 60), (20, 50, 50), (7, 100, 100), (12, 35, 30), (20, 30, 30),
         (5, 100, 30), (9, 40, 90))
BUSY = ((20, 100, 100), (20, 50, 50), (15, 80, 40), (10, 100, 60), (20, 60, 90))
BAD = ((1, 10, 60), (1, 200, 60), (3, 20, 60), (5, 150, 60))
STUCK_MS = 1500  # "a line held low": longer than every board's stuck_ms (1000)
ARM = (20, 25)  # loop steps (ms) after which an armed train starts: 4 x 60 ms
ARM_WAIT_MS = 60000  # the chip's time an armed train waits for such a step (a quiet loop may
#                      have none: the train is not run, and the report says so)
SETS = ("quiet", "busy", "bad", "arm")
LOAD = ((100, "BET"), (400, "ROLL"))  # a busy train's key presses: ms into it, which key
PRESS_MS = 80
SETTLE_MS = 1500  # after a train's last pulse: its gap_ms (300) and the cabinet's redraw
ROLL_MS = 3000  # after a busy train: the roll's end (plus the shaker's own times on a shaker)


# ---------------------------------------------------------------- what needs no emulator

def meters_of(events, after):
    """The counts of the first `CRAPS METERS {...}` line at or after AFTER (µs), or None."""
    for e in events:
        if e.t >= after and e.kind == "console" and e.value.startswith("CRAPS METERS "):
            return json.loads(e.value[len("CRAPS METERS "):])
    return None


def credits_in_shown(events, after, display, on_display):
    """The n of each `CREDITS IN n` the station's display began to show at or after AFTER (a
    message stays up while other lines change: it is counted where it appears, so two trains of
    the same count with nothing else said between them are one)."""
    out, showing = [], None
    for e in events:
        if on_display(e, display):
            m = re.search(r"CREDITS IN (\d+)", e.value)
            if m and m.group(0) != showing and e.t >= after:
                out.append(int(m.group(1)))
            showing = m.group(0) if m else None
    return out


def flash_ops(line):
    """`flashops`'s reply -> (erases, programs)."""
    m = re.search(r"erase=(\d+) .*program=(\d+)", line)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def outcome(count, credited, tilt, bad):
    """One line: what a train of COUNT pulses gave (credited: the acceptor meter's move)."""
    if bad:
        return ("tilted: %s" % tilt) if tilt else "NOT TILTED (credited %s)" % credited
    if tilt:
        return "TILTED: %s (credited %s of %d)" % (tilt, credited, count)
    if credited == count:
        return "credited exactly"
    return "CREDITED %s OF %d" % (credited, count)


def train_name(count, low, gap, extra=""):
    return "%2d x %3d ms, gaps %3d ms%s" % (count, low, gap, extra)


def tally(rows):
    """(valid trains credited exactly, valid trains, bad trains tilted, bad trains)."""
    valid = [r for r in rows if not r["bad"] and not r.get("skipped")]
    bad = [r for r in rows if r["bad"]]
    return (sum(1 for r in valid if r["outcome"] == "credited exactly"), len(valid),
            sum(1 for r in bad if r["outcome"].startswith("tilted")), len(bad))


# ---------------------------------------------------------------- on the emulator

class Coins:
    """The trains of SETS on one board's first acceptor, through chip.py's Emulator."""

    def __init__(self, chip, emu, board, wall_s):
        self.chip, self.emu, self.board, self.wall_s = chip, emu, board, wall_s
        acceptor = board["acceptors"][0]
        self.pin, self.station = acceptor["pin"], acceptor["station"]
        self.display = chip.station_display(board, self.station)
        self.since = 0  # the last train's start: what it drew shows what was up before this one
        keys = {k.label: k for k in chip.keys_of(board)}
        self.keys = {name: keys.get("S%d %s" % (self.station + 1, name)) for _, name in LOAD}
        dice = board.get("dice", {})
        self.roll_ms = ROLL_MS + (dice.get("shake_ms", 0) + dice.get("settle_ms", 0) +
                                  dice.get("answer_ms", 0) if dice.get("driver") == "shaker"
                                  else 0)

    def run(self, sets):
        rows = []
        if "quiet" in sets:
            rows += [self.train(*t) for t in QUIET]
        if "busy" in sets and all(self.keys.values()):
            for t in BUSY:
                rows.append(self.train(*t, load=True))
                self.emu.after(self.emu.now(), self.roll_ms)
        if "bad" in sets:
            rows += [self.train(*t, bad=True) for t in BAD]
            rows.append(self.stuck())
        if "arm" in sets:
            rows += [self.train(4, 60, 60, arm=ms) for ms in ARM]
        return rows

    def snapshot(self):
        """(the meters, the flash's (erases, programs)) now."""
        return self.meters(), flash_ops(self.emu.cmd("flashops")[-1])

    def meters(self):
        """The cabinet's meters now, asked on its USB console."""
        asked = self.emu.now()
        with socket.create_connection(("127.0.0.1", self.emu.serial), timeout=10) as s:
            s.sendall(b"meters\r\n")
            events = self.emu.until(asked, lambda ev: meters_of(ev, asked) is not None,
                                    self.wall_s, ("console",))
        return meters_of(events, asked)

    def train(self, count, low, gap, load=False, bad=False, arm=None):
        before = self.snapshot()
        start = self.emu.now()
        if arm:
            self.emu.cmd("armtrain %d %d %d %d %d" % (arm, self.pin, count, low, gap))
            ends = self._armed_end(start, count, low, gap)
            if ends is None:
                self.emu.cmd("armtrain off")
                return {"train": train_name(count, low, gap, " (armed)"), "count": count,
                        "bad": False, "skipped": True, "outcome": "not run: no loop step over "
                        "%d ms in %d s of the chip's time" % (arm, ARM_WAIT_MS // 1000)}
        else:
            reply = self.emu.cmd("train %d %d %d %d" % (self.pin, count, low, gap))[-1]
            ends = int(reply.rsplit(" ", 1)[-1])
        if load:
            self._load(start)
        extra = " (BET, ROLL meanwhile)" if load else (
            " (after a loop step > %d ms)" % arm if arm else "")
        return self._result(train_name(count, low, gap, extra), count, before, start, ends, bad)

    def stuck(self):
        before = self.snapshot()
        start = int(self.emu.cmd("set %d 0" % self.pin)[-1])
        self.emu.after(start, STUCK_MS)
        ends = int(self.emu.cmd("release %d" % self.pin)[-1])
        return self._result("line held low %d ms" % STUCK_MS, 0, before, start, ends, True)

    def _armed_end(self, start, count, low, gap):
        """When the armed train ends, once it has begun (None: it had not begun ARM_WAIT_MS
        after start)."""
        def began(events):
            return [e.t for e in events if e.pin == str(self.pin) and "(train 1/" in e.value]
        first = self.emu.until(start, lambda ev: began(ev) or
                               self.emu.now() > start + ARM_WAIT_MS * 1000, self.wall_s,
                               ("input",))
        if not began(first):
            return None
        return began(first)[0] + (count * (low + gap) - gap) * 1000

    def _load(self, start):
        for ms, name in LOAD:
            self.emu.after(start, ms)
            self.chip.press_key(self.emu, self.keys[name], PRESS_MS)

    def _result(self, name, count, before, start, ends, bad):
        self.emu.after(ends, SETTLE_MS)
        (before, before_ops), (after, ops) = before, self.snapshot()
        events = self.emu.events(self.since, self.chip.SHOWN)  # the message before it too
        self.since = start
        credited = after["acceptor_in"] - before["acceptor_in"]
        tilt = self.chip.tilt_of(events, start)
        row = {"train": name, "count": count, "bad": bad, "credited": credited, "tilt": tilt,
               "shown": credits_in_shown(events, start, self.display, self.chip.on_display),
               "outcome": outcome(count, credited, tilt, bad),
               "erases": ops[0] - before_ops[0], "programs": ops[1] - before_ops[1]}
        if tilt:
            self.chip.attendant_setup(self.emu, self.wall_s)
        return row
