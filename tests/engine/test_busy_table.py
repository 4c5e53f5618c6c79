# The busiest table (8 stations, ~10 wagers each) over many rolls: money is conserved.
from busy import STATIONS, START, busy_table, dice, new_table, top_up
from support import net


def test_busy_table_carries_about_ten_wagers_per_station():
    t = busy_table()
    assert t.point == 6
    for p in range(STATIONS):
        assert len([w for w in t.wagers if w.player == p]) >= 10


def test_busy_table_money_is_conserved_roll_by_roll():
    t = new_table()
    house = 0
    for d1, d2 in dice(300):
        top_up(t)
        before = sum(t.credits) + sum(t.on_table(p) for p in range(STATIONS))
        r = t.roll(d1, d2)
        house -= sum(net(s) for s in r.settlements)
        after = sum(t.credits) + sum(t.on_table(p) for p in range(STATIONS))
        assert after - before == sum(net(s) for s in r.settlements)
        assert min(t.credits) >= 0
    assert sum(t.credits) + sum(t.on_table(p) for p in range(STATIONS)) + house == START * STATIONS
