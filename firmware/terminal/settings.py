# The cabinet's settings: house rules for the engine, and the terminal's own timers and limits.
from craps.house import HouseRules
from terminal.meters import WRAP

DICE = ("rng", "shaker")  # the board file's dice drivers (drivers/hardware.py)


class Settings:
    """Defaults are what a cabinet ships with; a board file or the simulator overrides them."""

    def __init__(self, stations=1, rules=None, credits=0, chips=(1, 5, 25, 100),
                 no_roll_limit=3, call_ms=1000, settle_ms=2500, roll_timeout_ms=30000,
                 house_roll_ms=10000, history=20, recall=10, credit_in_max=10000,
                 credit_meter_max=1000000, attendant_credit_step=100, dice="rng"):
        if type(stations) is not int or not 1 <= stations <= 8:
            raise ValueError("a cabinet has 1 to 8 stations, not %s" % (stations,))
        # A station's meter has the accounting meters' ten digits.
        _whole("credits", credits, 0, WRAP - 1)
        for name, value in (("no_roll_limit", no_roll_limit), ("call_ms", call_ms),
                            ("settle_ms", settle_ms), ("roll_timeout_ms", roll_timeout_ms),
                            ("house_roll_ms", house_roll_ms), ("history", history)):
            _whole(name, value, 0)
        _whole("recall", recall, 1)  # at least the last roll
        for name, value in (("credit_in_max", credit_in_max),
                            ("credit_meter_max", credit_meter_max),
                            ("attendant_credit_step", attendant_credit_step)):
            _whole(name, value, 1, WRAP - 1)
        if attendant_credit_step > credit_in_max:
            raise ValueError("attendant_credit_step %d is over credit_in_max %d"
                             % (attendant_credit_step, credit_in_max))
        if dice not in DICE:
            raise ValueError("dice are one of %s, not %s" % (", ".join(DICE), dice))
        if type(chips) not in (list, tuple) or not chips or \
                any(type(c) is not int or c <= 0 for c in chips):
            raise ValueError("chips are whole numbers of credits above 0, not %s" % (chips,))
        self.stations = stations
        self.rules = HouseRules(rules)
        self.credits = credits  # each station's meter at power-up
        self.chips = tuple(chips)
        self.no_roll_limit = no_roll_limit  # no-rolls in a row that tilt the cabinet
        self.call_ms = call_ms  # "no more bets" shown before the dice are asked for
        self.settle_ms = settle_ms  # a result shown before betting opens again
        self.roll_timeout_ms = roll_timeout_ms  # the roll follows "no more bets" promptly
        self.house_roll_ms = house_roll_ms  # betting time before the house rolls
        self.history = history  # rolls on the cabinet's sign
        self.recall = recall  # rolls a station can look back on, each kept in flash
        # Credits in (acceptor, attendant, event) beyond either bound are refused and logged.
        self.credit_in_max = credit_in_max  # the largest single credit in
        # The most a station's meter holds: a credit in past it is refused, a win past it paid
        # as a handpay (the meters' ten digits never wrap in one move).
        self.credit_meter_max = credit_meter_max
        self.attendant_credit_step = attendant_credit_step  # what one attendant credit adds
        # Where the dice come from: the attendant may choose the faces of a shaker's disputed
        # roll, never the RNG's (terminal/attendant.py).
        self.dice = dice


def from_board(board):
    """The settings a board file (boards/*.json) gives: its own `settings` over the defaults."""
    driver = board.get("dice", {}).get("driver", "rng")
    return Settings(stations=board.get("stations", 1), rules=board.get("rules"),
                    credits=board.get("credits", 0), dice="shaker" if driver == "shaker" else "rng",
                    **board.get("settings", {}))


def _whole(name, value, low, high=None):
    if type(value) is not int or value < low or high is not None and value > high:
        raise ValueError("%s is a whole number from %d %s, not %s" % (
            name, low, "up" if high is None else "to %d" % high, value))
