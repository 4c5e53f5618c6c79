"""What the virtual cabinet draws, as Rich text: the puck from a PUCK frame, the dice, a station's
display from its DISPLAY lines, the sign from STATUS lines, and the layout from the table's
wagers. Plain functions of data, so the app stays glue and the pictures are easy to test.

Every lit state is also in the characters (a filled lamp, brackets round a die), not only in
the colour, so a monochrome terminal and a plain-text capture still show it."""
from rich.text import Text

from craps.wagers import LINE, hop_dice
from host_tools.sim import keys

LAMPS = ("OFF", "4", "5", "6", "8", "9", "10")  # the frame's order: the disc, then the points
DARK = (0, 0, 0)

# The layout's short names; numbers follow where the wager has one ("PL6", "COME5").
SHORT = {"pass": "PASS", "dont_pass": "DP", "come": "COME", "dont_come": "DC", "put": "PUT",
         "field": "FIELD", "place": "PL", "buy": "BUY", "lay": "LAY", "hard": "HARD",
         "big6": "BIG6", "big8": "BIG8", "any7": "ANY7", "any_craps": "ANYCRAPS", "two": "TWO",
         "three": "THREE", "yo": "YO", "twelve": "TWELVE", "horn": "HORN",
         "horn_high": "HORNHI", "world": "WORLD", "ce": "C&E", "fire": "FIRE", "all": "ALL",
         "tall": "TALL", "small": "SMALL"}


def styled(text, style):
    """Text whose style is a span: Text(text, style=...) would style all that is appended."""
    return Text.assemble((text, style))


def puck(frame):
    """'PUCK ●OFF ○4 ...': one lamp per entry of the frame, in its colour when lit."""
    text = styled("PUCK", "bold")
    for name, rgb in zip(LAMPS, frame):
        text.append(" ")
        if tuple(rgb) == DARK:
            text.append("○" + name, style="grey50")
        else:
            text.append("●" + name, style="bold black on rgb(%d,%d,%d)" % tuple(rgb))
    return text


def dice(last, rolling):
    """The dice of the last roll the source gave, or that they are rolling."""
    text = styled("DICE ", "bold")
    if rolling:
        text.append("[?] [?] ROLLING", style="yellow")
    elif last is None:
        text.append("--- ---", style="grey50")
    elif last[0] == "no_roll":
        text.append("NO ROLL", style="bold yellow")
    else:
        d1, d2 = last
        text.append("[%d] [%d]" % (d1, d2), style="bold reverse")
        text.append(" = %d" % (d1 + d2))
    return text


def attendant(on):
    if on:
        return styled(" KEY ON ", "bold white on red")
    return styled("key off", "grey50")


def display(lines):
    """A station's display (DISPLAY lines) or the cabinet's sign (STATUS lines): the first line,
    the station and its credit meter or what just happened, in bold."""
    text = Text()
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        text.append(line, style="bold" if i == 0 else "")
    return text


def wager_label(w):
    if w.kind == "odds":
        return "ODDS" if w.on == "pass" else "ODDS/" + _base(w.on, w.number)
    if w.kind == "hop":
        return "HOP%d-%d" % hop_dice(w.number)
    return _base(w.kind, w.number)


def _base(kind, number):
    name = SHORT.get(kind, kind.upper())
    if number and kind not in LINE and kind not in ("big6", "big8"):
        return name + str(number)
    return name


def layout(table, focus, width):
    """The layout, one line a station: 'S1 PASS 10 ODDS 20 COME5 10 PL6 12', wrapped under
    itself when long. A wager off on this come-out says '(off)'; an up-front commission '+vig'."""
    lines = []
    for s in range(len(table.credits)):
        here = s == focus
        items = []
        for w in table.wagers:
            if w.player != s:
                continue
            item = "%s %d" % (wager_label(w), w.amount)
            if w.vig:
                item += "+%d" % w.vig
            if not table.point and not w.works_on_come_out():
                item += "(off)"
            items.append(styled(item, "bold" if here else ""))
        name = styled(("▶S%d" if here else " S%d") % (s + 1), "bold reverse" if here else "bold")
        lines += fill([name] + (items or [styled("no bets", "grey50")]), width, "    ")
    return Text("\n").join(lines)


def legend(width, rules):
    """The key bindings under these house rules, compact: the key in reverse, then what it
    does."""
    items = [styled(key, "bold reverse") + (" " + name if name else "")
             for key, name in keys.legend(rules)]
    return Text("\n").join(fill(items, width))


def fill(items, width, indent=""):
    """Lines of items (Rich Text, none broken) joined by spaces, each line at most `width` where
    an item allows; continuation lines start with `indent`."""
    lines = []
    line = None
    for item in items:
        if line is None:
            line = Text()
            line.append(item)
        elif line.cell_len + 1 + item.cell_len <= width:
            line = line + " " + item
        else:
            lines.append(line)
            line = Text(indent) + item
    if line is not None:
        lines.append(line)
    return lines
