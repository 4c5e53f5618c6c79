# The board file (boards/NAME.json; /board.json on the board), checked before anything is built
# from it: at start-up (main.py) and by the host tools that read one (flash, wiring), so that a
# board file the cabinet would refuse at boot is refused on the PC first, in the same words. In
# turn: the house rules and settings are ones the cabinet takes (terminal/settings.py decides
# those); every field is one the board file has, of its type (BOARD, below: what no driver
# checks); every pin is a GPIO of the RP2040 wired once; and every part builds, by hardware's own
# builders on a machine on paper (a driver's own checks: acceptor timing, matrix keys, the puck's
# pixels...). BadBoard says what is wrong in one line, naming the field.
import json

GPIOS = 30  # GP0-GP29

# Where pins live in each part, one place a line: "part(driver)" only when the part has that
# driver, "*" every item of a list, a number one item. A part the board does not have is
# skipped. SHARED: pins that parts on the same bus (the same i2c object) may share.
PINS = (
    "buttons(gpio).keys.*.0",
    "buttons(matrix).rows.*",
    "buttons(matrix).cols.*",
    "attendant_key.pin",
    "door.pin",
    "acceptors.*.pin",
    "puck(ws2812).pin",
    "puck(gpio).pins.*",
    "displays.*(ssd1306).i2c.sda",
    "displays.*(ssd1306).i2c.scl",
    "dice(shaker).uart.tx",
    "dice(shaker).uart.rx",
    "dice(shaker).motor",
    "storage(fram).i2c.sda",
    "storage(fram).i2c.scl",
    "floor.tx",
    "floor.rx",
)
SHARED = ("displays.*(ssd1306).i2c.sda", "displays.*(ssd1306).i2c.scl",
          "storage(fram).i2c.sda", "storage(fram).i2c.scl")
WATCHDOG_MS = 8388  # the longest timeout rp2's machine.WDT takes


class BadBoard(ValueError):
    """A board file the cabinet cannot run: the message is the one line a person reads."""


def load(text):
    """The board dict of a board file's text (not yet checked: check() does that)."""
    try:
        board = json.loads(text)
    except ValueError as e:
        raise BadBoard("not JSON: %s" % e)
    if type(board) is not dict:
        raise BadBoard("a board file is a JSON object")
    return board


def check(board, parts=True):
    """The board's Settings, once every pin and setting of the board dict is one the cabinet
    can run with; BadBoard otherwise. parts: every part built on paper too (the host tools);
    the board itself builds them for real next, which is that check (main.py), and spends no
    boot time or heap on paper."""
    if type(board) is not dict:
        raise BadBoard("a board file is a JSON object")
    cabinet = settings(board)  # first: the other checks count on a valid number of stations
    BOARD(None, board, board)
    _pins(board)
    if parts:
        _on_paper(board)
    return cabinet


def _pins(board):
    wired = {}  # pin: (where, the place's line in PINS, the object holding it)
    for place in PINS:
        for where, pin, holder in _walk(board, place.split("."), ""):
            if type(pin) is not int or not 0 <= pin < GPIOS:
                raise BadBoard("%s is %s: a pin is GP0 to GP%d" % (where, _show(pin), GPIOS - 1))
            if pin in wired:
                first = wired[pin]
                # the same line of the same bus (an equal i2c object): SDA to SDA, SCL to SCL
                if not (place in SHARED and first[1] in SHARED and first[2] == holder
                        and place[-3:] == first[1][-3:]):
                    raise BadBoard("GP%d is wired twice: %s and %s" % (pin, first[0], where))
            wired[pin] = (where, place, holder)


def settings(board):
    """The cabinet's Settings from the board's stations, credits, rules and settings."""
    from terminal.settings import from_board  # the game's code: main imports it after its check
    rules = board.get("rules")
    if rules is not None and type(rules) is not dict:
        raise BadBoard("rules is an object of house rules, not %s" % _show(rules))
    extra = board.get("settings", {})
    if type(extra) is not dict:
        raise BadBoard("settings is an object, not %s" % _show(extra))
    if type(board.get("dice", {})) is not dict:  # which dice is a setting too
        raise BadBoard("dice is an object")
    try:
        return from_board(board)
    except TypeError as e:  # a keyword Settings does not take
        raise BadBoard("settings: %s" % e)
    except ValueError as e:
        raise BadBoard(str(e))


def _walk(node, steps, where):
    """(where, value, the object holding it) for every value at the path `steps` in node."""
    if not steps:
        yield where, node, None
        return
    step, rest = steps[0], steps[1:]
    name, driver = step, None
    if step.endswith(")"):
        name, driver = step[:-1].split("(")
    if name == "*":
        if type(node) is not list:
            raise BadBoard("%s is a list" % where)
        items = [("%s[%d]" % (where, i), item) for i, item in enumerate(node)]
    elif name.isdigit():
        if type(node) is not list or len(node) <= int(name):
            raise BadBoard("%s is a list of at least %d" % (where, int(name) + 1))
        items = [("%s[%s]" % (where, name), node[int(name)])]
    else:
        if type(node) is not dict:
            raise BadBoard("%s is an object" % where)
        if name not in node:
            return  # a part the board does not have
        items = [(where + "." + name if where else name, node[name])]
    for here, item in items:
        if driver is not None and (type(item) is not dict or item.get("driver") != driver):
            continue
        if len(rest) == 1 and type(item) is dict:  # the pin's holder: a bus is one object
            for found, pin, _ in _walk(item, rest, here):
                yield found, pin, item
        else:
            for found in _walk(item, rest, here):
                yield found


def _show(value):
    if type(value) is str:
        return "'" + value + "'"
    return str(value)


# The board file's format. A kind checks one value: kind(where, value, board), raising BadBoard.
def _later(where, value, board):
    """A field another check decides: the pins' walk, the Settings, or its driver, on paper."""


def _text(where, value, board):
    if type(value) is not str:
        raise BadBoard("%s is text, not %s" % (where, _show(value)))


def _flag(where, value, board):
    if type(value) is not bool:
        raise BadBoard("%s is true or false, not %s" % (where, _show(value)))


def _whole(low=None, high=None):
    """A whole number; low and high bound it where no driver does."""
    def kind(where, value, board):
        if type(value) is not int or (low is not None and value < low) or \
                (high is not None and value > high):
            bounds = "" if low is None else " from %d %s" % (
                low, "up" if high is None else "to %d" % high)
            raise BadBoard("%s is a whole number%s, not %s" % (where, bounds, _show(value)))
    return kind


def _station(where, value, board):
    last = board.get("stations", 1) - 1
    if type(value) is not int or not 0 <= value <= last:
        raise BadBoard("%s is a station from 0 to %d, not %s" % (where, last, _show(value)))


def _button(where, value, board):
    from terminal.buttons import ALL
    if value not in ALL or type(value) is not str:
        raise BadBoard("%s is a panel button, not %s" % (where, _show(value)))


def _long_button(where, value, board):
    if value is not None:
        _button(where, value, board)


def _list_of(kind):
    def check(where, value, board):
        if type(value) is not list:
            raise BadBoard("%s is a list" % where)
        for i, item in enumerate(value):
            kind("%s[%d]" % (where, i), item, board)
    return check


def _items(*kinds):
    """A list of one value of each kind, in order."""
    def check(where, value, board):
        if type(value) is not list or len(value) != len(kinds):
            raise BadBoard("%s is a list of %d" % (where, len(kinds)))
        for i, kind in enumerate(kinds):
            kind("%s[%d]" % (where, i), value[i], board)
    return check


def _object(fields):
    """An object of fields {name: kind}: a name ending in "!" must be there; "*" lets other
    names through (to a driver that checks them); any other name is refused."""
    def check(where, value, board):
        if type(value) is not dict:
            raise BadBoard("%s is an object" % where)
        _fields(where, value, fields, board)
    return check


def _driven(default, drivers):
    """An object whose "driver" (default if absent) is a key of drivers, with that driver's
    fields."""
    def check(where, value, board):
        if type(value) is not dict:
            raise BadBoard("%s is an object" % where)
        driver = value.get("driver", default)
        if type(driver) is not str or driver not in drivers:
            raise BadBoard("%s.driver is one of %s, not %s" % (
                where, ", ".join(sorted(drivers)), _show(driver)))
        _fields(where, value, drivers[driver], board)
    return check


def _fields(where, value, fields, board):
    for name in fields:
        if name.endswith("!") and name[:-1] not in value:
            raise BadBoard("%s has no %s" % (where, name[:-1]))
    for name in value:
        kind = fields.get(name) or fields.get(name + "!")
        if kind is None and name != "driver" and "*" not in fields:
            raise BadBoard("%s has no field %s" % (where, name))
        if kind is not None:
            kind(where + "." + name if where else name, value[name], board)


_pin = _later  # the pins' walk: a GPIO, wired once
_ms = _whole(0)
_BUS = _whole(0, 1)  # the RP2040 has I2C0 and I2C1, UART0 and UART1
_KEYS = {"debounce_ms": _ms, "long_ms": _ms}
_DISPLAYS = {"console": {}, "twin": {},
             "ssd1306": {"i2c!": _object({"id!": _BUS, "sda!": _pin, "scl!": _pin}),
                         "width": _whole(0, 128), "height": _whole(0, 64),  # its RAM
                         "address": _whole(0, 127)}}
BOARD = _object({
    "name": _text, "description": _text, "production": _flag,
    "stations": _later, "credits": _later, "rules": _later, "settings": _later,
    "watchdog_ms": _whole(1, WATCHDOG_MS), "loop_ms": _ms, "mip": _list_of(_text),
    "buttons": _driven("twin", {
        "twin": _KEYS,
        "gpio": dict(_KEYS, **{"keys!": _list_of(_items(_pin, _station, _button, _long_button))}),
        "matrix": dict(_KEYS, **{"rows!": _list_of(_pin), "cols!": _list_of(_pin),
                                 "keys!": _list_of(_items(_whole(), _whole(), _station, _button,
                                                          _long_button))})}),
    "attendant_key": _object({"pin!": _pin}),
    "door": _object({"pin!": _pin}),
    "acceptors": _list_of(_object({"pin!": _pin, "station!": _station, "*": _later})),
    "puck": _driven("twin", {"twin": {}, "gpio": {"pins!": _list_of(_pin)},
                             "ws2812": {"pin!": _pin, "leds": _whole(0, 256),
                                        "brightness": _whole()}}),
    "displays": _list_of(_driven("console", _DISPLAYS)),
    "sign": _driven("console", _DISPLAYS),
    "dice": _driven("rng", {
        "rng": {"roll_ms": _later},
        "shaker": {"motor!": _pin, "shake_ms": _later, "settle_ms": _later, "answer_ms": _later,
                   "uart!": _object({"id!": _BUS, "tx!": _pin, "rx!": _pin,
                                     "baud": _whole(1)})}}),
    "floor": _object({"tx!": _pin, "rx!": _pin, "address!": _whole(1, 127),  # SAS's
                      "denomination": _whole(0, 0x3F)}),  # SAS's code of a credit's worth
    "storage": _driven("flash", {
        "flash": {},
        "fram": {"i2c!": _object({"id!": _BUS, "sda!": _pin, "scl!": _pin}),
                 "address": _whole(0, 127), "size": _later}}),  # (the size: drivers/fram.py)
})


def _on_paper(board):
    """Every part the board names, built by hardware's own builders on a machine on paper: what
    a driver refuses at boot is refused here, in its words, after where it is."""
    from drivers import hardware
    paper = _Paper()
    _build("buttons", hardware.build_buttons, paper, board.get("buttons", {}))
    for i, spec in enumerate(board.get("acceptors", [])):
        _build("acceptors[%d]" % i, hardware.build_acceptor, paper, spec,
               board.get("stations", 1))
    _build("puck", hardware.build_puck, paper, board.get("puck", {}))
    for i, spec in enumerate(board.get("displays", [])):
        _build("displays[%d]" % i, hardware.build_display, paper, spec, "S%d" % (i + 1))
    _build("sign", hardware.build_display, paper, board.get("sign", {}), "SIGN")
    _build("dice", hardware.build_dice, paper, board.get("dice", {}))
    _build("storage", hardware.build_storage, paper, board.get("storage", {}), None)


def _build(where, make, *args):
    try:
        make(*args)
    except ValueError as e:
        raise BadBoard("%s: %s" % (where, e))


class _PaperPin:
    """machine.Pin on paper: pulled up and idle (no key down, no coin's pulse)."""
    IN = OUT = OPEN_DRAIN = PULL_UP = IRQ_FALLING = IRQ_RISING = 0

    def __init__(self, *args, **kwargs):
        pass

    def value(self, *level):
        return 1

    def irq(self, *args, **kwargs):
        return None  # its edges never come


class _PaperBus:
    """machine.I2C on paper: its memory reads as zeros (a new FRAM: no file in it)."""

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        for i in range(len(buf)):
            buf[i] = 0


class _PaperOled:
    def __init__(self, width):
        self.width = width


class _Paper:
    """The machine module on paper, with the time, neopixel and ssd1306 modules that hardware's
    builders ask it for: every part is built, nothing is wired."""
    Pin = _PaperPin
    mem32 = {}

    def __init__(self):
        self.time = self.neopixel = self.ssd1306 = self

    def ticks_us(self):
        return 0

    def ticks_diff(self, a, b):
        return a - b

    def I2C(self, *args, **kwargs):
        return _PaperBus()

    def UART(self, *args, **kwargs):
        return None

    def NeoPixel(self, pin, n):
        return [None] * n

    def SSD1306_I2C(self, width, height, i2c, addr=0x3C):
        return _PaperOled(width)
