# The virtual cabinet's pictures, without a terminal: the layout's wager names, the legend's fit,
# the puck's lamps, and how many station displays go side by side.
import pytest

from craps.house import HouseRules
from craps.table import Table
from host_tools.sim import keys, views
from host_tools.sim.app import columns
from terminal import buttons


def test_the_layout_names_every_stations_bets_compactly():
    t = Table([1000, 1000])
    t.bet(0, "pass", 10)
    t.bet(1, "dont_pass", 10)
    t.bet(1, "field", 5)
    t.bet(0, "place", 12, 6)
    assert views.layout(t, 0, 80).plain == "▶S1 PASS 10 PL6 12(off)\n S2 DP 10 FIELD 5"
    t.close_betting()
    t.roll(2, 3)  # point 5: the place bet works, the field is settled
    t.betting_open = True
    t.odds(0, "pass", 20)
    t.bet(0, "come", 5)
    t.bet(1, "hop", 2, 23)
    t.bet(1, "horn_high", 5, 12)
    assert views.layout(t, 1, 80).plain == \
        " S1 PASS 10 PL6 12 ODDS 20 COME 5\n▶S2 DP 10 HOP2-3 2 HORNHI12 5"


def test_a_long_layout_line_wraps_under_its_station():
    t = Table([10000])
    for number in (4, 5, 6, 8, 9, 10):
        t.bet(0, "place", 100, number)
        t.bet(0, "lay", 100, number)
    lines = views.layout(t, 0, 40).plain.splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert all(line.startswith("    ") for line in lines[1:])
    assert " ".join(lines).split() == ["▶S1"] + " ".join(
        "PL%d 100(off) LAY%d 100" % (n, n) for n in (4, 5, 6, 8, 9, 10)).split()


@pytest.mark.parametrize("width", [80, 100, 132])
def test_the_legend_fits_in_three_lines_from_80_columns_with_f2(width):
    legend = views.legend(width, HouseRules())
    lines = legend.plain.splitlines()
    assert len(lines) <= 3 and all(len(line) <= width for line in lines)
    assert "q QUIT" in lines[-1] and "⏎ ROLL" in legend.plain and "F2 SAVE" in legend.plain
    every = views.legend(width, HouseRules({"put": True, "side_bets": True})).plain
    assert len(every.splitlines()) <= 4 and "F2 SAVE" in every


def test_the_legend_offers_put_and_side_only_where_the_house_does():
    plain = views.legend(200, HouseRules()).plain
    assert "u PUT" not in plain and "s SIDE" not in plain
    assert "u PUT" in views.legend(200, HouseRules({"put": True})).plain
    assert "s SIDE" in views.legend(200, HouseRules({"side_bets": True})).plain


def test_every_panel_button_has_a_key_and_the_legend_names_it():
    assert sorted(button for _, _, button, _ in keys.PANEL) == sorted(buttons.ALL)
    legend = views.legend(200, HouseRules({"put": True, "side_bets": True})).plain
    for key, shown, button, name in keys.PANEL:
        assert (shown + " " + name) in legend or button in ("n4", "n5", "n6", "n8", "n9", "n10") \
            or button in buttons.WALK and "l/, WALK" in legend


def test_the_puck_lights_the_lamps_of_the_frame():
    white = (255, 255, 255)
    frame = [(0, 0, 0)] * 7
    frame[3] = white  # the lamp over 6
    assert views.puck(frame).plain == "PUCK ○OFF ○4 ○5 ●6 ○8 ○9 ○10"


@pytest.mark.parametrize("stations, size, cols", [
    (1, (80, 24), 1), (2, (80, 24), 2), (4, (80, 24), 2), (6, (80, 24), 3), (8, (80, 24), 4),
    (8, (160, 50), 4), (8, (120, 40), 3), (3, (200, 24), 3), (4, (120, 40), 2),
    (5, (120, 40), 3), (4, (200, 50), 4)])
def test_station_displays_go_side_by_side_to_fit(stations, size, cols):
    assert columns(stations, size[0], size[1], 3) == cols
