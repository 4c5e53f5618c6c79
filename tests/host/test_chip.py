# `make chip` without a kit: the missing-kit message and exit, the 8-station board it makes, and
# its figures read from a recorded list of the emulator's events (emulated microseconds).
import io
import json
import os
import subprocess
import sys

from drivers import board_file
from host_tools import BOARDS, ROOT
from host_tools import chip, chip_coins, chip_report

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
42150000 console boot ms: main.py at 102, its imports 246, power-up 16, program check 476; heap free 90000 bytes
42180000 console [SIGN] PLACE YOUR BETS | PUCK OFF
42200000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 1  PLACE | NO ROLL YET
50020000 console [SIGN] PLACE YOUR BETS | PUCK OFF | 9 S
50031000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 1  PLACE | NO ROLL YET | HOLD: HELP
50051000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET | HOLD: HELP
50160000 oled 0:61 S2 CR 0 | PASS: 0 | CHIP 1  PLACE | NO ROLL YET
50190000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET
52000000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET | nothing to cash out
53005000 console [SIGN] PLACE YOUR BETS | PUCK OFF | 7 S
53021000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET | bet the line to
53022000 oled 0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET | bet the line to | shoot
53600000 oled 0:60 S1 CR 95 | PASS: 5 | CHIP 5  PLACE | NO ROLL YET | HOLD: TAKE DOWN
53650000 oled 0:60 S1 CR 95 | PASS: 5 | CHIP 5  PLACE | NO ROLL YET
54012000 console [SIGN] NO MORE BETS | PUCK OFF | S1 SHOOTS
54019000 oled 0:60 S1 CR 95 SHOOTER | PASS: 5 | CHIP 5  PLACE | NO ROLL YET
55000000 console [S5] S5 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET
60500000 oled 0:60 S1 CR 3 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET | CREDITS IN 3
60600000 oled 0:60 S1 CR 3 | COME: 0 | CHIP 5  PLACE | NO ROLL YET | CREDITS IN 3
60700000 oled 0:60 S1 CR 5 | COME: 0 | CHIP 5  PLACE | NO ROLL YET | CREDITS IN 2
60800000 oled 0:60 S1 CR 5 | COME: 0 | CHIP 5  PLACE | NO ROLL YET | COME +5
70000000 console CRAPS METERS {"acceptor_in": 5, "games": 0}
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
    assert again["phases"] == ("main.py at 102, its imports 246, power-up 16, program check 476; "
                               "heap free 90000 bytes")


def test_a_power_up_is_booted_once_its_own_reset_has_opened_betting():
    # The boot before (the flash tool's reset) may still be saying PLACE YOUR BETS after the
    # power-up was asked for: that is not this power-up's.
    before = chip.parse_events(["39000000 console [SIGN] PLACE YOUR BETS | PUCK OFF"])
    assert chip.booted(before, 38000000) is None
    assert chip.booted(before + events(), 38000000) == 40000000
    assert chip.booted(events(), 40000001) is None  # (no reset after)


def test_a_key_first_write_and_its_action_are_timed_from_the_press_on_its_station():
    # CHIP pressed at 50.000 s (it acts on its first edge, and has a long meaning, HELP): its
    # station's display shows the hint alone at +31 ms (a row drawn before the others), the new
    # chip at +51 ms (the hint still below it); the sign's countdown and station 2's display
    # are not the key's, nor is the hint's going at +190 ms
    first, action, screen = chip.key_figures(events(), 50000000, ("oled", "0:60"))
    assert (first, action) == (31.0, 51.0)
    assert screen == "0:60 S1 CR 0 | PASS: 0 | CHIP 5  PLACE | NO ROLL YET | HOLD: HELP"
    # a key with no hint: its first write is its action, a refusal here
    assert chip.key_figures(events(), 51000000, ("oled", "0:60"))[:2] == (1000.0, 1000.0)
    assert chip.key_figures(events(), 54500000, ("console", "[S5]"))[:2] == (500.0, 500.0)
    assert chip.key_figures(events(), 80000000, ("oled", "0:60")) == (None, None, "")
    # nothing drawn within the cap: no figure
    assert chip.key_figures(events(), 50000000, ("oled", "0:60"), cap_ms=20) == (None, None, "")


def test_a_hold_hint_alone_is_no_action():
    # the hint comes and goes; the rows above it, and the message below it, are what the key did
    assert chip.shows_action("A | B | HOLD: DONT PASS", ["A", "B"]) is False
    assert chip.shows_action("A | B", ["A", "B", "HOLD: DONT PASS"]) is False
    assert chip.shows_action("A | C | HOLD: DONT PASS", ["A", "B"]) is True
    assert chip.shows_action("A | B | HOLD: HELP | no credits", ["A", "B"]) is True
    assert chip.shows_action("A | B | HOLD: HELP | no credits", ["A", "B", "no credits"]) is False
    # PASS pressed with PASS selected draws only its hint: no action within the cap
    rec = chip.parse_events(["1000 oled 0:60 A | PASS: 0", "2000 oled 0:60 A | PASS: 0 | HOLD: "
                             "DONT PASS", "900000 oled 0:60 A | PASS: 0"])
    assert chip.key_figures(rec, 1500, ("oled", "0:60")) == (0.5, None, "")
    # the screen before the press, given when the events do not reach back to it
    assert chip.key_figures(rec[1:], 1500, ("oled", "0:60"), before="A | PASS: 0")[1] is None
    assert chip.key_figures(rec[1:], 1500, ("oled", "0:60"), before="A | COME: 0")[1] == 0.5


def test_roll_acts_on_the_sign_or_with_a_refusal_on_its_station():
    # BET at 53.590 s: the chip on PASS (credits and the spot's amount) with the hint
    assert chip.key_figures(events(), 53590000, ("oled", "0:60"))[:2] == (10.0, 10.0)
    # ROLL at 54.000 s with a line bet: the sign's NO MORE BETS (+12 ms) before the station's
    # SHOOTER (+19 ms); the sign's countdown is not it
    first, action, screen = chip.key_figures(events(), 54000000, ("oled", "0:60"), sign=True)
    assert (first, action) == (12.0, 12.0)
    assert screen.startswith("[SIGN] NO MORE BETS")
    # ROLL at 53.000 s with none: the refusal, its first row (a long message is drawn in rows)
    first, action, screen = chip.key_figures(events(), 53000000, ("oled", "0:60"), sign=True)
    assert (first, action) == (21.0, 21.0) and screen.endswith("bet the line to")
    # without sign (any other key), the sign's NO MORE BETS is not the key's
    assert chip.key_figures(events(), 54000000, ("oled", "0:60"))[:2] == (19.0, 19.0)
    assert chip.is_sign(events()[-1]) and not chip.is_sign(events()[-2])


def test_a_station_display_is_its_bus_and_address_or_its_console_name():
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        board = chip.eight_station_board(json.load(f))
    assert [chip.station_display(board, s) for s in (0, 1, 2, 3, 4)] == [
        ("oled", "0:60"), ("oled", "0:61"), ("oled", "1:60"), ("oled", "1:61"),
        ("console", "[S5]")]


def test_credits_in_and_tilts_are_read_from_what_the_cabinet_shows_and_says():
    # two trains: 3 then 2 credits; the message counted where it appears, not at each redraw
    assert chip_coins.credits_in_shown(events(), 60000000, ("oled", "0:60"),
                                       chip.on_display) == [3, 2]
    assert chip_coins.meters_of(events(), 60000000) == {"acceptor_in": 5, "games": 0}
    assert chip_coins.meters_of(events(), 71000000) is None
    assert chip.tilt_of(events(), 60000000) == "TILT: ACCEPTOR S1: PULSES UNWATCHED FOR 34 MS"
    assert chip.tilt_of(events(), 71000000) is None


def test_a_train_s_outcome_and_the_tally():
    assert chip_coins.outcome(3, 3, None, False) == "credited exactly"
    assert chip_coins.outcome(3, 2, None, False) == "CREDITED 2 OF 3"
    assert chip_coins.outcome(3, 0, "TILT: X", False) == "TILTED: TILT: X (credited 0 of 3)"
    assert chip_coins.outcome(1, 0, "TILT: PULSE TOO SHORT", True) == \
        "tilted: TILT: PULSE TOO SHORT"
    assert chip_coins.outcome(1, 1, None, True) == "NOT TILTED (credited 1)"
    rows = [{"bad": False, "outcome": "credited exactly"}, {"bad": False, "outcome": "CRED"},
            {"bad": True, "outcome": "tilted: X"}]
    assert chip_coins.tally(rows) == (1, 2, 1, 1)
    not_run = {"bad": False, "skipped": True, "train": " 4 x  60 ms, gaps  60 ms (armed)",
               "outcome": "not run: no loop step over 25 ms in 60 s of the chip's time"}
    assert chip_coins.tally(rows + [not_run]) == (1, 2, 1, 1)  # no train: not counted
    said = io.StringIO()
    chip_report.report_coins([not_run], said)
    assert "(armed) not run: no loop step over 25 ms" in " ".join(said.getvalue().split())
    assert chip_coins.flash_ops("erase=73 eraseBytes=299008 program=285 programBytes=1") == \
        (73, 285)


def test_each_key_s_presses_are_summed_up_in_the_report():
    rows = [("S1 CHIP", 31.0, 51.0, "0:60 CHIP 5"), ("S1 ROLL", 12.0, 12.0, "[SIGN] NO MORE"),
            ("S1 CHIP", 29.0, 45.0, "0:60 CHIP 10"), ("S1 CHIP", 30.0, None, "")]
    assert chip_report.per_key(rows) == [
        ("S1 CHIP", 3, [31.0, 29.0, 30.0], [51.0, 45.0, None], "0:60 CHIP 5"),
        ("S1 ROLL", 1, [12.0], [12.0], "[SIGN] NO MORE")]
    out = io.StringIO()
    chip_report.report_keys(rows, out)
    said = out.getvalue()
    assert "S1 CHIP          3x  first 30.0 / 31.0   action 51.0 / 51.0   (1 with none)  each: " \
        "51.0,45.0,-  0:60 CHIP 5" in said
    assert "all 4 presses: first write 30.0 / 31.0 ms, action 45.0 / 51.0 ms; 1 with no" in said


def test_free_ports_are_chosen_unless_given():
    a, b, c = chip.free_ports(0, 0, 2363)
    assert a != b and a > 0 and b > 0 and c == 2363


def test_heap_lines_and_the_median_and_max():
    text = "ROLL 0 free 120000 largest 60000 ms 0\nnoise\nROLL 10 free 90000 largest 2400 ms 9100"
    assert chip.mem_info_figures(text) == [(0, 120000, 60000, 0), (10, 90000, 2400, 9100)]
    assert chip_report.spread([51.0, None, 43.0, 71.0]) == "51.0 / 71.0"
    assert chip_report.spread([]) == "-"


def test_each_key_is_a_press_and_a_release_as_the_board_wires_it():
    with open(os.path.join(BOARDS, "pico-1station.json")) as f:
        gpio = chip.keys_of(json.load(f))
    assert gpio[0] == ("S1 PASS", 0, "set 6 0", "release 6", "pass") and len(gpio) == 8
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        matrix = chip.keys_of(json.load(f))
    assert matrix[9] == ("S2 SELECT", 1, "link 7 11", "unlink 7 11", "select")
    assert len(matrix) == 32
    # each station's keys in an order where each does what it is for: another spot than PASS
    # (selected on a new cabinet), PASS, a chip on it, ..., ROLL with a line bet, CASH OUT last
    turns = [k.label for k in chip.in_turn(matrix)]
    assert turns[:8] == ["S1 COME", "S1 PASS", "S1 BET", "S1 CHIP", "S1 ODDS", "S1 SELECT",
                         "S1 ROLL", "S1 CASH_OUT"] and turns[8] == "S2 COME"
    assert sorted(turns) == sorted(k.label for k in matrix)
    assert [k.label for k in chip.in_turn(gpio, cash_out=False)] == [
        "S1 COME", "S1 PASS", "S1 BET", "S1 CHIP", "S1 ODDS", "S1 SELECT", "S1 ROLL"]


def test_the_eight_station_board_is_a_board_the_firmware_takes():
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        board = chip.eight_station_board(json.load(f))
    settings = board_file.check(board)
    assert board["stations"] == 8 and not board["production"]
    assert settings is not None
    assert "chip-8station" not in chip.production_boards()
    # (not cabinet-4station-fram: the emulated chip has no FRAM on its bus)
    assert set(chip.production_boards()) == {"cabinet-4station", "pico-1station", "pico-matrix",
                                            "pico-shaker"}


def test_the_floor_board_is_cabinet_4station_with_a_floor_port_the_firmware_takes():
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        four = json.load(f)
    board = chip.floor_board(four)
    assert board_file.check(board) is not None  # GP0 and GP1 wired to nothing else
    assert board["floor"] == {"tx": 0, "rx": 1, "address": 1} and board["production"]
    assert chip.keys_of(board) == chip.keys_of(four)  # its keys and coins measured as theirs
    assert "floor" not in four  # the shipped board is left as it is
    assert chip.board_file(chip.FLOOR)[0] == board


def test_the_floor_part_reports_each_step_or_says_what_the_chip_said():
    steps = {"step_us": 991, "idle_port_step_us": 1256, "general_poll_step_us": 1464,
             "meters_poll_step_us": 3367}
    out = io.StringIO()
    chip_report.report_floor({"steps": steps}, "", out)
    assert "no port 991; the port, the line idle 1256 (+265); answering a general poll 1464 " \
        "(+473); a 1C meters poll 3367 (+2376)" in out.getvalue()
    out = io.StringIO()
    chip_report.report_floor({"steps": None}, "Traceback\nMemoryError: x\n", out)
    assert out.getvalue() == "floor: no figure: Traceback / MemoryError: x\n"


def test_the_heap_part_says_the_smallest_largest_block_and_what_1000_rolls_take():
    figures = [(0, 120000, 60000, 0), (10, 90000, 2400, 9100), (20, 88000, 2800, 9000)]
    said = chip_report.heap_summary(figures, 40.0, 600.0)
    assert said.startswith("largest free block over 20 busy rolls: 2400 B at its smallest "
                           "(roll 10), 2800 B after the last")
    # the chip's time from its own clock (the rolls' ms), not the emulator's
    assert "1,000 rolls: about 905 s of the chip's time, 500 min of this machine's" in said
    assert chip_report.heap_summary(figures[:1], 1.0, 1.0) == "no roll measured"


def test_the_cut_part_says_start_up_and_each_step_before_the_journal_is_played():
    import io
    import types
    figures = {"boot_8st_ms": 4504.2, "boot_8st_entries": 100, "records_ms": 1180.4,
               "base_ms": 410.0, "entries_ms": 450.6, "entries": 50}
    out = io.StringIO()
    chip_report.report({"chip-8station": {"cut": (figures, "")}},
                       types.SimpleNamespace(firmware="fw.uf2"), out)
    said = out.getvalue()
    assert "(8 stations, 100 entries in both): 4504 ms (start() alone" in said
    assert ("each step alone: every record read 1180 ms; the newer base checked and its layout "
            "restored 410 ms; its journal's 50 entries parsed 451 ms") in said
    out = io.StringIO()
    chip_report.report({"chip-8station": {"cut": (None, "Traceback ... MemoryError")}},
                       types.SimpleNamespace(firmware="fw.uf2"), out)
    assert "start-up after a cut: no figure: Traceback ... MemoryError" in out.getvalue()


def test_the_attendant_credits_a_station_by_its_take_down_key_or_by_bet_held():
    with open(os.path.join(BOARDS, "pico-matrix.json")) as f:
        matrix = chip.keys_of(json.load(f))
    with open(os.path.join(BOARDS, "cabinet-4station.json")) as f:
        gpio = chip.keys_of(json.load(f))
    keys, hold_ms = chip.credit_keys(matrix)  # a key of its own: pressed as any key is
    assert [k.label for k in keys] == ["S1 TAKE_DOWN"] and hold_ms == chip.HOLD_MS
    keys, hold_ms = chip.credit_keys(gpio)  # BET held past its long press
    assert [k.label for k in keys] == ["S1 BET", "S2 BET", "S3 BET", "S4 BET"]
    assert hold_ms > 800


class ClockAt(chip.Emulator):
    """An emulator whose clock reads `now` (nothing started)."""

    def __init__(self, now):
        self.at = now

    def now(self):
        return self.at


def test_a_part_s_figures_are_kept_while_the_emulated_clock_counts_every_instruction():
    got = {}
    ClockAt(7 * 10 ** 12).keep(got, "cut", {"boot_8st_ms": 1830})  # as far as a full run goes
    assert got == {"cut": {"boot_8st_ms": 1830}}
    # past 2^56 ns, 8 ns (an instruction) is lost to the double's rounding
    assert 2.0 ** 56 + 8 == 2.0 ** 56 and chip.CLOCK_LIMIT_US == 2 ** 56 // 1000
    try:
        ClockAt(chip.CLOCK_LIMIT_US).keep(got, "roll", {"busy_roll_us": 2000})
    except chip.ChipError as e:
        assert "roll part" in str(e) and "not kept" in str(e)
    else:
        raise AssertionError("figures past the clock's limit were kept")
    assert "roll" not in got
