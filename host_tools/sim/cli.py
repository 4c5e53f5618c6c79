"""python -m host_tools sim: build the cabinet from the command line and run the virtual cabinet.

Nothing is saved between runs yet (persistence is a later issue): each start is a new cabinet
with fresh meters."""
import sys

from craps.house import rule_names
from host_tools import odds

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
    odds.add_arguments(parser)  # the house rules: --odds 5x, --side-bets, --put, ...


def build(args):
    """(cabinet, dice) from parsed arguments; ValueError says what is wrong with them."""
    from host_tools import helppages
    from host_tools.sim.dice import ScriptedDice, SeededDice, read_script
    from terminal.cabinet import Cabinet
    from terminal.settings import Settings

    rules = dict((k, getattr(args, k)) for k in rule_names() if getattr(args, k) is not None)
    settings = Settings(stations=args.stations, rules=rules, credits=args.credits)
    dice = SeededDice(args.seed, roll_ms=args.roll_ms)
    if args.dice_script:
        dice = ScriptedDice(read_script(args.dice_script), roll_ms=args.roll_ms, then=dice)
    if settings.rules.side_bets:
        print("building the paytable for Help (a few seconds with side bets)...",
              file=sys.stderr)
    return Cabinet(settings, helppages.build(settings.rules)), dice


def main(args):
    try:
        cabinet, dice = build(args)
    except (ValueError, OSError) as e:  # bad house rules are ValueErrors too
        print("sim: %s" % e, file=sys.stderr)
        return 2
    from host_tools.sim.app import CabinetApp  # Textual only for this command
    CabinetApp(cabinet, dice, capture=args.capture).run()
    return 0
