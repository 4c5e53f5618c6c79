# The cabinet's settings: a board file's mistake is a clear ValueError, never a cabinet.
from support import raises
from terminal.settings import Settings


def test_the_defaults_are_a_one_station_cabinet_that_keeps_ten_rolls():
    s = Settings()
    assert (s.stations, s.recall, s.history, s.no_roll_limit) == (1, 10, 20, 3)


def test_a_cabinet_has_one_to_eight_stations():
    assert "1 to 8" in str(raises(ValueError, Settings, 0))
    assert "1 to 8" in str(raises(ValueError, Settings, 9))


def test_recall_keeps_at_least_one_roll():
    assert str(raises(ValueError, lambda: Settings(recall=0))) == \
        "recall is a whole number from 1 up, not 0"


def test_timers_and_counts_are_whole_numbers_from_zero():
    assert "call_ms" in str(raises(ValueError, lambda: Settings(call_ms=-1)))
    assert "credits" in str(raises(ValueError, lambda: Settings(credits=2.5)))


def test_errors_say_what_is_wanted():
    assert str(raises(ValueError, lambda: Settings(credits=-5))) == \
        "credits is a whole number from 0 to 9999999999, not -5"
    assert str(raises(ValueError, lambda: Settings(call_ms=-1))) == \
        "call_ms is a whole number from 0 up, not -1"
    assert "stations" in str(raises(ValueError, Settings, "2"))
    assert "chips" in str(raises(ValueError, lambda: Settings(chips=5)))


def test_credits_are_bounded_by_the_meters_ten_digits():
    assert Settings(credits=9999999999).credits == 9999999999
    raises(ValueError, lambda: Settings(credits=10000000000))


def test_chips_are_whole_credits_above_zero():
    raises(ValueError, lambda: Settings(chips=()))
    raises(ValueError, lambda: Settings(chips=(1, 0)))
