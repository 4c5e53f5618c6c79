# The floor port in the loop: an input (scan(now_ms) -> events, as the panel's) that reads the
# SAS line's words (drivers/sas_uart.py), answers them (terminal/sas.py) and works out a ROM
# signature asked for a file at a time, so that the game never waits for the floor.
import binascii

from terminal.sas import Sas, crc16, machine_info

MAX_WORDS = 32  # words taken a step: a host flooding the line cannot hold the game up
GAME_ID = "CR"
PAYTABLE = "CRAPS"


def rom_signature(seed, total):
    """0x21's 16 bits: the CRC-16 Kermit, from the seed (2 bytes, low first), of the seeded
    program check's total (drivers/integrity.verify's last line, keyed with the seed)."""
    return crc16(binascii.unhexlify(total), seed[0] | seed[1] << 8)


class FloorPort:
    """uart: read() -> the next word (bit 8 the wakeup bit) or None, write(data); sign(key):
    the seeded program check's lines, the last its total (drivers/integrity.verify)."""

    def __init__(self, uart, address, sign, denomination=1):
        self.uart = uart
        self.address = address
        self.denomination = denomination  # SAS's code of what a credit is worth
        self._sign = sign
        self.sas = None
        self.cabinet = None
        self._lines = None  # the signature being worked out
        self._seed = None
        self._last = None

    def attach(self, cabinet):
        """The cabinet it reads and watches (the loop's)."""
        self.cabinet = cabinet
        info = machine_info(GAME_ID, PAYTABLE, cabinet.settings.rules.table_max,
                            self.denomination)
        self.sas = Sas(self.address, info)

    def scan(self, now_ms):
        # Every loop step's, in a frame small enough to stay off the heap (terminal/loop.py):
        # the words, when there are any, are _receive()'s.
        sas = self.sas
        sas.watch.look(self.cabinet)
        word = self.uart.read()
        events = () if word is None else self._receive(word, now_ms)
        if sas.seed is not None:
            self._sign_step(sas)
        return events

    def _receive(self, word, now_ms):
        # word and those waiting after it, MAX_WORDS at most: the replies sent, the events.
        cabinet, sas, uart = self.cabinet, self.sas, self.uart
        events = ()
        n = 1
        while word is not None:
            reply, event = sas.receive(word, cabinet, now_ms)
            if reply:
                uart.write(reply)
            if event is not None:
                events += (event,)
            word = uart.read() if n < MAX_WORDS else None
            n += 1
        return events

    def _sign_step(self, sas):
        """One file of the signature asked for (a new seed starts it again)."""
        if self._seed != sas.seed:
            self._seed = sas.seed
            self._lines = self._sign(self._seed)
        try:
            self._last = next(self._lines)
        except StopIteration:
            sas.signed(rom_signature(self._seed, self._last))
            self._seed = self._lines = None
