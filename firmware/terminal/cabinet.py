# The cabinet's state machine: handle(event, now_ms) -> effects. It holds the table (the rules
# engine), each station's panel, the round's phase and the meters; it reads no clock, drives no
# pin and writes no file. What must survive a power cut leaves as PERSIST effects, ahead of
# anything shown (terminal/persistence.py: the records, saving them and resuming from them).
from craps import checks, layout
from craps.errors import Refusal
from craps.table import Table, seven_out
from terminal import actions, attendant, buttons, puck, screens
from terminal.audit import AuditLog
from terminal.events import (PRESS, RELEASE, HOLD, TICK, DICE, NO_ROLL, CREDITS_IN, KEY, FAULT,
                             DOOR, SERVICE, RAM_ERROR, PUCK, DISPLAY, STATUS, ROLL_DICE, SIGNAL,
                             FLOOR_PLAY, HANDPAY_RESET, BadEvent)
from terminal.meters import Meters, ACCEPTOR
from terminal.panel import Panel, HELP, TABLE
from terminal.persistence import Persistence, NEW_CABINET

# The round's phases
BETTING = "betting"
CLOSED = "no_more_bets"  # called; the dice are asked for when call_ms has passed
ROLLING = "rolling"  # waiting for the dice source
SETTLING = "settling"  # the result is shown; betting opens when settle_ms has passed
TILT = "tilt"  # stopped until the attendant clears it
HOUSE = -1  # the house's turn to roll, in an offer
NO_ROLLS = "%d NO ROLLS IN A ROW"  # the tilt of the no-roll limit
DOOR_OPEN = "DOOR OPEN"  # the tilt of the door opened
FLOOR_OFF = "PLAY DISABLED BY THE FLOOR"  # the sign while the floor system disables play


class Cabinet(Persistence):
    def __init__(self, settings, help_pages=()):
        self.settings = settings
        self.table = Table([settings.credits] * settings.stations, settings.rules)
        self.panels = [Panel(settings.chips) for _ in range(settings.stations)]
        self.help_pages = help_pages or screens.NO_HELP
        self.phase = BETTING
        self.deadline = 0  # when CLOSED or SETTLING ends
        self.offer = None  # (station or HOUSE, when): who must roll, and by when
        self.keeper = None  # the station that keeps the dice after its roll (no seven-out)
        self.no_rolls = 0  # in a row
        self.attendant = False  # the attendant key is on
        self.tilt = ""  # why the cabinet tilted
        self.news = "PLACE YOUR BETS"
        self.pattern = (puck.STEADY, 0, 0)  # the puck's (pattern, number, since)
        self.history = []  # (d1, d2), newest first
        self.recall = []  # (dice, point, per station (label, net, label, net...)), newest first
        self.audit = AuditLog()
        self.commits = 0  # the commit of the last save: each base and journal entry has its own
        self.door = False  # the cabinet's door is open
        self.floor_off = False  # the floor system disabled play (not saved: a power-up enables
        # it, and the floor system, told the power was applied, disables it again)
        self.ram_error = ()  # the records found damaged: nothing is saved until they are cleared
        self.damage = []  # what was found wrong with them at start-up
        self.lost = "NOTHING LOST"  # what clearing them loses (persistence.py)
        self.unset = False  # a new cabinet, waiting for the attendant's set-up: nothing is saved
        self.gen = 0  # the newer journal, which saves go to (persistence.py)
        self.saved = None  # the state as the journal has it: what the next entry changes
        self._rolls = self._entries = 0  # in the newer journal
        self.games = None  # a list for each roll's recall record in full (host tools)
        self._marker = False  # the set-up marker is to be saved
        self.reading = None  # the dice the attendant is deciding a disputed roll as
        self.read = ""  # what the dice source said of its last no roll
        self._dirty = False  # the state to save has changed
        self._closing = False  # the bets were closed: the roll record says so
        self._logged = False  # the audit log has a new entry to save
        self._shown = []  # what an event signals, held back until it is saved
        self._saves_at = 0  # where the event answer() took puts its saves (save())
        self._drawn = {}  # what each output shows: only changes become effects
        self._only = None  # the station whose display alone an event can have changed
        self.new_meters()

    def new_meters(self):
        """The meters at zero, but the credits a test board starts its stations with."""
        self.meters = Meters()
        credits = self.settings.credits
        if credits:
            self.meters.add("credits_in", credits * self.settings.stations)
        self.meters.mark(self.table)

    def handle(self, event, now_ms):
        """The event's effects, in order: what it saves before what it shows."""
        out = self.answer(event, now_ms)
        self.save(out)
        return out

    def answer(self, event, now_ms, out=None):
        """handle() less what the event saves, which save() then puts among these effects.
        The loop draws a panel key's screens in between (Loop.send): a journal entry is the
        whole state's change, the slowest part of a bet on the chip. out: an empty list to
        put them in (the loop's own for its ticks), else a new one."""
        # A name that is not a string (a list, say) cannot be looked up: it is no event either.
        if type(event) is not tuple or not event or type(event[0]) is not str or \
                event[0] not in _HANDLERS:
            raise BadEvent("not an event: %s" % (event,))
        if out is None:
            out = []
        self._only = None
        _HANDLERS[event[0]](self, event, now_ms, out)
        phase, offer = self.phase, self.offer  # (two names, not a tuple: no garbage a tick)
        if not self.attendant and self.phase != TILT:
            self._run_timers(now_ms, out)
        self._saves_at = len(out)
        if self._shown:  # (a slice is a heap object: not made every tick)
            out.extend(self._shown)
            del self._shown[:]
        # A tick (every loop step) that moved no timer changes only what time shows, the puck
        # and the sign: the stations' displays are not made again, nor their garbage. A
        # selection changes one station's panel: only its display is made again, so that a
        # press on a busy cabinet shows sooner. (No local more: see _draw_sign.)
        if not self._drawn or phase != self.phase or offer != self.offer:
            self._draw(now_ms, out)
        elif self._only is not None:
            self._draw(now_ms, out, (self._only,))
        elif event[0] != TICK or out:
            self._draw(now_ms, out)
        else:
            self._draw_sign(now_ms, out)
        return out

    def save(self, out):
        """The saves of the event answer() gave `out` for, put among them before what it shows
        (most events save nothing: nothing is made for them)."""
        end = len(out)
        self._save(out)
        if len(out) > end:
            saves = out[end:]
            del out[end:]
            out[self._saves_at:self._saves_at] = saves

    # -- what the screens ask

    def shooter(self):
        """Who rolls next: the station that keeps the dice, else (at the start, after a seven-out
        or when the dice were given up) the first clockwise with a line bet; None: the house."""
        return self.keeper if self.keeper is not None else self.table.next_shooter()

    def spot(self, s):
        return actions.spot(self, s)

    def time_left(self, now_ms):
        if self.phase != BETTING or self.offer is None or self.attendant:
            return None
        return max(0, self.offer[1] - now_ms)

    def headline(self):
        if self.attendant and self.reading:
            return "ATTENDANT: READ %d+%d? BET: YES" % self.reading
        if self.attendant:
            return "ATTENDANT" + (": " + self.tilt if self.tilt else "")
        if self.phase == TILT:
            return "TILT: " + self.tilt
        if self.floor_off:
            return FLOOR_OFF
        return self.news

    # -- events

    def _press(self, event, now_ms, out):
        s, button = self._button_event(event)
        panel = self.panels[s]
        self._only = s  # until it is more than a selection, a view or a refusal
        if button in panel.held:
            return  # a bounce: pressed again without a release
        panel.held.append(button)
        if panel.hold and button == panel.hold[1]:
            # A key held long enough: its second meaning. Its press acted at once; a selection
            # or a view it made is undone first, as if it had not been pressed. Money it moved
            # (BET) or bets it closed (ROLL) stand: the long meaning acts on top (README, Buttons).
            panel.hold = None
            if panel.undo is not None:
                panel.restore(panel.undo)
        panel.undo = panel.selection()
        if self.attendant:
            self._only = None
            panel.undo = None  # the attendant's functions are not undone
            why = attendant.press(self, s, button, now_ms, out)
            if why:  # else the attendant's function says what it did on the display
                self._say(s, why)
            return
        if button in buttons.VIEWS:
            self._view(panel, button)
            panel.viewed_ms = now_ms
            return
        if panel.view == HELP and button in screens.HELP_KEYS:
            panel.page = _help_page(self.help_pages, panel.page, button)
            return
        # A game button leaves help or recall and does what it does at the table: the player
        # pressed it to play.
        panel.view = TABLE
        locked = self._locked(s)
        if locked:  # a locked panel takes no selection either: only the views
            self._say(s, locked)
            return
        if button in buttons.WALK:  # the walk says what the spot pays: no refusal
            # Imported at its first press: a panel with a key for every spot never loads it
            # (with the paytable, about 3 KB of the chip's heap).
            from terminal import walk
            walk.step(self, s, button)
            return
        if button in buttons.SELECT:
            self._say(s, panel.select(button, self.table.point))
            return
        why = self._why_not(s, button)
        if why:
            self._say(s, why)
            return
        self._only = None
        shooter = self.shooter()
        try:
            actions.ACTIONS[button](self, s, now_ms, out)
        except Refusal as e:
            self._say(s, str(e))
            return
        panel.undo = None  # money or the game moved: not a selection to undo
        if button != buttons.ROLL:  # closing the bets is saved as its own entry (_save)
            self._dirty = True
            if self.shooter() == shooter:  # the station's own money moved: the others' displays
                self._only = s  # show the same (4 screens made are ~10 ms on the chip)

    def _hold(self, event, now_ms, out):
        if len(event) != 4 or event[3] not in buttons.ALL:
            raise BadEvent("a hold is (HOLD, station, button, long_button), not %s" % (event,))
        s, button = self._button_event(event[:3])
        self.panels[s].hold = (button, event[3])  # the display says what holding on does
        self._only = s

    def _release(self, event, now_ms, out):
        s, button = self._button_event(event)
        self._only = s
        panel = self.panels[s]
        if button in panel.held:
            panel.held.remove(button)
        if panel.hold and button == panel.hold[0]:
            panel.hold = None  # let go before its long press

    def _tick(self, event, now_ms, out):
        pass  # timers and animations move on in handle()

    def _dice(self, event, now_ms, out):
        if len(event) != 3:
            raise BadEvent("a dice event is (DICE, d1, d2)")
        if self.phase != ROLLING:
            self.news = "DICE IGNORED: NO ROLL WAS CALLED"
            return
        try:
            checks.die(event[1])
            checks.die(event[2])
        except Refusal as e:  # a die the source could not read as 1-6 is no roll
            self._no_roll((NO_ROLL, str(e)), now_ms, out)
            return
        dice = [event[1], event[2]]
        self._save_log(out)  # an attendant's decision that drew the dice is logged first
        before = self._unsaved()
        self._settle(dice, now_ms, out)
        self._save_roll(dice, before, out)

    def _settle(self, dice, now_ms, out):
        """Settle the drawn dice: meter them, keep their recall record, check the meters."""
        point = self.table.point
        before = layout.dump(self.table) if self.games is not None else None
        roll = self.table.roll(dice[0], dice[1])
        self._dirty = True
        self.tilt = ""  # a roll drawn under a tilt was the attendant's decision, which ends it
        self.no_rolls = 0
        total = roll.total
        # The shooter keeps the dice, bet or no bet, until a seven-out or giving them up.
        self.keeper = None if seven_out(point, total) else roll.shooter
        self.history.insert(0, roll.dice)
        del self.history[self.settings.history:]
        records = roll.records  # the table's own list: read before the next roll
        self.meters.settle(records)
        if self.games is not None:
            self._game(before, dice, roll)
        for s, net in enumerate(self._remember(dice, point, records)):
            if net > 0:
                self.signal(s, "win")
        self._credit_limit()
        self.news = screens.dice_text(roll.dice) + _call(point, total)
        if seven_out(point, total):
            self.pattern = (puck.SEVEN_OUT, 0, now_ms)
        elif point and total == point:
            self.pattern = (puck.POINT_MADE, point, now_ms)
        else:
            self.pattern = (puck.STEADY, 0, now_ms)
        self._set_phase(SETTLING, now_ms + self.settings.settle_ms)
        self._audit_meters()

    def _credit_limit(self):
        """A win that takes a station's meter past credit_meter_max is paid as a handpay, as a
        cash-out is: no meter holds, nor moves by, a whole wrap of the ten-digit meters."""
        most = self.settings.credit_meter_max
        for s, panel in enumerate(self.panels):
            over = self.table.credits[s] - most
            if over > 0:
                self.table.credits[s] = most
                self.meters.add("credits_out", over)
                panel.handpay += over
                panel.message = "HANDPAY %d: A METER HOLDS %d" % (over, most)
                self.signal(s, "handpay")

    def _no_roll(self, event, now_ms, out):
        if len(event) != 2 or type(event[1]) is not str:
            raise BadEvent("a no roll is (NO_ROLL, reason), the reason text")
        if self.phase != ROLLING:
            return
        self.no_rolls += 1
        self.meters.add("no_rolls")
        self._dirty = True
        self.read = event[1]
        self.news = "NO ROLL: %s" % (event[1],)
        self.pattern = (puck.NO_ROLL, 0, now_ms)
        if self.no_rolls >= self.settings.no_roll_limit:
            self._tilt(NO_ROLLS % self.no_rolls)
        else:
            self._set_phase(CLOSED, now_ms + self.settings.call_ms)  # then the roll is asked again

    def _fault(self, event, now_ms, out):
        if len(event) != 2:
            raise BadEvent("a fault is (FAULT, reason)")
        self._tilt("FAULT: %s" % (event[1],))  # a roll in progress stays closed: no result

    def _ram_error(self, event, now_ms, out):
        if len(event) != 2 or type(event[1]) is not str:
            raise BadEvent("a RAM error is (RAM_ERROR, record name)")
        if not self.ram_error:  # (a second one: the marker could not be saved either)
            self._mark_unsaved(out)
        self.ram_error = (event[1],)
        self._tilt("RAM ERROR: " + event[1])
        self._drawn.clear()  # what the event before showed is not out: all is drawn again

    def _service(self, event, now_ms, out):
        if len(event) != 1:
            raise BadEvent("service mode is (SERVICE,)")
        self.log(now_ms, "SERVICE MODE")

    def _credits_in(self, event, now_ms, out):
        s, credits = self._station_event(event)
        if type(credits) is not int or credits <= 0:
            raise BadEvent("credits in are a whole number above 0, not %s" % (credits,))
        why = self.credit(s, credits, ACCEPTOR, now_ms)
        if why:
            self._say(s, why)

    def _key(self, event, now_ms, out):
        if len(event) != 2 or type(event[1]) is not bool:
            raise BadEvent("the attendant key is (KEY, True) or (KEY, False)")
        turned_on = event[1]
        if turned_on == self.attendant:
            return
        self.attendant = turned_on
        self._dirty = True
        if turned_on:
            self.meters.add("attendant")
            self.log(now_ms, "KEY ON")
            return
        # Turning the key back confirms the handpays and clears a tilt (as on a slot machine).
        attendant.leave(self, now_ms)
        self.offer = None
        if self.phase == TILT and not self.door:
            if self.unset:
                attendant.set_up(self, now_ms, out)
            if self.tilt != NEW_CABINET:  # a fault or the door before the set-up is logged too
                self.log(now_ms, "TILT CLEARED", self.tilt)
                attendant.clear_ram_error(self, now_ms, out)
            self.tilt = ""
            self.no_rolls = 0
            self.pattern = (puck.STEADY, 0, now_ms)
            if self.table.betting_open:
                self._open_betting(now_ms)
            else:
                self._ask_dice_again(now_ms)
        self.log(now_ms, "KEY OFF")

    def _door(self, event, now_ms, out):
        if len(event) != 2 or type(event[1]) is not bool:
            raise BadEvent("the door is (DOOR, True) when it opens, (DOOR, False) when it shuts")
        if event[1] == self.door:
            return
        self.door = event[1]
        self._dirty = True
        if self.door:
            self.meters.add("door_openings")
            self.log(now_ms, "DOOR OPEN")
            self._tilt(DOOR_OPEN)  # and it stays tilted, door shut or not, until the key
        else:
            self.log(now_ms, "DOOR SHUT")

    def _floor_play(self, event, now_ms, out):
        if len(event) != 2 or type(event[1]) is not bool:
            raise BadEvent("floor play is (FLOOR_PLAY, True) or (FLOOR_PLAY, False)")
        if self.floor_off == (not event[1]):
            return
        self.floor_off = not event[1]
        self.log(now_ms, "FLOOR ENABLED" if event[1] else "FLOOR DISABLED")

    def _handpay_reset(self, event, now_ms, out):
        if len(event) != 2 or type(event[1]) is not int or \
                not 0 <= event[1] < len(self.panels):
            raise BadEvent("a handpay reset is (HANDPAY_RESET, station), not %s" % (event,))
        if self.panels[event[1]].handpay:
            attendant.confirm_handpay(self, event[1], now_ms)

    # -- the attendant's decisions

    def awaiting_dice(self):
        """Bets are closed, no outcome is drawn, and nothing but the dice stops the game (the
        roll or its no-rolls' tilt): a disputed roll may be decided."""
        if self.table.betting_open or self.door or self.ram_error:
            return False
        return self.phase in (CLOSED, ROLLING) or \
            self.phase == TILT and self.tilt == NO_ROLLS % self.no_rolls

    def decide(self, d1, d2, now_ms, out):
        """The attendant decides a disputed roll: the reading stands as the roll."""
        self.reading = None
        self._set_phase(ROLLING, 0)
        self._dice((DICE, d1, d2), now_ms, out)

    def reshake(self, now_ms):
        """The disputed roll is void: the dice are asked for again when the key turns off."""
        self.tilt = ""
        self.reading = None
        self.no_rolls = 0
        self._ask_dice_again(now_ms)
        self._dirty = True

    def credit(self, s, credits, source, now_ms):
        """Put credits on station s's meter, metered by their source (ACCEPTOR, ATTENDANT),
        within the board's bounds. Returns why they were refused (logged; nothing else
        changes), or None."""
        limit = self.settings.credit_in_max
        most = self.settings.credit_meter_max
        if credits > limit:
            why = "credits in %d refused: %d at most at a time" % (credits, limit)
        elif self.table.credits[s] + credits > most:
            why = "credits in %d refused: a meter holds %d at most" % (credits, most)
        else:
            self.table.credits[s] += credits
            self.meters.add("credits_in", credits)
            self.meters.add(source + "_in", credits)
            self._dirty = True
            self.panels[s].message = "CREDITS IN %d" % credits
            self._audit_meters()
            return None
        self.log(now_ms, "CREDIT REFUSED", "S%d %s %s" % (s + 1, source, why))
        return why

    def signal(self, s, name):
        """A beep or blink at station s, sent once what the event changed is saved."""
        self._shown.append((SIGNAL, s, name))

    def mark_changed(self):
        self._dirty = True

    # -- the round

    def _run_timers(self, now_ms, out):
        if self.phase == CLOSED and now_ms >= self.deadline:
            self.news = "DICE ROLLING"
            self.pattern = (puck.ROLLING, 0, now_ms)
            self._set_phase(ROLLING, 0)
            out.append((ROLL_DICE,))
        elif self.phase == SETTLING and now_ms >= self.deadline:
            self._open_betting(now_ms)
        if self.phase == BETTING:
            self._watch_offer(now_ms)  # from the moment betting opens, not the next event

    def _watch_offer(self, now_ms):
        """The shooter must roll promptly, else the dice move on; with no shooter and wagers
        waiting for a decision, the house rolls when its timer runs out (docs/rules.md). A
        player reading Help or Recall at any station holds the timer: it starts again, whole,
        when the last view closes, so nobody loses the dice or sees the house roll mid-page."""
        shooter = self.shooter()
        waiting = shooter if shooter is not None else (HOUSE if self.table.wagers else None)
        if waiting is None:
            self.offer = None
        elif self.offer is None or self.offer[0] != waiting or self._reading(now_ms):
            limit = self.settings.house_roll_ms if waiting == HOUSE else \
                self.settings.roll_timeout_ms
            self.offer = (waiting, now_ms + limit)
        elif now_ms >= self.offer[1]:
            self.offer = None
            if waiting == HOUSE:
                self.call_no_more_bets(now_ms)
            else:
                self._too_slow(waiting, now_ms)

    def _reading(self, now_ms):
        """Is a player reading Help or Recall? A view left alone for as long as a shooter's
        timer goes back to the table, so that one open view cannot stall the game."""
        reading = False
        for panel in self.panels:
            if panel.view == TABLE:
                continue
            if now_ms - panel.viewed_ms < self.settings.roll_timeout_ms:
                reading = True
            else:
                panel.view = TABLE
                self._drawn.clear()  # a tick: the stations are drawn again only so
        return reading

    def _too_slow(self, s, now_ms):
        self.table.pass_dice(s)
        self.keeper = None
        self._dirty = True
        if self.shooter() != s:
            self.panels[s].message = "TOO SLOW: THE DICE MOVE ON"
            self._watch_offer(now_ms)  # the next shooter's time starts now
            return
        # Nobody else has a line bet to take the dice: rather than offer them back for ever
        # (the wagers on the layout would wait with them), the house rolls (docs/rules.md).
        self.panels[s].message = "TOO SLOW: THE HOUSE ROLLS"
        self.call_no_more_bets(now_ms)

    def call_no_more_bets(self, now_ms):
        self.table.close_betting()
        for panel, stakes in zip(self.panels, actions.rounds(self.table, len(self.panels))):
            panel.close_round(stakes)
        self.offer = None
        self.news = "NO MORE BETS"
        self.pattern = (puck.ROLLING, 0, now_ms)
        self._set_phase(CLOSED, now_ms + self.settings.call_ms)
        self._closing = True
        self._audit_meters()

    def _ask_dice_again(self, now_ms):
        # The bets stand, closed, and no outcome was drawn.
        self.news = "NO MORE BETS"
        self._set_phase(CLOSED, now_ms + self.settings.call_ms)

    def _carry_on(self, now_ms):
        """Where a restored round stands: a tilt stays; closed bets ask for the dice again."""
        if self.tilt:
            self._set_phase(TILT, 0)
        elif not self.table.betting_open:
            self._ask_dice_again(now_ms)

    def _open_betting(self, now_ms):
        self.news = "PLACE YOUR BETS"
        self.pattern = (puck.STEADY, 0, now_ms)
        self._set_phase(BETTING, 0)

    def _set_phase(self, phase, deadline):
        self.phase = phase
        self.deadline = deadline

    def _tilt(self, why):
        if self.phase != TILT:
            self.meters.add("tilts")
        self.tilt = why
        self._set_phase(TILT, 0)
        self._dirty = True

    def _audit_meters(self):
        """The self-audit, around every roll: meters that do not balance tilt the cabinet."""
        wrong = self.meters.balance(self.table)
        if wrong:
            self._tilt(wrong)
        else:
            self.meters.mark(self.table)

    def log(self, now_ms, action, detail=""):
        """An entry in the attendant's audit log."""
        # The state that carries the action out is saved with the next commit number.
        self.audit.add(self.commits + 1, self.meters.counts["power_ups"], now_ms, action, detail)
        self._logged = True
        self._dirty = True

    # -- helpers

    def _button_event(self, event):
        s, button = self._station_event(event)
        if button not in buttons.ALL:
            raise BadEvent("no button called %s" % (button,))
        return s, button

    def _station_event(self, event):
        if len(event) != 3 or type(event[1]) is not int or not 0 <= event[1] < len(self.panels):
            raise BadEvent("no station in %s" % (event,))
        return event[1], event[2]

    def _view(self, panel, view):
        panel.turn_page(view, len(self.help_pages) if view == buttons.HELP else self.recall_pages())

    def recall_pages(self):
        return max(1, len(self.recall))

    def _locked(self, s):
        """Why station s takes no button but Help and Recall, or None."""
        if self.phase == TILT:
            return "tilt: call the attendant"
        if self.panels[s].handpay:
            return "handpay waiting for the attendant"
        return None

    def _why_not(self, s, button):
        # _press has refused a locked panel already. Disabled by the floor system, a player
        # may still cash out.
        if self.floor_off and button != buttons.CASH_OUT:
            return "play disabled by the floor system"
        if button != buttons.CASH_OUT and self.phase != BETTING:
            return "no more bets" if self.phase != SETTLING else "wait: paying the last roll"
        return None

    def _say(self, s, message):
        """A refusal: the station's display says why, and it beeps. Nothing else changes."""
        if message:
            self.panels[s].message = message
            self.signal(s, "refused")
        else:
            self.panels[s].message = ""

    def _draw(self, now_ms, out, stations=None):
        """The puck, the sign and the displays of stations (None: all) as effects, where they
        changed."""
        self._draw_sign(now_ms, out)
        for s in range(len(self.panels)) if stations is None else stations:
            lines = screens.station(self, s)
            if self._changed(s, lines):
                out.append((DISPLAY, s, lines))

    # _draw_sign and what it calls are an idle loop step's: each keeps its frame within 11
    # slots, so that MicroPython does not put it on the heap (see terminal/loop.py).

    def _draw_sign(self, now_ms, out):
        """The puck and the sign as effects, where they changed."""
        frame = self._puck_frame(now_ms)
        if self._changed("puck", frame):
            out.append((PUCK, frame))
        lines = screens.status(self, now_ms)
        if self._changed("status", lines):
            out.append((STATUS, lines))

    def _puck_frame(self, now_ms):
        pattern, number, since = self.pattern
        if self.phase == TILT:
            pattern, number = puck.TILT, 0
        elif pattern == puck.STEADY:
            number = self.table.point
        return puck.frame(pattern, number, now_ms - since)

    def _changed(self, output, shown):
        # Is `shown` new on the output? (The effect is made only then: the puck and the sign
        # are drawn every loop step.)
        if self._drawn.get(output) != shown:
            self._drawn[output] = shown
            return True
        return False


def _help_page(pages, page, button):
    """The Help page that TAKE DOWN (the page before) or CHIP (the next wager's group: the next
    page whose title starts with another word) turns to from `page`."""
    if button == buttons.TAKE_DOWN:
        return max(0, page - 1)
    group = pages[page][0].split(" ")[0]
    for n in range(page + 1, len(pages)):
        if pages[n][0].split(" ")[0] != group:
            return n
    return 0


def _call(point, total):
    # What the stickperson calls: the facts of this roll only.
    if seven_out(point, total):
        return " SEVEN OUT"
    if point:
        return " POINT MADE" if total == point else ""
    if total in (7, 11):
        return " NATURAL"
    if total in (2, 3, 12):
        return " CRAPS"
    return " POINT IS %d" % total


_HANDLERS = {PRESS: Cabinet._press, RELEASE: Cabinet._release, HOLD: Cabinet._hold,
             TICK: Cabinet._tick,
             DICE: Cabinet._dice, NO_ROLL: Cabinet._no_roll, CREDITS_IN: Cabinet._credits_in,
             KEY: Cabinet._key, FAULT: Cabinet._fault, DOOR: Cabinet._door,
             SERVICE: Cabinet._service, RAM_ERROR: Cabinet._ram_error,
             FLOOR_PLAY: Cabinet._floor_play, HANDPAY_RESET: Cabinet._handpay_reset}
