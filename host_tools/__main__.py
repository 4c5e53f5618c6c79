"""python -m host_tools COMMAND: replay a scenario, the odds report, benchmarks, .mpy build,
the virtual cabinet."""
import argparse
import sys

from host_tools import odds, replay
from host_tools.sim import cli as sim_cli  # argparse only: Textual loads when the sim runs


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("replay", help="replay a scenario file, one JSON line per roll")
    p.add_argument("file")
    p = commands.add_parser("odds", help="the exact house edge of every wager")
    odds.add_arguments(p)
    commands.add_parser("bench", help="the engine's speed, heap and size figures")
    commands.add_parser("mpy", help="compile the firmware with mpy-cross for the RP2040")
    p = commands.add_parser("sim", help="the virtual cabinet in this terminal")
    sim_cli.add_arguments(p)
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            return replay.main(args.file, sys.stdout)
        except replay.NotAScenario as e:
            print("replay: %s" % e, file=sys.stderr)
            return 2
    if args.command == "odds":
        return odds.main(args, sys.stdout)
    if args.command == "bench":
        from host_tools import bench  # it loads the benchmark workload from tests/
        return bench.main()
    if args.command == "sim":
        return sim_cli.main(args)
    from host_tools import mpy
    return mpy.main()


if __name__ == "__main__":
    sys.exit(main())
