"""The bench's SAS poller: `python -m host_tools floor --port P [--address N]`, an operator's first
check of a cabinet's floor port before the floor system is wired. It asks what a floor system
asks (docs/sas.md): the machine's ID and information, the meters, the credits, then general
polls for the exceptions queued (the first is power applied), each printed with its name.

The host sets the ninth (wakeup) bit on the first byte of each message. On an RS-232 adapter it
is the parity bit: mark parity for that byte, space for the rest (--wakeup parity, pyserial's
PARITY_MARK and PARITY_SPACE, which Linux adapters take). A pty has no parity bit: --wakeup
prefix sends a 0x80 byte before each message instead, as the virtual cabinet of the tests reads
(tests/host/floor_cabinet.py) and sas-comm-py sends.

Exit status: 0 the cabinet answered, 1 it did not (or its answer's CRC was wrong), 2 bad
arguments.
"""
import binascii
import sys

from terminal import sas_watch
from terminal.sas import crc16, with_crc, from_bcd

PREFIX = 0x80
EXCEPTIONS = {sas_watch.DOOR_OPENED: "slot door opened", sas_watch.DOOR_CLOSED: "slot door closed",
              sas_watch.POWER_APPLIED: "power applied", sas_watch.GENERAL_TILT: "general tilt",
              sas_watch.HANDPAY_PENDING: "handpay pending",
              sas_watch.HANDPAY_RESET: "handpay reset", sas_watch.GAME_STARTED: "game started",
              sas_watch.GAME_ENDED: "game ended",
              sas_watch.BUFFER_OVERFLOW: "exception buffer overflow (some were lost)"}
METERS = ("coin in", "coin out", "drop", "jackpot", "games played", "games won",
          "slot door opened", "power reset")  # 0x1C's, in order


class FloorError(Exception):
    """The cabinet did not answer as SAS says; the message is one line."""


class Link:
    """A SAS host on a pyserial port (19,200 baud, 8 data bits and the wakeup bit)."""

    def __init__(self, port, wakeup):
        self.port = port
        self.wakeup = wakeup

    def send(self, message):
        if self.wakeup == "prefix":
            self.port.write(bytes((PREFIX,)) + message)
            return
        import serial
        self.port.parity = serial.PARITY_MARK
        self.port.write(message[:1])
        self.port.flush()
        self.port.parity = serial.PARITY_SPACE
        self.port.write(message[1:])

    def general_poll(self, address):
        self.send(bytes((0x80 | address,)))
        answer = self.port.read(1)
        if len(answer) != 1:
            raise FloorError("no answer to a general poll of address %d" % address)
        return answer[0]

    def long_poll(self, address, command, length, data=b""):
        """The reply's data (length bytes) to a long poll; a poll with data goes with its CRC."""
        message = bytes((address, command)) + data
        self.send(with_crc(message) if data else message)
        answer = self.port.read(2 + length + 2)
        if len(answer) != 2 + length + 2 or answer[:2] != message[:2] or crc16(answer):
            raise FloorError("poll 0x%02X: %s, not %d bytes with a good CRC" % (
                command, binascii.hexlify(answer).decode() or "no answer", length + 4))
        return answer[2:-2]


def report(link, address, polls, out):
    info = link.long_poll(address, 0x1F, 20)
    out.write("cabinet %d: game %s, paytable %s, denomination code %d, max bet %d\n" % (
        address, info[:2].decode(), info[10:16].decode().strip(), info[5], info[6]))
    meters = link.long_poll(address, 0x1C, 32)
    extra = (("cancelled credits", 0x10), ("current credits", 0x1A))
    for i, name in enumerate(METERS):
        out.write("  %-18s %d\n" % (name, from_bcd(meters[4 * i:4 * i + 4])))
    for name, command in extra:
        out.write("  %-18s %d\n" % (name, from_bcd(link.long_poll(address, command, 4))))
    seen = [link.general_poll(address) for _ in range(polls)]
    events = [c for c in seen if c]
    out.write("exceptions (%d general polls): %s\n" % (polls, "; ".join(
        "0x%02X %s" % (c, EXCEPTIONS.get(c, "?")) for c in events) or "none"))


def add_arguments(p):
    p.add_argument("--port", required=True, help="the serial port of the floor line")
    p.add_argument("--address", type=int, default=1, help="the cabinet's SAS address (1-127)")
    p.add_argument("--wakeup", choices=("parity", "prefix"), default="parity",
                   help="how the wakeup bit is sent: parity (an RS-232 adapter, default) or "
                   "prefix (a 0x80 byte first: a pty, the virtual cabinet)")
    p.add_argument("--polls", type=int, default=25,
                   help="general polls for the exceptions (default 25)")
    p.add_argument("--timeout", type=float, default=1.0,
                   help="seconds the cabinet may take to answer a poll (default 1)")


def main(args, out=None, err=None):
    out, err = out or sys.stdout, err or sys.stderr
    if not 1 <= args.address <= 127 or args.polls < 0:
        err.write("floor: --address is 1 to 127 and --polls 0 or more\n")
        return 2
    import serial
    try:
        port = serial.Serial(args.port, 19200, timeout=args.timeout)
    except (serial.SerialException, OSError) as e:
        err.write("floor: %s\n" % e)
        return 1
    with port:
        try:
            report(Link(port, args.wakeup), args.address, args.polls, out)
        except FloorError as e:
            err.write("floor: %s\n" % e)
            return 1
    return 0
