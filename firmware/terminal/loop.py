# The glue between drivers and the cabinet: inputs become events, effects go to the outputs.
# The board's main.py runs it under asyncio; tests step it by hand with the drivers' twins.
from terminal import puck
from terminal.events import TICK, FAULT, RAM_ERROR, PUCK, DISPLAY, STATUS, ROLL_DICE, SIGNAL, \
    PRESS, HOLD, RELEASE, PERSIST
from terminal.memory import keep

# The pause between loop steps. A key waits for the next step to be read: 5 ms between steps
# put a key's action at 28.7 ms (median) on cabinet-4station, 2 ms at 22.0 ms (make chip). The
# coins do not wait on it (their edges are timed by interrupts).
SCAN_MS = 2
_TICK = (TICK,)  # (made once: a tuple a loop step would be garbage)
_KEYS = (PRESS, HOLD, RELEASE)
# What leaves garbage to collect at once (Loop._apply_all): a save, and a screen drawn (the
# shooter's countdown on the sign, every second): left, a drawing's garbage put a collection
# (15 ms) in the answer of a later key.
_GARBAGE = (PERSIST, DISPLAY, STATUS)


class Loop:
    """parts: an object with inputs (each has scan(now_ms) -> events), puck, displays (one a
    station), sign, dice (a dice source), signal(station, name), watchdog (feed()),
    memory (a terminal.memory CriticalMemory), record(error) and maybe floor (the SAS port,
    terminal/floor.py: one of the inputs, given the cabinet here)."""

    def __init__(self, cabinet, parts):
        self.cabinet = cabinet
        self.parts = parts
        self.rolling = False  # a roll was asked of the dice source and has not come back
        self.broken = False  # the cabinet itself failed: only the safe tilt is shown
        self.last_error = None
        self._collect = getattr(parts, "collect", None)  # the board's: gc.collect() (Parts)
        self._keyed = False  # a key was pressed: collect once what it did is carried out
        self._ticked = []  # a tick's effects: one list for them all (see step())
        floor = getattr(parts, "floor", None)  # the SAS port, an input that reads the cabinet
        if floor is not None:
            floor.attach(cabinet)

    # The methods an idle step calls keep their locals and stack within 11 slots: MicroPython
    # puts a larger frame on the heap for the call (py/objfun.c, VM_MAX_STATE_ON_STACK) and
    # frees it on return, but each counts towards gc.threshold, and on the chip the collections
    # they called for (15 ms, every 7 idle steps of cabinet-4station) held the keys up. What is
    # seldom needed is a method of its own (tests/drivers/test_idle_frames.py).

    def step(self, now_ms):
        """One pass: every input, time passing, the dice; then the watchdog is fed. A tick's
        effects go in the loop's own list, used again: a new one a step was garbage every step
        (two heap blocks on the chip), and the collections it called for fell in keys'
        answers."""
        for source in self.parts.inputs:
            self._scan(source, now_ms)
        if self._ticked:  # (most ticks leave it empty: a slice is a heap object)
            del self._ticked[:]
        self.send(_TICK, now_ms, self._ticked)
        if self.rolling:
            self._poll_dice(now_ms)
        self.parts.watchdog.feed()

    def _scan(self, source, now_ms):
        events = source.scan(now_ms)
        if events:
            self._send_all(events, now_ms)

    def _send_all(self, events, now_ms):
        for event in events:
            self.send(event, now_ms)

    def _poll_dice(self, now_ms):
        event = self.parts.dice.poll(now_ms)
        if event is not None:
            self.rolling = False
            self.send(event, now_ms)

    def send(self, event, now_ms, out=None):
        """The event to the cabinet. What it must keep is saved before anything is done: a
        record not as saved, or that cannot be saved, is a RAM error at once, and nothing else
        the event did happens. A panel key's screens (its station's display, then the others
        and the sign) are shown first, so that the key answers at once: what a key does (a
        bet, the bets closed, a cash out) a power cut or a failed save undoes, and the tilt
        that follows redraws them. The dice, payouts and credits in are shown only once
        saved. out: the empty list to put the effects in (Cabinet.answer)."""
        out = self.cabinet.answer(event, now_ms, out)
        shown = self._show_key(event, out, now_ms) if event[0] in _KEYS else ()
        self.cabinet.save(out)  # (worked out once the key's screens are drawn)
        self.carry_out(out, now_ms, shown)

    def _show_key(self, event, out, now_ms):
        # The key's own display first: each screen's rows are milliseconds of I2C.
        shown = [effect for effect in out if effect[0] == DISPLAY and effect[1] == event[1]]
        shown += [effect for effect in out if effect[0] in (DISPLAY, STATUS) and
                  effect not in shown]
        for effect in shown:
            self.apply(effect, now_ms)
        self._keyed = event[0] == PRESS
        return shown

    def carry_out(self, out, now_ms, shown=()):
        """The cabinet's effects: what it must keep first (see send()); shown: those already
        applied."""
        if not out:
            self._keyed = False  # (a key that changed nothing made no garbage either)
            return  # most loop steps
        lost = keep(self.parts.memory, out)
        if lost:
            self._lost(lost, now_ms)
        else:
            self._apply_all(out, now_ms, shown)

    def _lost(self, lost, now_ms):
        if lost[1]:
            self.parts.record(lost[1])
        self.send((RAM_ERROR, lost[0]), now_ms)

    def _apply_all(self, out, now_ms, shown):
        saved = self._keyed
        self._keyed = False
        for effect in out:
            saved = saved or effect[0] in _GARBAGE
            if effect not in shown:
                self.apply(effect, now_ms)
        if saved and self._collect:  # its garbage now, not in the next key's answer
            self._collect()

    def apply(self, effect, now_ms):
        kind = effect[0]
        parts = self.parts
        if kind == PUCK:
            parts.puck.show(effect[1])
        elif kind == DISPLAY:
            parts.displays[effect[1]].show(effect[2])
        elif kind == STATUS:
            parts.sign.show(effect[1])
        elif kind == ROLL_DICE:
            parts.dice.start(now_ms)
            self.rolling = True
        elif kind == SIGNAL:
            parts.signal(effect[1], effect[2])

    async def run(self, clock, loop_ms=None):
        """Step every SCAN_MS under asyncio (the virtual board, the benchmarks): the dice source
        cycles in between (an RNG's DRBG keeps moving so the moment of a press picks an
        unpredictable point). loop_ms: return after that long, else run for ever."""
        import asyncio
        start = clock.now()
        cycle = getattr(self.parts.dice, "cycle", None)
        # MicroPython's sleep_ms: sleep()'s seconds are a float, a heap object each step there.
        sleep = getattr(asyncio, "sleep_ms", None) or (lambda ms: asyncio.sleep(ms / 1000))
        while loop_ms is None or clock.now() - start < loop_ms:
            try:
                self._pass(clock.now(), cycle)
            except Exception as e:
                self.fail(e, clock.now())
            await sleep(SCAN_MS)

    def run_forever(self, clock, sleep_ms):
        """run() without asyncio, for a board where the loop is the only task: asyncio's
        scheduler gives the heap garbage every pass (its frames: 288 bytes on the unix port),
        and on the chip the collections it called for fell in keys' answers."""
        cycle = getattr(self.parts.dice, "cycle", None)
        while True:
            try:  # set up again only after a failure (a try in a function called each pass
                #   put its frame on the heap: 176 bytes a pass on the unix port)
                while True:
                    self._pass(clock.now(), cycle)
                    sleep_ms(SCAN_MS)
            except Exception as e:
                self.fail(e, clock.now())

    def _pass(self, now, cycle):
        if self.broken:
            self.parts.watchdog.feed()
        else:
            self.step(now)
            if cycle:
                cycle()

    def fail(self, error, now_ms):
        """An unexpected error: recorded once, and the cabinet tilts until the attendant clears
        it. If the cabinet cannot even tilt, the lamps and the sign show a tilt by themselves:
        never a bare REPL on a cabinet that takes money."""
        name = "%s: %s" % (type(error).__name__, error)
        if name != self.last_error:
            self.last_error = name
            self.parts.record(error)
        self.rolling = False  # whatever the dice source was doing, its result is not awaited
        try:
            self.send((FAULT, type(error).__name__), now_ms)
        except Exception:
            self.broken = True
            self.parts.sign.show(("TILT: ERROR", name))
            self.parts.puck.show(puck.frame(puck.TILT, 0, 0))
        self.parts.watchdog.feed()
