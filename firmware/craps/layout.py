# A table as plain data (dicts, lists, ints, strings): what the cabinet keeps in flash and what a
# recall export starts a replay from. load() checks every field, so a damaged or hand-written
# layout is refused with BadLayout rather than played.
from craps.house import POINTS
from craps.table import Table
from craps.wagers import (Wager, KINDS, NUMBERS, LINE, COME, SIDE, ODDS_ON, FIXED_NUMBER,
                          odds_cap, laid)

# A wager's fields, in this order, as a list.
FIELDS = ("player", "type", "number", "amount", "on", "working", "vig", "state")


class BadLayout(ValueError):
    """A layout that is not one a table could be in."""


def dump(table):
    return {"credits": list(table.credits), "point": table.point, "holder": table.holder,
            "hand_rolls": table.hand_rolls, "betting_open": table.betting_open,
            "wagers": [[w.player, w.kind, w.number, w.amount, w.on, w.working, w.vig, w.state]
                       for w in table.wagers]}


def load(data, rules, like=None):
    """A Table in the layout `data` (as dump() makes it), under `rules`. like: a table under the
    same rules that the layout mostly keeps (the cabinet's journal, played at power-up,
    restores a table a roll): its wagers that `data` has exactly are taken over as they are,
    checked when they were made, and its roll tables are shared."""
    like = like if like is not None and like.rules is rules else None
    try:
        if type(data["credits"]) is not list:
            raise BadLayout("credits are a list, one a station")
        table = Table(data["credits"], rules)
        if like is not None:
            table._codes = like._codes
        table.point = _pick(data["point"], (0,) + POINTS, "point")
        table.holder = _station(data["holder"], table, "holder")
        table.hand_rolls = _count(data["hand_rolls"], "hand_rolls")
        table.betting_open = _pick(data["betting_open"], (True, False), "betting_open")
        if type(data["wagers"]) is not list:
            raise BadLayout("the wagers are a list")
        index = table._index
        for fields in data["wagers"]:
            w = _kept(fields, like)
            if w is None:
                w = _wager(fields, table)
                if table.find(w.player, w.kind, w.number, w.on):
                    raise BadLayout("a wager is there twice: %s" % (fields,))
                table._ready(w)  # its roll codes, and its place in the index find() reads
            elif w._spot in index[w.player]:
                raise BadLayout("a wager is there twice: %s" % (fields,))
            else:  # its spot and roll codes are the same on this table
                index[w.player][w._spot] = w
            table.wagers.append(w)
    except BadLayout:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise BadLayout("a layout field is missing or of the wrong kind: %s" % (e,))
    for credits in table.credits:
        _count(credits, "credits")
    for w in table.wagers:
        _allowed(w, table)
    return table


def _kept(fields, like):
    """The wager of the table `like` that `fields` are exactly, or None."""
    if like is None or type(fields) is not list or len(fields) != len(FIELDS):
        return None
    player, kind, number, amount, on, working, vig, state = fields
    w = like.find(player, kind, number, on)  # (its player, kind, number and on, when found)
    if w is not None and w.amount == amount and w.working == working and w.vig == vig and \
            w.state == state:
        return w
    return None


def _wager(fields, table):
    if type(fields) is not list or len(fields) != len(FIELDS):
        raise BadLayout("a wager is a list of %s" % ", ".join(FIELDS))
    player, kind, number, amount, on, working, vig, state = fields
    _station(player, table, "player")
    if kind == "odds":
        _pick(on, ODDS_ON, "on")
        _pick(number, POINTS, "number")
    else:
        _pick(on, (None,), "on")
        _pick(kind, KINDS, "type")
        _pick(number, _numbers(kind), "number")
    if type(amount) is not int or amount <= 0:
        raise BadLayout("a wager's amount is a whole number above 0, not %s" % (amount,))
    _pick(working, (None, True, False), "working")
    w = Wager(player, kind, number, amount, on)
    w.working = working
    w.vig = _count(vig, "vig")
    w.state = _count(state, "state")
    return w


def _allowed(w, table):
    """What the table's rules and puck allow a wager to be."""
    rules = table.rules
    if w.kind in LINE and w.number != table.point:
        raise BadLayout("a %s bet sits on the point (%d), not on %d" % (w.kind, table.point,
                                                                       w.number))
    if w.kind in SIDE and not rules.side_bets or w.kind == "put" and not rules.put:
        raise BadLayout("this table takes no %s bets" % w.kind)
    if w.kind == "odds":
        flat = table.find(w.player, w.on, w.number)
        if flat is None:
            raise BadLayout("odds on %d with no %s bet to back" % (w.number, w.on))
        if w.amount > odds_cap(flat.amount, w.number, laid(w.on), rules):
            raise BadLayout("odds of %d on %d are over the cap" % (w.amount, w.number))


_TRAVELS = (0,) + POINTS  # a line or come bet's number: 0 until it travels
_HOPS = tuple(10 * a + b for a in range(1, 7) for b in range(a, 7))


def _numbers(kind):
    if kind in LINE or kind in COME:
        return _TRAVELS
    if kind == "hop":
        return _HOPS
    return NUMBERS.get(kind, (FIXED_NUMBER.get(kind, 0),))


def _pick(value, allowed, name):
    # Of the same type as well as equal: `in` alone would take True for 1. (No choice holds
    # both a bool and the int equal to it, so the first equal one is the one to compare.)
    if value in allowed and type(allowed[allowed.index(value)]) is type(value):
        return value
    raise BadLayout("%s cannot be %s" % (name, value))


def _station(value, table, name):
    if type(value) is not int or not 0 <= value < table.stations():
        raise BadLayout("%s cannot be %s" % (name, value))
    return value


def _count(value, name):
    if type(value) is not int or value < 0:
        raise BadLayout("%s is a whole number from 0, not %s" % (name, value))
    return value
