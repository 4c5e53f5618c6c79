# What of the cabinet survives a power cut: its records, the PERSIST effects that save them, and
# resuming from them at power-up.
#
# What must survive leaves as PERSIST effects, ahead of anything shown. The cabinet's state is
# kept as a journal (terminal/memory.py): a base, the whole state at one commit, then an entry a
# commit after it:
#   ["s", commit, change]  the state changed between rolls (terminal/delta.py: from the last)
#   ["c", commit, change]  the same, with the bets closed for a roll
#   ["d", commit, dice]    the dice drawn on the closed bets: the roll is settled (with a
#                          fourth item, a change made in the same step before the dice)
# A roll writes those two small entries and no more. What it settles is the engine's to work
# out again, exactly, from the bets and the dice: at power-up resume() plays the journal, and so
# settles a roll that was drawn before a cut, once, and remakes each roll's recall.
#
# There are two journals, each with its base: once the newer journal holds base_rolls() rolls
# (5, fewer on more stations) or MAX_ENTRIES entries, the state is written as the older one's
# base, with the game recall of the last rolls, and that journal is emptied: it is the newer
# now. resume() restores the newer base and plays its journal, base_rolls() rolls at most; host
# tools play the older one first, for its rolls' records in full (the last base_rolls() to
# twice that). A cut leaves each base whole, old or new (memory.py); a new base is newer than
# the entries left in its journal, which are skipped. When the bets close, the newer base and
# journal are re-read (VERIFY): critical memory is checked before it is used for a roll.
#
# (A journal is stored in small parts, terminal/memory.py: they wear the flash far less.)
#
# A cabinet is set up once, by the attendant (its memory wholly empty: a new board, or a wiped
# one). From then on the set-up marker, the audit log and both bases and journals are always in
# flash: any of them missing or damaged is a RAM error, whatever the cause, never a new cabinet.
# The marker also says the commit the journals reach: it is written again after every entry, so
# a journal whose tail is gone (a part deleted, its last entries cut off both copies) falls
# short of it, a RAM error, where a cut only ever leaves the marker behind its journal. A write
# that fails in play writes it ahead (_mark_unsaved): the entry lost is known at power-up too.
# A RAM clear carries on from what could be played and logs the commits, and the logged
# actions, it lost.
import gc

from craps import layout
from craps.errors import Refusal
from craps.table import RECORD, record_layout, record_net
from terminal import screens
from terminal.audit import AuditLog
from terminal.delta import BadChange, change, patch
from terminal.events import PERSIST, VERIFY
from terminal.journal import record
from terminal.memory import COPIES
from terminal.meters import Meters

SETUP = "setup"  # the marker record: the cabinet is set up, its journals reach this commit
NEW_CABINET = "NEW CABINET: ATTENDANT SETUP"
BASES = ("state0", "state1")
JOURNALS = ("journal0", "journal1")
RECORDS = (SETUP, "audit") + BASES + JOURNALS  # what a cabinet set up always has
CHANGED, CLOSED, DRAWN = "s", "c", "d"
BASE_ROLLS = 5  # a journal's rolls before a new base: what power-up settles again, at most
# (the base's recall keeps the rolls before it; 8 busy stations' journals of 10 rolls overfill a
# 128 KB FRAM)
STATION_ROLLS = 8  # and its stations' rolls: each roll power-up settles again takes 0.2-0.3 s
# of it on the chip for 8 busy stations (make chip), so 8 stations write a base every roll and
# 4 every 2, at the price of the flash's wear (the README's figures)
MAX_ENTRIES = 1000  # a journal's entries before a new base, however few its rolls: what
# power-up plays at most (a busy 8-station round writes about 40)


class BadJournal(ValueError):
    """A base that cannot be restored, or entries that do not follow it: a commit missing, a
    change that does not fit. Its first argument names the record."""


# What a base or entry whose CRC holds but whose content is not the cabinet's can raise.
_MALFORMED = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def base_rolls(stations):
    """A journal's rolls before a new base on a cabinet of `stations`."""
    return max(1, min(BASE_ROLLS, STATION_ROLLS // stations))


def unreadable(names):
    """The records among stored file names that this firmware does not keep: an older one's,
    which it cannot carry on from (its start-up would tilt with a RAM error)."""
    return sorted(set(record(n) for n in names if n[-2:] in COPIES) - set(RECORDS))


def newer(bases):
    """Which base is the newer: 0 or 1 (0 when neither is there, or they are alike)."""
    b0, b1 = bases
    return 1 if b1 is not None and (b0 is None or b1["commit"] > b0["commit"]) else 0


class Persistence:
    """The Cabinet's part that saves and resumes it: the round (_settle, _tilt, _carry_on...)
    is the Cabinet's own."""

    def state(self):
        """The state a base holds and the journal's changes change (the rules for host tools,
        which play the journal without the board file)."""
        return {"commit": self.commits, "rules": self.settings.rules.as_dict(),
                "layout": layout.dump(self.table), "tilt": self.tilt,
                "no_rolls": self.no_rolls, "read": self.read, "keeper": self.keeper,
                "door": self.door, "attendant": self.attendant,
                "handpays": [p.handpay for p in self.panels], "meters": self.meters.dump(),
                "history": [list(d) for d in self.history]}

    def resume(self, records, damaged, now_ms, service=False, games=None, feed=None):
        """Carry on from the records in flash: records maps each name to its content (None:
        never written); damaged names those missing or whose every copy was bad. Returns the
        effects that save what start-up changed. With no set-up marker and nothing damaged,
        the memory was empty: a new cabinet, which saves nothing and waits for the attendant's
        set-up. service: the board powered up in service mode, an entry in the audit log saved
        with the start-up. games: a list to put each roll's recall record on (layout, dice,
        settlements) as the journals' rolls are settled again (host tools). feed: called for
        each journal entry played."""
        out = []
        self.games = games
        if not damaged and records.get(SETUP) is None:
            if service:
                self.log(now_ms, "SERVICE MODE")
            self.unset = True
            self._tilt(NEW_CABINET)
            self._draw(now_ms, out)
            return out
        if not damaged:
            try:
                self._replay([records[n] for n in BASES], [records[n] for n in JOURNALS],
                             records[SETUP], now_ms, feed or _nothing)
                self.audit, self._logged = _log(records["audit"], self.commits)
            except BadJournal as e:
                damaged = (e.args[0],)
                self.damage.append("%s: %s" % e.args)
        if damaged:  # the cabinet as far as its records could be played (a new one's when a
            # record could not be read); what is numbered from now on follows all there is
            played = self.commits
            self.commits = max([self.commits] + _commits(records))
            self.audit = AuditLog()
            if "audit" not in damaged:
                try:
                    self.audit = _log(records["audit"], self.commits)[0]
                except BadJournal as e:
                    damaged = tuple(damaged) + ("audit",)
                    self.damage.append("%s: %s" % e.args)
            self.lost = _lost(played, self.commits, self.audit)
        self.meters.add("power_ups")
        self._dirty = True
        if service:
            self.log(now_ms, "SERVICE MODE")
        if damaged:
            self.ram_error = tuple(damaged)
            self._tilt("RAM ERROR: " + " ".join(damaged))
        else:
            self._audit_meters()
        self._save(out)
        self._draw(now_ms, out)
        return out

    def rewrite_records(self, out):
        """The attendant's set-up (a new cabinet) or RAM clear: every record is written anew at
        the next save, as it is now (the damaged ones whole again)."""
        self.ram_error = ()
        self.lost = "NOTHING LOST"
        self.unset = False
        self._marker = True

    def _replay(self, bases, journals, marker, now_ms, feed):
        """The cabinet from its bases and journals: the older played for its rolls' recall,
        then the newer, which must reach the marker's commit."""
        for gen, base in enumerate(bases):
            if type(base) is not dict or type(base.get("commit")) is not int:
                raise BadJournal(BASES[gen], "it is not a state")
        if type(marker) is not dict or type(marker.get("commit")) is not int:
            raise BadJournal(SETUP, "it is not a set-up marker")
        new = newer(bases)
        old, top = 1 - new, bases[new]["commit"]
        if bases[old] is not None and bases[old]["commit"] < top:
            self._reaches(old, bases, journals[old], top, now_ms, feed)
        self._play(new, bases[new], journals[new], None, now_ms, feed)
        if self.commits < marker["commit"]:
            raise BadJournal(JOURNALS[new], "it stops at commit %d, the set-up marker says %d" % (
                self.commits, marker["commit"]))
        self.gen = new
        self._entries = len(journals[new])
        self.saved = self.state()
        try:  # what the entries made of it, checked as its base was
            self._check_state(self.saved)
        except ValueError as e:  # (a BadShape)
            raise BadJournal(JOURNALS[new], str(e))
        del self._shown[:]  # the played rolls' signals are long gone

    def _reaches(self, old, bases, journal, top, now_ms, feed):
        """The older journal must reach the newer base's commit, top. The newer base has its
        rolls' recall: host tools play it for each roll's record (self.games), the board only
        for a base an older firmware wrote; else its last entry is read, and no other."""
        if self.games is not None or "recall" not in bases[1 - old]:
            self._play(old, bases[old], journal, top, now_ms, feed)
            reached = self.commits
        else:
            last = journal.last()
            reached = last[1] if type(last) is list and len(last) > 1 else bases[old]["commit"]
        if reached != top:
            raise BadJournal(JOURNALS[old], "it stops at commit %s, %s is commit %d" % (
                reached, BASES[1 - old], top))

    def _play(self, gen, base, entries, stop, now_ms, feed):
        """Restore a base, then carry out the entries of its journal that follow it, to commit
        stop (None: all). BadJournal names the record where they do not fit."""
        try:
            self._check_state(base)
            self._restore(base, now_ms)
            if "recall" in base:
                self.recall = [((d[0], d[1]), point, tuple(results))
                               for d, point, results in base["recall"]]
                del self.recall[self.settings.recall:]
        except _MALFORMED as e:
            raise BadJournal(BASES[gen], str(e))
        self._rolls = 0
        state = None  # the state the changes so far made, not yet restored
        entry = "after the last"
        try:
            for entry in entries:
                feed()
                if stop is not None and entry[1] > stop:
                    break
                state = self._carry_out(entry, base["commit"], state, now_ms)
            if state is not None:
                self._open_betting(now_ms)  # (a roll played before these changes showed)
                self._restore(state, now_ms)
        except _MALFORMED + (Refusal,) as e:  # (BadChange and BadLayout are ValueErrors; a die
            # off 1-6 is a Refusal)
            raise BadJournal(JOURNALS[gen], "entry %s: %s" % (entry, e))

    def _carry_out(self, entry, since, state, now_ms):
        """One entry of a journal whose base is commit `since`: the state it changed, None when
        the cabinet is as the entries so far leave it."""
        kind, commit, what = entry[:3]
        if commit <= since:
            return state  # left from before its base was written
        if commit != self.commits + 1 or kind not in (CHANGED, CLOSED, DRAWN):
            raise ValueError("it does not follow commit %d" % self.commits)
        self.commits = commit
        if kind != DRAWN:
            state = patch(self.state() if state is None else state, what)
            if state["commit"] != commit:
                raise ValueError("its state is commit %s" % (state["commit"],))
            return state
        if len(entry) > 3:  # what changed in the step that drew the dice, before them
            state = patch(self.state() if state is None else state, entry[3])
        if state is not None:
            self._restore(state, now_ms)
        self._settle(what, now_ms, [])
        _pack_heap()
        self.commits = commit
        self._rolls += 1
        return None

    def _save(self, out):
        if self.ram_error or self.unset:
            return  # the damaged records stay as they are until the attendant clears them
        if self._closing:  # the base and journal the roll is played on are still whole
            out.append((VERIFY, BASES[self.gen]))
            out.append((VERIFY, JOURNALS[self.gen]))
        self._save_log(out)
        if self._marker:
            self._new_records(out)
        elif self._dirty or self._closing:
            self._commit(CLOSED if self._closing else CHANGED, out)
        self._closing = False

    def _commit(self, kind, out):
        """A journal entry: what changed since the last (the commit number among it)."""
        self.commits += 1
        state = self.state()
        self._append([kind, self.commits, change(self.saved, state)], out)
        self.saved = state
        self._dirty = False

    def _append(self, entry, out):
        """An entry in the newer journal, then the marker at its commit."""
        out.append((PERSIST, JOURNALS[self.gen], entry))
        out.append((PERSIST, SETUP, {"commit": self.commits}))
        self._entries += 1

    def _mark_unsaved(self, out):
        """In play, a record that could not be saved or is not as saved (a RAM error): the
        marker at the commit the cabinet is at, so that a power-up before the attendant's RAM
        clear finds what was not saved lost, not a cabinet rolled back in silence. (Nothing
        else is saved until the clear.)"""
        out.append((PERSIST, SETUP, {"commit": self.commits}))

    def _unsaved(self):
        """What changed since the journal's last entry (None: nothing), in the same step as
        the dice, before them: an attendant's decision, which the roll's entry carries. Most
        rolls change nothing first: no state is made for them (every change marks _dirty)."""
        if self.saved is None or not self._dirty:
            return None
        return change(self.saved, self.state())

    def _save_roll(self, dice, before, out):
        """The dice just settled, as an entry (with `before`: what changed just before them):
        the settlement is theirs to work out again. Then a new base, when the journal has
        enough."""
        self.commits += 1
        self._append([DRAWN, self.commits, dice] + ([before] if before else []), out)
        self.saved = None  # (the old state's heap is free while the new one is made)
        self.saved = self.state()
        self._dirty = False
        self._rolls += 1
        if self._rolls >= min(base_rolls(len(self.panels)), self.settings.recall) or \
                self._entries >= MAX_ENTRIES:
            self.gen = 1 - self.gen  # the older base and journal are the newer now
            out.append((PERSIST, BASES[self.gen], self._base()))
            out.append((PERSIST, JOURNALS[self.gen], None))
            self._rolls = self._entries = 0

    def _new_records(self, out):
        """Every record as a new cabinet's: both bases the state, both journals empty, and the
        set-up marker last (a cut in the set-up leaves no marker beside the other records)."""
        self.commits += 1
        self.saved = self.state()
        base = self._base()
        for gen in (1, 0):
            out.append((PERSIST, BASES[gen], base))
            out.append((PERSIST, JOURNALS[gen], None))
        out.append((PERSIST, SETUP, {"commit": self.commits}))
        self.gen = 0
        self._rolls = self._entries = 0
        self._dirty = self._marker = False

    def _base(self):
        """A base: the state saved last, and the game recall, which a journal's entries leave
        out (its rolls make theirs again when played), so that a power-up need not play the
        older journal for the recall of its rolls."""
        base = dict(self.saved)
        base["recall"] = list(self.recall)
        return base

    def _save_log(self, out):
        if self._logged and not self.ram_error and not self.unset:
            out.append((PERSIST, "audit", self.audit.dump()))
            self._logged = False

    def _check_state(self, state):
        """BadShape unless a state read back from flash is one this cabinet can carry on from
        (terminal/restored.py)."""
        from terminal import restored
        restored.state(state, len(self.panels))

    def _restore(self, state, now_ms):
        table = layout.load(state["layout"], self.settings.rules, self.table)
        if table.stations() != len(self.panels):
            raise layout.BadLayout("the state has %d stations, the board %d" % (
                table.stations(), len(self.panels)))
        self.table = table
        self.commits = state["commit"]
        self.no_rolls = state["no_rolls"]
        self.read = state["read"]
        self.keeper = state["keeper"]
        self.door = state["door"]
        self.attendant = state["attendant"]  # the key switch says at once if it is still on
        for panel, handpay in zip(self.panels, state["handpays"]):
            panel.handpay = handpay
        self.meters = Meters(state["meters"])
        self.history = [(d[0], d[1]) for d in state["history"]]
        self.tilt = state["tilt"]
        self._carry_on(now_ms)

    def _game(self, before, dice, roll):
        """The roll's recall record, for host tools (self.games): the layout as the bets closed
        (before: the table before the roll), the dice and what they did; it is the game the
        meters counted last. The board makes none: its recall is _remember's."""
        record = {"game": self.meters.counts["games"], "dice": dice, "point": roll.point,
                  "layout": before, "settlements": roll.settlements,
                  "rules": self.settings.rules.as_dict(), "shooter": roll.shooter,
                  "moves": [list(m) for m in roll.moves], "credits": list(self.table.credits),
                  "on_table": [self.table.on_table(s) for s in range(len(self.panels))]}
        self.games.append(record)

    def _remember(self, dice, point, records):
        """Game recall from a roll: its dice, the puck before it and its settlement records. Each
        station's results are one flat list, spot, net, spot, net... (a pair each would be the
        busiest cabinet's largest use of the heap after its bets), in the order settled: a spot
        is the wager's craps.wagers.layout_id, a small int, which takes no heap of its own and
        keeps a base's recall short. Returns each station's net and puts it on its display."""
        # Each station's list made once at its size, not grown: a list grown on the heap leaves
        # a hole at each step, and these outlive the roll's garbage around them.
        results = []
        for mine in records:
            pairs = [None] * (len(mine) // RECORD * 2)
            j = 0
            for i in range(0, len(mine), RECORD):
                pairs[j] = record_layout(mine[i])
                pairs[j + 1] = record_net(mine, i)
                j += 2
            results.append(pairs)
        nets = []
        for s, panel in enumerate(self.panels):
            net = screens.nets_of(results[s])
            nets.append(net)
            panel.message = ""
            if results[s]:
                panel.message = "WIN %d" % net if net > 0 else "LOSE %d" % -net if net else "PUSH"
        self.recall.insert(0, ((dice[0], dice[1]), point, tuple(results)))
        del self.recall[self.settings.recall:]
        return nets


def _nothing():
    pass


def _pack_heap():
    """What a replayed roll's tables left, collected: MicroPython's heap (the chip's: fixed,
    never compacted) stays packed for the next. CPython's (no gc.mem_free) needs no help, and
    its full collection a roll is most of the power-cut tests' time."""
    if hasattr(gc, "mem_free"):
        gc.collect()


def _log(data, commit):
    """(the audit log saved, without the entries of states after `commit`, the last saved: they
    never happened, a cut fell between the log and its state; True when there were any)."""
    try:
        from terminal import restored
        restored.audit_log(data)
        log = AuditLog(data)
        return log, log.after_cut(commit)
    except _MALFORMED as e:
        raise BadJournal("audit", str(e))


def _lost(played, top, log):
    """What a RAM clear loses, said in its log entry: the commits after the one played, and
    the actions the log has of them."""
    if top <= played:
        return "NOTHING LOST"
    actions = ["%s %s" % (e[4], e[5]) if e[5] else e[4] for e in log.entries if e[1] > played]
    return "COMMITS %d-%d LOST" % (played + 1, top) + (": " + ", ".join(actions) if actions
                                                       else "")


def _commits(records):
    """Every commit number the records name: their bases', entries', marker's and audit
    log's."""
    found = []
    if type(records.get(SETUP)) is dict:
        found.append(records[SETUP].get("commit", 0))
    for name in BASES:
        if type(records.get(name)) is dict:
            found.append(records[name].get("commit", 0))
    for name in JOURNALS:
        found += [e[1] for e in records.get(name) or () if type(e) is list and len(e) >= 3]
    audit = records.get("audit")
    if type(audit) is dict and type(audit.get("entries")) is list:
        found += [e[1] for e in audit["entries"] if type(e) is list and len(e) > 1]
    return [c for c in found if type(c) is int]
