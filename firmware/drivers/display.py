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


# The SSD1306's commands for the window a write fills (its RAM is 128 columns by 8-pixel pages).
SET_COL_ADDR = 0x21
SET_PAGE_ADDR = 0x22


class Ssd1306Display:
    """An SSD1306 through micropython-lib's SSD1306_I2C (a framebuf.FrameBuffer: buffer, width,
    fill_rect, text with its 8x8 font; write_cmd, write_data), 16 characters by 8 rows on
    128x64, 4 rows on 128x32. A row of text is one 8-pixel page of the controller's RAM: it
    keeps what each row shows, and when the lines change it draws and sends each row that
    changed, one after the other, so that a new view's first row is on the glass in about 3 ms,
    not all its rows together at the end (one row is 128 bytes over I2C, about 3 ms at 400 kHz;
    the whole screen, as SSD1306_I2C.show() sends it, is 1 KB and 23 ms)."""

    def __init__(self, oled, width_chars=16, rows=8):
        if width_chars < 1 or rows < 1:
            raise ValueError("a display has at least 1 row of 1 character")
        self._oled = oled
        self._width = width_chars
        self._rows = rows
        self._lines = None
        self._shown = [None] * rows  # each row's text on the screen; None: not known yet
        # Narrower panels sit in the middle of the controller's 128 columns (as show() does).
        self._x0 = (128 - oled.width) // 2

    def show(self, lines):
        lines = tuple(lines)
        if lines == self._lines:
            return
        self._lines = lines
        screen = layout(lines, self._width, self._rows)
        oled = self._oled
        shown = self._shown
        for row in range(self._rows):
            text = screen[row] if row < len(screen) else ""
            was = shown[row]
            if text != was:
                shown[row] = text
                oled.fill_rect(0, row * 8, oled.width, 8, 0)
                oled.text(text, 0, row * 8, 1)
                self._send(row, was)

    def _send(self, row, was):
        """Page ROW of the frame buffer: the columns of the characters that differ from WAS, its
        text before (a credit meter's digit is 8 bytes, not its row's 128), or the whole row
        when WAS is None (not known). In the controller's horizontal addressing mode (as
        SSD1306 sets it up) the window of columns and pages takes the bytes in order."""
        oled = self._oled
        width = oled.width
        left, right = 0, width - 1
        if was is not None:
            left, right = _changed(was, self._shown[row], self._width)
            left, right = left * 8, min(width, (right + 1) * 8) - 1
        for cmd in (SET_COL_ADDR, self._x0 + left, self._x0 + right, SET_PAGE_ADDR, row, row):
            oled.write_cmd(cmd)
        at = row * width
        oled.write_data(memoryview(oled.buffer)[at + left:at + right + 1])


def _changed(was, now, width):
    """(first, last): the characters where a row's text WAS and is NOW differ (they do)."""
    first = 0
    while first < width - 1 and _char(was, first) == _char(now, first):
        first += 1
    last = width - 1
    while last > first and _char(was, last) == _char(now, last):
        last -= 1
    return first, last


def _char(text, i):
    return text[i] if i < len(text) else " "


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
