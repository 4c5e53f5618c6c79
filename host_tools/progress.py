"""Progress of a long host job on stderr: a line at every `step_percent` of the work with the
count, the rate and the time left, rewritten in place on a terminal."""
import time


class Progress:
    def __init__(self, name, total, err, what="rolls", step_percent=10):
        self.name = name
        self.total = total
        self.err = err
        self.what = what
        self.step = step_percent
        self.next = step_percent
        self.started = time.monotonic()
        self.tty = hasattr(err, "isatty") and err.isatty()

    def update(self, done):
        percent = 100 * done // self.total if self.total else 100
        if percent < self.next:
            return
        self.next = (percent // self.step + 1) * self.step
        spent = max(time.monotonic() - self.started, 1e-9)
        rate = done / spent
        left = (self.total - done) / rate if rate else 0.0
        line = "{}: {:,} / {:,} {} ({:d}%), {:,.0f} {}/s, {:.1f} s, ETA {:.0f} s".format(
            self.name, done, self.total, self.what, percent, rate, self.what, spent, left)
        if self.tty:
            self.err.write("\r" + line + ("\n" if done >= self.total else ""))
        else:
            self.err.write(line + "\n")
        self.err.flush()
