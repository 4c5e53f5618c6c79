# The paytable: every wager a table offers under a set of house rules, one row a wager (or a
# pair of numbers that pays alike), in the order the Help view's pages and the odds report list
# them; which row a spot on the layout is; and what a wager pays, in words. The odds report
# (host_tools/odds.py) works out each row's exact house edge; the cabinet shows a spot's row.
from craps.wagers import (LINE, COME, FIRE_PAYS, HORN_HIGH, UNITS, Wager, commission_rate, hop_code,
                          hop_dice, laid, pays)

_PAIRS = ((4, "4/10"), (5, "5/9"), (6, "6/8"))
# Spots whose row is another's: they pay alike.
_ALIKE = {"big8": "big6", "twelve": "two", "yo": "three"}


def rows(rules):
    """Every wager the table offers under these rules, as (label, kind, number, on), one at a
    time (the cabinet looks one up without a list of them all)."""
    yield "Pass Line", "pass", 0, None
    yield "Don't Pass", "dont_pass", 0, None
    yield "Come", "come", 0, None
    yield "Don't Come", "dont_come", 0, None
    for n, name in _PAIRS:
        yield "Odds on " + name, "odds", n, "pass"
    for n, name in _PAIRS:
        yield "Lay odds on " + name, "odds", n, "dont_pass"
    for label, kind in (("Place", "place"), ("Buy", "buy"), ("Lay", "lay")):
        for n, name in _PAIRS:
            yield "%s %s" % (label, name), kind, n, None
    if rules.put:
        for n, name in _PAIRS:
            yield "Put " + name, "put", n, None
    yield "Field", "field", 0, None
    yield "Hard 4/10", "hard", 4, None
    yield "Hard 6/8", "hard", 6, None
    yield "Big 6/8", "big6", 6, None
    yield "Any Seven", "any7", 0, None
    yield "Any Craps", "any_craps", 0, None
    yield "Craps 2 or 12", "two", 0, None
    yield "Craps 3 or 11", "three", 0, None
    yield "Horn", "horn", 0, None
    for n in sorted(HORN_HIGH):
        yield "Horn High %d" % n, "horn_high", n, None
    yield "World", "world", 0, None
    yield "C & E", "ce", 0, None
    yield "Hop easy (e.g. 2-3)", "hop", hop_code(2, 3), None
    yield "Hop hard (e.g. 2-2)", "hop", hop_code(2, 2), None
    if rules.side_bets:
        for label, kind in (("Fire", "fire"), ("All", "all"), ("Tall", "tall"),
                            ("Small", "small")):
            yield label, kind, 0, None


def row_of(rules, kind, number, on):
    """(index, label) of the row of the wager (kind, number, on) as the table names it (a line
    bet on its point, big 6/8 on its number, odds behind their flat bet), or None where these
    rules offer no such wager."""
    kind = _ALIKE.get(kind, kind)
    if kind == "odds":
        on = "dont_pass" if laid(on) else "pass"  # come and put odds pay as the pass line's
    if kind in LINE or kind in COME:
        number = 0  # a line or come bet's row is the same wherever it sits
    elif kind == "hop":
        a, b = hop_dice(number)
        number = hop_code(2, 2) if a == b else hop_code(2, 3)
    elif kind != "horn_high" and number:
        number = min(number, 14 - number)  # 8 is 6's row, 10 is 4's
    i = 0
    for label, k, n, o in rows(rules):
        if k == kind and n == number and o == on:
            return i, label
        i += 1
    return None


def pays_text(rules, kind, number, on=None):
    """What a win pays, in words a display shows: '7:6', '2:1 LESS 5%', 'AS ITS PARTS'."""
    if kind in UNITS:
        return "AS ITS PARTS"
    if kind == "field":
        return "1:1, 2 PAYS 2:1, 12 PAYS %d:1" % rules.field_12
    if kind == "fire":
        return "4/5/6 POINTS " + "/".join("%d" % FIRE_PAYS[n][0] for n in (4, 5, 6)) + ":1"
    w = Wager(0, kind, number, 1, on)
    dice = hop_dice(number) if kind == "hop" else (1, 2)  # a hop pays by its own pair
    text = "%d:%d" % pays(w, dice[0], dice[1], rules)
    return text + " LESS 5%" if commission_rate(kind, number) else text
