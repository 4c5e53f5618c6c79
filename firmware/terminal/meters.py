# The accounting meters: what came in and went out, what was wagered and won, and the events an
# inspector counts. Each wraps at ten digits, as electronic meters do; balance() is the
# self-audit run around every roll.
from craps.table import taken

WRAP = 10 ** 10
COUNTS = ("credits_in", "credits_out", "wagered", "won", "lost", "games", "no_rolls",
          "power_ups", "tilts", "attendant", "door_openings", "dice_changes")
# credits_in    credits put on the stations' meters
# credits_out   credits cashed out (handpays)
# wagered       stakes decided by a roll (a place bet that stays up counts at each decision)
# won           wins paid, net of commission; lost: stakes and commissions the house took
# games         rolls settled (a game here is a roll)


class Meters:
    def __init__(self, data=None):
        """data: what dump() returned, to carry on from; None: all at zero."""
        self.counts = dict((name, 0) for name in COUNTS)
        self.kinds = {}  # wager type: [wagered, won]
        if data:
            self.counts.update(data["counts"])
            self.kinds = data["kinds"]

    def add(self, name, n=1):
        self.counts[name] = (self.counts[name] + n) % WRAP

    def settle(self, settlements):
        """Meter one roll's settlements: (player, type, number, on, outcome, win, commission,
        lost, returned, stays) each."""
        self.add("games")
        for _, kind, _, _, outcome, win, commission, lost, returned, stays in settlements:
            stake = lost + returned + stays
            self.add("wagered", stake)
            self.add("won", win)
            self.add("lost", taken(outcome, lost, commission))
            both = self.kinds.setdefault(kind, [0, 0])
            both[0] = (both[0] + stake) % WRAP
            both[1] = (both[1] + win) % WRAP

    def balance(self, table):
        """The self-audit: every credit in the cabinet (on the stations' meters and on the
        layout) is accounted for by credits in, less credits out, plus wins, less losses.
        None when it holds, else what is wrong."""
        c = self.counts
        held = sum(table.credits) + sum(table.on_table(s) for s in range(table.stations()))
        expected = (c["credits_in"] - c["credits_out"] + c["won"] - c["lost"]) % WRAP
        if held % WRAP != expected:
            return "METERS DO NOT BALANCE: %d HELD, %d ON THE METERS" % (held, expected)
        return None

    def dump(self):
        return {"counts": self.counts, "kinds": self.kinds}
