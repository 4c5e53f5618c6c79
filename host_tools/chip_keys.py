# Key to screen on the emulated chip (../shared/chip, a kit copied to build/chip): for each key
# of pico-1station, a tap (the pin low for TAP_MS of emulated time, then let go), and from the
# emulator's event log, in emulated microseconds after the press: the display's first write and
# the first write that shows the key's action (its station display changed other than by the
# hold hint; for ROLL, NO MORE BETS on the sign, which is the console on this board).
#   python -m host_tools.chip_keys [--ctl 2354] [--rounds 5] [--tap 120]
# The kit must be running a flashed pico-1station whose set-up is done (betting open).
import argparse
import os
import sys
import time

# GP pin: the button a tap presses on pico-1station
KEYS = {6: "pass", 7: "come", 8: "odds", 9: "chip", 10: "bet", 11: "roll",
        12: os.environ.get("CHIP_KEYS_GP12", "recall"), 13: "cash_out"}  # main: "repeat"
ROUND = (7, 6, 8, 9, 10, 12, 11)  # each changes what the station shows; CASH OUT last, once

def _line(lines, n):
    return lines[n] if n < len(lines) else ""


def _hinted(lines):
    return any(l.startswith(("LET GO:", "HOLD:")) for l in lines)


def _bet(now, was):
    """A chip placed (the credits went down) or a refusal on the display."""
    return _line(now, 0) != _line(was, 0) or (not _hinted(now) and now[4:] != was[4:])


# What a key's action changes on pico-1station's display: (lines now, lines before) -> bool
ACTED = {
    "come": lambda now, was: _line(now, 1).startswith("COME:"),
    "pass": lambda now, was: _line(now, 1).startswith("PASS:"),
    "odds": lambda now, was: _line(now, 2).endswith("ODDS"),
    "chip": lambda now, was: _line(now, 2).split()[:2] != _line(was, 2).split()[:2],
    "bet": _bet,
    "repeat": lambda now, was: any(l.startswith(("REPEAT", "no bets from")) for l in now[4:]),
    "cash_out": lambda now, was: " CR 0" in _line(now, 0),
    "recall": lambda now, was: _line(now, 0).startswith("RECALL"),
}


def _ctl(port, kit):
    sys.path.insert(0, kit)
    from emuctl import Ctl
    return Ctl(port=port)


def _events(ctl, since, kind):
    out = []
    for line in ctl.cmd("events %d %s" % (since, kind)):
        parts = line.split(" ", 3)
        if len(parts) == 4 and parts[0].isdigit():
            out.append((int(parts[0]), parts[3]))
    return out


def _wait_emulated(ctl, until_us):
    while int(ctl.one("now")) < until_us:
        time.sleep(0.05)


def tap(ctl, pin, tap_ms, before, settle_ms=1500):
    """Tap pin; (first write, action, the text showing the action) in us after the press."""
    t0 = int(ctl.one("pulse %d %d" % (pin, tap_ms)).split()[0])
    _wait_emulated(ctl, t0 + settle_ms * 1000)
    oled = [(t, v) for t, v in _events(ctl, t0, "oled") if t >= t0]
    first = oled[0][0] - t0 if oled else None
    action = None
    shown = None
    if KEYS[pin] == "roll":
        for t, v in _events(ctl, t0, "console") + oled:
            if "NO MORE BETS" in v and t >= t0 and (action is None or t - t0 < action):
                action, shown = t - t0, v
    else:
        for t, v in oled:
            if ACTED[KEYS[pin]](v.split(" | "), before.split(" | ")):
                action, shown = t - t0, v
                break
    return first, action, shown


def attendant(ctl):
    """The attendant's key on: a handpay paid (CASH OUT), 100 credits (BET held: TAKE DOWN);
    then off."""
    ctl.cmd("set 22 0")
    now = int(ctl.one("now"))
    _wait_emulated(ctl, now + 300000)
    ctl.cmd("pulse 13 100")
    _wait_emulated(ctl, now + 800000)
    ctl.cmd("pulse 10 1200")
    _wait_emulated(ctl, now + 2500000)
    ctl.cmd("set 22 1")
    _wait_emulated(ctl, now + 3500000)


def screen(ctl):
    lines = [l[3:] for l in ctl.cmd("oled 0:60") if l.startswith("  |")]
    return " | ".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.chip_keys")
    ap.add_argument("--ctl", type=int, default=2354)
    ap.add_argument("--kit", default=os.path.join("build", "chip"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--tap", type=int, default=120, help="ms each key is held")
    a = ap.parse_args(argv)
    ctl = _ctl(a.ctl, a.kit)
    seen = dict((pin, []) for pin in KEYS)
    attendant(ctl)
    for r in range(a.rounds):
        for pin in ROUND + ((13,) if r == a.rounds - 1 else ()):
            before = screen(ctl)
            first, action, shown = tap(ctl, pin, a.tap, before)
            seen[pin].append((first, action))
            print("GP%d %-8s first %s us, action %s us: %s" % (pin, KEYS[pin], first, action, shown))
            if KEYS[pin] == "roll":  # the dice, and betting open again
                _wait_emulated(ctl, int(ctl.one("now")) + 3000000)
    print("key       first write ms (median/max)   action ms (median/max)")
    for pin in sorted(KEYS):
        firsts = sorted(f for f, _ in seen[pin] if f is not None)
        actions = sorted(x for _, x in seen[pin] if x is not None)
        print("GP%-2d %-9s %s   %s   (%d taps, %d with no action seen)" % (
            pin, KEYS[pin], _fig(firsts), _fig(actions), len(seen[pin]),
            len(seen[pin]) - len(actions)))


def _fig(values):
    if not values:
        return "   -/-   "
    return "%5.1f/%5.1f" % (values[len(values) // 2] / 1000, values[-1] / 1000)


if __name__ == "__main__":
    main()
