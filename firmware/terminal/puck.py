# The puck and its lamps as data: a frame is 7 (r, g, b) colours, the OFF disc first, then the
# lamps over 4, 5, 6, 8, 9, 10. Any driver (WS2812, plain LEDs, the simulator) can draw it.
from craps.house import POINTS

DARK = (0, 0, 0)
WHITE = (255, 255, 255)
AMBER = (255, 140, 0)
GREEN = (0, 255, 0)
RED = (255, 0, 0)
BLINK_MS = 250

# Patterns
STEADY = "steady"  # OFF, or ON over the point
ROLLING = "rolling"  # a light running round the numbers
POINT_MADE = "point_made"  # the point's lamp flashes green
SEVEN_OUT = "seven_out"  # every lamp flashes red
NO_ROLL = "no_roll"  # the OFF disc blinks amber
TILT = "tilt"  # every lamp blinks red, slowly
HALT = "halt"  # the cabinet could not be built: the OFF disc blinks red 3 times, then a pause


def lamp(number):
    """The lamp over a point number (1-6); 0 is the OFF disc."""
    return POINTS.index(number) + 1


def frame(pattern, point, elapsed_ms):
    """The lamps for a pattern `elapsed_ms` into it, the puck on `point` (0: OFF)."""
    if pattern == STEADY:
        return _steady(point)
    lit = [DARK] * 7
    blink = (elapsed_ms // BLINK_MS) % 2 == 0
    if pattern == ROLLING:
        lit[(elapsed_ms // 100) % 6 + 1] = AMBER
    elif pattern == POINT_MADE:
        lit[lamp(point)] = GREEN if blink else DARK
    elif pattern == SEVEN_OUT:
        lit = [RED if blink else DARK] * 7
    elif pattern == NO_ROLL:
        lit[0] = AMBER if blink else DARK
    elif pattern == TILT:
        lit = [RED if (elapsed_ms // 1000) % 2 == 0 else DARK] * 7
    elif pattern == HALT:
        t = elapsed_ms % 2500
        lit[0] = RED if t < 1500 and blink else DARK
    return tuple(lit)


_STEADY = {}  # point (0: OFF): its steady frame, made once (drawn every loop step)


def _steady(point):
    if point not in _STEADY:
        lit = [DARK] * 7
        lit[lamp(point) if point else 0] = WHITE
        _STEADY[point] = tuple(lit)
    return _STEADY[point]
