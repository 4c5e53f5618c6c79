"""A production board's read-only USB console (firmware/drivers/console.py) from the PC: a
question a line, its answer lines `CRAPS <WORD> ...` back. The board keeps printing the
cabinet's own lines (displays, signals) in between; they are skipped. pyserial opens the port
(a device path, a pty, or a pyserial URL, as mpremote does)."""


class ConsoleError(Exception):
    """The board could not be asked, or would not answer; the message is one line."""


class Console:
    def __init__(self, port, timeout):
        import serial
        self.port = port
        self.timeout = timeout  # seconds one answer may take
        try:
            self._link = serial.serial_for_url(port, baudrate=115200, timeout=0.1)
        except (serial.SerialException, OSError, ValueError) as e:
            raise ConsoleError("cannot open %s (%s)" % (port, str(e).splitlines()[0] if str(e)
                                                        else "no such port"))
        self._link.write(b"\r\n")  # ends whatever was typed before: the next line is ours
        self._pending = b""

    def close(self):
        self._link.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def ask(self, question, last=lambda text: True):
        """The answer's texts (after `CRAPS <WORD> `), up to the first for which last(text) is
        true (one line unless told)."""
        import time
        word = question.split()[0]
        head = "CRAPS %s " % word.upper()
        self._link.write(("%s\r\n" % question).encode())
        texts = []
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            line = self._line()
            if line is None:
                continue
            if line.startswith("CRAPS READ-ONLY"):
                raise ConsoleError("the board does not know `%s` (it said: %s)" % (word, line))
            if not line.startswith(head):
                continue  # the cabinet's own output, or answers to earlier questions
            text = line[len(head):]
            if text.startswith("ERROR "):
                raise ConsoleError("the board refused `%s`: %s" % (word, text[len("ERROR "):]))
            texts.append(text)
            if last(text):
                return texts
        raise ConsoleError("no answer to `%s` from %s within %g s (a production board running "
                           "the cabinet answers it; a service board has the REPL instead)"
                           % (word, self.port, self.timeout))

    def _line(self):
        """The next whole line from the board, stripped, or None if none came in 0.1 s."""
        self._pending += self._link.readline()
        if not self._pending.endswith(b"\n"):
            return None
        line, self._pending = self._pending, b""
        return line.decode("utf-8", "replace").strip()
