# The power-cut harness: a cabinet played through a script of what players, the dice and the
# attendant do, on the storage twin, which can cut the power at any write (and tear it). After
# a cut the cabinet starts again from what storage holds, the key and the door report where
# they are (as their switches do at power-up), and the script goes on from where the cabinet
# says it is.
#
# What the cabinet must keep is its durable view: its saved state (without the commit number
# and the power-up count, which a cut changes by design) and its audit log's actions. After
# every restart that view must be one the uninterrupted run passed through, in the step the cut
# fell in: before the step, after it, or (for a roll) with the bets closed and no outcome; and
# at the end of the script the view and the game recall must equal the uninterrupted run's.
# And an outcome is never drawn twice: the dice come from a seeded source that gives a roll its
# script's dice at its first draw and different dice at every draw after it, so the cabinet that
# asks again for the dice of an outcome it had saved (or shown) plays another roll, and the run
# ends unlike the uninterrupted one. A draw is taken back only when the cut fell in the first
# write after the dice came (nothing can have been saved of them): the cabinet draws it again.
#
# The cabinet is set up by the attendant first, on empty storage; the cuts fall in the play.
# The storage is the files' twin (MemoryStorage), or the FRAM's on its twin part (FramCuts).
import json

from support import Dice
from drivers.fram import FramPart, FramStorage
from drivers.storage import MemoryStorage, PowerCut
from terminal import buttons
from terminal.cabinet import BETTING, ROLLING, SETTLING, TILT
from terminal.events import (PRESS, RELEASE, TICK, DICE, NO_ROLL, CREDITS_IN, KEY, DOOR, PERSIST,
                             RAM_ERROR)
from terminal.memory import CriticalMemory, keep
from terminal.settings import Settings
from terminal.startup import start

TICK_MS = 250

# Three stations, four shooters' worth of play: line, odds, come, place, hard, field and
# proposition bets, credits in, a cash-out paid by the attendant, a no roll, a door opening,
# a tilt of no rolls decided by the attendant's reading, and a dice change.
SCRIPT = (
    ("credits", 2, 50),
    ("bet", 0, 5, "pass"),
    ("bet", 1, 5, "dont_pass"),
    ("bet", 2, 1, "field"),
    ("roll", 3, 3),  # the point is 6
    ("bet", 0, 5, "odds"),
    ("bet", 1, 5, "place", "n8"),
    ("bet", 2, 5, "come"),
    ("roll", 4, 5),  # the come bet goes to 9
    ("bet", 2, 1, "prop"),  # any 7
    ("no_roll", "COCKED DIE"),
    ("roll", 6, 6),
    ("bet", 0, 1, "hard", "n6"),
    ("roll", 4, 2),  # 6 the easy way: the point is made
    ("cash_out", 2),
    ("key", True),
    ("key", False),  # the handpay is paid
    ("credits", 2, 100),
    ("bet", 2, 25, "pass"),
    ("bet", 0, 5, "pass"),
    ("bet", 1, 5, "dont_pass"),
    ("roll", 5, 5),  # the point is 10
    ("door", True),
    ("door", False),
    ("key", True),
    ("key", False),  # the door's tilt is cleared
    ("bet", 2, 25, "odds"),
    ("no_roll", "DIE OUT OF THE DOME"),
    ("no_roll", "DIE OUT OF THE DOME"),
    ("no_roll", "DIE OUT OF THE DOME"),  # a tilt
    ("key", True),
    ("decide", 4, 6),  # the attendant reads the dice in the dome: 10, the point is made
    ("dice_change",),
    ("key", False),
    ("bet", 0, 5, "pass"),
    ("bet", 1, 1, "field"),
    ("roll", 2, 2),  # the point is 4
    ("roll", 3, 4),  # seven out
    ("bet", 1, 5, "pass"),
    ("roll", 5, 6),
    ("bet", 1, 5, "pass"),
    ("roll", 1, 1),
    ("bet", 1, 5, "pass"),
    ("bet", 0, 5, "dont_pass"),
    ("roll", 1, 3),  # the eleventh roll: its recall record takes the first one's place
)


class PowerOff(Exception):
    """The run ended with the cabinet tilted for a RAM error."""


class Run:
    def __init__(self, storage, settings=None):
        # A shaker board: the attendant decides the reading of a roll the reader called no roll.
        self.settings = settings or Settings(stations=3, credits=200, dice="shaker")
        self.storage = storage
        self.now = 0
        self.key = False  # where the attendant key and the door physically are
        self.door = False
        self.source = Dice(2026)  # the dice of a roll drawn again
        self.draws = []  # the dice drawn for this step's roll, oldest first
        self.dice_at = None  # storage's write count when this step's dice came
        self.boot()
        if self.cab.unset:  # a new cabinet: the attendant sets it up
            self.turn_key(True)
            self.turn_key(False)

    def boot(self):
        """Power up: RAM is gone; the cabinet is what storage holds; the switches report."""
        self.memory = CriticalMemory(self.storage)
        self.cab, out = start(self.settings, self.memory, (), self.now)
        self.apply(out)
        self.send((KEY, self.key))
        self.send((DOOR, self.door))

    def send(self, event):
        self.apply(self.cab.handle(event, self.now))

    def apply(self, out):
        lost = keep(self.memory, out)
        if lost:
            self.send((RAM_ERROR, lost[0]))

    def cut(self):
        """The power was cut in this step: its dice are taken back if nothing after them was
        written whole (the cut write is counted in storage.writes)."""
        if self.dice_at is not None and self.storage.writes == self.dice_at + 1:
            self.draws.pop()
        self.dice_at = None

    def tick(self):
        self.now += TICK_MS
        self.send((TICK,))

    def press(self, s, button):
        self.send((PRESS, s, button))
        self.send((RELEASE, s, button))

    # -- what the script's steps do, from wherever the cabinet is

    def step(self, step, again=False):
        """again: the step is played again after a cut (its dice drawn so far still count)."""
        if not again:
            self.draws = []
            self.dice_at = None
        while self.cab.phase == SETTLING and not self.key:  # the key stops the clocks
            self.tick()
        STEPS[step[0]](self, *step[1:])

    def bet(self, s, chip, *selects):
        panel = self.cab.panels[s]
        while panel.chip_value() != chip:
            self.press(s, buttons.CHIP)
        for button in selects:
            self.press(s, button)
        self.press(s, buttons.BET)

    def roll(self, d1, d2):
        self._until_rolling()
        dice = (d1, d2)
        while dice in self.draws:  # a draw again: other dice
            dice = (self.source.die(), self.source.die())
        self.draws.append(dice)
        self.dice_at = self.storage.writes
        self.send((DICE,) + dice)

    def no_roll(self, reason):
        self._until_rolling()
        self.send((NO_ROLL, reason))

    def _until_rolling(self):
        if self.cab.phase == BETTING:
            self.press(self.cab.shooter(), buttons.ROLL)
            assert self.cab.phase != BETTING, self.cab.panels[self.cab.shooter()].message
        while self.cab.phase != ROLLING:
            assert self.cab.phase != TILT, self.cab.tilt
            self.tick()

    def credits(self, s, n):
        self.send((CREDITS_IN, s, n))

    def cash_out(self, s):
        self.press(s, buttons.CASH_OUT)

    def turn_key(self, on):
        self.key = on
        self.send((KEY, on))

    def open_door(self, opened):
        self.door = opened
        self.send((DOOR, opened))

    def decide(self, d1, d2):
        while self.cab.reading != (d1, d2):
            self.press(0, "odds")
        self.press(0, buttons.BET)

    def dice_change(self):
        self.press(0, "pass")

    # -- what must survive

    def view(self):
        """The durable view (see the top of this file), as canonical text."""
        state = self.cab.state()
        del state["commit"]
        counts = dict(state["meters"]["counts"])
        del counts["power_ups"]
        state["meters"] = {"counts": counts, "kinds": state["meters"]["kinds"]}
        actions = [e[4:6] for e in self.cab.audit.entries]
        return canonical([state, actions])

    def recalls(self):
        """The game recall a power-up makes of what storage holds (the rolls in its journals
        settled again), newest first: a copy's, so that this power-up saves nothing."""
        cab, _ = start(self.settings, CriticalMemory(self.storage.copy()), (), self.now)
        return [canonical(game) for game in cab.recall]


STEPS = {"bet": Run.bet, "roll": Run.roll, "no_roll": Run.no_roll, "credits": Run.credits,
         "cash_out": Run.cash_out, "key": Run.turn_key, "door": Run.open_door,
         "decide": Run.decide, "dice_change": Run.dice_change}


def canonical(obj):
    """JSON with every dict's keys sorted (MicroPython's json.dumps has no sort_keys)."""
    if type(obj) is dict:
        return "{" + ",".join("%s:%s" % (json.dumps(k), canonical(obj[k]))
                              for k in sorted(obj)) + "}"
    if type(obj) in (list, tuple):
        return "[" + ",".join(canonical(x) for x in obj) + "]"
    return json.dumps(obj)


def played(steps=SCRIPT):
    """(storage, run) after the steps, uninterrupted."""
    storage = MemoryStorage()
    run = Run(storage)
    for step in steps:
        run.step(step)
    return storage, run


def uninterrupted(script=SCRIPT, settings=None, make=MemoryStorage):
    """The run with no cut: (the view after each step, its recall records, writes made after
    the set-up). settings: the cabinet's, else Run's; make: the storage twin's class."""
    run = Run(make(), settings)
    set_up = run.storage.writes
    views = [run.view()]
    middles = []  # the views seen inside each step
    for step in script:
        seen = set()
        original = run.apply

        def watching(out, original=original, seen=seen):
            original(out)
            if [e for e in out if e[0] == PERSIST]:
                seen.add(run.view())
        run.apply = watching
        run.step(step)
        run.apply = original
        views.append(run.view())
        middles.append(seen)
    return views, middles, run.recalls(), run.storage.writes - set_up


def with_cut(at, tear, golden, script=SCRIPT, settings=None, make=MemoryStorage):
    """The script with the power cut at write `at` (counted from the set-up) on storage make()
    makes. Returns None when the run ends as the uninterrupted one did, else what differed.
    Raises PowerOff for a RAM error."""
    views, middles, recalls, _ = golden
    storage = make()
    run = Run(storage, settings)
    storage.cut(at, tear)
    k = 0
    again = False
    while k < len(script):
        try:
            run.step(script[k], again)
            k += 1
            again = False
        except PowerCut:
            run.cut()
            run.boot()
            if run.cab.ram_error:
                raise PowerOff(run.cab.tilt)
            now = run.view()
            again = now != views[k + 1]
            if not again:
                k += 1  # the step was saved whole
            elif now != views[k] and now not in middles[k]:
                return "after the cut in step %d %s the cabinet came back as none of the " \
                       "states the step passes through" % (k, script[k])
    if run.view() != views[-1]:
        return "the script ended in another state"
    if run.recalls() != recalls:
        return "the game recall differs"
    return None


class FramCuts(FramStorage):
    """Critical memory on an FRAM (a 32 KB MB85RC256V) on its twin part, counting its writes (a
    write, an overwrite, an append, a removal of a file that is there) as MemoryStorage does:
    cut(n, tear) makes the power go in the n-th write from now, before its first byte or, torn,
    before its last (every byte of it written but the last of the header that commits it). At a
    cut its directory is read again from the part, as the next power-up reads it."""
    SIZE = 32768

    def __init__(self, part=None):
        FramStorage.__init__(self, part or FramPart(self.SIZE), size=self.SIZE)
        self.writes = 0
        self._cut_at = None
        self._tear = False

    def cut(self, n, tear=False):
        self._cut_at = self.writes + n
        self._tear = tear

    def copy(self):
        part = FramPart(self.SIZE)
        part.mem[:] = self.i2c.mem
        return FramCuts(part)

    def write(self, name, data):
        self._count("write", name, data)

    def overwrite(self, name, data):
        self._count("overwrite", name, data)

    def append(self, name, data):
        self._count("append", name, data)

    def remove(self, name):
        if name in self.files:
            self._count("remove", name)

    def _count(self, method, *args):
        self.writes += 1
        if self.writes == self._cut_at:
            self._cut_at = None
            if self._tear:  # its bytes: as many as the same write makes on a copy
                twin = self.copy()
                getattr(FramStorage, method)(twin, *args)
                self.i2c.cut(twin.i2c.written - 1)
            else:
                self.i2c.cut(0)
        try:
            getattr(FramStorage, method)(self, *args)
        except PowerCut:
            self.mount()  # the power back: what the directory in RAM held is gone
            raise
