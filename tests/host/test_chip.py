# `make chip` without a kit: the missing-kit message and exit, the 8-station board it makes, and
# its figures read from a recorded list of the emulator's events (emulated microseconds).
import json
import os
import subprocess
import sys

from drivers import board_file
from host_tools import BOARDS, ROOT
from host_tools import chip

# What the emulator's control socket said (`events SINCE KIND`) around a power-up, a key press and
# a coin train on pico-1station; trimmed from a real run, the times as they were.
RECORDED = """\
26478601 reset watchdog reason=2
28262650 console CRAPS TERMINAL BOOT pico-1station d4ef960fb50132e3714b74d7238922559c302056
28296347 console program checked in 513 ms
28298413 console [SIGN] TILT: NEW CABINET: ATTENDANT SETUP | PUCK OFF  BET THE LINE TO SHOOT
28325471 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 1  PLACE | NO ROLL YET
40000000 reset power on
42100000 console CRAPS TERMINAL BOOT pico-1station d4ef960fb50132e3714b74d7238922559c302056
42150000 console program checked in 476 ms
42180000 console [SIGN] PLACE YOUR BETS | PUCK OFF
42200000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 1  PLACE | NO ROLL YET
50051000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET
50160000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | CHIP 5
50190000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | CHIP 5 SELECTED
52000000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET
60500000 oled 0:60 S1 CR 3 | PASS: 0 | CHIP 5  PLACE | CREDITS IN 3
70500000 console [SIGN] TILT: ACCEPTOR S1: PULSES UNWATCHED FOR 34 MS | PUCK OFF
"""


def events():
    return chip.parse_events(RECORDED.splitlines())


def test_without_a_kit_it_says_how_to_get_one_and_stops():
    for argv in ([], ["--kit", ROOT]):  # none; a folder that is not a kit
        done = subprocess.run([sys.executable, "-m", "host_tools", "chip"] + argv, cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert done.stdout == ""
        assert 1 <= len(done.stderr.splitlines()) <= 2
        assert "CHIP_KIT=DIR" in done.stderr and "emu.mjs" in done.stderr
    assert "not an emulated-Pico kit (no emu.mjs" in done.stderr


def test_a_kit_without_rp2040js_is_told_to_install_it(tmp_path):
    for name in chip.KIT_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert "npm ci" in chip.kit_problem(str(tmp_path))
    (tmp_path / "node_modules" / "rp2040js").mkdir(parents=True)
    assert chip.kit_problem(str(tmp_path)) is None


def test_events_parse_with_and_without_a_pin():
    e = events()
    assert e[0] == chip.Event(26478601, "reset", None, "watchdog reason=2")
    oled = [x for x in e if x.kind == "oled"][0]
    assert (oled.pin, oled.value) == ("0:60", "S1 CR 0 | PASS: 0 | CHIP 1  PLACE | NO ROLL YET")
    assert chip.parse_event("end") is None


def test_a_new_cabinet_tilts_for_its_set_up_and_a_set_up_one_opens_betting():
    new = chip.boot_figures(events(), 26478601)
    assert new["setup_ms"] == 1819.812 and new["check_ms"] == 513
    again = chip.boot_figures(events(), 40000000)
    assert again["bets_ms"] == 2180.0 and again["check_ms"] == 476
    assert "setup_ms" not in again and again["boot_line"].startswith("CRAPS TERMINAL BOOT")


def test_a_key_first_write_and_its_action_are_timed_from_the_press():
    # pressed at 50.000 s, released 100 ms later: drawn at +51 ms, settled at +190 ms (the
    # drawing 1.8 s later is after a 300 ms quiet: not the key's)
    first, action, screen = chip.key_figures(events(), 50000000, 50100000)
    assert (first, action) == (51.0, 190.0)
    assert screen.endswith("CHIP 5 SELECTED")
    assert chip.key_figures(events(), 80000000, 80100000) == (None, None, "")


def test_credits_and_tilts_are_read_from_what_the_cabinet_shows():
    assert chip.credits_of(events(), 0, before=60000000) == 0
    assert chip.credits_of(events(), 0) == 3
    assert chip.credits_of(events(), 1) is None
    assert chip.tilt_of(events(), 60000000) == "TILT: ACCEPTOR S1: PULSES UNWATCHED FOR 34 MS"
    assert chip.tilt_of(events(), 71000000) is None


def test_heap_lines_and_the_median_and_max():
    text = "ROLL 0 free 120000 largest 60000 ms 0\nnoise\nROLL 10 free 90000 largest 2400 ms 9100"
    assert chip.mem_info_figures(text) == [(0, 120000, 60000, 0), (10, 90000, 2400, 9100)]
    assert chip.spread([51.0, None, 43.0, 71.0]) == "51.0 / 71.0"
    assert chip.spread([]) == "-"


def test_each_key_is_a_press_and_a_release_as_the_board_wires_it():
    with open(os.path.join(BOARDS, "pico-1station.json")) as f:
        gpio = chip.keys_of(json.load(f))
    assert gpio[0] == ("S1 PASS", "set 6 0", "release 6") and len(gpio) == 8
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        matrix = chip.keys_of(json.load(f))
    assert matrix[9] == ("S2 DONT_PASS", "link 7 11", "unlink 7 11") and len(matrix) == 32


def test_the_eight_station_board_is_a_board_the_firmware_takes():
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        board = chip.eight_station_board(json.load(f))
    settings = board_file.check(board)
    assert board["stations"] == 8 and not board["production"]
    assert settings is not None
    assert "chip-8station" not in chip.production_boards()
    assert set(chip.production_boards()) == {"cabinet-4station", "pico-1station", "pico-shaker"}
