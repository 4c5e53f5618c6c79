# The cabinet's feel, run by host_tools/bench.py on MicroPython's unix port with a chip-sized
# heap (micropython -X heapsize=240000): the time from a button's edge to the end of its
# station's display write, through the real main loop (terminal/loop.py's run under asyncio,
# on the board's clock), the GPIO button driver and Ssd1306Display on a framebuf SSD1306 whose
# fake I2C takes the real bytes and adds their time on a 400 kHz bus (9 bits a byte, one
# address byte a transfer) to the times measured. A select (PROP: the next proposition) and an
# accepted BET, keys with no long press, on a 1-station or an 8-station cabinet (argv); with the
# rows-only redraw or the full-buffer redraw it replaced (SSD1306_I2C.show(): 1 KB a change).
#
# Unix-port time is not chip time: host_tools/bench.py scales the CPU part of a press (the
# scan to the write, less the bus time) to an RP2040 estimate by CHIP_RATIOS (the same code's
# busy roll on the emulated RP2040 and here); the bus time and the debounce are not scaled.
import asyncio
import framebuf
import json
import sys
import time

from drivers.buttons import GpioButtons
from drivers.clock import Clock
from drivers.display import ConsoleDisplay, Ssd1306Display
from loop_rig import rig

PRESSES = 15  # a time is the median of this many; the processor's part, the fastest


class Key:
    """A button on a pulled-up pin: 0 while pressed. Notes when the edge happened (edge_us)."""

    def __init__(self):
        self.level = 1
        self.edge_us = 0

    def value(self):
        return self.level

    def set(self, pressed):
        self.level = 0 if pressed else 1
        self.edge_us = time.ticks_us()


class Bus:
    """An I2C bus: takes the bytes and counts the time they take at 400 kHz (bus_us), not
    spending it, so that the time measured is the processor's alone; notes when a transfer
    ended (done_us)."""

    def __init__(self):
        self.bytes = 0
        self.bus_us = 0
        self.done_us = None

    def writeto(self, addr, buf):
        self._take(1 + len(buf))

    def writevto(self, addr, bufs):
        n = 1
        for buf in bufs:
            n += len(buf)
        self._take(n)

    def _take(self, n):
        self.bytes += n
        self.bus_us += n * 45 // 2  # 9 bits a byte at 400 kHz: 22.5 us
        self.done_us = time.ticks_us()


class Oled(framebuf.FrameBuffer):
    """What the display uses of micropython-lib's SSD1306_I2C, on the real framebuf: the frame
    buffer, write_cmd and write_data as SSD1306_I2C sends them; show() the whole buffer."""

    def __init__(self, bus, width=128, height=64):
        self.width = width
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.bus = bus
        self.cmd = bytearray(2)
        self.data = [b"\x40", None]

    def write_cmd(self, cmd):
        self.cmd[0] = 0x80
        self.cmd[1] = cmd
        self.bus.writeto(0x3C, self.cmd)

    def write_data(self, buf):
        self.data[1] = buf
        self.bus.writevto(0x3C, self.data)

    def show(self):
        for cmd in (0x21, 0, self.width - 1, 0x22, 0, self.pages - 1):
            self.write_cmd(cmd)
        self.write_data(self.buffer)


class FullRedraw(Ssd1306Display):
    """The redraw before, on the bus: a change sends the whole buffer (SSD1306_I2C.show()).
    (It drew every row too: a few framebuf calls more, not counted.)"""

    def show(self, lines):
        self._changed = False
        Ssd1306Display.show(self, lines)
        if self._changed:
            self._oled.show()

    def _send(self, row, was):
        self._changed = True


def cabinet(stations, display):
    """A cabinet of stations, each with PROP and BET keys (no long press) and an SSD1306."""
    keys = [(Key(), Key()) for _ in range(stations)]
    buttons = GpioButtons([(pin, s, name, None) for s in range(stations)
                           for pin, name in zip(keys[s], ("prop", "bet"))])
    buses = [Bus() for _ in range(stations)]
    # Betting stays open: the house does not roll the proposition bets away meanwhile.
    loop, parts, cab = rig(stations, inputs=[buttons], credits=1000, house_roll_ms=3600000,
                           displays=[display(Oled(bus)) for bus in buses],
                           sign=ConsoleDisplay("SIGN", write=lambda line: None))
    parts.signal = lambda station, name: None
    step = loop.step
    loop.steps_us = None  # a list: every step's time is added to it

    def timed_step(now_ms):  # the bench's hook: when the step that draws began, how long it took
        loop.step_us = time.ticks_us()
        step(now_ms)
        if loop.steps_us is not None:
            loop.steps_us.append(time.ticks_diff(time.ticks_us(), loop.step_us))
    loop.step = timed_step
    return loop, cab, keys, buses


async def presses(loop, cab, key, bus, s, figures):
    """PRESSES presses of key at station s, each let go once its display was written: per
    press (edge to the write's end, start of the step that wrote to its end, its bus time) in
    us, the bus time added to both; returns the bytes of the last write."""
    for i in range(PRESSES):
        await asyncio.sleep_ms(40 + i)  # the edge at a different moment of the scan each time
        bus.done_us = None
        bus_before, bytes_before = bus.bus_us, bus.bytes
        key.set(True)
        waited = 0
        while bus.done_us is None:
            await asyncio.sleep_ms(1)
            waited += 1
            assert waited < 1000, "the display did not change: %s" % (cab.panels[s].message,)
        bus_us = bus.bus_us - bus_before
        figures.append((time.ticks_diff(bus.done_us, key.edge_us) + bus_us,
                        time.ticks_diff(bus.done_us, loop.step_us) + bus_us, bus_us))
        last_bytes = bus.bytes - bytes_before
        key.set(False)
    await asyncio.sleep_ms(40)
    return last_bytes


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


async def run(stations, display, out, name):
    loop, cab, keys, buses = cabinet(stations, display)
    s = stations - 1  # the last station: its keys are scanned after every other's
    task = asyncio.create_task(loop.run(Clock(time.ticks_ms, time.ticks_diff)))
    for action, key in (("select", keys[s][0]), ("bet", keys[s][1])):
        credits = cab.table.credits[s]
        figures = []
        sent = await presses(loop, cab, key, buses[s], s, figures)
        if action == "bet":
            assert cab.table.credits[s] < credits, "the bets were refused: %s" % (
                cab.panels[s].message,)
        prefix = "feel_%dst_%s_%s_" % (stations, action, name)
        out[prefix + "ms"] = median([f[0] for f in figures]) / 1000
        out[prefix + "wait_us"] = median([f[0] - f[1] for f in figures])  # mostly the debounce
        # The same work each press; a busy machine only adds to it.
        out[prefix + "cpu_us"] = min([f[1] - f[2] for f in figures])
        out[prefix + "bus_us"] = median([f[2] for f in figures])
        out[prefix + "bytes"] = sent
    loop.steps_us = []
    await asyncio.sleep_ms(200)  # nothing pressed
    task.cancel()
    out["feel_%dst_idle_step_us" % stations] = min(loop.steps_us)  # the fastest, as cpu_us


def main():
    """argv: the number of stations, and rows or full: one cabinet a run, on a fresh heap."""
    stations, name = int(sys.argv[1]), sys.argv[2]
    out = {}
    asyncio.run(run(stations, {"rows": Ssd1306Display, "full": FullRedraw}[name], out, name))
    print(json.dumps(out))


main()
