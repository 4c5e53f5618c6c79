# What of the cabinet survives a power cut: its records, the PERSIST effects that save them, and
# resuming from them at power-up.
#
# What must survive leaves as PERSIST effects, ahead of anything shown. The state record is saved
# whenever money, the meters or the round change. A roll is a commit protocol on top: bets closed
# (the roll record, naming the state it applies to, with no dice yet), the dice drawn (the roll
# record again, with them), then the roll's recall record and the settled state. resume()
# rebuilds the cabinet from those records and settles a roll that was drawn and not yet settled,
# so a roll is neither drawn twice nor paid twice. When the bets close, the state record's copies
# are re-read (VERIFY): critical memory is checked before it is used for a roll.
#
# A cabinet is set up once, by the attendant (its memory wholly empty: a new board, or a wiped
# one). From then on the set-up marker, the state and the audit log are always in flash, and the
# state's "kept" says which of the roll and recall records have been saved: any of them missing
# or damaged is a RAM error, whatever the cause, never a new cabinet.
from craps import layout
from craps.table import taken
from terminal import screens
from terminal.audit import AuditLog
from terminal.events import PERSIST, VERIFY
from terminal.meters import Meters

SETUP = "setup"  # the marker record the attendant's set-up writes
NEW_CABINET = "NEW CABINET: ATTENDANT SETUP"
ROLL = "roll"


def optional_names(settings):
    """The records that may not be there yet: "kept" bit i says names[i] has been saved."""
    return [ROLL] + ["recall%d" % i for i in range(settings.recall)]


class Persistence:
    """The Cabinet's part that saves and resumes it: the round (_settle, _tilt, _carry_on...)
    is the Cabinet's own."""

    def state(self):
        """The record that resume() rebuilds the cabinet from."""
        return {"commit": self.commits, "layout": layout.dump(self.table), "tilt": self.tilt,
                "no_rolls": self.no_rolls, "read": self.read, "keeper": self.keeper,
                "door": self.door, "attendant": self.attendant, "kept": self.kept,
                "handpays": [p.handpay for p in self.panels], "meters": self.meters.dump(),
                "history": [list(d) for d in self.history]}

    def resume(self, records, damaged, now_ms, service=False):
        """Carry on from the records in flash: records maps each name to its content (None:
        never written); damaged names those missing or whose every copy was bad. Returns the
        effects that save what start-up changed and finish a roll the power cut interrupted.
        With no set-up marker and nothing damaged, the memory was empty: a new cabinet, which
        saves nothing and waits for the attendant's set-up. service: the board powered up in
        service mode, an entry in the audit log saved with the start-up."""
        out = []
        if not damaged and records.get(SETUP) is None:
            if service:
                self.log(now_ms, "SERVICE MODE")
            self.unset = True
            self._tilt(NEW_CABINET)
            self._draw(now_ms, out)
            return out
        state = records.get("state")
        roll = records.get(ROLL)
        this_roll = not damaged and state and roll and roll["commit"] == state["commit"]
        try:
            if state:
                self._restore(state, this_roll, now_ms)  # either form: the bets were closed
        except layout.BadLayout:
            damaged = tuple(damaged) + ("state",)
        pending = not damaged and this_roll and roll["dice"]
        if records.get("audit"):
            self.audit = AuditLog(records["audit"])
            if "state" not in damaged:  # a pending roll's entries are its own commit's
                self._logged = self.audit.after_cut(self.commits + (1 if pending else 0))
            elif self.audit.entries:  # the state is lost: its commits go on after the log's
                self.commits = max(e[1] for e in self.audit.entries)
        # A recall record of a roll whose state was not saved is written again below.
        games = self.meters.counts["games"]
        recalls = [r for name, r in records.items()
                   if name.startswith("recall") and r and r["game"] <= games]
        for record in sorted(recalls, key=lambda r: r["game"]):
            self._remember(record)
        self.meters.add("power_ups")
        self._dirty = True
        if service:
            self.log(now_ms, "SERVICE MODE")
        if damaged:
            self.ram_error = tuple(damaged)
            self._tilt("RAM ERROR: " + " ".join(damaged))
        elif pending:
            self._settle(roll["dice"], now_ms, out)  # drawn before the cut: settled now, once
        else:
            self._audit_meters()
        self._save(out)
        self._draw(now_ms, out)
        return out

    def rewrite_records(self, out):
        """The attendant's set-up (a new cabinet) or RAM clear: the marker is saved with the
        state, and the records cleared (each damaged roll or recall record) are saved as not
        there, so that they are whole again."""
        for name in self.ram_error:
            if name not in (SETUP, "state", "audit"):
                out.append((PERSIST, name, None))
        self.ram_error = ()
        self.unset = False
        self._marker = True

    def _save_log(self, out):
        if self._logged and not self.ram_error and not self.unset:
            out.append((PERSIST, "audit", self.audit.dump()))
            self._logged = False

    def _restore(self, state, closed, now_ms):
        """closed: the roll record says the bets were closed on this state."""
        table = layout.load(state["layout"], self.settings.rules)
        table.betting_open = table.betting_open and not closed
        if table.stations() != len(self.panels):
            raise layout.BadLayout("the state has %d stations, the board %d" % (
                table.stations(), len(self.panels)))
        self.table = table
        self.commits = state["commit"]
        self.no_rolls = state["no_rolls"]
        self.read = state.get("read", "")  # (a state saved before the reading was kept: none)
        self.keeper = state["keeper"]
        self.door = state["door"]
        self.attendant = state["attendant"]  # the key switch says at once if it is still on
        self.kept = state.get("kept", 0)  # a state saved before records were counted: none
        for panel, handpay in zip(self.panels, state["handpays"]):
            panel.handpay = handpay
        self.meters = Meters(state["meters"])
        self.history = [(d[0], d[1]) for d in state["history"]]
        self.tilt = state["tilt"]
        self._carry_on(now_ms)

    def _save(self, out):
        if self.ram_error or self.unset:
            return  # the damaged records stay as they are until the attendant clears them
        self._save_log(out)
        if self._dirty:
            self.commits += 1
            out.append((PERSIST, "state", self.state()))
            self._dirty = False
        if self._marker:  # last: a cut in the set-up leaves no marker beside the other records
            out.append((PERSIST, SETUP, {"commit": self.commits}))
            self._marker = False
        if self._closing:  # a small record rather than the state again, with every bet in it
            self._save_roll(None, out)
            out.append((VERIFY, "state"))  # the state the roll is played on is still whole
            self._closing = False

    def _save_roll(self, dice, out):
        # The roll in progress on the state last saved: closed (no dice yet), or drawn.
        out.append((PERSIST, ROLL, {"commit": self.commits, "dice": dice}))
        self.kept |= 1  # the states saved from now on expect the roll record

    def _save_recall(self, before, dice, roll, settled, out):
        """The roll's recall record, saved: the layout `before` it, the dice and what they did
        (settled: each settlement's fields); it is the game the meters counted last."""
        game = self.meters.counts["games"]
        record = {"game": game, "rules": self.settings.rules.as_dict(), "layout": before,
                  "dice": dice, "shooter": roll.shooter, "point": roll.point,
                  "settlements": settled, "moves": [list(m) for m in roll.moves],
                  "credits": list(self.table.credits),
                  "on_table": [self.table.on_table(s) for s in range(len(self.panels))]}
        slot = game % self.settings.recall
        out.append((PERSIST, "recall%d" % slot, record))
        self.kept |= 2 << slot
        return record

    def _remember(self, record):
        """Game recall from a roll's record: each station's results as (label, net) pairs.
        Returns each station's net and puts it on its display."""
        results = [[] for _ in self.panels]
        for player, kind, number, on, outcome, win, commission, lost, _, _ in \
                record["settlements"]:
            results[player].append((screens.label(kind, number, on),
                                    win - taken(outcome, lost, commission)))
        nets = []
        for s, panel in enumerate(self.panels):
            net = sum(n for _, n in results[s])
            nets.append(net)
            panel.message = ""
            if results[s]:
                panel.message = "WIN %d" % net if net > 0 else "LOSE %d" % -net if net else "PUSH"
        dice = record["dice"]
        self.recall.insert(0, ((dice[0], dice[1]), record["layout"]["point"],
                               tuple(tuple(r) for r in results)))
        del self.recall[self.settings.recall:]
        return nets
