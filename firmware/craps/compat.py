# One home for what differs between MicroPython and CPython, so the engine imports it once.
try:
    from micropython import const
except ImportError:
    def const(value):
        return value
