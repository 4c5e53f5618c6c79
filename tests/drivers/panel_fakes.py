# Small fakes of the panel's hardware for the driver tests, on CPython and MicroPython: a pin
# with a level the test sets, a key matrix without diodes (ghosts and all), a NeoPixel strip
# and an SSD1306 that record what they were told. Only the methods the real parts have.


class Pin:
    """A GPIO pin: value() reads the level the test set; value(v) drives it (and is recorded)."""

    def __init__(self, level=1):
        self.level = level
        self.driven = []  # every value(v), oldest first

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.driven.append(v)


class Contact:
    """A button on a pull-up pin (active=0) or a pull-down pin (active=1): set(pressed)."""

    def __init__(self, active=0):
        self.pin = Pin(1 - active)
        self.active = active

    def set(self, pressed):
        self.pin.level = self.active if pressed else 1 - self.active


def run(driver, script, until_ms, step_ms=5):
    """Scan driver every step_ms from 0 to until_ms. script: a list of (time_ms, action), each
    action a function called before the first scan at or after time_ms. Returns
    [(now_ms, event)], oldest first."""
    seen = []
    # sorted() is not stable on MicroPython: the index keeps changes at one time in script order.
    todo = sorted([(t, i, action) for i, (t, action) in enumerate(script)],
                  key=lambda change: (change[0], change[1]))
    now = 0
    while now <= until_ms:
        while todo and todo[0][0] <= now:
            todo.pop(0)[2]()
        for event in driver.scan(now):
            seen.append((now, event))
        now += step_ms
    return seen


def presses(contact, changes):
    """A script for one contact from (time_ms, pressed) changes."""
    return [(t, _setter(contact, pressed)) for t, pressed in changes]


def _setter(contact, pressed):
    return lambda: contact.set(pressed)


def events(seen):
    return [event for _, event in seen]


class Matrix:
    """A key matrix with no diodes. rows are driven (value(0) pulls a row low, value(1) lets it
    go: open drain); a column reads 0 when closed switches join it, by any path through rows and
    columns, to a row pulled low. So three pressed corners of a rectangle make the fourth read
    pressed. log records ("row", r, v) and ("col", c, level) in the order the driver did them."""

    def __init__(self, rows, cols):
        self.closed = set()
        self.log = []
        self.rows = [_Row(self, r) for r in range(rows)]
        self.cols = [_Col(self, c) for c in range(cols)]

    def press(self, r, c):
        self.closed.add((r, c))

    def release(self, r, c):
        self.closed.discard((r, c))

    def key(self, r, c):
        """The switch at (r, c) as a contact: set(pressed)."""
        return _Switch(self, r, c)

    def reads_low(self, c):
        low = [r for r, row in enumerate(self.rows) if row.level == 0]
        assert len(low) <= 1, "more than one row pulled low"
        if not low:
            return False
        rows, cols = set(low), set()
        grown = True
        while grown:
            grown = False
            for r, k in self.closed:
                if (r in rows) != (k in cols):
                    rows.add(r)
                    cols.add(k)
                    grown = True
        return c in cols


class _Switch:
    def __init__(self, matrix, r, c):
        self.matrix = matrix
        self.at = (r, c)

    def set(self, pressed):
        if pressed:
            self.matrix.closed.add(self.at)
        else:
            self.matrix.closed.discard(self.at)


class _Row:
    def __init__(self, matrix, r):
        self.matrix = matrix
        self.r = r
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.matrix.log.append(("row", self.r, v))


class _Col:
    def __init__(self, matrix, c):
        self.matrix = matrix
        self.c = c

    def value(self):
        level = 0 if self.matrix.reads_low(self.c) else 1
        self.matrix.log.append(("col", self.c, level))
        return level


class NeoPixel:
    """np[i] = (r, g, b), np.write(), len(np): writes keeps each write's pixels."""

    def __init__(self, n):
        self.buf = [(0, 0, 0)] * n
        self.writes = []

    def __len__(self):
        return len(self.buf)

    def __setitem__(self, i, colour):
        self.buf[i] = colour

    def __getitem__(self, i):
        return self.buf[i]

    def write(self):
        self.writes.append(tuple(self.buf))


class Oled:
    """An SSD1306_I2C of width x height pixels with the 8x8 font: fill, text, show. shows keeps
    each show()'s text as a tuple of rows (the text at x=0 of each 8-pixel row, in row order)."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.texts = {}  # y -> text, since the last fill
        self.calls = []  # ("fill", c) / ("text", s, x, y) / ("show",)
        self.shows = []

    def fill(self, c):
        self.calls.append(("fill", c))
        self.texts = {}

    def text(self, s, x, y, c=1):
        self.calls.append(("text", s, x, y))
        assert x == 0 and y % 8 == 0, "text off the character grid"
        assert y + 8 <= self.height and len(s) * 8 <= self.width, "text off the screen: %s" % s
        self.texts[y] = s

    def show(self):
        self.calls.append(("show",))
        self.shows.append(tuple(self.texts[y] for y in sorted(self.texts)))
