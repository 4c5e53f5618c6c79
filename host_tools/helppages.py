"""The Help view's pages: each wager's pay, its full-pay unit and its exact house edge, from the
odds report. Built on the host (exact fractions are too heavy for the chip) for the house rules
in force, and handed to the cabinet as plain text lines."""
from craps.house import HouseRules
from craps.wagers import FIRE_PAYS, SIDE, Wager, commission_rate, hop_dice, pays
from host_tools import odds


def build(rules=None, known=None):
    """Help pages for these house rules: ((line, ...), ...), one page a wager.

    known: a dict kept across the builds of many sets of house rules (the browser's), so that a
    page is worked out once for every set that gives it the same figures: only the side bets
    read side_bets, and they read no other house rule (their pays are fixed, they take no
    commission), each seconds of exact arithmetic."""
    rules = rules or HouseRules()
    pages = [("HOW TO BET", "SELECT A SPOT,", "CHIP SETS THE SIZE,", "BET PUTS IT DOWN")]
    for row in odds.catalogue(rules):
        if known is None:
            pages.append(_page(rules, *row))
            continue
        key = row + (() if row[1] in SIDE else _without_side_bets(rules))
        if key not in known:
            known[key] = _page(rules, *row)
        pages.append(known[key])
    return tuple(pages)


def _without_side_bets(rules):
    return tuple(sorted((k, v) for k, v in rules.as_dict().items() if k != "side_bets"))


def _page(rules, label, kind, number, on):
    edge, unit = odds.analyse(rules, kind, number, on)
    return (label.upper(), "PAYS " + _pays(rules, kind, number, on),
            "HOUSE EDGE %.2f%%" % float(edge * 100), "FULL PAY IN %d" % unit)


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
