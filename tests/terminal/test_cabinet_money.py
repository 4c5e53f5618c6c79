# Money is conserved over a long game: four stations pressing buttons by a fixed-seed script,
# fixed dice, no rolls, timeouts, credits in, cash outs and key turns. After every event the
# Driver checks each station: meter + stakes + handpay owed + handpays paid = credits in + the
# net of its settlements. Here the books are closed once more from the house's side.
from cabinet_support import Driver
from support import Dice
from terminal import buttons
from terminal.cabinet import BETTING, CLOSED, ROLLING, SETTLING, TILT
from terminal.events import DICE, NO_ROLL, PRESS

# Buttons a player presses most, weighted by repeating them.
MOSTLY = (("pass",) * 3 + ("dont_pass", "come", "come", "dont_come", "field", "odds", "odds") +
          buttons.NUMBERS + buttons.MODES + ("prop", "hop", "side", "chip") +
          ("bet",) * 12 + ("take_down", "working", "repeat", "repeat", "pass_dice", "help",
                           "recall"))


def play(seed, rolls, stations=4, **settings):
    d = Driver(stations=stations, credits=300, **settings)
    dice = Dice(seed)
    steps = 0
    while len(d.rolls) < rolls:
        steps += 1
        assert steps < rolls * 200, "the game stopped moving"
        phase = d.cab.phase
        if d.cab.attendant:
            d.key(False)
        elif phase == BETTING:
            betting(d, dice)
        elif phase == CLOSED:
            d.ask()
        elif phase == ROLLING:
            if dice.next(8) == 0:
                d.event((NO_ROLL, "DICE NOT SETTLED"))
            else:
                d.event((DICE, dice.die(), dice.die()))
        elif phase == SETTLING:
            if dice.next(10) == 0:
                d.press(dice.next(stations), "bet")  # too late
            d.settle()
        elif phase == TILT:
            d.key(True)
    return d


def betting(d, dice):
    n = len(d.cab.panels)
    s = dice.next(n)
    roll = dice.next(100)
    if roll < 70:
        d.press(s, MOSTLY[dice.next(len(MOSTLY))])
    elif roll < 72:
        d.credits_in(s, 1 + dice.next(200))
    elif roll < 73:
        d.press(s, "cash_out")
    elif roll < 75:
        d.key(True)  # the attendant pays the handpays
    elif roll < 77:
        d.down(s, "bet")  # a bounce: two downs, one chip
        d.down(s, "bet")
        d.up(s, "bet")
    elif roll < 79:
        d.tick(dice.next(40000))  # a slow shooter, or the house's timer
    elif roll < 88:
        odds_behind(d, s, dice)
    else:
        shooter = d.cab.shooter()
        if shooter is not None and dice.next(4):
            d.press(shooter, "roll")
        elif d.cab.offer is not None:
            d.to(d.cab.offer[1])
        else:
            d.bet(s, "pass")


def odds_behind(d, s, dice):
    """Odds behind one of the station's flat bets on a number, as a player would take them."""
    flats = [w.number for w in d.table.wagers if w.player == s and w.number and
             w.kind in ("pass", "dont_pass", "come", "dont_come", "put")]
    if flats:
        d.bet(s, "odds", "n%d" % flats[dice.next(len(flats))])


def close_the_books(d):
    t = d.table
    house = d.house()
    players = 0
    for s in range(t.stations()):
        players += t.credits[s] + t.on_table(s) + d.cab.panels[s].handpay + d.paid[s]
    assert players + house == sum(d.money_in)
    # The house's side, from the cabinet's own accounting meters: what it took (stakes and
    # commissions lost) less what it paid (wins, net of commission).
    c = d.cab.meters.counts
    assert house == c["lost"] - c["won"], (house, c["lost"], c["won"])


def test_a_long_game_creates_and_loses_no_credit():
    d = play(1, 400)
    close_the_books(d)
    kinds = set(x[1] for roll in d.rolls for x in roll)
    assert "pass" in kinds and "come" in kinds and "odds" in kinds and "field" in kinds
    assert sum(d.paid) > 0 and d.asked > len(d.rolls)  # handpays, and no rolls among the rolls
    assert None in d.shooters and 1 in d.shooters


def test_a_long_game_with_every_house_option():
    d = play(2, 300, stations=8, rules={"side_bets": True, "put": True, "odds": "100x",
                                        "commission": "up_front", "field_12": 3, "bar": 2,
                                        "pays": "for"}, no_roll_limit=2)
    close_the_books(d)


def test_a_long_game_on_one_station():
    d = play(3, 300, stations=1)
    close_the_books(d)


def test_the_self_audit_runs_when_the_bets_close():
    d = Driver()
    d.bet(0, "pass")
    d.cab.meters.add("won", 5)  # meters that no longer match the credits held
    d.cab.handle((PRESS, 0, buttons.ROLL), d.now)  # (the Driver's own check would stop here)
    assert d.cab.phase == TILT and d.cab.tilt == "METERS DO NOT BALANCE: 1000 HELD, 1005 ON " \
                                                 "THE METERS"
