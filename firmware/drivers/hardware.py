# Builds the drivers a board file names (boards/*.json, written to the board as /board.json).
# The one place that looks hardware up: `machine`, `neopixel` and `ssd1306` are imported here,
# only for the parts a board has, and handed to the drivers.
import os
import time

from drivers.clock import Clock
from drivers.storage import Storage
from terminal.memory import CriticalMemory
from drivers.watchdog import WatchdogTwin, reset_cause


STORAGE_ROOT = "/data"  # the cabinet's storage on the board's filesystem
ERROR_LOG = "errors.log"
ERROR_LOG_BYTES = 4096


class Parts:
    """What terminal.loop.Loop drives: inputs, puck, displays, sign, dice, signal, watchdog,
    memory (the critical records, kept in storage)."""

    def __init__(self):
        self.inputs = []
        self.puck = None
        self.displays = []
        self.sign = None
        self.dice = None
        self.watchdog = None
        self.storage = None
        self.memory = None
        self.clock = None
        self.service = False  # the attendant key was on at power-up: service mode
        self.reset_cause = "unknown"

    def signal(self, station, name):
        # A beep or blink for a refusal, a win, a handpay: logged on the console for now.
        print("[S%d] %s" % (station + 1, name))

    def record(self, error):
        """Keep an unexpected error's traceback in storage (errors.log, the last few) and say it."""
        text = _traceback(error)
        _append_error_log(self.storage, text)
        print("ERROR", text)


def build(board, storage_root=STORAGE_ROOT):
    """Parts for a board dict; a part the board does not name gets its twin."""
    import machine
    parts = Parts()
    parts.clock = Clock(time.ticks_ms, time.ticks_diff)
    parts.storage = Storage(storage_root, os)
    parts.memory = CriticalMemory(parts.storage)
    parts.reset_cause = reset_cause(machine.reset_cause(), parts.storage, machine)
    parts.inputs.append(_buttons(machine, board.get("buttons", {})))
    if "attendant_key" in board:
        from drivers.buttons import AttendantKey
        pin = _input(machine, board["attendant_key"]["pin"])
        parts.service = pin.value() == 0  # the key switch pulls its pin low
        parts.inputs.append(AttendantKey(pin))
    if "door" in board:
        from drivers.buttons import DoorSwitch
        parts.inputs.append(DoorSwitch(_input(machine, board["door"]["pin"])))
    parts.puck = _puck(machine, board.get("puck", {}))
    parts.displays = [_display(machine, spec, "S%d" % (i + 1))
                      for i, spec in enumerate(board.get("displays", []))]
    parts.sign = _display(machine, board.get("sign", {}), "SIGN")
    parts.dice = _dice(machine, board.get("dice", {}))
    # machine.WDT runs from when it is built and cannot be stopped: only a production board's.
    parts.watchdog = machine.WDT(timeout=board.get("watchdog_ms", 8000)) \
        if board.get("production") else WatchdogTwin()
    return parts


def halt(board, error, line=None):
    """The cabinet could not be built: say why (line, or the error's traceback) on the console
    and in errors.log (added to it), then, in production, stop with Ctrl-C closed (no game, no
    REPL) until it is powered off; a service board (not production) returns to the REPL for
    the technician."""
    import machine
    import micropython
    text = line + "\n" if line else _traceback(error)
    print("CRAPS TERMINAL HALTED: cannot build the cabinet\n" + text)
    _log(text)
    if board.get("production"):
        micropython.kbd_intr(-1)
        # The watchdog may be running already (the parts were built): fed, it does not reset
        # the board into the same halt, and another errors.log entry, every few seconds.
        watchdog = machine.WDT(timeout=board.get("watchdog_ms", 8000))
        while True:
            watchdog.feed()
            time.sleep_ms(1000)


def tilt(board, reason, lines, puck_frame):
    """A tilt no key clears, only reflashing (the program changed): the console says
    "CRAPS TERMINAL TILT <reason>", errors.log keeps it, the sign and every station display show
    lines, the puck puck_frame(elapsed_ms). A production board then stays so for good, Ctrl-C
    closed, the watchdog fed; a service board (not production, or the attendant key held at
    power-up) returns to the REPL for the technician. An error building the parts is raised."""
    import machine
    import micropython
    print("CRAPS TERMINAL TILT " + reason)
    _log("TILT " + reason + "\n")
    parts = build(board)
    for screen in [parts.sign] + parts.displays:
        screen.show(lines)
    parts.puck.show(puck_frame(0))
    if not board.get("production") or parts.service:
        return
    micropython.kbd_intr(-1)
    start = time.ticks_ms()
    while True:
        parts.puck.show(puck_frame(time.ticks_diff(time.ticks_ms(), start)))
        parts.watchdog.feed()
        time.sleep_ms(100)
        machine.idle()  # (where the virtual board lets its console out)


def _log(text):
    """Add text to the board's errors.log, if its storage can be written."""
    try:
        _append_error_log(Storage(STORAGE_ROOT, os), text)
    except Exception:  # the storage may be what failed: the console has it
        pass


def _append_error_log(storage, text):
    """Add text to errors.log in storage; its last ERROR_LOG_BYTES are kept."""
    old = storage.read(ERROR_LOG) or b""
    storage.write(ERROR_LOG, (old + text.encode())[-ERROR_LOG_BYTES:])


def _buttons(machine, spec):
    from drivers import buttons
    driver = spec.get("driver", "twin")
    timing = {"debounce_ms": spec.get("debounce_ms", 20), "long_ms": spec.get("long_ms", 800)}
    if driver == "gpio":
        keys = [(_input(machine, pin), station, button, long_button)
                for pin, station, button, long_button in spec["keys"]]
        return buttons.GpioButtons(keys, **timing)
    if driver == "matrix":
        # Open drain: with no diodes, two keys down in one column would short a row driven low
        # to a row driven high.
        rows = [machine.Pin(p, machine.Pin.OPEN_DRAIN, value=1) for p in spec["rows"]]
        cols = [_input(machine, p) for p in spec["cols"]]
        keys = dict(((r, c), (station, button, long_button))
                    for r, c, station, button, long_button in spec["keys"])
        return buttons.MatrixButtons(rows, cols, keys, **timing)
    return buttons.ButtonsTwin()


def _input(machine, pin):
    return machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)


def _puck(machine, spec):
    from drivers import puck_leds
    driver = spec.get("driver", "twin")
    if driver == "ws2812":
        import neopixel
        np = neopixel.NeoPixel(machine.Pin(spec["pin"]), spec.get("leds", 7))
        return puck_leds.Ws2812Puck(np, brightness=spec.get("brightness", 64))
    if driver == "gpio":
        return puck_leds.GpioPuck([machine.Pin(p, machine.Pin.OUT) for p in spec["pins"]])
    return puck_leds.PuckTwin()


def _display(machine, spec, name):
    from drivers import display
    driver = spec.get("driver", "console")
    if driver == "ssd1306":
        import ssd1306  # micropython-lib, installed by the flash tool (board "mip")
        bus = spec["i2c"]
        i2c = machine.I2C(bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]))
        height = spec.get("height", 64)
        oled = ssd1306.SSD1306_I2C(spec.get("width", 128), height, i2c,
                                   addr=spec.get("address", 0x3C))
        return display.Ssd1306Display(oled, width_chars=spec.get("width", 128) // 8,
                                      rows=height // 8)
    if driver == "twin":
        return display.DisplayTwin()
    return display.ConsoleDisplay(name)


def _dice(machine, spec):
    driver = spec.get("driver", "rng")
    if driver == "shaker":
        from drivers.shaker import Shaker
        bus = spec["uart"]
        uart = machine.UART(bus["id"], baudrate=bus.get("baud", 9600), tx=machine.Pin(bus["tx"]),
                            rx=machine.Pin(bus["rx"]), timeout=0)
        motor = machine.Pin(spec["motor"], machine.Pin.OUT, value=0)
        return Shaker(motor, uart, shake_ms=spec.get("shake_ms", 1500),
                      settle_ms=spec.get("settle_ms", 1200), answer_ms=spec.get("answer_ms", 1000))
    from drivers.entropy import RoscBits
    from drivers.rng_dice import RngDice
    # roll_ms: the result lands after the puck's rolling animation has had time to show.
    return RngDice(RoscBits(machine.mem32), roll_ms=spec.get("roll_ms", 600))


def _traceback(error):
    import io
    import sys
    text = io.StringIO()
    if hasattr(sys, "print_exception"):  # MicroPython
        sys.print_exception(error, text)
    else:
        import traceback
        traceback.print_exception(type(error), error, error.__traceback__, file=text)
    return text.getvalue()
