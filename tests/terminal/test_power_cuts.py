# Fault injection, the proof that money survives: the power is cut at every write the script
# makes, clean or tearing the write in half, and every run must end as the uninterrupted one
# did (power_cuts.py says what is compared), and no roll's outcome may be drawn twice. Also: a
# damaged byte in each kind of record.
import sys

from power_cuts import SCRIPT, Run, uninterrupted, with_cut
from drivers.storage import MemoryStorage
from terminal.audit import check
from terminal.memory import COPIES

# MicroPython (WebAssembly) is about 30 times slower: it tries every seventh cut point.
STRIDE = 7 if sys.implementation.name == "micropython" else 1


def test_the_uninterrupted_run_plays_the_whole_script():
    views, _, recalls, writes = uninterrupted()
    run = Run(MemoryStorage())
    for step in SCRIPT:
        run.step(step)
    cab = run.cab
    assert run.view() == views[-1]
    assert cab.meters.counts["games"] == 11 and cab.meters.counts["no_rolls"] == 4
    assert cab.meters.counts["credits_out"] > 0 and cab.meters.counts["dice_changes"] == 1
    assert cab.meters.balance(cab.table) is None
    assert check(cab.audit.dump()) is None
    assert [e[4] for e in cab.audit.entries].count("HANDPAY PAID") == 1
    assert "READING DECIDED" in [e[4] for e in cab.audit.entries]
    assert writes > 150 and len([r for r in recalls if r != "null"]) == 10


def test_a_cut_at_every_write_clean_or_torn_changes_nothing():
    golden = uninterrupted()
    writes = golden[3]
    tried = 0
    for at in range(1, writes + 1, STRIDE):
        for tear in (False, True):
            wrong = with_cut(at, tear, golden)
            assert wrong is None, "cut at write %d%s: %s" % (at, " (torn)" if tear else "", wrong)
            tried += 1
    assert tried >= 2 * (writes // STRIDE)


def test_a_damaged_byte_in_one_copy_of_each_record_is_repaired_at_start_up():
    storage = MemoryStorage()
    run = Run(storage)
    for step in SCRIPT:
        run.step(step)
    view = run.view()
    names = sorted(set(name[:-2] for name in storage.files))
    assert set(names) >= {"state", "roll", "audit", "recall0", "recall9"}
    for name in names:
        for copy in COPIES:
            good = storage.files[name + copy]
            for at in (0, len(good) // 2, len(good) - 1):  # the header, the middle, the end
                storage.files[name + copy] = damage(good, at)
                run.boot()
                assert not run.cab.ram_error and run.view() == view, (name + copy, at)
                assert storage.files[name + copy] == storage.files[name + other(copy)]


def test_a_record_damaged_in_both_copies_is_a_ram_error_until_the_attendant_clears_it():
    storage = MemoryStorage()
    run = Run(storage)
    for step in SCRIPT[:5]:
        run.step(step)
    for copy in COPIES:
        storage.files["state" + copy] = damage(storage.files["state" + copy], 20)
    run.boot()
    assert run.cab.ram_error == ("state",) and run.cab.tilt == "RAM ERROR: state"
    run.tick()
    assert storage.files["state.a"] == storage.files["state.b"] != b""  # still the damaged ones
    run.press(0, "bet")
    assert run.cab.table.wagers == []  # a new cabinet's layout, locked
    run.turn_key(True)
    run.turn_key(False)
    assert not run.cab.ram_error and run.cab.tilt == ""
    assert [e[4] for e in run.cab.audit.entries][-3:] == ["TILT CLEARED", "RAM CLEARED", "KEY OFF"]
    run.boot()  # what the attendant cleared to is saved
    assert not run.cab.ram_error and run.cab.meters.balance(run.cab.table) is None


def damage(data, at):
    return data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:]


def other(copy):
    return COPIES[1 - COPIES.index(copy)]
