# A SAS host we did not write (sas-comm-py, PyPI) on the floor line of a virtual cabinet
# (tests/host/floor_cabinet.py: the firmware on CPython, its SAS port on a pty): it reads the
# meters, sees the door open and a handpay, disables and enables play, and checks the program's
# ROM signature against the host's own computation over the same files.
#
# sas-comm-py 0.1.0 as published: its SlotMachine constructor calls get_serial_number(), which
# the class does not define (an AttributeError), so the host here defines it; it has no general
# poll (every message it sends is a long poll), so the exceptions are read with a general poll
# written on its own serial port; it marks a message's start with a 0x80 byte, not the ninth
# bit (floor_cabinet.PtyLine reads that).
import binascii
import os
import time

import pytest
from sas_comm_py import SlotMachine

from drivers import integrity
from floor_cabinet import FloorCabinet, PREFIX
from host_tools.verify import lines_mac
from terminal.cabinet import FLOOR_OFF
from terminal.events import DOOR, PRESS, RELEASE
from terminal.floor import rom_signature

ADDRESS = 1


class Host(SlotMachine):
    def get_serial_number(self):  # (called by the constructor; 0.1.0 does not define it)
        return ""

    def exception(self):
        """A general poll: the exception code the cabinet answers with."""
        self.port.write(bytes((PREFIX, 0x80 | self.address)))
        answer = self.port.read(1)
        assert len(answer) == 1, "no answer to a general poll"
        return answer[0]

    def exceptions(self):
        out = []
        while True:
            code = self.exception()
            if code == 0:
                return out
            out.append(code)

    def meters(self):
        """0x1C's eight meters."""
        r = self.write_type_R(0x1C, length_to_read=32)
        assert r, "no answer to 0x1C"
        return [int("".join(r.data[i:i + 4])) for i in range(0, 32, 4)]


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    folder = tmp_path_factory.mktemp("program")
    for name, text in (("main.py", "print('craps')\n"), ("board.json", "{}\n")):
        (folder / name).write_text(text)
    os.mkdir(folder / "terminal")
    (folder / "terminal" / "cabinet.py").write_text("# the cabinet\n")
    return str(folder)


@pytest.fixture(scope="module")
def floor(program):
    with FloorCabinet(program, ADDRESS) as cabinet:
        host = Host(cabinet.port, address=ADDRESS)
        yield cabinet, host
        host.port.close()


def test_the_host_reads_the_meters(floor):
    cabinet, host = floor
    counts = cabinet.cabinet.meters.counts
    coin_in, coin_out, drop, jackpot, played, won, door, power = host.meters()
    assert (coin_in, played, door, power) == (counts["wagered"], counts["games"],
                                              counts["door_openings"], counts["power_ups"])
    r = host.write_type_R(0x1A, length_to_read=4)  # current credits
    assert int("".join(r.data)) == sum(cabinet.cabinet.table.credits) == 100


def test_the_host_sees_the_door_open(floor):
    cabinet, host = floor
    host.exceptions()
    cabinet.send((DOOR, True))
    time.sleep(0.05)
    cabinet.send((DOOR, False))
    assert host.exceptions()[:2] == [0x11, 0x12]
    assert host.meters()[6] == 1  # slot door opened


def test_the_host_sees_a_handpay_and_resets_it(floor):
    cabinet, host = floor
    cabinet.send(("key", True))  # the door's tilt cleared, as the attendant would
    cabinet.send(("key", False))
    host.exceptions()
    cabinet.send((PRESS, 0, "cash_out"))
    cabinet.send((RELEASE, 0, "cash_out"))
    assert 0x51 in host.exceptions()
    info = host.write_type_R(0x1B, length_to_read=20)
    assert info.data[:2] == ["00", "80"] and int("".join(info.data[2:7])) == 100
    reset = host.write(0x94, poll_type="S", length_to_read=1)
    assert reset.data == ["00"]
    assert host.exceptions() == [0x52]
    assert cabinet.cabinet.panels[0].handpay == 0


def test_the_host_disables_and_enables_play(floor):
    cabinet, host = floor
    ack = host.write(0x01, poll_type="S", response_type="ack_nack")
    assert ack.ack_nack == bytes((ADDRESS,))
    time.sleep(0.05)
    assert cabinet.cabinet.floor_off and cabinet.cabinet.headline() == FLOOR_OFF
    ack = host.write(0x02, poll_type="S", response_type="ack_nack")
    assert ack.ack_nack == bytes((ADDRESS,))
    time.sleep(0.05)
    assert not cabinet.cabinet.floor_off


def test_the_host_verifies_the_rom_signature(floor, program):
    cabinet, host = floor
    host.exceptions()
    seed = bytes((0xA5, 0x3C))
    ack = host.write(0x21, optional_data=list(seed), poll_type="S", response_type="ack_nack")
    assert ack.ack_nack == bytes((ADDRESS,))
    files = dict(integrity.walk(os, program, key=seed))  # the host's own, as verify does
    expected = rom_signature(seed, lines_mac(seed, files))
    for _ in range(20):
        time.sleep(0.05)
        host.port.write(bytes((PREFIX, 0x80 | ADDRESS)))
        answer = host.read(b"\x21", length_to_read=2)
        if answer:
            break
    assert answer, "no ROM signature"
    got = int(answer.data[0], 16) | int(answer.data[1], 16) << 8
    assert got == expected, (binascii.hexlify(seed), got, expected)
