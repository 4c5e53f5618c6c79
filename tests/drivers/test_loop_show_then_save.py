# The order of what a press does through the main loop: a panel key's screens are shown before
# its saves (so that it answers before flash is written), a failed save still tilts and
# redraws them, and what pays, deals or takes money in is shown only once saved.
from drivers.display import DisplayTwin
from drivers.storage import MemoryStorage
from loop_rig import rig
from terminal.events import PRESS, RELEASE, DICE, CREDITS_IN
from terminal.memory import CriticalMemory
from terminal.settings import Settings
from terminal.startup import start


class Watched(MemoryStorage):
    """The twin, which notes what the station's display showed at each write; fail: the next
    write raises OSError(EIO)."""

    def __init__(self, display):
        MemoryStorage.__init__(self)
        self.display = display
        self.seen = []
        self.fail = False

    def _write(self, name, before, data):
        self.seen.append(self.display.lines)
        if self.fail:
            self.fail = False
            raise OSError(5)
        MemoryStorage._write(self, name, before, data)


def watched_rig():
    loop, parts, cabinet = rig(1)
    storage = Watched(parts.displays[0])
    storage.files = parts.storage.files
    parts.memory.storage = storage
    return loop, parts, cabinet, storage


def press(loop, button, now):
    loop.send((PRESS, 0, button), now)
    loop.send((RELEASE, 0, button), now)


def test_a_bet_is_on_its_display_before_it_is_saved():
    loop, parts, cabinet, storage = watched_rig()
    press(loop, "pass", 10)
    press(loop, "bet", 20)
    assert storage.seen and all(lines[1] == "PASS: 1" for lines in storage.seen)
    assert cabinet.table.credits == [99]


def test_a_bet_is_on_its_display_before_its_journal_entry_is_worked_out():
    # The entry is the change of the whole state: on the chip the slowest part of a bet.
    loop, parts, cabinet, storage = watched_rig()
    press(loop, "pass", 10)
    made = []
    state = cabinet.state

    def watched_state():
        made.append(parts.displays[0].lines)
        return state()
    cabinet.state = watched_state
    press(loop, "bet", 20)
    assert made and all(lines[1] == "PASS: 1" for lines in made)


def test_a_bet_whose_save_fails_is_a_ram_error_and_is_not_kept():
    loop, parts, cabinet, storage = watched_rig()
    press(loop, "pass", 10)
    storage.fail = True
    press(loop, "bet", 20)
    assert cabinet.ram_error and parts.sign.lines[0].startswith("TILT: RAM ERROR")
    powered, _ = start(Settings(stations=1, credits=100), CriticalMemory(storage), (), 0)
    assert powered.table.credits == [100] and powered.ram_error


def test_credits_in_are_shown_only_once_saved():
    loop, parts, cabinet, storage = watched_rig()
    loop.send((CREDITS_IN, 0, 20), 10)
    assert storage.seen and all("CR 100" in lines[0] for lines in storage.seen)
    assert "CR 120" in parts.displays[0].lines[0]


class Dice:
    """A dice source that throws 3 and 4 when asked."""

    def start(self, now_ms):
        self.asked = True

    def poll(self, now_ms):
        return (DICE, 3, 4)


def test_the_dice_are_shown_only_once_saved():
    loop, parts, cabinet, storage = watched_rig()
    parts.dice = Dice()
    press(loop, "pass", 10)
    press(loop, "bet", 20)
    press(loop, "roll", 30)
    now = 30
    while not cabinet.history:
        now += 5
        storage.seen = []  # the writes of this step alone
        loop.step(now)
    assert storage.seen and all(lines[3] == "NO ROLL YET" for lines in storage.seen)
    assert parts.displays[0].lines[3] != "NO ROLL YET"


def test_the_board_collects_garbage_after_a_key_a_save_or_a_drawing_not_in_a_quiet_tick():
    # A collection takes about 15 ms on the chip: once a key's action is shown and saved, or
    # what a tick drew is shown, not in the next key's answer, where the garbage left called
    # for it (one press in three on cabinet-4station).
    loop, parts, cabinet, storage = watched_rig()
    collected = []
    parts.collect = lambda: collected.append(parts.displays[0].lines)
    loop = type(loop)(cabinet, parts)
    press(loop, "come", 10)  # a selection: nothing saved
    assert len(collected) == 1 and collected[0][1] == "COME: 0"
    press(loop, "come", 12)  # COME again: nothing changed, nothing to collect
    loop.step(15)
    loop.step(17)
    assert len(collected) == 1  # nor in a quiet tick
    press(loop, "pass", 18)
    press(loop, "bet", 20)
    assert len(collected) == 3 and collected[2][1] == "PASS: 1"
    signs = len(parts.sign.shown)  # the shooter's countdown: the sign each second
    now = 22
    while len(parts.sign.shown) == signs:
        assert len(collected) == 3, now  # quiet ticks
        loop.step(now)
        now += 2
    assert len(collected) == 4  # the tick that drew it


class Noted(DisplayTwin):
    """A display twin that notes its name on `order` at each drawing."""

    def __init__(self, name, order):
        DisplayTwin.__init__(self)
        self.name = name
        self.order = order

    def show(self, lines):
        if tuple(lines) != self.lines:
            self.order.append(self.name)
        DisplayTwin.show(self, lines)


def test_a_keys_own_display_is_drawn_before_the_sign():
    # An SSD1306 row is 3-4 ms of I2C on the chip: the player who pressed does not wait for the
    # sign, which the first line bet changes (its station is the shooter now).
    order = []
    loop, parts, cabinet = rig(2, displays=[Noted("S1", order), Noted("S2", order)],
                               sign=Noted("sign", order))
    loop.send((PRESS, 1, "pass"), 10)
    loop.send((RELEASE, 1, "pass"), 10)
    del order[:]
    loop.send((PRESS, 1, "bet"), 20)
    assert cabinet.table.find(1, "pass") and order == ["S2", "sign"], order
