# The walk: on a panel with few keys, SELECT steps through every spot the house rules offer, a
# group of spots at a time, and GROUP (SELECT held, on the 8-key boards) jumps to the next
# group's first spot. Past a group's last spot SELECT goes on into the next group, and past the
# last group back to the first: a group with no spot now (odds with no flat bet on a number, put
# and side bets where the house takes none) is passed over. The spot chosen is the panel's, so
# BET, TAKE DOWN and WORKING act on it as on any other; the display shows it, what it pays and
# its exact house edge (the Help page the host worked out for it, where the board has them).
# A group's spots are worked out when the key is pressed: nothing is built at import.
from craps.house import POINTS
from craps.paytable import pays_text, row_of
from craps.wagers import NUMBERS
from terminal import actions, buttons

GROUPS = ("line", "odds", "place", "buy", "lay", "put", "hard", "field", "prop", "hop", "side")
_LINE = ("pass", "dont_pass", "come", "dont_come")
_FIELD = ("field", "big6", "big8")
_EDGE = "HOUSE EDGE "  # how a Help page's third line starts (host_tools/helppages.py)


def spots(cab, s, group):
    """The spots of a group at station s now, as (kind, number, odds_pick)."""
    rules = cab.table.rules
    if group == "line":
        return [(kind, 0, 0) for kind in _LINE]
    if group == "field":
        return [(kind, 0, 0) for kind in _FIELD]
    if group == "odds":  # behind each flat bet the station has on a number
        return [("odds", n, i) for n in POINTS for i in range(len(actions.flats(cab.table, s, n)))]
    if group == "put" and not rules.put or group == "side" and not rules.side_bets:
        return []
    if group in buttons.CYCLES:
        return [(kind, number, 0) for kind, number in buttons.CYCLES[group]]
    return [(group, n, 0) for n in NUMBERS[group]]  # place, buy, lay, put, hard


def step(cab, s, button):
    """SELECT (buttons.STEP): the next spot; GROUP: the next group's first. From a new panel
    both start at the first group's first spot."""
    panel = cab.panels[s]
    group, at = panel.walk if panel.walk is not None else (-1, 0)
    if button == buttons.STEP and panel.walk is not None:
        at += 1
    else:
        group, at = group + 1, 0
    for _ in range(len(GROUPS) + 1):  # the line group always has spots: this ends
        group %= len(GROUPS)
        found = spots(cab, s, GROUPS[group])
        if at < len(found):
            break
        group, at = group + 1, 0
    kind, number, pick = found[at]
    panel.walk = (group, at)
    panel.spot = (kind, number)
    panel.odds_pick = pick
    panel.message = describe(cab, s)


def describe(cab, s):
    """The selected spot's pay and exact house edge: 'PAYS 7:6 EDGE 1.52%'."""
    kind, number, on = actions.spot(cab, s)
    rules = cab.table.rules
    text = "PAYS " + pays_text(rules, kind, number, on)
    row = row_of(rules, kind, number, on)
    pages = cab.help_pages
    if row is not None and row[0] + 1 < len(pages):
        page = pages[row[0] + 1]  # the Help pages start with how to bet
        if page[0] == row[1].upper() and len(page) > 2 and page[2].startswith(_EDGE):
            text += " EDGE " + page[2][len(_EDGE):]
    return text
