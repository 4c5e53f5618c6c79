"""The simulator's dice sources: twins of the board's, with the interface in terminal/events.py.

    start(now_ms)  begin a roll (the app calls it on a ROLL_DICE effect)
    poll(now_ms)   None while the dice are rolling (or when no roll was started), then once
                   (DICE, d1, d2) or (NO_ROLL, reason)

A roll takes `roll_ms` of the app's clock, so the cabinet's rolling animation has time to show.

SeededDice(seed) draws from random.Random(seed): the same seed rolls the same dice. It stands in
for the board's entropy source only in the simulator; it is no model of that source.

ScriptedDice(script) plays a script, for demos and tests. In Python a script is a list:

    [(3, 4), "no_roll:die off the table", (6, 6)]

and a script file (read with read_script) has one roll per line:

    3 4                        two dice, 1 to 6
    no_roll die off the table  a roll the reader could not call, and why
    # a comment                blank lines and lines starting with # are skipped

When the script runs out, the roll is a NO_ROLL "script ended", so a demo that ran past its
script says so on the sign (and tilts after the cabinet's no-roll limit), unless `then` names a
dice source to carry on with: `python -m host_tools sim --dice-script FILE` hands over to the
seeded dice, and the app says "dice script ended: seeded dice from here" in a notice.
"""
import random

from terminal.events import DICE, NO_ROLL

SCRIPT_ENDED = "script ended"


class BadScript(ValueError):
    """A dice script line that is not two dice from 1 to 6 nor a no roll with its reason."""


class _Timed:
    """A roll lasts roll_ms from start(); the outcome is drawn when it lands."""

    def __init__(self, roll_ms):
        if type(roll_ms) is not int or roll_ms < 0:
            raise ValueError("roll_ms is a whole number of milliseconds from 0 up, not %s"
                             % (roll_ms,))
        self.roll_ms = roll_ms
        self.lands_at = None  # None: no roll under way

    def start(self, now_ms):
        self.lands_at = now_ms + self.roll_ms

    def poll(self, now_ms):
        if self.lands_at is None or now_ms < self.lands_at:
            return None
        self.lands_at = None
        return self._land()


class SeededDice(_Timed):
    def __init__(self, seed=None, roll_ms=600):
        _Timed.__init__(self, roll_ms)
        self.seed = seed
        self._random = random.Random(seed)

    def _land(self):
        return (DICE, self._random.randint(1, 6), self._random.randint(1, 6))


class ScriptedDice(_Timed):
    def __init__(self, script, roll_ms=600, then=None):
        _Timed.__init__(self, roll_ms)
        self._events = [_event(entry, i + 1) for i, entry in enumerate(script)]
        self._next = 0
        self.then = then  # the dice source after the script, or None: NO_ROLL "script ended"

    def ended(self):
        return self._next >= len(self._events)

    def left(self):
        return len(self._events) - self._next

    def start(self, now_ms):
        if self.ended() and self.then is not None:
            self.then.start(now_ms)  # past the script: the next source rolls, in its own time
        else:
            _Timed.start(self, now_ms)

    def poll(self, now_ms):
        if self.ended() and self.then is not None and self.lands_at is None:
            return self.then.poll(now_ms)
        return _Timed.poll(self, now_ms)

    def _land(self):
        if self.ended():
            return (NO_ROLL, SCRIPT_ENDED)
        self._next += 1
        return self._events[self._next - 1]


def _event(entry, where):
    if type(entry) is str:
        if not entry.startswith("no_roll:") or not entry[8:].strip():
            raise BadScript("roll %d: a no roll is 'no_roll:REASON', not %r" % (where, entry))
        return (NO_ROLL, entry[8:].strip())
    try:
        d1, d2 = entry
    except (TypeError, ValueError):
        raise BadScript("roll %d: two dice, not %r" % (where, entry)) from None
    for die in (d1, d2):
        if type(die) is not int or not 1 <= die <= 6:
            raise BadScript("roll %d: a die shows 1 to 6, not %r" % (where, die))
    return (DICE, d1, d2)


def parse_script(text):
    """The entries of a script file's text, checked line by line."""
    script = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "no_roll":
            script.append("no_roll:" + rest.strip())
        else:
            try:
                script.append(tuple(int(x) for x in line.split()))
            except ValueError:
                raise BadScript("line %d: '3 4' or 'no_roll REASON', not %r" % (n, line)) from None
        try:
            _event(script[-1], n)
        except BadScript as e:
            raise BadScript("line %d: %s" % (n, str(e).split(": ", 1)[1])) from None
    return script


def read_script(path):
    """The entries of the script file at path; BadScript names the file and the line."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return parse_script(text)
    except BadScript as e:
        raise BadScript("%s %s" % (path, e)) from None
