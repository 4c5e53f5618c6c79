"""The Help view's pages: each wager's pay, its full-pay unit and its exact house edge, from the
odds report. Built on the host (exact fractions are too heavy for the chip) for the house rules
in force, and handed to the cabinet as plain text lines."""
from craps import paytable
from craps.house import HouseRules
from craps.wagers import SIDE
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
    return (label.upper(), "PAYS " + paytable.pays_text(rules, kind, number, on),
            "HOUSE EDGE %.2f%%" % float(edge * 100), "FULL PAY IN %d" % unit)
