# The puck on WS2812 pixels: each channel scaled by brightness/255 and never above it, the
# strip written only when the frame changes, pixels after the 7th kept dark.
from panel_fakes import NeoPixel
from drivers.puck_leds import Ws2812Puck
from support import raises
from terminal import puck

PATTERNS = (puck.STEADY, puck.ROLLING, puck.POINT_MADE, puck.SEVEN_OUT, puck.NO_ROLL, puck.TILT,
            puck.HALT)


def test_each_channel_is_scaled_by_the_brightness():
    np = NeoPixel(7)
    leds = Ws2812Puck(np)  # 64 by default
    leds.show(puck.frame(puck.STEADY, 0, 0))
    assert np.writes == [((64, 64, 64),) + ((0, 0, 0),) * 6]
    leds.show(puck.frame(puck.ROLLING, 0, 0))
    assert np.writes[-1][1] == (64, 35, 0)  # amber: 140 * 64 // 255 = 35
    np = NeoPixel(7)
    Ws2812Puck(np, brightness=128).show(((255, 0, 10),) + ((1, 2, 254),) * 6)
    assert np.writes == [((128, 0, 5),) + ((0, 1, 127),) * 6]


def test_no_channel_is_ever_above_the_brightness_cap():
    for cap in (0, 1, 64, 200, 255):
        np = NeoPixel(7)
        leds = Ws2812Puck(np, brightness=cap)
        for pattern in PATTERNS:
            for point in (0, 4, 10):
                if point == 0 and pattern == puck.POINT_MADE:
                    continue
                for t in range(0, 2000, 50):
                    leds.show(puck.frame(pattern, point, t))
        leds.show(((300, 999, 256),) * 7)  # even a colour out of range
        assert len(np.writes) > 10
        assert max(max(max(p) for p in w) for w in np.writes) == cap
        assert min(min(min(p) for p in w) for w in np.writes) == 0


def test_at_full_brightness_the_frame_is_drawn_as_it_is():
    np = NeoPixel(7)
    frame = puck.frame(puck.POINT_MADE, 9, 0)
    Ws2812Puck(np, brightness=255).show(frame)
    assert np.writes == [frame]


def test_the_strip_is_written_only_when_the_frame_changes():
    np = NeoPixel(7)
    leds = Ws2812Puck(np)
    for t in range(0, 1000, 10):  # the cabinet sends the puck every tick
        leds.show(puck.frame(puck.STEADY, 6, t))
    assert len(np.writes) == 1
    for t in range(0, 1000, 10):  # the rolling light moves a lamp every 100 ms
        leds.show(puck.frame(puck.ROLLING, 0, t))
    assert len(np.writes) == 11
    leds.show(list(puck.frame(puck.ROLLING, 0, 990)))  # a list of the same lamps is no change
    assert len(np.writes) == 11


def test_the_halt_code_blinks_the_off_disc_red_three_times_then_pauses():
    lit = [puck.frame(puck.HALT, 0, t) for t in range(0, 2500, 250)]
    assert [f[0] == puck.RED for f in lit] == [True, False] * 3 + [False] * 4
    assert all(f[1:] == (puck.DARK,) * 6 for f in lit)
    assert puck.frame(puck.HALT, 0, 2500) == lit[0]  # and again


def test_pixels_after_the_seventh_stay_dark():
    np = NeoPixel(12)
    np.buf = [(9, 9, 9)] * 12  # whatever the strip held
    leds = Ws2812Puck(np, brightness=255)
    leds.show((puck.WHITE,) * 7)
    assert np.writes == [(puck.WHITE,) * 7 + ((0, 0, 0),) * 5]


def test_a_short_strip_a_bad_brightness_or_a_bad_frame_is_refused():
    assert "7 pixels" in str(raises(ValueError, Ws2812Puck, NeoPixel(6)))
    assert "0-255" in str(raises(ValueError, Ws2812Puck, NeoPixel(7), 256))
    assert "0-255" in str(raises(ValueError, Ws2812Puck, NeoPixel(7), -1))
    leds = Ws2812Puck(NeoPixel(7))
    assert "7 lamps" in str(raises(ValueError, leds.show, ((0, 0, 0),) * 6))
