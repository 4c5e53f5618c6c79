"""The figures of craps study: exact ones from the strategy compiled against the engine
(host_tools/chain.py) and solved with Fractions (host_tools/longrun.py); sessions played from the
same chain with numpy or, for a strategy that does not compile, through the engine one by one
(said so); and the files: JSON, CSV, and the plots (host_tools/study_plot.py)."""
import csv
import json
import math
import time

import numpy

from host_tools import chain, longrun, sessions
from host_tools.progress import Progress

PERCENTILES = (1, 5, 25, 50, 75, 95, 99)
LONG_FRACTION = 40  # characters: a longer exact fraction is in --json only
LONG, ENGINE_LONG = 100000, 100  # sessions: a run this long shows its progress


def study(strategy, rules, stops, args, err):
    """Every figure of a study, as a dict with its text lines."""
    report = {"strategy": str(strategy), "rules": rules.as_dict(), "lines": [
        "Strategy: %s" % strategy,
        "House rules: %s" % ", ".join("%s=%s" % kv for kv in sorted(rules.as_dict().items()))]}
    try:
        start = time.monotonic()
        compiled = chain.compile_strategy(strategy, rules)
    except chain.NotCompilable as e:
        compiled = None
        report["lines"].append("Not compiled (%s): sessions play through the engine, one by "
                               "one, and there are no exact figures." % e)
    if compiled is not None:
        report["exact"] = exact(compiled, args.pace, start, report["lines"])
    if not args.exact_only:
        played = play(strategy, rules, compiled, stops, args, err)
        report["sessions"] = summary(played, args, stops, compiled, report["lines"])
        report["played"] = played
    return report


def exact(compiled, pace, start, lines):
    """The exact figures of the compiled chain; `start`: when compiling began (monotonic)."""
    f = longrun.figures(compiled)
    seconds = time.monotonic() - start
    sd = math.sqrt(f.variance)
    figures = {"layouts": len(compiled.states), "mean_per_roll": _fraction(f.mean),
               "variance_per_roll": _fraction(f.variance),
               "wagers_decided_per_roll": _fraction(f.decisions),
               "mean_per_wager_decided": _fraction(f.mean / f.decisions),
               "edge_per_credit_decided": _fraction(-f.mean / f.action),
               "rolls_per_hour": pace}
    lines += [
        "Compiled from the engine: %d layouts x 36 rolls, solved exactly in %.1f s" % (
            len(compiled.states), seconds),
        "Exact, per roll:     mean %s credits, variance %s (sd %.4f)" % (
            _shown(f.mean), _shown(f.variance), sd),
        "Per wager decided:   %s credits (%s wagers decided a roll)" % (
            _shown(f.mean / f.decisions), _shown(f.decisions)),
        "House edge:          %.4f%% of the credits decided (%s)" % (
            float(-f.mean / f.action) * 100, _shown(-f.mean / f.action)),
        "Per hour at %d rolls: mean %.2f credits, sd %.2f" % (
            pace, float(f.mean) * pace, sd * math.sqrt(pace))]
    return figures


def play(strategy, rules, compiled, stops, args, err):
    # A progress line on stderr when the run is long: through the engine, or many sessions.
    long_run = compiled is None and args.sessions >= ENGINE_LONG or args.sessions >= LONG
    progress = Progress("study", args.sessions, err, "sessions") if long_run else None
    if compiled is None:
        played = sessions.through_engine(strategy, rules, args.bankroll, stops, args.sessions,
                                         args.seed, progress and progress.update)
    else:
        played = sessions.compiled(compiled, args.bankroll, stops, args.sessions, args.seed,
                                   progress=progress and progress.update)
    if progress:
        progress.update(args.sessions)
    return played


def summary(played, args, stops, compiled, lines):
    money = played.money
    broke = float((played.reasons == sessions.BROKE).mean())
    won = float((played.reasons == sessions.GOAL).mean())
    rolls = int(played.rolls.sum())
    per_roll = float((money - args.bankroll).sum()) / rolls if rolls else 0.0
    quantiles = [float(q) for q in numpy.percentile(money, PERCENTILES)]
    figures = {"sessions": len(money), "bankroll": args.bankroll, "shooters": stops.shooters,
               "rolls": stops.rolls, "goal": stops.goal, "seed": args.seed,
               "engine": compiled is None, "mean_final": float(money.mean()),
               "sd_final": float(money.std()), "risk_of_ruin": broke, "goal_reached": won,
               "mean_rolls": float(played.rolls.mean()), "mean_per_roll": per_roll,
               "percentiles": dict(zip(PERCENTILES, quantiles))}
    if played.track is not None:  # the money's quantiles every `every` rolls
        figures["over_rolls"] = {"every": played.every, "percentiles": sessions.QUANTILES,
                                 "money": played.track.tolist()}
    lines += [
        "Sessions: {:,}, bankroll {:,}, stop at {} ({})".format(
            len(money), args.bankroll, _stops(stops),
            "through the engine" if compiled is None else "the compiled chain, numpy"),
        "Final money:         mean %.2f, sd %.2f; rolls a session %.1f" % (
            figures["mean_final"], figures["sd_final"], figures["mean_rolls"]),
        "Percentiles:         " + ", ".join("%d%%: %s" % (p, _credits(q))
                                                for p, q in zip(PERCENTILES, quantiles)),
        "Risk of ruin:        %.2f%% broke (the meter could not cover the next bets)%s" % (
            broke * 100, ", %.2f%% reached the goal" % (won * 100) if stops.goal else ""),
        "Money per roll:      %.4f credits (a session may end mid-hand, its bets counted at "
        "their stake)" % per_roll]
    return figures


def _stops(stops):
    said = [("%d shooters" % stops.shooters) if stops.shooters else None,
            ("%d rolls" % stops.rolls) if stops.rolls else None,
            ("+%d credits" % stops.goal) if stops.goal else None, "broke"]
    return ", ".join(s for s in said if s)


def write(args, report):
    """The files the options ask for: --json, --csv, --plot."""
    played = report.pop("played", None)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict((k, v) for k, v in report.items() if k != "lines"), f, indent=1)
    if args.csv and played is not None:
        with open(args.csv, "w", newline="") as f:
            rows = csv.writer(f)
            rows.writerow(("session", "money", "rolls", "shooters", "stop"))
            for i in range(len(played.money)):
                rows.writerow((i, int(played.money[i]), int(played.rolls[i]),
                               int(played.shooters[i]), sessions.REASONS[int(played.reasons[i])]))
    if args.plot and played is not None:
        from host_tools import study_plot  # matplotlib loads only for a plot
        study_plot.draw(played, report["strategy"], args.bankroll, args.plot)


def _credits(x):
    # A percentile falls between two sessions' money now and then: its decimals, only then.
    return "%d" % x if x == int(x) else "%.2f" % x


def _fraction(f):
    return {"fraction": "%d/%d" % (f.numerator, f.denominator), "decimal": float(f)}


def _shown(f):
    text = "%d/%d" % (f.numerator, f.denominator)
    if len(text) > LONG_FRACTION:
        return "%.6f (exact fraction in --json)" % float(f)
    return "%s = %.6f" % (text, float(f))
