"""The one way this project talks to a board: `python -m mpremote ...` in a subprocess.

mpremote (pinned in requirements.txt) has no stable Python API, so every call goes through
Remote.run(), which builds the command line, enforces a time limit (on a pseudo-terminal mpremote
waits for ever for a board that never answers) and turns a failure into one named exception
with a one-line message:

  NoPortFound         no port given and none found, or the port cannot be opened
  NotMicroPython      something answers on the port, but not MicroPython's raw REPL
  BoardCommandFailed  the board is MicroPython, and the command failed there
  BoardLost           the board stopped answering in the middle of a command
"""
import re
import shlex
import subprocess
import sys
import time

from host_tools import ROOT


# A board that answered before and now does not let mpremote in: its firmware runs with Ctrl-C
# off (production mode, firmware/main.py) and cannot be broken into.
SERVICE_MODE = "hold the attendant key turned, with the door open, while the board powers up"
HINT = " (its firmware may have Ctrl-C turned off: production mode; service mode lets mpremote " \
    "in: %s)" % SERVICE_MODE
WAIT_TRY_S = 5  # one try of wait(): a board that answers at all answers within this


class RemoteError(Exception):
    """A board problem, told in one line."""


class NoPortFound(RemoteError):
    pass


class NotMicroPython(RemoteError):
    pass


class BoardCommandFailed(RemoteError):
    pass


class BoardLost(RemoteError):
    pass


def _last_line(text):
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


class Remote:
    """port: a device path (a /dev/pts path works), a pyserial URL (socket://host:port), or None
    for mpremote's `connect auto` (the first USB serial port with a VID:PID). timeout: seconds
    one command may take before the board counts as not answering."""

    def __init__(self, port=None, timeout=60.0, python=None):
        self.device = port or "auto"
        self.timeout = timeout
        self.python = python or sys.executable
        self.answered = False  # the board has answered as MicroPython at least once

    def describe(self):
        return self.device if self.device != "auto" else "the auto-detected port"

    def command(self, *args):
        """The argv of one mpremote invocation (relative paths are relative to the repo root)."""
        return [self.python, "-m", "mpremote", "connect", self.device] + list(args)

    @staticmethod
    def show(argv):
        return shlex.join(argv)

    def run(self, *args, what=None, timeout=None):
        """Run one mpremote command; returns its stdout."""
        if what is None:  # the command, without code or file lists
            what = args[0] if args[0] in ("exec", "eval") else " ".join(args[:2])
        argv = self.command(*args)
        limit = timeout or self.timeout
        try:
            result = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True,
                                    errors="replace", timeout=limit)
        except subprocess.TimeoutExpired as e:
            out = e.stdout or ""
            if isinstance(out, bytes):
                out = out.decode("utf-8", "replace")
            if not self.answered:
                raise NotMicroPython(
                    "%s did not answer as a MicroPython board within %g s (not MicroPython, "
                    "or its firmware has Ctrl-C turned off)" % (self.describe(), limit))
            raise BoardLost("the board stopped answering during %s (%g s)%s" % (
                what, limit, ": " + _last_line(out) if out.strip() else HINT))
        except FileNotFoundError:
            raise RemoteError("cannot run %s" % self.python)
        if result.returncode == 0:
            self.answered = True
            return result.stdout
        raise self._classify(result, what)

    def _classify(self, result, what):
        out, err = result.stdout, result.stderr
        said = ""
        for line in err.splitlines():
            if line.startswith("mpremote: "):
                said = line[len("mpremote: "):].strip()
        if "No module named mpremote" in err:
            return RemoteError("mpremote is not installed: pip install -r requirements.txt")
        if said == "no device found":
            return NoPortFound("no board found: no USB serial port with a VID:PID "
                               "(plug the board in, or give --port)")
        if said.startswith("failed to access"):
            return NoPortFound("cannot open %s (no such port, or another program has it open)"
                               % self.describe())
        if "could not enter raw repl" in err or "could not exec command" in err or (
                "TransportError" in err and not self.answered):
            if self.answered:
                return BoardLost("the board did not let mpremote in during %s%s" % (what, HINT))
            return NotMicroPython("%s is not a MicroPython board: it did not answer the raw REPL"
                                  % self.describe())
        if "SerialException" in err or "device disconnected" in err:
            return BoardLost("the board went away during %s" % what)
        if "Traceback (most recent call last)" in out:
            self.answered = True
            return BoardCommandFailed("%s failed on the board: %s" % (what, _last_line(out)))
        if said:
            self.answered = True
            return BoardCommandFailed("%s failed: %s" % (what, said))
        detail = _last_line(err) or _last_line(out) or "exit status %d" % result.returncode
        return BoardCommandFailed("%s failed: %s" % (what, detail))

    def wait(self, seconds, what):
        """After a reset: try the board until it answers (its USB port gone and back, its boot
        past the point where it lets mpremote in), for at most `seconds`; then BoardLost, one
        line saying which of the two did not happen."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                self.exec("pass", what=what, timeout=max(1.0, min(self.timeout, WAIT_TRY_S, left)))
                return
            except NoPortFound:
                gone = True
            except (BoardLost, NotMicroPython):
                gone = False
            if time.monotonic() + 0.25 >= deadline:
                if gone:
                    raise BoardLost("%s did not come back within %g s of the reset (during %s)"
                                    % (self.describe(), seconds, what))
                raise BoardLost("the board did not let mpremote in within %g s of the reset "
                                "(during %s)%s" % (seconds, what, HINT))
            time.sleep(0.25)

    # The commands the project uses: the one place that spells their mpremote arguments.
    def exec(self, code, **kw):
        return self.run("exec", code, **kw)

    def script(self, path, **kw):
        """Run a script of the host's on the board (`mpremote run`)."""
        return self.run("run", path, **kw)

    def copy(self, sources, dest=":/", **kw):
        return self.run("fs", "cp", "-r", *sources, dest, **kw)

    def mip_install(self, packages, **kw):
        return self.run("mip", "install", *packages, **kw)

    def reset(self, **kw):
        return self.run("reset", **kw)


class Arguments(Remote):
    """A Remote that runs nothing: each command method above returns the mpremote arguments it
    would run (a list), for a plan of steps written with those methods (host_tools/flash.py)."""

    def run(self, *args, **kw):
        return list(args)


def installed(mip_output):
    """The board paths `mpremote mip install` reports writing (or finding already there)."""
    return sorted(set(re.findall(r"^(?:Installing|Exists): (\S+)$", mip_output, re.M)))
