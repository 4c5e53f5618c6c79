# House rules: the configurable part of the game, with the defaults of docs/rules.md.
from craps.errors import BadHouseRule

# Odds multiple per point number (4, 5, 6, 8, 9, 10) for each odds policy.
ODDS_POLICIES = {
    "1x": (1, 1, 1, 1, 1, 1),
    "2x": (2, 2, 2, 2, 2, 2),
    "3x": (3, 3, 3, 3, 3, 3),
    "3-4-5x": (3, 4, 5, 5, 4, 3),
    "5x": (5, 5, 5, 5, 5, 5),
    "10x": (10, 10, 10, 10, 10, 10),
    "100x": (100, 100, 100, 100, 100, 100),
}
POINTS = (4, 5, 6, 8, 9, 10)

# name: (default, allowed values or None for a positive integer)
_RULES = {
    "odds": ("3-4-5x", tuple(ODDS_POLICIES)),
    "field_12": (2, (2, 3)),
    "bar": (12, (12, 2)),
    "commission": ("on_win", ("on_win", "up_front")),
    "table_min": (1, None),
    "table_max": (500, None),
    "put": (False, (False, True)),
    "side_bets": (False, (False, True)),
    "pays": ("to", ("to", "for")),
}
COMMISSION_PERCENT = 5


def _same(a, b):
    # 1 == True in Python: a house rule of `true` must not pass for 1, nor 2 for a string.
    return a == b and type(a) is type(b)


class HouseRules:
    """The house rules in force. Build with HouseRules({"odds": "5x"}); unknown keys are refused."""

    def __init__(self, overrides=None):
        overrides = overrides or {}
        for key in overrides:
            if key not in _RULES:
                raise BadHouseRule("unknown house rule '%s'" % key)
        for key in _RULES:
            default, allowed = _RULES[key]
            value = overrides.get(key, default)
            if allowed is None:
                ok = type(value) is int and value > 0
            else:
                ok = any(_same(value, a) for a in allowed)
            if not ok:
                raise BadHouseRule("house rule %s cannot be %s" % (key, _show(value)))
            setattr(self, key, value)
        if self.table_min > self.table_max:
            raise BadHouseRule("table_min %d is over table_max %d" % (self.table_min, self.table_max))
        self._odds = ODDS_POLICIES[self.odds]

    def odds_multiple(self, number):
        """How many times the flat bet the odds on `number` may be (or, laid, may win)."""
        return self._odds[POINTS.index(number)]

    def as_dict(self):
        return dict((key, getattr(self, key)) for key in _RULES)


def rule_names():
    return sorted(_RULES)


def rule_choices(key):
    """The allowed values of a house rule, or None where any positive integer goes."""
    return _RULES[key][1]


def _show(value):
    if type(value) is str:
        return "'" + value + "'"
    return str(value)
