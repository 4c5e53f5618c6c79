# The attendant's audit log: every attendant action (and each door opening) as an entry that
# carries the SHA-256 of the entry before it, so an entry changed, removed or put in afterwards
# breaks the chain (check() finds where) unless every entry after it is forged too: the newest
# hash, shown on the attendant's audit view, pins them all. The cabinet keeps the newest KEEP
# entries; `base` is the hash the oldest kept entry follows, so the chain stays checkable.
# An entry names the cabinet state (its commit number) that carries the action out: the log is
# saved first, and at start-up entries whose state was never saved are dropped (after_cut).
import hashlib
from binascii import hexlify

KEEP = 32
GENESIS = "0" * 64  # what the first entry follows


def entry_hash(prev, n, commit, power_up, ms, action, detail):
    text = "%s|%d|%d|%d|%d|%s|%s" % (prev, n, commit, power_up, ms, action, detail)
    return hexlify(hashlib.sha256(text.encode()).digest()).decode()


class AuditLog:
    def __init__(self, data=None):
        """data: what dump() returned (terminal/restored.py checks it at power-up); None: an
        empty log."""
        self.base = data["base"] if data else GENESIS
        # [n, commit, power_up, ms, action, detail, hash]
        self.entries = data["entries"] if data else []

    def add(self, commit, power_up, ms, action, detail=""):
        """Append an entry: power_up is the power-up count and ms the time since it, which
        together date the entry (the cabinet has no calendar clock)."""
        n = self.entries[-1][0] + 1 if self.entries else 1
        self.entries.append([n, commit, power_up, ms, action, detail,
                             entry_hash(self.head(), n, commit, power_up, ms, action, detail)])
        if len(self.entries) > KEEP:
            self.base = self.entries.pop(0)[6]

    def after_cut(self, commit):
        """Drop the entries of states after `commit`, the state saved last: they never
        happened. True when there were any."""
        kept = [e for e in self.entries if e[1] <= commit]
        dropped = len(kept) != len(self.entries)
        self.entries = kept
        return dropped

    def head(self):
        """The newest entry's hash: written down, it pins every entry before it."""
        return self.entries[-1][6] if self.entries else self.base

    def dump(self):
        return {"base": self.base, "entries": self.entries}


def check(data):
    """None when the log's chain holds, else which entry breaks it and how."""
    prev, n = data["base"], None
    for entry in data["entries"]:
        number, commit, power_up, ms, action, detail, digest = entry
        if n is not None and number != n + 1:
            return "entry %d follows entry %d: entries are missing" % (number, n)
        if digest != entry_hash(prev, number, commit, power_up, ms, action, detail):
            return "entry %d does not match its hash: it was changed" % number
        prev, n = digest, number
    return None
