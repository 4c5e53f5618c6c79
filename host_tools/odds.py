"""The odds report: the exact house edge of every wager under a set of house rules.

Every figure comes from the engine's own definitions (craps.wagers: settle_code, pays, parts,
commission_rate, mark; craps.table: next_point) played over all 36 rolls with exact fractions.
A wager that lasts several rolls is an absorbing Markov chain over (puck, wager) states, solved
exactly (host_tools.markov). The edge is per decision: the expected loss divided by what the
player puts at risk (the stake, plus a commission paid up front).
"""
import sys
from fractions import Fraction
from math import lcm

from craps import paytable
from craps.house import HouseRules, rule_names, rule_choices
from craps.table import next_point, seven_out
from craps.wagers import (
    WIN, LOSE, NONE, MOVE, Wager, UNITS, SIDE, settle_code, pays, parts, decide_part,
    part_pays, commission_rate, mark)
from host_tools import markov

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]
P = Fraction(1, 36)


class Edge:
    """One wager's figures: house edge per decision, and the smallest stake paid in whole credits."""

    def __init__(self, label, edge, unit):
        self.label = label
        self.edge = edge
        self.unit = unit


def analyse(rules, kind, number=0, on=None):
    """(house edge per decision as a Fraction, full-pay unit) of one wager under `rules`."""
    w = Wager(0, kind, number, 1, on)
    vig = _up_front(rules, kind, number)
    rewards = set()

    def step(state):
        moves = _rolls(rules, w, state, vig)
        rewards.update(reward for _, reward, _ in moves)
        return moves

    value = markov.expected((_start_point(kind, number, on), w.number, 0), step)
    unit = lcm(UNITS.get(kind, 1), *(Fraction(r).denominator for r in rewards))
    return -value / (1 + vig), unit


def _start_point(kind, number, on):
    if kind == "odds":
        return number if on in ("pass", "dont_pass") else (4 if number != 4 else 5)
    if kind in ("come", "dont_come", "put"):
        return 4
    return 0


def _up_front(rules, kind, number):
    rate = commission_rate(kind, number)
    if rules.commission != "up_front" or rate is None:
        return Fraction(0)
    return Fraction(*rate)


def _rolls(rules, w, state, vig):
    """The chain's moves from (puck, wager number, side-bet state) over the 36 rolls."""
    point, w.number, w.state = state
    moves = []
    for d1, d2 in ROLLS:
        total = d1 + d2
        if w.kind in UNITS:
            moves.append((P, _compound(rules, w, total), None))
            continue
        w.number, w.state = state[1], state[2]
        if w.kind in SIDE:
            w.state = mark(w, point, total)
        code = settle_code(w, point, d1, d2, rules)
        if code == NONE or code == MOVE:
            number = total if code == MOVE else w.number
            moves.append((P, 0, (next_point(point, total), number, w.state)))
        elif code == WIN:
            moves.append((P, _win(rules, w, d1, d2), None))
        elif code == LOSE:
            moves.append((P, -1 - vig, None))
        else:
            moves.append((P, 0, None))  # a push or a stake returned undecided
    return moves


def _win(rules, w, d1, d2):
    # What one credit wins, net of commission.
    rate = commission_rate(w.kind, w.number)
    return Fraction(*pays(w, d1, d2, rules)) - (Fraction(*rate) if rate else 0)


def _compound(rules, w, total):
    # Net result per unit staked: each part is a separate wager (docs/rules.md).
    units = UNITS[w.kind]
    net = Fraction(0)
    for part, share in parts(w.kind, w.number):
        if decide_part(part, total) == WIN:
            net += Fraction(share, units) * Fraction(*part_pays(part, rules))
        else:
            net -= Fraction(share, units)
    return net


def catalogue(rules):
    """Every wager the table offers under these rules, as (label, kind, number, on): the
    engine's paytable (craps/paytable.py), which the cabinet reads too."""
    return list(paytable.rows(rules))


def report(rules):
    return [Edge(label, *analyse(rules, kind, number, on))
            for label, kind, number, on in catalogue(rules)]


def rolls_per_decision(rules):
    """Expected rolls from the come-out until a pass-line bet is decided."""
    w = Wager(0, "pass", 0, 1)
    return markov.expected((0, 0, 0), lambda state: [
        (p, 1, nxt) for p, _, nxt in _rolls(rules, w, state, 0)])


def rolls_per_hand():
    """Expected rolls in a shooter's hand: from the first come-out to the seven-out."""
    def step(point):
        return [(P, 1, None if seven_out(point, d1 + d2) else next_point(point, d1 + d2))
                for d1, d2 in ROLLS]
    return markov.expected(0, step)


def format_report(rules, rows):
    lines = ["House edge per decision, exact (house rules: %s)" % ", ".join(
        "%s=%s" % (k, v) for k, v in sorted(rules.as_dict().items())), ""]
    lines.append("%-20s %9s %8s  %s" % ("wager", "percent", "full-pay", "edge (exact)"))
    for row in rows:
        lines.append("%-20s %8.4f%% %8d  %s" % (row.label, float(row.edge * 100), row.unit,
                                                _fraction(row.edge)))
    per_decision, per_hand = rolls_per_decision(rules), rolls_per_hand()
    lines += ["", "Rolls per pass-line decision: %s = %.4f" % (per_decision, float(per_decision)),
              "Rolls per shooter hand:       %s = %.4f" % (per_hand, float(per_hand)),
              "full-pay: the smallest stake whose payouts (and commission) are whole credits;",
              "other stakes are paid rounded down to a whole credit."]
    return "\n".join(lines)


def _fraction(f):
    return "0" if f == 0 else "%d/%d" % (f.numerator, f.denominator)


# What each house rule is, for --help (craps.house has the values).
RULE_HELP = {
    "odds": "the odds multiple behind a line or come bet",
    "field_12": "the field pays 12 at 2 or 3 to 1",
    "bar": "the Don't bets push on this come-out number",
    "commission": "the 5%% of a buy or lay: taken from the win, or paid with the bet",
    "table_min": "the table minimum, in credits",
    "table_max": "the table maximum, in credits",
    "put": "the table takes Put bets",
    "side_bets": "the table takes the Fire, All, Tall and Small side bets",
    "pays": "the one-roll propositions pay 'to' or 'for' (one unit less)",
}


def add_arguments(parser):
    defaults = HouseRules().as_dict()
    for key in rule_names():
        choices = rule_choices(key)
        option = "--" + key.replace("_", "-")
        text = "house rule: %s (default %s)" % (RULE_HELP[key], defaults[key])
        if choices is None:
            parser.add_argument(option, dest=key, type=int, metavar="N", help=text)
        elif set(choices) == {True, False}:
            parser.add_argument(option, dest=key, action="store_true", default=None,
                                help="house rule: " + RULE_HELP[key] + " (default: not)")
        else:
            parser.add_argument(option, dest=key, type=type(choices[0]), choices=choices,
                                help=text)


def overrides(args):
    """The house rules given on the command line (add_arguments' options): {rule: value}."""
    return dict((k, getattr(args, k)) for k in rule_names() if getattr(args, k) is not None)


def main(args, out=None):
    out = out or sys.stdout
    rules = HouseRules(overrides(args))
    out.write(format_report(rules, report(rules)) + "\n")
    return 0
