"""Wiring tables from the board files: `python -m host_tools wiring` prints, for every board in
boards/, which Pico pin goes to which part. The README's wiring section is this output (a test
keeps the two equal), so a builder reads the same pins the firmware drives."""
import sys

from host_tools.flash import NoSuchBoard, board_names, load_board

# The Raspberry Pi Pico's header: GPIO number -> physical pin.
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
            12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
            22: 29, 26: 31, 27: 32, 28: 34}


def pin(gp):
    if gp not in PICO_PIN:  # GP23-25 and GP29 are the Pico's own (power, LED, VSYS sense)
        return "GP%d (not on the Pico's header)" % gp
    return "GP%d (pin %d)" % (gp, PICO_PIN[gp])


def rows(board):
    """(pin, part, how) rows for one board."""
    out = []
    buttons = board.get("buttons", {})
    if buttons.get("driver") == "gpio":
        for gp, station, button, long_button in buttons["keys"]:
            part = "S%d button %s" % (station + 1, _name(button))
            if long_button:
                part += " (long press: %s)" % _name(long_button)
            out.append((pin(gp), part, "push button to GND; internal pull-up"))
    elif buttons.get("driver") == "matrix":
        for r, gp in enumerate(buttons["rows"]):
            out.append((pin(gp), "matrix row %d" % (r + 1), "driven low in turn"))
        for c, gp in enumerate(buttons["cols"]):
            keys = ["S%d %s" % (st + 1, _name(b)) for r, cc, st, b, _ in buttons["keys"]
                    if cc == c]
            out.append((pin(gp), "matrix column %d: %s" % (c + 1, ", ".join(keys)),
                        "input, internal pull-up; a key joins its row and column"))
    if "attendant_key" in board:
        out.append((pin(board["attendant_key"]["pin"]), "attendant key switch",
                    "to GND when turned; held at power-up: service mode"))
    if "door" in board:
        out.append((pin(board["door"]["pin"]), "door switch",
                    "to GND while the shut door holds it; the door open is a tilt"))
    puck = board.get("puck", {})
    if puck.get("driver") == "ws2812":
        out.append((pin(puck["pin"]), "puck: 7 WS2812 LEDs (OFF disc, 4 5 6 8 9 10)",
                    "DIN through 330 ohm; LEDs on VBUS (pin 40) 5 V and GND"))
    for i, spec in enumerate(board.get("displays", [])):
        if spec.get("driver") == "ssd1306":
            bus = spec["i2c"]
            out.append(("%s SDA, %s SCL" % (pin(bus["sda"]), pin(bus["scl"])),
                        "S%d display: SSD1306 128x64, I2C%d address 0x%02X"
                        % (i + 1, bus["id"], spec.get("address", 0x3C)),
                        "VCC to 3V3 (pin 36), GND"))
    dice = board.get("dice", {})
    if dice.get("driver") == "shaker":
        out.append((pin(dice["motor"]), "shaker motor or solenoid",
                    "gate of a logic-level MOSFET; flyback diode across the motor"))
        uart = dice["uart"]
        out.append(("%s TX, %s RX" % (pin(uart["tx"]), pin(uart["rx"])),
                    "dice reader, UART%d %d baud" % (uart["id"], uart.get("baud", 9600)),
                    "TX to the reader's RX, RX from its TX; 3.3 V levels, common GND"))
    elif dice.get("driver") == "rng":
        out.append(("none", "dice: the RP2040's ring oscillator (RNG)", "no wiring"))
    return out


def _name(button):
    return button.upper().replace("_", " ")


def markdown(name, board):
    lines = ["### %s" % name, "", board.get("description", ""), "",
             "| Pico pin | part | how |", "|---|---|---|"]
    lines += ["| %s | %s | %s |" % row for row in rows(board)]
    if board.get("mip"):
        lines += ["", "micropython-lib packages: %s (installed by `make flash`)."
                  % ", ".join(board["mip"])]
    return "\n".join(lines)


def production_boards():
    """(name, board dict) of every board file that is real hardware ("production")."""
    boards = ((name, load_board(name)[0]) for name in board_names())
    return [(name, board) for name, board in boards if board.get("production")]


def main(args=None):
    try:
        boards = production_boards()
    except NoSuchBoard as e:  # a board file the firmware would refuse at start-up
        print("wiring: %s" % e, file=sys.stderr)
        return 2
    print("\n\n".join(markdown(name, board) for name, board in boards))
    return 0
