# The board files: every button is a panel button, the firmware's own check passes, every station has a
# display, and the README's wiring tables are the ones the board files give.
import os

import pytest

from drivers import board_file
from host_tools import flash, wiring
from terminal import buttons

README = os.path.join(flash.ROOT, "README.md")
HARDWARE = [name for name, _ in wiring.production_boards()]


def load(name):
    return flash.load_board(name)[0]


def test_the_boards_the_issue_asks_for_are_there():
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
