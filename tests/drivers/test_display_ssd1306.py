# A station's display (and the cabinet's sign) on an SSD1306 with the 8x8 font: 16 characters
# by 8 rows on 128x64. Lines are cut to the width, the last one (the message) wraps over the
# rows left, and only the rows (8-pixel pages) that changed are drawn again and sent over I2C,
# each as it is drawn.
from panel_fakes import Oled
from drivers.display import Ssd1306Display, layout, wrap
from terminal.cabinet import Cabinet
from terminal.events import PRESS, RELEASE, HOLD, TICK, DICE, DISPLAY, STATUS
from terminal.settings import Settings


def shown(lines, rows=8):
    oled = Oled(128, rows * 8)
    Ssd1306Display(oled, rows=rows).show(lines)
    return oled.i2c.screen()


def window(first, last, x0=0, x1=127):
    """The commands that open pages first..last, columns x0..x1, for the data that follows."""
    return [bytes((0x80, b)) for b in (0x21, x0, x1, 0x22, first, last)]


def test_a_station_screen_is_one_line_a_row_with_long_lines_cut_to_16():
    lines = ("S1 CR 1000 SHOOTER", "PLACE 10: 100 OFF", "CHIP 5  PLACE", "LAST 3+4=7", "PUSH")
    assert shown(lines) == ("S1 CR 1000 SHOOT", "PLACE 10: 100 OF", "CHIP 5  PLACE",
                            "LAST 3+4=7", "PUSH")


def test_the_message_wraps_at_spaces_over_the_rows_left():
    lines = ("S1 CR 995", "PASS: 5", "CHIP 5  PLACE", "NO ROLL YET",
             "REFUSED: THE ODDS ARE CAPPED AT 3X THE LINE BET HERE")  # 52 characters
    assert shown(lines) == ("S1 CR 995", "PASS: 5", "CHIP 5  PLACE", "NO ROLL YET",
                            "REFUSED: THE", "ODDS ARE CAPPED", "AT 3X THE LINE", "BET HERE")


def test_a_message_longer_than_the_rows_left_loses_its_end():
    lines = ("A", "B", "C", "D", "E", "ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN")
    assert shown(lines) == ("A", "B", "C", "D", "E", "ONE TWO THREE", "FOUR FIVE SIX",
                            "SEVEN EIGHT NINE")


def test_a_word_longer_than_a_row_is_split():
    assert wrap("HANDPAY 1234567890123456789 PAID", 16) == ["HANDPAY", "1234567890123456",
                                                           "789 PAID"]
    assert wrap("", 16) == [] and wrap("   ", 16) == []
    assert wrap("EXACTLY SIXTEEN!", 16) == ["EXACTLY SIXTEEN!"]


def test_more_lines_than_rows_keep_the_first_and_the_last():
    lines = ("RECALL 1/3", "6+2=8 PT 8") + tuple("PLACE %d +7" % n for n in range(10)) + \
        ("NET +70",)
    assert shown(lines) == ("RECALL 1/3", "6+2=8 PT 8", "PLACE 0 +7", "PLACE 1 +7",
                            "PLACE 2 +7", "PLACE 3 +7", "PLACE 4 +7", "NET +70")


def test_a_128x32_screen_has_4_rows():
    lines = ("S1 CR 1000", "PASS: 10", "CHIP 5  PLACE", "LAST 3+4=7", "WIN 10")
    assert shown(lines, rows=4) == ("S1 CR 1000", "PASS: 10", "CHIP 5  PLACE", "WIN 10")


def test_one_line_is_the_message_and_no_lines_clear_the_screen():
    assert shown(("PAYTABLE NOT LOADED ON THIS CABINET",)) == ("PAYTABLE NOT", "LOADED ON THIS",
                                                              "CABINET")
    assert shown(()) == ()


def row_write(oled, row, x0=0, x1=127):
    """A row's window and its bytes x0..x1 from the frame buffer, as one row is sent."""
    at = row * oled.width
    return window(row, row, x0, x1) + [b"\x40" + bytes(oled.buffer[at + x0:at + x1 + 1])]


def test_the_first_drawing_sends_every_row_whole_one_after_the_other():
    # Each row as soon as it is drawn: a new view's first row is on the glass after one row's
    # I2C (about 3 ms at 400 kHz), not after the whole screen's (23 ms).
    oled = Oled()
    Ssd1306Display(oled).show(("S1 CR 1000", "PASS: 10", "HELLO THERE"))
    assert oled.i2c.sent == sum((row_write(oled, row) for row in range(8)), [])
    assert oled.i2c.screen() == ("S1 CR 1000", "PASS: 10", "HELLO THERE")


def test_one_changed_line_sends_its_changed_characters_alone():
    # A row is 128 bytes of I2C (about 3 ms at 400 kHz); one digit is 8.
    oled = Oled()
    display = Ssd1306Display(oled)
    display.show(("S1 CR 1000", "PASS: 10", "CHIP 5  PLACE", "NO ROLL YET", ""))
    oled.i2c.sent = []
    display.show(("S1 CR 1000", "PASS: 15", "CHIP 5  PLACE", "NO ROLL YET", ""))
    assert oled.i2c.sent == window(1, 1, 56, 63) + [b"\x40" + bytes(oled.buffer[184:192])]
    assert oled.i2c.screen() == ("S1 CR 1000", "PASS: 15", "CHIP 5  PLACE", "NO ROLL YET")


def test_each_changed_row_sends_its_changed_characters_and_cleared_rows_are_sent():
    oled = Oled()
    display = Ssd1306Display(oled)
    display.show(("A", "B", "C", "D", "A MESSAGE OVER TWO ROWS"))
    oled.i2c.sent = []
    display.show(("A", "X", "C", "D", "OK"))
    # Row 1's first character; row 4 ("A MESSAGE OVER" to "OK": its first 14 characters) and
    # row 5 ("TWO ROWS", now empty: 8 characters), each in its turn.
    assert oled.i2c.sent == (row_write(oled, 1, 0, 7) + row_write(oled, 4, 0, 111)
                             + row_write(oled, 5, 0, 63))
    assert oled.i2c.screen() == ("A", "X", "C", "D", "OK")


def test_lines_drawn_again_unchanged_send_nothing():
    oled = Oled()
    display = Ssd1306Display(oled)
    lines = ("S1 CR 1000", "PASS: 10", "")
    display.show(lines)
    oled.i2c.sent = []
    for _ in range(50):
        display.show(lines)
    display.show(list(lines))
    assert oled.i2c.sent == []
    display.show(("S1 CR 990", "PASS: 20", ""))
    display.show(lines)
    assert oled.i2c.screen() == ("S1 CR 1000", "PASS: 10")


def test_lines_that_change_only_where_they_are_cut_off_send_nothing():
    oled = Oled()
    display = Ssd1306Display(oled)
    display.show(("PLACE YOUR BETS", "PUCK OFF  S1 SHOOTS 30s", "LAST ROLLS: 6"))
    oled.i2c.sent = []
    display.show(("PLACE YOUR BETS", "PUCK OFF  S1 SHOOTS 29s", "LAST ROLLS: 6"))
    assert oled.i2c.sent == []
    assert oled.i2c.screen() == ("PLACE YOUR BETS", "PUCK OFF  S1 SHO", "LAST ROLLS: 6")


def test_a_narrower_panel_is_sent_to_the_middle_columns_of_the_controller():
    oled = Oled(64, 48)
    display = Ssd1306Display(oled, width_chars=8, rows=6)
    display.show(("S1 CR 1000", "PASS: 10"))
    oled.i2c.sent = []
    display.show(("S1 CR 990", "PASS: 10"))  # cut to 8: "S1 CR 10" to "S1 CR 99"
    assert oled.i2c.sent == window(0, 0, 32 + 48, 95) + [b"\x40" + bytes(oled.buffer[48:64])]
    assert oled.i2c.screen() == ("S1 CR 99", "PASS: 10")


def test_the_layout_is_a_function_the_twin_and_the_simulator_share():
    assert layout(("ABCDEFGHIJ", "KLMNOPQRSTUV WXYZ"), 8, 3) == ("ABCDEFGH", "KLMNOPQR", "STUV")
    assert layout(("X",) * 5, 8, 1) == ("X",)


def test_the_cabinets_own_screens_and_sign_fit_the_screen():
    cab = Cabinet(Settings(stations=2, credits=1000))
    oleds = [Oled(), Oled(), Oled()]
    displays = [Ssd1306Display(o) for o in oleds]
    events = [(PRESS, 0, "pass"), (RELEASE, 0, "pass"), (PRESS, 0, "bet"), (RELEASE, 0, "bet"),
              (PRESS, 1, "field"), (PRESS, 1, "bet"), (PRESS, 1, "help"), (PRESS, 1, "help"),
              (PRESS, 0, "roll"), (TICK,), (DICE, 3, 3), (TICK,), (PRESS, 1, "recall"),
              (PRESS, 0, "n6"), (PRESS, 0, "bet")]
    now = 0
    for event in events:
        now += 1500
        for effect in cab.handle(event, now):
            if effect[0] == DISPLAY:
                displays[effect[1]].show(effect[2])
            elif effect[0] == STATUS:
                displays[2].show(effect[1])
    for oled in oleds:  # the fake refuses text off the screen
        assert oled.i2c.sent and len(oled.i2c.screen()) <= 8
    assert oleds[2].i2c.screen()[0]  # the sign says something


def test_a_key_held_on_a_128x32_screen_shows_what_holding_does():
    cab = Cabinet(Settings(stations=1, credits=1000))
    oled = Oled(128, 32)
    display = Ssd1306Display(oled, rows=4)
    for event in ((TICK,), (HOLD, 0, "chip", "help")):
        for effect in cab.handle(event, 0):
            if effect[0] == DISPLAY:
                display.show(effect[2])
    assert oled.i2c.screen() == ("S1 CR 1000", "PASS: 0", "CHIP 1  PLACE", "HOLD: HELP")
