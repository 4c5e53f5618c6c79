# The floor port's line at the pin, in the state machines' own clock cycles: the driver's two PIO
# programs (drivers/sas_uart.py) run on a model of the RP2040's PIO (tests/host/pio.py), since
# the emulated chip cannot time them (docs/sas.md). A SAS character is a start bit, 8 data bits
# and the wakeup bit, least significant first, and a stop bit: 11 bits of 19,200 baud, each 8
# cycles of the state machines, clocked at 8 x 19,200 Hz.
import types

import pytest
from drivers import sas_uart
from pio import StateMachine, rp2_twin

BIT = 8  # state machine cycles a bit


def test_both_state_machines_run_at_eight_cycles_a_bit_of_19200_baud():
    made = []

    class Machine:
        def __init__(self, *args, **kwargs):
            made.append(kwargs)

        def irq(self, handler):
            pass

        def active(self, on):
            pass

    rp2 = rp2_twin()
    rp2.StateMachine = Machine
    class Pin:
        IN, PULL_UP = 0, 1

        def __init__(self, *args):
            pass

    sas_uart.SasUart(rp2, types.SimpleNamespace(Pin=Pin), 8, 9)
    assert [m["freq"] for m in made] == [BIT * 19200] * 2


def sent(data):
    """The TX pin's level at each cycle while the sender sends `data` (bytes)."""
    pins = {0: None}
    sm = StateMachine(sas_uart._sender(rp2_twin()), pins)
    sm.tx.extend(data)
    levels = []
    for _ in range((len(data) + 2) * 10 * BIT):  # the characters, then the line idle
        sm.cycle()
        levels.append(pins[0])
    return levels


def characters(levels):
    """(9-bit word, stop bit's cycles) of each character on a line sampled every cycle: each
    bit must hold its level for exactly BIT cycles."""
    out = []
    at = levels.index(0)
    while True:
        bits = [levels[at + i * BIT:at + (i + 1) * BIT] for i in range(10)]
        for bit in bits:
            assert len(set(bit)) == 1, bits  # (a level held the whole bit)
        assert bits[0][0] == 0  # the start bit
        word = sum(bit[0] << i for i, bit in enumerate(bits[1:]))
        at += 10 * BIT
        stop = 0
        while at < len(levels) and levels[at] == 1:
            stop += 1
            at += 1
        out.append((word, stop))
        if at == len(levels):
            return out


def test_the_sender_sends_start_eight_bits_a_clear_wakeup_bit_and_stop_each_8_cycles():
    levels = sent(b"\x01\xa5\xff\x00")
    assert levels[0] == 1 and levels[-1] == 1  # idle: the line high (a mark)
    words = characters(levels)
    assert [w for w, _ in words] == [0x01, 0xA5, 0xFF, 0x00]  # the ninth bit clear
    assert all(stop >= BIT for _, stop in words)
    assert [stop for _, stop in words[:-1]] == [BIT] * 3  # back to back: one stop bit


def line(words, error=0.0, stops=None, idle=20):
    """The levels a host puts on the line each cycle: `words` (9 bits each) as characters whose
    bits last BIT x (1 + error) cycles (a host's clock off by `error`), then idle. stops: each
    character's stop bit level (1, or 0: a framing error)."""
    bits = []
    for n, word in enumerate(words):
        stop = 1 if stops is None else stops[n]
        bits += [0] + [word >> i & 1 for i in range(9)] + [stop]
        if stop == 0:
            bits += [1, 1]  # the line back up before the next character
    length = BIT * (1 + error)
    levels = [1] * idle
    levels += [bits[int(c / length)] for c in range(int(len(bits) * length))]
    return levels + [1] * idle


def received(levels):
    """The words the receiver takes from the line's levels, one a cycle, as SasUart._take reads
    them on each IRQ."""
    pins = {0: 1}
    sm = StateMachine(sas_uart._receiver(rp2_twin()), pins)
    words = []
    for level in levels:
        pins[0] = level
        sm.cycle()
        if sm.irqs:
            sm.irqs -= 1
            words += [word >> 23 for word in sm.rx]
            del sm.rx[:]
    return words


POLL = [0x101, 0x80, 0x1FF, 0x000, 0x155]  # a wakeup bit (the address), then plain bytes


@pytest.mark.parametrize("error", [-0.025, 0.0, 0.025])
def test_the_receiver_takes_characters_back_to_back_from_a_host_2_5_percent_off(error):
    assert received(line(POLL * 3, error)) == POLL * 3


def test_the_receiver_drops_a_character_without_its_stop_bit_and_takes_the_next():
    assert received(line(POLL[:3], stops=[1, 0, 1])) == [POLL[0], POLL[2]]


def test_the_receiver_takes_nothing_from_an_idle_line():
    assert received([1] * 400) == []


def test_what_the_sender_sends_the_receiver_takes():
    levels = sent(b"\x01\x1f\x80")
    assert received(levels + [1] * BIT) == [0x01, 0x1F, 0x80]
