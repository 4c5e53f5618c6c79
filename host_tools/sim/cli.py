"""python -m host_tools sim: build the cabinet from the command line and run the virtual cabinet.

The cabinet keeps its critical memory in a folder (build/sim-state/<N>-stations by default) with
the board's own storage code, so quitting mid-hand and starting again finds the same bets,
credits and meters; --fresh starts a new cabinet."""
import json
import os
import shutil
import sys

from craps.house import HouseRules
from host_tools import odds

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
                             "(default build/sim-state/<N>-stations)")
    parser.add_argument("--fresh", action="store_true",
                        help="forget the saved cabinet: a new one, with fresh meters")
    odds.add_arguments(parser)  # the house rules: --odds 5x, --side-bets, --put, ...


def build(args, now_ms=0):
    """(cabinet, dice, memory, effects to apply first) from parsed arguments; ValueError says
    what is wrong with them, OSError what is wrong with the state folder."""
    from drivers.storage import Storage
    from host_tools import helppages
    from host_tools.sim.dice import ScriptedDice, SeededDice, read_script
    from terminal.memory import CriticalMemory
    from terminal.settings import Settings
    from terminal.startup import start

    settings = Settings(stations=args.stations, rules=odds.overrides(args), credits=args.credits)
    dice = SeededDice(args.seed, roll_ms=args.roll_ms)
    if args.dice_script:
        dice = ScriptedDice(read_script(args.dice_script), roll_ms=args.roll_ms, then=dice)
    folder = args.state or os.path.join("build", "sim-state", "%d-stations" % args.stations)
    if args.fresh:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.dirname(os.path.abspath(folder)), exist_ok=True)
    keep_rules(folder, settings.rules.as_dict())
    if settings.rules.side_bets:
        print("building the paytable for Help (a few seconds with side bets)...",
              file=sys.stderr)
    memory = CriticalMemory(Storage(folder, os))
    cabinet, started = start(settings, memory, helppages.build(settings.rules), now_ms)
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


def main(args):
    from host_tools.sim.app import CabinetApp, monotonic_ms  # Textual only for this command
    try:
        cabinet, dice, memory, started = build(args, monotonic_ms())
    except (ValueError, OSError) as e:  # bad house rules are ValueErrors too
        print("sim: %s" % e, file=sys.stderr)
        return 2
    CabinetApp(cabinet, dice, memory, started, capture=args.capture).run()
    return 0
