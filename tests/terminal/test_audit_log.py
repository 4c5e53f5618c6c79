# terminal.audit: a hash-chained log of the attendant's actions. check() finds an entry changed,
# removed or moved; the newest KEEP entries stay, checkable from `base`; after_cut() drops the
# entries of states never saved.
import hashlib
import json
from binascii import hexlify

from terminal.audit import GENESIS, KEEP, AuditLog, check

# sha256("000...0|1|1|0|100|KEY ON|"), worked out beforehand
FIRST = "9713db835fdee8f43cdf7bf66f2b24c2523ae381353d3fecd767191483adf707"


def sha(text):
    return hexlify(hashlib.sha256(text.encode()).digest()).decode()


def log(n):
    """A log of n entries: entry i at commit i, i * 10 ms after power-up 2."""
    a = AuditLog()
    for i in range(1, n + 1):
        a.add(i, 2, i * 10, "ACTION %d" % i, "S%d" % i)
    return a


def copied(a):
    """The log's dump as flash gives it back: nothing shared with the log."""
    return json.loads(json.dumps(a.dump()))


def test_an_empty_log_follows_genesis():
    a = AuditLog()
    assert GENESIS == "0" * 64
    assert a.head() == GENESIS
    assert a.entries == []
    assert check(a.dump()) is None


def test_the_first_entry_hashes_genesis_and_its_fields():
    a = AuditLog()
    a.add(1, 0, 100, "KEY ON")
    assert a.entries == [[1, 1, 0, 100, "KEY ON", "", FIRST]]
    assert a.head() == FIRST


def test_each_entry_hashes_the_one_before():
    a = AuditLog()
    a.add(1, 0, 100, "KEY ON")
    a.add(3, 0, 2500, "HANDPAY PAID", "S2 1000")
    assert a.entries[1][:6] == [2, 3, 0, 2500, "HANDPAY PAID", "S2 1000"]
    assert a.head() == sha(FIRST + "|2|3|0|2500|HANDPAY PAID|S2 1000")


def test_an_intact_log_checks():
    assert check(copied(log(5))) is None


def test_a_changed_field_names_its_entry():
    for field, value in ((1, 9), (2, 3), (3, 999), (4, "KEY OFF"), (5, "S9")):
        data = copied(log(4))
        data["entries"][2][field] = value
        assert check(data) == "entry 3 does not match its hash: it was changed", field


def test_an_entry_forged_with_its_own_hash_breaks_the_next():
    data = copied(log(4))
    e = data["entries"][1]
    e[5] = "S1 5000"
    e[6] = sha("%s|2|2|2|20|ACTION 2|S1 5000" % data["entries"][0][6])
    assert check(data) == "entry 3 does not match its hash: it was changed"


def test_a_removed_middle_entry_is_found():
    data = copied(log(5))
    del data["entries"][2]
    assert check(data) == "entry 4 follows entry 2: entries are missing"


def test_a_removed_first_entry_breaks_the_chain_at_the_next():
    data = copied(log(3))
    del data["entries"][0]
    assert check(data) == "entry 2 does not match its hash: it was changed"


def test_a_reordered_pair_is_found():
    data = copied(log(4))
    e = data["entries"]
    e[1], e[2] = e[2], e[1]
    assert check(data) == "entry 3 follows entry 1: entries are missing"
    data = copied(log(4))  # renumbered to hide it: the hashes give it away
    e = data["entries"]
    e[1], e[2] = e[2], e[1]
    e[1][0], e[2][0] = 2, 3
    assert check(data) == "entry 2 does not match its hash: it was changed"


def test_the_log_keeps_the_newest_entries_and_stays_checkable():
    a = log(KEEP)
    third = a.entries[2][6]
    for i in range(KEEP + 1, KEEP + 4):
        a.add(i, 2, i * 10, "ACTION %d" % i, "S%d" % i)
    assert KEEP == 32
    assert len(a.entries) == 32
    assert a.entries[0][0] == 4 and a.entries[-1][0] == 35
    assert a.base == third
    assert check(copied(a)) is None
    data = copied(a)
    data["base"] = GENESIS
    assert check(data) == "entry 4 does not match its hash: it was changed"


def test_a_log_carries_on_from_its_dump():
    a = AuditLog(copied(log(3)))
    a.add(4, 2, 40, "ACTION 4", "S4")
    assert a.entries[-1][0] == 4
    assert a.dump()["entries"] == log(4).entries
    assert check(copied(a)) is None


def test_after_cut_drops_the_entries_of_later_commits():
    a = AuditLog()
    a.add(1, 0, 10, "KEY ON")
    a.add(2, 0, 20, "DICE CHANGED")
    a.add(2, 0, 30, "KEY OFF")
    a.add(3, 0, 40, "KEY ON")
    head = a.entries[2][6]
    assert a.after_cut(2) is True
    assert [e[4] for e in a.entries] == ["KEY ON", "DICE CHANGED", "KEY OFF"]
    assert a.head() == head
    assert a.after_cut(2) is False
    assert len(a.entries) == 3
    a.add(3, 1, 5, "KEY ON")
    assert a.entries[-1][0] == 4
    assert check(copied(a)) is None


def test_after_cut_of_every_entry_leaves_the_base_as_head():
    a = log(KEEP + 2)
    base = a.base
    assert a.after_cut(0) is True
    assert a.entries == []
    assert a.head() == base != GENESIS
