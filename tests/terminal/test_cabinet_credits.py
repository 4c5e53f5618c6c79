# Credit meters: credits in, bets off the meter, cash out as a handpay that locks the station
# until the attendant key is turned on and off. The Driver checks after every event that no meter
# is below 0 and that no credit is made or lost.
from cabinet_support import Driver, money
from terminal import attendant, buttons
from terminal.cabinet import CLOSED


def test_credits_in_go_on_the_meter():
    d = Driver(stations=2, credits=0)
    assert d.credits(0) == 0 and d.display[0][0] == "S1 CR 0"
    assert d.refused(0, "bet") == "that needs 1 credits; the meter shows 0"
    d.credits_in(0, 20)
    assert d.credits(0) == 20 and d.message(0) == "CREDITS IN 20" and d.credits(1) == 0
    d.bet(0, "pass", "chip")
    assert d.credits(0) == 15
    d.credits_in(0, 7)  # while betting is closed too
    assert d.credits(0) == 22


def test_the_meter_never_goes_negative():
    d = Driver(stations=1, credits=3)
    d.bet(0, "field", "chip")
    assert d.message(0) == "that needs 5 credits; the meter shows 3" and d.credits(0) == 3
    d.chip(0, 1)
    d.bet(0, chips=3)
    assert d.credits(0) == 0 and d.spot_line(0) == "FIELD: 3"
    assert d.refused(0, "bet") == "that needs 1 credits; the meter shows 0"
    d.press(0, "prop")  # any 7
    assert d.refused(0, "bet") == "that needs 1 credits; the meter shows 0"
    d.credits_in(0, 3)
    d.press(0, "prop", "prop", "prop", "prop", "prop", "prop")  # horn: 4 credits a chip
    assert d.refused(0, "bet") == "that needs 4 credits; the meter shows 3"
    assert d.credits(0) == 3 and d.spot_line(0) == "HORN: 0"
    d.press(0, "take_down")
    assert d.message(0) == "there is no such wager to take down"


def test_cash_out_is_a_handpay_that_locks_the_station_until_the_key():
    d = Driver(stations=2, credits=100)
    d.bet(0, "pass", "chip")
    d.bet(1, "pass")
    out = d.press(0, "cash_out")
    assert (d.cab.panels[0].handpay, d.table.credits[0]) == (95, 0)
    assert ("signal", 0, "handpay") in out
    assert d.display[0] == ("S1 CR 0 SHOOTER", "PASS: 5", "CHIP 5  PLACE", "HANDPAY 95",
                            "WAIT FOR THE ATTENDANT")
    # Locked: every button but Help and Recall is refused, the selection buttons too.
    for name in buttons.SELECT + buttons.MONEY + buttons.GAME:
        assert d.refused(0, name) == "handpay waiting for the attendant"
    assert d.display[0][1:3] == ("PASS: 5", "CHIP 5  PLACE")
    d.press(0, "help")
    assert d.display[0][0].startswith("HELP 1/")
    d.press(0, "bet")  # leaves the help view only
    assert d.display[0][0] == "S1 CR 0 SHOOTER"
    # The station's bets still play; the other station plays on. S1 is still the shooter, but
    # locked: S1's Roll is refused, so the roll timeout passes the dice to S2.
    d.to(d.now + d.settings.roll_timeout_ms)
    assert d.cab.shooter() == 1
    r = d.roll(5, 6, by=1)
    assert sorted((x[0], x[5]) for x in r) == [(0, 5), (1, 1)]
    assert d.credits(0) == 10 and d.display[0][3] == "HANDPAY 95"  # the win is on the meter
    assert d.refused(0, "cash_out") == "handpay waiting for the attendant"
    d.key(True)
    assert d.refused(0, "n6") == attendant.HINT  # the panel is the attendant's
    assert d.cab.panels[0].handpay == 95
    d.key(False)
    assert d.paid == [95, 0] and d.cab.panels[0].handpay == 0
    assert d.message(0) == "HANDPAY 95 PAID" and d.display[0][3] == "LAST 5+6=11"
    d.bet(0, "pass")  # unlocked
    assert d.credits(0) == 5 and d.message(0) == "PASS +5"
    d.press(0, "cash_out")
    assert d.cab.panels[0].handpay == 5 and d.credits(0) == 0


def test_nothing_to_cash_out():
    d = Driver(stations=1, credits=0)
    assert d.refused(0, "cash_out") == "nothing to cash out"
    assert d.cab.panels[0].handpay == 0


def test_cash_out_while_the_dice_roll_keeps_the_bets_on_the_layout():
    d = Driver(stations=2, credits=50)
    d.bet(0, "pass", "chip", chips=2)
    d.bet(1, "dont_pass", "chip", chips=2)
    d.call(0)
    d.press(1, "cash_out")
    assert d.cab.phase == CLOSED and d.cab.panels[1].handpay == 40
    assert d.table.on_table(1) == 10
    d.throw(1, 2)  # craps: the don't pass wins onto the locked meter
    assert d.credits(1) == 20 and d.credits(0) == 40
    d.key(True)
    d.key(False)
    assert d.paid == [0, 40]


def test_every_station_may_cash_out_and_one_key_turn_pays_them_all():
    d = Driver(stations=4, credits=30)
    for s in range(4):
        d.bet(s, "field")
        d.press(s, "cash_out")
    assert [p.handpay for p in d.cab.panels] == [29] * 4
    d.key(True)
    d.key(False)
    assert d.paid == [29] * 4
    assert [d.message(s) for s in range(4)] == ["HANDPAY 29 PAID"] * 4
    assert money(d.table) == ([0] * 4, sorted((s, "field", 0, 1, None, None, 0, 0)
                                              for s in range(4)))
