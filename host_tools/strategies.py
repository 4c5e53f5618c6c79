"""The named strategies players know, built from host_tools/strategy.py's parts, in credits.
`craps study --strategy NAME[+NAME...]` picks and adds them up (a NAME may be FILE.py:NAME)."""
import importlib.util

from host_tools.strategy import (Strategy, Bet, Odds, ComeBets, Press, Regress, Share,
                                 COME_OUT, POINT)


def pass_line():
    return Bet("pass", 10)


def pass_odds():
    """Pass line 10 with 2x odds: crapssim's BetPassLine(10) + PassLineOddsMultiplier(2)."""
    return pass_line() + Odds("pass", 2)


def pass_max_odds():
    return pass_line() + Odds("pass")


def dont_pass_odds():
    """Don't pass 10, laying the most odds the house allows."""
    return Bet("dont_pass", 10) + Odds("dont_pass")


def place_6_8():
    """Place 6 and 8 for 12 each while the puck is ON (they stay up, off, on the come-out)."""
    return Bet("place", 12, 6, POINT) + Bet("place", 12, 8, POINT)


def iron_cross():
    """Pass 5 with 2x odds; with the puck ON the field and place 5, 6 and 8, but not on the
    point: every total but 7 pays (as crapssim's IronCross(5))."""
    return (Bet("pass", 5) + Odds("pass", 2)
            + Bet("place", 10, 5, POINT, not_on_point=True)
            + Bet("place", 12, 6, POINT, not_on_point=True)
            + Bet("place", 12, 8, POINT, not_on_point=True) + Bet("field", 5, when=POINT))


def three_point_molly():
    """Pass 10 and two come bets, each with 2x odds: three numbers working."""
    return pass_odds() + ComeBets(10, 2) + Odds("come", 2)


def field():
    return Bet("field", 5)


def hedge():
    """Pass 10 hedged by any craps 1 on the come-out, where craps would lose the line bet."""
    return pass_line() + Bet("any_craps", 1, when=COME_OUT)


def press_6_8():
    """Place 6 and 8 at 12, each pressed by 6 after each win, twice at most."""
    return Press((6, 8), 12, 6, 2)


def regress_6_8():
    """Place 6 and 8 at 24 until the first hit, then 12 each until the seven-out."""
    return Regress((6, 8), 24, 12)


def bankroll_pass():
    """A pass line bet of 1/30 of the meter: a bankroll-keyed progression (not compiled)."""
    return Share("pass", 30)


NAMED = dict((f.__name__.replace("_", "-"), f) for f in (
    pass_line, pass_odds, pass_max_odds, dont_pass_odds, place_6_8, iron_cross,
    three_point_molly, field, hedge, press_6_8, regress_6_8, bankroll_pass))


class UnknownStrategy(ValueError):
    """A strategy name that is none of NAMED."""


def named(text):
    """The strategy `text` names, parts joined by '+' ("pass-odds+place-6-8"): each a NAMED
    name, or FILE.py:NAME, a Strategy (or a function that makes one) in a file of one's own."""
    total = None
    for name in text.split("+"):
        part = _part(name.strip())
        total = part if total is None else total + part
    return total


def _part(name):
    if ".py:" in name:
        return _from_file(*name.rsplit(":", 1))
    if name not in NAMED:
        raise UnknownStrategy("no strategy is called %r: one of %s, or FILE.py:NAME" % (
            name, ", ".join(NAMED)))
    return NAMED[name]()


def _from_file(path, name):
    spec = importlib.util.spec_from_file_location("strategy_file", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except OSError as e:
        raise UnknownStrategy("cannot read %s: %s" % (path, e.strerror))
    found = getattr(module, name, None)
    if callable(found) and not isinstance(found, Strategy):
        found = found()
    if not isinstance(found, Strategy):
        raise UnknownStrategy("%s has no strategy called %s" % (path, name))
    return found
