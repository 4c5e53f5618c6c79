# What of the cabinet survives a power cut: its records, the PERSIST effects that save them, and
# resuming from them at power-up.
#
# What must survive leaves as PERSIST effects, ahead of anything shown. The state record is saved
# whenever money, the meters or the round change. A roll is a commit protocol on top: bets closed
# (the roll record, naming the state it applies to, with no dice yet), the dice drawn (the roll
# record again, with them), then the roll's recall record and the settled state. resume()
# rebuilds the cabinet from those records and settles a roll that was drawn and not yet settled,
# so a roll is neither drawn twice nor paid twice.
from craps import layout
from craps.table import taken
from terminal import screens
from terminal.audit import AuditLog
from terminal.events import PERSIST
from terminal.meters import Meters


class Persistence:
    """The Cabinet's part that saves and resumes it: the round (_settle, _tilt, _carry_on...)
    is the Cabinet's own."""

    def state(self):
        """The record that resume() rebuilds the cabinet from."""
        return {"commit": self.commits, "layout": layout.dump(self.table), "tilt": self.tilt,
                "no_rolls": self.no_rolls, "keeper": self.keeper, "door": self.door,
                "attendant": self.attendant,
                "handpays": [p.handpay for p in self.panels], "meters": self.meters.dump(),
                "history": [list(d) for d in self.history]}

    def resume(self, records, damaged, now_ms):
        """Carry on from the records in flash: records maps each name to its content (None:
        never written); damaged names those whose every copy was bad. Returns the effects that
        save what start-up changed and finish a roll the power cut interrupted."""
        out = []
        state = records.get("state")
        roll = records.get("roll")
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

    def _save_log(self, out):
        if self._logged and not self.ram_error:
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
        self.keeper = state["keeper"]
        self.door = state["door"]
        self.attendant = state["attendant"]  # the key switch says at once if it is still on
        for panel, handpay in zip(self.panels, state["handpays"]):
            panel.handpay = handpay
        self.meters = Meters(state["meters"])
        self.history = [(d[0], d[1]) for d in state["history"]]
        self.tilt = state["tilt"]
        self._carry_on(now_ms)

    def _save(self, out):
        if self.ram_error:
            return  # the damaged records stay as they are until the attendant clears them
        self._save_log(out)
        if self._dirty:
            self.commits += 1
            out.append((PERSIST, "state", self.state()))
            self._dirty = False
        if self._closing:  # a small record rather than the state again, with every bet in it
            self._save_roll(None, out)
            self._closing = False

    def _save_roll(self, dice, out):
        # The roll in progress on the state last saved: closed (no dice yet), or drawn.
        out.append((PERSIST, "roll", {"commit": self.commits, "dice": dice}))

    def _save_recall(self, before, dice, roll, settled, out):
        """The roll's recall record, saved: the layout `before` it, the dice and what they did
        (settled: each settlement's fields); it is the game the meters counted last."""
        game = self.meters.counts["games"]
        record = {"game": game, "rules": self.settings.rules.as_dict(), "layout": before,
                  "dice": dice, "shooter": roll.shooter, "point": roll.point,
                  "settlements": settled, "moves": [list(m) for m in roll.moves],
                  "credits": list(self.table.credits),
                  "on_table": [self.table.on_table(s) for s in range(len(self.panels))]}
        out.append((PERSIST, "recall%d" % (game % self.settings.recall), record))
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
