# A station with the 8-button panel (buttons.SMALL_PANEL) plays the line with odds and cashes out.
from cabinet_support import Driver
from terminal import buttons


def test_the_small_panel_plays_the_line_with_odds_and_cashes_out():
    d = Driver()
    press = d.press

    def small(*names):
        for name in names:
            assert name in buttons.SMALL_PANEL
        press(0, *names)

    small("pass", "bet", "roll")
    d.throw(2, 3)  # point 5
    small("odds", "bet", "bet")  # ODDS with the puck ON: behind the point
    assert d.spot_line(0) == "ODDS PASS 5: 2"
    small("roll")
    d.throw(4, 1)  # point made: 1 even money, 2 at 3:2
    assert d.credits(0) == 1000 + 1 + 3
    small("cash_out")
    assert d.display[0][3] == "HANDPAY 1004" and d.credits(0) == 0
