# terminal.delta: what changed between two saves of a record, and patch() that makes the newer
# from the older; the journal's entries between rolls (terminal/persistence.py).
import json

from support import Dice, raises
from terminal.delta import BadChange, change, patch

WAGERS = [[0, "pass", 6, 10, None, None, 0, 0], [0, "place", 8, 12, None, None, 0, 0],
          [1, "field", 0, 5, None, None, 0, 0], [1, "come", 5, 10, None, None, 0, 0]]


def through_json(obj):
    return json.loads(json.dumps(obj))  # as the journal writes and reads it


def roundtrip(old, new):
    if change(old, new) is None:
        assert old == new
        return None
    made = patch(through_json(old), through_json(change(old, new)))
    assert made == new, (old, new, made)
    return change(old, new)


def test_equal_data_has_no_change():
    assert change({"a": [1, 2]}, {"a": [1, 2]}) is None


def test_a_bet_made_is_one_wager_and_one_meter():
    old = {"credits": [100, 50], "wagers": WAGERS}
    new = {"credits": [90, 50], "wagers": WAGERS + [[0, "odds", 6, 10, "pass", None, 0, 0]]}
    made = roundtrip(old, new)
    assert made == [1, {"credits": [3, [[90], -1]],
                        "wagers": [3, [4, [[0, "odds", 6, 10, "pass", None, 0, 0]]]]}]


def test_wagers_decided_changed_and_made_and_keys_gone_or_new():
    new = [WAGERS[0], [0, "place", 8, 24, None, None, 0, 0], WAGERS[3], [2, "any7", 0, 1, None,
                                                                         None, 0, 0]]
    # keep 1, the changed place bet, drop the old one and the field, keep 1, the new bet
    assert roundtrip(WAGERS, new) == [3, [1, [new[1]], -2, 1, [new[3]]]]
    assert roundtrip(WAGERS, WAGERS[1:]) == [3, [-1]]
    assert roundtrip(WAGERS, WAGERS[:1]) == [3, [1, -3]]
    assert roundtrip(WAGERS, []) == [3, [-4]]
    assert roundtrip([], WAGERS) == [0, WAGERS]
    assert roundtrip({"a": 1, "b": {"c": 2}}, {"b": {"c": 3}, "d": None}) == \
        [1, {"a": [2], "b": [1, {"c": [0, 3]}], "d": [0, None]}]
    assert roundtrip({"a": [1]}, {"a": "x"}) == [1, {"a": [0, "x"]}]


def test_any_change_between_random_data_patches_back_exactly():
    dice = Dice(2026)

    def value(depth):
        pick = dice.next(10)
        if depth > 2 or pick < 4:
            return [0, 1, 7, "a", None, True, False][dice.next(7)]
        if pick < 7:
            return [value(depth + 1) for _ in range(dice.next(6))]
        return dict(("k%d" % dice.next(5), value(depth + 1)) for _ in range(dice.next(4)))

    def changed(old):
        if type(old) is list:
            new = [changed(x) if dice.next(4) == 0 else x for x in old if dice.next(5)]
            for _ in range(dice.next(3)):
                new.insert(dice.next(len(new) + 1), value(2))
            return new
        if type(old) is dict:
            new = dict((k, changed(v)) for k, v in old.items() if dice.next(5))
            if dice.next(3) == 0:
                new["k%d" % dice.next(7)] = value(2)
            return new
        return value(2)

    for _ in range(2000):
        old = value(0)
        roundtrip(old, changed(old))


def test_a_change_that_does_not_fit_is_refused():
    for old, change_ in (([1, 2], [3, [5]]), ([1, 2], [3, [-3]]), ({"a": 1}, [3, [1]]),
                         ([1], [1, {"a": [0, 1]}]), ({"a": 1}, [1, {"b": [2]}]),
                         ([1], [7, 1]), ([1], [3, [0]]), ([1], [3, ["x"]]), (1, 5), (1, [])):
        raises(BadChange, patch, old, change_)
