"""python -m host_tools sim: build the cabinet from the command line and run the virtual cabinet.

The cabinet keeps its critical memory in a folder (build/sim-state/<N>-stations by default, in
the user's cache for an installed copy) with the board's own storage code, so quitting mid-hand
and starting again finds the same bets, credits and meters; --fresh starts a new cabinet, which
the simulator sets up itself, as the attendant would, and says so (a board waits for the key).
A state folder with a record missing or damaged is a RAM error, as on the board: the attendant's
key (K) clears it."""
import asyncio
import json
import os
import shutil
import sys
import tempfile

from craps.house import HouseRules
from host_tools import BUILD, odds

DEFAULT_CREDITS = 1000
RULES_FILE = "house-rules.json"  # beside the records: the rules the saved cabinet plays


def add_arguments(parser):
    parser.add_argument("--stations", type=int, default=2, help="1 to 8 (default 2)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for the simulated dice (default: a new game each run)")
    parser.add_argument("--dice-script", metavar="FILE",
                        help="play these rolls first ('3 4' or 'no_roll REASON' a line), "
                             "then seeded dice")
    parser.add_argument("--roll-ms", type=int, default=600, help="how long the dice roll")
    parser.add_argument("--credits", type=int, default=DEFAULT_CREDITS,
                        help="each station's meter at the start (default %d)" % DEFAULT_CREDITS)
    parser.add_argument("--capture", metavar="FILE",
                        help="F2 saves the screen as text here, and so does quitting")
    parser.add_argument("--state", metavar="DIR",
                        help="where the cabinet's critical memory is kept between runs "
                             "(default %s)" % os.path.join(BUILD, "sim-state", "<N>-stations"))
    parser.add_argument("--fresh", action="store_true",
                        help="forget the saved cabinet: a new one, with fresh meters")
    parser.add_argument("--screenshot", metavar="FILE",
                        help="play a short demo on a new cabinet without a terminal (bets at two "
                             "stations, a roll) and save the screen as SVG in FILE (the "
                             "README's docs/sim.svg)")
    odds.add_arguments(parser)  # the house rules: --odds 5x, --side-bets, --put, ...


def build(args, now_ms=0):
    """(cabinet, dice, memory, effects to apply first) from parsed arguments; ValueError says
    what is wrong with them, OSError what is wrong with the state folder."""
    from drivers.storage import Storage
    from host_tools import helppages
    from terminal.persistence import unreadable
    from host_tools.sim.dice import ScriptedDice, SeededDice, read_script
    from terminal.memory import CriticalMemory
    from terminal.settings import Settings
    from terminal.startup import start

    settings = Settings(stations=args.stations, rules=odds.overrides(args), credits=args.credits)
    dice = SeededDice(args.seed, roll_ms=args.roll_ms)
    if args.dice_script:
        dice = ScriptedDice(read_script(args.dice_script), roll_ms=args.roll_ms, then=dice)
    folder = args.state or os.path.join(BUILD, "sim-state", "%d-stations" % args.stations)
    if args.fresh:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.dirname(os.path.abspath(folder)), exist_ok=True)
    older = unreadable(os.listdir(folder)) if os.path.isdir(folder) else []
    if older:
        raise ValueError("%s holds records an older version kept (%s): --fresh starts a new "
                         "cabinet" % (folder, " ".join(older)))
    keep_rules(folder, settings.rules.as_dict())
    if settings.rules.side_bets:
        print("building the paytable for Help (a few seconds with side bets)...",
              file=sys.stderr)
    memory = CriticalMemory(Storage(folder, os))
    new = memory.empty()
    cabinet, started = start(settings, memory, helppages.build(settings.rules), now_ms, demo=True)
    if new:
        print("a new cabinet in %s: the simulator sets it up as the attendant would (a board "
              "waits for the attendant's key)" % folder, file=sys.stderr)
    return cabinet, dice, memory, started


def keep_rules(folder, rules):
    """The house rules are kept beside the saved cabinet: started again with others, its bets
    would not load (a RAM error, the meters as new), so the mismatch is refused, in one line."""
    path = os.path.join(folder, RULES_FILE)
    try:
        with open(path, encoding="utf-8") as f:
            saved = json.load(f)
    except (OSError, ValueError):  # a new cabinet, or one saved before the rules were kept
        saved = None
    if saved is not None and saved != rules:
        raise ValueError("%s was saved with %s: pass the same options, or --fresh" % (
            folder, options(saved) or "the default house rules"))
    os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(rules, f, sort_keys=True)


def options(rules):
    """The command-line options that give these house rules: "--put --odds 100x"."""
    default = HouseRules().as_dict()
    words = []
    for key in sorted(rules):
        if rules[key] != default.get(key):
            words.append("--" + key.replace("_", "-"))
            if type(rules[key]) is not bool:
                words.append(str(rules[key]))
    return " ".join(words)


# The screenshot's demo: S1 bets the pass line, S2 places the 6, S1 rolls.
DEMO_KEYS = ("p", "space", "space", "tab", "a", "6", "space", "shift+tab", "enter")
DEMO_SIZE = (100, 16)


def main(args):
    from host_tools.sim.app import CabinetApp, monotonic_ms  # Textual only for this command
    if args.screenshot:  # a new cabinet of its own, whatever was saved
        args.state, args.fresh = tempfile.mkdtemp(prefix="sim-screenshot-"), True
    try:
        cabinet, dice, memory, started = build(args, monotonic_ms())
        app = CabinetApp(cabinet, dice, memory, started, capture=args.capture)
        if args.screenshot:
            asyncio.run(screenshot(app, args.screenshot))
            return 0
    except (ValueError, OSError) as e:  # bad house rules are ValueErrors too
        print("sim: %s" % e, file=sys.stderr)
        return 2
    finally:
        if args.screenshot:
            shutil.rmtree(args.state, ignore_errors=True)
    app.run()
    return 0


async def screenshot(app, path):
    """Play DEMO_KEYS headless, let the roll land and show, and save the screen as SVG."""
    async with app.run_test(size=DEMO_SIZE) as pilot:
        await pilot.press(*DEMO_KEYS)
        # no more bets (1 s), the dice roll (--roll-ms), the result shows
        await pilot.pause(1.5 + app.dice.roll_ms / 1000)
        svg = app.export_screenshot(title="make sim")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)
