# The virtual board's `_board` module (tests/virtual_board/board.mjs gives it to the `machine`
# twin in /rom/lib) for MicroPython's unix port: a board that powers up once and never resets, no
# pin held at power-up, a watchdog that is fed in time.
def hard_reset():
    raise SystemExit


soft_reset = hard_reset


def reset_cause():
    return 1  # PWRON_RESET


def unique_id():
    return "e660c0d1c7"


def poll():
    return False


def pins():
    return ""


def wdt_feed(timeout):
    return False
