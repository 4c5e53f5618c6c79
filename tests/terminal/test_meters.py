# terminal.meters: ten-digit meters that wrap, a roll's settlements metered, and the self-audit
# (balance) that every credit held is accounted for, across the wrap too.
import gc
import json

from busy import busy_table
from craps.house import HouseRules
from craps.table import MAX_STATIONS, Table, taken
from craps.wagers import WIN, LOSE, PUSH, RETURN, layout_id
from terminal.meters import COUNTS, WRAP, Meters


def records(settlements):
    """The table's records (craps.table.Roll.records) of these settlement tuples."""
    each = [[] for _ in range(MAX_STATIONS)]
    for player, kind, number, on, outcome, *rest in settlements:
        each[player] += [(layout_id(kind, number, on) * MAX_STATIONS + player) * 8 + outcome] + rest
    return each


def metered(settlements):
    m = Meters()
    m.settle(records(settlements))
    return m


def roll(t, m, d1, d2):
    """Roll the table and meter its settlements, as the cabinet does."""
    r = t.roll(d1, d2)
    m.settle(r.records)
    return r


def test_every_meter_starts_at_zero():
    m = Meters()
    assert len(COUNTS) == 14
    for name in COUNTS:
        assert m.counts[name] == 0, name
    assert m.kinds == {}


def test_add_counts_one_or_n():
    m = Meters()
    m.add("tilts")
    m.add("tilts")
    m.add("credits_in", 250)
    assert m.counts["tilts"] == 2
    assert m.counts["credits_in"] == 250


def test_a_meter_wraps_at_ten_digits():
    m = Meters()
    m.add("credits_in", 9999999990)
    m.add("credits_in", 15)
    assert m.counts["credits_in"] == 5
    m.add("games", 9999999999)
    m.add("games")
    assert m.counts["games"] == 0


def test_taken_counts_an_up_front_commission_only_on_a_loss():
    assert taken(LOSE, 40, 2) == 42  # a lay of 40 lost with its 2 paid up front
    assert taken(WIN, 0, 1) == 0  # a buy's commission on a win is out of the win already
    assert taken(PUSH, 0, 3) == 0
    assert taken(RETURN, 0, 0) == 0
    assert taken(LOSE, 10, 0) == 10


def test_settle_meters_wagered_won_lost_and_each_kind():
    m = metered([
        (0, "place", 6, None, WIN, 7, 0, 0, 0, 6),  # stays up
        (0, "pass", 6, None, LOSE, 0, 0, 10, 0, 0),
        (1, "buy", 4, None, WIN, 39, 1, 0, 0, 20),
        (1, "lay", 4, None, LOSE, 0, 2, 40, 0, 0),  # commission paid up front, lost
        (1, "dont_pass", 0, None, PUSH, 0, 0, 0, 10, 0),
        (0, "odds", 6, "pass", LOSE, 0, 0, 20, 0, 0),
    ])
    c = m.counts
    assert c["games"] == 1
    assert c["wagered"] == 6 + 10 + 20 + 40 + 10 + 20
    assert c["won"] == 7 + 39
    assert c["lost"] == 10 + 42 + 20
    assert m.kinds == {"place": [6, 7], "pass": [10, 0], "buy": [20, 39], "lay": [40, 0],
                       "dont_pass": [10, 0], "odds": [20, 0]}


def test_settle_adds_to_each_kind_roll_after_roll():
    m = metered([(0, "place", 6, None, WIN, 7, 0, 0, 0, 6)])
    m.settle(records([(1, "place", 8, None, WIN, 14, 0, 0, 0, 12),
                      (0, "field", 0, None, LOSE, 0, 0, 5, 0, 0)]))
    m.settle([])  # a roll that decided nothing is still a game
    assert m.counts["games"] == 3
    assert m.kinds["place"] == [18, 21]
    assert m.kinds["field"] == [5, 0]


def test_a_kind_meter_wraps_too():
    m = Meters()
    m.kinds["place"] = [WRAP - 2, WRAP - 1]
    m.settle(records([(0, "place", 6, None, WIN, 7, 0, 0, 0, 6)]))
    assert m.kinds["place"] == [4, 6]


def test_meters_carry_on_from_their_dump():
    m = metered([(0, "pass", 6, None, LOSE, 0, 0, 10, 0, 0)])
    m.add("power_ups", 3)
    again = Meters(json.loads(json.dumps(m.dump())))
    assert again.counts["power_ups"] == 3 and again.counts["lost"] == 10
    assert again.kinds == {"pass": [10, 0]}
    again.add("power_ups")
    assert again.counts["power_ups"] == 4


def test_metering_a_busy_roll_makes_no_garbage_on_micropython():
    # 10^10 is a long integer on the chip: a sum taken modulo the wrap made one, 32 bytes, and
    # a busy roll meters five sums each for 40 settlements and more.
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    settled = busy_table().roll(3, 4).records  # a seven-out: most wagers decided
    m = Meters()
    m.settle(settled)  # each kind's meter made
    gc.collect()
    before = gc.mem_alloc()
    m.settle(settled)
    assert gc.mem_alloc() - before == 0


# -- balance: credits in - out + won - lost == credits on the meters + stakes on the layout

def test_balance_holds_with_credits_on_meters_and_layout():
    t = Table([100, 50])
    m = Meters()
    m.add("credits_in", 150)
    assert m.balance(t) is None
    t.bet(0, "pass", 10)
    t.bet(1, "field", 5)
    assert m.balance(t) is None


def test_balance_holds_after_metered_rolls():
    t = Table([1000, 500], HouseRules({"commission": "up_front"}))
    m = Meters()
    m.add("credits_in", 1500)
    t.bet(0, "pass", 10)
    t.bet(1, "lay", 40, 4)  # 5% of the 20 it would win: 1 up front
    roll(t, m, 2, 2)  # the point is 4; the lay loses, and its commission with it
    t.bet(0, "field", 5)
    roll(t, m, 1, 3)  # the point is made; the field wins 5
    assert m.counts["lost"] == 41
    assert m.counts["won"] == 10 + 5
    assert m.counts["wagered"] == 40 + 10 + 5
    assert t.credits == [1015, 459]
    assert m.balance(t) is None


def test_balance_names_the_difference():
    t = Table([100, 50])
    m = Meters()
    m.add("credits_in", 150)
    t.credits[0] += 1  # a credit from nowhere
    assert m.balance(t) == "METERS DO NOT BALANCE: 151 HELD, 150 ON THE METERS"
    t.credits[0] -= 1
    m.add("won", 3)  # a win metered and not paid
    assert m.balance(t) == "METERS DO NOT BALANCE: 150 HELD, 153 ON THE METERS"


def test_balance_counts_credits_out():
    t = Table([100, 50])
    m = Meters()
    m.add("credits_in", 150)
    t.credits[1] = 0  # cashed out
    assert m.balance(t) is not None
    m.add("credits_out", 50)
    assert m.balance(t) is None


def test_balance_holds_across_the_wrap():
    # Credits in and out past 10**10, audited as they go: each audit takes what moved since
    # the last one.
    m = Meters()
    t = Table([0])
    m.add("credits_in", WRAP - 10)
    t.credits[0] = WRAP - 10
    assert m.balance(t) is None
    m.mark(t)
    m.add("credits_out", WRAP - 50)
    t.credits[0] = 40
    assert m.balance(t) is None
    m.mark(t)
    m.add("credits_in", 110)  # 10**10 + 100 in all: the meter shows 100
    t.credits[0] = 150
    assert m.counts["credits_in"] == 100 and m.counts["credits_out"] == 9999999950
    assert m.balance(t) is None
    t.credits[0] = 149
    assert m.balance(t) == "METERS DO NOT BALANCE: 149 HELD, 150 ON THE METERS"


def test_balance_holds_when_won_has_wrapped_past_lost():
    m = Meters()
    t = Table([1000])
    m.add("credits_in", 1000)
    m.mark(t)
    m.add("lost", WRAP - 1)  # the house has taken 9999999999 ...
    m.add("won", WRAP - 1)  # ... and paid as much
    assert m.balance(t) is None
    m.mark(t)
    m.add("won", 201)  # ... and 201 more: the won meter shows 200
    t.credits[0] = 1201
    assert m.counts["won"] == 200
    assert m.balance(t) is None
    t.credits[0] = 1200
    assert m.balance(t) == "METERS DO NOT BALANCE: 1200 HELD, 1201 ON THE METERS"


def test_balance_holds_when_the_credits_held_pass_ten_digits():
    m = Meters()
    t = Table([0, 0])
    m.add("credits_in", WRAP - 3)
    t.credits[0] = WRAP - 3
    assert m.balance(t) is None
    m.mark(t)
    m.add("credits_in", 10)  # the meter shows 7
    t.credits[1] = 10
    assert m.counts["credits_in"] == 7 and m.balance(t) is None


def test_the_audit_catches_credits_held_off_by_exactly_ten_digits():
    # Compared modulo 10**10, 10000000100 held and 100 on the meters would agree.
    m = Meters()
    t = Table([100])
    m.add("credits_in", 100)
    assert m.balance(t) is None
    m.mark(t)
    t.credits[0] += WRAP
    assert m.balance(t) == "METERS DO NOT BALANCE: 10000000100 HELD, 100 ON THE METERS"


def test_the_audit_starts_from_where_the_last_one_held():
    m = Meters()
    t = Table([0])
    m.add("credits_in", 50)
    t.credits[0] = 50
    m.mark(t)
    again = Meters(json.loads(json.dumps(m.dump())))  # across a power cut
    assert again.audited == [50, 0, 0, 0, 50]
    again.add("credits_out", 20)
    t.credits[0] = 30
    assert again.balance(t) is None
    t.credits[0] = 31
    assert again.balance(t) == "METERS DO NOT BALANCE: 31 HELD, 30 ON THE METERS"
