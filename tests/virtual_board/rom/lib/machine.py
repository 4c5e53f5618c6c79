# Twin of the rp2 `machine` module for the virtual board (read-only, in /rom/lib): enough of Pin,
# I2C, UART, WDT, mem32 and the reset functions for firmware to boot. Tests drive inputs from the
# REPL: Pin.board[15] = 0 presses a button wired to GP15; UART(0)._rx += b"..." is a reader's line;
# board.mjs --pin 22=0 holds GP22 low from power-up (_board.hold("22=0,21=1") changes what is
# held from the next boot on: a power-up with the key turned). A Pin made or read lets the port's
# input in, as the rp2's USB interrupt does at any moment: a Ctrl-C typed during the boot lands
# where the boot is, not only at the cabinet's first sleep.
import time
import random
import _board

PWRON_RESET = 1
WDT_RESET = 3

_ROSC_RANDOMBIT = 0x4006001C


def reset():
    _board.hard_reset()
    raise SystemExit


def soft_reset():
    _board.soft_reset()
    raise SystemExit


def reset_cause():
    return _board.reset_cause()


def unique_id():
    import binascii
    return binascii.unhexlify(_board.unique_id())


def freq(hz=None):
    return 125000000 if hz is None else None


def idle():
    if _board.poll():  # True: the watchdog has expired
        reset()


def lightsleep(ms=0):
    time.sleep_ms(ms)
    idle()


def disable_irq():
    return 0


def enable_irq(state=0):
    pass


def bitstream(pin, encoding, timing, buf):
    pass


def time_pulse_us(pin, level, timeout_us=1000000):
    return -1


class _Mem32:
    """ROSC RANDOMBIT gives a fresh bit per read; everything else reads 0 and ignores writes."""

    def __getitem__(self, address):
        if address == _ROSC_RANDOMBIT:
            return 0xFFFFFFFE | random.getrandbits(1)
        return 0

    def __setitem__(self, address, value):
        pass


mem32 = _Mem32()


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    board = {}  # pin id -> level driven from outside (a pressed key pulls its pin to 0)

    def __init__(self, id, mode=-1, pull=-1, *, value=None, **kw):
        _board.poll()
        self.id = id
        self.mode = 0
        self.pull = None
        self._out = 0
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, *, value=None, **kw):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self._out = 1 if value else 0

    def value(self, v=None):
        _board.poll()
        if v is not None:
            self._out = 1 if v else 0
            return None
        if self.mode == Pin.OUT:
            return self._out
        if self.id in Pin.board:
            return Pin.board[self.id]
        if self.mode == Pin.OPEN_DRAIN and not self._out:
            return 0
        return 0 if self.pull == Pin.PULL_DOWN else 1

    __call__ = value

    def on(self):
        self._out = 1

    def off(self):
        self._out = 0

    high = on
    low = off

    def toggle(self):
        self._out ^= 1

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        return None

    def __repr__(self):
        return "Pin(GPIO%s, mode=%s)" % (self.id, ("IN", "OUT", "OPEN_DRAIN", "ALT")[self.mode])


for _held in _board.pins().split(","):
    if _held:
        Pin.board[int(_held.split("=")[0])] = int(_held.split("=")[1])


FRAM_ADDRESSES = (0x50, 0x51)


class I2C:
    devices = (0x3C,)  # what answers on the bus: an SSD1306; another address times out, as
    # on an rp2 with nothing there (OSError ETIMEDOUT)

    def __init__(self, id=0, *, scl=None, sda=None, freq=400000, **kw):
        self.id = id
        self.written = 0

    def scan(self):
        return list(self.devices)

    def _answer(self, addr):
        if addr not in self.devices:
            raise OSError(110)

    def writeto(self, addr, buf, stop=True):
        self._answer(addr)
        self.written += len(buf)
        return 1

    def writevto(self, addr, vector, stop=True):
        self._answer(addr)
        for buf in vector:
            self.written += len(buf)
        return 1

    def readfrom(self, addr, n, stop=True):
        return bytes(n)

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        self.written += len(buf)
        if addr in FRAM_ADDRESSES:
            self._fram(addr, memaddr).write(buf)

    def readfrom_mem(self, addr, memaddr, n, *, addrsize=8):
        if addr not in FRAM_ADDRESSES:
            return bytes(n)
        data = self._fram(addr, memaddr).read(n)
        return data + bytes(n - len(data))  # (beyond the file's end: zeros, as a new part)

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        n = self._fram(addr, memaddr).readinto(buf) or 0
        for i in range(n, len(buf)):  # (as above)
            buf[i] = 0

    fram = None  # the path of a file that is a 128 KB FRAM at FRAM_ADDRESSES on every bus (the
    # heap test names one): kept in a file, not in the heap, as the part is outside the chip
    _fram_file = None

    def _fram(self, addr, memaddr):
        """The FRAM's file, at the memory address memaddr of the 64 KB page at addr."""
        if addr not in FRAM_ADDRESSES or I2C.fram is None:
            raise OSError(110)
        if I2C._fram_file is None:
            try:
                I2C._fram_file = open(I2C.fram, "r+b")
            except OSError:
                I2C._fram_file = open(I2C.fram, "w+b")
        I2C._fram_file.seek(((addr - FRAM_ADDRESSES[0]) << 16) + memaddr)
        return I2C._fram_file


class UART:
    def __init__(self, id=0, baudrate=9600, **kw):
        self.id = id
        self.baudrate = baudrate
        self._rx = b""  # what the far end has sent and firmware has not read
        self.tx = b""  # everything firmware wrote

    def init(self, baudrate=9600, **kw):
        self.baudrate = baudrate

    def any(self):
        return len(self._rx)

    def read(self, n=None):
        if not self._rx:
            return None
        n = len(self._rx) if n is None else n
        data, self._rx = self._rx[:n], self._rx[n:]
        return data

    def readline(self):
        if not self._rx:
            return None
        i = self._rx.find(b"\n")
        return self.read(len(self._rx) if i < 0 else i + 1)

    def readinto(self, buf, n=None):
        data = self.read(len(buf) if n is None else n)
        if not data:
            return None
        buf[:len(data)] = data
        return len(data)

    def write(self, buf):
        self.tx += bytes(buf)
        return len(buf)

    def flush(self):
        pass

    def txdone(self):
        return True


class WDT:
    """Cannot be stopped, at most 8388 ms. The board keeps the deadline: not fed in time, it
    resets (seen when firmware feeds it or idles, or at once while the REPL waits)."""

    def __init__(self, id=0, timeout=5000):
        if not 0 < timeout <= 8388:
            raise ValueError("timeout")
        self.timeout = timeout
        self.feed()

    def feed(self):
        if _board.wdt_feed(self.timeout):
            reset()


class ADC:
    CORE_TEMP = 4

    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        return 0x3FF0


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0, **kw):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d

    def deinit(self):
        pass
