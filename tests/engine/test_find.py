# Table.find reads an index kept in step with Table.wagers: it must answer as a scan of the
# wagers would, through bets, odds, travel, decisions and take-downs, and for names no wager has.
from support import table, point_on
from craps.table import Table
from craps.house import HouseRules
from craps.wagers import Wager


def scan(t, player, kind, number=0, on=None):
    for w in t.wagers:
        if w.player == player and w.kind == kind and w.number == number and w.on == on:
            return w
    return None


def names(t):
    out = [(w.player, w.kind, w.number, w.on) for w in t.wagers]
    for player in range(t.stations()):
        for kind in ("pass", "dont_pass", "come", "dont_come", "place", "field", "odds", "hard"):
            for number in (0, 4, 5, 6, 8, 9, 10):
                for on in (None, "pass", "come", "dont_come"):
                    out.append((player, kind, number, on))
    return out


def agrees(t):
    for name in names(t):
        assert t.find(*name) is scan(t, *name), name


def test_find_agrees_with_a_scan_as_bets_travel_win_and_come_down():
    t = table((1000, 1000))
    point_on(t, 6)
    t.odds(0, "pass", 10)
    t.bet(0, "come", 10)
    t.bet(1, "dont_come", 10)
    t.bet(1, "place", 12, 8)
    t.bet(0, "field", 5)
    agrees(t)
    t.roll(4, 4)  # the come bets travel to 8; place 8 wins and stays; the field loses
    agrees(t)
    t.odds(0, "come", 10, 8)
    t.bet(0, "come", 10)
    agrees(t)
    t.roll(5, 3)  # the come bet on 8 wins with its odds; the new one takes its place
    agrees(t)
    t.remove(1, "place", 8)
    agrees(t)
    t.roll(3, 4)  # seven out
    agrees(t)
    assert t.find(0, "pass", 6) is None and t.find(1, "dont_come", 8) is None


def test_find_answers_none_for_names_no_wager_has():
    t = table()
    point_on(t, 6)
    t.bet(0, "place", 12, 8)
    for args in ((0, "nothing"), (0, "place", 108), (0, "place", -8), (0, "place", 8.5),
                 (8, "place", 8), (-1, "place", 8), ("0", "place", 8), (None, "pass", 6),
                 (0, "place", None), (0, ["place"], 8), (0, "odds", 6, "nothing"),
                 (0, "odds", 6, ["pass"]), (0, "pass", 6, "pass")):
        assert t.find(*args) is None, args
    assert t.find(0, "place", 8) is t.wagers[1]


def test_a_table_restored_by_setting_its_wagers_finds_them_after_reindex():
    t = table()
    point_on(t, 6)
    t.bet(0, "place", 12, 8)
    t.bet(0, "come", 10)
    restored = Table(list(t.credits), HouseRules())
    restored.point = t.point
    restored.wagers = []
    for w in t.wagers:
        copy = Wager(w.player, w.kind, w.number, w.amount, w.on)
        copy.working, copy.vig, copy.state = w.working, w.vig, w.state
        restored.wagers.append(copy)
    restored._reindex()
    agrees(restored)
    a = t.roll(4, 4)
    b = restored.roll(4, 4)
    assert a.settlements == b.settlements
    assert restored.credits == t.credits
    agrees(restored)


def test_a_kind_that_is_no_name_at_all_is_an_unknown_wager():
    from support import refused
    from craps import errors
    t = table()
    refused(errors.UnknownWager, t, t.bet, 0, ["pass"], 10)
    refused(errors.UnknownWager, t, t.bet, 0, None, 10)


def test_a_table_given_other_rules_and_reindexed_settles_by_them():
    from craps.wagers import PUSH, WIN
    t = table()
    t.bet(0, "dont_pass", 10)
    assert t.roll(1, 1).settlements[0][4] == WIN  # bar 12: a 2 wins for the don't side
    t.bet(0, "dont_pass", 10)
    t.rules = HouseRules({"bar": 2})
    t._reindex()
    assert t.roll(1, 1).settlements[0][4] == PUSH  # bar 2



def test_a_wager_decided_on_a_spot_another_holds_leaves_the_other_found():
    # A table set up directly may hold one spot twice (layout.load refuses it); find() answers
    # the first made. When the other one is decided, the first stays found.
    t = table()
    off = Wager(0, "place", 6, 12)  # off on the come-out, the house default
    working = Wager(0, "place", 6, 6)
    working.working = True
    t.wagers = [off, working]
    t._reindex()
    assert t.find(0, "place", 6) is off
    r = t.roll(3, 4)  # a come-out 7: the working one loses, the off one stands
    assert [s[7] for s in r.settlements] == [6] and t.wagers == [off]
    assert t.find(0, "place", 6) is off
