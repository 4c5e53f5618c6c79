# The dice reader's line check against corruption: thousands of good lines, each corrupted at
# random and in the ways a serial link corrupts (bit flips, two flips, the same bit flipped in
# two bytes, bytes swapped, lost, added or changed, a burst, a cut line), seeded. A corrupted
# line may be called garbled or another no roll, or read as the very reading that was sent;
# never as other dice.
import random
import sys

from drivers.shaker import encode, decode, GARBLED
from terminal.events import DICE, NO_ROLL
from shaker_support import rolls

# Fewer on MicroPython's VM (the WebAssembly port is about 20 times slower).
LINES = 2000 if sys.implementation.name == "micropython" else 20000
SEED = 2026
ALPHABET = b"0123456789ABCDEF XYD*?\r\n"  # what a line is made of: changes most likely to parse


def pick(n):
    return random.getrandbits(16) % n


def reading():
    return (pick(7), pick(7), pick(1000), pick(1000), pick(1000), pick(1000),
            pick(8) if pick(4) == 0 else 0)


def flip(line, at, bit):
    line[at] ^= 1 << bit


def corrupt(line, kind):
    """line (a bytearray) changed the way `kind` says, as bytes."""
    n = len(line)
    if kind == 0:  # one bit
        flip(line, pick(n), pick(8))
    elif kind == 1:  # two bits anywhere
        flip(line, pick(n), pick(8))
        flip(line, pick(n), pick(8))
    elif kind == 2:  # the same bit in two bytes: what an XOR checksum misses
        bit = pick(8)
        flip(line, pick(n), bit)
        flip(line, pick(n), bit)
    elif kind == 3:  # two bytes swapped, next to each other or not
        i = pick(n - 1)
        j = i + 1 if pick(2) else pick(n)
        line[i], line[j] = line[j], line[i]
    elif kind == 4:  # cut short, the line end kept or lost
        return bytes(line[:pick(n - 1) + 1]) + (b"\n" if pick(2) else b"")
    elif kind == 5:  # a byte added
        at = pick(n + 1)
        byte = ALPHABET[pick(len(ALPHABET))] if pick(2) else pick(256)
        return bytes(line[:at]) + bytes([byte]) + bytes(line[at:])
    elif kind == 6:  # a byte lost
        at = pick(n)
        return bytes(line[:at]) + bytes(line[at + 1:])
    elif kind == 7:  # a byte changed to one a line is made of
        line[pick(n)] = ALPHABET[pick(len(ALPHABET))]
    elif kind == 8:  # a burst: up to 16 bits in a row, each flipped or not
        start = pick(n * 8 - 16)
        for k in range(1 + pick(16)):
            if pick(2) or k == 0:
                flip(line, (start + k) >> 3, 7 - (start + k) % 8)
    else:  # several bytes changed
        for _ in range(2 + pick(4)):
            line[pick(n)] = ALPHABET[pick(len(ALPHABET))]
    return bytes(line)


def test_no_corrupted_line_is_read_as_other_dice():
    random.seed(SEED)
    sent, got, garbled, same = [], [], 0, 0
    for i in range(LINES):
        good = reading()
        line = encode(*good)
        bad = corrupt(bytearray(line), i % 10)
        if bad == line:
            continue
        read = decode(bad)
        assert read is None or read == good, (line, bad, read)
        if read is None:
            garbled += 1
        else:
            same += 1  # e.g. a CR added before the LF
        sent.append(good)
        got.append(bad)
        if len(got) == 200:  # and the shaker calls them so, 200 rolls at a time
            check_calls(sent, got)
            sent, got = [], []
    check_calls(sent, got)
    assert garbled > LINES * 9 // 10 and same < LINES // 50, (garbled, same)


def check_calls(sent, lines):
    for good, line, event in zip(sent, lines, rolls(lines, shake_ms=0, settle_ms=0)):
        if event[0] == DICE:
            assert event == (DICE, good[0], good[1]), (line, event)
        else:
            assert event[0] == NO_ROLL, (line, event)


def test_the_same_bit_flipped_in_both_faces_is_garbled_not_other_dice():
    line = bytearray(encode(1, 4, 120, 44, 310, 201))
    assert bytes(line[:5]) == b"D 1 4"
    flip(line, 2, 1)  # "1" -> "3"
    flip(line, 4, 1)  # "4" -> "6"
    assert bytes(line[:5]) == b"D 3 6"
    assert decode(bytes(line)) is None
    assert rolls([bytes(line)]) == [(NO_ROLL, GARBLED)]
