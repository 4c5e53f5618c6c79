# Whole scripted games through the cabinet, from the panel's buttons: what each station's display,
# the sign and the puck show, and where every credit goes (docs/rules.md's default house rules).
from cabinet_support import Driver, find, lit
from support import wagers
from terminal import puck
from craps.wagers import WIN, LOSE, PUSH, RETURN


def test_three_stations_line_come_odds_place_hard_field_then_a_seven_out():
    d = Driver(stations=3)
    d.bet(0, "pass", "chip", chips=2)  # chip 5, twice: pass 10
    d.bet(1, "dont_pass")  # one chip of 1...
    d.bet(1, "chip")  # ...and one of 5: don't pass 6
    d.bet(2, "field", "chip")  # field 5
    assert d.spot_line(0) == "PASS: 10" and d.spot_line(1) == "DONT PASS: 6"
    assert d.spot_line(2) == "FIELD: 5"
    assert [d.credits(s) for s in range(3)] == [990, 994, 995]
    assert d.display[0][0] == "S1 CR 990 SHOOTER"
    assert d.status[1].startswith("PUCK OFF  S1 SHOOTS")

    d.call(0)
    d.ask()
    assert d.status[0] == "DICE ROLLING"
    r = d.dice(2, 2)  # point 4: the field wins
    assert r == [(2, "field", 0, None, WIN, 5, 5, 0, 5, 0)]
    assert d.status[0] == "2+2=4 POINT IS 4"
    d.settle()
    assert d.status[0] == "PLACE YOUR BETS"
    assert d.status[1].startswith("POINT 4  S1 SHOOTS") and d.status[2] == "LAST ROLLS: 4"
    assert lit(d.frame) == {puck.lamp(4): puck.WHITE}
    assert d.message(2) == "WIN 5" and d.message(0) == "" and d.message(1) == ""
    assert [d.credits(s) for s in range(3)] == [990, 994, 1005]
    assert d.display[0][3] == "LAST 2+2=4"

    d.bet(0, "odds", "n4", chips=4)  # 20 behind the pass line: 3x on 4 is at most 30
    assert d.spot_line(0) == "ODDS PASS 4: 20" and d.message(0) == "ODDS PASS 4 +5"  # one chip a press
    d.bet(0, "odds", "n4", chips=3)  # 35 would pass the cap: refused, nothing taken
    assert d.spot_line(0) == "ODDS PASS 4: 30"
    assert d.message(0) == "odds on 4 may be at most 30 credits here"
    assert d.signals[-1] == (0, "refused")
    d.bet(0, "come", chips=2)  # come 10
    assert d.spot_line(0) == "COME: 10"
    d.bet(1, "odds", "n4", chips=2)  # lay 10 against the 4 behind the don't pass
    assert d.spot_line(1) == "ODDS DONT PASS 4: 10"
    d.bet(2, "place", "n6", chips=6)  # place 6 for 30
    d.bet(2, "hard", "n8")  # hard 8 for 5
    assert d.spot_line(2) == "HARD 8: 5"
    assert [d.credits(s) for s in range(3)] == [950, 984, 970]
    assert [d.table.on_table(s) for s in range(3)] == [50, 16, 35]

    r = d.roll(2, 3)  # the come bet travels to 5; nothing is decided
    assert r == []
    assert d.table.find(0, "come", 5).amount == 10
    assert d.spot_line(0) == "COME: 0"  # the box is empty again
    assert d.message(0) == ""
    d.bet(0, "odds", "n5", chips=2)  # odds 10 behind the come bet on 5
    assert d.spot_line(0) == "ODDS COME 5: 10"

    r = d.roll(3, 3)  # easy 6: place 6 pays 7:6 and stays up
    assert r == [(2, "place", 6, None, WIN, 35, 35, 0, 0, 30)]
    assert d.message(2) == "WIN 35" and d.credits(2) == 1005
    r = d.roll(4, 4)  # hard 8 pays 9:1 and stays up
    assert find(r, 2, "hard", 8)[5] == 45 and d.credits(2) == 1050
    r = d.roll(3, 2)  # the come point: come 10 even, odds 10 at 3:2
    assert find(r, 0, "come", 5)[4:6] == (WIN, 10)
    assert find(r, 0, "odds", 5)[4:6] == (WIN, 15)
    assert d.message(0) == "WIN 25" and d.credits(0) == 940 + 20 + 25

    r = d.roll(1, 3, by=0)  # point made, the hard way not needed for a pass
    assert find(r, 0, "pass")[4:6] == (WIN, 10)
    assert find(r, 0, "odds")[4:6] == (WIN, 60)  # 30 at 2:1
    assert find(r, 1, "dont_pass")[4:6] == (LOSE, -6)
    assert find(r, 1, "odds")[4:6] == (LOSE, -10)
    assert d.message(0) == "WIN 70" and d.message(1) == "LOSE 16"
    assert [d.credits(s) for s in range(3)] == [985 + 40 + 70, 984, 1050]
    assert d.status[2] == "LAST ROLLS: 4 5 8 6 5 4"
    assert lit(d.frame) == {0: puck.WHITE}  # the puck is OFF again

    # A new come-out: the place 6 and hard 8 stay up, OFF; the shooter keeps the dice.
    d.bet(0, "pass", chips=2)
    d.bet(1, "pass")  # 5
    assert d.spot_line(2) == "HARD 8: 5 OFF"
    r = d.roll(3, 4)  # a natural: the line wins; the off place and hard bets are not decided
    assert sorted(x[:2] for x in r) == [(0, "pass"), (1, "pass")]
    # The line bets came back, but S1 threw a natural: S1 keeps the dice, bet or no bet.
    assert d.status[1] == "PUCK OFF  S1 SHOOTS 30s"
    d.press(0, "repeat")  # the pass 10 again
    assert d.message(0) == "REPEAT 1 OF 1" and d.spot_line(0) == "PASS: 10"
    d.press(1, "repeat")
    r = d.roll(5, 5)
    assert r == [] and d.table.point == 10
    r = d.roll(6, 1)  # seven-out
    assert sorted((x[0], x[1], x[5]) for x in r) == [
        (0, "pass", -10), (1, "pass", -5), (2, "hard", -5), (2, "place", -30)]
    assert d.table.wagers == []
    assert d.table.holder == 1  # the dice go clockwise to S2
    assert d.status[1].startswith("PUCK OFF  BET THE LINE TO SHOOT")
    d.bet(0, "pass")
    assert d.status[1].startswith("PUCK OFF  S1 SHOOTS")  # nobody else has a line bet
    d.bet(1, "pass")
    assert d.status[1].startswith("PUCK OFF  S2 SHOOTS")
    assert d.display[1][0].endswith(" SHOOTER") and not d.display[0][0].endswith(" SHOOTER")
    assert d.refused(0, "roll") == "S2 shoots"
    d.roll(1, 1, by=1)
    assert d.shooters[-1] == 1


def test_props_hop_compound_buy_lay_big_side_bets_take_down_and_working():
    d = Driver(stations=2, rules={"side_bets": True})
    d.bet(0, "side")  # fire 1
    assert d.spot_line(0) == "FIRE: 1"
    d.bet(0, "side", "side", "side")  # all, tall, small: small 1
    assert d.spot_line(0) == "SMALL: 1"
    d.bet(0, "pass", "chip")  # pass 5
    d.bet(1, "buy", "n4", "chip", "chip")  # buy 4 for 25 (commission on the win)
    assert d.display[1][2] == "CHIP 25  BUY"
    d.chip(1, 5)
    d.bet(1, "lay", "n10", chips=8)  # lay 10 for 40
    d.bet(1, "big", "n8")  # big 8 for 5
    assert d.spot_line(1) == "BIG 8: 5"
    assert d.message(1) == "BIG 8 +5"
    d.chip(1, 1)
    for _ in range(7):
        d.press(1, "prop")  # any 7, any craps, 2, 3, 11, 12, horn
    assert d.spot_line(1) == "HORN: 0" and d.display[1][2] == "CHIP 4  BIG"  # 1 a part
    d.press(1, "bet")
    assert d.spot_line(1) == "HORN: 4"
    for _ in range(6):
        d.press(1, "prop")  # horn high on 2, 3, 11, 12, world, C & E
    d.press(1, "bet")
    assert d.spot_line(1) == "C & E: 2"
    for _ in range(8):
        d.press(1, "hop")  # 1-1 1-2 ... 1-6 2-2 2-3
    d.press(1, "bet")
    assert d.spot_line(1) == "HOP 2-3: 1"
    assert d.credits(0) == 1000 - 7 and d.credits(1) == 1000 - 25 - 40 - 5 - 4 - 2 - 1

    r = d.roll(2, 3)  # point 5: the hop wins 15:1; horn and C & E lose every part
    assert find(r, 1, "hop")[4:6] == (WIN, 15)
    assert find(r, 1, "horn")[4:6] == (LOSE, -4)
    assert find(r, 1, "ce")[4:6] == (LOSE, -2)
    assert len(r) == 3  # buy, lay, big and the side bets wait
    assert d.message(1) == "WIN 9"
    r = d.roll(4, 4)  # big 8 pays even and stays up
    assert r == [(1, "big8", 8, None, WIN, 5, 5, 0, 0, 5)]
    r = d.roll(2, 2)  # buy 4: 2:1 less 5% of 25, rounded down (1)
    assert r == [(1, "buy", 4, None, WIN, 49, 49, 0, 0, 25)]
    assert d.roll(1, 2) == [] and d.roll(1, 1) == []
    r = d.roll(3, 3)  # every total 2-6 before a 7: small pays 34:1
    assert r == [(0, "small", 0, None, WIN, 34, 34, 0, 1, 0)]
    r = d.roll(1, 4)  # the point: pass wins; fire has one point
    assert find(r, 0, "pass")[4:6] == (WIN, 5)
    assert d.table.find(0, "fire").state
    assert d.credits(0) == 993 + 35 + 10

    # On the come-out the buy is OFF unless the player calls it working; big 8 is working.
    d.press(1, "buy", "n4")
    assert d.spot_line(1) == "BUY 4: 25 OFF"
    d.press(1, "working")
    assert d.spot_line(1) == "BUY 4: 25" and d.message(1) == "BUY 4 WORKING"
    d.press(1, "big", "n8", "working")
    assert d.spot_line(1) == "BIG 8: 5 OFF" and d.message(1) == "BIG 8 OFF"
    d.press(1, "lay", "n10", "take_down")  # the lay comes down whole
    assert d.message(1) == "LAY 10 DOWN +40" and d.spot_line(1) == "LAY 10: 0"
    meter = d.credits(1)
    d.bet(0, "pass")  # chip 5
    r = d.roll(1, 3)  # point 4: the working buy wins again, the big 8 is not decided
    assert r == [(1, "buy", 4, None, WIN, 49, 49, 0, 0, 25)]
    assert d.credits(1) == meter + 49
    r = d.roll(3, 4)  # seven-out: fire (1 point) loses, buy and big 8 lose
    assert sorted((x[0], x[1], x[5]) for x in r) == [
        (0, "fire", -1), (0, "pass", -5), (1, "big8", -5), (1, "buy", -25)]
    assert d.table.wagers == []


def test_side_bets_close_at_the_first_roll_and_are_off_unless_enabled():
    d = Driver(stations=2)
    d.bet(0, "side")
    assert d.message(0) == "this table takes no side bets" and d.signals[-1] == (0, "refused")
    d = Driver(stations=2, rules={"side_bets": True})
    d.bet(0, "pass")
    d.roll(2, 2)
    d.bet(1, "side", "bet")
    assert d.message(1) == "side bets close at the first roll of a hand"
    assert d.credits(1) == 1000


def test_put_bets_and_come_on_the_come_out():
    d = Driver(stations=1)
    d.bet(0, "come")
    assert d.message(0) == "come needs a point: the puck is OFF"
    d.bet(0, "pass")
    d.roll(3, 3)
    d.bet(0, "put", "n8")
    assert d.message(0) == "this table takes no Put bets" and d.credits(0) == 999
    d = Driver(stations=1, rules={"put": True})
    d.bet(0, "pass")
    d.roll(3, 3)
    d.bet(0, "put", "n8", "chip")  # put 8 for 5
    assert d.spot_line(0) == "PUT 8: 5"
    d.bet(0, "odds", "n8", chips=6)  # 5x on 8: 25 at most
    assert d.spot_line(0) == "ODDS PUT 8: 25"
    assert d.message(0) == "odds on 8 may be at most 25 credits here"
    d.press(0, "put", "n8", "take_down")
    assert d.message(0) == "put is a contract bet: it stays until decided"
    r = d.roll(2, 6)
    assert find(r, 0, "put")[4:6] == (WIN, 5) and find(r, 0, "odds")[4:6] == (WIN, 30)


def test_pass_cannot_be_added_to_or_taken_down_once_the_point_is_on():
    d = Driver(stations=2)
    d.bet(0, "pass", "chip", chips=2)
    d.bet(1, "dont_pass", "chip", chips=2)
    d.press(1, "take_down")  # on the come-out a line bet may still come down
    assert d.message(1) == "DONT PASS DOWN +10" and d.credits(1) == 1000
    d.bet(1, "dont_pass", chips=2)
    d.roll(4, 6)
    assert d.refused(0, "bet") == "pass is made on the come-out only"
    assert d.refused(0, "take_down") == "pass is a contract bet: it stays until decided"
    assert d.refused(1, "bet") == "dont pass is made on the come-out only"
    d.press(1, "take_down")  # a don't pass may come down after the point
    assert d.message(1) == "DONT PASS DOWN +10" and d.credits(1) == 1000


def test_odds_need_their_flat_bet_and_name_it():
    d = Driver(stations=1)
    d.bet(0, "odds", "n6")
    assert d.spot_line(0) == "ODDS 6: 0"
    assert d.message(0) == "no line or come bet on 6 to take odds behind"
    d.bet(0, "pass")
    d.roll(2, 2)
    d.bet(0, "odds", "n6")  # the point is 4
    assert d.message(0) == "no line or come bet on 6 to take odds behind"
    assert d.credits(0) == 999
    d.bet(0, "come")
    d.roll(3, 3)
    d.bet(0, "odds", "n6", chips=6)  # 5x a come bet of 1 on 6
    assert d.spot_line(0) == "ODDS COME 6: 5" and d.credits(0) == 993
    assert d.message(0) == "odds on 6 may be at most 5 credits here"
    d.press(0, "take_down")
    assert d.message(0) == "ODDS COME 6 DOWN +5" and d.credits(0) == 998


def test_come_odds_are_off_on_the_come_out_unless_called_working():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.roll(2, 2)  # point 4
    d.bet(0, "come")
    d.roll(3, 3)  # come to 6
    d.bet(0, "come")
    d.roll(4, 4)  # come to 8
    d.bet(0, "odds", "n6", "chip")  # chip 5: odds 5 behind the come bet on 6 (5x)
    d.bet(0, "odds", "n8")  # 5
    d.press(0, "odds", "n8", "working")
    assert d.message(0) == "ODDS COME 8 WORKING"
    d.press(0, "odds", "n4", "working")
    assert d.message(0) == "there is no bet there to call on or off"
    d.chip(0, 1)
    d.press(0, "bet", "working")  # odds behind the pass line always work
    assert d.message(0) == "pass cannot be called on or off"
    d.roll(2, 2)  # point made: the puck is OFF
    assert d.spot_line(0) == "ODDS 4: 0"  # the pass bet and its odds are paid and gone
    d.press(0, "n8")
    assert d.spot_line(0) == "ODDS COME 8: 5"  # working: no OFF
    d.press(0, "odds", "n6")
    assert d.spot_line(0) == "ODDS COME 6: 5 OFF"
    d.bet(0, "pass")
    r = d.roll(1, 5)  # a come-out 6: the come bet on 6 wins, its off odds come back
    assert find(r, 0, "come", 6)[4:6] == (WIN, 1)
    assert find(r, 0, "odds", 6)[4:6] == (RETURN, 0)
    assert d.message(0) == "WIN 1" and d.table.point == 6
    r = d.roll(2, 6)  # the come bet on 8 and its working odds win
    assert find(r, 0, "odds", 8)[4:6] == (WIN, 6)
    assert d.message(0) == "WIN 7"


def test_repeat_stands_the_whole_last_round_again():
    d = Driver(stations=2)
    d.press(0, "repeat")
    assert d.message(0) == "no bets from the last round to repeat"
    d.bet(0, "pass", "chip")
    d.bet(0, "field")
    d.bet(0, "prop", "chip", "chip", "chip")  # any 7 for 1
    d.bet(1, "dont_pass")
    d.bet(1, "field")
    d.press(1, "take_down")  # taken down: not on the layout, not repeated
    d.roll(2, 2)  # point 4: field wins, any 7 loses
    d.press(0, "repeat")  # the pass bet is still up; field and any 7 go down again
    assert d.message(0) == "REPEAT 3 OF 3"
    assert sorted(w[1:4] for w in wagers(d.table) if w[0] == 0) == [
        ("any7", 0, 1), ("field", 0, 5), ("pass", 4, 5)]
    d.bet(0, "hard", "n6")
    d.bet(0, "hop")  # hop 1-1
    d.roll(3, 4)  # seven-out: everything of S1's loses
    d.press(0, "repeat")  # the whole layout as the roll was called, the pass bet too
    assert d.message(0) == "REPEAT 5 OF 5"
    assert sorted(w[1:4] for w in wagers(d.table) if w[0] == 0) == [
        ("any7", 0, 1), ("field", 0, 5), ("hard", 6, 1), ("hop", 11, 1), ("pass", 0, 5)]
    d.press(1, "repeat")
    assert d.message(1) == "REPEAT 1 OF 1" and d.table.find(1, "dont_pass").amount == 1


def test_repeat_skips_what_the_rules_refuse_now_and_says_so():
    d = Driver(stations=2)
    d.bet(0, "pass", "chip")  # 5
    d.bet(1, "pass")
    d.roll(2, 4)  # point 6
    d.bet(0, "odds", "n6")  # odds 5 behind the point
    d.bet(0, "come")
    d.roll(2, 3)  # the come bet travels to 5
    d.bet(0, "odds", "n5")  # odds behind the come bet on 5
    d.bet(0, "field")
    d.roll(3, 4)  # seven-out: S1 loses everything
    d.bet(1, "pass")
    d.roll(4, 4, by=1)  # S1 makes no bet: a new point, 8
    d.press(0, "repeat")  # the round of the seven-out: the puck is ON now
    assert d.message(0) == "REPEAT 1 OF 5 SKIPPED PASS, ODDS PASS, COME 5, ODDS COME 5"
    assert [w[1:4] for w in wagers(d.table) if w[0] == 0] == [("field", 0, 5)]
    assert d.credits(0) == 1000 - 6 * 5  # five bets lost, the field made again


def test_push_on_bar_12_shows_push():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.bet(1, "dont_pass")
    r = d.roll(6, 6)
    assert find(r, 1, "dont_pass")[4:6] == (PUSH, 0)
    assert d.message(1) == "PUSH" and d.message(0) == "LOSE 1"


def test_a_compound_bet_shows_what_it_did_to_the_meter():
    d = Driver(stations=2)
    d.chip(0, 5)
    d.bet(0, "prop", "prop", "prop", "prop", "prop", "prop", "prop", "prop", "prop")  # horn hi 3
    assert d.spot_line(0) == "HORN HI 3: 25" and d.credits(0) == 975  # 5 a part, 10 on the 3
    d.chip(1, 1)
    for _ in range(12):
        d.press(1, "prop")  # world
    d.press(1, "bet")
    assert d.spot_line(1) == "WORLD: 5"
    d.to(d.now + d.settings.house_roll_ms)
    d.throw(1, 1)  # 2: the 2 pays 30:1 on its part, the other four parts lose
    assert d.credits(0) == 975 + 150 + 5 and d.message(0) == "WIN 130"
    assert d.credits(1) == 995 + 30 + 1 and d.message(1) == "WIN 26"
    d.press(0, "recall")
    assert d.display[0] == ("RECALL 1/1", "1+1=2 COME OUT", "HORN HI 3 +130", "NET +130")
    d.bet(1)  # world again
    d.press(0, "recall")  # S1 leaves the recall view...
    assert d.display[0][0] == "S1 CR 1130"
    d.press(0, "recall", "bet")  # ...and a game button in a view leaves it and acts
    assert d.display[0][0] == "S1 CR 1105" and d.display[0][1] == "HORN HI 3: 25"
    d.press(0, "take_down")
    assert d.display[0][0] == "S1 CR 1130" and d.table.find(0, "horn_high", 3) is None
    d.to(d.now + d.settings.house_roll_ms)
    d.throw(3, 4)  # 7: any 7 pays 4:1 on its one part, the other four lose: even
    assert d.credits(1) == 1026 and d.message(1) == "PUSH"  # the stake back, nothing more


def test_the_cycles_name_every_prop_hop_and_side_bet_and_wrap_round():
    d = Driver(stations=1, rules={"side_bets": True})
    props = []
    for _ in range(14):
        d.press(0, "prop")
        props.append(d.spot_line(0))
    assert props == ["ANY 7: 0", "ANY CRAPS: 0", "CRAPS 2: 0", "CRAPS 3: 0", "YO 11: 0",
                     "CRAPS 12: 0", "HORN: 0", "HORN HI 2: 0", "HORN HI 3: 0", "HORN HI 11: 0",
                     "HORN HI 12: 0", "WORLD: 0", "C & E: 0", "ANY 7: 0"]
    hops = []
    for _ in range(22):
        d.press(0, "hop")
        hops.append(d.spot_line(0)[4:7])
    assert hops[:6] == ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6"]
    assert hops[20:] == ["6-6", "1-1"] and len(set(hops)) == 21
    d.press(0, "side", "side", "side", "side", "side")
    assert d.spot_line(0) == "FIRE: 0"
    d.press(0, "prop")  # each cycle keeps its place
    assert d.spot_line(0) == "ANY CRAPS: 0"
    d.press(0, "hard", "n5")
    assert d.message(0) == "there is no hard 5" and d.signals[-1] == (0, "refused")
    d.press(0, "big", "n9")
    assert d.message(0) == "big 6 and big 8 only"
    assert d.spot_line(0) == "ANY CRAPS: 0"  # a refused selection leaves the last one
    for name in ("buy", "lay", "place", "hard", "odds", "put"):
        d.press(0, name, "n10")
        assert d.display[0][2] == "CHIP 1  " + name.upper()
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            d.press(0, "hop")
            d.press(0, "bet")
    assert len(d.table.wagers) == 21 and d.credits(0) == 1000 - 21
    d.to(d.now + d.settings.house_roll_ms)
    r = d.throw(3, 5)  # 3-5: one hop wins 15:1, twenty lose
    assert d.net(0) == 15 - 20 and len(r) == 21
    assert d.message(0) == "LOSE 5"
