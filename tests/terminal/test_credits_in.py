# Credits in, by source and within the board's bounds: the acceptor's (the CREDITS_IN event) and
# the attendant's (Take Down with the key on), each metered apart and in the total; a credit in
# over the largest single credit in or past a station's largest meter is refused, changes no
# money, is logged and shown. The self-audit compares what the meters moved, not their values
# modulo 10^10, so credits held off by exactly 10^10 tilt the cabinet.
from cabinet_support import Driver, money
from terminal.cabinet import TILT, BETTING
from terminal.events import PRESS, SIGNAL
from terminal.meters import WRAP


def last(d):
    e = d.entries()[-1]
    return e[4], e[5]


def counts(d, *names):
    return tuple(d.cab.meters.counts[name] for name in names)


def test_the_acceptors_credits_are_metered_as_its_own():
    d = Driver(stations=2, credits=0)
    d.credits_in(1, 25)
    assert d.credits(1) == 25 and d.message(1) == "CREDITS IN 25"
    assert counts(d, "credits_in", "acceptor_in", "attendant_in") == (25, 25, 0)
    assert d.entries() == []  # not an attendant's action


def test_a_credit_in_of_ten_digits_is_refused_and_changes_nothing():
    d = Driver(stations=1, credits=0)
    before = money(d.table)
    out = d.credits_in(0, 10 ** 10)
    assert (SIGNAL, 0, "refused") in out and money(d.table) == before
    assert d.message(0) == "credits in 10000000000 refused: 10000 at most at a time"
    assert counts(d, "credits_in", "acceptor_in") == (0, 0) and d.credits(0) == 0
    assert last(d) == ("CREDIT REFUSED",
                       "S1 acceptor credits in 10000000000 refused: 10000 at most at a time")
    assert d.cab.phase == BETTING


def test_a_credit_in_that_would_pass_the_largest_meter_is_refused():
    d = Driver(stations=2, credits=0, credit_meter_max=500)
    d.credits_in(0, 400)
    d.credits_in(0, 101)
    assert d.message(0) == "credits in 101 refused: a meter holds 500 at most"
    assert last(d) == ("CREDIT REFUSED",
                       "S1 acceptor credits in 101 refused: a meter holds 500 at most")
    assert d.credits(0) == 400 and counts(d, "credits_in", "acceptor_in") == (400, 400)
    d.credits_in(0, 100)  # up to the bound
    d.credits_in(1, 500)  # each station's own meter
    assert d.credits(0) == 500 and d.credits(1) == 500


def test_the_largest_single_credit_in_is_a_setting():
    d = Driver(stations=1, credits=0, credit_in_max=20, attendant_credit_step=20)
    d.credits_in(0, 20)
    d.credits_in(0, 21)
    assert d.credits(0) == 20 and d.message(0).endswith("20 at most at a time")


def test_the_attendant_adds_the_boards_step_metered_and_logged():
    d = Driver(stations=2, credits=0, attendant_credit_step=50)
    d.credits_in(0, 10)
    d.key(True)
    d.press(1, "take_down")
    d.press(1, "take_down")
    assert d.table.credits == [10, 100]
    assert counts(d, "credits_in", "acceptor_in", "attendant_in") == (110, 10, 100)
    assert [(e[4], e[5]) for e in d.entries()[-2:]] == [("ATTENDANT CREDIT", "S2 50")] * 2
    d.key(False)
    assert d.credits(1) == 100
    d.bet(1, "pass")
    assert d.credits(1) == 99


def test_the_attendants_credit_is_refused_past_the_largest_meter():
    d = Driver(stations=1, credits=0, credit_meter_max=150)
    d.key(True)
    d.press(0, "take_down")
    out = d.press(0, "take_down")
    assert (SIGNAL, 0, "refused") in out and d.table.credits == [100]
    assert last(d) == ("CREDIT REFUSED",
                       "S1 attendant credits in 100 refused: a meter holds 150 at most")
    assert d.message(0) == "credits in 100 refused: a meter holds 150 at most"
    assert counts(d, "credits_in", "attendant_in") == (100, 100)


def test_the_self_audit_catches_credits_held_off_by_exactly_ten_digits():
    # Compared modulo 10^10, 10000000105 held and 105 on the meters agree; what moved does not.
    d = Driver(stations=1, credits=100)
    d.credits_in(0, 5)
    d.bet(0, "pass")
    d.table.credits[0] += WRAP  # a meter changed behind the cabinet's back
    d.event((PRESS, 0, "roll"), check=False)  # the bets close: the self-audit runs
    assert d.cab.phase == TILT
    assert d.cab.tilt == "METERS DO NOT BALANCE: 10000000105 HELD, 105 ON THE METERS"


def test_a_win_past_the_largest_meter_is_paid_as_a_handpay():
    d = Driver(stations=1, credits=0, credit_meter_max=500)
    d.credits_in(0, 500)
    d.bet(0, "pass", chips=20)  # 20 on the pass line
    d.roll(3, 4)  # a natural: 20 won, the meter would hold 520
    assert d.credits(0) == 500 and d.cab.panels[0].handpay == 20
    assert d.message(0) == "HANDPAY 20: A METER HOLDS 500"
    assert d.cab.meters.counts["credits_out"] == 20
    assert d.refused(0, "bet") == "handpay waiting for the attendant"
    d.key(True)
    d.key(False)  # the attendant pays it
    assert last(d) == ("KEY OFF", "") and d.cab.panels[0].handpay == 0


def test_a_meter_at_the_ten_digit_bound_wins_and_cashes_out_without_a_false_tilt():
    # Seen: at credit_meter_max 10^10 - 1 a win took the meter to 10^10, and its cash-out moved
    # credits_out by a whole wrap: METERS DO NOT BALANCE.
    d = Driver(stations=1, credits=WRAP - 10, credit_meter_max=WRAP - 1)
    d.bet(0, "pass", chips=20)
    d.roll(3, 4)
    assert d.credits(0) == WRAP - 1 and d.cab.panels[0].handpay == 11
    d.key(True)
    d.key(False)
    d.press(0, "cash_out")
    assert d.cab.tilt == "" and d.cab.meters.balance(d.table) is None
