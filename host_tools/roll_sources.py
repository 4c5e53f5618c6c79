"""Where rngtest's rolls come from: the firmware's own RNG path on this host, a connected board
over mpremote, or a file of recorded rolls (a shaker's log). Each gives rolls in chunks."""
import os

OPENING = 8  # rolls kept from each start-up (16 faces: 6^16 = 2.8e12 openings)
BOARD_CHUNK = 10000  # rolls per mpremote call from a board
BOARD_STARTS_CHUNK = 200  # start-ups per mpremote call from a board
BOARD_TIMEOUT_S = 300.0  # seconds one mpremote call may take before the board counts as lost


class BadInput(Exception):
    """The battery cannot run on this input (exit 2); the message is one line."""


class SourceFault(Exception):
    """The RNG itself failed (its health tests tripped): a failed certification (exit 1)."""


def host_rolls(n, read_bytes=os.urandom, chunk=10000):
    """n rolls from the production path on this host, RngDice(StreamBits(read_bytes)), in
    lists of up to `chunk`. A health-test failure (at start-up, which the first dice() call
    runs, or later) raises SourceFault."""
    from drivers.entropy import StreamBits
    from drivers.rng_dice import RngDice, RngFailure
    dice = RngDice(StreamBits(read_bytes))
    left = n
    while left > 0:
        k = min(chunk, left)
        try:
            yield dice.dice(k)
        except RngFailure as e:
            raise SourceFault(str(e))
        left -= k


def host_openings(m, read_bytes_for=lambda i: os.urandom):
    """m fresh start-ups of the host path, the first OPENING rolls of each; read_bytes_for(i)
    is start-up i's byte source."""
    from drivers.entropy import StreamBits
    from drivers.rng_dice import RngDice, RngFailure
    out = []
    for i in range(m):
        try:
            out.append(tuple(RngDice(StreamBits(read_bytes_for(i))).dice(OPENING)))
        except RngFailure as e:
            raise SourceFault("start-up %d: %s" % (i + 1, e))
    return out


def parse_rolls(lines, name="the file"):
    """Rolls from text lines: `d1 d2` (or `d1,d2`) a line, faces 1-6; `#` starts a comment;
    blank lines are skipped. A line that is not a roll raises BadInput naming its number."""
    rolls = []
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].replace(",", " ").split()
        if not text:
            continue
        if len(text) == 2 and text[0] in "123456" and text[1] in "123456" \
                and len(text[0]) == 1 and len(text[1]) == 1:
            rolls.append((int(text[0]), int(text[1])))
            continue
        raise BadInput("%s line %d: %r is not a roll (two faces 1-6, like '3 4')"
                       % (name, number, line.rstrip("\r\n")[:60]))
    return rolls


def file_rolls(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return parse_rolls(f, path)
    except OSError as e:
        raise BadInput("cannot read %s: %s" % (path, e.strerror or e))


# The board side, run by mpremote in the board's REPL: the production path as
# drivers/hardware.py builds it (RngDice over RoscBits(machine.mem32)), printing each roll as
# two digits, up to 200 rolls a line (a list of 200 tuples is a few KB of the board's heap).
BOARD_SETUP = """\
import machine
from drivers.entropy import RoscBits
from drivers.rng_dice import RngDice, RngFailure
def _rngtest_print(d, n):
    while n > 0:
        k = 200 if n > 200 else n
        try:
            rolls = d.dice(k)
        except RngFailure as e:
            print('RNG FAULT:', e)
            return
        print(''.join(['%d%d' % r for r in rolls]))
        n -= k
def _rngtest_starts(m, opening):
    for _ in range(m):
        _rngtest_print(RngDice(RoscBits(machine.mem32)), opening)
_rngtest = RngDice(RoscBits(machine.mem32))
"""


def parse_board(text):
    """Rolls from what the board printed; 'RNG FAULT: ...' raises SourceFault."""
    rolls = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("RNG FAULT:"):
            raise SourceFault(line[len("RNG FAULT:"):].strip())
        if len(line) % 2 or line.strip("123456"):
            raise BadInput("the board printed something that is not dice: %r" % line[:60])
        rolls.extend((int(line[i]), int(line[i + 1])) for i in range(0, len(line), 2))
    return rolls


class Board:
    """A connected board over host_tools.remote (mpremote in a subprocess). The first call
    soft-resets the board and defines the loop; the others `resume`, keeping its RngDice."""

    def __init__(self, port):
        from host_tools.remote import Remote
        self.remote = Remote(port, timeout=BOARD_TIMEOUT_S)
        self.ready = False

    def run(self, call):
        from host_tools.remote import RemoteError
        try:
            if not self.ready:
                out = self.remote.run("exec", BOARD_SETUP + call, what="rngtest on the board")
                self.ready = True
            else:
                out = self.remote.run("resume", "exec", call, what="rngtest on the board")
        except RemoteError as e:
            raise BadInput(str(e))
        return parse_board(out)

    def rolls(self, n, chunk=BOARD_CHUNK):
        left = n
        while left > 0:
            k = min(chunk, left)
            rolls = self.run("_rngtest_print(_rngtest, %d)\n" % k)
            if len(rolls) != k:
                raise BadInput("the board sent %d rolls, not %d" % (len(rolls), k))
            yield rolls
            left -= k

    def openings(self, m, chunk=BOARD_STARTS_CHUNK):
        out = []
        while len(out) < m:
            k = min(chunk, m - len(out))
            rolls = self.run("_rngtest_starts(%d, %d)\n" % (k, OPENING))
            if len(rolls) != k * OPENING:
                raise BadInput("the board sent %d rolls, not %d" % (len(rolls), k * OPENING))
            out.extend(tuple(rolls[i:i + OPENING]) for i in range(0, len(rolls), OPENING))
        return out
