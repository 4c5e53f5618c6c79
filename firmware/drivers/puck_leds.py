# The puck's lamps: draws a frame from terminal/puck.py (7 (r, g, b) colours: the OFF disc, then
# the lamps over 4, 5, 6, 8, 9, 10) on WS2812 pixels or on plain LEDs. Each writes only when the
# frame changed, so the cabinet may send the same frame every tick.
_LAMPS = 7


def _check(frame):
    if len(frame) != _LAMPS:
        raise ValueError("a puck frame has 7 lamps, not %d" % len(frame))
    return tuple(frame)


class Ws2812Puck:
    """WS2812 pixels through a NeoPixel-like object np (np[i] = (r, g, b), np.write(),
    len(np) >= 7; pixels after the 7th stay dark).

    brightness (0-255) is a cap: every channel is scaled by brightness/255, so no channel is
    ever driven above it. It protects the supply and the eyes: a WS2812 at full white draws about
    60 mA, so 7 lamps take 420 mA from the 5 V rail at 255 but about 105 mA at the default 64,
    which a USB port feeds with room to spare, and a lamp at eye level is not dazzling.
    """

    def __init__(self, np, brightness=64):
        if len(np) < _LAMPS:
            raise ValueError("the puck needs 7 pixels, the strip has %d" % len(np))
        if not 0 <= brightness <= 255:
            raise ValueError("brightness is 0-255, not %d" % brightness)
        self._np = np
        self._brightness = brightness
        self._frame = None
        for i in range(_LAMPS, len(np)):
            np[i] = (0, 0, 0)

    def show(self, frame):
        frame = _check(frame)
        if frame == self._frame:
            return
        self._frame = frame
        b = self._brightness
        np = self._np
        for i in range(_LAMPS):
            r, g, bl = frame[i]
            np[i] = (_scale(r, b), _scale(g, b), _scale(bl, b))
        np.write()


def _scale(channel, brightness):
    if channel <= 0:
        return 0
    if channel >= 255:
        return brightness
    return channel * brightness // 255


class GpioPuck:
    """7 plain LEDs, one pin each (value(1) lights it when active is 1), in frame order. A lamp
    is lit when any of its channels is above 0: colours and blinks become on and off."""

    def __init__(self, pins, active=1):
        if len(pins) != _LAMPS:
            raise ValueError("the puck needs 7 LED pins, not %d" % len(pins))
        self._pins = pins
        self._active = active
        self._frame = None

    def show(self, frame):
        frame = _check(frame)
        if frame == self._frame:
            return
        self._frame = frame
        for i in range(_LAMPS):
            r, g, b = frame[i]
            lit = r > 0 or g > 0 or b > 0
            self._pins[i].value(self._active if lit else 1 - self._active)


class PuckTwin:
    """The simulator's and tests' puck: frames keeps the last KEEP frames it drew (a new one
    only when it changed, as the real pucks write; the virtual board runs for ever), frame the
    one shown now (None before the first)."""

    KEEP = 100

    def __init__(self):
        self.frames = []
        self.frame = None

    def show(self, frame):
        frame = _check(frame)
        if frame == self.frame:
            return
        self.frame = frame
        self.frames.append(frame)
        if len(self.frames) > self.KEEP:
            del self.frames[0]
