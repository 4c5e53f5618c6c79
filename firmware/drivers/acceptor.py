# A coin or bill acceptor's pulse output: a coin or note is a train of pulses, pulses_per_credit
# for each credit, on an open-collector line pulled up, so a pulse reads low. Polled like the
# buttons, `scan(now_ms)` every loop step: a valid train is (CREDITS_IN, station, credits) once
# the line has stayed high gap_ms after its last pulse; a train that breaks the timing is
# (FAULT, reason), which tilts the cabinet, and the rest of that train is ignored.
#
# Faults: a pulse shorter than pulse_min_ms or longer than pulse_max_ms, a count that is not a
# whole number of credits, the line low stuck_ms (at power-up too), and a pause between two
# scans longer than pulse_min_ms in the middle of a train (a flash write, say), which could
# have hidden a whole pulse. A pause while no train is under way cannot be told from quiet: the
# acceptor's pulses must be longer than the loop's longest pause (see the README).
# Chatter shorter than debounce_ms is no pulse. An idle scan allocates nothing (NO_EVENTS).
from drivers.buttons import NO_EVENTS, Debounced
from terminal.events import CREDITS_IN, FAULT

# The board file's settings for an acceptor besides its pin and station, with their defaults.
TIMING = {"pulses_per_credit": 1, "debounce_ms": 10, "pulse_min_ms": 30, "pulse_max_ms": 130,
          "gap_ms": 300, "stuck_ms": 1000}


def train_event(station, pulses, pulses_per_credit):
    """What a whole train of `pulses` pulses is: credits in, or a fault."""
    if pulses % pulses_per_credit:
        return _fault(station, "%d PULSES, NOT WHOLE CREDITS OF %d" % (pulses, pulses_per_credit))
    return (CREDITS_IN, station, pulses // pulses_per_credit)


def _fault(station, why):
    return (FAULT, "ACCEPTOR S%d: %s" % (station + 1, why))


class PulseAcceptor:
    """pin: the acceptor's pulse line (value() reads 0 during a pulse unless active says
    otherwise); station: whose meter its credits go on; the timing as in TIMING."""

    def __init__(self, pin, station, active=0, **timing):
        for name in timing:
            if name not in TIMING:
                raise ValueError("an acceptor has no setting %s" % name)
        t = dict(TIMING)
        t.update(timing)
        for name in TIMING:
            if type(t[name]) is not int or t[name] < 1:
                raise ValueError("acceptor %s is a whole number above 0, not %s" % (name, t[name]))
        if not t["pulse_min_ms"] <= t["pulse_max_ms"] < t["stuck_ms"]:
            raise ValueError("an acceptor needs pulse_min_ms <= pulse_max_ms < stuck_ms")
        self._pin = pin
        self._active = active
        self.station = station
        self.per_credit = t["pulses_per_credit"]
        self.pulse_min_ms = t["pulse_min_ms"]
        self.pulse_max_ms = t["pulse_max_ms"]
        self.gap_ms = t["gap_ms"]
        self.stuck_ms = t["stuck_ms"]
        self._line = Debounced(t["debounce_ms"])  # down: the line is low, a pulse
        self._pulses = 0  # pulses in the train under way
        self._edge = 0  # when the line last went low or high (debounced)
        self._spoiled = False  # this train had a fault: it ends quietly
        self._last = None  # the previous scan's time

    def scan(self, now_ms):
        line = self._line
        low = self._pin.value() == self._active
        # A pause between scans that could hide a whole pulse, with a train under way (or
        # starting: its first pulse's length is not known either).
        unwatched = self._last is not None and now_ms - self._last > self.pulse_min_ms and \
            (self._pulses or line.down or low)
        why = None
        if unwatched:
            why = "PULSES UNWATCHED FOR %d MS" % (now_ms - self._last)
        self._last = now_ms
        if line.settle(low, now_ms):
            width = line.since - self._edge
            self._edge = line.since
            if not line.down:
                self._pulses += 1
                if width < self.pulse_min_ms:
                    why = why or "PULSE TOO SHORT %d MS" % width
                elif width > self.pulse_max_ms:
                    why = why or "PULSE TOO LONG %d MS" % width
        if why:
            return self._spoil(why)
        if line.down:
            if now_ms - self._edge >= self.stuck_ms:
                return self._spoil("LINE STUCK LOW")
        elif not line.raw and (self._pulses or self._spoiled) and \
                now_ms - line.since >= self.gap_ms:
            return self._train_over()  # high gap_ms, chatter included: the train is over
        return NO_EVENTS

    def _spoil(self, why):
        if self._spoiled:
            return NO_EVENTS  # the train's first fault is the one reported
        self._spoiled = True
        return [_fault(self.station, why)]

    def _train_over(self):
        pulses, spoiled = self._pulses, self._spoiled
        self._pulses = 0
        self._spoiled = False
        if spoiled:
            return NO_EVENTS
        return [train_event(self.station, pulses, self.per_credit)]


class AcceptorTwin:
    """The tests' and simulator's acceptor: pulses(n) queues what the driver gives for a train
    of n well-timed pulses (credits in, or the fault of a count that is not whole credits)."""

    def __init__(self, station, pulses_per_credit=1):
        self.station = station
        self.per_credit = pulses_per_credit
        self._events = []

    def pulses(self, n):
        self._events.append(train_event(self.station, n, self.per_credit))

    def scan(self, now_ms):
        events = self._events
        self._events = []
        return events
