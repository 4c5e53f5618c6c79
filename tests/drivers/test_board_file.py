# The board file checked before anything is built from it (drivers/board_file.py): at start-up
# and by the flash and wiring tools. Each mistake is a BadBoard naming it in one line.
from drivers import board_file
from drivers.board_file import BadBoard
from support import raises


def board(**changes):
    """A one-station shaker board with two displays on one I2C bus; changes replace parts."""
    b = {
        "stations": 1, "credits": 0, "rules": {},
        "buttons": {"driver": "gpio", "keys": [[6, 0, "pass", "dont_pass"],
                                               [7, 0, "roll", None]]},
        "attendant_key": {"pin": 22},
        "door": {"pin": 21},
        "puck": {"driver": "ws2812", "pin": 28},
        "displays": [{"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}},
                     {"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5},
                      "address": 61}],
        "dice": {"driver": "shaker", "motor": 15, "uart": {"id": 0, "tx": 0, "rx": 1}},
    }
    b.update(changes)
    return b


def bad(b):
    return str(raises(BadBoard, board_file.check, b))


def test_a_good_board_gives_its_settings():
    assert board_file.check(board(stations=1, credits=50)).credits == 50


def test_two_displays_share_their_i2c_bus_and_matrix_pins_are_each_listed_once():
    board_file.check(board())
    matrix = {"driver": "matrix", "rows": [6, 7], "cols": [8, 9, 10],
              "keys": [[0, 0, 0, "pass", None], [1, 0, 0, "roll", None]]}
    board_file.check(board(buttons=matrix))


def test_a_file_that_is_not_a_json_object_is_refused():
    assert "not JSON" in str(raises(BadBoard, board_file.load, "{"))
    assert "JSON object" in str(raises(BadBoard, board_file.load, "[1]"))


def test_a_pin_outside_gp0_to_gp29_is_refused():
    assert bad(board(door={"pin": 99})) == "door.pin is 99: a pin is GP0 to GP29"
    assert "buttons.keys[1][0] is -1" in bad(board(buttons={"driver": "gpio", "keys": [
        [6, 0, "pass", None], [-1, 0, "roll", None]]}))
    assert "puck.pin is '28'" in bad(board(puck={"driver": "ws2812", "pin": "28"}))
    assert "is True" in bad(board(door={"pin": True}))


def test_a_pin_wired_twice_is_refused():
    assert bad(board(door={"pin": 6})) == \
        "GP6 is wired twice: buttons.keys[0][0] and door.pin"
    assert bad(board(attendant_key={"pin": 7})) == \
        "GP7 is wired twice: buttons.keys[1][0] and attendant_key.pin"
    assert "GP15 is wired twice" in bad(board(puck={"driver": "ws2812", "pin": 15}))


def test_displays_on_two_buses_cannot_share_pins():
    displays = [{"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}},
                {"driver": "ssd1306", "i2c": {"id": 1, "sda": 4, "scl": 5}}]
    assert bad(board(displays=displays)) == \
        "GP4 is wired twice: displays[0].i2c.sda and displays[1].i2c.sda"


def test_each_coin_acceptors_pin_is_checked():
    board_file.check(board(acceptors=[{"pin": 26, "station": 0}]))
    assert "GP21 is wired twice" in bad(board(acceptors=[{"pin": 21, "station": 0}]))
    assert "acceptors[1].pin is 30" in bad(board(acceptors=[{"pin": 26, "station": 0},
                                                            {"pin": 30, "station": 0}]))


def test_a_part_of_the_wrong_kind_is_named():
    assert bad(board(door=5)) == "door is an object"
    assert bad(board(displays={"driver": "ssd1306"})) == "displays is a list"


def test_rules_and_settings_are_the_cabinets_own_checks():
    assert bad(board(rules="odds")) == "rules is an object of house rules, not 'odds'"
    assert bad(board(rules=5)) == "rules is an object of house rules, not 5"
    assert "house rule odds cannot be '7x'" in bad(board(rules={"odds": "7x"}))
    assert bad(board(stations=0)) == "a cabinet has 1 to 8 stations, not 0"
    assert bad(board(credits=-5)) == "credits is a whole number from 0 to 9999999999, not -5"
    assert bad(board(settings={"recall": 0})) == "recall is a whole number from 1 up, not 0"
    assert bad(board(settings=[])) == "settings is an object, not []"
    assert "settings:" in bad(board(settings={"recal": 5}))


# Seen in 2,000 fuzzed board files: each the firmware refuses at boot, or the tools
# crashed on, is one BadBoard line naming the field.
def test_dice_that_are_not_an_object_are_refused():
    assert bad(board(dice=0)) == "dice is an object"


def test_an_acceptor_the_driver_cannot_time_is_refused():
    timing = {"pin": 26, "station": 0, "stuck_ms": 3}
    assert bad(board(acceptors=[timing])) == \
        "acceptors[0]: an acceptor needs pulse_min_ms <= pulse_max_ms < stuck_ms"
    assert "no setting pulses" in bad(board(acceptors=[{"pin": 26, "station": 0, "pulses": 2}]))
    assert bad(board(acceptors=[{"pin": 26, "station": 1}])) == \
        "acceptors[0].station is a station from 0 to 0, not 1"


def test_a_matrix_key_off_the_matrix_is_refused():
    matrix = {"driver": "matrix", "rows": [6, 7], "cols": [8, 9],
              "keys": [[0, 0, 0, "pass", None], [2, 0, 0, "roll", None]]}
    assert bad(board(buttons=matrix)) == "buttons: matrix key (2, 0) is off a 2x2 matrix"


def test_every_field_has_its_type_and_an_unknown_one_is_named():
    assert bad(board(puck={"driver": "ws2812", "pin": 28, "brightness": "64"})) == \
        "puck.brightness is a whole number, not '64'"
    assert bad(board(puck={"driver": "ws2812", "pin": 28, "brightness": 300})) == \
        "puck: brightness is 0-255, not 300"
    assert bad(board(puck={"driver": "neon"})) == \
        "puck.driver is one of gpio, twin, ws2812, not 'neon'"
    assert bad(board(door={"pin": 21, "pull": 1})) == "door has no field pull"
    assert bad(board(dice={"driver": "shaker", "motor": 15})) == "dice has no uart"
    assert bad(board(buttons={"driver": "gpio", "keys": [[6, 0, "pass"]]})) == \
        "buttons.keys[0] is a list of 4"
    assert bad(board(buttons={"driver": "gpio", "keys": [[6, 0, "pas", None]]})) == \
        "buttons.keys[0][2] is a panel button, not 'pas'"
    assert bad(board(displays=[{"driver": "ssd1306", "i2c": {"id": 2, "sda": 4, "scl": 5}}])) == \
        "displays[0].i2c.id is a whole number from 0 to 1, not 2"
    assert bad(board(description=5)) == "description is text, not 5"
    assert bad(board(watchdog_ms=9000)) == "watchdog_ms is a whole number from 1 to 8388, not 9000"


def test_a_display_its_driver_refuses_is_refused_not_left_to_a_fault():
    assert bad(board(displays=[{"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5},
                                "width": 4}])) == \
        "displays[0]: a display has at least 1 row of 1 character"


FRAM = {"driver": "fram", "i2c": {"id": 0, "sda": 4, "scl": 5}, "address": 80, "size": 65536}


def test_critical_memory_on_an_fram_shares_the_displays_bus_or_wires_its_own():
    board_file.check(board(storage=FRAM))
    board_file.check(board(storage=dict(FRAM, i2c={"id": 1, "sda": 2, "scl": 3})))
    board_file.check(board(storage={"driver": "flash"}))
    assert bad(board(storage=dict(FRAM, i2c={"id": 0, "sda": 5, "scl": 4}))) == \
        "GP5 is wired twice: displays[1].i2c.scl and storage.i2c.sda"
    assert bad(board(storage=dict(FRAM, i2c={"id": 1, "sda": 4, "scl": 5}))) == \
        "GP4 is wired twice: displays[1].i2c.sda and storage.i2c.sda"
    assert bad(board(storage=dict(FRAM, i2c={"id": 1, "sda": 21, "scl": 3}))) == \
        "GP21 is wired twice: door.pin and storage.i2c.sda"


def test_an_fram_it_cannot_use_is_named():
    assert bad(board(storage=dict(FRAM, size=1000))) == \
        "storage: an FRAM's size is 4096 to 131072 bytes, a multiple of 512, not 1000"
    assert bad(board(storage=dict(FRAM, size="32K"))) == \
        "storage: an FRAM's size is 4096 to 131072 bytes, a multiple of 512, not 32K"
    assert bad(board(storage=dict(FRAM, address=200))) == \
        "storage.address is a whole number from 0 to 127, not 200"
    assert bad(board(storage={"driver": "fram"})) == "storage has no i2c"
    assert bad(board(storage={"driver": "eeprom"})) == \
        "storage.driver is one of flash, fram, not 'eeprom'"
    assert bad(board(storage=dict(FRAM, i2c={"id": 0, "sda": 4}))) == "storage.i2c has no scl"
    assert bad(board(storage=dict(FRAM, wp=6))) == "storage has no field wp"


def test_the_floor_port_names_its_pins_and_sas_address():
    floor = {"tx": 16, "rx": 17, "address": 1}
    board_file.check(board(floor=floor))
    assert bad(board(floor={"tx": 16, "rx": 17})) == "floor has no address"
    assert bad(board(floor=dict(floor, address=0))) == \
        "floor.address is a whole number from 1 to 127, not 0"
    assert bad(board(floor=dict(floor, address=128))) == \
        "floor.address is a whole number from 1 to 127, not 128"
    assert bad(board(floor=dict(floor, rx=6))) == \
        "GP6 is wired twice: buttons.keys[0][0] and floor.rx"
    assert bad(board(floor=dict(floor, tx=30))) == "floor.tx is 30: a pin is GP0 to GP29"
    assert bad(board(floor=dict(floor, baud=9600))) == "floor has no field baud"
    assert bad(board(floor=dict(floor, denomination=64))) == \
        "floor.denomination is a whole number from 0 to 63, not 64"
