# craps.layout: a table as plain data and back. A reloaded table is the same table (it settles
# the next rolls exactly as the original); a layout no table could be in is refused.
import json

from busy import busy_table, top_up
from craps.house import HouseRules
from craps.layout import BadLayout, dump, load
from craps.table import Table
from support import raises, wagers

BUSY_RULES = HouseRules({"odds": "3-4-5x"})  # busy.new_table()'s rules
RULES = HouseRules()


def through_flash(t):
    """dump(), as JSON text and back (what critical memory does), then load()."""
    return load(json.loads(json.dumps(dump(t))), t.rules)


def figures(r):
    return list(r.settlements)


def test_a_busy_table_reloads_with_the_same_wagers_credits_and_puck():
    t = busy_table()
    t.hand_rolls = 2
    t.holder = 3
    t.close_betting()
    back = through_flash(t)
    assert back is not t
    assert wagers(back) == wagers(t)
    assert len(back.wagers) >= 80
    assert back.credits == t.credits and back.credits is not t.credits
    assert back.point == 6
    assert back.holder == 3
    assert back.hand_rolls == 2
    assert back.betting_open is False


def test_a_reloaded_busy_table_settles_the_next_rolls_as_the_original():
    t = busy_table()
    back = through_flash(t)
    # 5 (come bets travel, come odds win), hard 8, the hop 2-3, 6 (the point), then a seven-out
    for d1, d2 in ((1, 4), (4, 4), (2, 3), (3, 3), (2, 2), (3, 4)):
        top_up(t)
        top_up(back)
        mine, theirs = t.roll(d1, d2), back.roll(d1, d2)
        assert figures(theirs) == figures(mine), (d1, d2)
        assert len(mine.settlements) > 0
        assert back.credits == t.credits
        assert (back.point, back.holder, back.hand_rolls) == (t.point, t.holder, t.hand_rolls)
        assert wagers(back) == wagers(t)
    assert t.point == 0  # the seven-out took the puck OFF


def test_working_vig_and_side_bet_state_come_back():
    t = Table([1000, 500], HouseRules({"commission": "up_front", "side_bets": True}))
    t.bet(0, "pass", 10)
    t.bet(0, "fire", 5)
    t.bet(1, "buy", 20, 4)  # 5% of 20: 1 credit up front
    t.bet(1, "place", 6, 6, working=True)
    t.roll(2, 2)  # the point is 4
    t.roll(1, 3)  # made: Fire has one point
    back = through_flash(t)
    assert back.find(1, "buy", 4).vig == 1
    assert back.find(1, "place", 6).working is True
    assert back.find(0, "fire").state == 1 << 4
    assert back.credits == [1000 - 15 + 20, 500 - 21 - 6 + 39]
    assert wagers(back) == wagers(t)


# -- refusals: a hand-written layout of two stations, then one field spoiled at a time

def good():
    return {"credits": [100, 50], "point": 6, "holder": 1, "hand_rolls": 2,
            "betting_open": True,
            "wagers": [[0, "pass", 6, 10, None, None, 0, 0],
                       [0, "odds", 6, 20, "pass", None, 0, 0],
                       [1, "place", 8, 12, None, True, 0, 0],
                       [1, "come", 5, 5, None, None, 0, 0],
                       [1, "odds", 5, 10, "come", False, 0, 0]]}


def refused(data):
    e = raises(BadLayout, load, data, RULES)
    assert str(e)
    return e


def with_field(key, value):
    data = good()
    data[key] = value
    return data


def with_wager(i, field, value):
    data = good()
    data["wagers"][i][field] = value
    return data


def test_the_hand_written_layout_loads():
    t = load(good(), RULES)
    assert t.credits == [100, 50] and t.point == 6 and t.holder == 1 and t.hand_rolls == 2
    assert t.find(1, "odds", 5, "come").amount == 10
    assert t.find(1, "place", 8).working is True
    assert len(t.wagers) == 5


def test_a_missing_key_is_refused():
    for key in ("credits", "point", "holder", "hand_rolls", "betting_open", "wagers"):
        data = good()
        del data[key]
        refused(data)


def test_true_is_not_a_number():
    refused(with_field("hand_rolls", True))
    refused(with_field("holder", True))
    refused(with_field("credits", [True, 50]))
    refused(with_wager(2, 3, True))  # amount
    refused(with_wager(2, 0, True))  # player
    refused(with_wager(0, 6, False))  # vig


def test_a_number_written_as_text_is_refused():
    refused(with_field("point", "6"))
    refused(with_field("hand_rolls", "2"))
    refused(with_field("credits", ["100", 50]))
    refused(with_wager(2, 2, "8"))  # place "8"
    refused(with_wager(2, 3, "12"))  # amount


def test_betting_open_is_true_or_false_only():
    refused(with_field("betting_open", 1))
    refused(with_field("betting_open", "yes"))


def test_an_unknown_wager_type_is_refused():
    refused(with_wager(2, 1, "parlay"))
    refused(with_wager(1, 4, "place"))  # odds behind a place bet
    refused(with_wager(2, 4, "pass"))  # a place bet naming a flat bet


def test_a_number_the_type_is_not_made_on_is_refused():
    refused(with_wager(2, 2, 7))  # place 7
    refused(with_wager(1, 2, 7))  # odds on 7
    refused(with_wager(3, 2, 11))  # a come bet on 11
    for wager in ([1, "hard", 5, 5, None, None, 0, 0], [1, "field", 4, 5, None, None, 0, 0],
                  [1, "hop", 32, 1, None, None, 0, 0], [1, "hop", 17, 1, None, None, 0, 0],
                  [1, "big6", 8, 5, None, None, 0, 0]):
        data = good()
        data["wagers"].append(wager)
        refused(data)


def test_a_hop_and_a_hardway_on_their_numbers_load():
    data = good()
    data["wagers"] += [[1, "hop", 23, 1, None, None, 0, 0], [1, "hard", 10, 5, None, None, 0, 0],
                       [0, "big6", 6, 5, None, None, 0, 0]]
    assert len(load(data, RULES).wagers) == 8


def test_an_amount_of_zero_or_less_is_refused():
    refused(with_wager(2, 3, 0))
    refused(with_wager(2, 3, -12))
    refused(with_wager(1, 3, 0))  # odds


def test_odds_with_no_flat_bet_to_back_are_refused():
    data = good()
    del data["wagers"][0]  # the pass bet the odds on 6 are behind
    refused(data)
    data = good()
    data["wagers"][3][2] = 9  # the come bet is on 9, its odds on 5
    refused(data)
    data = good()
    data["wagers"][1][0] = 1  # station 2's odds behind station 1's pass bet
    refused(data)


def test_a_wager_twice_is_refused():
    data = good()
    data["wagers"].append([1, "place", 8, 6, None, None, 0, 0])
    refused(data)
    data = good()
    data["wagers"].append([0, "place", 8, 6, None, None, 0, 0])  # another station's: fine
    assert len(load(data, RULES).wagers) == 6


def test_a_player_or_holder_out_of_range_is_refused():
    refused(with_wager(2, 0, 2))
    refused(with_wager(2, 0, -1))
    refused(with_field("holder", 2))
    refused(with_field("holder", -1))


def test_a_point_that_is_not_a_point_number_is_refused():
    for point in (7, 1, 11, -6, None):
        refused(with_field("point", point))


def test_negative_credits_and_counts_are_refused():
    refused(with_field("credits", [100, -1]))
    refused(with_field("hand_rolls", -1))
    refused(with_wager(2, 6, -1))  # vig
    refused(with_wager(2, 7, -1))  # state


def test_a_table_has_one_to_eight_stations():
    data = with_field("credits", [])
    data["holder"] = 0
    data["wagers"] = []
    refused(data)
    data["credits"] = [10] * 9
    refused(data)
    data["credits"] = [10] * 8
    assert load(data, RULES).stations() == 8
    data["credits"] = [10]
    assert load(data, RULES).stations() == 1
    refused(with_field("credits", {"0": 100, "1": 50}))


def test_a_wager_of_the_wrong_shape_is_refused():
    refused(with_wager(2, 5, 1))  # working is True, False or None
    data = good()
    data["wagers"][2] = data["wagers"][2][:7]
    refused(data)
    data = good()
    data["wagers"][2] = (1, "place", 8, 12, None, True, 0, 0)
    refused(data)
    refused(with_field("wagers", 5))
    raises(BadLayout, load, [1, 2], RULES)



def test_a_line_bet_off_the_point_is_refused():
    # A pass or don't pass bet follows the puck: its number is the point (0 with the puck OFF).
    data = with_wager(0, 2, 8)  # pass on 8 with its odds, the puck on 6
    data["wagers"][1][2] = 8
    refused(data)
    data = with_field("point", 0)
    data["wagers"] = [[0, "pass", 6, 10, None, None, 0, 0]]  # on 6 with the puck OFF
    refused(data)
    data["wagers"] = [[0, "dont_pass", 0, 10, None, None, 0, 0]]
    assert load(data, RULES).find(0, "dont_pass", 0).amount == 10
