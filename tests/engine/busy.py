# The busiest table the terminal deals: 8 stations with about 10 wagers each, kept topped up,
# on a fixed dice sequence. Shared by the busy-table test and the benchmarks (CPython and
# MicroPython), so the figures are for the same work.
from craps.house import HouseRules
from craps.table import Table
from craps.wagers import hop_code

STATIONS = 8
START = 10 ** 9  # credits: deep enough that no station runs dry
METER_MAX = 10 ** 10 - 1  # a cabinet's credit_meter_max for it: no win is cut to a handpay


def dice(n, seed=12345):
    """n fixed, well-spread rolls from a 32-bit LCG (the same on every interpreter)."""
    x = seed
    out = []
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        d1 = (x >> 16) % 6 + 1
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append((d1, (x >> 16) % 6 + 1))
    return out


def new_table():
    return Table([START] * STATIONS, HouseRules({"odds": "3-4-5x"}))


def _try(fn, *args):
    # A bet the moment does not allow (a come bet with the puck OFF) is simply skipped.
    try:
        fn(*args)
    except Exception:
        pass


def top_up(t):
    """Every station brings its wagers back to the busy mix: line + odds, come + odds,
    place 6/8, a hardway, field, a proposition, and don't-side bets at odd stations."""
    for p in range(t.stations()):
        line = "dont_pass" if p % 2 else "pass"
        if t.find(p, line, t.point) is None and not t.point:
            t.bet(p, line, 10)
        if t.point and t.find(p, "odds", t.point, line) is None and t.find(p, line, t.point):
            _try(t.odds, p, line, 20)
        if t.point and t.find(p, "come") is None:
            t.bet(p, "come", 10)
        for w in t.wagers:
            if w.player == p and w.kind == "come" and w.number and \
                    t.find(p, "odds", w.number, "come") is None:
                _try(t.odds, p, "come", 10, w.number)
        for kind, number, amount in (("place", 6, 12), ("place", 8, 12), ("hard", 8, 5),
                                     ("field", 0, 5), ("any7", 0, 1),
                                     ("hop", hop_code(2, 3), 1)):
            if t.find(p, kind, number) is None:
                t.bet(p, kind, amount, number)


def busy_table():
    """The busy table itself: the puck ON over 6, come bets on 5 with odds, every mix topped up."""
    t = new_table()
    top_up(t)
    t.roll(3, 3)
    top_up(t)
    t.roll(2, 3)
    top_up(t)
    return t


def play(t, rolls):
    """Top up and roll through `rolls`; returns the number of settlements."""
    settled = 0
    for d1, d2 in rolls:
        top_up(t)
        settled += len(t.roll(d1, d2).settlements)
    return settled
