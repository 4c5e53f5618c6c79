"""The dice shaker: a dice source (start/poll, terminal/events.py) for a physical shaker.

A roll: start(now_ms) switches the motor or solenoid pin on; after shake_ms it goes off; after
settle_ms more the dice reader is asked over the UART; its answer, or its silence after
answer_ms, is the roll: (DICE, d1, d2) or (NO_ROLL, reason). Each phase is timed from the poll
that began it, so a late poll never shortens the settling. start() during a roll starts over.
now_ms must only go up (the firmware's clock unwraps time.ticks_ms). The UART is machine.UART
built with timeout=0, so that any() and readline() never wait.

The dice reader's line protocol (ASCII, 9600 8N1 unless the board file says otherwise)

    cabinet -> reader   R<LF>                        read the dice now
    reader -> cabinet   D 3 5 X120 Y044 X310 Y201 F0 *6C58<LF>

One line per request, within answer_ms; a CR before the LF is allowed. Fields are separated by
exactly one space, in this order:

    D            a dice reading
    3 5          die 1's face, then die 2's: 1 to 6, or ? when that die cannot be read
    X120 Y044    die 1's position in the dome, X then Y: always three digits, 000-999, in the
                 reader's units (millimetres from its reference corner); 000 when it has none
    X310 Y201    die 2's position, the same way
    F0           flags, one hexadecimal digit 0-7, the sum of
                     1  one die rests on the other
                     2  a die is cocked (rests on more than one face)
                     4  a die is out of the dome (or the reader sees only one die)
    *6C58        check: "*" and four upper-case hexadecimal digits, the CRC-16/CCITT-FALSE of
                 every byte from the D to the last flag digit (the space before the * is not
                 included): polynomial 0x1021, initial value 0xFFFF, bits not reflected, no
                 final XOR. Test vectors: "123456789" -> 29B1; "" -> FFFF;
                 "D 3 5 X120 Y044 X310 Y201 F0" -> 6C58; "D 1 4 X120 Y044 X310 Y201 F0" -> 13B8.
                 It catches every error of one or two bits, every odd number of flipped bits,
                 every burst up to 16 bits and two bytes swapped; an XOR of the bytes missed the
                 same bit flipped in two bytes ("D 1 4" read as "D 3 6").

A line that breaks any of this (a wrong check, a missing, extra or malformed field, a face
of 0 or 7, more than 48 bytes) is garbled. The reader sends nothing unasked; anything waiting
when a request is made is thrown away. encode() builds a line, decode() checks one.

How a reading is called, first match wins: garbled -> NO_ROLL GARBLED; flag 4 -> DIE_OUT;
flag 1 -> DIE_ON_DIE; flag 2 -> COCKED_DIE; a ? face -> DIE_UNREAD; the same two faces at the
same two positions as the last roll that counted (either die order, each axis within
same_place units) -> DID_NOT_MOVE; else (DICE, d1, d2). No line in time -> NO_ANSWER.
The cabinet re-shakes after a no roll and tilts after its no-roll limit.

The twin is this same Shaker given a MotorTwin and a ReaderTwin (there is no ShakerTwin).
"""
from craps.compat import const
from terminal.events import DICE, NO_ROLL

# Why a roll is no roll, as the sign shows it ("NO ROLL: " and the reason).
DIE_UNREAD = "DIE NOT READ"
DIE_ON_DIE = "ONE DIE ON THE OTHER"
COCKED_DIE = "COCKED DIE"
DIE_OUT = "DIE OUT OF THE DOME"
DID_NOT_MOVE = "DICE DID NOT MOVE"
NO_ANSWER = "DICE READER DID NOT ANSWER"
GARBLED = "DICE READING GARBLED"

# The reading's flags.
ON_OTHER = const(1)
COCKED = const(2)
OUT_OF_DOME = const(4)

ASK = b"R\n"
MAX_LINE = const(48)  # bytes, with the line end

_IDLE = const(0)
_SHAKING = const(1)
_SETTLING = const(2)
_ASKING = const(3)


class Shaker:
    """motor: a Pin-like output (value(1) shakes); uart: a UART-like link to the dice reader."""

    same_place = 2  # how far (reader units, each axis) a die may read from its spot and not have moved

    def __init__(self, motor, uart, shake_ms=1500, settle_ms=1200, answer_ms=1000):
        for name, ms in (("shake_ms", shake_ms), ("settle_ms", settle_ms), ("answer_ms", answer_ms)):
            if type(ms) is not int or ms < 0:
                raise ValueError("%s is a whole number of milliseconds from 0 up, not %s"
                                 % (name, ms))
        self.motor = motor
        self.uart = uart
        self.shake_ms = shake_ms
        self.settle_ms = settle_ms
        self.answer_ms = answer_ms
        self._state = _IDLE
        self._until = 0  # when the current phase ends
        self._line = b""  # the answer so far
        self._last = None  # the last reading that counted: (d1, d2, x1, y1, x2, y2, flags)
        motor.value(0)

    def start(self, now_ms):
        self.motor.value(1)
        self._state = _SHAKING
        self._until = now_ms + self.shake_ms

    def poll(self, now_ms):
        if self._state == _IDLE:
            return None
        if self._state == _SHAKING:
            if now_ms < self._until:
                return None
            self.motor.value(0)
            self._state = _SETTLING
            self._until = now_ms + self.settle_ms
        if self._state == _SETTLING:
            if now_ms < self._until:
                return None
            self._drain()
            self._line = b""
            self.uart.write(ASK)
            self._state = _ASKING
            self._until = now_ms + self.answer_ms
        line = self._receive()
        if line is None:
            if now_ms < self._until:
                return None
            self._state = _IDLE
            return (NO_ROLL, NO_ANSWER)
        self._state = _IDLE
        return self._call(line)

    def _drain(self):
        """Throw away whatever waits on the link: a late answer to an earlier request, noise."""
        uart = self.uart
        while uart.any():
            if not uart.readline():
                break

    def _receive(self):
        """The answer's line once its line end is in (or once it is too long), else None."""
        uart = self.uart
        while uart.any():
            part = uart.readline()
            if not part:
                break
            self._line += part
            if self._line[-1] == 10 or len(self._line) > MAX_LINE:
                return self._line
        return None

    def _call(self, line):
        reading = decode(line)
        if reading is None:
            return (NO_ROLL, GARBLED)
        flags = reading[6]
        if flags & OUT_OF_DOME:
            return (NO_ROLL, DIE_OUT)
        if flags & ON_OTHER:
            return (NO_ROLL, DIE_ON_DIE)
        if flags & COCKED:
            return (NO_ROLL, COCKED_DIE)
        if not reading[0] or not reading[1]:
            return (NO_ROLL, DIE_UNREAD)
        if self._last is not None and self._same_dice(reading, self._last):
            return (NO_ROLL, DID_NOT_MOVE)
        self._last = reading
        return (DICE, reading[0], reading[1])

    def _same_dice(self, a, b):
        """Both dice show the same faces at the same spots, in either order."""
        return ((self._same_die(a, 0, b, 0) and self._same_die(a, 1, b, 1)) or
                (self._same_die(a, 0, b, 1) and self._same_die(a, 1, b, 0)))

    def _same_die(self, a, i, b, j):
        near = self.same_place
        return (a[i] == b[j] and abs(a[2 + 2 * i] - b[2 + 2 * j]) <= near and
                abs(a[3 + 2 * i] - b[3 + 2 * j]) <= near)


def encode(d1, d2, x1, y1, x2, y2, flags=0):
    """A reader's line, check and line end included; a face of 0 is sent as ? (unread)."""
    return sealed(("D %s %s X%03d Y%03d X%03d Y%03d F%d" % (
        d1 or "?", d2 or "?", x1, y1, x2, y2, flags)).encode())


def sealed(body):
    """A line's body with its check and line end: body + b" *XXXX\n"."""
    return body + (" *%04X\n" % crc16(body)).encode()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of data (bytes): polynomial 0x1021 from 0xFFFF, MSB first, no final XOR.
    A bit at a time, no table: a line is 28 bytes."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def decode(line):
    """A reader's line as (d1, d2, x1, y1, x2, y2, flags), a face 0 when that die is unread;
    None when the line is garbled or out of range."""
    if len(line) > MAX_LINE or not line.endswith(b"\n"):
        return None
    end = len(line) - 1
    if end and line[end - 1] == 13:  # CR LF
        end -= 1
    if end < 6 or line[end - 6:end - 4] != b" *":
        return None
    body = line[:end - 6]
    if _number(line[end - 4:end], 16) != crc16(body):
        return None
    fields = body.split(b" ")
    if len(fields) != 8 or fields[0] != b"D":
        return None
    reading = [_face(fields[1]), _face(fields[2])]
    for i in range(4):
        field = fields[3 + i]
        if len(field) != 4 or field[0] != (88 if i % 2 == 0 else 89):  # X, Y
            return None
        reading.append(_number(field[1:], 10))
    flag = fields[7]
    reading.append(_number(flag[1:], 16) if len(flag) == 2 and flag[0] == 70 else -1)  # F
    if min(reading) < 0 or reading[6] > 7:
        return None
    return tuple(reading)


def _face(field):
    if field == b"?":
        return 0
    face = _number(field, 10) if len(field) == 1 else -1
    return face if 1 <= face <= 6 else -1


def _number(field, base):
    """The value of ASCII digits (upper-case for hexadecimal), -1 if a byte is not one."""
    value = 0
    for byte in field:
        if 48 <= byte <= 57:
            digit = byte - 48
        elif 65 <= byte <= 70:
            digit = byte - 55
        else:
            return -1
        if digit >= base:
            return -1
        value = value * base + digit
    return value if len(field) else -1


class MotorTwin:
    """A Pin-like stand-in for the shaker's motor or solenoid pin."""

    def __init__(self):
        self.level = 0
        self.runs = 0  # how often it was switched on

    def value(self, level=None):
        if level is None:
            return self.level
        if level and not self.level:
            self.runs += 1
        self.level = 1 if level else 0


class ReaderTwin:
    """A UART-like stand-in for the dice reader: each request (R) takes the next answer.

    An answer is a tuple of encode()'s arguments (a full reading), a pair of faces (placed at
    spots that change from answer to answer, so the dice always moved; flags 0), bytes sent as they are
    (a garbled line), or None (no answer). When the answers run out, more() gives the next one
    if given, else the reader stays silent. chunk: readline() hands out at most that many bytes,
    as a line arriving in pieces does (0: whole lines). say(data) puts unasked bytes on the link.
    """

    def __init__(self, answers=(), more=None, chunk=0):
        self.answers = list(answers)
        self.more = more
        self.chunk = chunk
        self.asked = 0  # requests received
        self.sent = []  # everything the cabinet wrote
        self._out = b""

    def say(self, data):
        self._out += data

    def write(self, data):
        self.sent.append(bytes(data))
        if data == ASK:
            self.asked += 1
            if self.answers:
                answer = self.answers.pop(0)
            else:
                answer = self.more() if self.more else None
            if answer is not None:
                self.say(self.line(answer))
        return len(data)

    def line(self, answer):
        if type(answer) is bytes:
            return answer
        if len(answer) == 2:
            n = self.asked
            # die 1 in the left half of the dome, die 2 in the right: never the same spots twice
            return encode(answer[0], answer[1], 100 + n * 37 % 300, 100 + n * 53 % 800,
                          500 + n * 29 % 300, 100 + n * 41 % 800)
        return encode(*answer)

    def any(self):
        return len(self._out)

    def readline(self):
        if not self._out:
            return None
        end = self._out.find(b"\n") + 1 or len(self._out)
        if self.chunk:
            end = min(end, self.chunk)
        part = self._out[:end]
        self._out = self._out[end:]
        return part
