# The USB console of a production board: read-only. The REPL is closed (Ctrl-C is off), and the
# only lines it answers are questions, a word and what follows it: `meters` and `signature` get
# one line back, `CRAPS METERS {...}` and `CRAPS SIGNATURE <hex>`; `verify <seed>` a line per
# signed file and one more (drivers/integrity.verify); on an RNG board `entropy <n>` n raw bits
# in hex (drivers/entropy.samples); anything else gets `CRAPS READ-ONLY`, a
# question it cannot answer `CRAPS <WORD> ERROR <why>`. It is an input of the loop, so it is read
# between the cabinet's steps and never waits; its scan(now_ms) returns no events: always the
# empty tuple, which allocates nothing every few ms.
MAX_LINE = 80  # a longer line is not a question: it is dropped (`verify` and 64 hex digits fit)


class ReadOnlyConsole:
    """read_char(): one character waiting on the console, or None; write(text) prints a line;
    answers: a question's word -> a function of the rest of the line (stripped, maybe "") giving
    the answer's lines, one at a time; a ValueError it raises is the answer's ERROR line."""

    def __init__(self, read_char, write, answers):
        self._read = read_char
        self._write = write
        self._answers = answers
        self._line = ""

    def scan(self, now_ms):
        while True:
            c = self._read()
            if c is None:
                return ()
            if c in "\r\n":
                line = self._line
                self._answer(line.strip() if len(line) <= MAX_LINE else "?")
                self._line = ""
            elif c >= " " and len(self._line) <= MAX_LINE:  # control characters (Ctrl-C...)
                self._line += c  # are no part of a question; one more: too long for any

    def _answer(self, question):
        if not question:
            return
        word, _, rest = question.partition(" ")
        answer = self._answers.get(word)
        if answer is None:
            self._write("CRAPS READ-ONLY: ask " + " or ".join(sorted(self._answers)))
            return
        head = "CRAPS %s " % word.upper()
        try:
            for line in answer(rest.strip()):
                self._write(head + line)
        except ValueError as e:
            self._write(head + "ERROR " + str(e))


def usb_reader(stream=None):
    """read_char for the board's USB console: sys.stdin (or another pollable STREAM) polled,
    never waiting."""
    import select
    import sys
    stream = stream or sys.stdin
    poll = select.poll()
    poll.register(stream, select.POLLIN)

    def read_char():
        # A console that cannot be read (no host, or the virtual board's stdin between its
        # lines: OSError) asks nothing; it must not tilt the game. Called every loop step, it
        # gives the heap nothing: poll() makes a list each call (ipoll() does not), and a for
        # loop here put this frame on the heap (tests/drivers/test_idle_frames.py).
        try:
            if next(poll.ipoll(0), None) is not None:
                return stream.read(1) or None  # "": nothing either
        except OSError:
            pass
        return None
    return read_char
