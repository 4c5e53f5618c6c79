# What the floor port costs a loop step, on MicroPython's unix port (from source: a heap to
# compile it in, not the chip's):
#   MICROPYPATH=firmware:tests/engine:tests/drivers .venv/bin/micropython -X heapsize=2000000 \
#       tests/mp/bench_floor.py
# The median microseconds of a loop step of a 1-station cabinet without the port, with it and
# the line idle, and with a general poll or a 0x1C meters poll to answer (docs/sas.md). Unix-port
# time, not chip time: the ratio between them is what it says.
import json
import time

from drivers.sas_uart import SasUartTwin
from loop_rig import rig
from terminal.floor import FloorPort
from terminal.sas import WAKEUP

STEPS = 401


def median_step_us(floor=None, words=()):
    loop, parts, cabinet = rig(stations=1, floor=floor)
    times = []
    now = 0
    for _ in range(STEPS):
        now += 5
        if floor is not None and words:
            floor.uart.feed(words)
        start = time.ticks_us()
        loop.step(now)
        times.append(time.ticks_diff(time.ticks_us(), start))
        if floor is not None:
            floor.uart.take()
    times.sort()
    return times[STEPS // 2]


def port():
    return FloorPort(SasUartTwin(), 1, lambda key: iter(("0" * 64,)))


figures = {"step_us": median_step_us(), "idle_port_step_us": median_step_us(port()),
           "general_poll_step_us": median_step_us(port(), (WAKEUP | 0x81,)),
           "meters_poll_step_us": median_step_us(port(), (WAKEUP | 1, 0x1C))}
print(json.dumps(figures))
