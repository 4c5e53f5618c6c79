# The shape a record's content must have: a record whose CRC holds can still be forged, or
# written by a firmware that kept other fields, and a field of the wrong type must be a damaged
# record (a RAM error at power-up; one line from the host tools), never a crash later in play.
# A shape is: a type (int: not a bool), None, Whole(low, high), [shape] a list of it,
# Fixed(shapes...) a list of exactly these, Either(shapes...), {key: shape} an object with
# these keys (others allowed), Each(shape) an object of any keys, each value of the shape.
import json


class BadShape(ValueError):
    """A record's content that is not of its shape: the message names the field."""


class Whole:
    """A whole number from low to high (not a bool)."""

    def __init__(self, low, high):
        self.low = low
        self.high = high


class Fixed:
    def __init__(self, *shapes):
        self.shapes = shapes


class Either(Fixed):
    pass


class Each:
    def __init__(self, shape):
        self.shape = shape


_NAMES = {int: "a whole number", str: "text", bool: "true or false", None: "null",
          dict: "an object", list: "a list"}


def check(value, shape, name):
    """value, when it has the shape; else BadShape naming the field (name) and what it is."""
    try:
        _check(value, shape)
    except _Misfit as e:
        field = name + "".join(step % (key,) for step, key in reversed(e.path))
        if e.shape is _MISSING:
            raise BadShape("%s is missing" % field)
        raise BadShape("%s is %s, not %s" % (field, _describe(e.shape), _show(e.value)))
    return value


_MISSING = object()  # (a _Misfit's shape for a key not there)


class _Misfit(Exception):
    """Where a value does not fit its shape: the field's name is made only then, from the keys
    on the way (a name made for every field checked took most of a power-up's check on the
    chip)."""

    def __init__(self, shape, value=None):
        self.shape = shape
        self.value = value
        self.path = []  # (format, key) of each step, the innermost first


def _check(value, shape):
    if not _fits(value, shape):
        raise _Misfit(shape, value)
    kind = type(shape)
    step = key = None
    try:
        if kind is dict:
            step = ".%s"
            for key in shape:
                if key not in value:
                    raise _Misfit(_MISSING)
                _check(value[key], shape[key])
        elif kind is Each:
            step = ".%s"
            for key in value:
                _check(value[key], shape.shape)
        elif kind is list:
            step = "[%d]"
            for key in range(len(value)):
                _check(value[key], shape[0])
        elif kind is Fixed:
            step = "[%d]"
            for key in range(len(value)):
                _check(value[key], shape.shapes[key])
    except _Misfit as e:
        e.path.append((step, key))
        raise


def _fits(value, shape):
    kind = type(shape)
    if kind is Either:
        return any(_fits(value, s) for s in shape.shapes)
    if shape is None:
        return value is None
    if kind is dict or kind is Each:
        return type(value) is dict
    if kind is list:
        return type(value) is list
    if kind is Fixed:
        return type(value) is list and len(value) == len(shape.shapes)
    if kind is Whole:
        return type(value) is int and shape.low <= value <= shape.high
    return type(value) is shape


def _describe(shape):
    kind = type(shape)
    if kind is Either:
        return " or ".join(_describe(s) for s in shape.shapes)
    if kind is dict or kind is Each:
        return "an object"
    if kind is list:
        return "a list, each %s" % _describe(shape[0])
    if kind is Fixed:
        return "a list of %d" % len(shape.shapes)
    if kind is Whole:
        return "a whole number from %d to %d" % (shape.low, shape.high)
    return _NAMES[shape]


def _show(value):
    if type(value) in (list, dict):
        return _NAMES[type(value)]
    return json.dumps(value)[:40]  # the record's own notation: true, null, "text"
