"""craps study: a strategy's exact long-run figures and a bankroll's sessions with it
(host_tools/study_report.py, loaded when the command runs: it needs numpy)."""
import argparse
import sys

from craps.errors import Refusal
from craps.house import HouseRules
from host_tools import odds, strategies


def add_arguments(parser):
    parser.add_argument("--strategy", default="pass-odds",
                        help="strategies joined by '+' (default pass-odds): FILE.py:NAME (a "
                             "strategy of your own) or one of " + ", ".join(strategies.NAMED))
    parser.add_argument("--bankroll", type=_positive, default=300,
                        help="credits each session starts with (default 300)")
    parser.add_argument("--sessions", type=_positive, default=10000,
                        help="sessions to play (default 10000)")
    parser.add_argument("--shooters", type=_positive, default=None,
                        help="stop a session after this many shooters (default 10, unless "
                             "--rolls is given)")
    parser.add_argument("--rolls", type=_positive, default=None,
                        help="stop a session after this many rolls")
    parser.add_argument("--goal", type=_positive, default=None,
                        help="stop a session once it is up this many credits")
    parser.add_argument("--seed", type=_whole(0), default=None,
                        help="the dice's seed, a whole number (numpy's generator; default: "
                             "fresh entropy)")
    parser.add_argument("--pace", type=_positive, default=100,
                        help="rolls an hour, for the figures per hour (default 100)")
    parser.add_argument("--exact-only", action="store_true",
                        help="the exact figures alone, no sessions")
    parser.add_argument("--json", metavar="FILE", help="write every figure as JSON")
    parser.add_argument("--csv", metavar="FILE",
                        help="write each session's final money, rolls, shooters and stop")
    parser.add_argument("--plot", metavar="PATH",
                        help="draw the final money and its percentiles over the rolls into "
                             "PATH.png and PATH.svg")
    odds.add_arguments(parser)


def _whole(least):
    """An option's type: a whole number from `least` up."""
    def parse(text):
        if not text.isdigit() or int(text) < least:
            raise argparse.ArgumentTypeError("a whole number from %d up: %s" % (least, text))
        return int(text)
    return parse


_positive = _whole(1)


def main(args, out=None, err=None):
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = HouseRules(odds.overrides(args))
    from host_tools import study_report, sessions
    try:
        strategy = strategies.named(args.strategy)
        stops = sessions.Stops(args.shooters or (None if args.rolls else 10), args.rolls,
                               args.goal)
        report = study_report.study(strategy, rules, stops, args, err)
    except (strategies.UnknownStrategy, sessions.NoStopRule) as e:
        err.write("study: %s\n" % e)
        return 2
    except Refusal as e:  # the engine refused a step of the strategy
        err.write("study: the house refuses %s: %s\n" % (strategy, e.reason()))
        return 2
    out.write("\n".join(report["lines"]) + "\n")
    try:
        study_report.write(args, report)
    except OSError as e:
        err.write("study: cannot write %s: %s\n" % (e.filename, e.strerror))
        return 1
    return 0


