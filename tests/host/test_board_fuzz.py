# Fuzzed board files: the shipped boards/*.json, each changed a few ways at random
# (seeded: the same files every run). For every one, the firmware's checker
# (drivers/board_file.py), `wiring`, `wiring --svg` and `flash --dry-run` either all take it,
# and then the firmware builds it too (hardware.build on an rp2-like machine, the cabinet
# started from its settings), or each refuses it in one line on stderr with a non-zero exit:
# never a traceback. BOARD_FUZZ=10000 runs more files than `make test`'s few hundred.
import copy
import json
import os
import random


from drivers import board_file, hardware
from drivers.storage import MemoryStorage
from host_tools import __main__ as cli, flash
from terminal.memory import CriticalMemory
from terminal.startup import start

from repo_modules import load

panel_fakes = load("panel_fakes", "tests", "drivers", "panel_fakes.py")

COUNT = int(os.environ.get("BOARD_FUZZ", "200"))
SEED = 19
SHIPPED = [(name, flash.load_board(name)[0]) for name in flash.board_names()]
ODD = [0, -1, 1, 3, 30, 99, 2 ** 31, 10 ** 10, 1.5, "", "x", "28", None, True, False, [], {},
       [0], {"pin": 1}]


def places(node, path=()):
    """Every path into node, as tuples of keys and indexes (the root last)."""
    if type(node) is dict:
        for key, value in node.items():
            yield from places(value, path + (key,))
    elif type(node) is list:
        for i, value in enumerate(node):
            yield from places(value, path + (i,))
    yield path


def holder(board, path):
    for step in path[:-1]:
        board = board[step]
    return board


def retype(rng, board, path):
    holder(board, path)[path[-1]] = rng.choice(ODD)


def delete(rng, board, path):
    del holder(board, path)[path[-1]]


def renumber(rng, board, path):
    value = holder(board, path)[path[-1]]
    if type(value) is int:
        holder(board, path)[path[-1]] = rng.choice([-1, 0, 3, 29, 30, value + 1, -value,
                                                    value * 1000, 2 ** 40])


def nest(rng, board, path):
    value = holder(board, path)[path[-1]]
    holder(board, path)[path[-1]] = rng.choice([[value], {"x": value}, {"pin": value}])


def add_field(rng, board, path):
    value = holder(board, path)[path[-1]]
    if type(value) is dict:
        value[rng.choice(["x", "pin", "driver", "id", "debounce"])] = rng.choice(ODD)


def seen(rng, board, path):
    """The cases seen in the fuzzing: dice 0, an acceptor's stuck_ms 3, a matrix key off the
    matrix; and a driver's own ranges."""
    case = rng.randrange(5)
    if case == 0:
        board["dice"] = 0
    elif case == 1 and board.get("acceptors"):
        board["acceptors"][0]["stuck_ms"] = 3
    elif case == 2 and board["buttons"].get("driver") == "matrix":
        key = board["buttons"]["keys"][rng.randrange(len(board["buttons"]["keys"]))]
        key[rng.randrange(2)] = rng.choice([4, 8, -1, 40])
    elif case == 3:
        board["puck"] = {"driver": "ws2812", "pin": 28, "brightness": rng.choice([-1, 255, 256]),
                         "leds": rng.choice([0, 6, 7, 8])}
    elif case == 4:
        board["dice"] = {"driver": "shaker", "motor": 15, "uart": {"id": 0, "tx": 0, "rx": 1},
                         rng.choice(["shake_ms", "settle_ms", "answer_ms"]): rng.choice([-1, 0])}


MUTATIONS = (retype, delete, renumber, nest, add_field, seen)


def fuzzed(i):
    """(description, file text) of the i-th fuzzed board file."""
    rng = random.Random("%d-%d" % (SEED, i))
    name, shipped = rng.choice(SHIPPED)
    board = copy.deepcopy(shipped)
    done = [name]
    for _ in range(rng.randint(1, 3)):
        path = rng.choice([p for p in places(board) if p])  # never the root
        mutation = rng.choice(MUTATIONS)
        try:
            mutation(rng, board, path)
        except (TypeError, KeyError, IndexError, AttributeError):
            continue  # an earlier change left no such place: this one does not apply
        done.append("%s %s" % (mutation.__name__, "/".join(map(str, path))))
    text = json.dumps(board)
    if rng.random() < 0.01:
        text = text[:rng.randrange(len(text))]  # cut short: not JSON
    return ", ".join(done), text


def run(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, err


class Rp2Pin:
    """machine.Pin as rp2's refuses what the board cannot have: a GPIO number outside GP0-29."""
    IN = OUT = OPEN_DRAIN = PULL_UP = IRQ_FALLING = IRQ_RISING = 0

    def __init__(self, gpio, *args, **kwargs):
        if type(gpio) is not int or not 0 <= gpio < 30:
            raise ValueError("invalid pin")

    def value(self, *level):
        return 1

    def irq(self, *args, **kwargs):
        pass


class Rp2:
    """The machine module (and neopixel, ssd1306) of an rp2, as far as a build asks."""
    Pin = Rp2Pin
    mem32 = {}
    PWRON_RESET = 1

    def __init__(self):
        self.neopixel = self.ssd1306 = self

    def reset_cause(self):
        return self.PWRON_RESET

    def WDT(self, timeout):
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout exceeds 8388")

    def I2C(self, bus, sda, scl, freq=400000):
        if bus not in (0, 1):
            raise ValueError("bad I2C peripheral")
        return Bus()

    def UART(self, bus, baudrate, tx, rx, timeout):
        if bus not in (0, 1) or baudrate < 1:
            raise ValueError("bad UART")

    def NeoPixel(self, pin, n):
        return [None] * n

    def SSD1306_I2C(self, width, height, i2c, addr):
        oled = type("Oled", (), {})()
        oled.width = width
        return oled


class Bus:
    """An I2C bus where every address answers as a new FRAM does: its memory reads as zeros."""

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        buf[:] = bytes(len(buf))


def the_firmware_builds(board, settings, tmp_path, monkeypatch):
    """What main.py does with a board file its checker took: power up, build every part (a part
    replaced by the console is a fault), start the cabinet."""
    rp2 = Rp2()
    monkeypatch.setitem(__import__("sys").modules, "machine", rp2)
    monkeypatch.setattr(hardware, "time", panel_fakes.Ticks())  # (CPython's has no ticks)
    service, dog = hardware.power_up(board)
    parts = hardware.build(board, str(tmp_path), watchdog=dog)
    assert parts.faults == []
    start(settings, CriticalMemory(MemoryStorage()), (), 0)


def help_pages_once(build):
    """helppages.build, worked out once for each set of house rules (0.4 s each: most of an
    accepted file's time)."""
    made = {}

    def pages(rules):
        key = repr(sorted(vars(rules).items()))
        if key not in made:
            made[key] = build(rules)
        return made[key]
    return pages


def test_every_fuzzed_board_file_is_taken_by_all_or_refused_in_one_line_by_each(
        capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path / "boards"))
    monkeypatch.setattr(flash.helppages, "build", help_pages_once(flash.helppages.build))
    os.makedirs(flash.BOARDS)
    path = os.path.join(flash.BOARDS, "t.json")
    build = os.path.join(flash.MADE, "fuzz")  # kept: the firmware is compiled once, not each run
    tools = (["wiring"], ["wiring", "--svg", "t"],
             ["flash", "--board", "t", "--dry-run", "--build", build])
    taken = 0
    for i in range(COUNT):
        what, text = fuzzed(i)
        with open(path, "w") as f:
            f.write(text)
        try:
            board = board_file.load(text)
            settings, refusal = board_file.check(board), None
        except board_file.BadBoard as e:
            refusal = str(e)
        for argv in tools:
            code, err = run(capsys, *argv)
            if refusal is None:
                assert (code, err) == (0, ""), (i, what, argv, err)
            else:
                assert code not in (0, None) and len(err.splitlines()) == 1, (i, what, argv, err)
                assert err == "%s: boards/t.json: %s\n" % (argv[0], refusal), (i, what, argv)
        if refusal is None:
            taken += 1
            the_firmware_builds(board, settings, tmp_path / ("data%d" % i), monkeypatch)
    assert 0 < taken < COUNT  # both kinds were tried
