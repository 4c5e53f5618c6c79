# Every host tool as a user meets it: help that prints, and bad options or files that end in one
# line on stderr and a non-zero exit, never a traceback.
import argparse
import json

import pytest

from host_tools import __main__ as cli, flash


def run(capsys, *argv):
    """(exit code, stdout, stderr) of `python -m host_tools ARGV`, in this process."""
    try:
        code = cli.main(list(argv))
    except SystemExit as e:  # argparse's own exits: --help, a usage error
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code not in (0, None), out
    assert len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("argv", [["--help"], ["-h"]] + [[name, "--help"] for name in cli.COMMANDS])
def test_help_prints_for_the_top_level_and_every_command(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    assert out.startswith("usage: python -m host_tools")


@pytest.mark.parametrize("name", [None] + sorted(cli.COMMANDS))
def test_every_option_says_what_it_is(name):
    parser = cli.parser()
    if name:
        parser = next(a for a in parser._actions
                      if isinstance(a, argparse._SubParsersAction)).choices[name]
    for action in parser._actions:
        assert action.help and action.help.strip(), (name, action.dest)


@pytest.mark.parametrize("argv, message", [
    (["odds", "--table-min", "-5"], "odds: house rule table_min cannot be -5"),
    (["odds", "--table-max", "0"], "odds: house rule table_max cannot be 0"),
    (["odds", "--table-min", "100", "--table-max", "10"],
     "odds: table_min 100 is over table_max 10"),
    (["simulate", "--table-max", "0", "--rolls", "10"], "simulate: house rule table_max cannot be 0"),
])
def test_bad_house_rules_are_one_line(capsys, argv, message):
    assert one_line_error(capsys, *argv) == message + "\n"


@pytest.mark.parametrize("argv", [
    ["simulate", "--rolls", "1e99"], ["simulate", "--rolls", "1e400"],
    ["simulate", "--rolls", "0"], ["simulate", "--table-max", "3", "--rolls", "10"],
])
def test_simulate_refuses_what_it_cannot_run_in_one_line(capsys, argv):
    one_line_error(capsys, *argv)


def test_a_simulate_run_too_short_to_judge_says_so_and_calls_nothing_out(capsys):
    code, out, _ = run(capsys, "simulate", "--rolls", "5", "--workers", "1")
    assert code == 1
    rows = [line.split() for line in out.splitlines()]
    assert not [r for r in rows if r and r[-1] == "OUT"]
    assert "OUT of its interval" not in out
    assert "No figure is OUT." in out and "Too short to judge" in out


# A board file the firmware would refuse at start-up: flash (--dry-run too) and wiring say so in
# one line (drivers/board_file.py decides).
PICO = {"name": "t", "production": True, "stations": 1, "credits": 0, "rules": {},
        "buttons": {"driver": "gpio", "keys": [[6, 0, "pass", None], [7, 0, "roll", None]]},
        "attendant_key": {"pin": 22}, "door": {"pin": 21},
        "puck": {"driver": "ws2812", "pin": 28},
        "displays": [{"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}}],
        "dice": {"driver": "rng"}, "mip": ["ssd1306"]}


@pytest.mark.parametrize("text, message", [
    ("{", "not JSON"),
    (json.dumps(dict(PICO, door={"pin": 99})), "door.pin is 99: a pin is GP0 to GP29"),
    (json.dumps(dict(PICO, door={"pin": 6})), "GP6 is wired twice: buttons.keys[0][0] and door.pin"),
    (json.dumps(dict(PICO, attendant_key={"pin": 7})), "GP7 is wired twice"),
    (json.dumps(dict(PICO, rules="odds")), "rules is an object of house rules, not 'odds'"),
    (json.dumps(dict(PICO, rules=3)), "rules is an object of house rules, not 3"),
    (json.dumps(dict(PICO, stations=0)), "a cabinet has 1 to 8 stations, not 0"),
    (json.dumps(dict(PICO, credits=-5)), "credits is a whole number from 0 to 9999999999, not -5"),
    (json.dumps(dict(PICO, settings={"recall": 0})), "recall is a whole number from 1 up, not 0"),
])
@pytest.mark.parametrize("argv", [["flash", "--board", "t", "--dry-run"], ["flash", "--board", "t"],
                                  ["wiring"]])
def test_a_board_file_the_firmware_refuses_is_one_line(capsys, tmp_path, monkeypatch, text,
                                                       message, argv):
    (tmp_path / "t.json").write_text(text)
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    err = one_line_error(capsys, *argv)
    assert err.startswith("%s: boards/t.json: " % argv[0]) and message in err


def test_sim_credits_are_bounded_by_the_meters_ten_digits(capsys):
    err = one_line_error(capsys, "sim", "--credits", "99999999999999999999")
    assert err == "sim: credits is a whole number from 0 to 9999999999, not 99999999999999999999\n"


def test_a_bad_dice_script_names_its_file_and_line(capsys, tmp_path):
    script = tmp_path / "demo.dice"
    script.write_text("3 4\n7 1\n")
    err = one_line_error(capsys, "sim", "--dice-script", str(script), "--fresh",
                         "--state", str(tmp_path / "state"))
    assert err.startswith("sim: %s line 2: " % script)


@pytest.mark.parametrize("argv", [["wiring"], ["replay", "tests/scenarios/10-line-bets-bar-2.json"]])
def test_a_reader_that_stops_early_gets_no_traceback(argv):
    import subprocess
    import sys
    done = subprocess.Popen([sys.executable, "-m", "host_tools"] + argv, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    done.stdout.readline()
    done.stdout.close()  # `| head -1`
    assert done.stderr.read() == b"" and done.wait() in (0, 1)


# Seen in 2,000 fuzzed board files: each was a traceback, or an exit 0 for a board the
# firmware cannot build.
@pytest.mark.parametrize("change, message", [
    ({"dice": 0}, "dice is an object"),
    ({"acceptors": [{"pin": 14, "station": 0, "stuck_ms": 3}]},
     "an acceptor needs pulse_min_ms <= pulse_max_ms < stuck_ms"),
    ({"buttons": {"driver": "matrix", "rows": [6], "cols": [7],
                  "keys": [[0, 1, 0, "roll", None]]}}, "matrix key (0, 1) is off a 1x1 matrix"),
    ({"buttons": {"driver": "gpio", "keys": [[6, 0, 5, None]]}}, "buttons.keys[0][2]"),
    ({"description": ["a", "list"]}, "description is text"),
])
@pytest.mark.parametrize("argv", [["flash", "--board", "t", "--dry-run"], ["wiring"],
                                  ["wiring", "--svg", "t"]])
def test_a_fuzzed_board_file_is_one_line(capsys, tmp_path, monkeypatch, change, message, argv):
    (tmp_path / "t.json").write_text(json.dumps(dict(PICO, **change)))
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    err = one_line_error(capsys, *argv)
    assert err.startswith("%s: boards/t.json: " % argv[0]) and message in err


def test_a_pin_off_the_picos_header_is_drawn_as_a_note(capsys, tmp_path, monkeypatch):
    (tmp_path / "t.json").write_text(json.dumps(dict(PICO, door={"pin": 25})))
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    code, out, err = run(capsys, "wiring", "--svg", "t")
    assert code == 0 and err == "" and "GP25" in out and "door switch" in out
