# Small fakes of the panel's hardware for the driver tests, on CPython and MicroPython: a pin
# with a level the test sets (and rp2's edge interrupt), MicroPython's tick clocks on a time
# the test moves, a key matrix without diodes (ghosts and all), a NeoPixel strip and an SSD1306
# on its I2C bus that record what they were told. Only the methods the real parts have.


class Pin:
    """A GPIO pin: value() reads the level the test set; value(v) drives it (and is recorded).
    irq(handler, trigger, hard) as machine.Pin's: set(level), the outside world moving the
    line, calls the handler with the pin on each edge the trigger names, as the chip does."""
    IRQ_FALLING = 4  # rp2's values
    IRQ_RISING = 8

    def __init__(self, level=1):
        self.level = level
        self.driven = []  # every value(v), oldest first
        self.handler = None
        self.trigger = 0
        self.hard = False
        self._irq = _Irq()

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.driven.append(v)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self.handler, self.trigger, self.hard = handler, trigger, hard
        return self._irq

    def set(self, level):
        if level == self.level:
            return
        edge = self.IRQ_RISING if level else self.IRQ_FALLING
        self.level = level
        if self.handler is not None and self.trigger & edge:
            self._irq.last = edge
            self.handler(self)


class _Irq:
    def __init__(self):
        self.last = 0

    def flags(self):
        return self.last


class Ticks:
    """MicroPython's time.ticks_ms, ticks_us and ticks_diff on a clock the test sets (ms), which
    wrap at 2**30 as rp2's do. offset_ms: what the counters had counted at the test's 0 ms.
    Masks, not % 2**30: 2**30 is no small int on a 32-bit MicroPython, and would allocate."""
    MASK = (1 << 29) - 1 + (1 << 29)  # ticks_max: 2**30 - 1

    def __init__(self, ms=0, offset_ms=0):
        self.ms = ms
        self.offset_ms = offset_ms

    def ticks_ms(self):
        return (self.ms + self.offset_ms) & self.MASK

    def ticks_us(self):
        return (self.ms + self.offset_ms) * 1000 & self.MASK

    def ticks_diff(self, a, b):
        d = (a - b) & self.MASK
        return d - self.MASK - 1 if d > self.MASK // 2 else d


class Contact:
    """A button on a pull-up pin (active=0) or a pull-down pin (active=1): set(pressed)."""

    def __init__(self, active=0):
        self.pin = Pin(1 - active)
        self.active = active

    def set(self, pressed):
        self.pin.set(self.active if pressed else 1 - self.active)


def run(driver, script, until_ms, step_ms=5, ticks=None):
    """Scan driver every step_ms from 0 to until_ms. script: a list of (time_ms, action), each
    action a function called before the first scan at or after time_ms. ticks: a Ticks the
    driver reads, set to each action's own time (an interrupt's moment) and to each scan's.
    Returns [(now_ms, event)], oldest first."""
    return scan_at(driver, script, range(0, until_ms + 1, step_ms), ticks)


def scan_at(driver, script, scans, ticks=None):
    """run's work with the scans at the given times (ms, in order): a loop that pauses."""
    seen = []
    # sorted() is not stable on MicroPython: the index keeps changes at one time in script order.
    todo = sorted([(t, i, action) for i, (t, action) in enumerate(script)],
                  key=lambda change: (change[0], change[1]))
    for now in scans:
        while todo and todo[0][0] <= now:
            t, _, action = todo.pop(0)
            if ticks is not None:
                ticks.ms = t
            action()
        if ticks is not None:
            ticks.ms = now
        for event in driver.scan(now):
            seen.append((now, event))
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
    """An SSD1306_I2C of width x height pixels: what Ssd1306Display uses of it (buffer, width,
    fill_rect, text, write_cmd, write_data), with a stand-in font, the same on CPython and
    MicroPython: a character is 8 columns of its code and 7 zeros. i2c is the bus, with the
    controller on it."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)  # page by page, as MONO_VLSB lays it out
        self.i2c = I2C(width, height)

    def fill_rect(self, x, y, w, h, c):
        assert y % 8 == 0 and h % 8 == 0, "the display fills whole pages"
        for page in range(y // 8, (y + h) // 8):
            for col in range(x, x + w):
                self.buffer[page * self.width + col] = 0xFF if c else 0

    def text(self, s, x, y, c=1):
        assert x == 0 and y % 8 == 0, "text off the character grid"
        assert y + 8 <= self.height and len(s) * 8 <= self.width, "text off the screen: %s" % s
        for i in range(len(s)):
            self.buffer[y // 8 * self.width + x + 8 * i] = ord(s[i])

    def write_cmd(self, cmd):
        self.i2c.writeto(0x3C, bytes((0x80, cmd)))  # Co=1, D/C#=0: one command byte

    def write_data(self, buf):
        self.i2c.writevto(0x3C, (b"\x40", buf))  # D/C#=1: the rest is data


class I2C:
    """An I2C bus with an SSD1306 at 0x3C that takes the bytes as the controller does: sent
    keeps every transfer; a command (0x80, cmd) 0x21 or 0x22 and its two arguments set the
    column or page window, and data (0x40, ...) fills the window in order (horizontal
    addressing: across a page, then the next page). The controller's RAM is 128 columns by 8
    pages; a panel narrower than 128 shows the middle columns. screen() reads the panel back."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.pages = height // 8
        self.ram = bytearray(128 * 8)
        self.sent = []
        self._cmd = []
        self._cols = (0, 127)
        self._window = (0, 7)
        self._col = 0
        self._page = 0

    def writeto(self, addr, buf):
        self._take(addr, bytes(buf))

    def writevto(self, addr, bufs):
        data = b""
        for buf in bufs:
            data += bytes(buf)
        self._take(addr, data)

    def _take(self, addr, data):
        assert addr == 0x3C, "nothing at address %d" % addr
        self.sent.append(data)
        if data[0] == 0x80:
            assert len(data) == 2, "one command byte a transfer after 0x80"
            self._command(data[1])
            return
        assert data[0] == 0x40, "a transfer is a command or data"
        for byte in data[1:]:
            self.ram[self._page * 128 + self._col] = byte
            if self._col < self._cols[1]:
                self._col += 1
            else:
                self._col = self._cols[0]
                self._page = self._page + 1 if self._page < self._window[1] else self._window[0]

    def _command(self, byte):
        self._cmd.append(byte)
        if self._cmd[0] not in (0x21, 0x22):
            self._cmd = []  # the other commands change nothing the fake models
        elif len(self._cmd) == 3:
            if self._cmd[0] == 0x21:
                self._cols = (self._cmd[1], self._cmd[2])
                self._col = self._cmd[1]
            else:
                self._window = (self._cmd[1], self._cmd[2])
                self._page = self._cmd[1]
            self._cmd = []

    def screen(self):
        """The text each row of the panel shows, in the stand-in font, without the empty
        rows at the bottom."""
        x0 = (128 - self.width) // 2
        rows = []
        for page in range(self.pages):
            at = page * 128 + x0
            row = ""
            for cell in range(self.width // 8):
                if self.ram[at + 8 * cell]:
                    row += chr(self.ram[at + 8 * cell])
            rows.append(row)
        while rows and not rows[-1]:
            rows.pop()
        return tuple(rows)
