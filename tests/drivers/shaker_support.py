# Helpers for the shaker's tests (CPython under pytest, MicroPython under tests/mp/runner.py):
# a shaker wired to its twins, and a loop that polls it as the board's main loop would.
from drivers.shaker import Shaker, MotorTwin, ReaderTwin

GOOD = (3, 5, 120, 44, 310, 201, 0)  # the reading in the protocol's example line
TIMING = {"shake_ms": 1500, "settle_ms": 1200, "answer_ms": 1000}


def shaker(answers=(), chunk=0, **timing):
    """(shaker, motor, reader): a Shaker on a MotorTwin and a ReaderTwin with these answers."""
    for name in TIMING:
        timing.setdefault(name, TIMING[name])
    motor = MotorTwin()
    reader = ReaderTwin(answers, chunk=chunk)
    return Shaker(motor, reader, **timing), motor, reader


def roll(source, now_ms=0, step_ms=5, limit_ms=20000):
    """Start a roll at now_ms and poll every step_ms: (the event, when it came)."""
    source.start(now_ms)
    t = now_ms
    while t <= now_ms + limit_ms:
        event = source.poll(t)
        if event is not None:
            return event, t
        t += step_ms
    raise AssertionError("no event within %d ms" % limit_ms)


def rolls(answers, **timing):
    """The events of one roll for each answer, on one shaker (it remembers the last roll)."""
    source = shaker(answers, **timing)[0]
    events = []
    now = 0
    for _ in answers:
        event, now = roll(source, now)
        events.append(event)
        now += 100
    return events
