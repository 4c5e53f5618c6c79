# The board files: every button is a panel button, the firmware's own check passes, every station
# has a display, and the README's wiring tables and docs/wiring's drawings are the ones the board
# files give.
import os
import subprocess
import sys

import pytest

from drivers import board_file
from host_tools import flash, wiring
from terminal import buttons

README = os.path.join(flash.ROOT, "README.md")
HARDWARE = [name for name, _ in wiring.production_boards()]


def load(name):
    return flash.load_board(name)[0]


def test_the_boards_the_project_ships_are_there():
    assert {"pico-1station", "pico-shaker", "cabinet-4station", "virtual"} <= \
        set(flash.board_names())


@pytest.mark.parametrize("name", flash.board_names())
def test_every_key_is_a_panel_button_and_every_station_has_a_display(name):
    board = load(name)
    keys = board["buttons"].get("keys", [])
    for key in keys:
        station, button, long_button = key[-3:]
        assert 0 <= station < board["stations"]
        assert button in buttons.ALL and long_button in buttons.ALL + (None,)
    assert len(board["displays"]) == board["stations"]


@pytest.mark.parametrize("name", flash.board_names())
def test_every_board_passes_the_firmwares_own_check(name):
    # Every pin a GPIO wired once, the settings ones the cabinet takes (drivers/board_file.py).
    board_file.check(load(name))


@pytest.mark.parametrize("name", HARDWARE)
def test_every_station_of_a_hardware_board_has_an_acceptor(name):
    board = load(name)
    assert sorted(a["station"] for a in board["acceptors"]) == list(range(board["stations"]))


def test_every_panel_button_is_reachable_on_each_station_of_a_hardware_board():
    # A small panel reaches the line, come, odds, chip, bet, roll and cash out at least.
    for name in HARDWARE:
        board = load(name)
        for station in range(board["stations"]):
            reach = set()
            for key in board["buttons"]["keys"]:
                if key[-3] == station:
                    reach.update(b for b in key[-2:] if b)
            assert set(buttons.SMALL_PANEL) <= reach, (name, station)


def test_the_readme_shows_each_boards_wiring_table():
    with open(README) as f:
        text = f.read()
    for name in HARDWARE:
        assert wiring.markdown(name, load(name)) in text, "README: run python -m host_tools wiring"


@pytest.mark.parametrize("name", HARDWARE)
def test_docs_wiring_has_each_boards_drawing(name):
    path = os.path.join(flash.ROOT, "docs", "wiring", name + ".svg")
    with open(path) as f:
        assert f.read() == wiring.svg(name, load(name)), \
            "run: python -m host_tools wiring --svg %s > docs/wiring/%s.svg" % (name, name)


def test_the_drawing_puts_each_part_on_its_physical_pin():
    drawing = wiring.svg("pico-shaker", load("pico-shaker"))
    # GP0 is pin 1 (top left), GP28 pin 34 (right), VSYS pin 39 (top right): each part's box
    # is beside its pin, on its side.
    for number, name, label in ((1, "GP0", "dice reader, UART0 9600 baud, TX"),
                                (34, "GP28", "puck: 7 WS2812 LEDs"),
                                (39, "VSYS", "power in: 5 V to VSYS through a 1N5817")):
        x, y, side = wiring._pin_place(number)
        assert '>%d %s</text>' % (number, name) in drawing
        text = drawing.split(label)[0].rsplit("<text", 1)[1]
        at_x = float(text.split('x="')[1].split('"')[0])
        at_y = float(text.split('y="')[1].split('"')[0])
        assert abs(at_y - y) < wiring._PITCH / 2 and (at_x < x) == (side < 0)
    assert wiring._pin_place(1)[2] == -1 and wiring._pin_place(40)[2] == 1
    assert wiring._pin_place(20)[1] == wiring._pin_place(21)[1]  # the bottom row
    assert "a jumper to GND (pin 28)" in drawing  # the door's GP21 is pin 27


def test_wiring_svg_prints_the_drawing_and_a_missing_board_is_one_line():
    run = lambda *a: subprocess.run([sys.executable, "-m", "host_tools", "wiring"] + list(a),
                                    cwd=flash.ROOT, capture_output=True, text=True, timeout=60)
    done = run("--svg", "pico-1station")
    assert done.returncode == 0
    assert done.stdout == wiring.svg("pico-1station", load("pico-1station"))
    missing = run("--svg", "no-such-board")
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1
    assert missing.stderr.startswith("wiring: no board 'no-such-board' in boards/")
