"""The flash tool (host_tools/flash.py, host_tools/remote.py) end to end: real mpremote against the
virtual board (real MicroPython under Node behind a pty, tests/virtual_board/), plus the errors
a person meets: no such board, no port, a port that is not MicroPython. Node missing fails these
tests; nothing here is skipped."""
import hashlib
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

from host_tools import FIRMWARE, flash, signature
from host_tools.remote import (BoardCommandFailed, NoPortFound, NotMicroPython, Remote,
                               installed)

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
    args = dict(port=None, dry_run=False, verify=False, timeout=60.0)
    args.update(kw)
    return type("Args", (), args)


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
    args = Args(board="virtual-mip", port=virtual_board.port, build=build)
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
        assert one_line(capsys.readouterr().err) == (
            "flash: the board stopped answering during check after the reset (3 s) (its "
            "firmware may have Ctrl-C turned off: production mode; power it up in service mode)")
        # What its USB console still does: answer the two read-only questions, and nothing else.
        at = len(plain.console())
        os.write(plain.slave, b"meters\r\nimport machine\r\n")
        plain.wait_for('CRAPS METERS {"', after=at)
        plain.wait_for("CRAPS READ-ONLY: ask meters or signature", after=at)


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
    assert lines[2] == mp + " mip install ssd1306 umqtt.simple"
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


def test_a_cabinet_that_cannot_be_built_halts_with_the_error_recorded(virtual_board, flashed,
                                                                       build, tmp_path,
                                                                       monkeypatch, capsys):
    """A part the board cannot build (here an SSD1306 whose micropython-lib module is missing)
    stops the boot with the reason on the console and in /data/errors.log; a service board then
    gives the technician the REPL (a production one would halt with Ctrl-C closed)."""
    with open(os.path.join(ROOT, "boards", "virtual.json")) as f:
        board = json.load(f)
    board.update(name="virtual-broken", displays=[
        {"driver": "ssd1306", "i2c": {"id": 0, "sda": 4, "scl": 5}}, {"driver": "console"}])
    (tmp_path / "virtual-broken.json").write_text(json.dumps(board))
    monkeypatch.setattr(flash, "BOARDS", str(tmp_path))
    start = len(virtual_board.console())
    assert flash.main(Args(board="virtual-broken", port=virtual_board.port, build=build)) == 0, \
        capsys.readouterr()
    virtual_board.wait_for("CRAPS TERMINAL HALTED: cannot build the cabinet", after=start)
    log = mpremote(virtual_board, "exec", "print(open('/data/errors.log').read())")
    assert "ssd1306" in log.stdout


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
