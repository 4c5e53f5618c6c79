# The raw bit sources: the ROSC's RANDOMBIT read through mem32, and the byte-stream twin; raw
# samples as the console's `entropy <n>` sends them.
from drivers import hardware
from drivers.entropy import (EntropyError, RoscBits, StreamBits, chip_problem, samples,
                             MAX_SAMPLE_BITS)
from drivers.rng_dice import RngDice
from terminal.events import FAULT
from rng_support import ListBits, reader
from support import raises


class FakeMem32:
    """machine.mem32 as the ROSC driver sees it: reads recorded, words from a list."""

    def __init__(self, words):
        self.words = words
        self.addresses = []

    def __getitem__(self, address):
        self.addresses.append(address)
        return self.words[len(self.addresses) - 1]


def test_rosc_bits_are_bit_0_of_the_randombit_register():
    mem32 = FakeMem32([0xFFFFFFFE, 1, 0x80000000, 0x12345677])
    rosc = RoscBits(mem32)
    assert [rosc.bit() for _ in range(4)] == [0, 1, 0, 1]
    assert mem32.addresses == [0x4006001C] * 4  # ROSC_BASE 0x40060000 + RANDOMBIT 0x1c


def test_only_the_rp2_port_on_another_chip_than_the_rp2040_is_refused():
    assert chip_problem("rp2", "Raspberry Pi Pico with RP2040") is None
    assert chip_problem("rp2", "Raspberry Pi Pico W with RP2040") is None
    assert chip_problem("rp2", "Raspberry Pi Pico2 with RP2350") == \
        "NOT AN RP2040: Raspberry Pi Pico2 with RP2350"
    assert chip_problem("webassembly", "JS with Emscripten") is None  # the virtual board's twin
    assert chip_problem("linux", "") is None


def test_a_refused_chip_is_an_entropy_source_failure_and_no_register_is_read():
    mem32 = FakeMem32([])
    rosc = RoscBits(mem32, chip_problem("rp2", "Raspberry Pi Pico2 with RP2350"))
    assert str(raises(EntropyError, rosc.bit)) == "NOT AN RP2040: Raspberry Pi Pico2 with RP2350"
    assert RngDice(rosc).startup() == (
        FAULT, "RNG ENTROPY SOURCE FAILED: NOT AN RP2040: Raspberry Pi Pico2 with RP2350")
    assert mem32.addresses == []


def test_the_boards_rng_dice_read_the_chip_and_refuse_a_pico_2():
    class Machine:
        mem32 = FakeMem32([1] * 4)
    real = hardware.chip
    try:
        hardware.chip = lambda: ("rp2", "Raspberry Pi Pico2 with RP2350")
        dice = hardware.build_dice(Machine, {"driver": "rng"})
        assert dice.startup() == (
            FAULT, "RNG ENTROPY SOURCE FAILED: NOT AN RP2040: Raspberry Pi Pico2 with RP2350")
        hardware.chip = lambda: ("rp2", "Raspberry Pi Pico with RP2040")
        assert hardware.build_dice(Machine, {"driver": "rng"}).bits.bit() == 1
    finally:
        hardware.chip = real
    assert Machine.mem32.addresses == [0x4006001C]
    assert type(real()[0]) is str and type(real()[1]) is str


def test_stream_bits_come_most_significant_bit_first():
    bits = StreamBits(reader(b"\xa5\x01"))
    assert [bits.bit() for _ in range(16)] == [1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]


def test_stream_bits_read_a_chunk_at_a_time():
    asked = []

    def read(n):
        asked.append(n)
        return b"\x0f" * n
    bits = StreamBits(read, chunk=2)
    assert [bits.bit() for _ in range(17)] == [0, 0, 0, 0, 1, 1, 1, 1] * 2 + [0]
    assert asked == [2, 2]


def test_a_stream_that_runs_dry_raises_entropy_error():
    bits = StreamBits(reader(b"\xff"))
    for _ in range(8):
        assert bits.bit() == 1
    assert str(raises(EntropyError, bits.bit)) == "the entropy stream gave no bytes"


def test_raw_samples_are_the_bits_in_hex_most_significant_first():
    bits = ListBits([1, 0, 1, 0, 0, 1, 1, 1] + [0] * 7 + [1] + [1] * 8)
    assert samples(bits, "16") == "a701"
    assert samples(bits, "8") == "ff"
    mem32 = FakeMem32([1] * 8 + [0xFFFFFFFE] * 8)
    assert samples(RoscBits(mem32), "16") == "ff00"  # raw: no health test stops a run
    assert len(samples(StreamBits(reader(bytes(256))), str(MAX_SAMPLE_BITS))) == 512


def test_a_bad_sample_count_is_a_value_error_and_reads_no_bit():
    bits = ListBits([])  # any bit read would fail
    for bad in ("", "0", "7", "12", "-8", "8.0", "x", str(MAX_SAMPLE_BITS + 8)):
        e = raises(ValueError, samples, bits, bad)
        assert str(e) == "n is 8 to 2048 raw bits, a multiple of 8", bad
