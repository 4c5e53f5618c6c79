"""The keyboard as the focused station's bet panel: which key presses which button (names from
terminal/buttons.py), and the short legend drawn on screen. Letters only, plus digits, space,
enter, ? and Tab, so every key works in a plain terminal and over SSH."""
from terminal import buttons

# (Textual key name, what the legend shows, panel button, what the legend calls it)
PANEL = (
    ("p", "p", "pass", "PASS"), ("d", "d", "dont_pass", "DONT PASS"),
    ("c", "c", "come", "COME"), ("v", "v", "dont_come", "DONT COME"),
    ("f", "f", "field", "FIELD"),
    ("4", "4", "n4", ""), ("5", "5", "n5", ""), ("6", "6", "n6", ""), ("8", "8", "n8", ""),
    ("9", "9", "n9", ""), ("0", "0", "n10", "=10"),
    ("a", "a", "place", "PLACE"), ("b", "b", "buy", "BUY"), ("y", "y", "lay", "LAY"),
    ("h", "h", "hard", "HARD"), ("g", "g", "big", "BIG"), ("o", "o", "odds", "ODDS"),
    ("u", "u", "put", "PUT"),
    ("r", "r", "prop", "PROP"), ("j", "j", "hop", "HOP"), ("s", "s", "side", "SIDE"),
    ("l", "l", buttons.STEP, "SELECT"), ("comma", ",", buttons.GROUP, "GROUP"),
    ("x", "x", buttons.CHIP, "CHIP"), ("space", "␣", buttons.BET, "BET"),
    ("t", "t", buttons.TAKE_DOWN, "DOWN"), ("w", "w", buttons.WORKING, "ON/OFF"),
    ("e", "e", buttons.REPEAT, "REPEAT"),
    ("enter", "⏎", buttons.ROLL, "ROLL"), ("n", "n", buttons.PASS_DICE, "PASS DICE"),
    ("m", "m", buttons.CASH_OUT, "CASH"),
    ("question_mark", "?", buttons.HELP, "HELP"), ("z", "z", buttons.RECALL, "RECALL"),
)

# Keys that are the cabinet's, not a panel's: (Textual key, legend, action, what it does)
CABINET = (
    ("i", "i", "credits_in", "+100"),
    ("k", "k", "attendant_key", "KEY"),
    ("tab", "Tab", "next_station", "NEXT"),
    ("shift+tab", "S-Tab", "previous_station", ""),
    ("q", "q", "quit", "QUIT"),
    ("f2", "F2", "capture", "SAVE"),
)

CREDITS_IN = 100  # what one press of i puts on the focused station's meter, by its acceptor

def legend(rules):
    """(key, name) pairs for the legend, most needed first; the number row is one entry, the
    walk another (every spot has its own key here: the walk is for a board's small panel). A
    button for bets the house rules do not offer (Put, the side bets) is left out."""
    pairs = []
    for key, shown, button, name in PANEL + CABINET:
        if button == "put" and not rules.put or button == "side" and not rules.side_bets:
            continue
        if button in buttons.NUMBERS:
            if button == "n4":
                pairs.append(("4-9", "0=10"))
            continue
        if button in buttons.WALK:  # SELECT and GROUP, one entry
            if button == buttons.STEP:
                pairs.append(("l/,", "WALK"))
            continue
        if name:
            pairs.append((shown, name))
    return pairs
