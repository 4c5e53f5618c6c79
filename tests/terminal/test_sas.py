# The floor port's protocol (terminal/sas.py, terminal/sas_watch.py, terminal/floor.py) frame by
# frame, against SAS's published layouts: a cabinet played by the Driver, its port on the line's
# twin. Plain asserts: these run on MicroPython too.
import binascii

from cabinet_support import Driver
from drivers.sas_uart import SasUartTwin
from terminal import buttons
from terminal.cabinet import FLOOR_OFF
from terminal.events import DOOR, FAULT
from terminal.floor import FloorPort, MAX_WORDS, rom_signature
from terminal.sas import WAKEUP, crc16, with_crc, bcd, date_time, seconds_of

ADDRESS = 1
TOTAL = "5f" * 32  # the program check's total the fake signer gives


def signer(key):
    """integrity.verify's shape: a line a file, then the total."""
    return iter(("/main.py %s" % binascii.hexlify(key).decode(), "/board.json x", TOTAL))


class Floor:
    """A cabinet on the floor's line: send() words as a host would, take the cabinet's reply."""

    def __init__(self, stations=1):
        self.d = Driver(stations=stations, credits=1000)
        self.line = SasUartTwin()
        self.port = FloorPort(self.line, ADDRESS, signer)
        self.port.attach(self.d.cab)
        self.step()  # the power-up the port saw

    def step(self):
        for event in self.port.scan(self.d.now):
            self.d.event(event)
        return self.line.take()

    def send(self, words):
        self.line.feed(words)
        return self.step()

    def general_poll(self, address=ADDRESS):
        return self.send([WAKEUP | 0x80 | address])

    def exceptions(self):
        """Every exception queued, oldest first (general polls until no activity)."""
        out = []
        while True:
            code = self.general_poll()[0]
            if code == 0:
                return out
            out.append(code)

    def long_poll(self, command, data=b"", address=ADDRESS, crc=None):
        """A long poll (CRC added unless it is a read poll or crc is given)."""
        frame = bytes((address, command)) + data
        if crc is None and (data or command in (0x01, 0x02, 0x94)):
            frame = with_crc(frame)
        elif crc is not None:
            frame += crc
        return self.send(words(frame))


def words(frame):
    return [WAKEUP | frame[0]] + list(frame[1:])


def reply(command, data):
    return with_crc(bytes((ADDRESS, command)) + data)


def test_the_crc_is_kermit_and_a_published_poll_checks():
    assert crc16(b"123456789") == 0x2189
    assert with_crc(b"\x01\x01") == bytes((0x01, 0x01, 0x51, 0x08))  # shutdown, address 1
    assert with_crc(b"\x01\x02") == bytes((0x01, 0x02, 0xCA, 0x3A))  # startup
    assert crc16(with_crc(b"\x01\x1c\x12\x34")) == 0


def test_bcd_keeps_the_low_digits():
    assert bcd(12345678, 4) == bytes((0x12, 0x34, 0x56, 0x78))
    assert bcd(9912345678, 4) == bytes((0x12, 0x34, 0x56, 0x78))
    assert bcd(7, 2) == bytes((0, 7))


def test_power_applied_is_the_first_exception_then_no_activity():
    f = Floor()
    assert f.general_poll() == bytes((0x17,))
    assert f.general_poll() == bytes((0,))


def test_another_address_gets_no_answer_and_changes_nothing():
    f = Floor()
    assert f.general_poll(address=2) == b""
    assert f.long_poll(0x01, address=2) == b""
    assert not f.d.cab.floor_off
    assert f.long_poll(0x1C, address=2) == b""
    assert f.general_poll() == bytes((0x17,))  # still queued for the machine's own poll


def test_the_door_opened_and_closed():
    f = Floor()
    f.exceptions()
    f.d.event((DOOR, True))
    f.step()  # (the loop looks every step: the door switch's debounce is longer)
    f.d.event((DOOR, False))
    assert f.exceptions() == [0x11, 0x12]


def test_a_tilt_is_a_general_tilt():
    f = Floor()
    f.exceptions()
    f.d.event((FAULT, "RNG HEALTH"))
    assert f.exceptions() == [0x20]


def played():
    """A cabinet with a pass line bet won and one lost, and its exceptions read."""
    f = Floor()
    d = f.d
    d.bet(0, "pass", chips=2)  # 2 chips of 1
    d.roll(3, 4)  # a natural: won
    d.bet(0, "pass", chips=2)
    d.roll(1, 1)  # craps: lost
    return f


def test_games_start_and_end_with_each_roll():
    f = played()
    assert f.exceptions() == [0x17, 0x7E, 0x7F, 0x7E, 0x7F]


def test_the_meters_poll_0x1c():
    f = played()
    counts = f.d.cab.meters.counts
    assert counts["wagered"] == 4 and counts["won"] == 2 and counts["lost"] == 2
    meters = (4, 4, 0, 0, 2, 0, counts["door_openings"], counts["power_ups"])
    expected = b"".join(bcd(m, 4) for m in meters)  # coin in, coin out (2 + 2 back), drop...
    assert f.long_poll(0x1C) == reply(0x1C, expected)


def test_single_meter_polls():
    f = played()
    assert f.long_poll(0x11) == reply(0x11, bcd(4, 4))  # coin in
    assert f.long_poll(0x15) == reply(0x15, bcd(2, 4))  # games played
    assert f.long_poll(0x14) == reply(0x14, bcd(0, 4))  # jackpot: not kept, zero
    assert f.long_poll(0x1A) == reply(0x1A, bcd(sum(f.d.cab.table.credits), 4))


def test_selected_meters_0x2f_leave_out_a_code_not_in_the_map():
    f = played()
    asked = bytes((0x00, 0x00, 0x00, 0x05, 0x7D))  # game 0000: coin in, games played, ?
    got = f.long_poll(0x2F, bytes((len(asked),)) + asked)
    body = bytes((0x00, 0x00, 0x00)) + bcd(4, 4) + bytes((0x05,)) + bcd(2, 4)
    assert got == reply(0x2F, bytes((len(body),)) + body)


def test_selected_meters_with_no_code_is_nacked_and_too_many_ignored():
    f = played()
    assert f.long_poll(0x2F, bytes((2, 0, 0))) == bytes((ADDRESS | 0x80,))
    assert f.long_poll(0x2F, bytes((13, 0, 0)) + bytes(11)) == b""
    assert f.long_poll(0x2F, bytes((3, 0x00, 0xA0, 0x00))) == bytes((ADDRESS | 0x80,))  # BCD?


def test_a_wrong_crc_is_ignored_and_changes_nothing():
    f = Floor()
    assert f.long_poll(0x01, crc=b"\x00\x00") == b""
    assert not f.d.cab.floor_off


def test_bytes_without_a_wakeup_and_unknown_polls_are_ignored():
    f = Floor()
    assert f.send([0x01, 0x01, 0x51, 0x08]) == b""  # no wakeup bit: not a message start
    assert f.long_poll(0x99, b"\x00") == b""
    assert f.send([WAKEUP | ADDRESS, 0x01]) == b""  # cut short; the next poll is taken whole
    assert f.general_poll() == bytes((0x17,))


def test_disable_refuses_bets_and_shows_it_until_enabled():
    f = Floor()
    d = f.d
    assert f.long_poll(0x01) == bytes((ADDRESS,))  # acknowledged
    assert d.cab.floor_off and d.status[0] == FLOOR_OFF
    assert d.refused(0, buttons.BET) == "play disabled by the floor system"
    assert f.long_poll(0x02) == bytes((ADDRESS,))
    assert not d.cab.floor_off
    d.bet(0, "pass")
    assert d.cab.table.wagers
    assert [e[4] for e in d.cab.audit.entries[-2:]] == ["FLOOR DISABLED", "FLOOR ENABLED"]


def test_disabled_a_player_may_cash_out_and_the_bets_on_the_layout_are_rolled():
    f = Floor()
    d = f.d
    d.bet(0, "pass")
    f.long_poll(0x01)
    d.refused(0, buttons.ROLL)
    d.tick(d.settings.roll_timeout_ms)  # too slow: nobody else to shoot, the house rolls
    assert d.cab.table.point == 0 and not d.cab.table.betting_open
    d.throw(3, 4)
    assert d.cab.meters.counts["games"] == 1
    d.press(0, buttons.CASH_OUT)
    assert d.cab.panels[0].handpay == d.money_in[0] + d.won[0]


def test_a_handpay_its_information_and_remote_reset():
    f = Floor()
    d = f.d
    f.exceptions()
    d.press(0, buttons.CASH_OUT)
    assert f.exceptions() == [0x51]
    info = f.long_poll(0x1B)
    assert info == reply(0x1B, bytes((0, 0x80)) + bcd(1000, 5) + bytes(13))
    assert f.long_poll(0x94) == reply(0x94, b"\x00")  # reset
    assert d.cab.panels[0].handpay == 0 and d.paid[0] == 1000
    assert f.exceptions() == [0x52]
    assert f.long_poll(0x94) == reply(0x94, b"\x02")  # none now
    assert f.long_poll(0x1B) == reply(0x1B, bytes(20))


def test_date_and_time_set_then_read():
    f = Floor()
    assert f.long_poll(0x7E) == reply(0x7E, bytes(7))  # never set: zeros
    when = bytes((0x02, 0x29, 0x20, 0x24, 0x23, 0x59, 0x58))  # 02/29/2024 23:59:58
    assert f.long_poll(0x7F, when) == bytes((ADDRESS,))
    f.d.now += 3000
    later = bytes((0x03, 0x01, 0x20, 0x24, 0x00, 0x00, 0x01))
    assert f.long_poll(0x7E) == reply(0x7E, later)


def test_a_date_that_is_none_is_nacked_and_a_broadcast_answers_nothing():
    f = Floor()
    assert f.long_poll(0x7F, bytes((0x02, 0x30, 0x20, 0x23, 0, 0, 0))) == bytes((0x81,))
    assert f.long_poll(0x7F, bytes((0x01, 0x01, 0x20, 0x30, 0, 0, 0)), address=0) == b""
    assert f.port.sas.clock[0] == seconds_of(bytes((0x01, 0x01, 0x20, 0x30, 0, 0, 0)))
    assert date_time(0) == bytes((0x01, 0x01, 0x20, 0x00, 0, 0, 0))


def test_rom_signature_is_acknowledged_then_answers_a_general_poll():
    f = Floor()
    f.exceptions()
    assert f.long_poll(0x21, bytes((0x34, 0x12))) == bytes((ADDRESS,))
    answers = [f.general_poll() for _ in range(4)]  # a line of the check each step
    signature = rom_signature(b"\x34\x12", TOTAL)
    assert signature == crc16(binascii.unhexlify(TOTAL), 0x1234)
    assert reply(0x21, bytes((signature & 0xFF, signature >> 8))) in answers
    assert f.general_poll() == bytes((0,))


def test_a_flood_of_polls_is_taken_a_step_at_a_time_and_the_game_goes_on():
    f = Floor()
    f.exceptions()
    f.line.feed([WAKEUP | 0x80 | ADDRESS] * (MAX_WORDS * 3))
    assert len(f.step()) == MAX_WORDS  # one answer a poll, no more a step
    f.d.bet(0, "pass")
    f.d.roll(3, 4)
    assert f.d.cab.meters.counts["games"] == 1
    assert len(f.step()) == MAX_WORDS and len(f.step()) == MAX_WORDS
    assert f.step() == b""


def test_random_words_never_raise_nor_move_a_meter():
    f = Floor()
    before = dict(f.d.cab.meters.counts)
    x = 12345
    for _ in range(40):
        batch = []
        for _ in range(100):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            word = x >> 8 & 0x1FF
            batch.append(word & ~0x80 if word & WAKEUP and x & 3 else word)  # long polls mostly
        f.send(batch)
        for _ in range(100 // MAX_WORDS):
            f.step()
    assert f.d.cab.meters.counts == before
