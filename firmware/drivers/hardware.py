# Builds the drivers a board file names (boards/*.json, written to the board as /board.json).
# The one place that looks hardware up: `machine`, `neopixel` and `ssd1306` are imported here,
# only for the parts a board has, and handed to the drivers. The build_* part builders are also
# the board checker's (drivers/board_file.py): it runs them on a machine on paper, so what a
# driver refuses at boot it refuses first, in the same words.
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
    memory (the critical records, kept in storage, or on the board's FRAM)."""

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
        self.floor = None  # the SAS port (terminal/floor.py), also among the inputs
        self.reset_cause = "unknown"
        self.faults = []  # (name, error): parts the board names that could not be built, each
        # replaced by what still lets the cabinet run (a station's display by the console)

    def collect(self):
        """After a save (Loop.carry_out): a bet's or a roll's garbage collected at once, its
        screens drawn already, not in the middle of the next key's answer (a collection takes
        about 25 ms on the chip)."""
        import gc
        gc.collect()

    def signal(self, station, name):
        # A beep or blink for a refusal, a win, a handpay: logged on the console for now.
        print("[S%d] %s" % (station + 1, name))

    def record(self, error):
        """Keep an unexpected error's traceback in storage (errors.log, the last few) and say it."""
        text = _traceback(error)
        _append_error_log(self.storage, text)
        print("ERROR", text)


def power_up(board):
    """(service, watchdog), read first thing at power-up. Service mode: the attendant key held at
    power-up and, on a board with a door switch, the door open. A production board not in service
    gets its machine.WDT now, before the program check (it can never be stopped); any other board
    a WatchdogTwin, so that a technician at the REPL is not reset under their hands."""
    import machine
    try:
        service = _service(machine, board)
    except Exception:  # a bad pin in the board file: no service mode (the build will say why)
        service = False
    if board.get("production") and not service:
        return False, machine.WDT(timeout=board.get("watchdog_ms", 8000))
    return service, WatchdogTwin()


def _service(machine, board):
    if "attendant_key" not in board:
        return False
    held = _input(machine, board["attendant_key"]["pin"]).value() == 0  # the key pulls it low
    if "door" not in board:
        return held
    return held and _input(machine, board["door"]["pin"]).value() == 1  # open: the pin is high


def build(board, storage_root=STORAGE_ROOT, watchdog=None):
    """Parts for a board dict; a part the board does not name gets its twin. watchdog: the one
    power_up() gave (None: a WatchdogTwin). A station display that cannot be built (no display
    on the bus, its module missing) is the console instead, named in parts.faults."""
    import machine
    parts = Parts()
    parts.clock = Clock(time.ticks_ms, time.ticks_diff)
    parts.storage = Storage(storage_root, os)
    parts.memory = CriticalMemory(build_storage(machine, board.get("storage", {}), parts.storage))
    parts.reset_cause = reset_cause(machine.reset_cause(), parts.storage, machine)
    parts.inputs.append(build_buttons(machine, board.get("buttons", {})))
    if "attendant_key" in board:
        from drivers.buttons import AttendantKey
        parts.inputs.append(AttendantKey(_input(machine, board["attendant_key"]["pin"])))
    if "door" in board:
        from drivers.buttons import DoorSwitch
        parts.inputs.append(DoorSwitch(_input(machine, board["door"]["pin"])))
    parts.inputs += [build_acceptor(machine, spec, board.get("stations", 1))
                     for spec in board.get("acceptors", [])]
    if "floor" in board:
        parts.floor = build_floor(machine, board["floor"])
        parts.inputs.append(parts.floor)
    parts.puck = build_puck(machine, board.get("puck", {}))
    parts.displays = [_station_display(machine, spec, "S%d" % (i + 1), parts.faults)
                      for i, spec in enumerate(board.get("displays", []))]
    parts.sign = build_display(machine, board.get("sign", {}), "SIGN")
    parts.dice = build_dice(machine, board.get("dice", {}))
    parts.watchdog = watchdog or WatchdogTwin()
    return parts


def pace_heap():
    """Collect after every sixteenth of the heap left after boot has been given out, not only
    when an allocation fails. The heap is never compacted: what lives across rolls (the bets,
    recall) then lands low in it, and the large block a record or a long list needs stays free
    above (the 8-station cabinet ran out of one within 20 rolls without it; with a quarter, 2
    of 7 runs of the heap test with the interrupt-driven acceptor ran out; with an eighth, once
    the walk and the FRAM driver were in, the run whose data folder had the longer path)."""
    import gc
    gc.collect()
    gc.threshold(gc.mem_free() // 16)


def halt(board, error, service, watchdog, line=None):
    """The cabinet could not be built (a part missing, a bad board file): say why (line, or the
    error's traceback) on the console and in errors.log (added to it), and blink the puck's HALT
    code if the puck can be built. A production board not in service then stays so (no game,
    Ctrl-C closed, the watchdog power_up() started fed) until it is powered up in service mode;
    a service board, or one not in production, returns to the REPL for the technician."""
    from terminal import puck as lamps
    text = line + "\n" if line else _traceback(error)
    print("CRAPS TERMINAL HALTED: cannot build the cabinet\n" + text)
    _log(text)
    try:
        import machine
        leds = build_puck(machine, board.get("puck", {}))
    except Exception:  # the puck is what failed, or is not there: the console has it
        leds = None
    _hold(board, service, watchdog, leds, lambda ms: lamps.frame(lamps.HALT, 0, ms))


def tilt(board, reason, lines, puck_frame, service, watchdog):
    """A tilt no key clears, only reflashing (the program changed): the console says
    "CRAPS TERMINAL TILT <reason>", errors.log keeps it, the sign and every station display show
    lines, the puck puck_frame(elapsed_ms); then as halt(). An error building the parts is
    raised."""
    print("CRAPS TERMINAL TILT " + reason)
    _log("TILT " + reason + "\n")
    parts = build(board, watchdog=watchdog)
    for screen in [parts.sign] + parts.displays:
        screen.show(lines)
    _hold(board, service, watchdog, parts.puck, puck_frame)


def _hold(board, service, watchdog, leds, puck_frame):
    """Show puck_frame on the puck (leds, or None); a production board not in service then stays
    so for good, the watchdog fed; any other board returns (to the REPL)."""
    import machine
    if leds is not None:
        leds.show(puck_frame(0))
    if not board.get("production") or service:
        return
    start = time.ticks_ms()
    while True:
        if leds is not None:
            leds.show(puck_frame(time.ticks_diff(time.ticks_ms(), start)))
        watchdog.feed()
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


def build_buttons(machine, spec):
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


def build_acceptor(machine, spec, stations):
    """A coin or bill acceptor's pulse line: its open-collector output needs the pull-up."""
    from drivers.acceptor import PulseAcceptor
    if not 0 <= spec["station"] < stations:
        raise ValueError("an acceptor credits station %s of %d" % (spec["station"], stations))
    timing = dict((k, v) for k, v in spec.items() if k not in ("pin", "station"))
    return PulseAcceptor(_input(machine, spec["pin"]), spec["station"],
                         ticks=getattr(machine, "time", time), **timing)  # (paper's: its own)


def _module(machine, name):
    """The port's or micropython-lib's module name (neopixel, ssd1306): the board checker's
    machine on paper (drivers/board_file.py) brings its own, the board's has none."""
    return getattr(machine, name, None) or __import__(name)


def _input(machine, pin):
    return machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)


def build_floor(machine, spec):
    """The SAS port to the floor system: its line on PIO (drivers/sas_uart.py); a ROM signature
    the floor asks for is the seeded program check's (drivers/integrity.py)."""
    import rp2
    from drivers import integrity
    from drivers.sas_uart import SasUart
    from terminal.floor import FloorPort
    return FloorPort(SasUart(rp2, machine, spec["tx"], spec["rx"]), spec["address"],
                     lambda key: integrity.verify(os, key), spec.get("denomination", 1))


def build_puck(machine, spec):
    from drivers import puck_leds
    driver = spec.get("driver", "twin")
    if driver == "ws2812":
        np = _module(machine, "neopixel").NeoPixel(machine.Pin(spec["pin"]), spec.get("leds", 7))
        return puck_leds.Ws2812Puck(np, brightness=spec.get("brightness", 64))
    if driver == "gpio":
        return puck_leds.GpioPuck([machine.Pin(p, machine.Pin.OUT) for p in spec["pins"]])
    return puck_leds.PuckTwin()


def _station_display(machine, spec, name, faults):
    try:
        return build_display(machine, spec, name)
    except Exception as e:  # OSError (nothing answers on the bus), ImportError (no ssd1306)
        faults.append(("%s DISPLAY" % name, e))
        from drivers import display
        return display.ConsoleDisplay(name)


def build_display(machine, spec, name):
    from drivers import display
    driver = spec.get("driver", "console")
    if driver == "ssd1306":
        ssd1306 = _module(machine, "ssd1306")  # micropython-lib, installed by flashing ("mip")
        bus = spec["i2c"]
        # 400 kHz, the SSD1306's fastest (I2C fast mode): a 128-byte row in about 3 ms.
        i2c = machine.I2C(bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]),
                          freq=bus.get("freq", 400000))
        height = spec.get("height", 64)
        oled = ssd1306.SSD1306_I2C(spec.get("width", 128), height, i2c,
                                   addr=spec.get("address", 0x3C))
        return display.Ssd1306Display(oled, width_chars=spec.get("width", 128) // 8,
                                      rows=height // 8)
    if driver == "twin":
        return display.DisplayTwin()
    return display.ConsoleDisplay(name)


def build_storage(machine, spec, files):
    """Where critical memory is kept: files (the flash's /data, drivers/storage.py), or an I2C
    FRAM ("fram": drivers/fram.py), which no number of rolls wears out. The error log and the
    reset log stay in files."""
    if spec.get("driver", "flash") == "fram":
        from drivers.fram import FramStorage
        bus = spec["i2c"]
        i2c = machine.I2C(bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]),
                          freq=400000)  # (a bus shared with displays: theirs, the fastest)
        return FramStorage(i2c, spec.get("address", 0x50), spec.get("size", 32768))
    return files


def build_dice(machine, spec):
    driver = spec.get("driver", "rng")
    if driver == "shaker":
        from drivers.shaker import Shaker
        bus = spec["uart"]
        uart = machine.UART(bus["id"], baudrate=bus.get("baud", 9600), tx=machine.Pin(bus["tx"]),
                            rx=machine.Pin(bus["rx"]), timeout=0)
        motor = machine.Pin(spec["motor"], machine.Pin.OUT, value=0)
        return Shaker(motor, uart, shake_ms=spec.get("shake_ms", 1500),
                      settle_ms=spec.get("settle_ms", 1200), answer_ms=spec.get("answer_ms", 1000))
    from drivers.entropy import RoscBits, chip_problem
    from drivers.rng_dice import RngDice
    # roll_ms: the result lands after the puck's rolling animation has had time to show. On a
    # chip that is not an RP2040 (a Pico 2) the RNG's start-up test is a tilt that names it.
    refused = chip_problem(*chip())
    return RngDice(RoscBits(machine.mem32, refused), roll_ms=spec.get("roll_ms", 600))


def chip():
    """(sys.platform, sys.implementation._machine): which port and which chip ("rp2",
    "Raspberry Pi Pico with RP2040"); the machine is "" where the interpreter does not say."""
    import sys
    return sys.platform, getattr(sys.implementation, "_machine", "")


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
