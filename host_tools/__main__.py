"""python -m host_tools COMMAND: replay a scenario, print the odds report."""
import argparse
import sys

from host_tools import odds, replay


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("replay", help="replay a scenario file, one JSON line per roll")
    p.add_argument("file")
    p = commands.add_parser("odds", help="the exact house edge of every wager")
    odds.add_arguments(p)
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return replay.main(args.file, sys.stdout)
        if args.command == "odds":
            return odds.main(args, sys.stdout)
    except replay.NotAScenario as e:
        print("replay: %s" % e, file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":
    sys.exit(main())
