# One station's panel: what its buttons have selected (a spot, a mode, a chip) and what it
# shows. Turning a selection into a wager on the table is the cabinet's job.
from terminal import buttons

TABLE = "table"  # the views a station's display can show
HELP = "help"
RECALL = "recall"


class Panel:
    def __init__(self, chips):
        self.chips = chips
        self.chip = 0  # index into chips
        self.mode = "place"  # what the number row bets
        self.spot = ("pass", 0)  # the selected spot: (kind, number); ("odds", n) behind n
        self.odds_pick = 0  # which flat bet on n the odds go behind, where there are several
        self.cycle = {}  # where each cycling selector stands
        self.walk = None  # where SELECT stands: (group, spot) in terminal/walk.py, or None
        self.view = TABLE
        self.page = 0
        self.viewed_ms = 0  # when a view's button was last pressed
        self.held = []  # buttons down now: a second press without a release is a bounce
        self.hold = None  # (button, long_button) of a key down that, held on, acts again
        self.undo = None  # what the panel showed before that key's short press: a selection
        #                   or a view, which its long press undoes (Cabinet._press)
        self.handpay = 0  # credits waiting for the attendant; the station is locked meanwhile
        self.message = ""
        # The station's wagers when a roll was last called with some on the layout, as
        # (kind, number, on, amount, working) (actions.rounds): what Repeat stands up again.
        self.last_round = []

    def turn_page(self, view, pages):
        """A view's button: the view's first page, then the next, then back to the table."""
        if self.view != view:
            self.view, self.page = view, 0
        elif self.page + 1 < pages:
            self.page += 1
        else:
            self.view = TABLE

    def selection(self):
        """What a selection or a view changes (money is the table's): to put back later."""
        return (self.chip, self.mode, self.spot, self.odds_pick, dict(self.cycle), self.walk,
                self.view, self.page, self.message)

    def restore(self, selection):
        (self.chip, self.mode, self.spot, self.odds_pick, self.cycle, self.walk, self.view,
         self.page, self.message) = selection

    def chip_value(self):
        return self.chips[self.chip]

    def select(self, button, point):
        """Apply a selection button, the puck on `point` (0: OFF). Returns a refusal message,
        or None."""
        if button == buttons.CHIP:
            self.chip = (self.chip + 1) % len(self.chips)
        elif button in buttons.MODES:
            self.mode = button
            if button == "odds" and point:
                self._select_number(point)  # odds behind the point, without the number row
        elif button in buttons.SPOTS:
            self.spot = (button, 0)
            if button in ("come", "dont_come"):
                self.mode = button  # then a number selects the come bet that travelled there
        elif button in buttons.CYCLES:
            entries = buttons.CYCLES[button]
            at = (self.cycle.get(button, -1) + 1) % len(entries)
            self.cycle[button] = at
            self.spot = entries[at]
        else:
            return self._select_number(int(button[1:]))
        return None

    def _select_number(self, number):
        mode = self.mode
        if mode == "hard" and number not in (4, 6, 8, 10):
            return "there is no hard %d" % number
        if mode == "big":
            if number not in (6, 8):
                return "big 6 and big 8 only"
            self.spot = ("big%d" % number, 0)
        else:
            # Odds on the same number again: behind the next flat bet there (pass, come, ...).
            same = self.spot == (mode, number)
            self.odds_pick = self.odds_pick + 1 if mode == "odds" and same else 0
            self.spot = (mode, number)
        return None

    def close_round(self, stakes):
        """The roll is called with `stakes` on this station's part of the layout."""
        if stakes:
            self.last_round = stakes
