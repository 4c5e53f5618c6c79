"""python -m host_tools COMMAND (an installed copy: craps COMMAND): every host tool of the craps
terminal, one subcommand each."""
import argparse
import importlib
import os
import sys

from craps.errors import BadHouseRule
from host_tools import INSTALLED, version

# name: (module, help). Each module has main(args) and, if it takes options, add_arguments(p).
COMMANDS = {
    "replay": ("replay", "replay a scenario file, one JSON line per roll"),
    "odds": ("odds", "the exact house edge of every wager"),
    "sim": ("sim.cli", "the virtual cabinet in this terminal"),
    "flash": ("flash", "compile, copy to a board with mpremote, sign, reset and verify"),
    "firmware": ("firmware", "build MicroPython for the Pico with the program frozen in it "
                 "(a MicroPython source tree: --micropython DIR)"),
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
    "floor": ("floor", "a bench SAS poller: a cabinet's floor port read as a floor system reads "
              "it (ID, meters, exceptions)"),
    "entropy": ("entropy", "SP 800-90B min-entropy estimates of the RNG's raw bits (a board's or a "
                "file's), and whether the health tests' cutoffs hold"),
    "web": ("web", "the cabinet in a browser: build build/web (and --serve it)"),
    "chip": ("chip", "the firmware on an emulated RP2040 (a kit: --kit DIR): boot, keys, coins, "
             "heap and busy-roll figures in the chip's own time"),
    "simulate": ("simulate", "the long run: every wager's hold against its exact edge, 99% "
                 "intervals"),
    "study": ("study", "a strategy's exact edge and variance, compiled from the engine, and "
              "a bankroll's sessions with it: risk of ruin, percentiles, plots"),
}

# What each command needs that only a clone of the repository has: an installed copy (pip install
# .) carries the firmware and the board files, not the tests' MicroPython and workloads.
NEEDS_CLONE = {
    "web": "the MicroPython WebAssembly port the tests pin (npm ci --prefix tests/mp)",
    "bench": "the tests' workload and MicroPython scripts (tests/engine, tests/mp)",
    "chip": "the tests' MicroPython scripts (tests/mp)",
}


class Parser(argparse.ArgumentParser):
    """A usage error is one line, as every error of a host tool is (argparse prints the whole
    usage first); --help has the rest."""

    def error(self, message):
        self.exit(2, "%s: %s (see %s --help)\n" % (self.prog, message, self.prog))


def parser():
    prog = os.path.basename(sys.argv[0])
    if prog != "craps":  # the installed command; else __main__.py, or a test runner's name
        prog = "python -m host_tools"
    shown = "%s %s" % (prog, version())
    top = Parser(prog=prog)
    top.add_argument("--version", action="version", version=shown)
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                  help="one of: " + ", ".join(COMMANDS))
    for name, (module, help_text) in COMMANDS.items():
        # help is %-formatted by argparse (a bare % breaks it), a description is not
        p = commands.add_parser(name, help=help_text.replace("%", "%%"), description=help_text)
        p.add_argument("--version", action="version", version=shown)
        add = getattr(_load(module), "add_arguments", None)
        if add:
            add(p)
    return top


def main(argv=None):
    args = parser().parse_args(argv)
    if INSTALLED and args.command in NEEDS_CLONE:
        print("%s: needs a clone of the repository, not an installed copy: it runs %s" % (
            args.command, NEEDS_CLONE[args.command]), file=sys.stderr)
        return 2
    try:
        code = _load(COMMANDS[args.command][0]).main(args)
        sys.stdout.flush()  # here, where a reader gone is caught, not at the interpreter's exit
        return code
    except BadHouseRule as e:  # the house-rule options (odds.add_arguments), for every command
        print("%s: %s" % (args.command, e), file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped reading (`craps wiring | head -1`): say nothing
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left unflushed
        return 1  # as Python's own exit on EPIPE


def _load(module):
    # Building the parser imports every command's module (for its add_arguments); what only
    # one command needs loads inside it when it runs: the sim's Textual, the bench's workload
    # (tests/engine/busy.py), crapssim.
    return importlib.import_module("host_tools." + module)


if __name__ == "__main__":
    sys.exit(main())
