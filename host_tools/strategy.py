"""Strategies: what one player keeps on the layout, said in the engine's own terms.

A strategy acts before every roll through a Player, which stands wagers with the engine's own
Table.stand() and takes them down with Table.remove(): a step the house rules do not allow is
refused with the engine's named Refusal (craps.errors), never by a check of this module. After
the roll it may remember something (a press, a regression) from the roll's settlements. Parts
add up with `+`: (pass line + odds + place 6 and 8) acts part by part, in that order.

A part's memory must be hashable and few-valued for the strategy to compile into a chain
(host_tools/chain.py); a part whose stakes follow the meter says `compiles = False` and is
played through the engine session by session instead.
"""
from craps.table import seven_out
from craps.wagers import WIN, odds_cap, laid

COME_OUT, POINT, ALWAYS = "come-out", "point", "always"


class Player:
    """Station 0's hands on a table: every step goes through the engine, and the lowest the
    meter fell while acting is kept (what a bankroll must cover before the roll)."""

    def __init__(self, table):
        self.table = table
        self.lowest = table.credits[0]

    def hold(self, kind, amount, number=0, on=None, working=None):
        """Keep exactly `amount` on a spot, named as Table.stand() names it: stand() brings it
        up, remove() takes the rest down."""
        w = self.table.stand(0, kind, amount, number, on, working)
        if w.amount > amount:
            self.table.remove(0, kind, number, w.amount - amount, on)
        self.lowest = min(self.lowest, self.table.credits[0])


class Strategy:
    """A part of a strategy. `start` is its memory before the first roll."""

    name = "strategy"
    start = None
    compiles = True

    def act(self, player, memo):
        """Stand what this part keeps up before the roll (player.hold)."""

    def after(self, memo, roll, point):
        """The memory after `roll` (a craps.table.Roll), the puck having been on `point`."""
        return memo

    def parts(self):
        return (self,)

    def __add__(self, other):
        return Together(self.parts() + other.parts())

    def __str__(self):
        return self.name


class Together(Strategy):
    """Parts acting in turn; the memory is one per part."""

    def __init__(self, parts):
        self._parts = tuple(parts)
        self.name = " + ".join(p.name for p in self._parts)
        self.start = tuple(p.start for p in self._parts)
        self.compiles = all(p.compiles for p in self._parts)

    def parts(self):
        return self._parts

    def act(self, player, memo):
        for part, own in zip(self._parts, memo):
            part.act(player, own)

    def after(self, memo, roll, point):
        return tuple(part.after(own, roll, point) for part, own in zip(self._parts, memo))


def _now(when, point):
    return when == ALWAYS or (when == POINT) == bool(point)


class Bet(Strategy):
    """One spot kept at `amount` when the puck says so (COME_OUT, POINT or ALWAYS); with
    `not_on_point`, not made while its number is the point (what stands there stays)."""

    def __init__(self, kind, amount, number=0, when=ALWAYS, working=None, not_on_point=False):
        self.kind, self.amount, self.number = kind, amount, number
        self.when, self.working, self.not_on_point = when, working, not_on_point
        self.name = "%s%s %d" % (kind, " %d" % number if number else "", amount)

    def act(self, player, memo):
        point = player.table.point
        if _now(self.when, point) and not (self.not_on_point and point == self.number):
            player.hold(self.kind, self.amount, self.number, working=self.working)


class Odds(Strategy):
    """Odds behind every `on` bet standing on a number (the line bet on the point, each come or
    don't come bet that travelled): `times` its stake, or None for the most the house allows."""

    def __init__(self, on, times=None):
        self.on, self.times = on, times
        self.name = "odds %s %s" % ("max" if times is None else "%dx" % times, on)

    def act(self, player, memo):
        table = player.table
        for w in [w for w in table.wagers if w.kind == self.on and w.number]:
            if self.times is None:
                amount = odds_cap(w.amount, w.number, laid(self.on), table.rules)
            else:
                amount = self.times * w.amount
            player.hold("odds", amount, w.number, self.on)


class ComeBets(Strategy):
    """A come (or don't come) bet each roll the puck is ON, until `up_to` stand."""

    def __init__(self, amount, up_to, kind="come"):
        self.amount, self.up_to, self.kind = amount, up_to, kind
        self.name = "%s %d up to %d" % (kind, amount, up_to)

    def act(self, player, memo):
        table = player.table
        if table.point and sum(w.kind == self.kind for w in table.wagers) < self.up_to:
            player.hold(self.kind, self.amount)


class Press(Strategy):
    """Place bets on `numbers` at `amount`, each pressed by `unit` after each of its wins, at
    most `times` times; back to `amount` after the seven-out. Memory: the presses per number."""

    def __init__(self, numbers, amount, unit, times, kind="place"):
        self.numbers, self.amount, self.unit, self.times = tuple(numbers), amount, unit, times
        self.kind = kind
        self.start = (0,) * len(self.numbers)
        self.name = "press %s %s %d by %d x%d" % (kind, "/".join(map(str, numbers)), amount,
                                                  unit, times)

    def act(self, player, memo):
        if player.table.point:
            for number, presses in zip(self.numbers, memo):
                player.hold(self.kind, self.amount + presses * self.unit, number)

    def after(self, memo, roll, point):
        if seven_out(point, roll.total):
            return self.start
        won = _wins(roll, self.kind)
        return tuple(min(self.times, presses + (number in won))
                     for number, presses in zip(self.numbers, memo))


class Regress(Strategy):
    """Place bets on `numbers` at `high` until the first of them wins, then at `low` until the
    seven-out. Memory: whether one has won this hand."""

    start = False

    def __init__(self, numbers, high, low, kind="place"):
        self.numbers, self.high, self.low, self.kind = tuple(numbers), high, low, kind
        self.name = "regress %s %s %d to %d" % (kind, "/".join(map(str, numbers)), high, low)

    def act(self, player, memo):
        if player.table.point:
            for number in self.numbers:
                player.hold(self.kind, self.low if memo else self.high, number)

    def after(self, memo, roll, point):
        if seven_out(point, roll.total):
            return False
        return memo or bool(_wins(roll, self.kind) & set(self.numbers))


class Share(Strategy):
    """A line bet on the come-out of 1/`every` of the meter (at least 1 credit): its stakes
    follow the bankroll, so it has no finite chain and plays through the engine."""

    compiles = False

    def __init__(self, kind, every):
        self.kind, self.every = kind, every
        self.name = "%s 1/%d of the meter" % (kind, every)

    def act(self, player, memo):
        if not player.table.point:
            player.hold(self.kind, max(1, player.table.credits[0] // self.every))


def _wins(roll, kind):
    # The numbers whose `kind` bets the roll paid (settlement fields: craps.table.SETTLEMENT).
    return set(s[2] for s in roll.settlements if s[1] == kind and s[4] == WIN)
