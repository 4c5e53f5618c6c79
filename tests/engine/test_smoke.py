# The first come-out roll: a natural wins the pass line, a point turns the puck ON.
from support import table


def test_natural_wins_pass_line():
    t = table()
    t.bet(0, "pass", 10)
    r = t.roll(3, 4)
    assert t.credits == [1010]
    assert [(s.kind, s.win, s.returned) for s in r.settlements] == [("pass", 10, 10)]
