# A station's display and the cabinet's sign: draws the lines of terminal/screens.py (a tuple
# of short lines, the last a message that can be long) on an SSD1306 or on the USB console.
# Each draws only when the lines changed, so the cabinet may send the same lines every tick.


def layout(lines, width, rows):
    """The rows of text a screen of width x rows characters shows for lines: every line but
    the last cut to the width, and the last (the message) wrapped over the rows left, at least
    one. What does not fit is cut: the lines at the end before the message, then the message's
    end."""
    fixed = min(len(lines) - 1, rows - 1) if lines else 0
    screen = [line[:width] for line in lines[:fixed]]
    if lines:
        screen.extend(wrap(lines[-1], width)[:rows - fixed])
    return tuple(screen)


def wrap(text, width):
    """text in rows of at most width characters, broken at spaces (a longer word is split)."""
    rows = []
    row = ""
    for word in text.split():
        while len(word) > width:
            if row:
                rows.append(row)
                row = ""
            rows.append(word[:width])
            word = word[width:]
        if not word:
            continue
        if not row:
            row = word
        elif len(row) + 1 + len(word) <= width:
            row += " " + word
        else:
            rows.append(row)
            row = word
    if row:
        rows.append(row)
    return rows


class Ssd1306Display:
    """An SSD1306 through an object like micropython-lib's SSD1306_I2C (fill(c), text(s, x, y),
    show()), with its 8x8 font: 16 characters by 8 rows on 128x64, 4 rows on 128x32. It draws
    when the lines change, and then only if what the screen shows changes."""

    def __init__(self, oled, width_chars=16, rows=8):
        if width_chars < 1 or rows < 1:
            raise ValueError("a display has at least 1 row of 1 character")
        self._oled = oled
        self._width = width_chars
        self._rows = rows
        self._lines = None
        self._screen = None

    def show(self, lines):
        lines = tuple(lines)
        if lines == self._lines:
            return
        self._lines = lines
        screen = layout(lines, self._width, self._rows)
        if screen == self._screen:  # changed only where it is cut off: no 1 KB over I2C
            return
        self._screen = screen
        oled = self._oled
        oled.fill(0)
        y = 0
        for row in screen:
            oled.text(row, 0, y)
            y += 8
        oled.show()


class ConsoleDisplay:
    """A cabinet with no display: each change is one line on the USB console,
    `[name] line | line | ...` (empty lines left out), through write (print by default)."""

    def __init__(self, name, write=print):
        self._name = name
        self._write = write
        self._lines = None

    def show(self, lines):
        lines = tuple(lines)
        if lines == self._lines:
            return
        self._lines = lines
        self._write("[%s] %s" % (self._name, " | ".join([line for line in lines if line])))


class DisplayTwin:
    """The simulator's and tests' display: shown keeps every set of lines drawn (a new one only
    when they changed, as the real displays draw), lines the ones shown now (None before the
    first), screen those lines as an SSD1306 of width_chars x rows would lay them out."""

    def __init__(self, width_chars=16, rows=8):
        self._width = width_chars
        self._rows = rows
        self.shown = []
        self.lines = None

    @property
    def screen(self):
        if self.lines is None:
            return None
        return layout(self.lines, self._width, self._rows)

    def show(self, lines):
        lines = tuple(lines)
        if lines == self.lines:
            return
        self.lines = lines
        self.shown.append(lines)
