# terminal.shapes: a record's content checked against its shape, and the field named, with its
# whole path, when it does not fit (what a RAM error tilt and the host tools say).
from support import raises
from terminal.shapes import BadShape, Each, Either, Fixed, Whole, check

DIE = Whole(1, 6)
STATE = {"door": bool, "meters": {"counts": Each(Whole(0, 99))},
         "recall": [Fixed(Fixed(DIE, DIE), int, [list])], "keeper": Either(None, int)}
GOOD = {"door": False, "meters": {"counts": {"games": 3, "in": 0}},
        "recall": [[[1, 2], 0, [[], [4, 5]]], [[6, 6], 4, []]], "keeper": None, "more": "kept"}


def says(data):
    return str(raises(BadShape, check, data, STATE, "state"))


def changed(path, value):
    data = {"door": False, "meters": {"counts": {"games": 3, "in": 0}},
            "recall": [[[1, 2], 0, [[], [4, 5]]], [[6, 6], 4, []]], "keeper": None}
    at = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return data


def test_content_of_its_shape_comes_back_as_it_is():
    assert check(GOOD, STATE, "state") is GOOD
    assert check([], [int], "empty") == []


def test_the_whole_is_named_when_it_is_not_of_its_shape():
    assert says([]) == "state is an object, not a list"
    assert str(raises(BadShape, check, True, int, "n")) == "n is a whole number, not true"


def test_a_key_missing_is_named_with_its_path():
    data = changed(("door",), False)
    del data["meters"]["counts"]
    assert says(data) == "state.meters.counts is missing"
    data = changed(("door",), False)
    del data["door"]
    assert says(data) == "state.door is missing"


def test_each_field_is_named_with_its_keys_and_places():
    assert says(changed(("door",), 0)) == "state.door is true or false, not 0"
    assert says(changed(("meters", "counts", "in"), 100)) == \
        "state.meters.counts.in is a whole number from 0 to 99, not 100"
    assert says(changed(("recall", 1, 0, 1), 7)) == \
        "state.recall[1][0][1] is a whole number from 1 to 6, not 7"
    assert says(changed(("recall", 0, 2, 1), 5)) == "state.recall[0][2][1] is a list, not 5"
    assert says(changed(("recall", 0), [[1, 2], 0])) == \
        "state.recall[0] is a list of 3, not a list"
    assert says(changed(("keeper",), "x")) == 'state.keeper is null or a whole number, not "x"'


def test_the_first_field_of_a_list_that_does_not_fit_is_the_one_named():
    data = changed(("recall", 0, 0, 0), 0)
    data["recall"][1][1] = "4"
    assert says(data) == "state.recall[0][0][0] is a whole number from 1 to 6, not 0"
