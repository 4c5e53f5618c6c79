# The board file (boards/NAME.json; /board.json on the board), checked before anything is built
# from it: at start-up (main.py) and by the host tools that read one (flash, wiring). Every pin
# is a GPIO of the RP2040 and is wired once, and the house rules and settings are ones the
# cabinet takes (terminal/settings.py decides those). BadBoard says what is wrong in one line.
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
)
SHARED = ("displays.*(ssd1306).i2c.sda", "displays.*(ssd1306).i2c.scl")


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


def check(board):
    """The board's Settings, once every pin and setting of the board dict is one the cabinet
    can run with; BadBoard otherwise."""
    if type(board) is not dict:
        raise BadBoard("a board file is a JSON object")
    wired = {}  # pin: (where, the place's line in PINS, the object holding it)
    for place in PINS:
        for where, pin, holder in _walk(board, place.split("."), ""):
            if type(pin) is not int or not 0 <= pin < GPIOS:
                raise BadBoard("%s is %s: a pin is GP0 to GP%d" % (where, _show(pin), GPIOS - 1))
            if pin in wired:
                first = wired[pin]
                if not (place in SHARED and first[1] == place and first[2] == holder):
                    raise BadBoard("GP%d is wired twice: %s and %s" % (pin, first[0], where))
            wired[pin] = (where, place, holder)
    return settings(board)


def settings(board):
    """The cabinet's Settings from the board's stations, credits, rules and settings."""
    from terminal.settings import from_board  # the game's code: main imports it after its check
    rules = board.get("rules")
    if rules is not None and type(rules) is not dict:
        raise BadBoard("rules is an object of house rules, not %s" % _show(rules))
    extra = board.get("settings", {})
    if type(extra) is not dict:
        raise BadBoard("settings is an object, not %s" % _show(extra))
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
