# The simulator's dice sources keep the interface of terminal/events.py: start(now), then poll()
# gives None while rolling and one result when the roll lands. Scripts read as documented.
import pytest

from host_tools.sim.dice import (BadScript, ScriptedDice, SeededDice, SCRIPT_ENDED,
                                 parse_script)
from terminal.events import DICE, NO_ROLL


def roll(source, now=0):
    source.start(now)
    assert source.poll(now + source.roll_ms - 1) is None  # still rolling
    result = source.poll(now + source.roll_ms)
    assert source.poll(now + source.roll_ms + 1) is None  # one result per roll
    return result


def test_nothing_lands_before_a_roll_is_started():
    assert SeededDice(1).poll(10 ** 6) is None
    assert ScriptedDice([(1, 2)]).poll(10 ** 6) is None


def test_the_same_seed_plays_the_same_dice():
    a, b = SeededDice(7, roll_ms=0), SeededDice(7, roll_ms=0)
    rolls = [roll(a) for _ in range(50)]
    assert rolls == [roll(b) for _ in range(50)]
    assert all(r[0] == DICE and 1 <= r[1] <= 6 and 1 <= r[2] <= 6 for r in rolls)
    assert len(set(rolls)) > 10


def test_a_script_plays_in_order_then_says_it_ended():
    dice = ScriptedDice([(3, 4), "no_roll:die off the table", (6, 6)], roll_ms=600)
    assert [roll(dice, t) for t in (0, 1000, 2000)] == [
        (DICE, 3, 4), (NO_ROLL, "die off the table"), (DICE, 6, 6)]
    assert dice.ended()
    assert roll(dice, 3000) == (NO_ROLL, SCRIPT_ENDED)
    assert roll(dice, 4000) == (NO_ROLL, SCRIPT_ENDED)


def test_after_its_script_a_source_can_hand_over_to_another():
    dice = ScriptedDice([(1, 1)], roll_ms=100, then=SeededDice(3, roll_ms=100))
    expected = SeededDice(3, roll_ms=0)
    assert roll(dice) == (DICE, 1, 1)
    assert [roll(dice, 1000 * i) for i in range(1, 6)] == [roll(expected) for _ in range(5)]


def test_a_script_file_has_one_roll_a_line():
    text = "# demo\n3 4\n\nno_roll die off the table\n  6 6  \n"
    assert parse_script(text) == [(3, 4), "no_roll:die off the table", (6, 6)]


@pytest.mark.parametrize("text, where", [
    ("3 4\n7 1\n", "line 2"), ("3\n", "line 1"), ("1 2 3\n", "line 1"), ("no_roll\n", "line 1"),
    ("three four\n", "line 1")])
def test_a_bad_script_line_is_named(text, where):
    with pytest.raises(BadScript) as e:
        parse_script(text)
    assert str(e.value).startswith(where + ":")


@pytest.mark.parametrize("entry", [(0, 3), (3, 7), (1,), "no roll", "no_roll:", (1.0, 2)])
def test_a_bad_script_entry_is_refused(entry):
    with pytest.raises(BadScript):
        ScriptedDice([entry])
