"""The virtual board for tests: real MicroPython under Node (board.mjs) on the master side of a
pseudo-terminal; `board.port` is the slave side's /dev/pts path, which mpremote opens like a
board's USB serial port.

    VirtualBoard(workdir)          the board (a context manager); virtual_board: a pytest fixture
    (tests/host/test_flash.py loads this file by its path: `tests` as a package name is not safe,
    a package in the venv may have its own top-level `tests`.)

By hand: `python tests/virtual_board/fixture.py` (make virtual-board) starts one, prints its port
and runs until Ctrl-C: `make flash BOARD=virtual PORT=<that port>` from another terminal.

The test process keeps the slave side open for the board's whole life, so what the board prints
while no mpremote is connected (the boot after a reset) waits in the pty instead of failing; every
byte the board sends is also in `board.log` (console()). Node or the npm package missing is an
error, never a skip.
"""
import os
import pty
import select
import shutil
import subprocess
import time
import tty

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
BOARD_MJS = os.path.join(HERE, "board.mjs")
PACKAGE = os.path.join(HERE, "..", "mp", "node_modules", "@micropython",
                       "micropython-webassembly-pyscript", "micropython.mjs")


class BoardError(Exception):
    pass


class VirtualBoard:
    def __init__(self, workdir, raw_paste=True, pins=None, ready_s=20):
        """pins: {gpio: level} held from power-up (a key switch held: {22: 0})."""
        node = shutil.which("node")
        if node is None:
            raise BoardError("node is not installed: the virtual board runs MicroPython under "
                             "Node 20")
        if not os.path.exists(PACKAGE):
            raise BoardError("the MicroPython npm package is missing: npm ci --prefix tests/mp")
        self.log = os.path.join(workdir, "console.log")
        self.errors = os.path.join(workdir, "board.stderr")
        open(self.log, "wb").close()
        master, self.slave = pty.openpty()
        tty.setraw(self.slave)  # no echo: the board's own output must never come back to it
        os.set_blocking(master, False)  # board.mjs reads it between Python steps (Ctrl-C)
        self.port = os.ttyname(self.slave)
        cmd = [node, BOARD_MJS, "--log", self.log]
        if not raw_paste:
            cmd.append("--no-raw-paste")
        for gpio, level in sorted((pins or {}).items()):
            cmd += ["--pin", "%d=%d" % (gpio, level)]
        with open(self.errors, "wb") as err:
            self.proc = subprocess.Popen(cmd, stdin=master, stdout=subprocess.PIPE, stderr=err)
        os.close(master)
        self.started = time.monotonic()
        ready, _, _ = select.select([self.proc.stdout], [], [], ready_s)
        line = self.proc.stdout.readline() if ready else b""
        if line.strip() != b"ready":
            self.close()
            raise BoardError("the virtual board did not start: %s" % self.stderr().strip())

    def console(self):
        """Everything the board has sent to its port so far."""
        with open(self.log, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def stderr(self):
        with open(self.errors, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def wait_for(self, text, timeout=15, after=0):
        """Wait until `text` appears in the console after offset `after`; returns its end."""
        deadline = time.monotonic() + timeout
        while True:
            console = self.console()
            at = console.find(text, after)
            if at >= 0:
                return at + len(text)
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise BoardError("%r not seen on the console within %s s; it ends:\n%s\n%s" % (
                    text, timeout, console[-1500:], self.stderr()))
            time.sleep(0.05)

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()
        if self.slave is not None:
            os.close(self.slave)
            self.slave = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@pytest.fixture(scope="module")
def virtual_board(tmp_path_factory):
    try:
        board = VirtualBoard(str(tmp_path_factory.mktemp("virtual_board")))
    except BoardError as e:
        pytest.fail(str(e), pytrace=False)
    yield board
    board.close()


def main():
    import tempfile
    work = tempfile.mkdtemp(prefix="virtual-board-")
    try:
        board = VirtualBoard(work)
    except BoardError as e:
        print("virtual board: %s" % e)
        return 1
    with board:
        print("virtual board on %s (its console: %s); Ctrl-C stops it" % (board.port, board.log))
        print("  make flash BOARD=virtual PORT=%s" % board.port, flush=True)
        try:
            while board.proc.poll() is None:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
