# Fault injection, the proof that money survives: the power is cut at every write the script
# makes, clean or tearing the write, and every run must end as the uninterrupted one did
# (power_cuts.py says what is compared), and no roll's outcome may be drawn twice: on the files'
# twin and on the FRAM's. Also: a damaged byte in each kind of record.
import sys

from power_cuts import SCRIPT, FramCuts, Run, canonical, played, uninterrupted, with_cut
from drivers.storage import MemoryStorage, PowerCut
from terminal import buttons
from terminal.audit import check
from terminal.cabinet import TILT
from terminal.journal import entries, line, part, record
from terminal.memory import COPIES, CriticalMemory, pack
from terminal.persistence import BASES, JOURNALS, RECORDS
from terminal.settings import Settings
from terminal.startup import start

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
    assert writes > 100 and len(recalls) == 10


def cut_at_every_write(make, script=SCRIPT, settings=None):
    """The script with the power cut at each of its writes in turn (every STRIDE-th), clean
    and torn, on the storage make() makes: each run must end as the uninterrupted one."""
    golden = uninterrupted(script, settings, make)
    writes = golden[3]
    tried = 0
    for at in range(1, writes + 1, STRIDE):
        for tear in (False, True):
            wrong = with_cut(at, tear, golden, script, settings, make)
            assert wrong is None, "cut at write %d%s: %s" % (at, " (torn)" if tear else "", wrong)
            tried += 1
    assert tried >= 2 * (writes // STRIDE)


def test_a_cut_at_every_write_clean_or_torn_changes_nothing():
    cut_at_every_write(MemoryStorage)


def test_a_cut_at_every_write_on_the_fram_changes_nothing():
    cut_at_every_write(FramCuts)


def test_a_cut_at_every_write_across_many_new_bases_changes_nothing():
    # A new base at every roll: each journal emptied and written again with entries in both,
    # so a cut falls in every step of a new base's writing, not only the first's.
    settings = Settings(stations=3, credits=200, dice="shaker", recall=1)
    script = SCRIPT[-11:]  # five shooters' bets and rolls
    for make in (MemoryStorage, FramCuts):
        cut_at_every_write(make, script, settings)
    run = Run(MemoryStorage(), settings)
    for step in script:
        run.step(step)
    assert run.cab.meters.counts["games"] == 5  # five new bases


def test_the_more_stations_the_fewer_rolls_a_journal_holds():
    # Power-up settles again at most 8 stations' rolls (persistence.base_rolls): each is most of
    # its time on the chip. A pass bet and craps, over and over, at the first station.
    script = (("bet", 0, 5, "pass"), ("roll", 1, 1)) * 11
    for stations, every in ((1, 5), (2, 4), (3, 2), (4, 2), (8, 1)):
        run = Run(MemoryStorage(), Settings(stations=stations, credits=200, dice="shaker"))
        held, bases = [], 0
        for step in script:
            gen = run.cab.gen
            run.step(step)
            bases += run.cab.gen != gen
            journal = CriticalMemory(run.storage).load(JOURNALS[run.cab.gen])
            held.append(len([e for e in journal if e[0] == "d"]))
        # a base at every `every`th roll, so the newer journal holds fewer rolls between
        assert bases == 11 // every and max(held) == every - 1, (stations, bases, held)
        assert run.cab.meters.counts["games"] == 11


def test_the_older_journal_short_of_the_newer_base_is_a_ram_error():
    storage, run = played()
    older = JOURNALS[1 - run.cab.gen]
    last = max(int(n[len(older) + 1:-2]) for n in storage.files if n.startswith(older + "-"))
    for copy in COPIES:  # its last entry gone from both copies
        name = part(older, last) + copy
        storage.files[name] = b"\n".join(storage.files[name].split(b"\n")[:-2] + [b""])
    run.boot()
    assert run.cab.ram_error == (older,) and "stops at commit" in run.cab.damage[0]
    refuses_play(run)


def test_a_damaged_byte_in_one_copy_of_each_record_is_repaired_at_start_up():
    storage = MemoryStorage()
    run = Run(storage)
    for step in SCRIPT:
        run.step(step)
    view = run.view()
    assert sorted(set(record(name) for name in storage.files)) == sorted(RECORDS)
    for name in sorted(storage.files):  # each copy of each record, each part of a journal
        good = storage.files[name]
        if not good:
            continue  # an empty journal: no byte to damage
        for at in (0, len(good) // 2, len(good) - 1):  # the header, the middle, the end
            storage.files[name] = damage(good, at)
            run.boot()
            assert not run.cab.ram_error and run.view() == view, (name, at)
            assert storage.files[name] == storage.files[name[:-2] + other(name[-2:])]


def test_a_record_damaged_in_both_copies_is_a_ram_error_until_the_attendant_clears_it():
    storage = MemoryStorage()
    run = Run(storage)
    for step in SCRIPT[:5]:
        run.step(step)
    state = BASES[run.cab.gen]
    for copy in COPIES:
        storage.files[state + copy] = damage(storage.files[state + copy], 20)
    run.boot()
    assert run.cab.ram_error == (state,) and run.cab.tilt == "RAM ERROR: " + state
    run.tick()
    damaged = storage.files[state + ".a"]
    assert damaged == storage.files[state + ".b"] != b""  # still the damaged ones
    run.press(0, "bet")
    assert run.cab.table.wagers == []  # a new cabinet's layout, locked
    run.turn_key(True)
    run.turn_key(False)
    assert not run.cab.ram_error and run.cab.tilt == ""
    assert [e[4] for e in run.cab.audit.entries][-3:] == ["TILT CLEARED", "RAM CLEARED", "KEY OFF"]
    run.boot()  # what the attendant cleared to is saved
    assert not run.cab.ram_error and run.cab.meters.balance(run.cab.table) is None


def refuses_play(run):
    """A tilted cabinet: no bet is taken, no roll asked for, however long it waits."""
    wagers = list(run.cab.table.wagers)
    run.press(0, buttons.BET)
    run.press(0, buttons.ROLL)
    for _ in range(40):
        run.tick()
    assert run.cab.phase == TILT and run.cab.table.wagers == wagers


def test_a_wiped_state_is_a_ram_error_never_a_new_cabinet():
    for name in BASES + tuple(part(j, 0) for j in JOURNALS):
        for wipe, damaged in (((".a", ".b"), ()), ((".b",), (".a",))):
            storage, run = played()
            assert run.cab.table.credits == [205, 181, 175]
            assert run.cab.meters.counts["games"] == 11
            for copy in damaged:
                storage.files[name + copy] = damage(storage.files[name + copy] or b" ", 0)
            for copy in wipe:
                del storage.files[name + copy]
            run.boot()
            assert run.cab.ram_error == (record(name + ".a"),), (name, wipe, run.cab.ram_error)
            assert len(run.cab.audit.entries) == 15  # the log is there: not a new cabinet
            refuses_play(run)
            assert name + ".b" not in storage.files  # nothing saved over the evidence


def test_any_record_the_cabinet_saved_missing_is_a_ram_error():
    storage, run = played()
    for name in [n if n not in JOURNALS else part(n, 0) for n in RECORDS]:
        for gone in (COPIES, COPIES[:1], COPIES[1:]):
            saved = dict(storage.files)
            for copy in gone:
                del storage.files[name + copy]
            run.boot()
            assert run.cab.ram_error == (record(name + ".a"),), (name, gone, run.cab.ram_error)
            refuses_play(run)
            storage.files.clear()
            storage.files.update(saved)


def test_a_wholly_empty_memory_waits_for_the_attendants_set_up():
    storage, run = played()
    storage.files.clear()  # a wiped board looks like a new one: neither deals unset up
    run.boot()
    assert run.cab.unset and run.cab.tilt == "NEW CABINET: ATTENDANT SETUP"
    refuses_play(run)
    assert storage.files == {}  # nothing is saved before the set-up
    run.turn_key(True)
    run.turn_key(False)
    assert [e[4] for e in run.cab.audit.entries] == ["KEY ON", "CABINET SET UP", "KEY OFF"]
    assert run.cab.audit.entries[1][5] == "IN 600 OUT 0 WON 0 LOST 0 GAMES 0"
    run.boot()
    assert not run.cab.unset and not run.cab.ram_error and run.cab.tilt == ""
    assert run.cab.table.credits == [200] * 3 and run.cab.meters.counts["games"] == 0
    assert run.cab.meters.counts["tilts"] == run.cab.meters.counts["attendant"] == 0
    run.step(SCRIPT[1])
    assert run.cab.table.credits[0] == 195  # it deals


def test_a_cut_in_the_set_up_never_leaves_a_cabinet_that_deals_unset_up():
    for at in range(1, 13):  # the set-up writes the log, both bases and journals and the marker:
        # 2 copies each
        for tear in (False, True):
            storage = MemoryStorage()
            storage.cut(at, tear)
            try:
                Run(storage)
            except PowerCut:
                pass
            run = Run(storage)  # a new cabinet is set up again; a RAM error is not
            if run.cab.ram_error:
                refuses_play(run)
                run.turn_key(True)
                run.turn_key(False)
            run.boot()
            assert run.cab.tilt == "" and not run.cab.ram_error, (at, tear, run.cab.tilt)
            assert run.cab.table.credits == [200] * 3 and run.cab.meters.counts["games"] == 0


def test_a_state_changed_in_flash_during_play_is_a_ram_error_when_the_bets_close():
    storage, run = played(SCRIPT[:4])
    credits = list(run.cab.table.credits)
    state = BASES[run.cab.gen]
    forged = run.cab.state()  # a whole record, CRC and all, that the cabinet did not save
    forged["layout"]["credits"][0] += 1000
    for copy in COPIES:
        storage.files[state + copy] = pack(run.memory.seq[state], forged)
    run.press(run.cab.shooter(), buttons.ROLL)
    assert run.cab.ram_error == (state,) and run.cab.tilt == "RAM ERROR: " + state
    refuses_play(run)
    run.turn_key(True)
    run.turn_key(False)  # the attendant's RAM clear saves the state the cabinet holds
    run.boot()
    assert run.cab.table.credits == credits and not run.cab.ram_error


def damage(data, at):
    return data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:]


def other(copy):
    return COPIES[1 - COPIES.index(copy)]


def test_start_up_feeds_the_watchdog_for_every_journal_entry_it_plays():
    storage, run = played()
    fed = []
    start(run.settings, CriticalMemory(storage), (), run.now, feed=lambda: fed.append(1))
    newer = len(CriticalMemory(storage).load(JOURNALS[run.cab.gen]))
    assert newer > 0 and len(fed) == newer  # (the older journal's recall is in the newer base)
    fed = []  # host tools play both, for each roll's record
    start(run.settings, CriticalMemory(storage), (), run.now, games=[],
          feed=lambda: fed.append(1))
    both = sum(len(CriticalMemory(storage).load(name)) for name in JOURNALS)
    assert both > newer and len(fed) == both


def test_a_power_up_takes_the_older_journals_recall_from_the_newer_base():
    storage, run = played()
    before = [canonical(game) for game in run.cab.recall]
    newer = CriticalMemory(storage).load(JOURNALS[run.cab.gen])
    assert len(before) > len([e for e in newer if e[0] == "d"])  # the older journal's too
    board, _ = start(run.settings, CriticalMemory(storage.copy()), (), run.now)
    host, _ = start(run.settings, CriticalMemory(storage.copy()), (), run.now, games=[])
    assert [canonical(game) for game in board.recall] == before
    assert [canonical(game) for game in host.recall] == before


def test_a_base_without_recall_has_it_made_again_from_the_older_journal():
    # (as a firmware that kept no recall in its bases left it)
    storage, run = played()
    before = [canonical(game) for game in run.cab.recall]
    memory = CriticalMemory(storage)
    newer = BASES[run.cab.gen]
    base = memory.load(newer)
    del base["recall"]
    memory.save(newer, base)
    cab, _ = start(run.settings, CriticalMemory(storage), (), run.now)
    assert cab.ram_error == () and [canonical(game) for game in cab.recall] == before


def test_a_base_with_a_recall_not_of_its_shape_is_a_ram_error():
    for recall, says in [
            ([[[1, 7], 0, [[], [], []]]], "state.recall[0][0][1] is a whole number from 1 to 6"),
            ([[[1, 2], 7, [[], [], []]]], "a puck on 7"),
            ([[[1, 2], 0, [[]]]], "1 stations, the board 3"),
            ([[[1, 2], 0, [[40], [], []]]], "a spot without its net"),
            ([[[1, 2], 0, [[-8, 5], [], []]]], "no spot -8"),
            ([[[1, 2], 0, [[7, 5], [], []]]], "no spot 7"),
            ([[[1, 2], 0, [["7", 5], [], []]]], "no spot 7"),
            ([[[1, 2], 0, [[40, None], [], []]]], "a net of None")]:
        storage, run = played()
        memory = CriticalMemory(storage)
        newer = BASES[run.cab.gen]
        base = memory.load(newer)
        base["recall"] = recall
        memory.save(newer, base)
        run.boot()
        assert run.cab.ram_error == (newer,) and says in run.cab.damage[0], run.cab.damage


def test_a_journal_entry_that_does_not_follow_is_a_ram_error_naming_its_journal():
    storage, run = played()
    journal = JOURNALS[run.cab.gen]  # the newer: its last part has the last entries
    name = max((n for n in storage.files if n.startswith(journal + "-")),
               key=lambda n: int(n[len(journal) + 1:-2]))
    found = entries(storage.files[name])
    found[-1][1] += 5  # a commit skipped, behind a valid CRC
    forged = b"".join(b"".join(line(n + 1, entry)) for n, entry in enumerate(found))
    for copy in COPIES:
        storage.files[name[:-2] + copy] = forged
    run.boot()
    assert run.cab.ram_error == (journal,), run.cab.ram_error
    assert "does not follow" in run.cab.damage[0]
    refuses_play(run)
