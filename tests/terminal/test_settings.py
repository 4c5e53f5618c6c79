# The cabinet's settings: a board file's mistake is a clear ValueError, never a cabinet.
from support import raises
from terminal.settings import Settings, from_board


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


def test_the_credit_bounds_and_the_attendants_step_are_whole_credits_above_zero():
    s = Settings()
    assert (s.credit_in_max, s.credit_meter_max, s.attendant_credit_step) == (10000, 1000000, 100)
    for name in ("credit_in_max", "credit_meter_max", "attendant_credit_step"):
        for bad in (0, -5, 2.5, "100"):
            kw = {name: bad}
            assert name in str(raises(ValueError, lambda: Settings(**kw))), (name, bad)
    assert "over credit_in_max" in str(
        raises(ValueError, lambda: Settings(credit_in_max=50, attendant_credit_step=100)))


def test_a_board_files_settings_go_over_the_defaults():
    s = from_board({"stations": 2, "credits": 5, "settings": {"credit_in_max": 500,
                                                             "attendant_credit_step": 25}})
    assert (s.stations, s.credits, s.credit_in_max, s.attendant_credit_step) == (2, 5, 500, 25)
    assert s.credit_meter_max == 1000000
    assert "no_such" in str(raises(TypeError, from_board, {"settings": {"no_such": 1}}))


def test_the_dice_are_the_board_files_dice_driver_rng_by_default():
    assert Settings().dice == from_board({}).dice == "rng"
    assert from_board({"dice": {"driver": "rng", "roll_ms": 600}}).dice == "rng"
    assert from_board({"dice": {"driver": "shaker", "motor": 15}}).dice == "shaker"
    assert "dice" in str(raises(ValueError, lambda: Settings(dice="coin")))
