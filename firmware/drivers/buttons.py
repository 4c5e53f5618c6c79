# The panel's buttons and the attendant key, polled from an asyncio task every few ms:
# `scan(now_ms)` reads the pins and returns the events that happened since the last scan.
#
# Debounce after, not before: a key acts on its first edge. The first scan that reads it pressed
# gives (PRESS, button) at once; it is let go only once it has read released for debounce_ms, so
# the bounces of its contact (closing or opening) make no second press. A key that has a
# long_button (a small panel where holding BET means TAKE_DOWN) gives (PRESS, button) the same,
# then (HOLD, button, long_button) for the display to say what holding on does; still held
# long_ms after the press and it gives (PRESS, long_button) at that scan. When it is let go:
# (RELEASE, button), and (RELEASE, long_button) after a long press. The cabinet decides what a
# long press does to what the short one did (terminal/cabinet.py).
#
# now_ms must only go up (the firmware's clock unwraps time.ticks_ms): times are subtracted.
# A scan where nothing happened returns NO_EVENTS, one shared empty tuple: scans run every few
# ms and are nearly all empty, so they allocate nothing then.
from terminal.events import PRESS, RELEASE, HOLD, KEY, DOOR

NO_EVENTS = ()
# Frames: what an idle scan runs keeps each frame within 11 slots (locals and stack; a for loop
# takes 4 for its iterator): MicroPython puts a larger frame on the heap for the call and frees
# it on return, and each counts towards gc.threshold, whose collections (15 ms on the chip) held
# the keys up. Stepping the keys is for a scan that reads one pressed or held.


class Debounced:
    """A contact's level, which changes only after it has read the same for debounce_ms."""

    def __init__(self, debounce_ms):
        self.debounce_ms = debounce_ms
        self.raw = False  # the last reading
        self.since = 0  # when the last reading began
        self.down = False  # the debounced level

    def settle(self, level, now_ms):
        """Take one reading; True when it changes the debounced level."""
        if level != self.raw:
            self.raw = level
            self.since = now_ms
        if level != self.down and now_ms - self.since >= self.debounce_ms:
            self.down = level
            return True
        return False


class _Key:
    """One panel button: press on the first edge, debounced release, long press; shared by
    GpioButtons and MatrixButtons."""

    def __init__(self, station, button, long_button, debounce_ms, long_ms):
        self.station = station
        self.button = button
        self.long_button = long_button
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.down = False  # pressed, as the panel has told it
        self.start = 0  # when it went down
        self.since = 0  # when it began to read released, while down
        self.open = False  # down, and reading released since `since`
        self.long = False  # this press became a long press

    def step(self, pressed, now_ms, out):
        """Take one reading (True: pressed). out: the scan's events so far, a list or
        NO_EVENTS; returns them with this reading's events added."""
        s = self.station
        if not self.down:
            if pressed:  # the first edge acts
                self.down = True
                self.open = False
                self.long = False
                self.start = now_ms
                out = add(out, (PRESS, s, self.button))
                if self.long_button is not None:
                    out.append((HOLD, s, self.button, self.long_button))
            return out
        if pressed:
            self.open = False  # a bounce, or still held
            if (not self.long and self.long_button is not None
                    and now_ms - self.start >= self.long_ms):
                self.long = True
                out = add(out, (PRESS, s, self.long_button))
            return out
        if not self.open:
            self.open = True
            self.since = now_ms
        if now_ms - self.since >= self.debounce_ms:  # released long enough: let go
            self.down = False
            out = add(out, (RELEASE, s, self.button))
            if self.long:
                out.append((RELEASE, s, self.long_button))
        return out


def add(out, event):
    """out (a list, or NO_EVENTS: then a new list) with event appended."""
    if out is NO_EVENTS:
        return [event]
    out.append(event)
    return out


class GpioButtons:
    """One pin a button. keys: a list of (pin, station, button, long_button or None); a pin has
    value(). active: the level a pressed button reads (0: a switch to ground on a pull-up)."""

    def __init__(self, keys, debounce_ms=20, long_ms=800, active=0):
        self._keys = [(pin, _Key(station, button, long_button, debounce_ms, long_ms))
                      for pin, station, button, long_button in keys]
        self._pins = [pin for pin, _ in self._keys]
        self._active = active
        self._held = False  # a key was down at the last scan that stepped them

    def scan(self, now_ms):
        # An idle scan (none pressed, none held) reads the pins alone (see Frames above).
        if self._held or self._pressed():
            return self._step(now_ms)
        return NO_EVENTS

    def _pressed(self):
        active = self._active
        for pin in self._pins:
            if pin.value() == active:
                return True
        return False

    def _step(self, now_ms):
        out = NO_EVENTS
        active = self._active
        held = False
        for pin, key in self._keys:
            out = key.step(pin.value() == active, now_ms, out)
            held = held or key.down
        self._held = held
        return out


class MatrixButtons:
    """A key matrix, for panels with more buttons than pins. rows: output pins, driven low one
    at a time (value(0), then value(1)); cols: inputs with pull-ups, a pressed key reads low.
    keys: a dict (row, col) -> (station, button, long_button or None).

    No ghost presses. Without diodes, three pressed keys on three corners of a rectangle
    connect the fourth corner's row and column, so it reads pressed too, and no scan can tell
    which of the four is not really down. The rule: every key on a corner of a rectangle whose
    four corners all read pressed is taken as its debounced state (it neither goes down nor
    comes up, and a change it was settling into starts again) until the rectangle breaks. So a
    key held before the rectangle formed stays held, a ghost never presses, and a real key that
    completes a rectangle is seen once one of the others is let go. Positions with no key count
    as corners too. Wiring: with no diodes, a row that is not being scanned must not drive
    high against the scanned one through two keys in a column, so the board makes the rows
    open drain (machine.Pin(n, Pin.OPEN_DRAIN, value=1)): value(1) lets a row go.
    """

    def __init__(self, rows, cols, keys, debounce_ms=20, long_ms=800):
        self._rows = rows
        self._cols = cols
        self._grid = [[None] * len(cols) for _ in rows]  # [row][col] -> _Key or None
        for (r, c), (station, button, long_button) in keys.items():
            if not (0 <= r < len(rows) and 0 <= c < len(cols)):
                raise ValueError("matrix key (%d, %d) is off a %dx%d matrix"
                                 % (r, c, len(rows), len(cols)))
            self._grid[r][c] = _Key(station, button, long_button, debounce_ms, long_ms)
        self._read = [0] * len(rows)  # a scan's readings: one bit a column, per row
        self._held = False  # a key was down at the last scan that stepped them
        for row in rows:
            row.value(1)

    # Index loops, not enumerate(): on MicroPython each enumerate and its (i, x) tuples are heap
    # objects, about 1.5 KB a scan of a 4x8 matrix, every loop step. And while loops in what
    # an idle scan runs (see Frames above).

    def scan(self, now_ms):
        # An idle scan (none read pressed, none held) reads the rows alone.
        if self._read_rows() or self._held:
            return self._step(now_ms)
        return NO_EVENTS

    def _read_rows(self):
        """Each row's readings into _read; whether any key reads pressed."""
        rows = self._rows
        read = self._read
        seen = 0
        r = 0
        while r < len(rows):
            read[r] = self._columns(rows[r])
            seen |= read[r]
            r += 1
        return seen

    def _columns(self, row):
        # The row driven low: a bit for each column that reads low (a key pressed).
        cols = self._cols
        row.value(0)
        bits = 0
        c = 0
        while c < len(cols):
            if cols[c].value() == 0:
                bits |= 1 << c
            c += 1
        row.value(1)
        return bits

    def _step(self, now_ms):
        read = self._read
        held = False
        out = NO_EVENTS
        grid = self._grid
        for r in range(len(grid)):
            keys = grid[r]
            bits = read[r]
            unsure = 0  # columns where this row is a corner of a rectangle of four
            for r2 in range(len(read)):
                shared = bits & read[r2]
                if r2 != r and shared & (shared - 1):  # two or more columns in common
                    unsure |= shared
            for c in range(len(keys)):
                key = keys[c]
                if key is not None:
                    if (unsure >> c) & 1:
                        out = key.step(key.down, now_ms, out)
                    else:
                        out = key.step((bits >> c) & 1 == 1, now_ms, out)
                    held = held or key.down
        self._held = held
        return out


class AttendantKey:
    """The attendant's key switch: (KEY, True) when it is turned on, (KEY, False) when off, each
    once its level has held for debounce_ms. Its level at power-up is reported too, either way:
    the cabinet remembers the key across a power cut and must learn where it is now."""

    EVENT = KEY

    def __init__(self, pin, active=0, debounce_ms=50):
        self._pin = pin
        self._active = active
        self._level = Debounced(debounce_ms)
        self._level.down = None  # not known yet: the first settled level is news

    def scan(self, now_ms):
        on = self._pin.value() == self._active
        if self._level.settle(on, now_ms):
            return [(self.EVENT, on)]
        return NO_EVENTS


class DoorSwitch(AttendantKey):
    """The cabinet door's switch, held down by the shut door: (DOOR, True) when the door opens
    (the pin, pulled up, goes high), (DOOR, False) when it shuts."""
    EVENT = DOOR

    def __init__(self, pin, active=1, debounce_ms=50):
        AttendantKey.__init__(self, pin, active, debounce_ms)


class ButtonsTwin:
    """The simulator's and tests' panel: press, release, hold and turn_key queue the events the
    real drivers would give (already debounced, long presses already named); scan returns
    them."""

    def __init__(self):
        self._events = []

    def press(self, station, button):
        self._events.append((PRESS, station, button))

    def release(self, station, button):
        self._events.append((RELEASE, station, button))

    def hold(self, station, button, long_button):
        self._events.append((HOLD, station, button, long_button))

    def turn_key(self, on):
        self._events.append((KEY, bool(on)))

    def scan(self, now_ms):
        events = self._events
        self._events = []
        return events
