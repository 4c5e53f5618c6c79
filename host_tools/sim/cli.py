"""python -m host_tools sim: build the cabinet from the command line and run the virtual cabinet.

The cabinet keeps its critical memory in a folder (build/sim-state/<N>-stations by default, in
the user's cache for an installed copy) with the board's own storage code, so quitting mid-hand
and starting again finds the same bets, credits and meters; --fresh starts a new cabinet, which
the simulator sets up itself, as the attendant would, and says so (a board waits for the key).
A state folder with a record missing or damaged is a RAM error, as on the board: the attendant's
key (K) clears it."""
import os
import shutil
import sys

from host_tools import BUILD, odds

DEFAULT_CREDITS = 1000


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
    if settings.rules.side_bets:
        print("building the paytable for Help (a few seconds with side bets)...",
              file=sys.stderr)
    folder = args.state or os.path.join(BUILD, "sim-state", "%d-stations" % args.stations)
    if args.fresh:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.dirname(os.path.abspath(folder)), exist_ok=True)
    memory = CriticalMemory(Storage(folder, os))
    new = memory.empty()
    cabinet, started = start(settings, memory, helppages.build(settings.rules), now_ms, demo=True)
    if new:
        print("a new cabinet in %s: the simulator sets it up as the attendant would (a board "
              "waits for the attendant's key)" % folder, file=sys.stderr)
    return cabinet, dice, memory, started


def main(args):
    from host_tools.sim.app import CabinetApp, monotonic_ms  # Textual only for this command
    try:
        cabinet, dice, memory, started = build(args, monotonic_ms())
    except (ValueError, OSError) as e:  # bad house rules are ValueErrors too
        print("sim: %s" % e, file=sys.stderr)
        return 2
    CabinetApp(cabinet, dice, memory, started, capture=args.capture).run()
    return 0
