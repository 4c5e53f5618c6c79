"""The Help view's pages: each wager's pay, its full-pay unit and its exact house edge, from the
odds report. Built on the host (exact fractions are too heavy for the chip) for the house rules
in force, and handed to the cabinet as plain text lines."""
from craps.house import HouseRules
from craps.wagers import FIRE_PAYS, Wager, commission_rate, hop_dice, pays
from host_tools import odds


def build(rules=None):
    """Help pages for these house rules: ((line, ...), ...), one page a wager."""
    rules = rules or HouseRules()
    pages = [("HOW TO BET", "SELECT A SPOT,", "CHIP SETS THE SIZE,", "BET PUTS IT DOWN")]
    for label, kind, number, on in odds.catalogue(rules):
        edge, unit = odds.analyse(rules, kind, number, on)
        pages.append((label.upper(), "PAYS " + _pays(rules, kind, number, on),
                      "HOUSE EDGE %.2f%%" % float(edge * 100), "FULL PAY IN %d" % unit))
    return tuple(pages)


def _pays(rules, kind, number, on):
    if kind in ("horn", "horn_high", "world", "ce"):
        return "AS ITS PARTS"
    if kind == "field":
        return "1:1, 2 PAYS 2:1, 12 PAYS %d:1" % rules.field_12
    if kind == "fire":
        return "4/5/6 POINTS " + "/".join("%d" % FIRE_PAYS[n][0] for n in (4, 5, 6)) + ":1"
    w = Wager(0, kind, number, 1, on)
    dice = hop_dice(number) if kind == "hop" else (1, 2)  # a hop pays by its own pair
    text = "%d:%d" % pays(w, dice[0], dice[1], rules)
    return text + " LESS 5%" if commission_rate(kind, number) else text
