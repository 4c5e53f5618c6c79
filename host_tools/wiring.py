"""Wiring from the board files: `python -m host_tools wiring` prints, for every board in boards/,
which Pico pin goes to which part. The README's wiring section is this output (a test keeps the
two equal), so a builder reads the same pins the firmware drives. `wiring --svg BOARD` draws the
Pico's 40 pins with each used one wired to a box for its part: the part, and the parts between
(optocoupler, level shifter, resistors) with their values, and the power plan on VSYS
(docs/wiring/*.svg, kept equal too; docs/hardware.md names the parts)."""
import sys
from xml.sax.saxutils import escape

from host_tools.flash import NoSuchBoard, board_names, load_board

# The Raspberry Pi Pico's header: GPIO number -> physical pin.
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
            12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
            22: 29, 26: 31, 27: 32, 28: 34}
# Its other pins: ground, power and control.
OTHER_PIN = {3: "GND", 8: "GND", 13: "GND", 18: "GND", 23: "GND", 28: "GND", 30: "RUN",
             33: "AGND", 35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS",
             40: "VBUS"}
OUT_3V3, GROUND, VSYS = 36, 38, 39


def pin(gp):
    if gp not in PICO_PIN:  # GP23-25 and GP29 are the Pico's own (power, LED, VSYS sense)
        return "GP%d (not on the Pico's header)" % gp
    return "GP%d (pin %d)" % (gp, PICO_PIN[gp])


# The parts a builder wires besides the Pico (docs/hardware.md lists them with part numbers).
ACCEPTOR_HOW = ("through a PC817 optocoupler: its transistor from the pin to GND, its LED from "
                "the acceptor's 12 V through 2.2 kohm to the acceptor's COIN output; internal "
                "pull-up")
PUCK_HOW = ("74AHCT125 at 5 V (1A in, 1Y out, 1OE to GND) then 330 ohm to the first LED's DIN; "
            "LEDs on the 5 V rail, 1000 uF across it")
GND_PINS = (3, 8, 13, 18, 23, 28, 38)  # the Pico's digital grounds (33 is AGND)


def rows(board):
    """(pins, part, how) rows for one board; pins: [(GPIO number, role: "SDA", "TX" or "")]."""
    out = []
    buttons = board.get("buttons", {})
    if buttons.get("driver") == "gpio":
        for gp, station, button, long_button in buttons["keys"]:
            part = "S%d button %s" % (station + 1, _name(button))
            if long_button:
                part += " (long press: %s)" % _name(long_button)
            out.append(([(gp, "")], part, "push button to GND; internal pull-up"))
    elif buttons.get("driver") == "matrix":
        for r, gp in enumerate(buttons["rows"]):
            out.append(([(gp, "")], "matrix row %d" % (r + 1), "driven low in turn"))
        for c, gp in enumerate(buttons["cols"]):
            keys = ["S%d %s" % (st + 1, _name(b)) for r, cc, st, b, _ in buttons["keys"]
                    if cc == c]
            out.append(([(gp, "")], "matrix column %d: %s" % (c + 1, ", ".join(keys)),
                        "input, internal pull-up; a key joins its row and column"))
    if "attendant_key" in board:
        out.append(([(board["attendant_key"]["pin"], "")], "attendant key switch",
                    "to GND when turned (on a bench, a wire to GND); held at power-up%s: "
                    "service mode" % (", the door open" if "door" in board else "")))
    if "door" in board:
        gp = board["door"]["pin"]
        out.append(([(gp, "")], "door switch",
                    "to GND while the shut door holds it (the microswitch's COM to GND, NO to "
                    "the pin); on a bench, a jumper to GND%s; open is a tilt" % _ground_near(gp)))
    for spec in board.get("acceptors", []):
        per = spec.get("pulses_per_credit", 1)
        out.append(([(spec["pin"], "")], "S%d coin acceptor (CH-926, 12 V): %d pulse%s a credit"
                    % (spec["station"] + 1, per, "" if per == 1 else "s"), ACCEPTOR_HOW))
    puck = board.get("puck", {})
    if puck.get("driver") == "ws2812":
        out.append(([(puck["pin"], "")], "puck: %d WS2812 LEDs (OFF disc, 4 5 6 8 9 10)"
                    % puck.get("leds", 7), PUCK_HOW))
    for i, spec in enumerate(board.get("displays", [])):
        if spec.get("driver") == "ssd1306":
            bus = spec["i2c"]
            out.append(([(bus["sda"], "SDA"), (bus["scl"], "SCL")],
                        "S%d display: SSD1306 128x64, I2C%d address 0x%02X"
                        % (i + 1, bus["id"], spec.get("address", 0x3C)),
                        "VCC to 3V3 (pin %d), GND" % OUT_3V3))
    dice = board.get("dice", {})
    if dice.get("driver") == "shaker":
        out.append(([(dice["motor"], "")], "shaker motor or solenoid",
                    "gate of a logic-level MOSFET (IRLZ44N) through 100 ohm, 10 kohm gate to "
                    "GND; flyback diode (1N5819) across the motor"))
        uart = dice["uart"]
        out.append(([(uart["tx"], "TX"), (uart["rx"], "RX")],
                    "dice reader, UART%d %d baud" % (uart["id"], uart.get("baud", 9600)),
                    "TX to the reader's RX, RX from its TX; 3.3 V levels, common GND"))
    elif dice.get("driver") == "rng":
        out.append(([], "dice: the RP2040's ring oscillator (RNG)", "no wiring"))
    if "floor" in board:
        floor = board["floor"]
        out.append(([(floor["tx"], "TX"), (floor["rx"], "RX")],
                    "floor port: SAS address %d, 19,200 baud with the wakeup bit (PIO)"
                    % floor["address"],
                    "through a MAX3232 (3.3 V) to the floor cable's DB9: TX to its T1IN, RX from "
                    "its R1OUT; C1-C4 0.1 uF; GND to the DB9's pin 5 (docs/sas.md)"))
    storage = board.get("storage", {})
    if storage.get("driver") == "fram":
        bus = storage["i2c"]
        out.append(([(bus["sda"], "SDA"), (bus["scl"], "SCL")],
                    "critical memory: FRAM %d KB, I2C%d address 0x%02X"
                    % (storage.get("size", 32768) // 1024, bus["id"], storage.get("address", 0x50)),
                    "VCC to 3V3 (pin %d), GND; WP and its address pins to GND"
                    % OUT_3V3))
    return out


def _ground_near(gp):
    """' (pin N)': the GND pin nearest GPIO gp on the Pico's header ('' off the header)."""
    if gp not in PICO_PIN:
        return ""
    here = PICO_PIN[gp]
    side = [n for n in GND_PINS if (n <= 20) == (here <= 20)]
    return " (pin %d)" % min(side, key=lambda n: abs(n - here))


def _name(button):
    return button.upper().replace("_", " ")


def _pins(pins):
    return ", ".join(pin(gp) + (" " + role if role else "") for gp, role in pins) or "none"


def markdown(name, board):
    lines = ["### %s" % name, "", board.get("description", ""), "",
             "| Pico pin | part | how |", "|---|---|---|"]
    lines += ["| %s | %s | %s |" % (_pins(pins), part, how) for pins, part, how in rows(board)]
    if board.get("mip"):
        lines += ["", "micropython-lib packages: %s (installed by `make flash`)."
                  % ", ".join(board["mip"])]
    return "\n".join(lines)


def production_boards():
    """(name, board dict) of every board file that is real hardware ("production")."""
    boards = ((name, load_board(name)[0]) for name in board_names())
    return [(name, board) for name, board in boards if board.get("production")]


def power_labels(board):
    """{physical pin: [(part, how)]} of the power pins: the 5 V the Pico and the parts get (the
    power plan of docs/hardware.md), its ground, and 3.3 V where displays take it."""
    labels = {VSYS: [("power in: 5 V to VSYS through a 1N5817 Schottky diode",
                      "12 V supply (Mean Well LRS-35-12) -> buck converter to 5 V (Pololu "
                      "D24V22F5) -> 1N5817 -> VSYS: USB cannot feed the 5 V rail")],
              GROUND: [("common GND", "the 12 V supply's and the 5 V rail's 0 V, and every "
                        "part's GND")]}
    if any(d.get("driver") == "ssd1306" for d in board.get("displays", [])):
        labels[OUT_3V3] = [("displays' VCC, 3.3 V", "each SSD1306 module's VCC")]
    if board.get("storage", {}).get("driver") == "fram":
        labels.setdefault(OUT_3V3, []).append(("FRAM's VCC, 3.3 V", "the FRAM module's VCC"))
    return labels


# The drawing: the Pico seen from above, USB at the top; pins 1-20 down its left edge, 21-40 up
# its right edge; each used pin runs out to a box on its side: the part (bold), then how it is
# wired, with the parts between (optocoupler, level shifter, resistors), in a few lines.
_PITCH, _TOP, _BOARD_X, _BOARD_W, _WIDTH = 44, 130, 560, 190, 1310
_LINE, _CHARS = 12, 82  # a box's line height and its characters a line


def _pin_place(number):
    """(x, y, side) of a physical pin: side -1 on the left edge, 1 on the right."""
    if number <= 20:
        return _BOARD_X + 14, _TOP + (number - 1) * _PITCH, -1
    return _BOARD_X + _BOARD_W - 14, _TOP + (40 - number) * _PITCH, 1


def _wrap(text, width=_CHARS):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    return lines + [line] if line else lines


def _box(labels):
    """The lines of a pin's box: [(text, bold)], the parts first, then each different how."""
    lines = [(line, True) for line in _wrap("; ".join(part for part, _ in labels))]
    hows = []
    for _, how in labels:
        if how not in hows:
            hows.append(how)
    return lines + [(line, False) for line in _wrap("; ".join(hows))]


def svg(name, board):
    """The board's wiring on the Pico's 40-pin header, as an SVG document (a str)."""
    labels = power_labels(board)
    off_header = []  # GP23-25, GP29: no pin to draw them on, said under the description
    for pins, part, how in rows(board):
        for gp, role in pins:
            label = part + (", " + role if role else "")
            if gp in PICO_PIN:
                labels.setdefault(PICO_PIN[gp], []).append((label, how))
            else:
                off_header.append("GP%d: %s" % (gp, label))
    height = _TOP + 20 * _PITCH + 40
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans, Arial, sans-serif" font-size="11">' % (
               _WIDTH, height, _WIDTH, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="20" y="30" font-size="18" font-weight="bold">%s</text>' % escape(name),
           '<text x="20" y="52" font-size="12">%s</text>' % escape(board.get("description", "")),
           '<text x="20" y="72" fill="#555">Raspberry Pi Pico seen from above, USB at the top: '
           'physical pin numbers, then the pin\'s name. Each wired pin runs to its part, with '
           'the parts between it and the pin and their values (ohm, uF).</text>',
           '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#1b6b3a"/>' % (
               _BOARD_X, _TOP - 25, _BOARD_W, 19 * _PITCH + 50),
           '<rect x="%d" y="%d" width="50" height="22" fill="#bbb"/>' % (
               _BOARD_X + _BOARD_W / 2 - 25, _TOP - 35),
           '<text x="%d" y="%d" text-anchor="middle">USB</text>' % (
               _BOARD_X + _BOARD_W / 2, _TOP - 20)]
    if off_header:
        out.append('<text x="20" y="92" fill="#a00">Not on the Pico\'s header: %s</text>'
                   % escape("; ".join(off_header)))
    for number in range(1, 41):
        x, y, side = _pin_place(number)
        name_of = "GP%d" % [g for g, n in PICO_PIN.items() if n == number][0] \
            if number in PICO_PIN.values() else OTHER_PIN[number]
        used = number in labels
        colour = "#f2c14e" if used else ("#222" if "GND" in name_of else "#ddd")
        out.append('<circle cx="%d" cy="%d" r="7" fill="%s" stroke="white"/>' % (x, y, colour))
        anchor = "start" if side < 0 else "end"
        out.append('<text x="%d" y="%d" fill="white" text-anchor="%s">%d %s</text>' % (
            x - 14 * side, y + 4, anchor, number, escape(name_of)))
        if used:
            out += _part_box(x, y, side, _box(labels[number]))
    out.append('</svg>')
    return "\n".join(out) + "\n"


def _part_box(x, y, side, lines):
    """A wire from the pin at (x, y) to a box beside the board holding lines, centred on it."""
    near = _BOARD_X - 20 if side < 0 else _BOARD_X + _BOARD_W + 20
    far = 15 if side < 0 else _WIDTH - 15
    left, right = min(near, far), max(near, far)
    top = y - len(lines) * _LINE / 2.0 - 2
    out = ['<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>' % (x + 7 * side, y, near, y),
           '<rect x="%d" y="%.1f" width="%d" height="%d" rx="4" fill="#f7f3e8" stroke="#c9b77a"/>'
           % (left, top, right - left, len(lines) * _LINE + 4)]
    for i, (text, bold) in enumerate(lines):
        out.append('<text x="%d" y="%.1f"%s>%s</text>' % (
            left + 6, top + 2 + (i + 1) * _LINE - 2.5,
            ' font-weight="bold"' if bold else ' fill="#444"', escape(text)))
    return out


def add_arguments(p):
    p.add_argument("--svg", metavar="BOARD",
                   help="draw BOARD's wiring on the Pico's pins, as SVG on standard output")


def main(args=None):
    if getattr(args, "svg", None):
        try:
            board = load_board(args.svg)[0]
        except NoSuchBoard as e:
            print("wiring: %s" % e, file=sys.stderr)
            return 2
        sys.stdout.write(svg(args.svg, board))
        return 0
    try:
        boards = production_boards()
    except NoSuchBoard as e:  # a board file the firmware would refuse at start-up
        print("wiring: %s" % e, file=sys.stderr)
        return 2
    print("\n\n".join(markdown(name, board) for name, board in boards))
    return 0
