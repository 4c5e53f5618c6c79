# The table settles by looking up what each roll does (wagers.roll_codes) instead of deciding
# again: the table must equal the definition (settle_code) for every wager, roll and puck state.
from craps.house import HouseRules
from craps.wagers import Wager, roll_codes, settle_code, hop_code
from support import table

KINDS = [("pass", n, None) for n in (0, 4, 5, 6, 8, 9, 10)] + \
    [("dont_pass", n, None) for n in (0, 4, 10)] + [("come", n, None) for n in (0, 5)] + \
    [("dont_come", n, None) for n in (0, 9)] + [("put", 6, None)] + \
    [(k, n, None) for k in ("place", "buy", "lay") for n in (4, 5, 6, 8, 9, 10)] + \
    [("hard", n, None) for n in (4, 6, 8, 10)] + [("big6", 6, None), ("big8", 8, None)] + \
    [(k, 0, None) for k in ("field", "any7", "any_craps", "two", "three", "yo", "twelve")] + \
    [("hop", hop_code(2, 3), None), ("hop", hop_code(4, 4), None)] + \
    [("odds", n, on) for n in (4, 6, 9) for on in ("pass", "dont_pass", "come", "dont_come")]


def test_roll_codes_equal_the_definition_for_every_roll_and_puck():
    for bar in (12, 2):
        rules = HouseRules({"bar": bar})
        for kind, number, on in KINDS:
            for working in (None, True, False):
                w = Wager(0, kind, number, 10, on)
                w.working = working
                off, on_ = roll_codes(w, rules)
                for d1 in range(1, 7):
                    for d2 in range(1, 7):
                        i = (d1 - 1) * 6 + d2 - 1
                        assert off[i] == settle_code(w, 0, d1, d2, rules), (kind, number, on)
                        for point in (4, 5, 6, 8, 9, 10):
                            assert on_[i] == settle_code(w, point, d1, d2, rules), (kind, number)


def test_calling_a_wager_off_changes_what_the_come_out_does_to_it():
    t = table()
    t.bet(0, "place", 6, 6, working=True)
    r = t.roll(3, 3)  # a come-out 6 (the house's point): the working place bet wins
    assert r.settlements[0].win == 7
    t.set_working(0, "place", False, 6)  # off for the come-out: with the puck ON it still works
    r = t.roll(3, 4)  # seven-out
    assert r.settlements[0].lost == 6
    t.bet(0, "place", 6, 6)
    t.set_working(0, "place", True, 6)
    t.set_working(0, "place", False, 6)
    assert t.roll(3, 3).settlements == []  # a come-out 6 with the place bet off: nothing
