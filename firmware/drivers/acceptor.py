# A coin or bill acceptor's pulse output: a coin or note is a train of pulses, pulses_per_credit
# for each credit, on an open-collector line pulled up, so a pulse reads low.
#
# Counted where no pause of the loop can miss a pulse: the pin's interrupt, on both edges,
# writes each edge's time (time.ticks_us) and the level after it into a ring buffer made once.
# It is a hard interrupt: on rp2 it runs at the edge, even inside gc.collect(), so the time is
# the edge's; a soft one (hard=False) is only scheduled, and runs after the collection or the
# flash write that held it up, stamped with that later time. A hard handler may not allocate
# (MicroPython locks the heap; an exception there disables the interrupt for good): it stores
# small ints in an array and a bytearray, nothing else.
#
# `scan(now_ms)`, every loop step, drains the buffer into PulseTrain, the rules of a train,
# which are fed (low, time) edges and nothing else: a valid train is (CREDITS_IN, station,
# credits) once the line has stayed high gap_ms after its last pulse; a train that breaks the
# timing is (FAULT, reason), which tilts the cabinet, and the rest of that train is ignored.
# Faults: a pulse shorter than pulse_min_ms or longer than pulse_max_ms, a count that is not a
# whole number of credits, the line low stuck_ms (at power-up too), and more edges during one
# pause of the loop than the buffer holds (EDGE BUFFER FULL: edges were lost). Chatter shorter
# than debounce_ms is no pulse. An idle scan allocates nothing (NO_EVENTS).
#
# What an interrupt cannot see: rp2 turns interrupts off while it erases or programs flash
# (about 45 ms a sector on a real W25Q16, up to 400 ms); an edge then is stamped when they come
# back on, and a whole pulse inside one is two edges at once, which reads as chatter. The
# emulated chip writes flash in no time, so it cannot show this; a PIO state machine, which
# runs through flash writes, is what would.
from drivers.buttons import NO_EVENTS, add
from terminal.events import CREDITS_IN, FAULT

# The board file's settings for an acceptor besides its pin and station, with their defaults.
TIMING = {"pulses_per_credit": 1, "debounce_ms": 10, "pulse_min_ms": 30, "pulse_max_ms": 130,
          "gap_ms": 300, "stuck_ms": 1000}
EDGES = 64  # the edges the buffer holds between two scans: 32 pulses of the shortest kind


def train_event(station, pulses, pulses_per_credit):
    """What a whole train of `pulses` pulses is: credits in, or a fault."""
    if pulses % pulses_per_credit:
        return _fault(station, "%d PULSES, NOT WHOLE CREDITS OF %d" % (pulses, pulses_per_credit))
    return (CREDITS_IN, station, pulses // pulses_per_credit)


def _fault(station, why):
    return (FAULT, "ACCEPTOR S%d: %s" % (station + 1, why))


def _timing(timing):
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
    return t


class PulseTrain:
    """The rules of a train, fed the line's edges: edge(low, t_ms) when the line goes low (a
    pulse) or high, until(now_ms) as time passes; each returns the events (NO_EVENTS, or a
    list). Times in ms, never going back. A level changes only once it has stayed
    debounce_ms, and then from the edge that began it."""

    def __init__(self, station, **timing):
        t = _timing(timing)
        self.station = station
        self.per_credit = t["pulses_per_credit"]
        self.debounce_ms = t["debounce_ms"]
        self.pulse_min_ms = t["pulse_min_ms"]
        self.pulse_max_ms = t["pulse_max_ms"]
        self.gap_ms = t["gap_ms"]
        self.stuck_ms = t["stuck_ms"]
        self.raw = False  # the line's last level: low
        self.since = 0  # when it took that level
        self.down = False  # the debounced level: a pulse under way
        self._edge = 0  # when the debounced level last changed (from its first edge)
        self._pulses = 0  # pulses in the train under way
        self._spoiled = False  # this train had a fault: it ends quietly

    def edge(self, low, t_ms):
        out = self.until(t_ms)
        if low != self.raw:
            self.raw = low
            self.since = t_ms
        return out

    def until(self, now_ms):
        out = NO_EVENTS
        if self.raw != self.down and now_ms - self.since >= self.debounce_ms:
            self.down = self.raw
            width = self.since - self._edge
            self._edge = self.since
            if not self.down:
                self._pulses += 1
                if width < self.pulse_min_ms:
                    out = self._spoil(out, "PULSE TOO SHORT %d MS" % width)
                elif width > self.pulse_max_ms:
                    out = self._spoil(out, "PULSE TOO LONG %d MS" % width)
        if self.down:
            if now_ms - self._edge >= self.stuck_ms:
                out = self._spoil(out, "LINE STUCK LOW")
        elif not self.raw and (self._pulses or self._spoiled) and \
                now_ms - self.since >= self.gap_ms:
            out = self._train_over(out)  # high gap_ms, chatter included: the train is over
        return out

    def fault(self, why):
        """A fault the rules cannot see (edges lost): this train counts for nothing."""
        return self._spoil(NO_EVENTS, why)

    def _spoil(self, out, why):
        if self._spoiled:
            return out  # the train's first fault is the one reported
        self._spoiled = True
        return add(out, _fault(self.station, why))

    def _train_over(self, out):
        pulses, spoiled = self._pulses, self._spoiled
        self._pulses = 0
        self._spoiled = False
        if spoiled:
            return out
        return add(out, train_event(self.station, pulses, self.per_credit))


class PulseAcceptor:
    """pin: the acceptor's pulse line, a machine.Pin (value() reads 0 during a pulse unless
    active says otherwise; irq() on both edges); station: whose meter its credits go on; ticks:
    the `time` module (ticks_us, ticks_diff); edges: the buffer's size, a power of 2; the
    timing as in TIMING."""

    def __init__(self, pin, station, active=0, ticks=None, edges=EDGES, **timing):
        if ticks is None:
            import time as ticks
        if type(edges) is not int or edges < 2 or edges & (edges - 1):
            raise ValueError("an acceptor's edge buffer is a power of 2, not %s" % (edges,))
        from array import array
        self.rules = PulseTrain(station, **timing)
        self.station = station
        self.per_credit = self.rules.per_credit
        self._pin = pin
        self._active = active
        self._ticks_us = ticks.ticks_us
        self._ticks_diff = ticks.ticks_diff
        # The ring: written by the interrupt at _head, read by scan at _tail; both count
        # modulo 2 * edges, so that full (edges waiting) and empty (none) differ.
        self._times = array("L", [0] * edges)  # ticks_us of each edge
        self._levels = bytearray(edges)  # the pin's level just after it
        self._mask = edges - 1
        self._wrap = 2 * edges - 1
        self._head = 0
        self._tail = 0
        self._lost = 0  # edges that came with the buffer full (the handler counts them)
        self._lost_seen = 0  # what scan last read of _lost
        # The acceptor's own clock, in ms since it was built, from ticks_us (which wraps every
        # 1074 s on rp2): ms, and the µs not yet a whole ms.
        self._last_us = self._ticks_us()
        self._ms = 0
        self._us = 0
        pin.irq(handler=self._edge, trigger=pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)
        if pin.value() == active:  # low at power-up: a pulse from 0, or a line stuck low
            self.rules.edge(True, 0)

    def _edge(self, pin):
        # The interrupt handler: allocates nothing (see the header).
        head = self._head
        if (head - self._tail) & self._wrap > self._mask:
            self._lost = (self._lost + 1) & 0xFFFF  # counted here, compared by scan: no race
            return
        i = head & self._mask
        self._times[i] = self._ticks_us()
        self._levels[i] = pin.value()
        self._head = (head + 1) & self._wrap

    def _at(self, ticks_us):
        """The acceptor's clock (ms) at ticks_us, no earlier than the last time asked."""
        elapsed = self._ticks_diff(ticks_us, self._last_us)
        if elapsed > 0:
            self._last_us = ticks_us
            us = self._us + elapsed
            self._ms += us // 1000
            self._us = us % 1000
        return self._ms

    def scan(self, now_ms):
        """The events of the edges since the last scan and of the time passed (now_ms is the
        loop's; the edges' times and the timeouts are on the acceptor's own clock)."""
        if self._tail == self._head and self._lost == self._lost_seen:
            # No edge since: time alone, in a frame small enough to stay off the heap
            # (MicroPython puts one of more than 11 slots there: see drivers/buttons.py).
            return self.rules.until(self._at(self._ticks_us()))
        return self._edges()

    def _edges(self):
        rules = self.rules
        lost = self._lost != self._lost_seen  # before the edges: those in the buffer came first
        self._lost_seen = self._lost
        out = NO_EVENTS
        tail = self._tail
        head = self._head
        while tail != head:
            i = tail & self._mask
            out = _more(out, rules.edge(self._levels[i] == self._active,
                                        self._at(self._times[i])))
            tail = (tail + 1) & self._wrap
        self._tail = tail
        now = self._at(self._ticks_us())
        if lost:
            out = _more(out, rules.fault("EDGE BUFFER FULL (%d), PULSES LOST" % (self._mask + 1)))
            # the level now, for the edges lost: a spoiled train ends once the line is quiet
            out = _more(out, rules.edge(self._pin.value() == self._active, now))
        return _more(out, rules.until(now))


def _more(out, events):
    if not events:
        return out
    return events if out is NO_EVENTS else out + events


class AcceptorTwin:
    """The tests' and simulator's acceptor: pulses(n) queues what the driver gives for a train
    of n well-timed pulses (credits in, or the fault of a count that is not whole credits): a
    train of n pulses fed to the same rules, on a clock of its own."""

    def __init__(self, station, pulses_per_credit=1):
        self.station = station
        self.per_credit = pulses_per_credit
        self._rules = PulseTrain(station, pulses_per_credit=pulses_per_credit)
        self._t = 0
        self._events = []

    def pulses(self, n):
        rules = self._rules
        width = (rules.pulse_min_ms + rules.pulse_max_ms) // 2
        for _ in range(n):
            self._events += rules.edge(True, self._t)
            self._events += rules.edge(False, self._t + width)
            self._t += 2 * width
        self._t += rules.gap_ms
        self._events += rules.until(self._t)

    def scan(self, now_ms):
        events = self._events
        self._events = []
        return events
