# The table settles by looking up what each roll does (wagers.roll_codes) instead of deciding
# again: the table must equal the definitions (settle_code, and pays for a win) for every wager,
# roll, puck state and house rule the codes depend on.
from craps.house import HouseRules
from craps.wagers import Wager, WIN, RATIOS, roll_codes, settle_code, pays, hop_code
from support import table

KINDS = [("pass", n, None) for n in (0, 4, 5, 6, 8, 9, 10)] + \
    [("dont_pass", n, None) for n in (0, 4, 10)] + [("come", n, None) for n in (0, 5)] + \
    [("dont_come", n, None) for n in (0, 9)] + [("put", 6, None)] + \
    [(k, n, None) for k in ("place", "buy", "lay") for n in (4, 5, 6, 8, 9, 10)] + \
    [("hard", n, None) for n in (4, 6, 8, 10)] + [("big6", 6, None), ("big8", 8, None)] + \
    [(k, 0, None) for k in ("field", "any7", "any_craps", "two", "three", "yo", "twelve")] + \
    [("hop", hop_code(2, 3), None), ("hop", hop_code(4, 4), None)] + \
    [("odds", n, on) for n in (4, 6, 9) for on in ("pass", "dont_pass", "come", "dont_come")]


RULES = [{"bar": 12}, {"bar": 2}, {"field_12": 3}, {"pays": "for"}, {"bar": 2, "pays": "for"}]


def _definition(w, point, d1, d2, rules):
    # (outcome, what a win pays) as the definitions say
    code = settle_code(w, point, d1, d2, rules)
    return code, pays(w, d1, d2, rules) if code == WIN else None


def _looked_up(code):
    return code & 7, RATIOS[code >> 3] if code & 7 == WIN else None


def test_roll_codes_equal_the_definition_for_every_roll_and_puck():
    for house in RULES:
        rules = HouseRules(house)
        for kind, number, on in KINDS:
            for working in (None, True, False):
                w = Wager(0, kind, number, 10, on)
                w.working = working
                off, on_ = roll_codes(w, rules)
                for d1 in range(1, 7):
                    for d2 in range(1, 7):
                        i = (d1 - 1) * 6 + d2 - 1
                        assert _looked_up(off[i]) == _definition(w, 0, d1, d2, rules), \
                            (house, kind, number, on)
                        for point in (4, 5, 6, 8, 9, 10):
                            assert _looked_up(on_[i]) == _definition(w, point, d1, d2, rules), \
                                (house, kind, number)


def test_tables_under_different_house_rules_each_pay_by_their_own():
    # Each table looks its codes up under its own rules, the tables in turn.
    tables = {(2, "to"): table(), (3, "to"): table(field_12=3), (2, "for"): table(pays="for")}
    for _ in range(2):
        for (field_12, pays_), t in tables.items():
            t.bet(0, "field", 10)
            assert t.roll(6, 6).settlements[0][5] == 10 * field_12
            t.bet(0, "twelve", 10)
            assert t.roll(6, 6).settlements[0][5] == (290 if pays_ == "for" else 300)


def test_calling_a_wager_off_changes_what_the_come_out_does_to_it():
    t = table()
    t.bet(0, "place", 6, 6, working=True)
    r = t.roll(3, 3)  # a come-out 6 (the house's point): the working place bet wins
    assert r.settlements[0][5] == 7
    t.set_working(0, "place", False, 6)  # off for the come-out: with the puck ON it still works
    r = t.roll(3, 4)  # seven-out
    assert r.settlements[0][7] == 6
    t.bet(0, "place", 6, 6)
    t.set_working(0, "place", True, 6)
    t.set_working(0, "place", False, 6)
    assert t.roll(3, 3).settlements == []  # a come-out 6 with the place bet off: nothing


def test_a_bet_is_placed_without_working_out_its_codes_and_its_first_roll_makes_them_once():
    # Working the 72 codes out took 61 ms of a player's first pass bet on the chip: a roll,
    # which the player does not wait on key by key, makes them, once for all wagers alike.
    import craps.table
    made = []
    real = craps.table.roll_table

    def counted(w, rules):
        made.append(w.kind)
        return real(w, rules)
    craps.table.roll_table = counted
    try:
        t = table((1000, 1000))
        t.bet(0, "pass", 10)
        t.bet(1, "pass", 10)
        t.bet(0, "field", 10)
        assert made == []
        t.roll(2, 2)
        assert sorted(made) == ["field", "pass"]
        t.bet(0, "field", 10)
        t.roll(6, 6)  # the field's codes looked up, not made; the pass bets, now behind the
        # point 4, are on another spot: its codes made once for both
        assert sorted(made) == ["field", "pass", "pass"]
    finally:
        craps.table.roll_table = real
