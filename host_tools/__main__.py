"""python -m host_tools COMMAND (an installed copy: craps COMMAND): every host tool of the craps
terminal, one subcommand each."""
import argparse
import importlib
import os
import sys

from host_tools import version

# name: (module, help). Each module has main(args) and, if it takes options, add_arguments(p).
COMMANDS = {
    "replay": ("replay", "replay a scenario file, one JSON line per roll"),
    "odds": ("odds", "the exact house edge of every wager"),
    "sim": ("sim.cli", "the virtual cabinet in this terminal"),
    "flash": ("flash", "compile, copy to a board with mpremote, sign, reset and verify"),
    "libraries": ("libraries", "fetch the boards' micropython-lib packages once, for flashing "
                  "without the internet"),
    "package-json": ("package_json", "write package.json: the firmware for mpremote mip install"),
    "wiring": ("wiring", "each board's wiring table (the README's)"),
    "mpy": ("mpy", "compile the firmware with mpy-cross for the RP2040"),
    "bench": ("bench", "speed, heap and size figures, and the peer comparison"),
    "rngtest": ("rngtest", "the RNG certification battery"),
    "recall": ("recall", "the game recall records: a table, scenario exports, each replayed and "
               "checked"),
    "audit": ("audit", "the attendant's audit log and its hash chain, and the meters"),
    "verify": ("verify", "a seeded check of a production board's files against the build, "
               "over its read-only console"),
    "entropy": ("entropy", "SP 800-90B min-entropy estimates of the RNG's raw bits (a board's or a "
                "file's), and whether the health tests' cutoffs hold"),
    "web": ("web", "the cabinet in a browser: build build/web (and --serve it)"),
    "simulate": ("simulate", "the long run: every wager's hold against its exact edge, 99% "
                 "intervals"),
}


def main(argv=None):
    prog = os.path.basename(sys.argv[0])  # craps, the installed command
    if prog in ("__main__.py", "") or prog.endswith("pytest"):
        prog = "python -m host_tools"
    shown = "%s %s" % (prog, version())
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--version", action="version", version=shown)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, (module, help_text) in COMMANDS.items():
        p = commands.add_parser(name, help=help_text)
        p.add_argument("--version", action="version", version=shown)
        add = getattr(_load(module), "add_arguments", None)
        if add:
            add(p)
    args = parser.parse_args(argv)
    return _load(COMMANDS[args.command][0]).main(args)


def _load(module):
    # Building the parser imports every command's module (for its add_arguments); what only
    # one command needs loads inside it when it runs: the sim's Textual, the bench's workload
    # (tests/engine/busy.py), crapssim.
    return importlib.import_module("host_tools." + module)


if __name__ == "__main__":
    sys.exit(main())
