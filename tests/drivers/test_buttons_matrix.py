# A key matrix without diodes: the scan order, the same press on the first edge, debounced
# release and long press as a button on its own pin, several keys at once, and no ghost presses
# when three keys make a rectangle.
from panel_fakes import Matrix, run, presses, events
from drivers.buttons import MatrixButtons
from terminal.events import PRESS, RELEASE, HOLD

KEYS = {(0, 0): (0, "pass", None), (0, 1): (0, "come", None), (0, 2): (0, "bet", "take_down"),
        (1, 0): (1, "pass", None), (1, 1): (1, "come", None), (1, 2): (1, "bet", "take_down"),
        (2, 0): (0, "roll", None), (2, 1): (1, "roll", None)}  # (2, 2) has no key


def panel(keys=KEYS, rows=3, cols=3, **timing):
    m = Matrix(rows, cols)
    return m, MatrixButtons(m.rows, m.cols, keys, **timing)


def test_rows_are_pulled_low_one_at_a_time_and_every_column_is_read_under_each():
    m, buttons = panel()
    assert m.log == [("row", 0, 1), ("row", 1, 1), ("row", 2, 1)]  # all let go at the start
    m.log = []
    m.press(1, 2)
    buttons.scan(0)
    assert m.log == [("row", 0, 0), ("col", 0, 1), ("col", 1, 1), ("col", 2, 1), ("row", 0, 1),
                     ("row", 1, 0), ("col", 0, 1), ("col", 1, 1), ("col", 2, 0), ("row", 1, 1),
                     ("row", 2, 0), ("col", 0, 1), ("col", 1, 1), ("col", 2, 1), ("row", 2, 1)]


def test_a_matrix_key_is_debounced_like_a_button_on_its_own_pin():
    m, buttons = panel()
    key = m.key(2, 1)
    script = [(100, True), (105, False), (110, True), (400, False), (405, True), (410, False)]
    seen = run(buttons, presses(key, script), 800)
    assert seen == [(100, (PRESS, 1, "roll")), (430, (RELEASE, 1, "roll"))]


def test_chatter_on_a_matrix_key_is_one_press_never_several():
    m, buttons = panel()
    key = m.key(0, 0)
    script = [(100, True), (105, False), (110, True), (115, False), (200, True), (215, False)]
    assert run(buttons, presses(key, script), 500) == [
        (100, (PRESS, 0, "pass")), (135, (RELEASE, 0, "pass")),
        (200, (PRESS, 0, "pass")), (235, (RELEASE, 0, "pass"))]


def test_a_matrix_key_with_a_long_button_is_short_or_long_by_how_long_it_is_held():
    m, buttons = panel()
    key = m.key(1, 2)
    script = [(0, True), (300, False), (1000, True), (2500, False)]
    held = (HOLD, 1, "bet", "take_down")
    assert run(buttons, presses(key, script), 3000) == [
        (0, (PRESS, 1, "bet")), (0, held), (320, (RELEASE, 1, "bet")),
        (1000, (PRESS, 1, "bet")), (1000, held), (1800, (PRESS, 1, "take_down")),
        (2520, (RELEASE, 1, "bet")), (2520, (RELEASE, 1, "take_down"))]


def test_a_position_with_no_key_gives_nothing():
    m, buttons = panel()
    assert run(buttons, presses(m.key(2, 2), [(0, True), (500, False)]), 800) == []


def test_two_keys_in_a_row_and_two_in_a_column_are_all_seen():
    m, buttons = panel()
    # A row, (0, 0) and (0, 1), and a column, (1, 2) and (2, 2): no three corners of a rectangle.
    script = (presses(m.key(0, 0), [(0, True), (1000, False)])
              + presses(m.key(0, 1), [(100, True), (900, False)])
              + presses(m.key(1, 2), [(150, True), (400, False)])
              + presses(m.key(2, 2), [(200, True), (700, False)]))
    assert events(run(buttons, script, 1200)) == [
        (PRESS, 0, "pass"), (PRESS, 0, "come"),
        (PRESS, 1, "bet"), (HOLD, 1, "bet", "take_down"), (RELEASE, 1, "bet"),  # let go at 400
        (RELEASE, 0, "come"), (RELEASE, 0, "pass")]


def test_keys_down_in_the_same_scan_come_out_row_by_row_then_column_by_column():
    m, buttons = panel()
    script = [(0, lambda: [m.press(r, c) for r, c in ((2, 0), (0, 1))])]
    assert events(run(buttons, script, 100)) == [(PRESS, 0, "come"), (PRESS, 0, "roll")]


def test_a_ghost_at_the_fourth_corner_never_presses_and_the_held_keys_stay_held():
    m, buttons = panel()
    m.press(0, 0)
    m.press(0, 1)
    seen = run(buttons, [(100, lambda: m.press(1, 0))], 1000)
    assert events(seen) == [(PRESS, 0, "pass"), (PRESS, 0, "come")]  # no (1, 1) and no release
    # The scans did read the ghost: (1, 1) is pressed as far as the columns can tell.
    m.log = []
    buttons.scan(1005)
    assert ("col", 1, 0) in m.log[m.log.index(("row", 1, 0)):m.log.index(("row", 1, 1))]


def test_a_key_that_completes_a_rectangle_is_seen_once_the_rectangle_breaks():
    m, buttons = panel()
    script = (presses(m.key(0, 0), [(0, True), (2000, False)])
              + presses(m.key(0, 1), [(0, True), (1000, False)])
              + presses(m.key(1, 0), [(500, True), (1500, False)]))
    seen = run(buttons, script, 2500)
    assert seen == [(0, (PRESS, 0, "pass")), (0, (PRESS, 0, "come")),
                    (1000, (PRESS, 1, "pass")),  # down since 500 but unsure until 1000
                    (1020, (RELEASE, 0, "come")),
                    (1520, (RELEASE, 1, "pass")),
                    (2020, (RELEASE, 0, "pass"))]


def test_a_key_that_makes_the_third_corner_is_pressed_at_the_scan_that_breaks_the_rectangle():
    m, buttons = panel()
    m.press(0, 0)
    m.press(0, 1)
    script = [(100, lambda: m.press(1, 1)),  # the third corner: (1, 0) reads pressed too
              (110, lambda: m.press(1, 0)),  # the fourth, really
              (300, lambda: [m.release(1, 0), m.release(0, 1)])]  # any three still make one
    seen = run(buttons, script, 600)
    assert seen == [(0, (PRESS, 0, "pass")), (0, (PRESS, 0, "come")),
                    (300, (PRESS, 1, "come")), (320, (RELEASE, 0, "come"))]


def test_a_rectangle_through_a_position_with_no_key_holds_its_keys_too():
    m, buttons = panel()
    script = [(0, lambda: m.press(1, 1)), (0, lambda: m.press(1, 2)),
              (100, lambda: m.press(2, 1)),  # the ghost is at (2, 2), where there is no key
              (400, lambda: [m.release(r, c) for r, c in ((1, 1), (1, 2), (2, 1))])]
    seen = run(buttons, script, 1500)
    # (2, 1) is never seen; (1, 2), a key with a long button, is a short press: let go at 400.
    assert seen == [(0, (PRESS, 1, "come")), (0, (PRESS, 1, "bet")),
                    (0, (HOLD, 1, "bet", "take_down")),
                    (420, (RELEASE, 1, "come")), (420, (RELEASE, 1, "bet"))]


def test_four_real_keys_in_a_rectangle_let_go_one_by_one_never_release_early_or_ghost():
    m, buttons = panel()
    corners = ((0, 0), (0, 1), (1, 0), (1, 1))
    script = [(i * 200, _press(m, rc)) for i, rc in enumerate(corners)]
    script += [(2000 + i * 200, _release(m, rc)) for i, rc in enumerate(corners)]
    seen = events(run(buttons, script, 3000))
    # (0, 0) and (0, 1) were down before the rectangle formed at 400; (1, 0) and (1, 1) cannot
    # be told from a ghost. (0, 0) let go at 2000 still reads pressed through the other three,
    # so it stays held until (0, 1) goes at 2200: then row 0 reads nothing and row 1 two keys,
    # pressed at that scan; row 0's are let go 20 ms later.
    assert seen == [(PRESS, 0, "pass"), (PRESS, 0, "come"),
                    (PRESS, 1, "pass"), (PRESS, 1, "come"),  # at 2200
                    (RELEASE, 0, "pass"), (RELEASE, 0, "come"),  # at 2220
                    (RELEASE, 1, "pass"), (RELEASE, 1, "come")]


def _press(m, rc):
    return lambda: m.press(rc[0], rc[1])


def _release(m, rc):
    return lambda: m.release(rc[0], rc[1])


def _lcg(seed):
    state = [seed]

    def next_int(n):
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (state[0] >> 8) % n
    return next_int


def test_random_chords_never_press_a_key_that_is_not_down_nor_let_go_one_still_down():
    keys = dict(((r, c), (r, "k%d%d" % (r, c), None)) for r in range(3) for c in range(4))
    m = Matrix(3, 4)
    buttons = MatrixButtons(m.rows, m.cols, keys)
    rand = _lcg(7)
    history = []  # per scan: the set of closed switches
    down = set()
    presses_seen = 0
    for scan in range(3000):
        if rand(6) == 0:
            rc = (rand(3), rand(4))
            if rc in m.closed:
                m.release(rc[0], rc[1])
            elif len(m.closed) < 4:
                m.press(rc[0], rc[1])
        history.append(set(m.closed))
        for kind, station, name in buttons.scan(scan * 5):
            rc = (station, int(name[2]))
            held = [rc in closed for closed in history[-5:]]  # the last 20 ms of scans
            if kind == PRESS:  # a real switch, closed at this scan (not a ghost)
                assert rc not in down and held[-1], (scan, rc)
                down.add(rc)
                presses_seen += 1
            else:
                assert rc in down and held == [False] * 5, (scan, rc)
                down.discard(rc)
    for rc in list(m.closed):
        m.release(rc[0], rc[1])
    for scan in range(3000, 3010):
        for kind, station, name in buttons.scan(scan * 5):
            assert kind == RELEASE
            down.discard((station, int(name[2])))
    assert down == set() and presses_seen > 50
