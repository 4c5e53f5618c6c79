# The puck on 7 plain LEDs: a lamp is on when any of its channels is, and the pins are set only
# when the frame changes.
from panel_fakes import Pin
from drivers.puck_leds import GpioPuck
from support import raises
from terminal import puck


def levels(pins):
    return [p.level for p in pins]


def test_a_lamp_is_lit_when_any_channel_is_above_zero():
    pins = [Pin(0) for _ in range(7)]
    leds = GpioPuck(pins)
    leds.show(((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (255, 140, 0), (0, 0, 0), (9, 9, 9)))
    assert levels(pins) == [0, 1, 1, 1, 1, 0, 1]


def test_the_puck_off_and_on_over_each_point():
    pins = [Pin(0) for _ in range(7)]
    leds = GpioPuck(pins)
    leds.show(puck.frame(puck.STEADY, 0, 0))
    assert levels(pins) == [1, 0, 0, 0, 0, 0, 0]
    for i, point in enumerate((4, 5, 6, 8, 9, 10)):
        leds.show(puck.frame(puck.STEADY, point, 0))
        assert levels(pins) == [1 if lamp == i + 1 else 0 for lamp in range(7)]


def test_blinks_become_on_and_off():
    pins = [Pin(0) for _ in range(7)]
    leds = GpioPuck(pins)
    leds.show(puck.frame(puck.SEVEN_OUT, 0, 0))
    assert levels(pins) == [1] * 7
    leds.show(puck.frame(puck.SEVEN_OUT, 0, puck.BLINK_MS))
    assert levels(pins) == [0] * 7


def test_active_low_leds_are_lit_at_0():
    pins = [Pin(1) for _ in range(7)]
    GpioPuck(pins, active=0).show(puck.frame(puck.STEADY, 8, 0))
    assert levels(pins) == [1, 1, 1, 1, 0, 1, 1]


def test_the_pins_are_set_only_when_the_frame_changes():
    pins = [Pin(0) for _ in range(7)]
    leds = GpioPuck(pins)
    for t in range(0, 1000, 10):
        leds.show(puck.frame(puck.STEADY, 5, t))
    assert [len(p.driven) for p in pins] == [1] * 7
    leds.show(puck.frame(puck.STEADY, 6, 0))
    assert [len(p.driven) for p in pins] == [2] * 7


def test_seven_pins_are_needed_and_frames_of_seven_lamps():
    for n in (6, 8):
        assert "7 LED pins" in str(raises(ValueError, GpioPuck, [Pin(0) for _ in range(n)]))
    leds = GpioPuck([Pin(0) for _ in range(7)])
    assert "7 lamps" in str(raises(ValueError, leds.show, ((0, 0, 0),) * 8))
