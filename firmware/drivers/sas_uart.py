# The floor port's line: SAS at 19,200 baud, 8 data bits and a ninth, the wakeup bit, that the
# host sets on the first byte of each message. The RP2040's UARTs have no ninth data bit, and
# MicroPython's machine.UART takes parity None, 0 or 1 and gives read() the data bytes only: no
# stick (mark or space) parity, nor a byte's parity error, which is how a PC's UART sees the
# wakeup bit. So the line is two PIO state machines: one takes 9 bits a character (bit 8 the
# wakeup bit), one sends 9 with the ninth clear, as a gaming machine does. The receiver's IRQ
# moves each word into a ring at once, so that a long roll (about 13 ms on the chip) loses no
# byte of a poll (the RX FIFO holds 8). docs/sas.md has the wiring (RS-232 levels).
BAUD = 19200
RING = 64  # words: the longest poll is 16
_SM_RX, _SM_TX = 4, 5  # PIO1's first two state machines: PIO0 is left to the board's parts


class SasUart:
    """The line on two PIO state machines at pins tx and rx (a level shifter between them and
    the floor's cable); read() and write() as the twin's."""

    def __init__(self, rp2, machine, tx, rx):
        from array import array
        self._ring = array("H", bytes(2 * RING))
        self._head = self._tail = 0
        rx_pin = machine.Pin(rx, machine.Pin.IN, machine.Pin.PULL_UP)
        self._rx = rp2.StateMachine(_SM_RX, _receiver(rp2), freq=8 * BAUD, in_base=rx_pin,
                                    jmp_pin=rx_pin)
        self._tx = rp2.StateMachine(_SM_TX, _sender(rp2), freq=8 * BAUD,
                                    sideset_base=machine.Pin(tx), out_base=machine.Pin(tx))
        self._rx.irq(self._take)
        self._rx.active(1)
        self._tx.active(1)

    def _take(self, sm):
        while self._rx.rx_fifo():
            word = self._rx.get() >> 23  # shifted in from the right: the 9 bits on top
            nxt = (self._head + 1) % RING
            if nxt != self._tail:  # a full ring drops the word: the host polls again
                self._ring[self._head] = word
                self._head = nxt

    def read(self):
        if self._tail == self._head:
            return None
        word = self._ring[self._tail]
        self._tail = (self._tail + 1) % RING
        return word

    def write(self, data):
        for b in data:
            self._tx.put(b)  # (the ninth bit: clear)


# The receiver samples each bit a quarter in (the first 10 cycles after the start bit's edge,
# not 12, the middle): push, irq and the return to wait take 3 cycles after the stop bit's
# sample, and a host whose clock runs fast starts its next character before sampling in the
# middle leaves room for them. So it takes back-to-back characters from a host 3.6% slow to
# 2.6% fast, where the middle took 1.2% fast at most (tests/host/test_sas_line.py, on a model
# of the PIO).
def _receiver(rp2):
    @rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_RIGHT, fifo_join=rp2.PIO.JOIN_RX)  # 8 words deep
    def rx9():
        label("start")
        wait(0, pin, 0)
        set(x, 8)                 [8]  # a quarter into the first data bit (above)
        label("bit")
        in_(pins, 1)
        jmp(x_dec, "bit")         [6]
        jmp(pin, "stop")
        wait(1, pin, 0)  # no stop bit: a framing error or a break, dropped
        jmp("start")
        label("stop")
        push(block)
        irq(rel(0))
    return rx9


def _sender(rp2):
    @rp2.asm_pio(sideset_init=rp2.PIO.OUT_HIGH, out_init=rp2.PIO.OUT_HIGH,
                 out_shiftdir=rp2.PIO.SHIFT_RIGHT)
    def tx9():
        pull()
        set(x, 8)  .side(0)       [7]  # the start bit
        label("bit")
        out(pins, 1)              [6]
        jmp(x_dec, "bit")
        nop()      .side(1)       [6]  # the stop bit
    return tx9


class SasUartTwin:
    """The line for the simulator and the tests: words the host sent are fed in (feed), what
    the cabinet sent is kept (sent, taken by take())."""

    def __init__(self):
        self._words = []
        self.sent = bytearray()

    def feed(self, words):
        self._words.extend(words)

    def read(self):
        return self._words.pop(0) if self._words else None

    def write(self, data):
        self.sent += data

    def take(self):
        out = bytes(self.sent)
        self.sent = bytearray()
        return out
