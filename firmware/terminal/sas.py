# The floor port's protocol: SAS (the Slot Accounting System protocol of the floor systems that
# poll gaming machines), the gaming machine's side. Pure, as the cabinet is: words come in (a
# byte with its wakeup bit as bit 8), reply bytes go out, the cabinet is read for its meters and
# watched for the exceptions the floor is told (terminal/sas_watch.py); what the floor asks of
# the cabinet (play enabled or not, a handpay reset) leaves as an event for the loop to send.
# Nothing here waits: a message is taken a byte at a time as the port's driver reads them.
# docs/sas.md has the polls, the exceptions and the meter map.
from terminal.events import FLOOR_PLAY, HANDPAY_RESET
from terminal.sas_watch import Watch

BROADCAST = 0  # the address every machine takes a date and time from, answering nothing
WAKEUP = 0x100  # the ninth bit: set on the first byte of each message from the host
GENERAL_POLL = 0x80  # with the wakeup bit: a general poll of address (byte & 0x7F)
NACK = 0x80  # a machine's address with it: a long poll it could not carry out
MAX_MESSAGE = 16  # bytes: 0x2F's ten meter codes is the longest poll taken
MAX_METER_CODES = 10

# Long polls: command -> bytes after the address and command (CRC included); -1: a length
# byte follows the command (the rest is that long, then the CRC). Read polls (type R) have
# no data and no CRC.
_READ = (0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x19, 0x1A, 0x1B, 0x1C, 0x1F,
         0x7E)
_LENGTHS = {0x01: 2, 0x02: 2, 0x21: 4, 0x2F: -1, 0x7F: 9, 0x94: 2}

# SAS meter codes (the meter table of 0x2F) and the meters of the fixed polls -> this cabinet's
# meter (terminal/meters.py) that gives them, a function of the cabinet, or None: a meter it
# does not keep, which answers zero. Coin in is every stake a roll decided; coin out every
# credit a roll handed back (a stake returned or left up, and the win), so that coin in less
# coin out is the house's hold, as a floor system reads it. Every cash-out is a handpay here.
COIN_IN, COIN_OUT, JACKPOT, HANDPAID_CANCELLED, CANCELLED, GAMES_PLAYED, GAMES_WON, \
    GAMES_LOST, CURRENT_CREDITS = 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0C
DROP, DOOR_OPENED, POWER_RESET = "drop", "door", "power"  # meters of the fixed polls only


def _coin_out(cabinet):
    counts = cabinet.meters.counts
    return counts["wagered"] + counts["won"] - counts["lost"]


def _credits(cabinet):
    return sum(cabinet.table.credits)


METERS = {COIN_IN: "wagered", COIN_OUT: _coin_out, JACKPOT: None,
          HANDPAID_CANCELLED: "credits_out", CANCELLED: "credits_out", GAMES_PLAYED: "games",
          GAMES_WON: None, GAMES_LOST: None, CURRENT_CREDITS: _credits, DROP: "acceptor_in",
          DOOR_OPENED: "door_openings", POWER_RESET: "power_ups"}
_BLOCKS = {0x0F: (CANCELLED, COIN_IN, COIN_OUT, DROP, JACKPOT, GAMES_PLAYED),
           0x10: (CANCELLED,), 0x11: (COIN_IN,), 0x12: (COIN_OUT,), 0x13: (DROP,),
           0x14: (JACKPOT,), 0x15: (GAMES_PLAYED,), 0x16: (GAMES_WON,), 0x17: (GAMES_LOST,),
           0x19: (COIN_IN, COIN_OUT, DROP, JACKPOT, GAMES_PLAYED), 0x1A: (CURRENT_CREDITS,),
           0x1C: (COIN_IN, COIN_OUT, DROP, JACKPOT, GAMES_PLAYED, GAMES_WON, DOOR_OPENED,
                  POWER_RESET)}
METER_DIGITS = 8  # four BCD bytes
_ROLLOVER = 10 ** METER_DIGITS

CANCELLED_CREDITS_HANDPAY = 0x80  # 0x1B's level: every handpay here is credits cashed out
HANDPAY_RESET_DONE, HANDPAY_NONE = 0x00, 0x02  # 0x94's answers


def crc16(data, crc=0):
    """CRC-16 Kermit (the CCITT polynomial, reflected) of data, from crc: SAS sends it low
    byte first, and a message with its CRC so appended has the CRC 0."""
    for b in data:
        q = (crc ^ b) & 0x0F
        crc = (crc >> 4) ^ (q * 0x1081)
        q = (crc ^ (b >> 4)) & 0x0F
        crc = (crc >> 4) ^ (q * 0x1081)
    return crc


def with_crc(data):
    crc = crc16(data)
    return bytes(data) + bytes((crc & 0xFF, crc >> 8))


def bcd(n, size):
    """n in size bytes of BCD, most significant first (the digits beyond them dropped)."""
    out = bytearray(size)
    for i in range(size - 1, -1, -1):
        out[i] = n % 10 | (n // 10 % 10) << 4
        n //= 100
    return out


def from_bcd(data):
    """The number in BCD bytes; None if a nibble is not a digit."""
    n = 0
    for b in data:
        if b >> 4 > 9 or b & 0x0F > 9:
            return None
        n = n * 100 + (b >> 4) * 10 + (b & 0x0F)
    return n


class Sas:
    """The gaming machine at address (1-127) on the floor's line. info: the 0x1F answer's
    fields after the command (20 bytes: machine_info() makes them)."""

    def __init__(self, address, info):
        if type(address) is not int or not 1 <= address <= 127:
            raise ValueError("a SAS address is 1 to 127, not %s" % (address,))
        self.address = address
        self.info = bytes(info)
        self.watch = Watch()
        self.clock = None  # (seconds since 2000-01-01 the host set, now_ms then)
        self.seed = None  # a ROM signature asked for and not yet worked out (the port's)
        self.signature = None  # 0x21's answer, sent at the next general poll
        self._message = bytearray(MAX_MESSAGE)
        self._length = 0  # bytes of a long poll received so far; 0: waiting for a wakeup byte
        self._need = 0  # bytes the long poll has in all (0: not known yet)

    def receive(self, word, cabinet, now_ms):
        """One word from the line: (reply bytes or None, an event for the cabinet or None).
        A message that is not whole, not for this address, or whose CRC is wrong is dropped
        with no answer: the host polls again."""
        byte = word & 0xFF
        if word & WAKEUP:
            self._length = 0
            if byte & GENERAL_POLL:
                return self._general_poll(byte & 0x7F), None
            self._need = 0
        elif not self._length:
            return None, None  # another machine's message, or the rest of one dropped
        n = self._length
        self._message[n] = byte
        self._length = n = n + 1
        if n == 2:
            self._need = self._expected(byte)
        elif n == 3 and self._need == -1:
            self._need = 5 + byte  # the address, command and length, the rest, the CRC
        if n == 1 or self._need == -1:
            return None, None
        if not 2 <= self._need <= MAX_MESSAGE:
            self._length = 0  # a poll this machine does not take, or too long: ignored
            return None, None
        if n < self._need:
            return None, None
        self._length = 0
        return self._long_poll(memoryview(self._message)[:n], cabinet, now_ms)

    def _expected(self, command):
        if command in _READ:
            return 2
        data = _LENGTHS.get(command)
        if data is None:
            return 0
        return -1 if data == -1 else 2 + data

    def _general_poll(self, address):
        if address != self.address:
            return None
        if self.signature is not None:
            reply, self.signature = self.signature, None
            return reply
        return bytes((self.watch.next(),))

    def _long_poll(self, m, cabinet, now_ms):
        address, command = m[0], m[1]
        if address != self.address and not (address == BROADCAST and command == 0x7F):
            return None, None
        if command not in _READ and crc16(m):
            return None, None
        if command in _BLOCKS:
            data = bytearray()
            for code in _BLOCKS[command]:
                data += bcd(meter(cabinet, code), METER_DIGITS // 2)
            return self._reply(command, data), None
        return _POLLS[command](self, m, cabinet, now_ms)

    def _reply(self, command, data):
        return with_crc(bytes((self.address, command)) + data)

    def _ack(self):
        return bytes((self.address,))

    def _enable(self, m, cabinet, now_ms):
        return self._ack(), (FLOOR_PLAY, m[1] == 0x02)

    def _machine_info(self, m, cabinet, now_ms):
        return self._reply(0x1F, self.info), None

    def _handpay_info(self, m, cabinet, now_ms):
        s = pending_handpay(cabinet)
        amount = 0 if s is None else cabinet.panels[s].handpay
        level = 0 if s is None else CANCELLED_CREDITS_HANDPAY
        data = bytes((0, level)) + bcd(amount, 5) + bytes(13)  # partial pay, reset ID, unused
        return self._reply(0x1B, data), None

    def _handpay_reset(self, m, cabinet, now_ms):
        s = pending_handpay(cabinet)
        if s is None:
            return self._reply(0x94, bytes((HANDPAY_NONE,))), None
        return self._reply(0x94, bytes((HANDPAY_RESET_DONE,))), (HANDPAY_RESET, s)

    def _rom_signature(self, m, cabinet, now_ms):
        """Acknowledged at once; the port works the signature out a file at a time and it is
        the answer to a general poll once done (signed())."""
        self.seed = bytes(m[2:4])
        self.signature = None
        return self._ack(), None

    def signed(self, signature):
        """The ROM signature of self.seed is worked out: 16 bits."""
        self.seed = None
        self.signature = self._reply(0x21, bytes((signature & 0xFF, signature >> 8)))

    def _selected_meters(self, m, cabinet, now_ms):
        codes = m[5:-2]
        if not 1 <= len(codes) <= MAX_METER_CODES or from_bcd(m[3:5]) is None:
            return self._nack(), None
        data = bytearray(m[3:5])  # the game number asked for: 0000, the machine
        for code in codes:
            if code in METERS:
                data.append(code)
                data += bcd(meter(cabinet, code), METER_DIGITS // 2)
        return self._reply(0x2F, bytes((len(data),)) + data), None

    def _nack(self):
        return bytes((self.address | NACK,))

    def _send_time(self, m, cabinet, now_ms):
        data = bytearray(7)
        if self.clock is not None:
            seconds = self.clock[0] + (now_ms - self.clock[1]) // 1000
            data = date_time(seconds)
        return self._reply(0x7E, data), None

    def _set_time(self, m, cabinet, now_ms):
        seconds = seconds_of(m[2:9])
        if seconds is None:
            return (None if m[0] == BROADCAST else self._nack()), None
        self.clock = (seconds, now_ms)
        return (None if m[0] == BROADCAST else self._ack()), None


_POLLS = {0x01: Sas._enable, 0x02: Sas._enable, 0x1B: Sas._handpay_info,
          0x1F: Sas._machine_info, 0x21: Sas._rom_signature, 0x2F: Sas._selected_meters,
          0x7E: Sas._send_time, 0x7F: Sas._set_time, 0x94: Sas._handpay_reset}


def meter(cabinet, code):
    """A SAS meter of the cabinet (METERS) on SAS's eight digits: a meter past them rolls
    over, as SAS meters do (ours keep ten)."""
    source = METERS[code]
    if source is None:
        return 0
    n = cabinet.meters.counts[source] if type(source) is str else source(cabinet)
    return n % _ROLLOVER


def pending_handpay(cabinet):
    """The first station with a handpay waiting, or None: SAS reports one at a time."""
    for s, panel in enumerate(cabinet.panels):
        if panel.handpay:
            return s
    return None


def machine_info(game_id, paytable, max_bet, denomination):
    """0x1F's fields: game ID (2 ASCII), additional ID, the accounting denomination's code,
    max bet (255 for more), progressive group, game options, paytable ID (6 ASCII), base % (4
    ASCII, "0000": a craps table has a hold for each wager, not one)."""
    text = (game_id + "  ")[:2] + "000"
    tail = (paytable + "      ")[:6] + "0000"
    return text.encode() + bytes((denomination, min(max_bet, 255), 0, 0, 0)) + tail.encode()


# Dates: seconds since 2000-01-01 00:00, the civil calendar (no time zone: the host's).
_DAY = 86400


def date_time(seconds):
    """0x7E's 7 BCD bytes: MMDDYYYY HHMMSS."""
    days, rest = divmod(seconds, _DAY)
    year, month, day = _civil(days)
    return bcd(month, 1) + bcd(day, 1) + bcd(year, 2) + bcd(rest // 3600, 1) + \
        bcd(rest // 60 % 60, 1) + bcd(rest % 60, 1)


def seconds_of(data):
    """The seconds since 2000 of 0x7F's MMDDYYYY HHMMSS, or None if it is no date."""
    month, day, year = from_bcd(data[0:1]), from_bcd(data[1:2]), from_bcd(data[2:4])
    hour, minute, second = from_bcd(data[4:5]), from_bcd(data[5:6]), from_bcd(data[6:7])
    if None in (month, day, year, hour, minute, second) or year < 2000 or \
            not 1 <= month <= 12 or hour > 23 or minute > 59 or second > 59:
        return None
    days = _days(year, month, day)
    if day < 1 or _civil(days) != (year, month, day):
        return None
    return days * _DAY + hour * 3600 + minute * 60 + second


def _days(year, month, day):
    """Days from 2000-01-01 to a date (the proleptic Gregorian calendar's)."""
    y = year - (month <= 2)
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 730425


def _civil(days):
    """(year, month, day) of days from 2000-01-01."""
    z = days + 730425
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (month <= 2), month, day
