# The watchdog, fed by the main loop, and why the board last started.
#
# On rp2, machine.reset() restarts the chip through the watchdog, so the next boot reads
# WDT_RESET as if the firmware had hung. planned_reset() therefore leaves a marker file before
# it resets; at boot, reset_cause() finds the marker, removes it and says "planned reset". Every
# boot's cause goes into a small log in storage, newest first (reset_log()). rp2 knows only two
# codes, power on (the RUN pin too) and watchdog; a soft reset (Ctrl-D) keeps the code of the
# last hard reset. Ports with more codes get their names: the codes come from the object passed
# in (the `machine` module on the board; Rp2Codes in the tests).
#
# On the board the watchdog is machine.WDT itself (hardware.build): what the loop needs of it is
# feed(), which it has. WatchdogTwin is its stand-in everywhere else.
from craps.compat import const

MAX_TIMEOUT_MS = const(8388)  # the RP2040 watchdog's longest timeout
MARKER = "reset.planned"  # written before a planned reset, removed at the next boot
RESET_LOG = "resets.log"  # the last LOG_SIZE causes, one a line, newest first
LOG_SIZE = const(10)

POWER_ON = "power on"
WATCHDOG = "watchdog"
PLANNED = "planned reset"
SOFT_RESET = "soft reset"
RESET_PIN = "reset pin"
DEEP_SLEEP = "woke from deep sleep"

# machine's constant for each cause; the first that matches names the code
_CAUSES = (("PWRON_RESET", POWER_ON), ("WDT_RESET", WATCHDOG), ("SOFT_RESET", SOFT_RESET),
           ("HARD_RESET", RESET_PIN), ("DEEPSLEEP_RESET", DEEP_SLEEP))


class Rp2Codes:
    """What machine.reset_cause() returns on rp2 (ports/rp2/modmachine.c)."""
    PWRON_RESET = 1
    WDT_RESET = 3


class WatchdogTwin:
    """machine.WDT's twin: feed() counts feeds. Given a clock (with now(), like drivers.clock's),
    it also tells whether the board would have been reset: starved(now_ms) is True once
    timeout_ms went by since the last feed (or since it was built) without one."""

    def __init__(self, timeout_ms=8000, clock=None):
        if type(timeout_ms) is not int or not 0 < timeout_ms <= MAX_TIMEOUT_MS:
            raise ValueError("the watchdog's timeout is 1 to %d ms, not %s" % (MAX_TIMEOUT_MS, timeout_ms))
        self.timeout_ms = timeout_ms
        self.clock = clock
        self.feeds = 0
        self.fed_at = clock.now() if clock is not None else 0

    def feed(self):
        self.feeds += 1
        if self.clock is not None:
            self.fed_at = self.clock.now()

    def starved(self, now_ms=None):
        if self.clock is None:
            raise ValueError("a WatchdogTwin tells starvation only when it is given a clock")
        if now_ms is None:
            now_ms = self.clock.now()
        return now_ms - self.fed_at >= self.timeout_ms


def reset_cause(cause_code, storage, codes):
    """Why the board started, readable, from machine.reset_cause()'s value and the object that
    holds the port's codes. Removes the planned-reset marker and logs the cause: call it once a
    boot. A marker with a power-on code means the power went before the planned reset did."""
    planned = storage.read(MARKER) is not None
    if planned:
        storage.remove(MARKER)  # first: a stale marker would hide the next real watchdog reset
    cause = None
    for attr, text in _CAUSES:
        if getattr(codes, attr, None) == cause_code:
            cause = text
            break
    if cause is None:
        cause = "unknown (%s)" % (cause_code,)
    if planned and cause != POWER_ON:
        cause = PLANNED
    storage.write(RESET_LOG, "\n".join([cause] + reset_log(storage)[:LOG_SIZE - 1]).encode())
    return cause


def planned_reset(storage, reset):
    """Leave the marker, then reset (reset is machine.reset on the board)."""
    storage.write(MARKER, b"planned reset")
    reset()


def reset_log(storage):
    """The causes of the last boots, newest first (at most LOG_SIZE)."""
    data = storage.read(RESET_LOG)
    if not data:
        return []
    try:
        text = data.decode()
    except UnicodeError:
        return []  # a log that is not text is started again
    return [line for line in text.split("\n") if line][:LOG_SIZE]
