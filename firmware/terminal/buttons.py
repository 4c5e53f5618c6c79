# The bet panel's buttons by name. A board file maps its physical buttons to these names; a
# station with fewer buttons gets a subset (SMALL_PANEL is the documented minimum).
from craps.wagers import hop_code

# Spots on the layout: pressing one selects it.
SPOTS = ("pass", "dont_pass", "come", "dont_come", "field")
NUMBERS = ("n4", "n5", "n6", "n8", "n9", "n10")  # what they select depends on the mode
# Modes for the number row.
MODES = ("place", "buy", "lay", "hard", "big", "odds", "put")
# Cycling selectors: each press moves to the next entry.
CYCLES = {
    "prop": (("any7", 0), ("any_craps", 0), ("two", 0), ("three", 0), ("yo", 0), ("twelve", 0),
             ("horn", 0), ("horn_high", 2), ("horn_high", 3), ("horn_high", 11),
             ("horn_high", 12), ("world", 0), ("ce", 0)),
    "hop": tuple(("hop", hop_code(a, b)) for a in range(1, 7) for b in range(a, 7)),
    "side": (("fire", 0), ("all", 0), ("tall", 0), ("small", 0)),
}
# The walk, for a panel with few keys (terminal/walk.py): SELECT steps to the next spot on the
# layout, a group of spots at a time (line bets, odds, place, buy, lay, put, hardways, field and
# big 6/8, props, hops, side bets); GROUP (SELECT held, on the 8-key boards) to the next group.
STEP = "select"
GROUP = "group"
WALK = (STEP, GROUP)
CHIP = "chip"  # the next chip denomination
# Money on the layout: only while betting is open.
BET = "bet"  # one chip on the selected spot (one chip per part on a horn, world or C & E)
TAKE_DOWN = "take_down"
WORKING = "working"  # call the selected wager on or off for the come-out
REPEAT = "repeat"  # the bets of the last round again
# The game.
ROLL = "roll"  # the shooter: "no more bets", and the dice roll
PASS_DICE = "pass_dice"
CASH_OUT = "cash_out"  # a handpay: the station locks until the attendant confirms it
# Views: they change nothing on the table.
HELP = "help"
RECALL = "recall"

SELECT = SPOTS + NUMBERS + MODES + tuple(sorted(CYCLES)) + WALK + (CHIP,)
MONEY = (BET, TAKE_DOWN, WORKING, REPEAT)
GAME = (ROLL, PASS_DICE, CASH_OUT)
VIEWS = (HELP, RECALL)
ALL = SELECT + MONEY + GAME + VIEWS
# A station of 8 buttons: the line bets, come, odds behind the point, a chip, bet, roll, cash out.
SMALL_PANEL = ("pass", "dont_pass", "come", "odds", CHIP, BET, ROLL, CASH_OUT)
