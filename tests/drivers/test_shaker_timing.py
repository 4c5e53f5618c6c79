# The shaker's timing: the motor runs shake_ms, the reader is asked only after settle_ms, and
# an answer that does not come within answer_ms is a no roll. Also the UART's untidiness: lines
# in pieces, stale bytes on the link, a late answer.
from drivers.shaker import Shaker, MotorTwin, ReaderTwin, encode, DID_NOT_MOVE, NO_ANSWER, GARBLED
from terminal.events import DICE, NO_ROLL
from shaker_support import GOOD, shaker, roll
from support import raises


def test_the_motor_runs_for_shake_ms_then_stops():
    source, motor, reader = shaker([GOOD])
    assert motor.value() == 0  # off from the start
    source.start(1000)
    assert motor.value() == 1
    assert source.poll(1000) is None and source.poll(2499) is None
    assert motor.value() == 1
    assert source.poll(2500) is None
    assert motor.value() == 0 and motor.runs == 1


def test_no_reading_is_asked_before_the_dice_settled():
    source, motor, reader = shaker([GOOD])
    source.start(0)
    source.poll(1500)  # the motor stops
    assert source.poll(2699) is None
    assert reader.asked == 0 and reader.sent == []
    assert source.poll(2700) == (DICE, 3, 5)  # the twin answers at once
    assert reader.sent == [b"R\n"]


def test_settling_is_timed_from_when_the_motor_really_stopped():
    source, motor, reader = shaker([GOOD])
    source.start(0)
    assert source.poll(9000) is None  # a late poll: the motor stops now
    assert motor.value() == 0
    assert reader.asked == 0  # and the dice settle from here
    assert source.poll(10199) is None and reader.asked == 0
    assert source.poll(10200) == (DICE, 3, 5)


def test_no_answer_within_answer_ms_is_no_roll():
    source, motor, reader = shaker([None])
    source.start(0)
    source.poll(1500)
    assert source.poll(2700) is None and reader.asked == 1
    assert source.poll(3699) is None
    assert source.poll(3700) == (NO_ROLL, NO_ANSWER)
    assert source.poll(3701) is None  # one event a roll


def test_an_answer_just_in_time_is_taken():
    source, motor, reader = shaker([None])
    source.start(0)
    source.poll(1500)
    source.poll(2700)
    reader.say(encode(*GOOD))
    assert source.poll(3699) == (DICE, 3, 5)


def test_the_whole_roll_with_polls_every_few_ms():
    source = shaker([GOOD])[0]
    assert roll(source, 0) == ((DICE, 3, 5), 2700)
    source = shaker([None])[0]
    assert roll(source, 0) == ((NO_ROLL, NO_ANSWER), 3700)


def test_zero_times_go_straight_through_in_one_poll():
    source, motor, reader = shaker([GOOD], shake_ms=0, settle_ms=0, answer_ms=0)
    source.start(5)
    assert source.poll(5) == (DICE, 3, 5)
    assert motor.runs == 1 and motor.value() == 0


def test_nothing_happens_without_a_roll():
    source, motor, reader = shaker([GOOD])
    assert source.poll(0) is None and source.poll(100000) is None
    assert reader.sent == [] and motor.runs == 0
    assert roll(source, 200000)[0] == (DICE, 3, 5)
    assert source.poll(300000) is None


def test_a_line_arriving_in_pieces_is_put_together():
    source, motor, reader = shaker([GOOD], chunk=5)
    assert roll(source, 0)[0] == (DICE, 3, 5)


def test_a_line_cut_short_is_no_answer():
    source = shaker([encode(*GOOD)[:20]])[0]
    assert roll(source, 0) == ((NO_ROLL, NO_ANSWER), 3700)


def test_stale_bytes_on_the_link_are_thrown_away_before_asking():
    source, motor, reader = shaker([GOOD])
    reader.say(b"D 1 1 X0")  # noise, half a line
    reader.say(encode(6, 6, 1, 1, 2, 2))  # an old answer
    assert roll(source, 0)[0] == (DICE, 3, 5)


def test_a_late_answer_is_not_taken_for_the_next_roll():
    source, motor, reader = shaker([None, GOOD])
    assert roll(source, 0)[0] == (NO_ROLL, NO_ANSWER)
    reader.say(encode(6, 6, 1, 1, 2, 2))  # the first request's answer, too late
    assert roll(source, 5000)[0] == (DICE, 3, 5)


def test_the_rest_of_a_too_long_line_is_thrown_away():
    source, motor, reader = shaker([b"D" * 100 + b"\n", GOOD], chunk=16)
    assert roll(source, 0)[0] == (NO_ROLL, GARBLED)
    assert roll(source, 5000)[0] == (DICE, 3, 5)


def test_start_during_a_roll_starts_again():
    source, motor, reader = shaker([GOOD])
    source.start(0)
    source.poll(1500)  # motor off, settling
    source.start(2000)
    assert motor.value() == 1 and motor.runs == 2
    assert source.poll(3499) is None and motor.value() == 1
    source.poll(3500)
    assert source.poll(4699) is None and reader.asked == 0
    assert source.poll(4700) == (DICE, 3, 5)


def test_a_reshake_after_did_not_move_can_give_a_roll():
    source, motor, reader = shaker([GOOD, GOOD, (3, 5, 500, 500, 700, 700, 0)])
    assert roll(source, 0)[0] == (DICE, 3, 5)
    assert roll(source, 5000)[0] == (NO_ROLL, DID_NOT_MOVE)
    assert roll(source, 10000)[0] == (DICE, 3, 5)
    assert motor.runs == 3 and reader.asked == 3


def test_times_must_be_whole_milliseconds():
    for bad in ({"shake_ms": -1}, {"settle_ms": 1.5}, {"answer_ms": None}, {"shake_ms": True}):
        raises(ValueError, Shaker, MotorTwin(), ReaderTwin(), **bad)


def test_the_reader_twin_answers_pairs_at_new_spots_then_falls_silent_or_asks_more():
    source, motor, reader = shaker([(2, 2), (2, 2), (2, 2)])
    for t in (0, 5000, 10000):
        assert roll(source, t)[0] == (DICE, 2, 2)
    assert roll(source, 15000)[0] == (NO_ROLL, NO_ANSWER)
    faces = [(1, 6), (5, 5)]
    reader = ReaderTwin(more=lambda: faces.pop(0) if faces else None)
    source = Shaker(MotorTwin(), reader)
    assert roll(source, 0)[0] == (DICE, 1, 6)
    assert roll(source, 5000)[0] == (DICE, 5, 5)
    assert roll(source, 10000)[0] == (NO_ROLL, NO_ANSWER)
    assert reader.readline() is None and reader.any() == 0  # as machine.UART with nothing in
