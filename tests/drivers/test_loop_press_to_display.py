# A press on the panel to the display, through the main loop with the real button and display
# drivers on fake pins and a fake I2C bus, stepped every SCAN_MS: every key acts at the first scan
# that reads it pressed, not when it is let go; a key with a long press also says on the display
# what holding on will do, and does it once held long enough.
from panel_fakes import Contact, Oled
from drivers.buttons import GpioButtons
from drivers.display import Ssd1306Display
from loop_rig import rig
from terminal.loop import SCAN_MS

PRESSED_AT = 102  # between two scans


def panel():
    """One station: FIELD (no long press) and BET (held: TAKE DOWN); its display's bus."""
    field, bet = Contact(), Contact()
    oled = Oled()
    buttons = GpioButtons([(field.pin, 0, "field", None), (bet.pin, 0, "bet", "take_down")])
    loop, parts, cabinet = rig(1, inputs=[buttons], displays=[Ssd1306Display(oled)])
    loop.step(0)
    oled.i2c.sent = []
    return loop, field, bet, oled.i2c


def step_until_sent(loop, bus, now, until):
    """Step the loop every SCAN_MS after now; the time of the first step that sends the display
    anything (None: none by until)."""
    while now < until:
        now += SCAN_MS
        loop.step(now)
        if bus.sent:
            return now
    return None


def test_a_key_with_no_long_press_shows_within_30_ms_of_the_press_while_still_held():
    loop, field, bet, bus = panel()
    loop.step(100)
    field.set(True)  # at PRESSED_AT, and held
    shown = step_until_sent(loop, bus, 100, 1000)
    assert shown is not None and shown - PRESSED_AT <= 30, shown
    assert bus.screen()[1] == "FIELD: 0"


def test_a_key_with_a_long_press_acts_within_30_ms_of_the_press_and_says_what_holding_does():
    loop, field, bet, bus = panel()
    loop.step(100)
    bet.set(True)
    shown = step_until_sent(loop, bus, 100, 1000)
    assert shown - PRESSED_AT <= 30
    assert bus.screen()[1:] == ("PASS: 1", "CHIP 1  PLACE", "NO ROLL YET", "HOLD: TAKE DOWN",
                                "PASS +1")
    bus.sent = []
    assert step_until_sent(loop, bus, shown, 400) is None  # held: nothing more yet
    bet.set(False)  # let go at 400: the hint goes, the bet stays
    done = step_until_sent(loop, bus, 400, 1000)
    assert done - 400 <= 30 and bus.screen()[1:] == ("PASS: 1", "CHIP 1  PLACE", "NO ROLL YET",
                                                     "PASS +1")


def test_a_key_held_to_its_long_press_acts_on_it_then():
    loop, field, bet, bus = panel()
    loop.step(100)
    bet.set(True)
    shown = step_until_sent(loop, bus, 100, 1000)
    bus.sent = []
    taken = step_until_sent(loop, bus, shown, 2000)
    assert 800 <= taken - PRESSED_AT <= 830
    assert bus.screen()[1:] == ("PASS: 0", "CHIP 1  PLACE", "NO ROLL YET", "PASS DOWN +1")
