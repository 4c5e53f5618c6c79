# A freshly flashed production board starts every station at 0 credits: its acceptors must put
# credits on, and then the station plays. The cabinet is built from the board file's own
# settings (terminal.settings.from_board, as main.py builds it) with empty critical memory;
# each acceptor's twin, as the board file sets it up, gives what a valid train gives.
# The board files are read from boards/ (CPython); MicroPython's test filesystem has only the
# .py files, so there the test has nothing to read.
import json

from drivers.acceptor import AcceptorTwin
from drivers.storage import MemoryStorage
from terminal.events import PRESS, RELEASE, TICK, KEY
from terminal.memory import CriticalMemory
from terminal.settings import from_board
from terminal.startup import start

PRODUCTION = ("pico-1station", "pico-shaker", "cabinet-4station", "cabinet-4station-fram",
              "pico-matrix")


def board_file(name):
    try:
        with open("%s/../../boards/%s.json" % (__file__.rsplit("/", 1)[0], name)) as f:
            return json.load(f)
    except OSError:
        return None


def press(cab, s, button, now):
    cab.handle((PRESS, s, button), now)
    cab.handle((RELEASE, s, button), now)


def test_a_fresh_production_board_takes_credits_from_its_acceptors_and_plays():
    for name in PRODUCTION:
        board = board_file(name)
        if board is None:
            return  # MicroPython: no boards/ here
        assert board["production"] and board["credits"] == 0, name
        cab, _ = start(from_board(board), CriticalMemory(MemoryStorage()), (), 0)
        assert cab.tilt == "NEW CABINET: ATTENDANT SETUP", name
        cab.handle((KEY, True), 0)  # the attendant sets it up
        cab.handle((KEY, False), 0)
        cab.handle((TICK,), 0)
        press(cab, 0, "bet", 10)
        assert cab.panels[0].message == "that needs 1 credits; the meter shows 0", name
        for spec in board["acceptors"]:
            twin = AcceptorTwin(spec["station"], spec["pulses_per_credit"])
            twin.pulses(20 * spec["pulses_per_credit"])
            for event in twin.scan(20):
                cab.handle(event, 20)
        assert cab.table.credits == [20] * board["stations"], name
        assert cab.meters.counts["acceptor_in"] == 20 * board["stations"], name
        for s in range(board["stations"]):
            press(cab, s, "bet", 30)  # the pass line is selected at power-up
            assert cab.panels[s].message == "PASS +1", (name, cab.panels[s].message)
        assert cab.table.credits == [19] * board["stations"], name
        assert cab.tilt == "", (name, cab.tilt)
