# The power-up and the watchdog: a production board's is machine.WDT itself, started at power-up
# unless the board is in service mode (the key held, the door open); the twin counts feeds and
# knows when the board would have been reset. A station display that cannot be built is the
# console instead, and a fault. Why the board started: a watchdog reset is a planned
# reset when the marker was left, and every cause goes into the reset log (the last ten).
import sys

from folders import folder
from drivers import hardware, watchdog
from drivers.watchdog import (WatchdogTwin, Rp2Codes, reset_cause, planned_reset,
                              reset_log, MARKER, RESET_LOG)
from drivers.storage import MemoryStorage
from drivers.clock import ClockTwin
from panel_fakes import Ticks
from support import raises

POWER_ON = Rp2Codes.PWRON_RESET
WDT = Rp2Codes.WDT_RESET


class FakeWdt:
    def __init__(self, timeout):
        self.timeout = timeout
        self.fed = 0

    def feed(self):
        self.fed += 1


class FakeMachine:
    """What hardware.power_up and build ask of `machine` for a board that names no parts but
    its key and door switches; levels: {gpio: level} read at power-up (unnamed: pulled up)."""
    PWRON_RESET = Rp2Codes.PWRON_RESET
    mem32 = {}

    def __init__(self, levels=None):
        self.wdts = []
        levels = levels or {}

        class Pin:
            IN = 0
            PULL_UP = 1

            def __init__(self, gpio, mode, pull):
                self.gpio = gpio

            def value(self):
                return levels.get(self.gpio, 1)
        self.Pin = Pin

    def reset_cause(self):
        return self.PWRON_RESET

    def WDT(self, timeout):
        self.wdts.append(FakeWdt(timeout))
        return self.wdts[-1]


def built(board, machine):
    """hardware.power_up(board), then hardware.build(board) with its watchdog, with machine as
    the `machine` module (and on CPython, panel_fakes' Ticks as its `time`), storage in a new folder.
    Returns (service, parts)."""
    before, real_time = sys.modules.get("machine"), hardware.time
    sys.modules["machine"] = machine
    if not hasattr(real_time, "ticks_ms"):
        hardware.time = Ticks()
    try:
        service, dog = hardware.power_up(board)
        return service, hardware.build(board, folder("watchdog_test"), watchdog=dog)
    finally:
        hardware.time = real_time
        if before is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = before


class Board:
    """machine.reset(): it only remembers that it was called."""

    def __init__(self):
        self.resets = 0

    def reset(self):
        self.resets += 1


CABINET = {"production": True, "watchdog_ms": 1000, "attendant_key": {"pin": 22},
           "door": {"pin": 21}}


def test_a_production_board_feeds_machine_wdt_with_its_timeout():
    machine = FakeMachine({21: 0})  # the door shut, the key off
    service, parts = built(CABINET, machine)
    parts.watchdog.feed()
    parts.watchdog.feed()
    wdt, = machine.wdts
    assert not service and wdt.fed == 2 and wdt.timeout == 1000


def test_a_board_not_in_production_starts_no_wdt_and_gets_the_twin():
    machine = FakeMachine()
    service, parts = built({}, machine)
    assert isinstance(parts.watchdog, WatchdogTwin) and machine.wdts == [] and not service


def test_service_mode_is_the_key_held_with_the_door_open_and_starts_no_wdt():
    machine = FakeMachine({22: 0})  # the key held at power-up; the door open (its pin high)
    service, parts = built(CABINET, machine)
    assert service and isinstance(parts.watchdog, WatchdogTwin) and machine.wdts == []


def test_the_key_held_with_the_door_shut_is_no_service_mode():
    machine = FakeMachine({22: 0, 21: 0})
    service, parts = built(CABINET, machine)
    assert not service and len(machine.wdts) == 1 and parts.watchdog is machine.wdts[0]


def test_the_door_open_with_the_key_off_is_no_service_mode():
    machine = FakeMachine()  # the door open (its pin high), the key not held
    service, parts = built(CABINET, machine)
    assert not service and len(machine.wdts) == 1 and parts.watchdog is machine.wdts[0]


def test_a_board_without_a_door_switch_enters_service_mode_on_the_key_alone():
    board = dict(CABINET)
    del board["door"]
    for levels, service in (({22: 0}, True), ({}, False)):
        machine = FakeMachine(levels)
        assert built(board, machine)[0] == service and len(machine.wdts) == (not service)


def test_a_display_that_cannot_be_built_is_the_console_and_a_fault():
    from drivers.display import ConsoleDisplay
    spec = {"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}}  # no ssd1306 module here
    _, parts = built({"displays": [{"driver": "console"}, spec]}, FakeMachine())
    assert [type(d) for d in parts.displays] == [ConsoleDisplay, ConsoleDisplay]
    (name, error), = parts.faults
    assert name == "S2 DISPLAY" and isinstance(error, Exception)


def test_a_power_on_and_a_watchdog_reset():
    store = MemoryStorage()
    assert reset_cause(POWER_ON, store, Rp2Codes) == "power on"
    assert reset_cause(WDT, store, Rp2Codes) == "watchdog"


def test_a_planned_reset_reads_as_planned_not_as_a_watchdog_reset():
    store = MemoryStorage()
    board = Board()
    planned_reset(store, board.reset)
    assert board.resets == 1 and store.read(MARKER) is not None
    assert reset_cause(WDT, store, Rp2Codes) == "planned reset"  # rp2 reads it as WDT_RESET
    assert store.read(MARKER) is None  # the marker is used once
    assert reset_cause(WDT, store, Rp2Codes) == "watchdog"


def test_the_marker_is_written_before_the_reset():
    store = MemoryStorage()
    seen = []
    planned_reset(store, lambda: seen.append(store.read(MARKER)))
    assert seen and seen[0] is not None


def test_a_power_cut_before_the_planned_reset_is_a_power_on():
    store = MemoryStorage()
    store.write(MARKER, b"planned reset")
    assert reset_cause(POWER_ON, store, Rp2Codes) == "power on"
    assert store.read(MARKER) is None
    assert reset_cause(WDT, store, Rp2Codes) == "watchdog"


class OtherPort:
    PWRON_RESET = 1
    HARD_RESET = 2
    WDT_RESET = 3
    DEEPSLEEP_RESET = 4
    SOFT_RESET = 5


def test_codes_come_from_the_object_passed_in():
    store = MemoryStorage()
    assert reset_cause(5, store, OtherPort) == "soft reset"
    assert reset_cause(2, store, OtherPort) == "reset pin"
    assert reset_cause(4, store, OtherPort) == "woke from deep sleep"
    assert reset_cause(5, store, Rp2Codes) == "unknown (5)"
    planned_reset(store, lambda: None)
    assert reset_cause(5, store, OtherPort) == "planned reset"


def test_the_log_keeps_the_last_ten_causes_newest_first_in_one_file():
    store = MemoryStorage()
    assert reset_log(store) == []
    reset_cause(POWER_ON, store, Rp2Codes)
    for i in range(12):
        if i % 3 == 0:
            planned_reset(store, lambda: None)
        reset_cause(WDT, store, Rp2Codes)
    causes = reset_log(store)
    assert len(causes) == 10
    assert causes[0] == "watchdog" and causes[2] == "planned reset"
    assert causes == ["watchdog", "watchdog", "planned reset"] * 3 + ["watchdog"]
    assert store.names() == [RESET_LOG]
    assert len(store.read(RESET_LOG)) < 200


def test_a_log_that_is_not_text_is_started_again():
    store = MemoryStorage()
    store.write(RESET_LOG, b"\xff\xfe\x00garbage")
    causes = reset_log(store)
    assert type(causes) is list and len(causes) <= 1  # MicroPython may not check UTF-8
    assert reset_cause(POWER_ON, store, Rp2Codes) == "power on"
    assert reset_log(store)[0] == "power on"


def test_the_twin_counts_feeds_and_starves_after_its_timeout():
    clock = ClockTwin(1000)
    dog = WatchdogTwin(timeout_ms=500, clock=clock)
    assert dog.feeds == 0 and not dog.starved()
    clock.advance(499)
    assert not dog.starved()
    clock.advance(1)
    assert dog.starved()  # not fed for 500 ms: the board would have been reset
    dog.feed()
    assert dog.feeds == 1 and not dog.starved()
    assert dog.starved(1500 + 500) and not dog.starved(1500 + 499)
    for _ in range(10):
        clock.advance(400)
        dog.feed()
    assert dog.feeds == 11 and not dog.starved()


def test_the_twin_without_a_clock_only_counts():
    dog = WatchdogTwin()
    dog.feed()
    assert dog.feeds == 1 and dog.timeout_ms == 8000
    raises(ValueError, dog.starved, 10 ** 6)  # it cannot tell starvation


def test_the_twin_takes_only_timeouts_the_rp2040_can():
    WatchdogTwin(timeout_ms=watchdog.MAX_TIMEOUT_MS)
    for bad in (0, -1, 8389, 1.5, True):
        raises(ValueError, WatchdogTwin, timeout_ms=bad)
