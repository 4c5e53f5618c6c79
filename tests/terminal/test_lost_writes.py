# Writes that do not reach the flash: a write that fails in play (a worn block answers EIO) is a
# RAM error at once, with nothing saved, shown or dealt after it; a journal's tail gone from
# both copies (a part deleted, the last entries cut off at a line) is a RAM error at power-up,
# never a cabinet rolled back in silence; and the attendant's RAM clear says what it restored
# and what was lost.
from cabinet_support import Driver
from power_cuts import SCRIPT, played
from drivers.storage import MemoryStorage
from terminal.cabinet import TILT
from terminal.events import DICE, KEY
from terminal.journal import part
from terminal.memory import CriticalMemory, keep
from terminal.persistence import JOURNALS
from terminal.settings import Settings
from terminal.startup import start

EIO = 5


class FailingStorage(MemoryStorage):
    """The twin, whose next write to a file named `failing...` raises OSError(EIO)."""

    def __init__(self, files):
        MemoryStorage.__init__(self)
        self.files = files
        self.failing = None

    def _write(self, name, before, data):
        if self.failing and name.startswith(self.failing):
            self.failing = None
            raise OSError(EIO)
        MemoryStorage._write(self, name, before, data)


def failing(d, name):
    """The Driver's storage, whose next write to `name...` fails."""
    storage = FailingStorage(d.memory.storage.files)
    storage.failing = name
    d.memory.storage = storage
    return storage


def power_up(storage):
    """A power-up of the two-station cabinet from storage: (cabinet, memory), the start-up
    saved."""
    memory = CriticalMemory(storage)
    cab, out = start(Settings(stations=2, credits=100), memory, (), 0)
    assert keep(memory, out) is None
    return cab, memory


def clear(cab, memory):
    """The attendant's key on and off; the RAM CLEARED entry's detail."""
    for on in (True, False):
        assert keep(memory, cab.handle((KEY, on), 0)) is None
    assert not cab.ram_error and cab.phase != TILT
    return [e[5] for e in cab.audit.entries if e[4] == "RAM CLEARED"][-1]


def test_a_journal_append_that_fails_in_play_is_a_ram_error_at_once():
    d = Driver(stations=2, credits=100)
    d.bet(0, "pass")
    storage = failing(d, "journal")
    d.credits_in(1, 50)
    assert d.cab.ram_error == ("journal0",) and d.status[0] == "TILT: RAM ERROR: journal0"
    saved = dict(storage.files)
    assert d.refused(1, "bet") == "tilt: call the attendant"
    d.tick(5000)
    assert storage.files == saved  # nothing saved after it


def test_the_ram_clear_of_a_failed_write_saves_what_the_cabinet_holds_and_loses_nothing():
    d = Driver(stations=2, credits=100)
    d.bet(0, "pass")
    storage = failing(d, "journal")
    d.credits_in(1, 50)
    assert d.cab.ram_error == ("journal0",)
    assert clear(d.cab, d.memory).startswith("journal0; NOTHING LOST; IN 250 ")
    cab, _ = power_up(storage)
    assert not cab.ram_error and cab.table.credits == [99, 150]


def test_a_failed_write_is_still_a_ram_error_after_a_power_cut_and_its_clear_names_the_loss():
    d = Driver(stations=2, credits=100)
    d.bet(0, "pass")
    storage = failing(d, "journal")
    d.credits_in(1, 50)
    failed = d.cab.commits  # the entry that was not saved
    # the power is cut before the attendant came: the credits in were never saved
    cab, memory = power_up(storage)
    assert cab.ram_error == ("journal0",) and cab.phase == TILT
    cleared = clear(cab, memory)
    assert cleared == "journal0; COMMITS %d-%d LOST; IN 200 OUT 0 WON 0 LOST 0 GAMES 0" % (
        failed, failed)
    cab, _ = power_up(storage)
    assert not cab.ram_error and cab.table.credits == [99, 100]  # as the flash held them


def test_a_failed_write_as_the_bets_close_asks_for_no_dice():
    d = Driver(stations=1, credits=100)
    d.bet(0, "pass")
    asked = d.asked
    failing(d, "journal")
    d.press(0, "roll")
    assert d.cab.ram_error == ("journal0",) and d.cab.phase == TILT
    d.tick(5000)
    assert d.asked == asked and not d.cab.history


def test_a_failed_write_of_the_dice_shows_no_result_before_the_tilt():
    d = Driver(stations=1, credits=100)
    d.bet(0, "pass")
    d.call(0)
    d.ask()
    failing(d, "journal")
    signals = list(d.signals)
    d.event((DICE, 3, 4), check=False)
    assert d.cab.ram_error == ("journal0",)
    assert d.signals == signals  # no win beeped for a roll not saved
    assert d.status[0] == "TILT: RAM ERROR: journal0"


def newest_part(storage, run):
    journal = JOURNALS[run.cab.gen]
    k = 0
    while part(journal, k + 1) + ".a" in storage.files:
        k += 1
    return journal, k


def test_the_newer_journals_last_part_deleted_is_a_ram_error():
    storage, run = played(SCRIPT[:40] + (("bet", 0, 1, "field"),) * 12)  # a bet an entry
    journal, k = newest_part(storage, run)
    assert k > 0, "the script fills more than one part"
    for copy in (".a", ".b"):
        del storage.files[part(journal, k) + copy]
    run.boot()
    assert run.cab.ram_error == (journal,) and run.cab.phase == TILT


def test_the_last_entry_cut_off_both_copies_is_a_ram_error():
    for steps in (SCRIPT[:5], SCRIPT[:10], SCRIPT):  # a roll's dice, a bet, the last roll
        storage, run = played(steps)
        journal, k = newest_part(storage, run)
        for copy in (".a", ".b"):
            name = part(journal, k) + copy
            lines = storage.files[name].split(b"\n")
            assert len(lines) >= 2, (steps[-1], lines)
            storage.files[name] = b"\n".join(lines[:-2] + [b""])  # at a line's end
        run.boot()
        assert run.cab.ram_error == (journal,), (steps[-1], run.cab.tilt)


def test_the_ram_clear_after_a_handpay_was_cut_off_names_the_handpay_lost():
    steps = SCRIPT[:SCRIPT.index(("key", False)) + 1]  # the handpay is paid
    storage, run = played(steps)
    journal, k = newest_part(storage, run)
    for copy in (".a", ".b"):
        name = part(journal, k) + copy
        lines = storage.files[name].split(b"\n")
        storage.files[name] = b"\n".join(lines[:-3] + [b""])
    run.boot()
    assert run.cab.ram_error == (journal,)
    run.turn_key(True)
    run.turn_key(False)
    cleared = [e[5] for e in run.cab.audit.entries if e[4] == "RAM CLEARED"][-1]
    assert "LOST" in cleared and "HANDPAY PAID S3" in cleared, cleared


# -- records forged behind a valid CRC

ODD = (1.5, "x", None, True, False, [], {}, -1, 10 ** 12, [1], [1, 2, 3], {"x": 1})


def forge(value, rng):
    """value with one field somewhere in it replaced by an odd one (a list or dict changed in
    place; a new value returned)."""
    if type(value) in (list, dict) and value and rng.getrandbits(2):
        keys = list(range(len(value))) if type(value) is list else sorted(value)
        key = keys[rng.getrandbits(16) % len(keys)]
        value[key] = forge(value[key], rng)
        return value
    return ODD[rng.getrandbits(16) % len(ODD)]


def forged_boot(storage, run, name, change):
    """Both copies of the record `name` as change(content) makes it, behind a valid CRC; the
    cabinet powered up on them and played a little: never an exception."""
    from terminal.memory import pack
    content = run.memory.load(name)
    seq = run.memory.seq[name]
    content = change(content) or content
    for copy in (".a", ".b"):
        storage.files[name + copy] = pack(seq, content)
    run.boot()
    for button in ("chip", "bet", "roll", "help"):
        run.press(0, button)
    for _ in range(20):
        run.tick()


def put(path, value):
    """A change that sets the field at path (keys and indexes) to value."""
    def change(content):
        for key in path[:-1]:
            content = content[key]
        if type(content) is list and path[-1] == len(content):
            content.append(value)
        else:
            content[path[-1]] = value
    return change


SEEN = (  # what was seen to crash start() or later play (a forger's, found by trying)
    put(("history", 0), 7), put(("meters", "kinds", "pass"), [5]), put(("tilt",), 1.5),
    put(("handpays", 0), False), put(("keeper",), 9), put(("meters", "counts", "nonsense"), 1),
)


def test_a_base_forged_as_seen_behind_its_crc_is_a_ram_error():
    from terminal.persistence import BASES
    for change in SEEN:
        storage, run = played(SCRIPT[:42])  # a new base, its journal empty
        base = BASES[run.cab.gen]
        forged_boot(storage, run, base, change)
        assert run.cab.ram_error == (base,), run.cab.damage


def test_an_audit_entry_forged_behind_its_crc_is_a_ram_error():
    storage, run = played(SCRIPT[:12])
    forged_boot(storage, run, "audit", put(("entries", 0, 5), 7))
    assert run.cab.ram_error == ("audit",) and "audit.entries[0][5]" in run.cab.damage[0]


def test_a_base_or_audit_log_forged_at_random_is_a_ram_error_or_plays_never_a_crash():
    import random
    from terminal.persistence import BASES
    random.seed(19)  # (MicroPython's random has no Random class)
    rng = random
    storage, run = played(SCRIPT[:12])
    good = dict(storage.files)
    for n in range(60):
        storage.files.clear()
        storage.files.update(good)
        name = (BASES[run.cab.gen], "audit")[n % 2]
        forged_boot(storage, run, name, lambda content: forge(content, rng))
        if run.cab.ram_error:
            assert run.cab.ram_error == (name,) and run.cab.damage, run.cab.damage
