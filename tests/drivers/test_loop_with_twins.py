# The main loop (terminal/loop.py) with every driver's twin: presses become bets, the dice
# source answers a roll request, displays, sign and puck are drawn, the watchdog is fed, and an
# unexpected error is recorded and tilts the cabinet instead of stopping it.
from drivers.hardware import ERROR_LOG
from loop_rig import rig
from terminal.cabinet import TILT


def click(parts, station, button):
    parts.inputs[0].press(station, button)
    parts.inputs[0].release(station, button)


def test_a_roll_through_the_twins():
    loop, parts, cabinet = rig()
    loop.step(0)
    assert parts.sign.lines[0] == "PLACE YOUR BETS" and parts.displays[1].lines[0] == "S2 CR 100"
    click(parts, 0, "pass")
    click(parts, 0, "bet")
    click(parts, 0, "roll")
    loop.step(10)
    assert parts.sign.lines[0] == "NO MORE BETS" and cabinet.table.credits[0] == 99
    now, steps = 10, 2
    while not cabinet.history and now < 5000:
        now += 5
        loop.step(now)
        steps += 1
    assert cabinet.history, "the dice source never answered"
    d1, d2 = cabinet.history[0]
    assert 1 <= d1 <= 6 and 1 <= d2 <= 6
    assert parts.sign.lines[0].startswith("%d+%d=%d" % (d1, d2, d1 + d2))
    assert parts.displays[0].lines[3] == "LAST %d+%d=%d" % (d1, d2, d1 + d2)
    assert len(parts.puck.frames) >= 2 and parts.watchdog.feeds == steps  # fed at every step


def test_a_state_changed_in_flash_is_a_ram_error_tilt_shown_when_the_bets_close():
    loop, parts, cabinet = rig()
    loop.step(0)
    click(parts, 0, "pass")
    click(parts, 0, "bet")
    loop.step(5)
    files = parts.storage.files
    for name in list(files):  # the bet is the journal's last entry: its CRC now fails
        if name.startswith("journal0-") and name.endswith(".b"):
            files[name] = files[name].replace(b"99", b"98")
    click(parts, 0, "roll")
    loop.step(10)
    assert cabinet.tilt == "RAM ERROR: journal0" and cabinet.ram_error == ("journal0",)
    # shown after the close, not under it
    assert parts.sign.lines[0] == "TILT: RAM ERROR: journal0"
    for now in range(15, 3000, 5):
        loop.step(now)
    assert not loop.rolling and not cabinet.history  # no dice were asked for


class Broken:
    def scan(self, now_ms):
        raise OSError(5)


def test_an_unexpected_error_is_recorded_once_and_tilts_the_cabinet():
    loop, parts, cabinet = rig()
    loop.step(0)
    parts.inputs.append(Broken())
    for now in (5, 10, 15):
        try:
            loop.step(now)
        except OSError as e:
            loop.fail(e, now)
    assert cabinet.phase == TILT and parts.sign.lines[0] == "TILT: FAULT: OSError"
    log = parts.storage.read(ERROR_LOG).decode()
    assert log.count("Traceback") == 1  # the same error again is not written again
    assert parts.watchdog.feeds >= 3  # the tilted cabinet is still fed, never reset in a loop
