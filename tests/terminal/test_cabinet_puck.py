# The puck and the cabinet's sign as a player sees them: OFF or ON over the point, the rolling
# light, point made, seven-out, no roll and tilt; the last rolls, and no word that suggests a
# number is due.
from cabinet_support import Driver, lit
from terminal import puck
from terminal.cabinet import CLOSED, ROLLING

POINTS = (4, 5, 6, 8, 9, 10)


def test_the_off_lamp_is_lit_when_the_puck_is_off_and_the_points_lamp_when_on():
    d = Driver(stations=1)
    assert lit(d.frame) == {0: puck.WHITE}
    for n in POINTS:
        d.bet(0, "pass")
        d.roll(n // 2, n - n // 2)
        assert lit(d.frame) == {puck.lamp(n): puck.WHITE}, n
        assert d.status[1].startswith("POINT %d " % n)
        d.roll(n - n // 2, n // 2)  # made
        assert lit(d.frame) == {0: puck.WHITE}
        assert d.status[1].startswith("PUCK OFF ")
    assert [puck.lamp(n) for n in POINTS] == [1, 2, 3, 4, 5, 6]


def test_the_rolling_light_runs_from_the_call_until_the_dice_land():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.call(0)
    seen = [d.frame]
    for _ in range(12):
        d.tick(100)  # the light moves a lamp every 100 ms
        assert d.cab.phase == CLOSED or d.cab.phase == ROLLING
        seen.append(d.frame)
    for frame in seen:
        lamps = lit(frame)
        assert len(lamps) == 1 and list(lamps.values()) == [puck.AMBER]
        assert 0 not in lamps  # it runs round the numbers
    # At call_ms the dice are asked for, and the light starts round again.
    assert [list(lit(f))[0] for f in seen] == [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 1, 2, 3]
    assert d.asked == 1
    frames = len(d.frames)
    d.tick(50)  # within the same lamp: nothing new to draw
    assert len(d.frames) == frames
    d.dice(2, 2)
    assert lit(d.frame) == {puck.lamp(4): puck.WHITE}


def test_point_made_blinks_the_points_lamp_green():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.roll(4, 5)
    d.call(0)
    d.ask()
    d.dice(6, 3)
    assert d.status[0] == "6+3=9 POINT MADE"
    assert lit(d.frame) == {puck.lamp(9): puck.GREEN}
    d.tick(puck.BLINK_MS)
    assert lit(d.frame) == {}
    d.tick(puck.BLINK_MS)
    assert lit(d.frame) == {puck.lamp(9): puck.GREEN}
    d.tick(d.settings.settle_ms)
    assert lit(d.frame) == {0: puck.WHITE} and d.status[0] == "PLACE YOUR BETS"


def test_seven_out_blinks_every_lamp_red():
    d = Driver(stations=2)
    d.bet(0, "pass")
    d.bet(1, "pass")
    d.roll(5, 5)
    d.call(0)
    d.ask()
    d.dice(5, 2)
    assert d.status[0] == "5+2=7 SEVEN OUT"
    assert d.frame == (puck.RED,) * 7
    d.tick(puck.BLINK_MS)
    assert d.frame == (puck.DARK,) * 7
    d.settle()
    assert lit(d.frame) == {0: puck.WHITE}
    assert d.status[1] == "PUCK OFF  BET THE LINE TO SHOOT"


def test_a_come_out_seven_is_a_natural_not_a_seven_out():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.call(0)
    d.ask()
    d.dice(3, 4)
    assert d.status[0] == "3+4=7 NATURAL" and lit(d.frame) == {0: puck.WHITE}
    d.settle()
    d.bet(0, "pass")
    d.call(0)
    d.ask()
    d.dice(1, 2)
    assert d.status[0] == "1+2=3 CRAPS"


def test_a_no_roll_blinks_the_off_disc_amber_then_the_light_runs_again():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.roll(3, 2)
    d.call(0)
    d.no_roll("COCKED DIE")
    assert d.status[0] == "NO ROLL: COCKED DIE"
    assert lit(d.frame) == {0: puck.AMBER}  # even with the puck ON
    assert d.status[1].startswith("POINT 5 ")
    d.tick(d.settings.call_ms)
    assert d.cab.phase == ROLLING and list(lit(d.frame).values()) == [puck.AMBER]
    assert 0 not in lit(d.frame)


def test_the_sign_shows_the_last_20_rolls_newest_first_and_no_word_of_due():
    d = Driver(stations=1)
    d.bet(0, "place", "n6", chips=6)
    d.press(0, "working")
    totals = []
    texts = set()
    throws = [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (5, 6),
              (6, 6)] * 3
    for d1, d2 in throws:
        if not d.table.wagers:
            d.bet(0, "field")
        d.to(d.now + d.settings.house_roll_ms)  # the house rolls
        d.ask()
        d.dice(d1, d2)
        texts.add(d.status)
        texts.add(d.display[0])
        d.settle()
        totals.insert(0, d1 + d2)
    assert d.status[2] == "LAST ROLLS: " + " ".join(str(t) for t in totals[:20])
    assert len(d.cab.history) == 20
    words = " ".join(" ".join(t) for t in texts).upper()
    for word in ("DUE", "HOT", "COLD", "OVERDUE", "STREAK"):
        assert word not in words.split(), word
    d = Driver(stations=1, history=3)
    for d1 in (1, 2, 3, 4, 5):
        d.bet(0, "field")
        d.to(d.now + d.settings.house_roll_ms)
        d.throw(d1, 1)
    assert d.status[2] == "LAST ROLLS: 6 5 4"


def test_tilt_blinks_every_lamp_red_slowly():
    d = Driver(stations=1)
    d.bet(0, "pass")
    d.roll(2, 2)
    d.call(0)
    for _ in range(3):
        d.no_roll()
    assert d.frame == (puck.RED,) * 7
    d.tick(999)
    assert d.frame == (puck.RED,) * 7
    d.tick(1)
    assert d.frame == (puck.DARK,) * 7
    d.key(True)
    d.key(False)
    assert d.cab.phase == CLOSED and lit(d.frame) == {puck.lamp(4): puck.WHITE}
    d.ask()
    assert list(lit(d.frame).values()) == [puck.AMBER]
