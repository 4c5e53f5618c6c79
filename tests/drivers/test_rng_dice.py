# The RNG dice end to end with the twin bit source: faces 1-6 with no modulo bias, one result a
# roll, the start-up test and seeds taken from the raw bits, reseeds, cycling, and a failing
# source giving a FAULT that stays.
import gc
import os

from drivers.entropy import StreamBits
from drivers.health import HealthTests
from drivers.rng_dice import RngDice, RngFailure, face
from rng_support import Counted, ListBits, counter_bytes, good_reader, reader
from support import raises
from terminal.events import DICE, FAULT

RCT_FAULT = (FAULT, "RNG HEALTH TEST FAILED: REPETITION COUNT TEST")
SEEDING = 1024 + 512 + 256  # start-up test, entropy input, nonce


def good_dice(**kwargs):
    return RngDice(StreamBits(good_reader()), **kwargs)


def roll(dice, now_ms=0):
    dice.start(now_ms)
    return dice.poll(now_ms)


def test_each_face_gets_exactly_42_of_the_256_byte_values_and_4_are_rejected():
    counts = [0] * 7
    for b in range(256):
        counts[face(b)] += 1
    assert counts == [4, 42, 42, 42, 42, 42, 42]
    assert [face(b) for b in range(252, 256)] == [0, 0, 0, 0]
    assert [face(b) for b in range(12)] == [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]


def test_rolls_are_two_faces_from_1_to_6():
    dice = good_dice()
    seen = set()
    for i in range(300):
        event = roll(dice, i)
        assert event[0] == DICE and len(event) == 3
        assert 1 <= event[1] <= 6 and 1 <= event[2] <= 6
        seen.add(event[1:])
    assert len(seen) > 30  # of 36; 300 fair rolls miss more than 5 with probability < 1e-9


def test_one_result_a_roll_and_none_while_no_roll_is_under_way():
    dice = good_dice()
    assert dice.poll(0) is None
    dice.start(10)
    assert dice.poll(10)[0] == DICE
    assert dice.poll(11) is None
    slow = good_dice(roll_ms=600)
    slow.start(1000)
    assert slow.poll(1000) is None and slow.poll(1599) is None
    assert slow.poll(1600)[0] == DICE and slow.poll(1601) is None


def test_the_constructor_reads_no_bits_and_the_first_roll_runs_the_start_up_test():
    source = Counted(StreamBits(good_reader()))
    dice = RngDice(source)
    assert source.taken == 0 and dice.seeds == 0
    assert roll(dice)[0] == DICE
    assert source.taken == SEEDING and dice.seeds == 1
    assert dice.health.samples == SEEDING  # every raw bit went through the health tests
    source = Counted(StreamBits(good_reader()))
    early = RngDice(source)
    assert early.startup() is None and source.taken == SEEDING  # at boot, before any roll
    assert early.startup() is None and source.taken == SEEDING  # once only
    roll(early)
    assert source.taken == SEEDING


def test_a_reseed_takes_fresh_raw_bits_after_reseed_rolls_rolls():
    source = Counted(StreamBits(good_reader()))
    dice = RngDice(source, reseed_rolls=5)
    for _ in range(5):
        roll(dice)
    assert source.taken == SEEDING and dice.seeds == 1 and dice.rolls == 5
    roll(dice)
    assert source.taken == SEEDING + 512 and dice.seeds == 2 and dice.rolls == 1
    for _ in range(9):
        roll(dice)
    assert source.taken == SEEDING + 2 * 512 and dice.seeds == 3
    big = RngDice(Counted(StreamBits(good_reader())), seed_bits=1024, reseed_rolls=1)
    big.dice(2)
    assert big.bits.taken == 1024 + 1024 + 512 + 1024


def test_the_same_raw_bits_give_the_same_dice_and_cycling_moves_them():
    data = counter_bytes(1024, b"seed")
    a = RngDice(StreamBits(reader(data)))
    b = RngDice(StreamBits(reader(data)))
    assert a.dice(20) == b.dice(20)
    c = RngDice(StreamBits(reader(data)))
    c.startup()
    c.cycle()
    assert c.dice(20) != b.dice(20)
    c.cycle()  # cycling takes no raw bits and no roll
    assert c.rolls == 20 and c.seeds == 1


def test_how_many_cycles_came_before_a_roll_picks_its_dice():
    data = counter_bytes(1024, b"seed")
    rolls = []
    for cycles in range(4):
        dice = RngDice(StreamBits(reader(data)))
        dice.startup()
        for _ in range(cycles):
            dice.cycle()
        rolls.append(dice.dice(10))
    assert len(set(tuple(r) for r in rolls)) == 4


def test_a_cycle_allocates_nothing_on_micropython():
    # The loop cycles the dice every step: garbage there calls for collections that hold up a
    # key pressed meanwhile.
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    dice = RngDice(StreamBits(reader(counter_bytes(1024, b"seed"))))
    dice.startup()
    dice.cycle()
    before = gc.mem_alloc()
    for _ in range(50):
        dice.cycle()
    assert gc.mem_alloc() - before == 0


def test_dice_n_rolls_straight_through_the_path():
    dice = good_dice(reseed_rolls=10)
    rolls = dice.dice(25)
    assert len(rolls) == 25 and dice.seeds == 3
    for d1, d2 in rolls:
        assert 1 <= d1 <= 6 and 1 <= d2 <= 6


def test_a_stuck_source_gives_a_fault_and_stays_failed():
    dice = RngDice(StreamBits(reader(b"\x00" * 100)))
    assert roll(dice) == RCT_FAULT
    assert dice.health.samples == 41
    assert dice.poll(1) is None  # one answer a roll
    assert roll(dice, 2) == RCT_FAULT and roll(dice, 3) == RCT_FAULT
    assert dice.startup() == RCT_FAULT
    dice.cycle()
    assert str(raises(RngFailure, dice.dice, 1)) == RCT_FAULT[1]  # a failed source does not roll
    assert dice.seeds == 0


def test_a_source_that_goes_bad_faults_at_the_next_reseed_and_stays_failed():
    good = StreamBits(good_reader())
    good_bits = [good.bit() for _ in range(SEEDING)]
    dice = RngDice(ListBits(good_bits, then=StreamBits(reader(b"\xff" * 100))), reseed_rolls=3)
    assert [roll(dice, t)[0] for t in range(3)] == [DICE, DICE, DICE]
    assert roll(dice, 3) == RCT_FAULT  # the reseed's raw bits are stuck: no dice
    assert roll(dice, 4) == RCT_FAULT and dice.seeds == 1


def test_a_biased_source_fails_the_adaptive_proportion_test():
    dice = RngDice(ListBits(([1] * 9 + [0]) * 200))
    assert roll(dice) == (FAULT, "RNG HEALTH TEST FAILED: ADAPTIVE PROPORTION TEST")


def test_a_source_that_runs_dry_is_a_fault():
    dice = RngDice(StreamBits(reader(counter_bytes(100))))
    assert roll(dice) == (FAULT, "RNG ENTROPY SOURCE FAILED: the entropy stream gave no bytes")
    assert roll(dice) == dice.fault


def test_the_health_tests_passed_in_are_the_ones_used():
    health = HealthTests()
    for _ in range(41):
        try:
            health.feed(1)
        except Exception:
            pass
    dice = RngDice(StreamBits(good_reader()), health=health)
    assert roll(dice) == RCT_FAULT


def test_settings_are_checked():
    for kwargs in ({"seed_bits": 128}, {"seed_bits": 520}, {"reseed_rolls": 0},
                   {"roll_ms": -1}, {"seed_bits": 512.0}):
        raises(ValueError, good_dice, **kwargs)


def _driver_sources():
    import drivers
    path = drivers.__file__  # firmware/drivers/__init__.py, here or in MicroPython's FS
    folder = path[:max(path.rfind("/"), path.rfind("\\"))]
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(folder + "/" + name) as f:
                yield name, f.read()


def test_no_driver_imports_random_and_the_rng_path_no_machine():
    names = []
    for name, text in _driver_sources():
        names.append(name)
        for line in text.split("\n"):
            words = line.split()
            assert words[:2] not in (["import", "random"], ["from", "random"]), name
            if name in ("entropy.py", "health.py", "drbg.py", "rng_dice.py"):
                assert "machine" not in words[1:2], name
    for name in ("entropy.py", "health.py", "drbg.py", "rng_dice.py"):
        assert name in names
