# Coins on the emulated chip (the kit of ../shared/chip, started by hand on its own ports, the
# pico-1station board flashed and set up, betting open): sends acceptor trains on GP14 while the
# loop draws rolls and writes flash, and prints, in emulated time, what each train gave.
#   python tests/chip/coins.py KIT_DIR CTL_PORT
# Not part of `make test`: it needs the kit and a running emulator.
import re
import sys
import time

sys.path.insert(0, sys.argv[1])
from emuctl import Ctl  # noqa: E402

c = Ctl(port=int(sys.argv[2]))
PIN = 14


def now():
    return int(c.one("now"))


def until(t_us):
    while now() < t_us:
        time.sleep(0.05)


def credits():
    for line in c.cmd("oled 0:60"):
        m = re.search(r"S1 CR (\d+)", line)
        if m:
            return int(m.group(1))
    return None


def flash_writes():
    m = re.search(r"flash_erase=(\d+)/\d+B flash_program=(\d+)", c.one("stats"))
    return int(m.group(1)), int(m.group(2))


def after(t0, kind):
    return [line for line in c.cmd("events %d %s" % (t0, kind)) if line != "end"]


def train(count, low, gap, load=(), arm=None):
    """One train; load: keys pressed (pulse PIN 80 ms) at ms after its start. Returns a line."""
    before, ops = credits(), flash_writes()
    t0 = now()
    if arm:
        c.cmd("armtrain %d %d %d %d %d" % (arm, PIN, count, low, gap))
    else:
        c.cmd("train %d %d %d %d" % (PIN, count, low, gap))
    for ms, key in load:
        until(t0 + ms * 1000)
        c.cmd("pulse %d 80" % key)
    starts = [int(e.split()[0]) for e in after(t0, "input") if e.split()[2] == str(PIN)
              and "(train 1/" in e]
    while not starts:
        time.sleep(0.05)
        starts = [int(e.split()[0]) for e in after(t0, "input") if e.split()[2] == str(PIN)
                  and "(train 1/" in e]
    end = starts[0] + (count * (low + gap) - gap) * 1000
    until(end + 1500 * 1000)
    got = credits() - before
    shown = [int(e.split()[0]) for e in after(end, "oled") if "S1 CR %d" % (before + count) in e]
    said = after(t0, "console")
    tilts = [e.split(" ", 2)[2] for e in said if "TILT" in e or "FAULT" in e]
    rolls = len([e for e in said if "DICE ROLLING" in e])
    ops2 = flash_writes()
    return ("train %2d x %3d ms, gaps %3d ms%s: +%d credits (want %d)%s; flash %d erases %d "
            "programs%s meanwhile%s" % (
                count, low, gap, " (after a loop step > %d ms)" % arm if arm else "", got, count,
                ", shown %.1f ms after the last pulse" % ((shown[0] - end) / 1000) if shown else "",
                ops2[0] - ops[0], ops2[1] - ops[1], ", %d roll(s)" % rolls if rolls else "",
                "; " + " / ".join(tilts) if tilts else ""))


ROLL, BET = 11, 10  # BET puts a chip on the pass line; ROLL, once bet, draws and settles
QUIET = [(1, 60, 60), (3, 60, 60), (20, 50, 50), (7, 100, 100), (12, 35, 30), (20, 30, 30),
         (5, 100, 30), (9, 40, 90)]
BUSY = [(20, 100, 100), (20, 50, 50), (15, 80, 40), (10, 100, 60), (20, 60, 90)]
BAD = [(1, 10, 60), (1, 200, 60), (3, 20, 60), (5, 150, 60)]
KEY = 22  # the attendant key: turned and back clears a tilt

if __name__ == "__main__":
    what = sys.argv[3] if len(sys.argv) > 3 else "quiet,busy,arm"
    if "quiet" in what:
        for count, low, gap in QUIET:
            print(train(count, low, gap), flush=True)
    if "busy" in what:  # a bet (flash written) then a roll (dice drawn, settled, written)
        for count, low, gap in BUSY:
            print(train(count, low, gap, ((100, BET), (400, ROLL))), flush=True)
            until(now() + 3000 * 1000)  # the roll's end
    if "bad" in what:
        for count, low, gap in BAD:
            print(train(count, low, gap), flush=True)
            c.cmd("set %d 0" % KEY)
            until(now() + 1000 * 1000)
            c.cmd("set %d 1" % KEY)
            until(now() + 1500 * 1000)
            print("  after the key: " + c.cmd("console %d" % (now() - 1000 * 1000))[-2], flush=True)
    if "arm" in what:
        for arm in (20, 25):
            print(train(4, 60, 60, arm=arm), flush=True)
