# The dice reader's line protocol and how every reading is called: a good line is DICE, every
# reading that cannot be called is a NO_ROLL with its named reason.
from drivers import shaker
from drivers.shaker import (encode, decode, checksum, DIE_UNREAD, DIE_ON_DIE, COCKED_DIE, DIE_OUT,
                            DID_NOT_MOVE, NO_ANSWER, GARBLED, ON_OTHER, COCKED, OUT_OF_DOME)
from terminal.events import DICE, NO_ROLL
from shaker_support import GOOD, rolls

EXAMPLE = b"D 3 5 X120 Y044 X310 Y201 F0 *16\n"


def called(answer):
    return rolls([answer])[0]


def test_the_documented_example_line_is_a_good_reading():
    assert checksum(b"D 3 5 X120 Y044 X310 Y201 F0") == 0x16
    assert encode(*GOOD) == EXAMPLE
    assert decode(EXAMPLE) == GOOD
    assert called(EXAMPLE) == (DICE, 3, 5)


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
    assert called(with_sum(b"D ? ? X100 Y100 X600 Y600 F0")) == (NO_ROLL, DIE_UNREAD)


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


def with_sum(body):
    return body + (" *%02X\n" % checksum(body)).encode()


GARBLED_LINES = [
    b"D 3 5 X120 Y044 X310 Y201 F0 *17\n",  # wrong checksum
    b"D 3 5 X120 Y044 X310 Y201 F0 *1\n",  # one checksum digit
    b"D 3 5 X120 Y044 X310 Y201 F0*16\n",  # no space before the *
    b"D 3 5 X120 Y044 X310 Y201 F0 16\n",  # no *
    b"\n",  # an empty line
    b"x" * 60 + b"\n",  # a line far too long
    with_sum(b"D 3 5 X120 Y044 X310 Y201 F0").lower(),  # lower-case letters
    with_sum(b"D 3 5 X120 Y044 X310 Y201 F0 X"),  # an extra field
    with_sum(b"D 3 5 X120 Y044 X310 Y201"),  # no flags
    with_sum(b"D 3 5 X120 Y044 X310 F0"),  # a position missing
    with_sum(b"D 3 5  X120 Y044 X310 Y201 F0"),  # two spaces
    with_sum(b"D 3 5 X120 Y044 X310 Y201 F0 "),  # a trailing space
    with_sum(b"E 3 5 X120 Y044 X310 Y201 F0"),  # not a reading
    with_sum(b"D 0 5 X120 Y044 X310 Y201 F0"),  # face 0
    with_sum(b"D 3 7 X120 Y044 X310 Y201 F0"),  # face 7
    with_sum(b"D 3 55 X120 Y044 X310 Y201 F0"),  # two digits for a face
    with_sum(b"D 3 - X120 Y044 X310 Y201 F0"),  # not a face
    with_sum(b"D 3 5 X12 Y044 X310 Y201 F0"),  # two digits for a position
    with_sum(b"D 3 5 X1200 Y044 X310 Y201 F0"),  # four
    with_sum(b"D 3 5 X12A Y044 X310 Y201 F0"),  # a letter in a position
    with_sum(b"D 3 5 Y120 X044 X310 Y201 F0"),  # Y before X
    with_sum(b"D 3 5 X120 Y044 X-10 Y201 F0"),  # a sign
    with_sum(b"D 3 5 X120 Y044 X310 Y201 F8"),  # an unknown flag
    with_sum(b"D 3 5 X120 Y044 X310 Y201 FF"),
    with_sum(b"D 3 5 X120 Y044 X310 Y201 F00"),  # two flag digits
    with_sum(b"D 3 5 X120 Y044 X310 Y201 G0"),  # not F
    with_sum(b"D 3 5 X120 Y044 X310 Y201 F"),  # no flag digit
]


def test_every_garbled_or_out_of_range_line_is_no_roll():
    assert decode(with_sum(good_body())) == GOOD
    for line in GARBLED_LINES:
        assert decode(line) is None, line
        assert called(line) == (NO_ROLL, GARBLED), line


def test_a_line_without_its_line_end_is_garbled_and_on_the_link_no_answer():
    line = b"D 3 5 X120 Y044 X310 Y201 F0 *16"
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
