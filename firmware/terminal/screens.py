# The text the cabinet shows: each station's display (table, help and recall views) and the
# cabinet's sign. Plain tuples of short lines, so an SSD1306, a console or the simulator can
# draw them. Only what happened is shown: no word that suggests a number is due.
from craps.checks import title
from craps.wagers import UNITS, hop_dice, spot
from terminal import attendant, buttons

NO_HELP = (("Paytable not loaded",),)
SHORT = {"dont_pass": "DONT PASS", "dont_come": "DONT COME", "any7": "ANY 7",
         "any_craps": "ANY CRAPS", "yo": "YO 11", "two": "CRAPS 2", "three": "CRAPS 3",
         "twelve": "CRAPS 12", "horn_high": "HORN HI", "ce": "C & E", "big6": "BIG 6",
         "big8": "BIG 8"}


def label(kind, number=0, on=None):
    """A wager's name on a display: 'PLACE 6', 'HOP 2-3', 'ODDS COME 5'."""
    if kind == "hop":
        return "HOP %d-%d" % hop_dice(number)
    if kind == "odds":
        return "ODDS %s%s" % (SHORT.get(on, title(on or "")).upper(), " %d" % number if number else "")
    name = SHORT.get(kind, title(kind).upper())
    if number and kind not in ("pass", "dont_pass", "big6", "big8"):
        return "%s %d" % (name, number)
    return name


def dice_text(dice):
    return "%d+%d=%d" % (dice[0], dice[1], dice[0] + dice[1])


# In Help, besides HELP (the next page): the page before, and the next wager's group. Each
# hint line fits a 16-character display.
HELP_KEYS = (buttons.TAKE_DOWN, buttons.CHIP)
HELP_HINT = ("< TAKE DOWN", ">> CHIP  > HELP")


def station(cab, s):
    panel = cab.panels[s]
    if panel.view == "help":
        page = cab.help_pages[panel.page]
        return ("HELP %d/%d" % (panel.page + 1, len(cab.help_pages)),) + tuple(page) + \
            HELP_HINT
    if panel.view == "recall":
        return recall_page(cab, s, panel.page)
    if panel.view in (attendant.METERS, attendant.AUDIT):
        return attendant.view(cab, s)
    shooter = " SHOOTER" if cab.shooter() == s else ""
    kind, number, on = cab.spot(s)
    w = cab.table.find(s, kind, number, on) if kind else None
    spot = label(kind, number, on) if kind else "ODDS %d" % number
    chip = panel.chip_value() * UNITS.get(kind, 1)
    working = ""
    if w and not cab.table.point and not w.works_on_come_out():
        working = " OFF"
    last = "LAST " + dice_text(cab.history[0]) if cab.history else "NO ROLL YET"
    if panel.handpay:
        last = "HANDPAY %d" % panel.handpay
    lines = ("S%d CR %d%s" % (s + 1, cab.table.credits[s], shooter),
             "%s: %d%s" % (spot, w.amount if w else 0, working),
             "CHIP %d  %s" % (chip, panel.mode.upper()),
             last)
    if panel.hold:
        # A key down that has a long press: what its press did stays in view (the message,
        # which a small screen keeps when it drops a line), and above it what holding on does.
        hint = "HOLD: " + button_name(panel.hold[1])
        return lines + ((hint, panel.message) if panel.message else (hint,))
    return lines + (panel.message,)


def button_name(button):
    """A panel button's name as its key is marked: 'DONT PASS', 'TAKE DOWN'."""
    return button.replace("_", " ").upper()


def nets_of(results):
    """The sum of a station's nets in recall: spot, net, spot, net... (MicroPython's slices
    take no step)."""
    return sum(results[i] for i in range(1, len(results), 2))


def recall_page(cab, s, page):
    if not cab.recall:
        return ("RECALL", "NO ROLLS YET")
    dice, point, results = cab.recall[page]
    lines = ["RECALL %d/%d" % (page + 1, len(cab.recall)),
             dice_text(dice) + (" PT %d" % point if point else " COME OUT")]
    mine = results[s]  # spot, net, spot, net... (a spot: craps.wagers.layout_id)
    for i in range(0, len(mine), 2):
        lines.append("%s %+d" % (label(*spot(mine[i])), mine[i + 1]))
    lines.append("NET %+d" % nets_of(mine))
    return tuple(lines)


_SIGN = [None] * 7  # what the sign was last made of (_sign()'s six arguments), and its lines


def status(cab, now_ms):
    """The cabinet's sign: what is happening, the puck and who rolls, the last rolls. Made
    again only when one of those changed: it is asked for every loop step, and its garbage
    there called for collections that held up the keys (so they are compared one by one: a
    tuple of them would be garbage too)."""
    left = cab.time_left(now_ms)
    made_of = _SIGN
    if _differs(made_of, 0, cab.headline()) | _differs(made_of, 1, cab.table.point) | \
            _differs(made_of, 2, cab.shooter()) | _differs(made_of, 3, not cab.table.wagers) | \
            _differs(made_of, 4, None if left is None else (left + 999) // 1000) | \
            _differs(made_of, 5, _last_rolls(cab.history)) or made_of[6] is None:
        made_of[6] = _sign(*made_of[:6])
    return made_of[6]


def _differs(values, i, value):
    """Is value not values[i]'s? It is values[i] afterwards."""
    if values[i] == value:
        return False
    values[i] = value
    return True


def _sign(headline, point, who, no_wagers, seconds, last_rolls):
    puck = "POINT %d" % point if point else "PUCK OFF"
    if who is None:
        roller = "BET THE LINE TO SHOOT" if no_wagers else "HOUSE ROLLS"
    else:
        roller = "S%d SHOOTS" % (who + 1)
    if seconds is not None:
        roller += " %ds" % seconds
    return (headline, "%s  %s" % (puck, roller), last_rolls)


_ROLLS = [[], "LAST ROLLS: "]  # the last history the sign's line was made of, and that line


def _last_rolls(history):
    """The sign's last rolls, made again only when they changed: the sign is drawn every loop
    step, and its garbage was most of an idle step's (the collections it called for held up
    the keys)."""
    if history != _ROLLS[0]:
        _ROLLS[0] = list(history)
        _ROLLS[1] = "LAST ROLLS: " + " ".join(str(d1 + d2) for d1, d2 in history)
    return _ROLLS[1]
