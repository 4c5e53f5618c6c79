# The wagers: what each one is, when the rules allow it, and what a roll does to it.
# Everything here is a pure function of a wager, the puck and the dice, so the table settles
# with it and the odds report computes the exact house edge from the same definitions.
from craps.compat import const
from craps.house import POINTS, COMMISSION_PERCENT

# What a roll does to a wager.
NONE = const(0)  # undecided: it stays as it is
WIN = const(1)
LOSE = const(2)
PUSH = const(3)  # a tie: the stake comes back
RETURN = const(4)  # given back undecided (off come odds when their bet is decided)
MOVE = const(5)  # a come or line bet travels to the rolled number
OUTCOMES = ("none", "win", "lose", "push", "return", "move")

TRUE_ODDS = {4: (2, 1), 5: (3, 2), 6: (6, 5), 8: (6, 5), 9: (3, 2), 10: (2, 1)}
LAY_ODDS = {4: (1, 2), 5: (2, 3), 6: (5, 6), 8: (5, 6), 9: (2, 3), 10: (1, 2)}
PLACE_PAYS = {4: (9, 5), 5: (7, 5), 6: (7, 6), 8: (7, 6), 9: (7, 5), 10: (9, 5)}
HARD_PAYS = {4: (7, 1), 6: (9, 1), 8: (9, 1), 10: (7, 1)}
PROP_PAYS = {"any7": (4, 1), "any_craps": (7, 1), "two": (30, 1), "three": (15, 1),
             "yo": (15, 1), "twelve": (30, 1)}
PROP_TOTALS = {"any7": (7,), "any_craps": (2, 3, 12), "two": (2,), "three": (3,),
               "yo": (11,), "twelve": (12,)}
FIRE_PAYS = {4: (24, 1), 5: (249, 1), 6: (999, 1)}
ATS_PAYS = {"small": (34, 1), "tall": (34, 1), "all": (175, 1)}
# The totals each All/Tall/Small bet needs, as bits (1 << total).
ATS_NEEDS = {"small": 0x7C, "tall": 0x1F00, "all": 0x1F7C}
EVEN = (1, 1)

LINE = ("pass", "dont_pass")
COME = ("come", "dont_come")
SIDE = ("fire", "all", "tall", "small")
ONE_ROLL = ("field", "any7", "any_craps", "two", "three", "yo", "twelve", "hop",
            "horn", "horn_high", "world", "ce")
# One-roll propositions that a "for 1" table pays for rather than to one (the field is even money).
PROPOSITIONS = ("any7", "any_craps", "two", "three", "yo", "twelve", "hop")
# Compound wagers are paid as separate wagers on their parts (docs/rules.md): (part, units).
PARTS = {
    "horn": (("two", 1), ("three", 1), ("twelve", 1), ("yo", 1)),
    "world": (("two", 1), ("three", 1), ("twelve", 1), ("yo", 1), ("any7", 1)),
    "ce": (("any_craps", 1), ("yo", 1)),
}
HORN_HIGH = {2: "two", 3: "three", 11: "yo", 12: "twelve"}
UNITS = {"horn": 4, "horn_high": 5, "world": 5, "ce": 2}
# The numbers a wager is made on; kinds not listed take none.
NUMBERS = {"place": POINTS, "buy": POINTS, "lay": POINTS, "put": POINTS,
           "hard": (4, 6, 8, 10), "horn_high": (2, 3, 11, 12)}
FIXED_NUMBER = {"big6": 6, "big8": 8}
# Off on the come-out unless the player says otherwise; the rest of TOGGLES work by default.
OFF_ON_COME_OUT = ("place", "buy", "hard")
TOGGLES = ("place", "buy", "lay", "hard", "big6", "big8")
# Wagers that stay on the layout after a win.
STAY_UP = ("place", "buy", "lay", "hard", "big6", "big8")
KINDS = LINE + COME + ("put", "place", "buy", "lay", "hard", "big6", "big8") + ONE_ROLL + SIDE
ODDS_ON = ("pass", "dont_pass", "come", "dont_come", "put")


class Wager:
    """A stake on the layout. `number` is its point, box number or code (0: none yet)."""

    def __init__(self, player, kind, number=0, amount=0, on=None):
        self.player = player
        self.kind = kind
        self.number = number
        self.amount = amount
        self.on = on  # for odds: the flat bet they back
        self.working = None  # None: the house default on the come-out
        self.vig = 0  # commission paid up front: the house's if the wager loses, else given back
        self.state = 0  # side bets: the points made or totals seen, as bits
        self.codes = None  # roll_table(), looked up once; None again when number or working change
        self._spot = None  # its key in a table's index (Table._place); None: in none yet

    def call(self, working):
        """On (True), off (False) or the house default (None) on the come-out."""
        self.working = working
        self.codes = None

    def laid(self):
        return laid(self.on)

    def works_on_come_out(self):
        if self.working is not None:
            return self.working
        if self.kind == "odds":
            return self.laid()
        return self.kind not in OFF_ON_COME_OUT


def laid(on):
    """Odds behind a don't bet are laid: they win on a seven."""
    return on == "dont_pass" or on == "dont_come"


def hop_code(a, b):
    """The number that names a hop bet on the pair a-b (either order): 23 for 2-3."""
    if a > b:
        a, b = b, a
    return a * 10 + b


def hop_dice(code):
    return (code // 10, code % 10)


def _right(number, total):
    if total == number:
        return WIN
    return LOSE if total == 7 else NONE


def _wrong(number, total):
    if total == 7:
        return WIN
    return LOSE if total == number else NONE


def _come_out(total):
    if total == 7 or total == 11:
        return WIN
    return LOSE if total in (2, 3, 12) else MOVE


def _dont_come_out(total, bar):
    if total == bar:
        return PUSH
    if total in (2, 3, 12):
        return WIN
    return LOSE if total in (7, 11) else MOVE


def mark(w, point, total):
    """A side bet's state after a roll: the point made (Fire) or the total seen (All/Tall/Small)."""
    if w.kind == "fire":
        if point and total == point:
            return w.state | (1 << point)
        return w.state
    if total == 7:
        return w.state
    return w.state | (1 << total)


def points_made(state):
    return sum(1 for n in POINTS if state & (1 << n))


def decide(w, point, d1, d2, rules):
    """What the roll d1-d2 does to wager w, the puck on `point` (0: off), if the wager works."""
    kind = w.kind
    total = d1 + d2
    if kind == "pass" or kind == "come":
        return _right(w.number, total) if w.number else _come_out(total)
    if kind == "dont_pass" or kind == "dont_come":
        return _wrong(w.number, total) if w.number else _dont_come_out(total, rules.bar)
    if kind in ("put", "place", "buy", "big6", "big8"):
        return _right(w.number, total)
    if kind == "odds":
        return _wrong(w.number, total) if w.laid() else _right(w.number, total)
    if kind == "lay":
        return _wrong(w.number, total)
    if kind == "hard":
        if total == w.number:
            return WIN if d1 == d2 else LOSE
        return LOSE if total == 7 else NONE
    if kind == "field":
        return LOSE if total in (5, 6, 7, 8) else WIN
    if kind in PROP_TOTALS:
        return decide_part(kind, total)
    if kind == "hop":
        return WIN if hop_code(d1, d2) == w.number else LOSE
    if kind == "fire":
        made = points_made(w.state)
        if made == 6:
            return WIN
        if point and total == 7:
            return WIN if made >= 4 else LOSE
        return NONE
    if kind in ATS_NEEDS:
        if total == 7:
            return LOSE
        need = ATS_NEEDS[kind]
        return WIN if w.state & need == need else NONE
    raise ValueError(kind)  # compound wagers are settled by their parts


def settle_code(w, point, d1, d2, rules):
    """decide(), with the come-out's off wagers: not decided, or (off odds) returned undecided."""
    code = decide(w, point, d1, d2, rules)
    if code == NONE or code == MOVE or point or w.works_on_come_out():
        return code
    return RETURN if w.kind == "odds" else NONE


# Small ints for a wager's kind and for the bet its odds back: keys that allocate nothing.
KIND_OF = KINDS + ("odds",)
ON_OF = (None,) + ODDS_ON
KIND_ID = dict((kind, i) for i, kind in enumerate(KIND_OF))
ON_ID = dict((on, i) for i, on in enumerate(ON_OF))
# A roll code is one byte: the outcome (NONE to MOVE) in its low three bits and, for a win, what
# it pays above them, as its place in RATIOS: every pays() met so far (under 30 in all, where
# the byte holds 32).
RATIOS = []


def win_code(ratio):
    """The roll code of a win paying `ratio` (pays())."""
    if ratio not in RATIOS:
        RATIOS.append(ratio)
    return WIN | RATIOS.index(ratio) << 3


def roll_code(w, point, d1, d2, rules):
    """settle_code(), and for a win what it pays: all a roll does to a wager, as one byte."""
    code = settle_code(w, point, d1, d2, rules)
    return win_code(pays(w, d1, d2, rules)) if code == WIN else code


def roll_codes(w, rules):
    """What each of the 36 rolls does to a wager like w (not a side bet, whose state counts):
    roll_code() for roll (d1 - 1) * 6 + d2 - 1, as two 36-byte strings, the puck OFF then ON."""
    codes = roll_table(w, rules)
    return codes[:36], codes[36:]


READS_DICE = ("hard", "hop")  # the kinds a roll decides by its dice, not their total alone


def roll_table(w, rules):
    """roll_codes() as the table keeps them, one 72-byte string: roll i with the puck OFF at i,
    with it ON at 36 + i. A table computes it once for all its wagers alike (Table._place); a
    roll looks it up instead of deciding again. A wager that reads the total alone is decided
    once a total, 22 times, not 72 (a power-up makes again the table of each kind of wager it
    plays: 18-23 ms each on the chip with 72)."""
    codes = []
    dice = w.kind in READS_DICE
    for point in (0, 4):
        by_total = {}
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                total = d1 + d2
                if dice or total not in by_total:
                    by_total[total] = roll_code(w, point, d1, d2, rules)
                codes.append(by_total[total])
    return bytes(codes)


def layout_id(kind, number, on):
    """A wager's kind, number and the bet its odds back, as one small int."""
    return (KIND_ID[kind] * 100 + number) * 8 + ON_ID[on]


def spot(lid):
    """(kind, number, on) of a layout_id() (is_spot)."""
    return KIND_OF[lid // 800], lid // 8 % 100, ON_OF[lid % 8]


def is_spot(lid):
    """Can lid be a layout_id(): an int naming a kind and a bet backed that there are?"""
    return type(lid) is int and 0 <= lid < len(KIND_OF) * 800 and lid % 8 < len(ON_OF)


def pays(w, d1, d2, rules):
    """What a win pays, as (to win, for every) credits: place 6 pays (7, 6)."""
    kind = w.kind
    if kind in ("pass", "dont_pass", "come", "dont_come", "put", "big6", "big8"):
        return EVEN
    if kind == "odds":
        return LAY_ODDS[w.number] if w.laid() else TRUE_ODDS[w.number]
    if kind == "place":
        return PLACE_PAYS[w.number]
    if kind == "buy":
        return TRUE_ODDS[w.number]
    if kind == "lay":
        return LAY_ODDS[w.number]
    if kind == "hard":
        return HARD_PAYS[w.number]
    if kind == "field":
        total = d1 + d2
        if total == 2:
            return (2, 1)
        return (rules.field_12, 1) if total == 12 else EVEN
    if kind == "fire":
        return FIRE_PAYS[points_made(w.state)]
    if kind in ATS_PAYS:
        return ATS_PAYS[kind]
    if kind == "hop":
        return _for_one((30, 1) if d1 == d2 else (15, 1), rules)
    return part_pays(kind, rules)


def decide_part(part, total):
    """A one-roll proposition, alone or as a part of a horn, world or C & E."""
    return WIN if total in PROP_TOTALS[part] else LOSE


def part_pays(part, rules):
    return _for_one(PROP_PAYS[part], rules)


def _for_one(ratio, rules):
    # "30 for 1" gives back 30 credits stake included: 29 to 1.
    if rules.pays == "for":
        return (ratio[0] - ratio[1], ratio[1])
    return ratio


def parts(kind, number):
    """The (part, units) of a compound wager; horn high adds a unit on its high number."""
    if kind == "horn_high":
        high = HORN_HIGH[number]
        return tuple((part, units + 1 if part == high else units) for part, units in PARTS["horn"])
    return PARTS[kind]


def commission_rate(kind, number):
    """The commission as a share of the stake: 5% of a buy's stake, 5% of a lay's win; else None."""
    if kind == "buy":
        return (COMMISSION_PERCENT, 100)
    if kind == "lay":
        ratio = LAY_ODDS[number]
        return (COMMISSION_PERCENT * ratio[0], 100 * ratio[1])
    return None


def commission(kind, number, amount):
    """The commission on a stake, rounded down to a whole credit but at least one (rules.md)."""
    rate = commission_rate(kind, number)
    if rate is None:
        return 0
    return max(1, amount * rate[0] // rate[1])


def odds_cap(flat, number, laid, rules):
    """The most odds a flat bet of `flat` on `number` may take (laid: may win at most x flat)."""
    cap = rules.odds_multiple(number) * flat
    if laid:
        ratio = LAY_ODDS[number]
        return cap * ratio[1] // ratio[0]
    return cap
