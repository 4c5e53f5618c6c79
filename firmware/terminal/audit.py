# The attendant's audit log: every attendant action (and each door opening) as an entry that
# carries the SHA-256 of the entry before it, so an entry changed, removed or put in afterwards
# breaks the chain (check() finds where). The cabinet keeps the newest KEEP entries; `base` is the
# hash the oldest kept entry follows, so the chain stays checkable after old entries go.
import hashlib
from binascii import hexlify

KEEP = 32
GENESIS = "0" * 64  # what the first entry follows


def entry_hash(prev, n, power_up, ms, action, detail):
    text = "%s|%d|%d|%d|%s|%s" % (prev, n, power_up, ms, action, detail)
    return hexlify(hashlib.sha256(text.encode()).digest()).decode()


class AuditLog:
    def __init__(self, data=None):
        """data: what dump() returned; None: an empty log."""
        self.base = data["base"] if data else GENESIS
        self.entries = data["entries"] if data else []  # [n, power_up, ms, action, detail, hash]

    def add(self, power_up, ms, action, detail=""):
        """Append an entry: power_up is the power-up count and ms the time since it, which
        together order the entries (the cabinet has no calendar clock)."""
        n = self.entries[-1][0] + 1 if self.entries else 1
        self.entries.append([n, power_up, ms, action, detail,
                             entry_hash(self.head(), n, power_up, ms, action, detail)])
        if len(self.entries) > KEEP:
            self.base = self.entries.pop(0)[5]

    def head(self):
        """The newest entry's hash: written down, it pins every entry before it."""
        return self.entries[-1][5] if self.entries else self.base

    def dump(self):
        return {"base": self.base, "entries": self.entries}


def check(data):
    """None when the log's chain holds, else which entry breaks it and how."""
    prev, n = data["base"], None
    for entry in data["entries"]:
        number, power_up, ms, action, detail, digest = entry
        if n is not None and number != n + 1:
            return "entry %d follows entry %d: entries are missing" % (number, n)
        if digest != entry_hash(prev, number, power_up, ms, action, detail):
            return "entry %d does not match its hash: it was changed" % number
        prev, n = digest, number
    return None
