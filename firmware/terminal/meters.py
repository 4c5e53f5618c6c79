# The accounting meters: what came in and went out, what was wagered and won, and the events an
# inspector counts. Each wraps at ten digits, as electronic meters do; balance() is the
# self-audit run around every roll and credit in. It compares what each meter moved since the
# last audit with what the credits held moved: a value compared modulo 10^10 would miss a meter
# or a station off by exactly 10^10 (the board's bounds keep every move far below that).
from craps.table import RECORD, record_kind, taken

WRAP = 10 ** 10
COUNTS = ("credits_in", "credits_out", "wagered", "won", "lost", "games", "no_rolls",
          "power_ups", "tilts", "attendant", "door_openings", "dice_changes", "acceptor_in",
          "attendant_in")
# credits_in    credits put on the stations' meters: acceptor_in (the coin and bill acceptors,
#               and the CREDITS_IN event) plus attendant_in (added by the attendant), plus the
#               credits a test board starts its stations with
# credits_out   credits cashed out (handpays)
# wagered       stakes decided by a roll (a place bet that stays up counts at each decision)
# won           wins paid, net of commission; lost: stakes and commissions the house took
# games         rolls settled (a game here is a roll)
ACCEPTOR = "acceptor"  # where credits in come from: each source has its meter, SOURCE_in
ATTENDANT = "attendant"
BOOKS = ("credits_in", "credits_out", "won", "lost")  # what the self-audit balances


class Meters:
    def __init__(self, data=None):
        """data: what dump() returned, to carry on from; None: all at zero."""
        self.counts = dict((name, 0) for name in COUNTS)
        self.kinds = {}  # wager type: [wagered, won]
        self.audited = [0] * (len(BOOKS) + 1)  # the BOOKS and the credits held at the last
        if data:  # audit that held
            self.counts.update(data["counts"])
            self.kinds = dict((kind, list(sums)) for kind, sums in data["kinds"].items())
            self.audited = list(data["audited"])

    def add(self, name, n=1):
        self.counts[name] = _wrapped(self.counts[name] + n)

    def settle(self, records):
        """Meter one roll's settlements: its records (craps.table.Roll.records)."""
        self.add("games")
        for mine in records:
            i = 0
            while i < len(mine):  # (a range with a step of a name is an object on the heap)
                key = mine[i]
                win = mine[i + 1]
                lost = mine[i + 3]
                stake = lost + mine[i + 4] + mine[i + 5]
                self.add("wagered", stake)
                self.add("won", win)
                self.add("lost", taken(key & 7, lost, mine[i + 2]))
                kind = record_kind(key)
                both = self.kinds.get(kind)
                if both is None:
                    both = self.kinds[kind] = [0, 0]
                both[0] = _wrapped(both[0] + stake)
                both[1] = _wrapped(both[1] + win)
                i += RECORD

    def balance(self, table):
        """The self-audit: since the last audit, the credits held (on the stations' meters and
        on the layout) moved by credits in, less credits out, plus wins, less losses.
        None when it holds, else what is wrong."""
        books = [self.counts[name] for name in BOOKS]
        base = self.audited
        moved = [(now - then) % WRAP for now, then in zip(books, base)]
        expected = base[-1] + moved[0] - moved[1] + moved[2] - moved[3]
        held = _held(table)
        if held != expected:
            return "METERS DO NOT BALANCE: %d HELD, %d ON THE METERS" % (held, expected)
        return None

    def mark(self, table):
        """The meters and credits held now are where the next audit starts from."""
        self.audited = [self.counts[name] for name in BOOKS] + [_held(table)]

    def dump(self):
        """The meters as plain data: copies, so that a state saved is not changed by play."""
        return {"counts": dict(self.counts), "audited": list(self.audited),
                "kinds": dict((kind, list(sums)) for kind, sums in self.kinds.items())}


def _wrapped(n):
    """n on a ten-digit meter. On the chip 10^10 is a long integer, and n modulo it is a new
    one, garbage: a meter is taken so only once it is past the wrap."""
    return n if 0 <= n < WRAP else n % WRAP


def _held(table):
    return sum(table.credits) + sum(table.on_table(s) for s in range(table.stations()))
