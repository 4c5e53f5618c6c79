# Standing bets: put_back() and stand() against the checked path they shortcut. On many random
# layouts and rolls, two equal tables take the same steps; one puts back what each roll took
# down with put_back(), the other makes the same bets again through find(), bet() and odds().
# Each wager must be refused by both paths alike, and the tables must stay equal.
from craps import errors
from craps.house import HouseRules
from craps.wagers import LINE, COME, FIXED_NUMBER
from support import Dice, table, wagers, snapshot, point_on, raises

# (kind, number) choices for the random bets; odds are named by their flat bet
SPOTS = (("pass", 0), ("dont_pass", 0), ("come", 0), ("dont_come", 0), ("put", 6), ("put", 9),
         ("place", 6), ("place", 8), ("buy", 4), ("lay", 10), ("hard", 8), ("big6", 0),
         ("field", 0), ("any7", 0), ("hop", 23), ("horn", 0), ("ce", 0), ("fire", 0),
         ("small", 0), ("odds", 0), ("odds", 0), ("odds", 0), ("odds", 0))
ODDS_ON = ("pass", "dont_pass", "come", "dont_come", "put")


def new_table(seed):
    # a small meter and a low maximum, so money and limits refuse now and then
    return table((150 + seed * 37 % 200, 400), odds="3-4-5x", table_max=60, put=True,
                 side_bets=True, commission=("on_win", "up_front")[seed % 2])


def random_bets(t, rng):
    """A few bets through the checked API; refusals are part of the game."""
    for _ in range(rng.next(7)):
        player = rng.next(2)
        kind, number = SPOTS[rng.next(len(SPOTS))]
        amount = (1 + rng.next(6)) * 5
        working = (None, None, True, False)[rng.next(4)]
        try:
            if kind == "odds":  # behind one of the station's flat bets on a number
                flats = [w for w in t.wagers if w.player == player and w.kind in ODDS_ON
                         and w.number]
                if flats:
                    flat = flats[rng.next(len(flats))]
                    t.odds(player, flat.kind, amount * 2, flat.number,
                           working if flat.kind not in LINE else None)
            else:
                t.bet(player, kind, amount, number,
                      working if kind in ("place", "buy", "lay", "hard", "big6") else None)
        except errors.Refusal:
            pass


def by_hand(t, stakes):
    """What put_back() does, through find(), bet() and odds(): each stake's refusal or None."""
    refusals = []
    for player, kind, number, on, amount, working in stakes:
        if kind == "odds":
            named = 0 if on in LINE else number
            w = t.find(player, "odds", t.point if on in LINE else number, on)
        else:
            # bet() names line, come and big 6/8 bets by their kind alone
            named = 0 if kind in LINE or kind in COME or kind in FIXED_NUMBER else number
            w = t.find(player, kind, t.point if kind in LINE else FIXED_NUMBER.get(kind, named))
        short = amount - (w.amount if w else 0)
        refusal = None
        if short > 0:
            try:
                if kind == "odds":
                    t.odds(player, on, short, named, working)
                else:
                    t.bet(player, kind, short, named, working)
            except errors.Refusal as e:
                refusal = type(e).__name__
        refusals.append(refusal)
    return refusals


def stakes_taken(t):
    return [(w.player, w.kind, w.number, w.on, w.amount, w.working) for w in t.taken_down]


def test_put_back_refuses_exactly_what_bet_and_odds_refuse():
    # A third table puts back without asking for the refusals (the quick path's plain checks):
    # it must stand again exactly what the others do.
    seen = {}
    for seed in range(12):
        fast, slow, quiet = new_table(seed), new_table(seed), new_table(seed)
        rng_fast, rng_slow, rng_quiet, dice = Dice(seed), Dice(seed), Dice(seed), Dice(seed + 1000)
        for _ in range(60):
            random_bets(fast, rng_fast)
            random_bets(slow, rng_slow)
            random_bets(quiet, rng_quiet)
            assert snapshot(fast) == snapshot(slow) == snapshot(quiet)
            d1, d2 = 1 + dice.next(6), 1 + dice.next(6)
            assert fast.roll(d1, d2).settlements == slow.roll(d1, d2).settlements
            quiet.roll(d1, d2)
            stakes = stakes_taken(fast)
            assert stakes == stakes_taken(slow)
            refused = []
            made = fast.put_back(refused)
            assert quiet.put_back() == made
            expected = by_hand(slow, stakes)
            got = [None] * len(stakes)
            for w, e in refused:
                got[[s[:4] for s in stakes].index((w.player, w.kind, w.number, w.on))] = \
                    type(e).__name__
            assert got == expected, "%s %s %s %s" % (seed, stakes, got, expected)
            assert made == len(stakes) - len(refused)
            assert snapshot(fast) == snapshot(slow) == snapshot(quiet), (seed, wagers(fast),
                                                                          wagers(slow))
            assert fast.taken_down == []
            for name in expected:
                seen[name] = seen.get(name, 0) + 1
    # the random games reached every refusal that can change between two rolls
    for name in ("NoFlatBet", "NoPoint", "NotEnoughCredits", "OddsOverCap", "HandStarted"):
        assert seen.get(name), (name, seen)
    assert seen[None] > 500


def test_put_back_makes_a_roll_s_losers_again_with_the_same_objects():
    t = table(odds="2x")
    point_on(t, 6)
    t.odds(0, "pass", 20)
    field = t.bet(0, "field", 5)
    hard = t.bet(0, "hard", 6, 6, working=True)
    t.bet(0, "place", 12, 8)
    t.roll(2, 2)  # field wins; hard 6 and place 8 stand
    assert t.put_back() == 1 and t.find(0, "field") is field and field.amount == 5
    t.roll(3, 4)  # seven-out: all lose; the puck goes OFF
    refused = []
    assert t.put_back(refused) == 4  # pass, field, hard 6 (still working), place 8
    assert [(w.kind, type(e).__name__) for w, e in refused] == [("odds", "NoFlatBet")]
    assert t.find(0, "hard", 6) is hard and hard.working is True
    assert t.find(0, "pass").amount == 10 and t.credits == [
        1000 - 10 - 20 - 5 - 6 - 12 + 10 - 5 - (10 + 5 + 6 + 12)]
    assert t.put_back() == 0  # once only


def test_put_back_checks_the_limits_and_the_meter_of_now():
    t = table((30,))
    t.bet(0, "field", 20)
    t.bet(0, "any7", 10)
    t.roll(3, 3)  # both lose: the meter is 0
    t.rules = HouseRules({"table_max": 15})  # rules set directly, as a restored table's are
    t._reindex()
    t.credits[0] = 40
    refused = []
    assert t.put_back(refused) == 1  # any 7 for 10 goes back; the field is over the maximum
    assert [(w.kind, type(e).__name__) for w, e in refused] == [("field", "OverTableMax")]
    assert t.credits == [30] and wagers(t) == [(0, "any7", 0, 10, None, None, 0, 0)]
    t.roll(3, 3)
    t.credits[0] = 9
    assert t.put_back(refused) == 0 and type(refused[-1][1]).__name__ == "NotEnoughCredits"


def test_stand_brings_a_spot_up_to_its_stake_with_bet_s_refusals():
    t = table()
    t.bet(0, "place", 6, 6)
    assert t.stand(0, "place", 12, 6).amount == 12 and t.credits == [988]
    assert t.stand(0, "place", 6, 6).amount == 12 and t.credits == [988]  # stands already
    point_on(t, 4)
    assert t.stand(0, "pass", 10).amount == 10  # the line bet on the point stands
    e = raises(errors.ComeOutOnly, t.stand, 0, "pass", 20)  # adding to it is not allowed
    assert t.stand(0, "odds", 20, on="pass").amount == 20
    raises(errors.OddsOverCap, t.stand, 0, "odds", 40, on="pass")
    raises(errors.BadNumber, t.stand, 0, "come", 10, 5)  # a come bet goes in the box
    raises(errors.UnknownWager, t.stand, 0, "nothing", 10)
    raises(errors.BadAmount, t.stand, 0, "field", 0)
    t.close_betting()
    raises(errors.BettingClosed, t.stand, 0, "field", 5)
    raises(errors.BettingClosed, t.put_back)
    assert str(e)
