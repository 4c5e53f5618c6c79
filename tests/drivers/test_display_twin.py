# The display's twin records what the real displays draw: the same lines, sent the way the
# cabinet sends them, on an SSD1306, on the console and on the twin.
from panel_fakes import Oled
from drivers.display import Ssd1306Display, ConsoleDisplay, DisplayTwin

SCRIPT = [("S1 CR 1000", "PASS: 0", "CHIP 5  PLACE", "NO ROLL YET", ""),
          ("S1 CR 1000", "PASS: 0", "CHIP 5  PLACE", "NO ROLL YET", ""),
          ("S1 CR 995 SHOOTER", "PASS: 5", "CHIP 5  PLACE", "NO ROLL YET", "PASS +5"),
          ("S1 CR 995 SHOOTER", "PASS: 5", "CHIP 5  PLACE", "NO ROLL YET", "PASS +5"),
          ("S1 CR 995 SHOOTER", "PASS: 5", "CHIP 5  PLACE", "LAST 3+3=6",
           "THE POINT IS 6: BET THE ODDS BEHIND YOUR LINE BET NOW"),
          ("HELP 1/2", "PASS: EVEN MONEY", "ODDS: TRUE ODDS", "PRESS HELP AGAIN"),
          ("HELP 1/2", "PASS: EVEN MONEY", "ODDS: TRUE ODDS", "PRESS HELP AGAIN"),
          ("HELP 1/2", "PASS: EVEN MONEY PAID", "ODDS: TRUE ODDS", "PRESS HELP AGAIN")]


def test_the_twin_keeps_each_new_set_of_lines_and_the_ones_shown_now():
    twin = DisplayTwin()
    assert twin.lines is None and twin.screen is None and twin.shown == []
    twin.show(["A", "B"])
    twin.show(("A", "B"))
    twin.show(("A", "C"))
    assert twin.shown == [("A", "B"), ("A", "C")] and twin.lines == ("A", "C")


def test_an_ssd1306_draws_what_the_twin_lays_out():
    for rows in (8, 4):
        oled = Oled(128, rows * 8)
        real = Ssd1306Display(oled, rows=rows)
        twin = DisplayTwin(rows=rows)
        changes = 0
        for lines in SCRIPT:
            real.show(lines)
            twin.show(lines)
            assert oled.i2c.screen() == twin.screen
            if oled.i2c.sent:
                changes += 1
                oled.i2c.sent = []
        assert len(twin.shown) == 5  # the last changed only past the 16th character
        assert changes == 4


def test_the_console_writes_a_line_for_each_set_the_twin_records():
    said = []
    real = ConsoleDisplay("S1", write=said.append)
    twin = DisplayTwin()
    for lines in SCRIPT:
        real.show(lines)
        twin.show(lines)
    assert said == ["[S1] " + " | ".join([x for x in lines if x]) for lines in twin.shown]
