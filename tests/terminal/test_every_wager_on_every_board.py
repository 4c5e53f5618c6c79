# Every wager the engine offers under a board's house rules is made with that board's keys alone,
# from a panel as it is at power-up: pressed (and held, for a key's second meaning) as the loop
# delivers them, (PRESS, HOLD, RELEASE) a short press and (PRESS, HOLD, PRESS long, RELEASE,
# RELEASE long) a long one. The flat bet odds go behind and the puck ON are set up first; each
# wager must then be on the table as that wager. The most presses a wager needs, the BET press
# included, is printed and bounded: it is a player's patience.
# The board files are read from boards/ (CPython); MicroPython's test filesystem has only the
# .py files, so there the test has nothing to read.
import json
import os

from cabinet_support import Driver
from craps.house import POINTS
from craps.wagers import KINDS, NUMBERS, FIXED_NUMBER, ODDS_ON, LINE, COME, SIDE, UNITS, hop_code
from terminal import actions, buttons, walk
from terminal.events import PRESS, RELEASE, HOLD

# The most presses any wager may need from a panel at power-up: hop 6-6 on an 8-key panel, 8
# holds of SELECT to the hops and 20 presses along them, and BET (29; 30 with put offered).
PATIENCE = 30


def boards():
    here = __file__.rsplit("/", 1)[0] + "/../../boards"
    try:
        names = sorted(f[:-5] for f in os.listdir(here) if f.endswith(".json"))
    except (OSError, AttributeError):
        return []  # MicroPython: no boards/ here
    out = []
    for name in names:
        with open("%s/%s.json" % (here, name)) as f:
            out.append((name, json.load(f)))
    return out


def offered(rules):
    """Every wager the engine takes under these rules, as the table names it: (kind, number, on)
    with the number the table keeps a new bet on (0 for a line or come bet, 6 for big 6)."""
    out = []
    for kind in KINDS:
        if kind in SIDE and not rules.side_bets or kind == "put" and not rules.put:
            continue
        if kind == "hop":
            numbers = sorted(set(hop_code(a, b) for a in range(1, 7) for b in range(1, 7)))
        else:
            numbers = NUMBERS.get(kind, (FIXED_NUMBER.get(kind, 0),))
        out += [(kind, n, None) for n in numbers]
    for on in ODDS_ON:
        if on != "put" or rules.put:
            out += [("odds", n, on) for n in POINTS]
    return out


def keys_of(board):
    """Station 0's keys, {button: long}: (key, False) for a key's press, (key, True) for its
    hold. A board with the buttons' twin (the virtual cabinet) has every button on a key."""
    spec = board["buttons"]
    if spec.get("driver", "twin") == "twin":
        return dict((b, ((b, None), False)) for b in buttons.ALL)
    keys = {}
    for key in spec["keys"]:
        station, button, long_button = key[-3:]
        if station == 0:
            keys[button] = ((button, long_button), False)
            if long_button:
                keys[long_button] = ((button, long_button), True)
    return keys


def press(d, key, held):
    """A key pressed and let go as the board's driver reports it; held: to its long meaning."""
    button, long_button = key
    d.event((PRESS, 0, button))
    if long_button:
        d.event((HOLD, 0, button, long_button))
    if held:
        d.event((PRESS, 0, long_button))
    d.event((RELEASE, 0, button))
    if held:
        d.event((RELEASE, 0, long_button))


def dice_for(total):
    return (1, total - 1) if total <= 7 else (total - 6, 6)


def set_up(d, kind, number, on):
    """The table a wager needs: the puck ON for come, put and their odds, the flat bet for
    odds. Made through the table (not the panel): only the wager itself is the keys'."""
    t = d.table
    if kind == "odds" and on in LINE:
        t.bet(0, on, 10)
        d.roll(*dice_for(number))  # the point is the odds' number
    elif kind in COME or kind == "put" or kind == "odds":
        t.bet(0, "pass", 10)
        d.roll(*dice_for(4 if number != 4 else 5))
        if on in COME:
            t.bet(0, on, 10)
            d.roll(*dice_for(number))  # it travels there
        elif on == "put":
            t.bet(0, "put", 10, number)


def routes(d, keys, target):
    """Ways to select the target spot with these keys, each a list of (button, held) presses."""
    kind, number, on = target
    out = []
    if kind in keys and kind in buttons.SPOTS:
        out.append([kind])
    mode = "big" if kind in FIXED_NUMBER else kind
    n = "n%d" % (FIXED_NUMBER.get(kind) or number)
    if mode in buttons.MODES and mode in keys and n in keys:
        if kind == "odds":
            pick = actions.flats(d.table, 0, number).index(on)
            point = d.table.point
            out.append(["odds"] + ([n] if number != point else []) + [n] * pick)
        else:
            out.append(([] if mode == d.cab.panels[0].mode else [mode]) + [n])
    for cycle, spots in buttons.CYCLES.items():
        if cycle in keys and (kind, number) in spots:
            out.append([cycle] * (spots.index((kind, number)) + 1))
    if buttons.STEP in keys:
        out += walk_routes(d, keys, target)
    return out


def walk_routes(d, keys, target):
    """SELECT alone, and GROUP (where the board has it) to the target's group then SELECT."""
    groups = [walk.spots(d.cab, 0, g) for g in walk.GROUPS]
    groups = [g for g in groups if g]
    before = 0
    for k, spots in enumerate(groups):
        for e, (kind, number, pick) in enumerate(spots):
            if (kind, number, pick) == walk_spot(d, target):
                out = [[buttons.STEP] * (before + e + 1)]
                if buttons.GROUP in keys:
                    out.append([buttons.GROUP] * (k + 1) + [buttons.STEP] * e)
                return out
        before += len(spots)
    return []


def walk_spot(d, target):
    kind, number, on = target
    if kind == "odds":
        return kind, number, actions.flats(d.table, 0, number).index(on)
    if kind in FIXED_NUMBER or kind in LINE or kind in COME:
        return kind, 0, 0
    return kind, number, 0


def made(d, target):
    kind, number, on = target
    number = d.table.point if kind in LINE else number
    return d.table.find(0, kind, number, on)


def play(name, board, rules=None):
    """Every wager offered, made with the board's keys: returns {wager: presses}."""
    rules = board.get("rules") if rules is None else rules
    keys = keys_of(board)
    counts = {}
    for target in offered(Driver(rules=rules).table.rules):
        d = Driver(credits=1000, rules=rules)
        set_up(d, *target)
        ways = routes(d, keys, target)
        assert ways, "%s: no way to %s" % (name, target)
        way = min(ways, key=len)
        for button in way:
            press(d, *keys[button])
        assert actions.spot(d.cab, 0) == target, (name, target, way, actions.spot(d.cab, 0))
        presses = len(way)
        while made(d, target) is None:  # BET; a chip too small for the wager: the next chip
            assert presses < len(way) + 2 * len(d.settings.chips), (name, target, d.message(0))
            if presses > len(way):
                press(d, *keys[buttons.CHIP])
                presses += 1
            press(d, *keys[buttons.BET])
            presses += 1
        w = made(d, target)
        assert w.amount == d.cab.panels[0].chip_value() * UNITS.get(target[0], 1)
        counts[target] = presses
    return counts


def test_every_wager_is_made_with_each_boards_keys_within_a_players_patience():
    for name, board in boards():
        counts = play(name, board)
        worst = max(counts.values())
        slowest = [t for t in sorted(counts, key=str) if counts[t] == worst]
        print("%s: %d wagers, at most %d presses (%s)" % (name, len(counts), worst, slowest[0]))
        assert worst <= PATIENCE, (name, worst, slowest)


def test_put_and_side_bets_where_the_house_takes_them_on_the_smallest_panel():
    for name, board in boards():
        if name == "pico-1station":
            counts = play(name, board, {"put": True, "side_bets": True})
            assert ("put", 6, None) in counts and ("fire", 0, None) in counts
            print("%s with put and side bets: at most %d presses" % (name, max(counts.values())))
            assert max(counts.values()) <= PATIENCE
