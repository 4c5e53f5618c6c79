# craps floor: the bench's SAS poller against the virtual cabinet's floor port on a pty.
import argparse

import pytest

from floor_cabinet import FloorCabinet
from host_tools import floor
from terminal.events import DOOR


def run(port, *extra):
    p = argparse.ArgumentParser()
    floor.add_arguments(p)
    args = p.parse_args(["--port", port, "--wakeup", "prefix"] + list(extra))
    out, err = _Text(), _Text()
    return floor.main(args, out, err), out.text, err.text


class _Text:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s


@pytest.fixture(scope="module")
def cabinet(tmp_path_factory):
    with FloorCabinet(str(tmp_path_factory.mktemp("program")), address=3) as c:
        yield c


def test_it_prints_the_id_the_meters_and_the_exceptions(cabinet):
    cabinet.send((DOOR, True))
    code, out, err = run(cabinet.port, "--address", "3", "--polls", "6")
    assert (code, err) == (0, "")
    assert "cabinet 3: game CR, paytable CRAPS, denomination code 1, max bet 255" in out
    assert "  current credits    100\n" in out
    assert "  slot door opened   1\n" in out
    assert "0x17 power applied; 0x11 slot door opened\n" in out  # (its tilt: no general tilt)


def test_a_cabinet_that_does_not_answer_is_one_line(cabinet):
    code, out, err = run(cabinet.port, "--address", "4", "--timeout", "0.2")
    assert code == 1
    assert err == "floor: poll 0x1F: no answer, not 24 bytes with a good CRC\n"


def test_a_bad_address_is_refused():
    assert run("/dev/null", "--address", "0")[0] == 2
