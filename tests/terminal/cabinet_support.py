# Helpers for the cabinet's tests, which run under pytest on CPython and under tests/mp/runner.py
# on MicroPython: plain functions and asserts, no pytest features, no reliance on dict order.
#
# A Driver plays the cabinet as its drivers would: it sends events at a fake time it moves on
# itself, keeps what each output last showed (the displays, the sign, the puck), answers the
# cabinet's (ROLL_DICE,) with scripted dice, saves what the cabinet persists in a critical
# memory over the storage twin, and after every event checks that no meter is negative, that no
# credit was made or lost, that the cabinet's own meters balance, and that nothing a player can
# see or hear comes before the PERSIST it depends on (an event's last one).
#
# A Driver starts as a board does, from empty memory: a new cabinet, which the attendant sets
# up (set_up(): the key on and off) before it deals.
from craps.table import net
from terminal import buttons, puck, screens
from terminal.cabinet import BETTING, CLOSED, ROLLING, SETTLING
from terminal.events import (PRESS, RELEASE, TICK, DICE, NO_ROLL, CREDITS_IN, KEY, PUCK,
                             DISPLAY, STATUS, ROLL_DICE, SIGNAL, PERSIST, VERIFY, RAM_ERROR)
from terminal.memory import CriticalMemory, keep
from terminal.settings import Settings
from terminal.startup import start
from drivers.storage import MemoryStorage
from support import wagers

VISIBLE = (DISPLAY, PUCK, STATUS, SIGNAL)  # what a player sees or hears


class Driver:
    """A cabinet with fake time and scripted dice. Settings' keywords pass through."""

    def __init__(self, stations=1, credits=1000, help_pages=(), **settings):
        self.settings = Settings(stations=stations, credits=credits, **settings)
        self.help_pages = help_pages
        self.memory = CriticalMemory(MemoryStorage())
        self.now = 0
        self.display = [None] * stations  # what each station's display shows now
        self.status = None  # the cabinet's sign
        self.frame = None  # the puck
        self.frames = []  # every puck frame shown, oldest first
        self.signals = []  # (station, name), oldest first
        self.asked = 0  # (ROLL_DICE,) effects seen
        self.rolls = []  # each roll's settlements, as settled() tuples
        self.shooters = []  # each roll's shooter as the engine saw it (None: the house)
        self.money_in = [credits] * stations  # every credit that came into each station
        self.paid = [0] * stations  # handpays the attendant paid
        self.won = [0] * stations  # each station's net over every settlement
        self.reboot()  # a new cabinet
        self.set_up()
        self.event((TICK,))

    def set_up(self):
        """The attendant sets up a new cabinet: the key on and off. The audit log's entries
        from here on are the test's (self.logged: how many came before)."""
        assert self.cab.unset and self.cab.tilt == "NEW CABINET: ATTENDANT SETUP"
        self.key(True)
        self.key(False)
        assert not self.cab.unset and self.cab.phase == BETTING
        self.logged = len(self.cab.audit.entries)

    def entries(self):
        """The audit log's entries since the set-up."""
        return self.cab.audit.entries[self.logged:]

    def reboot(self, service=False):
        """A power cycle: a new cabinet from what the critical memory holds (service: the board
        powered up in service mode)."""
        self.cab, out = start(self.settings, self.memory, self.help_pages, self.now, service)
        self.table = self.cab.table
        self._watch_the_rolls()
        return self._carry_out(out)

    def _watch_the_rolls(self):
        # The cabinet keeps no Roll: wrap the table's roll() to see every settlement.
        roll = self.table.roll

        def watched(d1, d2):
            r = roll(d1, d2)
            self.rolls.append([settled(s) for s in r.settlements])
            self.shooters.append(r.shooter)
            for s in r.settlements:
                self.won[s[0]] += net(s)
            return r
        self.table.roll = watched

    # -- events

    def event(self, event, check=True):
        owed = [p.handpay for p in self.cab.panels]
        credited = self.cab.meters.counts["attendant_in"]
        out = self.cab.handle(event, self.now)
        for s, p in enumerate(self.cab.panels):
            self.paid[s] += max(0, owed[s] - p.handpay)  # the attendant paid it
        if event[0] == PRESS:  # the attendant's credit, if it was one, went to this station
            self.money_in[event[1]] += self.cab.meters.counts["attendant_in"] - credited
        return self._carry_out(out, check)

    def _carry_out(self, out, check=True):
        self._check_order(out)
        lost = keep(self.memory, out)
        if lost:  # a record not as saved, or not saved: the RAM error, and nothing of the event
            return out + self.event((RAM_ERROR, lost[0]), check)
        for effect in out:
            self._see(effect)
        if check:
            self.check()
        return out

    def _check_order(self, out):
        """Nothing seen or heard before the event's last PERSIST: a cut there shows what was
        never saved."""
        saved = [i for i, e in enumerate(out) if e[0] == PERSIST]
        early = [e for e in out[:saved[-1]] if e[0] in VISIBLE] if saved else []
        assert not early, "shown before it was saved: %s" % (early,)

    def _see(self, effect):
        what = effect[0]
        if what == DISPLAY:
            self.display[effect[1]] = effect[2]
        elif what == STATUS:
            self.status = effect[1]
        elif what == PUCK:
            self.frame = effect[1]
            self.frames.append(effect[1])
        elif what == SIGNAL:
            self.signals.append((effect[1], effect[2]))
        elif what == ROLL_DICE:
            self.asked += 1
        elif what not in (PERSIST, VERIFY):  # (kept before the rest)
            raise AssertionError("an effect of no known kind: %s" % (effect,))

    def press(self, s, *names):
        """Press and release each button in turn; returns every effect."""
        out = []
        for name in names:
            out += self.event((PRESS, s, name))
            out += self.event((RELEASE, s, name))
        return out

    def down(self, s, name):
        return self.event((PRESS, s, name))

    def up(self, s, name):
        return self.event((RELEASE, s, name))

    def tick(self, ms=0):
        self.now += ms
        return self.event((TICK,))

    def to(self, now):
        assert now >= self.now, "time runs forward"
        self.now = now
        return self.event((TICK,))

    def credits_in(self, s, credits):
        """The acceptor's credits in (a refused credit in moves no meter)."""
        before = self.cab.meters.counts["acceptor_in"]
        out = self.event((CREDITS_IN, s, credits), False)
        self.money_in[s] += self.cab.meters.counts["acceptor_in"] - before
        self.check()
        return out

    def key(self, on):
        return self.event((KEY, on))

    def press_all(self, s, names=buttons.ALL):
        """Every button down at once, none released."""
        out = []
        for name in names:
            out += self.event((PRESS, s, name))
        return out

    def release_all(self, s, names=buttons.ALL):
        for name in names:
            self.event((RELEASE, s, name))

    # -- a round

    def call(self, by):
        """The shooter at station `by` presses Roll: "no more bets"."""
        self.press(by, buttons.ROLL)
        assert self.cab.phase == CLOSED, "Roll at S%d did not call no more bets: %s" % (
            by + 1, self.message(by))
        assert self.status[0] == "NO MORE BETS"

    def ask(self):
        """Let call_ms pass: the cabinet must ask the dice source for a roll."""
        assert self.cab.phase == CLOSED
        asked = self.asked
        self.tick(self.settings.call_ms)
        assert self.asked == asked + 1, "no ROLL_DICE after the call"
        assert self.cab.phase == ROLLING

    def dice(self, d1, d2):
        """The dice source answers; the result shows until settle_ms has passed."""
        before = len(self.rolls)
        self.event((DICE, d1, d2))
        assert len(self.rolls) == before + 1, "the dice were not settled"
        assert self.cab.phase == SETTLING
        self.check_recall()
        return self.rolls[-1]

    def check_recall(self):
        """The newest recall entry: these dice, and each station's results as settled."""
        dice, point, results = self.cab.recall[0]
        assert dice == self.cab.history[0]
        for s in range(len(results)):
            assert screens.nets_of(results[s]) == self.net(s)  # label, net, label, net...
            assert len(results[s]) == 2 * len([x for x in self.rolls[-1] if x[0] == s])

    def settle(self):
        self.tick(self.settings.settle_ms)
        assert self.cab.phase == BETTING

    def roll(self, d1, d2, by=None):
        """A whole roll: the shooter (by default the cabinet's) presses Roll, the dice are asked
        for, thrown and paid, and betting opens again. Returns the roll's settlements."""
        self.call(self.cab.shooter() if by is None else by)
        return self.throw(d1, d2)

    def throw(self, d1, d2):
        """The rest of a roll once "no more bets" is called (by a shooter or the house)."""
        self.ask()
        settlements = self.dice(d1, d2)
        self.settle()
        return settlements

    def no_roll(self, reason="DIE OFF THE TABLE"):
        self.ask()
        before = len(self.rolls)
        self.event((NO_ROLL, reason))
        assert len(self.rolls) == before, "a no roll settled something"

    def chip(self, s, value):
        """Press Chip until the chip is `value` credits."""
        for _ in self.settings.chips:
            if self.cab.panels[s].chip_value() == value:
                return
            self.press(s, buttons.CHIP)
        raise AssertionError("no chip of %d" % value)

    def bet(self, s, *selects, chips=1):
        """Select (each button in turn), then press Bet `chips` times."""
        self.press(s, *selects)
        for _ in range(chips):
            self.press(s, buttons.BET)

    # -- what a player sees

    def message(self, s):
        return self.display[s][4]

    def credits(self, s):
        """The credit meter as the display shows it (checked against the table)."""
        top = self.display[s][0].split()
        assert top[0] == "S%d" % (s + 1) and top[1] == "CR"
        assert int(top[2]) == self.table.credits[s]
        return int(top[2])

    def spot_line(self, s):
        return self.display[s][1]

    def refused(self, s, *names):
        """Each button is refused with a beep and changes no money. Returns the message."""
        for name in names:
            before = money(self.table)
            signals = len(self.signals)
            self.press(s, name)
            assert (s, "refused") in self.signals[signals:], "S%d %s was not refused" % (
                s + 1, name)
            assert money(self.table) == before, "a refused %s moved money" % name
        return self.message(s)

    def net(self, s, settlements=None):
        """Station s's net on a roll's settlements (the last roll by default)."""
        settlements = self.rolls[-1] if settlements is None else settlements
        return sum(x[5] for x in settlements if x[0] == s)

    # -- the books

    def house(self):
        """The house's net: what the players' settlements lost, less what they won."""
        return -sum(self.won)

    def check(self):
        """No meter below 0; at each station, meter + stakes on the layout + handpay owed +
        handpays paid = credits in + the net of its settlements: no credit made or lost."""
        t = self.table
        # Only changes become effects: what was drawn last must be what the cabinet shows now.
        assert self.status == screens.status(self.cab, self.now)
        assert self.cab.meters.balance(t) is None, self.cab.meters.balance(t)
        for s in range(t.stations()):
            assert self.display[s] == screens.station(self.cab, s)
            assert type(t.credits[s]) is int and t.credits[s] >= 0, \
                "S%d meter is %s" % (s + 1, t.credits[s])
            held = t.credits[s] + t.on_table(s) + self.cab.panels[s].handpay + self.paid[s]
            assert held == self.money_in[s] + self.won[s], \
                "S%d: meter %d, layout %d, handpay %d, paid %d; in %d, settlements net %d" % (
                    s + 1, t.credits[s], t.on_table(s), self.cab.panels[s].handpay,
                    self.paid[s], self.money_in[s], self.won[s])


def settled(s):
    """A settlement as (player, kind, number, on, outcome, net, win, lost, returned, stays)."""
    player, kind, number, on, outcome, win, _, lost, returned, stays = s
    return (player, kind, number, on, outcome, net(s), win, lost, returned, stays)


def find(settlements, player, kind, number=None):
    """The one settlement of `kind` (on `number` if given) for `player`."""
    found = [x for x in settlements if x[0] == player and x[1] == kind and
             number in (None, x[2])]
    assert len(found) == 1, "%d settlements of %s for S%d" % (len(found), kind, player + 1)
    return found[0]


def money(t):
    """Every station's meter and stakes on the layout."""
    return (list(t.credits), sorted(wagers(t)))


def snapshot(cab):
    """Everything in the cabinet a bad event must leave as it was."""
    panels = [(p.chip, p.mode, p.spot, sorted(p.cycle.items()), p.view, p.page, list(p.held),
               p.handpay, p.message, list(p.last_round), p.hold) for p in cab.panels]
    t = cab.table
    return (money(t), t.point, t.holder, t.betting_open, t.hand_rolls, cab.phase, cab.deadline,
            cab.offer, cab.no_rolls, cab.attendant, cab.tilt, cab.news, cab.pattern,
            list(cab.history), list(cab.recall), panels)


def lit(frame):
    """The lamps of a puck frame that are not dark, as {index: colour}."""
    return dict((i, c) for i, c in enumerate(frame) if c != puck.DARK)


