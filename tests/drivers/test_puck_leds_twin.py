# The puck's twin records what the real pucks draw: one script of frames (a round as the
# cabinet sends it, every tick) played on a WS2812 strip, on plain LEDs and on the twin.
from panel_fakes import NeoPixel, Pin
from drivers.puck_leds import Ws2812Puck, GpioPuck, PuckTwin
from support import raises
from terminal import puck


def a_round():
    """Frames every 10 ms: puck off, the roll, point 6 on, the roll, point made, puck off."""
    frames = []
    for pattern, point, ms in ((puck.STEADY, 0, 300), (puck.ROLLING, 0, 700),
                               (puck.STEADY, 6, 500), (puck.ROLLING, 0, 700),
                               (puck.POINT_MADE, 6, 1000), (puck.STEADY, 0, 200)):
        frames += [puck.frame(pattern, point, t) for t in range(0, ms, 10)]
    return frames


def test_the_twin_keeps_each_new_frame_and_the_one_shown_now():
    twin = PuckTwin()
    assert twin.frame is None and twin.frames == []
    off = puck.frame(puck.STEADY, 0, 0)
    twin.show(off)
    twin.show(off)
    twin.show(list(off))
    on = puck.frame(puck.STEADY, 4, 0)
    twin.show(on)
    assert twin.frames == [off, on] and twin.frame == on


def test_the_twin_refuses_what_the_real_pucks_refuse():
    assert "7 lamps" in str(raises(ValueError, PuckTwin().show, ((0, 0, 0),) * 6))


def test_a_ws2812_strip_at_full_brightness_writes_what_the_twin_records():
    np = NeoPixel(7)
    leds = Ws2812Puck(np, brightness=255)
    twin = PuckTwin()
    for frame in a_round():
        leds.show(frame)
        twin.show(frame)
    assert np.writes == twin.frames
    assert len(twin.frames) > 20


def test_plain_leds_show_the_twins_frames_as_on_and_off():
    pins = [Pin(0) for _ in range(7)]
    leds = GpioPuck(pins)
    twin = PuckTwin()
    for frame in a_round():
        leds.show(frame)
        twin.show(frame)
        assert [p.level for p in pins] == [1 if lamp != (0, 0, 0) else 0 for lamp in twin.frame]
    assert len(pins[0].driven) == len(twin.frames)
