# A cabinet with no display: each change of a station's lines (or the sign's) is one line on
# the USB console, "[name] line | line | ...".
from drivers.display import ConsoleDisplay


def console(name):
    said = []
    return said, ConsoleDisplay(name, write=said.append)


def test_the_lines_are_written_as_one_console_line_with_the_displays_name():
    said, display = console("S1")
    display.show(("S1 CR 1000 SHOOTER", "PASS: 10", "CHIP 5  PLACE", "LAST 3+4=7", "WIN 10"))
    assert said == ["[S1] S1 CR 1000 SHOOTER | PASS: 10 | CHIP 5  PLACE | LAST 3+4=7 | WIN 10"]


def test_nothing_is_cut_or_wrapped_on_the_console():
    said, display = console("SIGN")
    history = " ".join(["7", "11", "6", "8"] * 5)
    display.show(("PLACE YOUR BETS", "POINT 6  BET THE LINE TO SHOOT", "LAST ROLLS: " + history))
    assert said == ["[SIGN] PLACE YOUR BETS | POINT 6  BET THE LINE TO SHOOT | LAST ROLLS: "
                    + history]


def test_empty_lines_are_left_out():
    said, display = console("S2")
    display.show(("S2 CR 0", "", "NO ROLL YET", ""))
    assert said == ["[S2] S2 CR 0 | NO ROLL YET"]


def test_a_line_is_written_only_when_the_lines_change():
    said, display = console("S1")
    for _ in range(10):
        display.show(("S1 CR 1000", "PASS: 0"))
    display.show(["S1 CR 1000", "PASS: 0"])
    display.show(("S1 CR 995", "PASS: 5"))
    display.show(("S1 CR 1000", "PASS: 0"))
    assert said == ["[S1] S1 CR 1000 | PASS: 0", "[S1] S1 CR 995 | PASS: 5",
                    "[S1] S1 CR 1000 | PASS: 0"]


def test_print_is_the_default_writer():
    assert ConsoleDisplay("S1")._write is print
