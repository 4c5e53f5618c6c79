# The dice reader's line protocol and how every reading is called: a good line is DICE, every
# reading that cannot be called is a NO_ROLL with its named reason.
from drivers import shaker
from drivers.shaker import (encode, decode, crc16, sealed, DIE_UNREAD, DIE_ON_DIE, COCKED_DIE,
                            DIE_OUT, DID_NOT_MOVE, NO_ANSWER, GARBLED, ON_OTHER, COCKED,
                            OUT_OF_DOME)
from terminal.events import DICE, NO_ROLL
from shaker_support import GOOD, rolls

EXAMPLE = b"D 3 5 X120 Y044 X310 Y201 F0 *6C58\n"


def called(answer):
    return rolls([answer])[0]


def test_the_documented_example_line_is_a_good_reading():
    assert crc16(b"D 3 5 X120 Y044 X310 Y201 F0") == 0x6C58
    assert encode(*GOOD) == EXAMPLE
    assert decode(EXAMPLE) == GOOD
    assert called(EXAMPLE) == (DICE, 3, 5)


def test_the_check_is_crc16_ccitt_false():
    assert crc16(b"123456789") == 0x29B1  # the catalogue's check value
    assert crc16(b"") == 0xFFFF
    assert crc16(b"D 1 4 X120 Y044 X310 Y201 F0") == 0x13B8  # the protocol's test vectors
    assert crc16(b"D 3 6 X120 Y044 X310 Y201 F0") == 0x355D
    import binascii
    if hasattr(binascii, "crc_hqx"):  # CPython's is CRC-16/XMODEM; from 0xFFFF, CCITT-FALSE
        import random
        r = random.Random(7)
        for n in range(300):
            data = bytes(r.getrandbits(8) for _ in range(n % 60))
            assert crc16(data) == binascii.crc_hqx(data, 0xFFFF), data


def test_encode_and_decode_agree_on_every_face_pair_and_flag():
    for d1 in range(7):
        for d2 in range(7):
            for flags in range(8):
                reading = (d1, d2, 0, 999, 5, 60, flags)
                assert decode(encode(*reading)) == reading


def test_a_carriage_return_before_the_line_feed_is_allowed():
    assert decode(EXAMPLE[:-1] + b"\r\n") == GOOD


def test_a_good_reading_gives_the_dice_in_the_readers_order():
    assert called((6, 1, 100, 100, 600, 600, 0)) == (DICE, 6, 1)
    assert called((4, 4, 100, 100, 600, 600, 0)) == (DICE, 4, 4)


def test_a_die_the_reader_cannot_read_is_no_roll():
    assert called((0, 5, 100, 100, 600, 600, 0)) == (NO_ROLL, DIE_UNREAD)
    assert called((3, 0, 100, 100, 600, 600, 0)) == (NO_ROLL, DIE_UNREAD)
    assert called(sealed(b"D ? ? X100 Y100 X600 Y600 F0")) == (NO_ROLL, DIE_UNREAD)


def test_one_die_on_the_other_is_no_roll():
    assert called((3, 5, 100, 100, 101, 100, ON_OTHER)) == (NO_ROLL, DIE_ON_DIE)


def test_a_cocked_die_is_no_roll():
    assert called((3, 5, 100, 100, 600, 600, COCKED)) == (NO_ROLL, COCKED_DIE)


def test_a_die_out_of_the_dome_is_no_roll():
    assert called((3, 0, 100, 100, 0, 0, OUT_OF_DOME)) == (NO_ROLL, DIE_OUT)


def test_the_gravest_flag_names_the_no_roll_and_flags_come_before_an_unread_face():
    assert called((0, 0, 1, 1, 0, 0, OUT_OF_DOME | ON_OTHER | COCKED)) == (NO_ROLL, DIE_OUT)
    assert called((0, 5, 1, 1, 2, 2, ON_OTHER | COCKED)) == (NO_ROLL, DIE_ON_DIE)
    assert called((0, 5, 1, 1, 600, 600, COCKED)) == (NO_ROLL, COCKED_DIE)


def test_dice_that_did_not_move_are_no_roll():
    first = (2, 6, 120, 44, 310, 201, 0)
    assert rolls([first, first]) == [(DICE, 2, 6), (NO_ROLL, DID_NOT_MOVE)]
    # the same dice reported the other way round did not move either
    assert rolls([first, (6, 2, 310, 201, 120, 44, 0)])[1] == (NO_ROLL, DID_NOT_MOVE)
    # a reading within same_place units on each axis is the same spot
    near = (2, 6, 120 + 2, 44 - 2, 310, 201 + 1, 0)
    assert rolls([first, near])[1] == (NO_ROLL, DID_NOT_MOVE)


def test_dice_that_moved_or_turned_are_a_roll():
    first = (2, 6, 120, 44, 310, 201, 0)
    assert rolls([first, (2, 6, 123, 44, 310, 201, 0)])[1] == (DICE, 2, 6)  # 3 units away
    assert rolls([first, (2, 6, 120, 44, 310, 204, 0)])[1] == (DICE, 2, 6)
    assert rolls([first, (2, 5, 120, 44, 310, 201, 0)])[1] == (DICE, 2, 5)  # same spots, new face
    assert rolls([first, (6, 2, 120, 44, 310, 201, 0)])[1] == (DICE, 6, 2)  # the faces swapped


def test_did_not_move_compares_with_the_last_roll_that_counted():
    first = (2, 6, 120, 44, 310, 201, 0)
    cocked = (2, 6, 500, 500, 600, 600, COCKED)
    assert rolls([first, cocked, first]) == [(DICE, 2, 6), (NO_ROLL, COCKED_DIE),
                                             (NO_ROLL, DID_NOT_MOVE)]
    assert rolls([first, first, first])[2] == (NO_ROLL, DID_NOT_MOVE)


def test_no_answer_in_time_is_no_roll():
    assert called(None) == (NO_ROLL, NO_ANSWER)


def good_body():
    return b"D 3 5 X120 Y044 X310 Y201 F0"


GARBLED_LINES = [
    b"D 3 5 X120 Y044 X310 Y201 F0 *6C59\n",  # wrong check
    b"D 3 5 X120 Y044 X310 Y201 F0 *6C5\n",  # three check digits
    b"D 3 5 X120 Y044 X310 Y201 F0 *16\n",  # two: the old XOR checksum
    b"D 3 5 X120 Y044 X310 Y201 F0 *06C58\n",  # five
    b"D 3 5 X120 Y044 X310 Y201 F0 *6c58\n",  # lower-case check digits
    b"D 3 5 X120 Y044 X310 Y201 F0*6C58\n",  # no space before the *
    b"D 3 5 X120 Y044 X310 Y201 F0 6C58\n",  # no *
    b"\n",  # an empty line
    b"x" * 60 + b"\n",  # a line far too long
    sealed(b"D 3 5 X120 Y044 X310 Y201 F0").lower(),  # lower-case letters
    sealed(b"D 3 5 X120 Y044 X310 Y201 F0 X"),  # an extra field
    sealed(b"D 3 5 X120 Y044 X310 Y201"),  # no flags
    sealed(b"D 3 5 X120 Y044 X310 F0"),  # a position missing
    sealed(b"D 3 5  X120 Y044 X310 Y201 F0"),  # two spaces
    sealed(b"D 3 5 X120 Y044 X310 Y201 F0 "),  # a trailing space
    sealed(b"E 3 5 X120 Y044 X310 Y201 F0"),  # not a reading
    sealed(b"D 0 5 X120 Y044 X310 Y201 F0"),  # face 0
    sealed(b"D 3 7 X120 Y044 X310 Y201 F0"),  # face 7
    sealed(b"D 3 55 X120 Y044 X310 Y201 F0"),  # two digits for a face
    sealed(b"D 3 - X120 Y044 X310 Y201 F0"),  # not a face
    sealed(b"D 3 5 X12 Y044 X310 Y201 F0"),  # two digits for a position
    sealed(b"D 3 5 X1200 Y044 X310 Y201 F0"),  # four
    sealed(b"D 3 5 X12A Y044 X310 Y201 F0"),  # a letter in a position
    sealed(b"D 3 5 Y120 X044 X310 Y201 F0"),  # Y before X
    sealed(b"D 3 5 X120 Y044 X-10 Y201 F0"),  # a sign
    sealed(b"D 3 5 X120 Y044 X310 Y201 F8"),  # an unknown flag
    sealed(b"D 3 5 X120 Y044 X310 Y201 FF"),
    sealed(b"D 3 5 X120 Y044 X310 Y201 F00"),  # two flag digits
    sealed(b"D 3 5 X120 Y044 X310 Y201 G0"),  # not F
    sealed(b"D 3 5 X120 Y044 X310 Y201 F"),  # no flag digit
]


def test_every_garbled_or_out_of_range_line_is_no_roll():
    assert decode(sealed(good_body())) == GOOD
    for line in GARBLED_LINES:
        assert decode(line) is None, line
        assert called(line) == (NO_ROLL, GARBLED), line


def test_a_line_without_its_line_end_is_garbled_and_on_the_link_no_answer():
    line = EXAMPLE[:-1]
    assert decode(line) is None
    assert called(line) == (NO_ROLL, NO_ANSWER)  # the shaker waits for the rest in vain


def test_a_garbled_line_does_not_count_as_the_last_roll():
    first = (2, 6, 120, 44, 310, 201, 0)
    assert rolls([first, GARBLED_LINES[0], first])[2] == (NO_ROLL, DID_NOT_MOVE)


def test_every_reason_is_a_distinct_line_a_player_can_read():
    reasons = [DIE_UNREAD, DIE_ON_DIE, COCKED_DIE, DIE_OUT, DID_NOT_MOVE, NO_ANSWER, GARBLED]
    assert len(set(reasons)) == len(reasons)
    for reason in reasons:
        assert type(reason) is str and reason == reason.upper() and 0 < len(reason) <= 30
    assert shaker.ASK == b"R\n"
