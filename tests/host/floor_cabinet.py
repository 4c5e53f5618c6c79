"""A virtual cabinet on the floor's line for the SAS host tests: the firmware on CPython (the
loop, the cabinet and the drivers' twins, tests/drivers/loop_rig.py) with its SAS port on the
master side of a pseudo-terminal; `cabinet.port` is the slave side's path, which a SAS host
opens as its serial port.

A pty carries bytes, not a ninth bit. The host marks each message's start the way sas-comm-py
does, with a 0x80 byte before it (a whole message in one write); PtyLine gives the first byte
after that marker the wakeup bit. craps floor --wakeup prefix sends the same.
"""
import os
import pty
import sys
import threading
import time
import tty

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "drivers"))
from drivers import integrity  # noqa: E402 (the loop's rig is in tests/drivers)
from terminal.floor import FloorPort  # noqa: E402
from terminal.sas import WAKEUP  # noqa: E402
from loop_rig import rig  # noqa: E402

PREFIX = 0x80


class PtyLine:
    """The floor line's driver on a pty master: read() and write() as drivers/sas_uart.py's."""

    def __init__(self, fd):
        self.fd = fd
        self._words = []

    def read(self):
        if not self._words:
            try:
                chunk = os.read(self.fd, 256)
            except BlockingIOError:
                return None
            if chunk[:1] == bytes((PREFIX,)) and len(chunk) > 1:
                self._words = [WAKEUP | chunk[1]] + list(chunk[2:])
            else:
                self._words = list(chunk)
        return self._words.pop(0) if self._words else None

    def write(self, data):
        os.write(self.fd, bytes(data))


class FloorCabinet:
    """The cabinet, stepped every 5 ms in a thread (fake time: 5 ms a step) until close().
    program: the folder whose files the ROM signature covers (integrity.verify's root)."""

    def __init__(self, program, address=1, stations=1):
        master, slave = pty.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self.port = os.ttyname(slave)
        self._fds = (master, slave)
        floor = FloorPort(PtyLine(master), address,
                          lambda key: integrity.verify(os, key, root=program))
        self.loop, self.parts, self.cabinet = rig(stations=stations, credits=100, floor=floor)
        self.lock = threading.Lock()  # held by a test that changes the cabinet
        self.now = 0
        self._running = True
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while self._running:
            with self.lock:
                self.now += 5
                self.loop.step(self.now)
            time.sleep(0.005)

    def send(self, event):
        """An event to the cabinet, between two steps (a door switch, a key)."""
        with self.lock:
            self.loop.send(event, self.now)

    def close(self):
        self._running = False
        self._thread.join()
        for fd in self._fds:
            os.close(fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
