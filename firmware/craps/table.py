# The table: the puck, each station's credit meter and wagers, the dice's holder, and settlement.
# Every method that takes a step checks it whole before it changes anything: a refusal
# (craps.errors) leaves the table exactly as it was.
from craps import checks, errors
from craps.compat import const
from craps.house import HouseRules, POINTS
from craps.wagers import (
    NONE, WIN, LOSE, PUSH, MOVE, Wager, LINE, COME, SIDE, KINDS, NUMBERS, FIXED_NUMBER, UNITS,
    STAY_UP, ODDS_ON, KIND_ID, ON_ID, RATIOS, layout_id, roll_code, roll_table, decide_part,
    part_pays, parts, mark, commission, commission_rate, odds_cap, laid)

MAX_STATIONS = 8
# For bet()'s quick path: the number the table keeps for the kinds made on none...
_PLAIN = dict((kind, FIXED_NUMBER.get(kind, 0)) for kind in KINDS
              if kind not in NUMBERS and kind != "hop")
# ...the kinds with a moment of their own (_check_timing), and those whose limits are more than
# the table's minimum and maximum (checks.limits).
_TIMED = dict.fromkeys(LINE + COME + ("put",) + SIDE)
_LIMITED = dict.fromkeys(tuple(UNITS) + ("buy", "lay"))
# A spot's parts (see spot()), for find(), bet() and odds() to add up.
_KIND_SPOT = dict((kind, i * 800 * MAX_STATIONS) for kind, i in KIND_ID.items())
_ON_SPOT = dict((on, i * MAX_STATIONS) for on, i in ON_ID.items())
_NUMBER_SPOT = const(64)  # 8 * MAX_STATIONS
_ODDS_SPOT = _KIND_SPOT["odds"]
_PASS_SPOT = _KIND_SPOT["pass"]
_DONT_PASS_SPOT = _KIND_SPOT["dont_pass"]
_SPECIAL = dict.fromkeys(SIDE + tuple(UNITS))  # settled by their state or their parts: no codes
_COMMISSIONED = dict.fromkeys(kind for kind in KINDS if commission_rate(kind, 4))
_STAYS = dict.fromkeys(STAY_UP)


def next_point(point, total):
    """Where the puck goes after a roll: ON over a new point, OFF when the point or 7 shows."""
    if not point:
        return total if total in POINTS else 0
    return 0 if total == 7 or total == point else point


def spot(w):
    """Where a wager sits, as one small int: its kind, number and the bet its odds back
    (wagers.layout_id), and its station. The key of the table's index (Table.find)."""
    return layout_id(w.kind, w.number, w.on) * MAX_STATIONS + w.player


def taken(outcome, lost, commission):
    """What the house took in a settlement: the stake lost, and an up-front commission with it
    when the wager lost (one taken on a win is out of the win already)."""
    return lost + (commission if outcome == LOSE else 0)


def seven_out(point, total):
    """A 7 with the puck ON: the shooter's hand ends."""
    return bool(point) and total == 7


class Settlement:
    """What one roll did to one wager, in credits (see docs/scenario.md)."""

    def __init__(self, w, outcome, win=0, commission=0, lost=0, returned=0, stays=0):
        self.reset(w, outcome, win, commission, lost, returned, stays)

    def reset(self, w, outcome, win=0, commission=0, lost=0, returned=0, stays=0):
        self.player = w.player
        self.kind = w.kind
        self.number = w.number
        self.on = w.on
        self.outcome = outcome
        self.win = win  # won, net of commission
        self.commission = commission
        self.lost = lost  # stake taken by the house
        self.returned = returned  # stake back on the credit meter
        self.stays = stays  # stake left on the layout

    def net(self):
        """What the settlement did to the player's money: the win, less the stake and any
        up-front commission lost."""
        # a horn, world or C & E may win some parts and lose others
        return self.win - taken(self.outcome, self.lost, self.commission)


class Roll:
    """One roll: the dice, the puck after it, who threw it (None: the house), what it decided.
    The settlements are the table's own records, reused by the next roll (no allocation per
    wager on the chip): read or copy them before rolling again."""

    def __init__(self, dice, point, shooter, settlements, moves):
        self.dice = dice
        self.total = dice[0] + dice[1]
        self.point = point
        self.shooter = shooter
        self.settlements = settlements
        self.moves = moves  # (player, kind, number, amount) of come bets that travelled


class Table:
    """A craps table with 1 to 8 stations. credits: each station's starting meter."""

    def __init__(self, credits, rules=None):
        if not 1 <= len(credits) <= MAX_STATIONS:
            raise ValueError("a table has 1 to %d stations" % MAX_STATIONS)
        self.rules = rules or HouseRules()
        self.credits = list(credits)
        self.wagers = []  # in the order they were made
        self.point = 0  # 0: puck OFF
        self.holder = 0  # the station the dice are with
        self.betting_open = True
        self.hand_rolls = 0  # rolls in this shooter's hand: side bets are made at 0
        self._settlements = []  # this roll's settlements, drawn from _pool
        self._pool = []
        # Where each wager sits -> the wager: its spot is layout_id() * MAX_STATIONS + station,
        # one small int. Kept in step with `wagers` by _place, roll and _take_off (see _reindex).
        self._index = {}
        self._codes = {}  # roll_table()s at hand (see _place)

    # -- looking at the table

    def stations(self):
        return len(self.credits)

    def on_table(self, player):
        # An up-front commission stays the player's, on the layout, until its wager loses.
        return sum(w.amount + w.vig for w in self.wagers if w.player == player)

    def find(self, player, kind, number=0, on=None):
        try:
            # spot(), from the parts of the wager it names
            w = self._index.get(_KIND_SPOT[kind] + number * _NUMBER_SPOT + _ON_SPOT[on] + player)
        except (KeyError, TypeError):
            return None  # no wager is of that kind, backs that bet, or is named so
        # A number or station out of range could name another spot; once these two agree, the
        # kind and the bet backed must too.
        if w is not None and w.number == number and w.player == player:
            return w
        return None

    def next_shooter(self):
        """The first station clockwise from the holder with a line bet, or None: the house rolls."""
        holder = self.holder
        # Most rolls: the holder's own line bet, which sits on the point (line bets follow it).
        at = self.point * _NUMBER_SPOT + holder
        if self._index.get(_PASS_SPOT + at) or self._index.get(_DONT_PASS_SPOT + at):
            return holder
        n = len(self.credits)
        for i in range(n):
            station = (holder + i) % n
            for w in self.wagers:
                if w.player == station and w.kind in LINE:
                    return station
        return None

    # -- steps between rolls

    def close_betting(self):
        """No more bets: betting opens again when the roll is settled."""
        self.betting_open = False

    def bet(self, player, kind, amount, number=0, working=None):
        """Make a wager, or add to the same one. Returns the wager on the layout."""
        # Each check is asked in full only where a quick test cannot pass it: the refusals, and
        # their order, are the checks' own.
        if type(player) is not int or not 0 <= player < len(self.credits) \
                or not self.betting_open:
            self._check_open(player)
        try:
            fixed = _PLAIN.get(kind)
        except TypeError:
            fixed = None  # not a kind at all: wager_number says so
        if fixed is None or number:
            number = checks.wager_number(kind, number)
        else:
            number = fixed
        if type(amount) is not int or amount <= 0:
            checks.amount(amount)
        if kind in _TIMED:
            self._check_timing(kind)
        if working is not None:
            checks.toggle(kind, None)
        where = _KIND_SPOT[kind] + number * _NUMBER_SPOT + player  # spot(); on: None
        w = self._index.get(where)
        rules = self.rules
        if w is None:
            total = amount
            vig = 0
        else:
            if w.state:
                raise errors.HandStarted("your %s bet already counts: it cannot be added to"
                                         % kind)
            total = amount + w.amount
            vig = -w.vig
        if kind in _LIMITED or not rules.table_min <= total <= rules.table_max:
            checks.limits(rules, kind, number, total)
        if rules.commission == "up_front":
            vig += self._vig_due(kind, number, total)
        if amount + vig > self.credits[player]:
            self._check_credits(player, amount + vig)
        if w is None:
            w = Wager(player, kind, number, amount)
            w.vig = vig
            self.credits[player] -= amount + vig
            self.wagers.append(w)
            self._place(w, where)
        else:
            self._stake(w, amount, vig)
        if working is not None:
            w.call(working)
            self._ready(w)
        return w

    def odds(self, player, on, amount, number=0, working=None):
        """Take or lay odds behind a flat bet on its point (come bets: named by their number)."""
        if type(player) is not int or not 0 <= player < len(self.credits) \
                or not self.betting_open:
            self._check_open(player)
        if type(amount) is not int or amount <= 0:
            checks.amount(amount)
        flat = self._flat_for_odds(player, on, number)
        if working is not None:
            checks.toggle("odds", on)
        number = flat.number
        where = _ODDS_SPOT + number * _NUMBER_SPOT + _ON_SPOT[on] + player  # spot()
        w = self._index.get(where)
        total = amount + (w.amount if w else 0)
        cap = odds_cap(flat.amount, number, laid(on), self.rules)
        if total > cap:
            raise errors.OddsOverCap("odds on %d may be at most %d credits here" % (number, cap))
        if amount > self.credits[player]:
            self._check_credits(player, amount)
        if w is None:
            w = Wager(player, "odds", number, amount, on)
            self.credits[player] -= amount
            self.wagers.append(w)
            self._place(w, where)
        else:
            self._stake(w, amount, 0)
        if working is not None:
            w.call(working)
            self._ready(w)
        return w

    def remove(self, player, kind, number=0, amount=None, on=None):
        """Take a wager down, or reduce it by `amount`, where the rules allow. Returns credits back."""
        self._check_open(player)
        w = self._wager_to_remove(player, kind, number, on)
        take = w.amount if amount is None else amount
        checks.amount(take)
        if take > w.amount:
            raise errors.BadAmount("only %d credits are on that wager" % w.amount)
        left = w.amount - take
        backed = self.find(player, "odds", w.number, w.kind) if w.kind in ODDS_ON else None
        if left:
            checks.limits(self.rules, w.kind, w.number, left, w.kind == "odds")
            if backed and backed.amount > odds_cap(left, w.number, backed.laid(), self.rules):
                raise errors.OddsOverCap("take the odds down first: they would be over the cap")
        vig_back = w.vig - self._vig_due(w.kind, w.number, left)
        back = take + vig_back
        if backed and not left:
            back += backed.amount
            self._take_off(backed)
        w.amount = left
        w.vig -= vig_back
        if not left:
            self._take_off(w)
        self.credits[player] += back
        return back

    def set_working(self, player, kind, working, number=0, on=None):
        """Call a wager working (True) or off (False) for the come-out roll."""
        self._check_open(player)
        if kind != "odds" and kind not in KINDS:
            raise errors.UnknownWager("there is no wager called %s" % (kind,))
        checks.toggle(kind, on)
        w = self.find(player, kind, FIXED_NUMBER.get(kind, number), on)
        if w is None:
            raise errors.NoSuchWager("there is no such wager to call on or off")
        w.call(bool(working))
        self._ready(w)

    def pass_dice(self, player):
        """The shooter gives up the dice: they go to the next station clockwise. The holder may,
        and so may the station they would go to when the holder has no line bet."""
        self._check_open(player)
        if player != self.holder and player != self.next_shooter():
            raise errors.NotShooter("only the shooter can pass the dice")
        self.holder = (player + 1) % len(self.credits)
        self.hand_rolls = 0  # a new shooter's hand: side bets open again

    # -- the roll

    def roll(self, d1, d2):
        """Settle a valid roll. Returns a Roll; betting opens again."""
        if type(d1) is not int or not 1 <= d1 <= 6 or type(d2) is not int or not 1 <= d2 <= 6:
            checks.die(d1)  # the refusal, for whichever die it is
            checks.die(d2)
        shooter = self.next_shooter()
        if shooter is not None:
            self.holder = shooter
        point = self.point
        total = d1 + d2
        rules = self.rules
        credits = self.credits
        index = self._index
        settlements = self._settlements
        del settlements[:]
        travelled = []
        wagers = self.wagers
        kept = 0
        at = (d1 - 1) * 6 + d2 - 1 + (36 if point else 0)  # the roll's place in roll_table()
        for w in wagers:
            codes = w.codes
            if codes is not None:
                code = codes[at]
            elif w.kind in UNITS:
                self._settle_compound(w, total)
                if index.get(w._spot) is w:
                    del index[w._spot]
                continue
            elif w.kind in SIDE:
                w.state = mark(w, point, total)
                code = roll_code(w, point, d1, d2, rules)
            else:  # a wager set on the table without _ready()
                self._ready(w)
                code = w.codes[at]
            if code == NONE:
                pass  # most wagers, most rolls
            elif code == MOVE:
                if w.kind in COME:
                    travelled.append(w)
                else:
                    self._move(w, total)  # a line bet follows the puck
            else:
                amount = w.amount
                outcome = code & 7
                win = fee = lost = returned = stays = 0
                if outcome == WIN:
                    ratio = RATIOS[code >> 3]
                    if w.kind in _COMMISSIONED:
                        fee = commission(w.kind, w.number, amount)
                    win = amount * ratio[0] // ratio[1] - fee
                    if w.kind in _STAYS:
                        stays = amount
                    else:
                        returned = amount
                elif outcome == LOSE:
                    lost = amount
                    fee = w.vig  # an up-front commission is the house's once the wager loses
                else:
                    returned = amount
                credits[w.player] += win + returned
                self._settlement(w, outcome, win, fee, lost, returned, stays)
                if not stays:  # the wager leaves the layout
                    if index.get(w._spot) is w:
                        del index[w._spot]
                    continue
            wagers[kept] = w
            kept += 1
        del wagers[kept:]
        moves = []
        for w in travelled:
            # A come bet already on this number was just decided: the one travelling takes its place.
            self._move(w, total)
            moves.append((w.player, w.kind, total, w.amount))
        self.point = next_point(point, total)
        if seven_out(point, total):
            self.hand_rolls = 0
            if shooter is not None:
                self.holder = (shooter + 1) % len(self.credits)
        else:
            self.hand_rolls += 1
        self.betting_open = True
        return Roll((d1, d2), self.point, shooter, settlements, moves)

    def _settle_compound(self, w, total):
        # Paid as separate wagers on its parts, each rounded on its own (docs/rules.md).
        unit = w.amount // UNITS[w.kind]
        s = self._settlement(w, NONE)
        for part, units in parts(w.kind, w.number):
            stake = unit * units
            if decide_part(part, total) == WIN:
                ratio = part_pays(part, self.rules)
                s.win += stake * ratio[0] // ratio[1]
                s.returned += stake
            else:
                s.lost += stake
        s.outcome = WIN if s.win > s.lost else LOSE if s.win < s.lost else PUSH
        self.credits[w.player] += s.win + s.returned

    def _ready(self, w):
        # What the 36 rolls do to the wager, looked up when it is made or changed, not in roll();
        # and its spot in the index find() reads.
        if self._index.get(w._spot) is w:  # where it was, if it was placed before
            del self._index[w._spot]
        self._place(w, spot(w))

    def _place(self, w, where):
        # A wager new or changed, at spot `where`: its codes and its index entry.
        if w.kind not in _SPECIAL:
            # roll_table(), kept at hand by its own key: the spot less the station (its low three
            # bits are 0), plus the call (0 house default, 1 off, 2 on). The table's house rules
            # are the same for all its wagers.
            key = where - w.player + (0 if w.working is None else 2 if w.working else 1)
            codes = self._codes.get(key)
            if codes is None:
                codes = self._codes[key] = roll_table(w, self.rules)
            w.codes = codes
        w._spot = where
        self._index[where] = w

    def _move(self, w, number):
        # The wager travels to `number`: its codes and its spot go with it.
        where = w._spot
        if self._index.get(where) is w:
            del self._index[where]
        where += (number - w.number) * _NUMBER_SPOT
        w.move(number)
        self._place(w, where)

    def _reindex(self):
        """Build every wager's look-ups again (roll_table() and the index find() reads) from
        `wagers` alone: call it after setting `wagers` or `rules` directly, as a restored table
        does."""
        self._index = {}
        self._codes = {}
        for w in reversed(self.wagers):  # a spot taken twice finds the first made, as a scan did
            self._ready(w)

    def _take_off(self, w):
        self.wagers.remove(w)
        if self._index.get(w._spot) is w:
            del self._index[w._spot]

    def _settlement(self, w, outcome, win=0, fee=0, lost=0, returned=0, stays=0):
        # The next record of this roll, reused from earlier rolls where there is one.
        settlements = self._settlements
        n = len(settlements)
        if n < len(self._pool):
            s = self._pool[n]
            s.reset(w, outcome, win, fee, lost, returned, stays)
        else:
            s = Settlement(w, outcome, win, fee, lost, returned, stays)
            self._pool.append(s)
        settlements.append(s)
        return s

    # -- checks: each raises a named refusal and changes nothing

    def _check_open(self, player):
        if type(player) is not int or not 0 <= player < len(self.credits):
            raise errors.BadStation("there is no station %s" % (player,))
        if not self.betting_open:
            raise errors.BettingClosed("no more bets: the dice are rolling")

    def _check_timing(self, kind):
        if kind in LINE and self.point:
            raise errors.ComeOutOnly("%s is made on the come-out only" % checks.title(kind))
        if kind in COME or kind == "put":
            if kind == "put" and not self.rules.put:
                raise errors.NotEnabled("this table takes no Put bets")
            if not self.point:
                raise errors.NoPoint("%s needs a point: the puck is OFF" % checks.title(kind))
        if kind in SIDE:
            if not self.rules.side_bets:
                raise errors.NotEnabled("this table takes no side bets")
            if self.hand_rolls:
                raise errors.HandStarted("side bets close at the first roll of a hand")

    def _check_credits(self, player, amount):
        if amount > self.credits[player]:
            raise errors.NotEnoughCredits("that needs %d credits; the meter shows %d" % (
                amount, self.credits[player]))

    def _vig_due(self, kind, number, amount):
        if self.rules.commission != "up_front" or not amount:
            return 0
        return commission(kind, number, amount)

    def _stake(self, w, amount, vig):
        w.amount += amount
        w.vig += vig
        self.credits[w.player] -= amount + vig

    def _flat_for_odds(self, player, on, number):
        if on not in ODDS_ON:
            raise errors.UnknownWager("odds go behind pass, don't pass, come, don't come or put")
        if on in LINE:
            if not self.point:
                raise errors.NoFlatBet("no point yet: odds come after the come-out")
            if number and number != self.point:
                raise errors.BadNumber("the point is %d" % self.point)
            number = self.point
        elif number not in POINTS:
            raise errors.BadNumber("name the number the %s bet travelled to" % checks.title(on))
        flat = self.find(player, on, number)
        if flat is None:
            raise errors.NoFlatBet("no %s bet on %d to take odds behind" % (checks.title(on), number))
        return flat

    def _wager_to_remove(self, player, kind, number, on):
        if kind in LINE or on in LINE:
            number = self.point  # line bets and their odds sit on the point
        if kind == "odds":
            w = self.find(player, "odds", number, on)
        elif kind in KINDS:
            w = self.find(player, kind, FIXED_NUMBER.get(kind, number))
        else:
            raise errors.UnknownWager("there is no wager called %s" % (kind,))
        if w is None:
            raise errors.NoSuchWager("there is no such wager to take down")
        if kind == "put" or (kind in ("pass", "come") and w.number):
            raise errors.ContractBet("%s is a contract bet: it stays until decided"
                                     % checks.title(kind))
        if kind in SIDE and (self.hand_rolls or w.state):
            raise errors.ContractBet("a side bet stays once the hand has rolled")
        return w
