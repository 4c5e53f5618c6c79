# The checks on a step that need no table state: each raises a named refusal (craps.errors).
from craps import errors
from craps.wagers import KINDS, NUMBERS, FIXED_NUMBER, UNITS, TOGGLES, TRUE_ODDS, LAY_ODDS, commission


def wager_number(kind, number):
    """The wager's number as the table keeps it (0 where it takes none)."""
    if kind not in KINDS:
        raise errors.UnknownWager("there is no wager called %s" % (kind,))
    if kind in NUMBERS:
        if type(number) is not int or number not in NUMBERS[kind]:
            raise errors.BadNumber("%s is made on %s, not on %s" % (
                title(kind), ", ".join(str(n) for n in NUMBERS[kind]), number))
        return number
    if kind == "hop":
        # A hop bet's number is its two faces, low then high: 23 for 2-3.
        if type(number) is not int or not 1 <= number // 10 <= number % 10 <= 6:
            raise errors.BadNumber("a hop bet names two dice faces from 1 to 6, low then high")
        return number
    if number:
        raise errors.BadNumber("%s is not made on a number" % title(kind))
    return FIXED_NUMBER.get(kind, 0)


def limits(rules, kind, number, total, is_odds=False):
    """A wager's whole stake against the table's limits and its parts."""
    units = UNITS.get(kind, 1)
    if total % units:
        raise errors.NotAMultiple("%s is %d equal parts: bet a multiple of %d" % (
            title(kind), units, units))
    if is_odds:
        return  # odds are bounded by the odds multiple alone
    if total < rules.table_min:
        raise errors.UnderTableMin("the table minimum is %d credits" % rules.table_min)
    if total > rules.table_max:
        raise errors.OverTableMax("the table maximum is %d credits" % rules.table_max)
    if kind == "buy" or kind == "lay":
        ratio = (TRUE_ODDS if kind == "buy" else LAY_ODDS)[number]
        if total * ratio[0] // ratio[1] <= commission(kind, number, total):
            raise errors.CommissionExceedsWin("%s %d of %d credits would win no more than its "
                                              "commission" % (title(kind), number, total))


def amount(value):
    if type(value) is not int or value <= 0:
        raise errors.BadAmount("an amount is a whole number of credits above 0")


def die(face):
    if type(face) is not int or not 1 <= face <= 6:
        raise errors.BadDice("a die shows 1 to 6, not %s" % (face,))


def toggle(kind, on):
    """Only these wagers may be called on or off for the come-out."""
    if kind in TOGGLES or (kind == "odds" and on in ("come", "dont_come", "put")):
        return
    raise errors.AlwaysWorking("%s cannot be called on or off" % title(on or kind))


def title(kind):
    return kind.replace("_", " ")
