# The table: the puck, each station's credit meter and wagers, the dice's holder, and settlement.
# Every method that takes a step checks it whole before it changes anything: a refusal
# (craps.errors) leaves the table exactly as it was.
from craps import checks, errors
from craps.compat import const
from craps.house import HouseRules, POINTS
from craps.wagers import (
    WIN, LOSE, PUSH, MOVE, Wager, LINE, COME, SIDE, KINDS, NUMBERS, FIXED_NUMBER, UNITS,
    STAY_UP, ODDS_ON, KIND_ID, KIND_OF, ON_ID, RATIOS, layout_id, roll_code, roll_table,
    decide_part, part_pays, parts, mark, commission, commission_rate, odds_cap, laid)
from craps.wagers import spot as layout_spot

MAX_STATIONS = 8
# For bet()'s quick path: the number the table keeps for the kinds made on none...
_PLAIN = dict((kind, FIXED_NUMBER.get(kind, 0)) for kind in KINDS
              if kind not in NUMBERS and kind != "hop")
# ...the kinds with a moment of their own (_check_timing), and those whose limits are more than
# the table's minimum and maximum (checks.limits).
_TIMED = dict.fromkeys(LINE + COME + ("put",) + SIDE)
_LIMITED = dict.fromkeys(tuple(UNITS) + ("buy", "lay"))
# put_back()'s quick path: once made, these can only be refused again by the meter (or limits
# set lower since): they have no moment of their own and no part or commission to check.
_UNTIMED = dict.fromkeys(kind for kind in KINDS if kind not in _TIMED and kind not in _LIMITED)
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


# A settlement is a plain tuple, what one roll did to one wager in credits (docs/scenario.md):
# its fields in this order. `win` is net of commission; `lost` the stake the house took;
# `returned` the stake back on the meter; `stays` the stake left on the layout.
SETTLEMENT = ("player", "kind", "number", "on", "outcome", "win", "commission", "lost",
              "returned", "stays")
# The table keeps a roll's settlements as records (Roll.records): each station's a flat list
# of RECORD ints a record, in the order settled: a key, the wager's spot() * 8 + the outcome,
# then SETTLEMENT's money fields win, commission, lost, returned, stays. On the chip each run of
# heap blocks given out is searched for from the heap's first hole, long in a heap cut up by a
# busy table's bets: a tuple a record was half of a busy roll's time there. Ints in lists that
# keep their room take no heap at all, and a list a station keeps each list's block small.
RECORD = const(6)


def net(s):
    """What a settlement did to the player's money: the win, less the stake and any up-front
    commission lost (a horn, world or C & E may win some parts and lose others)."""
    return s[5] - taken(s[4], s[7], s[6])


def record_net(records, i):
    """net() of the record at records[i]."""
    return records[i + 1] - taken(records[i] & 7, records[i + 3], records[i + 2])


def record_station(key):
    """The station of a record's key."""
    return (key >> 3) % MAX_STATIONS


def record_layout(key):
    """The layout_id() of the wager a record's key settled."""
    return key // (MAX_STATIONS * 8)


def record_kind(key):
    return KIND_OF[key // (800 * MAX_STATIONS * 8)]


def settlement(records, i):
    """The SETTLEMENT tuple of the record at records[i]."""
    key = records[i]
    kind, number, on = layout_spot(record_layout(key))
    return (record_station(key), kind, number, on, key & 7) + tuple(records[i + 1:i + RECORD])


class Roll:
    """One roll: the dice, the puck after it, who threw it (None: the house), what it decided.
    `records` is the table's own list of each station's settlement records (RECORD ints each),
    emptied by the next roll: read or copy it before rolling again."""

    def __init__(self, dice, point, shooter, records, moves):
        self.dice = dice
        self.total = dice[0] + dice[1]
        self.point = point
        self.shooter = shooter
        self.records = records
        self.moves = moves  # (player, kind, number, amount) of come bets that travelled

    @property
    def settlements(self):
        """The roll's settlements as SETTLEMENT tuples, made when read (from `records`: read it
        before rolling again)."""
        return [settlement(mine, i) for mine in self.records for i in range(0, len(mine), RECORD)]


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
        self._records = [[] for _ in credits]  # this roll's settlements, a list a station
        self._adds = [mine.append for mine in self._records]
        self.taken_down = []  # the wagers this roll took down: what put_back() makes again
        # Where each wager sits -> the wager, a dict a station: its spot is layout_id() *
        # MAX_STATIONS + station, one small int. Kept in step with `wagers` by _place, roll and
        # _take_off (see _reindex). One dict a station keeps each small: MicroPython grows a dict
        # only once it is full, and a look-up for a key not there searches the dict until an
        # empty place (past every key taken out since it grew); one dict for a busy table made
        # that a search of some 170 places.
        self._index = [{} for _ in credits]
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
            w = self._index[player].get(
                _KIND_SPOT[kind] + number * _NUMBER_SPOT + _ON_SPOT[on] + player)
        except (KeyError, TypeError, IndexError):
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
        mine = self._index[holder]
        if mine.get(_PASS_SPOT + at) or mine.get(_DONT_PASS_SPOT + at):
            return holder
        return self._line_bettor(holder) if self.wagers else None

    # next_shooter() is asked several times every loop step of the terminal: it and these
    # keep their frames within 11 slots, which MicroPython keeps off the heap (a while loop,
    # not a for over a range, takes none for its iterator).

    def _line_bettor(self, holder):
        n = len(self.credits)
        i = 0
        while i < n:
            if self._has_line_bet((holder + i) % n):
                return (holder + i) % n
            i += 1
        return None

    def _has_line_bet(self, station):
        for w in self.wagers:
            if w.player == station and w.kind in LINE:
                return True
        return False

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
        where = _KIND_SPOT[kind] + number * _NUMBER_SPOT + player  # spot(); on: None
        return self._add(player, kind, number, amount, working, where,
                         self._index[player].get(where))

    def odds(self, player, on, amount, number=0, working=None):
        """Take or lay odds behind a flat bet on its point (come bets: named by their number)."""
        if type(player) is not int or not 0 <= player < len(self.credits) \
                or not self.betting_open:
            self._check_open(player)
        if type(amount) is not int or amount <= 0:
            checks.amount(amount)
        flat = self._flat_for_odds(player, on, number)
        where = _ODDS_SPOT + flat.number * _NUMBER_SPOT + _ON_SPOT[on] + player  # spot()
        return self._add_odds(flat, on, amount, working, where, self._index[player].get(where))

    def stand(self, player, kind, amount, number=0, on=None, working=None):
        """Bring a spot up to `amount` credits: a bet left standing, or REPEAT's last round.
        The spot is named as bet() and odds() name it: a line or come bet by its kind alone (it
        is made on the come-out, in the box), odds behind the line by `on` alone. What is short
        goes on with the refusals bet() or odds() would give it; nothing goes on where the spot
        has `amount` already. Returns the wager on the spot."""
        self._check_open(player)
        checks.amount(amount)
        if kind == "odds":
            return self._stand_odds(player, on, amount, number, working, None)
        number = checks.wager_number(kind, number)
        return self._stand(player, kind, amount, number, working, None)

    def put_back(self, refused=None):
        """Stand again, as they were, the wagers the last roll took down (`taken_down`: the same
        objects, so nothing is allocated), where the rules allow it now: stand() for each, with
        the refusals bet() and odds() give on what can have changed since it was made: the
        credit meter, the puck (a line bet on the come-out only, a come bet with the puck ON),
        the odds behind a flat bet on its number and within its cap, the table's limits.
        Returns how many stand again; each refused wager goes on `refused` with its refusal."""
        self._check_open(0)  # betting open: station 0 is always there
        made = 0
        credits = self.credits
        index = self._index
        wagers = self.wagers
        rules = self.rules
        low, high = rules.table_min, rules.table_max
        quick = rules.commission != "up_front"
        point = self.point
        for w in self.taken_down:
            # The quick test, as bet() has: a wager within the limits, that the meter covers,
            # that nothing else can refuse, goes back without the checks in full when its spot
            # is free: one with no moment of its own as it was (its spot and roll codes are
            # still right), a line or come bet in its moment back to its box.
            kind = w.kind
            amount = w.amount
            player = w.player
            if quick and low <= amount <= high and amount <= credits[player]:
                if kind in _UNTIMED:
                    if index[player].get(w._spot) is None:
                        credits[player] -= amount
                        wagers.append(w)
                        index[player][w._spot] = w
                        made += 1
                        continue
                elif (kind in COME if point else kind in LINE) and w.working is None:
                    where = _KIND_SPOT[kind] + player  # spot(): on no number yet
                    if index[player].get(where) is None:
                        self._new(player, kind, 0, None, amount, 0, None, where, w)
                        made += 1
                        continue
            if refused is None and self._surely_refused(w, point):
                continue  # its refusal is not asked for: none is raised
            try:
                if kind == "odds":
                    self._stand_odds(w.player, w.on, w.amount, 0 if w.on in LINE else w.number,
                                     w.working, w)
                else:  # a line or come bet is made again by its kind alone
                    self._stand(w.player, w.kind, w.amount,
                                0 if w.kind in LINE or w.kind in COME else w.number,
                                w.working, w)
                made += 1
            except errors.Refusal as e:
                if refused is not None:
                    refused.append((w, e))
        del self.taken_down[:]
        return made

    def _surely_refused(self, w, point):
        # put_back()'s most frequent refusals, tested without raising them: a come bet with the
        # puck OFF (NoPoint), odds whose flat bet the roll decided (NoFlatBet).
        if w.kind == "odds":
            if w.on in LINE:
                return not point or self.find(w.player, w.on, point) is None
            return self.find(w.player, w.on, w.number) is None
        return w.kind in COME and not point

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
        credits = self.credits
        index = self._index
        records = self._records
        for mine in records:
            del mine[:]  # (a list keeps its room: the records take no heap but for a new most)
        adds = self._adds
        del self.taken_down[:]
        take_down = self.taken_down.append
        travelled = []
        wagers = self.wagers
        kept = 0
        at = (d1 - 1) * 6 + d2 - 1 + (36 if point else 0)  # the roll's place in roll_table()
        # One pass over the layout: each wager's roll code (roll_table(), looked up when it was
        # made) says what the roll does to it; the wagers that stay are packed to the front.
        for w in wagers:
            codes = w.codes
            if codes is not None:
                code = codes[at]
            else:
                code = self._code(w, point, d1, d2, at)
                if code is None:  # a compound wager, settled by its parts
                    take_down(w)
                    continue
            if not code:  # NONE: most wagers, most rolls
                wagers[kept] = w
                kept += 1
                continue
            outcome = code & 7
            where = w._spot
            player = w.player
            add = adds[player]
            if outcome == LOSE:  # the most frequent decision: the stake is the house's, and an
                add(where * 8 + LOSE)  # up-front commission with it
                add(0)
                add(w.vig)
                add(w.amount)
                add(0)
                add(0)
            elif outcome == MOVE:
                if w.kind in COME:
                    travelled.append(w)
                else:
                    self._move(w, total)  # a line bet follows the puck
                wagers[kept] = w
                kept += 1
                continue
            else:  # a win; a push, or RETURN (off odds whose bet was decided): the stake back
                amount = back = w.amount
                win = fee = stays = 0
                if outcome == WIN:
                    ratio = RATIOS[code >> 3]
                    win = amount * ratio[0] // ratio[1]
                    kind = w.kind
                    if kind in _STAYS:  # paid; the stake stays up
                        if kind in _COMMISSIONED:
                            fee = commission(kind, w.number, amount)
                            win -= fee
                        back = 0
                        stays = amount
                credits[player] += win + back
                add(where * 8 + outcome)
                add(win)
                add(fee)
                add(0)
                add(back)
                add(stays)
                if stays:
                    wagers[kept] = w
                    kept += 1
                    continue
            mine = index[player]
            other = mine.pop(where, w)  # off its spot, in one look-up:
            if other is not w:  # unless the spot is another's (a restored table's twice-taken)
                mine[where] = other
            take_down(w)
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
        return Roll((d1, d2), self.point, shooter, records, moves)

    def _code(self, w, point, d1, d2, at):
        # The roll code of a wager without codes; a compound one is settled here (None).
        if w.kind in UNITS:
            self._settle_compound(w, d1 + d2)
            return None
        if w.kind in SIDE:  # its state counts: decided afresh each roll
            w.state = mark(w, point, d1 + d2)
            return roll_code(w, point, d1, d2, self.rules)
        if w._spot is None:  # a wager set on the table without _ready()
            self._ready(w)
        return self._codes_of(w)[at]

    def _settle_compound(self, w, total):
        # Paid as separate wagers on its parts, each rounded on its own (docs/rules.md).
        unit = w.amount // UNITS[w.kind]
        win = returned = lost = 0
        for part, units in parts(w.kind, w.number):
            stake = unit * units
            if decide_part(part, total) == WIN:
                ratio = part_pays(part, self.rules)
                win += stake * ratio[0] // ratio[1]
                returned += stake
            else:
                lost += stake
        outcome = WIN if win > lost else LOSE if win < lost else PUSH
        self.credits[w.player] += win + returned
        self._records[w.player].extend((spot(w) * 8 + outcome, win, 0, lost, returned, 0))
        self._unplace(w)

    def _ready(self, w):
        # What the 36 rolls do to the wager, looked up when it is made or changed, not in roll();
        # and its spot in the index find() reads.
        self._unplace(w)  # from where it was, if it was placed before
        self._place(w, spot(w))

    def _place(self, w, where):
        # A wager new or changed, at spot `where`: its index entry, and its codes if a wager
        # like it has met a roll (else its first roll makes them: _codes_of).
        if w.kind not in _SPECIAL:
            w.codes = self._codes.get(_codes_key(w, where))
        w._spot = where
        self._index[w.player][where] = w

    def _unplace(self, w):
        # Off the index, unless its spot is another's (a restored table's twice-taken).
        mine = self._index[w.player]
        if mine.get(w._spot) is w:
            del mine[w._spot]

    def _codes_of(self, w):
        # roll_table(), made once for all the wagers alike: at a roll, not when a wager is
        # placed, which a player waits for (the first pass bet on the chip took 61 ms).
        key = _codes_key(w, w._spot)
        codes = self._codes.get(key)
        if codes is None:
            codes = self._codes[key] = roll_table(w, self.rules)
        w.codes = codes
        return codes

    def _move(self, w, number):
        # The wager travels to `number`: its codes and its spot go with it.
        self._unplace(w)
        where = w._spot + (number - w.number) * _NUMBER_SPOT
        w.number = number
        self._place(w, where)

    def _reindex(self):
        """Build every wager's look-ups again (roll_table() and the index find() reads) from
        `wagers` alone: call it after setting `wagers` or `rules` directly, as a restored table
        does."""
        self._index = [{} for _ in self.credits]
        self._codes = {}
        for w in reversed(self.wagers):  # a spot taken twice finds the first made, as a scan did
            self._ready(w)

    def _take_off(self, w):
        self.wagers.remove(w)
        self._unplace(w)

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

    def _stand(self, player, kind, amount, number, working, spare):
        # stand() once the spot's name is checked; `spare`: a wager taken down, to stand again.
        if not self.betting_open:
            self._check_open(player)
        spot_ = _KIND_SPOT[kind] + number * _NUMBER_SPOT + player
        # a line bet sits on the point, a travelled come bet on its number
        mine = self._index[player]
        w = mine.get(spot_ + self.point * _NUMBER_SPOT if kind in LINE else spot_)
        short = amount - (w.amount if w else 0)
        if short <= 0:
            return w
        return self._add(player, kind, number, short, working, spot_, mine.get(spot_),
                         spare)

    def _stand_odds(self, player, on, amount, number, working, spare):
        if not self.betting_open:
            self._check_open(player)
        flat = self._flat_for_odds(player, on, number)
        where = _ODDS_SPOT + flat.number * _NUMBER_SPOT + _ON_SPOT[on] + player
        w = self._index[player].get(where)
        short = amount - (w.amount if w else 0)
        if short <= 0:
            return w
        return self._add_odds(flat, on, short, working, where, w, spare)

    def _add(self, player, kind, number, amount, working, where, w, spare=None):
        # bet() from its timing on, its arguments checked: `w` the wager at spot `where`, if any.
        if kind in _TIMED:
            self._check_timing(kind)
        if working is not None:
            checks.toggle(kind, None)
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
            return self._new(player, kind, number, None, amount, vig, working, where, spare)
        self._stake(w, amount, vig)
        self._call(w, working)
        return w

    def _add_odds(self, flat, on, amount, working, where, w, spare=None):
        # odds() from its flat bet on: `w` the odds at spot `where`, if any.
        if working is not None:
            checks.toggle("odds", on)
        player = flat.player
        number = flat.number
        total = amount + (w.amount if w else 0)
        cap = odds_cap(flat.amount, number, laid(on), self.rules)
        if total > cap:
            raise errors.OddsOverCap("odds on %d may be at most %d credits here" % (number, cap))
        if amount > self.credits[player]:
            self._check_credits(player, amount)
        if w is None:
            return self._new(player, "odds", number, on, amount, 0, working, where, spare)
        self._stake(w, amount, 0)
        self._call(w, working)
        return w

    def _new(self, player, kind, number, on, amount, vig, working, where, spare):
        # A wager on an empty spot: `spare` (one taken down, reused as it is) or a new one.
        if spare is None:
            w = Wager(player, kind, number, amount, on)
        else:
            w = spare
            w.number = number
            w.amount = amount
            w.state = 0
        w.working = working
        w.vig = vig
        self.credits[player] -= amount + vig
        self.wagers.append(w)
        self._place(w, where)
        return w

    def _call(self, w, working):
        if working is not None:
            w.call(working)
            self._ready(w)

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


def _codes_key(w, where):
    """The key a table keeps a wager's roll_table() by, with the wager at spot `where`: the spot
    less the station (its low three bits are 0), plus the call (0 house default, 1 off, 2 on).
    The table's house rules are the same for all its wagers."""
    return where - w.player + (0 if w.working is None else 2 if w.working else 1)
