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
    if not _fits(value, shape):
        raise BadShape("%s is %s, not %s" % (name, _describe(shape), _show(value)))
    kind = type(shape)
    if kind is dict:
        for key in shape:
            if key not in value:
                raise BadShape("%s.%s is missing" % (name, key))
            check(value[key], shape[key], "%s.%s" % (name, key))
    elif kind is Each:
        for key in value:
            check(value[key], shape.shape, "%s.%s" % (name, key))
    elif kind is list:
        for i in range(len(value)):
            check(value[i], shape[0], "%s[%d]" % (name, i))
    elif kind is Fixed:
        for i in range(len(value)):
            check(value[i], shape.shapes[i], "%s[%d]" % (name, i))
    return value


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
