# The production board's USB console: read-only, it answers `meters` and `signature` with one
# line each, and anything else with the questions it takes; it never waits for a character.
from drivers.console import ReadOnlyConsole, MAX_LINE


def verify(rest):
    if rest != "00ff":
        raise ValueError("a seed is hex")
    return iter(("/a.py 12", "34"))


def console(typed):
    chars = list(typed)
    written = []
    c = ReadOnlyConsole(lambda: chars.pop(0) if chars else None, written.append,
                        {"meters": lambda rest: ('{"games": 3}',),
                         "signature": lambda rest: ("ab12",), "verify": verify})
    return c, chars, written


def test_meters_and_signature_are_answered_a_line_each():
    c, _, written = console("meters\r\nsignature\n")
    assert c.scan(0) == ()
    assert written == ['CRAPS METERS {"games": 3}', "CRAPS SIGNATURE ab12"]


def test_anything_else_is_refused_and_changes_nothing():
    c, _, written = console("import os\nmachine.reset()\nhelp()\n")
    c.scan(0)
    assert written == ["CRAPS READ-ONLY: ask meters or signature or verify"] * 3


def test_a_question_with_an_argument_gets_every_line_of_its_answer_or_its_error():
    c, _, written = console("verify 00ff\nverify  00ff \nverify\nverify zz\n")
    c.scan(0)
    assert written == ["CRAPS VERIFY /a.py 12", "CRAPS VERIFY 34"] * 2 + [
        "CRAPS VERIFY ERROR a seed is hex"] * 2


def test_a_question_typed_in_pieces_is_answered_when_its_line_ends():
    c, chars, written = console("met")
    c.scan(0)
    assert written == [] and chars == []
    chars.extend("ers\n")
    c.scan(5)
    assert written == ['CRAPS METERS {"games": 3}']


def test_an_overlong_line_is_no_question_even_if_it_starts_like_one():
    c, _, written = console("meters" + " " * MAX_LINE + "x\nmeters\n")
    c.scan(0)
    assert written == ["CRAPS READ-ONLY: ask meters or signature or verify",
                       'CRAPS METERS {"games": 3}']


def test_control_characters_are_no_part_of_a_question():
    c, _, written = console("\x03\x03\x01meters\x04\n")
    c.scan(0)
    assert written == ['CRAPS METERS {"games": 3}']


def test_empty_lines_get_no_answer():
    c, _, written = console("\n\r\n")
    c.scan(0)
    assert written == []
