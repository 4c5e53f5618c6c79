"""What the host asks a production board's read-only console, end to end: a production virtual
board (real MicroPython under Node behind a pty, tests/virtual_board/), flashed without the
attendant key held, so that it runs the cabinet with its read-only console.
`python -m host_tools verify` (host_tools/verify.py) asks it `verify <seed>`: a clean board
matches its build; a board whose main.py was changed and whose /signature was written again
passes its own check at boot but not this one. `python -m host_tools entropy --port` asks it
`entropy <n>` for raw ROSC bits (the virtual board's are random) and assesses them."""
import json
import os
import re
import subprocess
import sys

import pytest

from drivers import integrity
from host_tools import flash, libraries, verify
from host_tools.__main__ import main as host_tools_main
from host_tools.console import Console, ConsoleError
from host_tools.remote import Remote

from repo_modules import ROOT, load

VirtualBoard = load("virtual_board_fixture", "tests", "virtual_board", "fixture.py").VirtualBoard
NAME = "virtual-production"
# What a tamperer with the board open does: change a file and a library, put another library
# in, then write /signature again.
TAMPER = ("f = open('/main.py', 'a'); f.write('# changed\\n'); f.close()\n"
          "f = open('/lib/ssd1306.mpy', 'ab'); f.write(b'changed'); f.close()\n"
          "f = open('/lib/extra.py', 'w'); f.write('x = 1\\n'); f.close()\n"
          "import os; from drivers import integrity\n"
          "f = open('/signature', 'w'); f.write(integrity.board_signature(os) + '\\n'); f.close()")


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """boards/ made a folder with a production copy of the virtual board (and another board),
    for the module; and a build folder."""
    folder = tmp_path_factory.mktemp("boards")
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        board = json.load(f)
    board.update(name=NAME, production=True, attendant_key={"pin": 22}, mip=["ssd1306"])
    board.pop("loop_ms")  # a real cabinet: it runs until it is powered off
    (folder / (NAME + ".json")).write_text(json.dumps(board))
    (folder / "other.json").write_text(json.dumps(dict(board, name="other")))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flash, "BOARDS", str(folder))
        yield str(tmp_path_factory.mktemp("verify-build"))


def production(workdir, build, tamper=None):
    """A virtual board flashed with the production build up to the reset (then, if given, the
    tamperer's code run on it), reset: it boots the cabinet, Ctrl-C closed. Its build."""
    b = flash.build(NAME, build)
    board = VirtualBoard(workdir)
    remote = Remote(board.port, timeout=60)
    for what, args, _ in flash.plan(b):
        if args == flash.RESET:
            break
        remote.run(*args, what=what)
    if tamper:
        remote.exec(tamper)
    start = len(board.console())
    remote.run(*flash.RESET)
    board.wait_for("CRAPS TERMINAL BOOT %s " % NAME, after=start, timeout=30)
    return board, b


@pytest.fixture(scope="module")
def clean(boards, tmp_path_factory):
    board, b = production(str(tmp_path_factory.mktemp("clean-board")), boards)
    yield board, b
    board.close()


def Args(port, **kw):
    args = dict(port=port, seed=None, board=None, timeout=20.0, build=None)
    args.update(kw)
    return type("Args", (), args)


def test_a_clean_board_matches_its_build_under_a_fresh_seed_each_time(clean, boards, capsys):
    board, b = clean
    assert verify.main(Args(board.port, build=boards)) == 0, capsys.readouterr()
    first = capsys.readouterr().out
    assert re.fullmatch(r"board %s on %s, seed [0-9a-f]{64}\nMATCH: %d files as built \(.*\), "
                        r"1 library files as installed\n"
                        % (NAME, re.escape(board.port), len(b.files)), first), first
    seed = "5eed" * 8
    assert verify.main(Args(board.port, seed=seed, board=NAME, build=boards)) == 0
    second = capsys.readouterr().out
    assert "seed %s\nMATCH" % seed in second
    assert first.split("seed ")[1][:64] != seed
    # What the board said, for the record: every build file's HMAC under that seed.
    key = bytes.fromhex(seed)
    files, total = verify.ask(board.port, key, 20)
    (lib, source), = libraries.board_files(["ssd1306"])[0].items()
    with open(source, "rb") as f:
        installed = {lib: verify.mac(key, f.read())}
    assert files == dict(integrity.walk(os, b.folder, key=key), **installed)
    assert total == verify.lines_mac(bytes.fromhex(seed), files)


def test_a_changed_file_with_its_signature_written_again_differs(boards, tmp_path, capsys):
    board, b = production(str(tmp_path), boards, tamper=TAMPER)
    with board:
        # The unkeyed signature is fooled: the board booted with no tilt, a new signature.
        assert "CRAPS TERMINAL TILT" not in board.console()
        booted = re.findall(r"CRAPS TERMINAL BOOT %s (\w+)" % NAME, board.console())[-1]
        assert booted != integrity.signature(b.files.items())
        assert verify.main(Args(board.port, build=boards)) == 1
        out = capsys.readouterr().out
        changed = r" is not the build's \(board [0-9a-f]{12}, build [0-9a-f]{12}\)\n"
        assert re.fullmatch(r"board %s on .*, seed [0-9a-f]{64}\nDIFFERS: /lib/ssd1306\.mpy%s"
                            r"DIFFERS: /main\.py%sDIFFERS: /lib/extra\.py is not part of the "
                            r"build\n" % (NAME, changed, changed), out), out


def test_the_entropy_assessment_reads_raw_bits_from_the_console(clean, tmp_path, capsys):
    board, _ = clean
    saved = tmp_path / "raw.bin"
    assert host_tools_main(["entropy", "--port", board.port, "--samples", "20000",
                            "--out", str(saved)]) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert out.startswith("20000 raw samples from %s (binary)" % board.port)
    assert "the cutoffs in use hold" in out  # the twin's ROSC is a good source
    s = saved.read_bytes()
    assert len(s) == 20000 and set(s) == {0, 1}
    with Console(board.port, 20) as console:  # what the board answers, as asked
        assert len(console.ask("entropy 2048")[0]) == 512
        with pytest.raises(ConsoleError) as e:
            console.ask("entropy 5")
    assert str(e.value) == "the board refused `entropy`: n is 8 to 2048 raw bits, a multiple of 8"


def host_tools(*args):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_bad_arguments_and_a_board_that_does_not_answer_are_one_line_each(tmp_path):
    bad = host_tools("verify", "--port", "/dev/null", "--seed", "abc")
    assert (bad.returncode, bad.stderr) == (2, "verify: --seed: a seed is 16 to 32 bytes in hex\n")
    gone = host_tools("verify", "--port", "/dev/no-such-port")
    assert gone.returncode == 1 and gone.stderr.startswith("verify: cannot open /dev/no-such-port")
    assert len(gone.stderr.splitlines()) == 1
    with VirtualBoard(str(tmp_path)) as board:  # no program: the REPL, no read-only console
        quiet = host_tools("verify", "--port", board.port, "--timeout", "2")
    assert quiet.returncode == 1
    assert quiet.stderr == ("verify: no answer to `verify` from %s within 2 s (a production "
                            "board running the cabinet answers it; a service board has the REPL "
                            "instead)\n" % board.port)
