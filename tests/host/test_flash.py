"""The flash tool (host_tools/flash.py, host_tools/remote.py) end to end: real mpremote against the
virtual board (real MicroPython under Node behind a pty, tests/virtual_board/), plus the errors
a person meets: no such board, no port, a port that is not MicroPython. Node missing fails these
tests; nothing here is skipped."""
import hashlib
import io
import json
import os
import pty
import re
import subprocess
import sys
import threading
import time
import tty

import pytest

from host_tools import FIRMWARE, flash, libraries, signature
from host_tools.remote import (SERVICE_MODE, BoardCommandFailed, BoardLost, NoPortFound,
                               NotMicroPython, Remote, installed)

from repo_modules import ROOT, load


_board = load("virtual_board_fixture", "tests", "virtual_board", "fixture.py")
VirtualBoard = _board.VirtualBoard
virtual_board = _board.virtual_board  # the module-scoped fixture
PY = sys.executable


def host_tools(*args, timeout=120, env=None):
    started = time.monotonic()
    result = subprocess.run([PY, "-m", "host_tools"] + list(args), cwd=ROOT, capture_output=True,
                            text=True, timeout=timeout, env=env)
    result.elapsed = time.monotonic() - started
    return result


def mpremote(board, *args):
    return subprocess.run([PY, "-m", "mpremote", "connect", board.port] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def build_signature(root, name):
    folder = os.path.join(root, name)
    pairs = []
    for top, dirs, files in os.walk(folder):
        for f in files:
            path = os.path.join(top, f)
            pairs.append(("/" + os.path.relpath(path, folder).replace(os.sep, "/"),
                          signature.file_hash(path)))
    return signature.signature(pairs)


def one_line(text):
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """This run's own build folder (--build): another test run may be flashing at the same time."""
    return str(tmp_path_factory.mktemp("flash-build"))


def Args(**kw):
    args = dict(port=None, dry_run=False, verify=False, timeout=60.0, clear_memory=False,
                out=None)
    args.update(kw)
    return type("Args", (), args)


def board_file(folder, monkeypatch, name, drop=(), **changes):
    """boards/virtual.json as NAME, changed, in folder, which becomes the flash tool's boards/."""
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        board = json.load(f)
    board.update(name=name, **changes)
    for key in drop:
        board.pop(key)
    with open(os.path.join(str(folder), name + ".json"), "w") as f:
        json.dump(board, f)
    monkeypatch.setattr(flash, "BOARDS", str(folder))
    return board


def set_up(board, name):
    """The records of a cabinet the attendant has set up (boards/NAME.json), written into the
    board's /data: the virtual board's key cannot be turned while its program runs."""
    from drivers.storage import MemoryStorage
    from terminal.events import PERSIST
    from terminal.memory import CriticalMemory
    from terminal.settings import from_board
    from terminal.startup import start
    with open(os.path.join(ROOT, "boards", name + ".json")) as f:
        settings = from_board(json.load(f))
    memory = CriticalMemory(MemoryStorage())
    for effect in start(settings, memory, (), 0, demo=True)[1]:
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])
    code = "import binascii\n" + "".join(
        "open('/data/%s', 'wb').write(binascii.unhexlify('%s'))\n" % (n, data.hex())
        for n, data in sorted(memory.storage.files.items()))
    done = mpremote(board, "exec", code)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def flashed(virtual_board, build):
    """`python -m host_tools flash --board virtual --port <the virtual board>`, once."""
    result = host_tools("flash", "--board", "virtual", "--port", virtual_board.port,
                        "--build", build)
    assert result.returncode == 0, result.stdout + result.stderr + virtual_board.console()[-3000:]
    print("\nflash to the virtual board: %.1f s" % result.elapsed)
    return result


# -- end to end on the virtual board ------------------------------------------------------------

def test_the_build_carries_the_help_pages_for_the_boards_house_rules(build):
    b = flash.build("virtual", build)
    with open(os.path.join(b.folder, flash.HELP_FILE)) as f:
        pages = json.load(f)
    assert ["PLACE 6/8", "PAYS 7:6", "HOUSE EDGE 1.52%", "FULL PAY IN 6"] in pages


def test_flash_deploys_signs_verifies_and_boots(virtual_board, flashed, build):
    value = re.search(r"^program signature: ([0-9a-f]{64})$", flashed.stdout, re.M).group(1)
    assert value == build_signature(build, "virtual")  # the board's files are the build's, to the byte
    assert "verified: " in flashed.stdout
    # The board booted twice: after the reset the check broke into (Ctrl-C), and after the last
    # reset, which started the cabinet. The boot line carries the signature written at flashing.
    boot = "CRAPS TERMINAL BOOT virtual %s" % value
    end = virtual_board.wait_for(boot, after=virtual_board.wait_for(boot))
    # The virtual board's file has loop_ms: the cabinet runs that long, then the REPL is back.
    virtual_board.wait_for('Type "help()" for more information.', after=end)
    status = mpremote(virtual_board, "resume", "exec", "print(repr(STATUS))")
    assert status.returncode == 0, status.stdout + status.stderr
    status = eval(status.stdout.strip())
    assert status["board"] == "virtual" and status["signature"] == value
    assert status["phase"] and status["credits"] and "tilt" not in status
    assert "CRAPS TERMINAL TILT" not in virtual_board.console()  # the files are the signed ones
    assert "program checked in %d ms" % status["check_ms"] in virtual_board.console()
    print("\nthe signature check at boot (MicroPython, WebAssembly on this PC, not the chip): "
          "%d ms" % status["check_ms"])
    listing = mpremote(virtual_board, "exec", "print(open('/board.json').read())").stdout
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        assert json.loads(listing) == json.load(f)


def test_a_tampered_file_fails_verification_and_flashing_repairs_it(virtual_board, flashed, build):
    value = re.search(r"program signature: (\w+)", flashed.stdout).group(1)
    good = host_tools("flash", "--board", "virtual", "--port", virtual_board.port, "--verify",
                      "--build", build)
    assert good.returncode == 0, good.stderr
    assert "program signature: %s" % value in good.stdout

    tamper = mpremote(virtual_board, "exec",
                      "f = open('/main.py', 'a'); f.write('# x'); f.close()\n"
                      "f = open('/extra.py', 'w'); f.write('X = 1'); f.close()\n"
                      "f = open('/data/meters.test', 'w'); f.write('kept'); f.close()")
    assert tamper.returncode == 0, tamper.stdout + tamper.stderr
    bad = host_tools("flash", "--board", "virtual", "--port", virtual_board.port, "--verify",
                     "--build", build)
    assert bad.returncode == 1
    assert re.fullmatch(r"flash: verification failed: /main\.py is not the build's \(board "
                        r"[0-9a-f]{12}, build [0-9a-f]{12}\) \(and 1 more\)",
                        one_line(bad.stderr)), bad.stderr
    listing = {"/main.py": "0" * 64, "/extra.py": "2" * 64, "/lib/x.mpy": "3" * 64}
    assert flash.compare(listing, {"/main.py": "1" * 64, "/b.mpy": "4" * 64}) == [
        "/b.mpy is missing", "/main.py is not the build's (board 000000000000, build 111111111111)",
        "/extra.py is not part of the build"]

    again = host_tools("flash", "--board", "virtual", "--port", virtual_board.port,
                       "--build", build)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "program signature: %s" % value in again.stdout  # /extra.py removed, /main.py redone
    kept = mpremote(virtual_board, "exec", "print(open('/data/meters.test').read())")
    assert kept.stdout.strip() == "kept"  # the cabinet's storage outlives a flash


def change_one_byte(board, path, build_file):
    """Flip one byte in the middle of a file on the board; its bytes now, as the board has them."""
    with open(build_file, "rb") as f:
        data = bytearray(f.read())
    at = len(data) // 2
    data[at] ^= 0xFF
    done = mpremote(board, "exec", "f = open(%r, 'r+b'); f.seek(%d); f.write(bytes([%d])); "
                    "f.close()" % (path, at, data[at]))
    assert done.returncode == 0, done.stdout + done.stderr
    digest = mpremote(board, "sha256sum", ":" + path).stdout.split()[-1]
    assert digest == hashlib.sha256(bytes(data)).hexdigest()
    return bytes(data)


def test_one_changed_byte_is_a_tilt_that_shows_the_signature(virtual_board, flashed, build):
    """At boot the board hashes its files (firmware/drivers/integrity.py) and compares with
    /signature: one byte changed in a module and the game does not start; the console, the sign
    and errors.log show the signature the files have and the one signed; a reset does not clear
    it (here a service board: it then returns to the REPL); reflashing does."""
    value = re.search(r"program signature: (\w+)", flashed.stdout).group(1)
    b = flash.build("virtual", build)
    data = change_one_byte(virtual_board, "/craps/table.mpy",
                           os.path.join(b.folder, "craps", "table.mpy"))
    files = dict(b.files, **{"/craps/table.mpy": hashlib.sha256(data).hexdigest()})
    computed = signature.signature(files.items())
    assert computed != value
    reason = "PROGRAM SIGNATURE %s EXPECTED %s" % (computed, value)
    for _ in range(2):  # a reset is no cure
        start = len(virtual_board.console())
        assert mpremote(virtual_board, "reset").returncode == 0
        end = virtual_board.wait_for("CRAPS TERMINAL TILT " + reason, after=start)
        virtual_board.wait_for("[SIGN] SIG %s | WAS %s | TILT: PROGRAM CHANGED" % (
            computed[:12], value[:12]), after=end)
        virtual_board.wait_for('Type "help()" for more information.', after=end)
        assert "CRAPS TERMINAL BOOT" not in virtual_board.console()[start:]
    status = mpremote(virtual_board, "resume", "exec", "print(repr(STATUS))")
    assert status.returncode == 0, status.stdout + status.stderr
    status = eval(status.stdout.strip())
    assert status["tilt"] == reason and status["signature"] == value
    assert "phase" not in status  # the cabinet never ran
    log = mpremote(virtual_board, "exec", "print(open('/data/errors.log').read())").stdout
    assert log.count("TILT " + reason) == 2

    start = len(virtual_board.console())
    again = host_tools("flash", "--board", "virtual", "--port", virtual_board.port,
                       "--build", build)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "program signature: %s" % value in again.stdout
    virtual_board.wait_for("CRAPS TERMINAL BOOT virtual %s" % value, after=start)
    assert "CRAPS TERMINAL TILT" not in virtual_board.console()[start:]


def test_a_changed_production_board_stays_stopped_with_ctrl_c_closed(build, tmp_path):
    """In production the tilt holds: Ctrl-C closed, the puck's tilt blinking, the watchdog fed
    (here 1 s: unfed, it would reset the board). The change: /board.json made "production" after
    it was signed."""
    with VirtualBoard(str(tmp_path)) as board:
        done = host_tools("flash", "--board", "virtual", "--port", board.port, "--build", build)
        assert done.returncode == 0, done.stdout + done.stderr
        value = re.search(r"program signature: (\w+)", done.stdout).group(1)
        with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
            changed = json.load(f)
        changed.update(production=True, watchdog_ms=1000)
        changed.pop("loop_ms")
        text = json.dumps(changed)
        files = dict(flash.build("virtual", build).files,
                     **{"/board.json": hashlib.sha256(text.encode()).hexdigest()})
        computed = signature.signature(files.items())
        write = mpremote(board, "exec", "f = open('/board.json', 'w'); f.write(%r); f.close()"
                         % text)
        assert write.returncode == 0, write.stdout + write.stderr
        start = len(board.console())
        assert mpremote(board, "reset").returncode == 0
        line = "CRAPS TERMINAL TILT PROGRAM SIGNATURE %s EXPECTED %s" % (computed, value)
        end = board.wait_for(line, after=start)
        board.wait_for("[SIGN] SIG %s | WAS %s | TILT: PROGRAM CHANGED" % (
            computed[:12], value[:12]), after=end)
        with pytest.raises(NotMicroPython):
            Remote(board.port, timeout=3).exec("print('broke in')")
        console = board.console()
        assert console.count(line) == 1, console[start:]  # no watchdog reset
        assert "CRAPS TERMINAL BOOT" not in console[start:]
        assert "broke in" not in console[end:] and "REPL" not in console[end:], console[end:]


def test_the_flash_tools_resets_are_logged_as_planned_not_as_watchdog_resets(build, tmp_path):
    """machine.reset() restarts an rp2 through the watchdog (and the virtual board): before each
    of its resets the flash tool leaves the firmware's planned-reset marker
    (firmware/drivers/watchdog.py), so the boots it causes log "planned reset"; a plain
    `mpremote reset` still logs "watchdog"."""
    def causes(board):
        log = mpremote(board, "exec", "print(open('/data/resets.log').read())")
        assert log.returncode == 0, log.stdout + log.stderr
        return log.stdout.splitlines()

    with VirtualBoard(str(tmp_path)) as board:
        done = host_tools("flash", "--board", "virtual", "--port", board.port, "--build", build)
        assert done.returncode == 0, done.stdout + done.stderr
        boot = "CRAPS TERMINAL BOOT virtual "  # twice: after each reset (as above)
        end = board.wait_for("reset cause: planned reset",
                             after=board.wait_for(boot, after=board.wait_for(boot)))
        assert "reset cause: watchdog" not in board.console()
        flashed = causes(board)
        assert flashed and set(flashed) == {"planned reset"}, flashed
        listing = mpremote(board, "exec", "import os; print(os.listdir('/data'))").stdout
        assert "resets.log" in listing and "reset.planned" not in listing  # the boot took it
        assert mpremote(board, "reset").returncode == 0
        board.wait_for("reset cause: watchdog", after=end)
        assert causes(board) == ["watchdog"] + flashed


def test_flash_installs_the_boards_packages_with_mip(virtual_board, flashed, build, tmp_path,
                                                     monkeypatch, capsys):
    """A board file's "mip" may name a local package.json (no internet needed): installed into
    /lib, signed with the program, checked after the reset."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "tinylib.py").write_text("ANSWER = 42\n")
    (tmp_path / "pkg" / "package.json").write_text(json.dumps(
        {"urls": [["tinylib.py", "tinylib.py"]], "version": "1.0"}))
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        board = json.load(f)
    board.update(name="virtual-mip", loop_ms=300, mip=[str(tmp_path / "pkg" / "package.json")])
    (tmp_path / "virtual-mip.json").write_text(json.dumps(board))
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    args = Args(board="virtual-mip", port=virtual_board.port, build=build, clear_memory=True,
                out=str(tmp_path / "memory"))  # the memory of the board "virtual" before
    start = len(virtual_board.console())
    assert flash.main(args) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert "install %s" % board["mip"][0] in out
    assert "verified: " in out and ", 1 library files" in out
    value = re.search(r"program signature: (\w+)", out).group(1)
    lib = ("/lib/tinylib.py", signature.file_hash(str(tmp_path / "pkg" / "tinylib.py")))
    b = flash.build("virtual-mip", build)
    assert value == signature.signature(list(b.files.items()) + [lib])
    virtual_board.wait_for("CRAPS TERMINAL BOOT virtual-mip %s" % value, after=start)


def test_a_production_board_is_flashed_in_service_mode_only(build, tmp_path, monkeypatch,
                                                            capsys):
    """In production Ctrl-C is off (firmware/main.py) and mpremote cannot break into the running
    cabinet after the reset, unless the attendant key was held at power-up (service mode); the
    console answers `meters` and `signature` only."""
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        board = json.load(f)
    board.update(name="virtual-production", production=True, attendant_key={"pin": 22})
    board.pop("loop_ms", None)  # a real cabinet: it runs until something breaks in
    (tmp_path / "virtual-production.json").write_text(json.dumps(board))
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    args = Args(board="virtual-production", timeout=3.0, build=build)
    (tmp_path / "held").mkdir()
    (tmp_path / "plain").mkdir()
    with VirtualBoard(str(tmp_path / "held"), pins={22: 0}) as held:
        args.port = held.port
        assert flash.main(args) == 0, capsys.readouterr()
        held.wait_for("CRAPS TERMINAL BOOT virtual-production ")
    capsys.readouterr()
    with VirtualBoard(str(tmp_path / "plain")) as plain:
        args.port = plain.port
        assert flash.main(args) == 1
        said = capsys.readouterr()
        assert said.out.splitlines()[1] == (
            "virtual-production is a production board: its console is closed unless it powered "
            "up in service mode: " + SERVICE_MODE + ", until flashing is done")
        assert one_line(said.err) == (
            "flash: the board did not let mpremote in within %d s of the reset (during check "
            "after the reset) (its firmware may have Ctrl-C turned off: production mode; service "
            "mode lets mpremote in: %s)" % (flash.RECONNECT_S, SERVICE_MODE))
        # What its USB console still does: answer the two read-only questions, and nothing else.
        at = len(plain.console())
        os.write(plain.slave, b"meters\r\nimport machine\r\n")
        plain.wait_for('CRAPS METERS {"', after=at)
        plain.wait_for("CRAPS READ-ONLY: ask entropy or meters or signature or verify", after=at)


def test_dry_run_prints_the_exact_commands_and_touches_no_board(build):
    result = host_tools("flash", "--board", "virtual", "--port", "/dev/no-such-port", "--dry-run",
                        "--build", build)
    assert result.returncode == 0, result.stderr
    entries = sorted(["board.json", "help.json"] + [
        name if name in flash.SOURCE_FILES or not name.endswith(".py") else name[:-3] + ".mpy"
        for name in os.listdir(FIRMWARE) if name != "__pycache__"])
    mp = [PY, "-m", "mpremote", "connect", "/dev/no-such-port"]
    scripts = os.path.join(build, "virtual.scripts")
    expected = [
        mp + ["run", os.path.join(scripts, "clean.py")],
        mp + ["fs", "cp", "-r"] + [os.path.join(build, "virtual", e) for e in entries] + [":/"],
        mp + ["run", os.path.join(scripts, "sign.py")],
        mp + ["exec", flash.PLANNED, "reset"],
        mp + ["run", os.path.join(scripts, "verify.py")],
        mp + ["exec", flash.PLANNED, "reset"],
    ]
    assert result.stdout.splitlines() == [Remote.show(argv) for argv in expected]


def test_dry_run_installs_a_boards_micropython_lib_packages(build, tmp_path, monkeypatch,
                                                            capsys):
    (tmp_path / "mip-test.json").write_text(json.dumps(
        {"name": "mip-test", "mip": ["ssd1306", "umqtt.simple"]}))
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    args = Args(board="mip-test", dry_run=True, build=build)
    assert flash.main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    mp = Remote.show([PY, "-m", "mpremote", "connect", "auto"])
    # ssd1306 from the project's copy (no internet needed); umqtt.simple from micropython-lib
    assert lines[2] == mp + " mip install build/mip/ssd1306/mpy/package.json umqtt.simple"
    assert [line.split(" connect auto ")[1].split()[0] for line in lines] == \
        ["run", "fs", "mip", "run", "exec", "run", "exec"]
    assert [line.endswith(" reset") for line in lines] == [False] * 4 + [True, False, True]


# -- the errors a person meets ------------------------------------------------------------------

def test_a_missing_board_is_one_line_listing_the_boards():
    result = host_tools("flash", "--board", "no-such-board")
    assert result.returncode == 2
    line = one_line(result.stderr)
    assert line.startswith("flash: no board 'no-such-board' in boards/ (there: ")
    for name in flash.board_names():
        assert name in line
    assert result.stdout == ""


def test_a_board_file_of_ones_own_is_flashed_by_its_path(build, tmp_path, monkeypatch, capsys):
    """--board takes the path of a builder's own board file (./my.json, outside boards/): it is
    checked by the board checker, built as "my" and flashed like a board of boards/."""
    with open(os.path.join(ROOT, "boards", "pico-1station.json")) as f:
        board = json.load(f)
    board["name"] = "my"
    (tmp_path / "my.json").write_text(json.dumps(board))
    monkeypatch.chdir(tmp_path)
    assert flash.main(Args(board="./my.json", port="/dev/no-such-port", dry_run=True,
                           build=build)) == 0
    out, err = capsys.readouterr()
    assert err == "" and os.path.join(build, "my", "board.json") in out
    with open(os.path.join(build, "my", "board.json")) as f:
        assert json.load(f) == board
    assert flash.board_path("pico-1station") == (
        "pico-1station", os.path.join(flash.BOARDS, "pico-1station.json"),
        "boards/pico-1station.json")  # a name is still a board of boards/


def test_a_board_file_of_ones_own_that_the_checker_refuses_is_one_line(tmp_path):
    with open(os.path.join(ROOT, "boards", "pico-1station.json")) as f:
        board = json.load(f)
    board["door"] = {"pin": 22}  # the attendant key's pin
    bad = tmp_path / "my.json"
    bad.write_text(json.dumps(board))
    result = host_tools("flash", "--board", str(bad), "--build", str(tmp_path))
    assert result.returncode == 2 and result.stdout == ""
    assert one_line(result.stderr) == (
        "flash: %s: GP22 is wired twice: attendant_key.pin and door.pin" % bad)
    assert not os.path.exists(str(tmp_path / "my"))  # nothing built
    missing = host_tools("flash", "--board", str(tmp_path / "nope.json"))
    assert missing.returncode == 2
    assert one_line(missing.stderr) == "flash: no board file %s" % (tmp_path / "nope.json")


def test_no_port_found_is_one_line(tmp_path):
    # mpremote's `connect auto` sees no USB serial port, whatever this machine has plugged in.
    (tmp_path / "sitecustomize.py").write_text(
        "import serial.tools.list_ports\n"
        "serial.tools.list_ports.comports = lambda *a, **k: []\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    result = host_tools("flash", "--board", "virtual", "--build", str(tmp_path), env=env)
    assert result.returncode == 1
    assert one_line(result.stderr) == ("flash: no board found: no USB serial port with a "
                                       "VID:PID (plug the board in, or give --port)")


def test_a_port_that_does_not_exist_is_one_line(build):
    result = host_tools("flash", "--board", "virtual", "--port", "/dev/no-such-port",
                        "--build", build)
    assert result.returncode == 1
    assert one_line(result.stderr) == ("flash: cannot open /dev/no-such-port (no such port, or "
                                       "another program has it open)")


def test_a_port_that_is_not_micropython_is_one_line(build):
    # Something on a serial port that answers everything with noise: not a raw REPL.
    master, slave = pty.openpty()
    tty.setraw(slave)
    stop = threading.Event()

    def noise():
        while not stop.is_set():
            try:
                if os.read(master, 1024):
                    os.write(master, b"\x1b[2J*** GPS NMEA $GPGGA,123519,4807.038,N ***\r\n")
            except OSError:
                return

    threading.Thread(target=noise, daemon=True).start()
    try:
        result = host_tools("flash", "--board", "virtual", "--port", os.ttyname(slave),
                            "--timeout", "3", "--build", build)
    finally:
        stop.set()
        os.close(slave)
        os.close(master)
    assert result.returncode == 1
    assert one_line(result.stderr) == (
        "flash: %s did not answer as a MicroPython board within 3 s (not MicroPython, or its "
        "firmware has Ctrl-C turned off)" % result.args[result.args.index("--port") + 1])


def test_a_command_that_fails_on_the_board_is_one_line(virtual_board):
    remote = Remote(virtual_board.port, timeout=30)
    with pytest.raises(BoardCommandFailed) as e:
        remote.exec("import os; os.remove('/no-such-file')")
    assert str(e.value) == "exec failed on the board: OSError: [Errno 2] ENOENT"
    with pytest.raises(NoPortFound):
        Remote("/dev/no-such-port").exec("pass")
    assert issubclass(NotMicroPython, Exception)


# -- the virtual board itself -------------------------------------------------------------------

def test_the_virtual_board_without_raw_paste(tmp_path):
    """mpremote falls back to plain raw mode when the board answers ^E A ^A with R\\x00; a
    soft reset from the raw REPL does not run main.py (as on the rp2), a hard reset does, and
    so does the watchdog."""
    with VirtualBoard(str(tmp_path), raw_paste=False) as board:
        (tmp_path / "main.py").write_text("print('MAIN', 'RAN', 6 * 7)\n")
        remote = Remote(board.port, timeout=30)
        remote.copy([str(tmp_path / "main.py")])
        assert remote.exec("print(open('main.py').read())").strip() == \
            "print('MAIN', 'RAN', 6 * 7)"
        remote.run("soft-reset")
        assert "MAIN RAN 42" not in board.console()
        assert "MPY: soft reboot\r\nraw REPL; CTRL-B to exit\r\n>" in board.console()
        remote.reset()
        board.wait_for("MAIN RAN 42")
        assert remote.exec("import machine; print(machine.reset_cause())").strip() == "3"
        assert "R\x00" in board.console() and "R\x01" not in board.console()
        # A watchdog that nobody feeds resets the board, even while it waits at the REPL.
        start = len(board.console())
        remote.exec("import machine; machine.WDT(timeout=200)")
        board.wait_for("MAIN RAN 42", after=start, timeout=5)


def test_mip_installs_the_firmware_from_a_local_package_json(tmp_path):
    """The root package.json installs with `mpremote mip install` (here from a local copy
    without deps: micropython-lib needs the internet)."""
    package = flash.package_json()
    package["deps"] = []
    (tmp_path / "package.json").write_text(json.dumps(package))
    os.symlink(FIRMWARE, str(tmp_path / "firmware"))
    with VirtualBoard(str(tmp_path)) as board:
        remote = Remote(board.port, timeout=60)
        out = remote.mip_install(["--target", "", str(tmp_path / "package.json")])
        assert installed(out) == sorted("/" + rel for rel, _ in package["urls"])
        digest = remote.run("sha256sum", ":craps/table.py").split()[-1]
        assert digest == signature.file_hash(os.path.join(FIRMWARE, "craps", "table.py"))


# -- what the flash tool builds -----------------------------------------------------------------

def test_package_json_lists_every_firmware_file_and_the_boards_packages():
    with open(os.path.join(ROOT, "package.json")) as f:
        assert f.read() == flash.package_json_text(), "run: python -m host_tools package-json"
    package = flash.package_json()
    assert [rel for rel, _ in package["urls"]] == flash.firmware_files()
    for rel, url in package["urls"]:
        assert os.path.isfile(os.path.join(ROOT, url))
    deps = set(d for d, _ in package["deps"])
    for name in flash.board_names():
        assert set(p.partition("@")[0] for p in flash.load_board(name)[0].get("mip", [])) <= deps


def test_the_build_is_the_same_wherever_the_repository_is(build, tmp_path):
    b = flash.build("virtual", build)
    assert b.files["/main.py"] == signature.file_hash(os.path.join(FIRMWARE, "main.py"))
    assert "/board.json" in b.files and "/main.mpy" not in b.files
    for path in b.files:
        with open(os.path.join(b.folder, path[1:]), "rb") as f:
            assert ROOT.encode() not in f.read(), "%s embeds the checkout's path" % path
    assert flash.build("virtual", str(tmp_path)).files == b.files  # from scratch: the same bytes


def test_a_rebuild_compiles_what_changed_and_drops_what_is_gone(build):
    b = flash.build("virtual", build)
    table = os.path.join(b.folder, "craps", "table.mpy")
    with open(table, "ab") as f:
        f.write(b"tampered")  # an output that is not what the compiler made
    stale = os.path.join(b.folder, "craps", "gone.mpy")
    with open(stale, "wb") as f:
        f.write(b"a module firmware/ no longer has")
    again = flash.build("virtual", build)
    assert again.files == b.files
    assert not os.path.exists(stale)


def test_the_host_and_the_board_scripts_use_the_firmwares_signature_rule():
    """One copy of the rule (firmware/drivers/integrity.py, tested in tests/drivers): the host
    tools use it, and each board script carries its source, since the firmware may not be on
    the board yet when the script runs."""
    from drivers import integrity
    assert signature.signature is integrity.signature
    assert signature.file_hash is integrity.file_hash and signature.walk is integrity.walk
    text = signature.script({"/main.py": "0" * 64}, "verify", "# a comment")
    with open(integrity.__file__) as f:
        assert text.startswith(f.read())
    assert "\ndef on_board(expected, mode):" in text and "\ndef _clean(" in text
    assert text.endswith("# a comment\non_board({\n '/main.py': '%s',\n}, 'verify')\n" % ("0" * 64))
    assert "import drivers" not in text and "from drivers" not in text
    compile(text, "verify.py", "exec")


def test_a_missing_display_is_a_tilt_with_the_reason_and_the_cabinet_runs(
        virtual_board, flashed, build, tmp_path, monkeypatch, capsys):
    """An SSD1306 that does not answer on its bus (ETIMEDOUT, as on an rp2 with nothing wired)
    is no halt: the cabinet runs with that station on the console, tilted with the reason until
    the attendant clears it; the console and /data/errors.log have the error."""
    board_file(tmp_path, monkeypatch, "virtual-display", loop_ms=1000, mip=["ssd1306"], displays=[
        {"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}, "address": 0x3D},
        {"driver": "console"}])
    start = len(virtual_board.console())
    assert flash.main(Args(board="virtual-display", port=virtual_board.port, build=build,
                           clear_memory=True, out=str(tmp_path / "memory"))) == 0, \
        capsys.readouterr()
    boot = virtual_board.wait_for("CRAPS TERMINAL BOOT virtual-display", after=start)
    end = virtual_board.wait_for("CRAPS TERMINAL BOOT virtual-display", after=boot)
    virtual_board.wait_for("OSError: [Errno 110] ETIMEDOUT", after=end)
    virtual_board.wait_for("[SIGN] TILT: FAULT: S1 DISPLAY", after=end)
    virtual_board.wait_for("[S1] S1 CR 100", after=end)  # the station, on the console instead
    virtual_board.wait_for('Type "help()" for more information.', after=end)
    assert "HALTED" not in virtual_board.console()[start:]
    log = mpremote(virtual_board, "exec", "print(open('/data/errors.log').read())")
    assert "ETIMEDOUT" in log.stdout


# A sign the board file wires well that does not answer on its bus (the virtual I2C answers at
# 0x3C only): a part the checker cannot know is missing.
SILENT_SIGN = {"mip": ["ssd1306"],
               "sign": {"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}, "address": 0x3D}}


def test_a_part_that_cannot_be_built_halts_with_the_reason(virtual_board, flashed, build,
                                                          tmp_path, monkeypatch, capsys):
    """A part the cabinet cannot run without (here the sign: an SSD1306 that does not answer on
    its bus; a board file the checker refuses never reaches the board) stops the boot with the
    reason on the console and in /data/errors.log; a board not in production then gives the
    technician the REPL."""
    board_file(tmp_path, monkeypatch, "virtual-broken", **SILENT_SIGN)
    start = len(virtual_board.console())
    assert flash.main(Args(board="virtual-broken", port=virtual_board.port, build=build,
                           clear_memory=True, out=str(tmp_path / "memory"))) == 0, \
        capsys.readouterr()
    end = virtual_board.wait_for("CRAPS TERMINAL HALTED: cannot build the cabinet", after=start)
    virtual_board.wait_for("OSError: [Errno 110] ETIMEDOUT", after=end)
    virtual_board.wait_for('Type "help()" for more information.', after=end)
    log = mpremote(virtual_board, "exec", "print(open('/data/errors.log').read())")
    assert "ETIMEDOUT" in log.stdout


# -- service mode, the closed console, the memory of another board file, offline packages --------

def boots(board, text, start):
    return board.console()[start:].count(text)


def test_service_mode_opens_the_repl_starts_no_watchdog_and_a_halted_board_is_reflashed(
        build, tmp_path, monkeypatch, capsys):
    """A production board powered up with the attendant key held and the door open (service
    mode) lets the technician in and starts no watchdog (here 1 s): halted by a part it cannot
    build, it gives the REPL and stays there, and flashing it again mends it. The cabinet then
    runs in service mode, a new cabinet waiting for the attendant's set-up: nothing is saved
    before it (the service mode's audit entry is saved with the set-up: test_attendant.py)."""
    production = dict(production=True, watchdog_ms=1000, attendant_key={"pin": 22},
                      door={"pin": 21}, drop=("loop_ms",))
    board_file(tmp_path, monkeypatch, "virtual-production", **dict(production, **SILENT_SIGN))
    with VirtualBoard(str(tmp_path), pins={22: 0}) as board:  # the key held; the door open
        args = Args(board="virtual-production", port=board.port, build=build, timeout=10.0)
        assert flash.main(args) == 0, capsys.readouterr()
        end = board.wait_for("CRAPS TERMINAL HALTED", after=board.wait_for("HALTED"))
        board.wait_for('Type "help()" for more information.', after=end)
        console = board.console()
        assert console.count("CRAPS TERMINAL SERVICE MODE") == 2  # both boots after a reset
        time.sleep(2.5)  # a watchdog of 1 s would have reset the board twice by now
        assert mpremote(board, "exec", "print(6 * 7)").stdout.strip() == "42"
        assert board.console().count("CRAPS TERMINAL SERVICE MODE") == 2  # no boot since

        board_file(tmp_path, monkeypatch, "virtual-production", **production)  # the RNG dice
        start = len(board.console())
        assert flash.main(args) == 0, capsys.readouterr()
        board.wait_for("CRAPS TERMINAL BOOT virtual-production", after=start)
        board.wait_for("ATTENDANT: NEW CABINET: ATTENDANT SETUP", after=start)
        assert "HALTED" not in board.console()[start:]
        audit = host_tools("audit", "--port", board.port)
        assert audit.returncode == 2 and "holds no cabinet records" in audit.stderr, \
            audit.stdout + audit.stderr


def test_ctrl_c_during_the_boot_of_a_production_board_gives_no_repl(build, tmp_path,
                                                                    monkeypatch, capsys):
    """main.py closes Ctrl-C on its first line: Ctrl-C sent all through a production board's boot
    (here the key held but the door shut: no service mode) leaves no REPL; the cabinet boots
    and its console stays read-only."""
    board_file(tmp_path, monkeypatch, "virtual-production", production=True, watchdog_ms=1000,
               attendant_key={"pin": 22}, door={"pin": 21}, drop=("loop_ms",))
    with VirtualBoard(str(tmp_path), pins={22: 0}) as board:
        args = Args(board="virtual-production", port=board.port, build=build)
        assert flash.main(args) == 0, capsys.readouterr()
        # From the next boot on: the key held, the door shut. That boot: the watchdog's reset
        # 1 s after mpremote has gone (no mpremote on the port meanwhile to take the Ctrl-Cs).
        hold = mpremote(board, "exec", "import _board, machine; _board.hold('22=0,21=0'); "
                        "machine.WDT(timeout=1000)")
        assert hold.returncode == 0, hold.stdout + hold.stderr
        start = len(board.console())
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # Ctrl-C every 10 ms, before, through and after
            os.write(board.slave, b"\x03")
            time.sleep(0.01)
        board.wait_for("CRAPS TERMINAL BOOT virtual-production", after=start)
        console = board.console()[start:]
        assert "KeyboardInterrupt" not in console and "SERVICE MODE" not in console, console
        assert "MicroPython v" not in console, console  # the REPL's banner: main.py ended
        with pytest.raises((NotMicroPython, BoardLost)):
            Remote(board.port, timeout=3).exec("print('broke in')")
        at = len(board.console())
        os.write(board.slave, b"signature\r\n")
        board.wait_for("CRAPS SIGNATURE ", after=at)
        assert boots(board, "CRAPS TERMINAL BOOT", start) == 1  # its watchdog fed: no reset


def test_a_changed_board_file_over_saved_records_needs_clear_memory(build, tmp_path,
                                                                   monkeypatch, capsys):
    """The board's memory was saved under board "virtual" (2 stations): flashing a board file
    with 3 is refused in one line and changes nothing; --clear-memory saves the meters, the audit
    log and the recall records on this PC first, then clears /data, and the new cabinet starts
    from nothing."""
    (tmp_path / "boards").mkdir()
    with VirtualBoard(str(tmp_path)) as board:
        done = host_tools("flash", "--board", "virtual", "--port", board.port, "--build", build)
        assert done.returncode == 0, done.stdout + done.stderr
        board.wait_for('Type "help()" for more information.',
                       after=board.wait_for("CRAPS TERMINAL BOOT", after=board.wait_for("BOOT")))
        set_up(board, "virtual")
        before = mpremote(board, "exec", "import os; print(sorted(os.listdir('/data')))").stdout
        assert "state0.a" in before
        board_file(tmp_path / "boards", monkeypatch, "virtual", stations=3)
        args = Args(board="virtual", port=board.port, build=build)
        assert flash.main(args) == 1
        assert one_line(capsys.readouterr().err) == (
            "flash: the board's memory (/data) was saved under another board file (stations 2 "
            "-> 3): flash with --clear-memory to save its records on this PC and clear it")
        verify = host_tools("flash", "--board", "virtual", "--port", board.port, "--verify",
                            "--build", str(tmp_path / "old-build"))
        assert verify.returncode == 0, verify.stderr  # the old program, untouched
        assert mpremote(board, "exec", "import os; print(sorted(os.listdir('/data')))"
                        ).stdout == before

        args.clear_memory, args.out = True, str(tmp_path / "saved")
        start = len(board.console())
        assert flash.main(args) == 0, capsys.readouterr()
        assert "then cleared" in capsys.readouterr().out
        saved = tmp_path / "saved"
        assert sorted(os.listdir(saved)) == ["audit.txt", "data", "recall", "recall.txt"]
        assert {"state0.a", "journal1-0.b", "resets.log"} <= set(os.listdir(saved / "data"))
        assert "power_ups" in (saved / "audit.txt").read_text()
        board.wait_for('Type "help()" for more information.', after=board.wait_for(
            "CRAPS TERMINAL BOOT virtual", after=board.wait_for("BOOT virtual", after=start)))
        resets = mpremote(board, "exec", "print(open('/data/resets.log').read())")
        assert resets.stdout.split() == ["planned", "reset"] * 2  # the two boots since: a new log


def test_after_a_reset_the_tool_waits_for_the_port_to_come_back_and_answer(virtual_board,
                                                                           tmp_path):
    """A real board's USB port goes away at a reset and comes back when it has re-enumerated,
    sometimes seconds later: here the port's path appears 3 s after the wait begins."""
    port = str(tmp_path / "ttyACM0")
    threading.Timer(3.0, os.symlink, (virtual_board.port, port)).start()
    remote = Remote(port, timeout=10)
    started = time.monotonic()
    remote.wait(15, "check after the reset")
    assert 3 <= time.monotonic() - started < 15
    with pytest.raises(BoardLost) as e:
        Remote(str(tmp_path / "gone"), timeout=10).wait(2, "check after the reset")
    assert str(e.value) == ("%s did not come back within 2 s of the reset (during check after "
                            "the reset)" % (tmp_path / "gone"))


def test_the_memory_check_compares_what_the_saved_state_depends_on():
    from host_tools.board_memory import changed
    old = {"name": "a", "stations": 2, "rules": {"odds": "3x"}, "settings": {}, "credits": 100}
    assert changed(old, dict(old, credits=0, description="x")) == []
    assert changed(old, dict(old, name="b", stations=4, rules={})) == [
        "name a -> b", "stations 2 -> 4", "rules changed"]
    assert changed(old, dict(old, settings={"recall": 5})) == ["settings changed"]
    assert changed(None, old) == ["the board has no readable board file"]


def test_records_an_older_firmware_kept_are_named_as_unreadable():
    from host_tools.board_memory import unreadable
    ours = ["audit.a", "audit.b", "journal0-0.a", "journal1-12.b", "setup.b", "state1.a",
            "resets.log"]
    assert unreadable(ours) == []
    assert unreadable(ours + ["state.a", "state.b", "roll.a", "recall3.b"]) == [
        "recall3", "roll", "state"]


def test_flashing_with_no_network_installs_ssd1306_from_the_projects_copy(build, tmp_path,
                                                                        monkeypatch, capsys):
    """A real board file (pico-1station: production, an SSD1306 at 0x3C, "mip": ["ssd1306"])
    flashed on the virtual board in service mode with every host name unresolvable: ssd1306 comes
    from the copy `make` fetched (build/mip), compiled (its .mpy: no compiling at every boot),
    is signed with the program, and drives the display."""
    shipped = os.path.join(libraries.compiled("ssd1306"), "ssd1306.mpy")  # fetched while online
    (tmp_path / "sitecustomize.py").write_text(
        "import socket\n"
        "def _offline(*a, **k):\n"
        "    raise socket.gaierror(-2, 'Name or service not known')\n"
        "socket.getaddrinfo = _offline\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    with VirtualBoard(str(tmp_path), pins={22: 0}) as board:
        online = mpremote(board, "mip", "install", "ssd1306")
        assert online.returncode == 1 and "Name or service not known" in online.stdout + \
            online.stderr, online.stdout + online.stderr  # no network: micropython-lib is out
        args = Args(board="pico-1station", port=board.port, build=build)
        start = len(board.console())
        assert flash.main(args) == 0, capsys.readouterr()
        out = capsys.readouterr().out
        assert "install ssd1306" in out and ", 1 library files" in out, out
        board.wait_for("CRAPS TERMINAL BOOT pico-1station", after=start)
        time.sleep(1)
        shown = board.console()[start:]
        assert "ERROR" not in shown  # a new cabinet: its only tilt waits for the set-up
        assert [line for line in shown.splitlines() if "TILT" in line and
                "NEW CABINET: ATTENDANT SETUP" not in line] == []
        lib = mpremote(board, "sha256sum", ":/lib/ssd1306.mpy").stdout.split()[-1]
        assert lib == signature.file_hash(shipped)


def test_a_library_is_the_pinned_release_or_one_line_saying_why_not(tmp_path, monkeypatch):
    monkeypatch.setattr(libraries, "CACHE", str(tmp_path))

    class Answer(io.BytesIO):
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(libraries.urllib.request, "urlopen", lambda url, timeout: Answer(b"x"))
    with pytest.raises(libraries.LibraryError, match="not the pinned release"):
        libraries.folder("ssd1306")
    assert not os.listdir(str(tmp_path))

    def offline(url, timeout):
        raise OSError("Name or service not known")
    monkeypatch.setattr(libraries.urllib.request, "urlopen", offline)
    with pytest.raises(libraries.LibraryError, match="once where PyPI can be reached"):
        libraries.folder("ssd1306")
    with pytest.raises(libraries.LibraryError, match="no micropython-lib package 'nope'"):
        libraries.folder("nope")
    b = type("B", (), {"rel": staticmethod(lambda p: p)})
    with pytest.raises(flash.FlashError, match="cannot be fetched"):
        flash.mip_sources(b, ["ssd1306"])
    assert flash.mip_sources(b, ["umqtt.simple"]) == ["umqtt.simple"]


# -- which MicroPython the board runs -----------------------------------------------------------

def test_the_virtual_boards_micropython_loads_the_builds_mpy_files(virtual_board, flashed, build):
    """The WebAssembly port 1.27 says _mpy 0x306 (.mpy version 6, sub-version 3, no native
    architecture); mpy-cross 1.29 writes .mpy version 6: the flash tool lets it through."""
    assert flash.mpy_version(flash.build("virtual", build)) == 6
    assert "board: MicroPython 1.27.0, .mpy version 6, as the build's\n" in flashed.stdout
    raw = mpremote(virtual_board, "exec", "import sys; print(sys.implementation._mpy)")
    assert int(raw.stdout) == 0x306


def test_a_board_whose_micropython_cannot_load_the_build_is_refused_before_any_write(
        virtual_board, flashed, build, monkeypatch, capsys):
    # The board's own answer, faked: MicroPython 1.18, whose .mpy version is 5, on a Pico.
    monkeypatch.setattr(flash, "MICROPYTHON",
                        "print('1 18 0 5 - rp2 Raspberry Pi Pico with RP2040')")
    start = len(virtual_board.console())
    assert flash.main(Args(board="virtual", port=virtual_board.port, build=build)) == 1
    out, err = capsys.readouterr()
    assert one_line(err) == (
        "flash: the board runs MicroPython 1.18.0 (.mpy version 5); the firmware needs 1.24 or "
        "later with .mpy version 6: install MicroPython 1.29.0 (mpy-cross's release; for a Pico "
        "the RPI_PICO UF2 from https://micropython.org/download/RPI_PICO/)")
    assert "[1/" not in out  # not one step ran
    assert "raw REPL" in virtual_board.console()[start:]  # it did ask the board


def test_a_pico_2_is_refused_in_one_line_and_nothing_is_written(virtual_board, flashed, build,
                                                               monkeypatch, capsys):
    """A Pico 2 runs MicroPython 1.29 (.mpy version 6) on an RP2350: the RNG reads the RP2040's
    ring oscillator, so the flash tool refuses it before any step, with --clear-memory too."""
    monkeypatch.setattr(flash, "MICROPYTHON",
                        "print('1 29 0 6 - rp2 Raspberry Pi Pico2 with RP2350')")
    stray = "open('/stray.txt', 'w').write('kept')"
    assert mpremote(virtual_board, "exec", stray).returncode == 0  # flashing would remove it
    listing = "import os; print(sorted(os.listdir('/')), sorted(os.listdir('/data')))"
    before = mpremote(virtual_board, "exec", listing).stdout
    main_py = mpremote(virtual_board, "sha256sum", ":/main.py").stdout
    args = Args(board="virtual", port=virtual_board.port, build=build, clear_memory=True)
    assert flash.main(args) == 1
    out, err = capsys.readouterr()
    assert one_line(err) == (
        "flash: the board is a Raspberry Pi Pico2 with RP2350 (MicroPython's rp2 port): the "
        "firmware runs on an RP2040 only (its RNG reads the RP2040's ring oscillator): use a "
        "Raspberry Pi Pico or Pico W")
    assert "[1/" not in out and "memory" not in out  # not one step, not the memory's save
    assert mpremote(virtual_board, "exec", listing).stdout == before
    assert mpremote(virtual_board, "sha256sum", ":/main.py").stdout == main_py
    assert mpremote(virtual_board, "exec", "import os; os.remove('/stray.txt')").returncode == 0


def test_the_chip_a_board_needs():
    assert flash.chip_problem("rp2", "Raspberry Pi Pico with RP2040") is None
    assert flash.chip_problem("rp2", "Raspberry Pi Pico W with RP2040") is None
    assert flash.chip_problem("webassembly", "JS with Emscripten") is None  # the virtual board
    assert flash.chip_problem("rp2", "Raspberry Pi Pico2 with RP2350").startswith(
        "the board is a Raspberry Pi Pico2 with RP2350 (MicroPython's rp2 port)")
    assert flash.chip_problem("esp32", "Generic ESP32 module with ESP32").startswith(
        "the board is a Generic ESP32 module with ESP32 (MicroPython's esp32 port)")
    assert "a chip that does not say which" in flash.chip_problem("unix", "")


def test_the_micropython_a_board_needs():
    assert flash.micropython_problem((1, 27, 0), 6, 6) is None
    assert flash.micropython_problem((1, 24, 1), 6, 6) is None
    assert "runs MicroPython 1.23.0 (.mpy version 6)" in flash.micropython_problem((1, 23, 0), 6, 6)
    assert "(.mpy version 0)" in flash.micropython_problem((1, 29, 0), 0, 6)  # loads no .mpy
    assert "(.mpy version 7)" in flash.micropython_problem((2, 0, 0), 7, 6)


def test_a_board_file_the_checker_refuses_halts_the_boot_in_one_line(virtual_board, flashed):
    """A service board, unsigned, whose /board.json drivers/board_file.py refuses (no station)
    stops the boot with the BadBoard line, not a traceback, on the console and in errors.log."""
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        board = json.load(f)
    board["stations"] = 0
    write = ("import os\nf = open('/board.json', 'w')\nf.write(%r)\nf.close()\n"
             "os.remove('/signature')" % json.dumps(board))
    assert mpremote(virtual_board, "exec", write).returncode == 0
    start = len(virtual_board.console())
    assert mpremote(virtual_board, "reset").returncode == 0
    line = "BadBoard: a cabinet has 1 to 8 stations, not 0"
    end = virtual_board.wait_for("CRAPS TERMINAL HALTED: cannot build the cabinet", after=start)
    virtual_board.wait_for(line, after=end)
    assert "Traceback" not in virtual_board.console()[start:]
    log = mpremote(virtual_board, "exec", "print(open('/data/errors.log').read())")
    assert line in log.stdout


# -- a board whose firmware has the program frozen in it (host_tools/firmware.py) ---------------

def test_a_board_with_this_program_frozen_gets_main_py_and_its_board_files_alone(build):
    ident = "ab" * 32
    b = flash.build("pico-1station", build, frozen=ident)
    assert sorted(b.files) == ["/.frozen", "/board.json", "/help.json", "/main.py"]
    assert b.files["/.frozen"] == ident and b.frozen == ident
    assert sorted(os.listdir(b.folder)) == ["board.json", "help.json", "main.py"]
    assert b.size() == sum(os.path.getsize(os.path.join(b.folder, n)) for n in os.listdir(b.folder))
    # its ssd1306 is frozen too: no mip step; the clean step removes the modules it had as files
    assert [what for what, _, _ in flash.plan(b)] == [
        "remove what the build does not have", "copy the build", "check and sign", "reset",
        "check after the reset", "reset: the cabinet starts"]
    stock = flash.build("pico-1station", build)
    assert "/craps/table.mpy" in stock.files and stock.folder != b.folder  # both kept


def test_a_board_frozen_from_other_sources_is_refused_before_any_write(
        virtual_board, flashed, build, monkeypatch, capsys):
    monkeypatch.setattr(flash, "MICROPYTHON",
                        "print('1 28 0 6 %s rp2 Raspberry Pi Pico with RP2040')" % ("cd" * 32))
    main_py = mpremote(virtual_board, "sha256sum", ":/main.py").stdout
    assert flash.main(Args(board="virtual", port=virtual_board.port, build=build)) == 1
    out, err = capsys.readouterr()
    assert one_line(err) == (
        "flash: the board's firmware has another program frozen in it (ID cdcdcdcdcdcd; this "
        "tree's is %s): build this one (make firmware) and copy build/firmware/firmware.uf2 onto "
        "the Pico in BOOTSEL mode, or put the stock MicroPython UF2 back"
        % flash.firmware.program_id()[:12])
    assert "[1/" not in out
    assert mpremote(virtual_board, "sha256sum", ":/main.py").stdout == main_py
    assert flash.frozen_problem("ef" * 32, "ef" * 32) is None
