"""python -m host_tools COMMAND: replay a scenario, the odds report, benchmarks, .mpy build,
the virtual cabinet, flashing a board."""
import argparse
import sys

from host_tools import odds, replay
from host_tools.flash import add_arguments as flash_arguments
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
    p = commands.add_parser("flash", help="compile, copy to a board with mpremote, sign, reset "
                            "and verify")
    flash_arguments(p)
    p = commands.add_parser("package-json", help="write package.json: the firmware for "
                            "`mpremote mip install`")
    p.add_argument("--check", action="store_true", help="only say whether it is up to date")
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
    if args.command == "flash":
        from host_tools import flash
        return flash.main(args)
    if args.command == "package-json":
        from host_tools import flash
        return flash.write_package_json(args.check)
    from host_tools import mpy
    return mpy.main()


if __name__ == "__main__":
    sys.exit(main())
