"""The virtual cabinet: a Textual app that drives firmware/terminal's Cabinet as the board would.

It is the cabinet's drivers and nothing more: keys become PRESS and RELEASE events at the focused
station, a timer sends TICKs with the app's clock and polls the dice source, and every effect is
drawn (the puck, the sign, each station's display, the dice). Only the layout view reads the table
(cabinet.table.wagers), since no effect carries every station's bets.

What the cabinet persists goes to `memory` (a terminal.memory CriticalMemory, over a folder for
`make sim`), so a cabinet started again on the same folder carries on where it stopped.

The clock is injectable (`clock`: a function giving milliseconds) so a test can move time itself.
"""
import collections
import os
import time

from textual.app import App
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from drivers.acceptor import AcceptorTwin
from terminal.events import (PRESS, RELEASE, TICK, DICE, KEY, RAM_ERROR, PUCK, DISPLAY, STATUS,
                             ROLL_DICE, SIGNAL)
from terminal.memory import keep
from host_tools.sim import keys, views

TICK_S = 0.05  # how often time passes for the cabinet and the dice are polled
FLASH_S = 0.4  # how long a station's display blinks on a signal
CARD_LINES = 5  # a station display's lines in the table view
TOP_LINES = 3  # the sign beside the puck, dice and key; then the last rolls
CAPTURE = os.path.join("build", "sim-capture.txt")  # F2's file without --capture (gitignored)


def monotonic_ms():
    return int(time.monotonic() * 1000)


def columns(stations, width, height, legend_lines):
    """How many station displays side by side: the fewest (widest, up to 40 columns each) with
    which the sign, the displays, one layout line a station and the legend fit the height;
    then spread evenly over their rows (4 stations: 2 + 2, not 3 + 1)."""
    most = max(1, min(stations, width // 20))
    for cols in range(min(most, max(1, -(-width // 40))), most + 1):
        rows = -(-stations // cols)
        if TOP_LINES + rows * CARD_LINES + stations + legend_lines <= height:
            return -(-stations // rows)
    return most


class CabinetApp(App):
    TITLE = "craps cabinet"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; overflow: hidden; }
    #top { height: auto; }
    #sign { width: 1fr; height: auto; }
    #side { width: 30; height: auto; }
    #history { height: auto; color: $text-muted; }
    #stations { height: auto; grid-rows: auto; grid-gutter: 0; }
    .station { height: 100%; min-height: 5; padding: 0 0 0 1; border-left: vkey $panel-lighten-2; }
    .station.focused { background: $boost; border-left: thick $accent; }
    .station.refused { background: $error 40%; }
    .station.handpay { background: $warning 40%; }
    .station.win { background: $success 40%; }
    #layout-pane { height: 1fr; min-height: 1; scrollbar-size-vertical: 1; }
    #legend { height: auto; dock: bottom; background: $panel; }
    """
    BINDINGS = [Binding(key, "press('%s')" % button, show=False, priority=True)
                for key, _, button, _ in keys.PANEL] + \
               [Binding(key, action, show=False, priority=True)
                for key, _, action, _ in keys.CABINET]

    def __init__(self, cabinet, dice, memory, started=(), clock=None, tick_s=TICK_S,
                 capture=None):
        """started: the effects terminal.startup.start() gave with the cabinet."""
        super().__init__()
        self.cabinet = cabinet
        self.dice = dice
        self.memory = memory
        self.started = started
        self.clock = clock or monotonic_ms
        self.tick_s = tick_s
        self.capture_path = capture  # where F2 (and quitting) saves the screen as text
        self.stations = len(cabinet.panels)
        self.acceptors = [AcceptorTwin(s) for s in range(self.stations)]  # one pulse a credit
        self.focus_station = 0
        self.attendant = False  # the key as the app turned it: the cabinet only hears events
        self.last_dice = None  # (d1, d2) or ("no_roll", reason): what the source gave last
        self.rolling = False
        self.signals = collections.deque(maxlen=100)  # (station, name) of SIGNAL effects
        self._layout_drawn = None
        self._script_noted = False

    def compose(self):
        with Horizontal(id="top"):
            yield Static(id="sign")
            with Vertical(id="side"):
                yield Static(id="puck")
                yield Static(id="dice")  # and the attendant key
        yield Static(id="history")
        with Grid(id="stations"):
            for s in range(self.stations):
                yield Static(id="s%d" % s, classes="station focused" if s == 0 else "station")
        with VerticalScroll(id="layout-pane"):
            yield Static(id="layout")
        yield Static(id="legend")

    def on_mount(self):
        self._draw_dice()
        self.apply(self.started, self.clock())
        self.send((KEY, False))  # as the key switch reports at power-up: the app's key is off
        self.set_interval(self.tick_s, self.step)
        self._fit()

    def on_resize(self, event):
        self._fit()

    # -- the cabinet's drivers

    def step(self):
        """Time passes: a TICK for the cabinet's timers and animations, then the dice. A tick
        that comes as the app closes, its widgets gone, does nothing."""
        if not self.query("#layout"):
            return
        now = self.clock()
        self.send((TICK,), now)
        event = self.dice.poll(now)
        if event is not None:
            self.rolling = False
            self.last_dice = event[1:] if event[0] == DICE else ("no_roll", event[1])
            self._draw_dice()
            self._note_script_end()
            self.send(event, now)

    def send(self, event, now=None):
        now = self.clock() if now is None else now
        self.apply(self.cabinet.handle(event, now), now)
        self._draw_layout()

    def apply(self, effects, now):
        lost = keep(self.memory, effects)  # saved before anything is shown or done
        if lost:
            self.send((RAM_ERROR, lost[0]), now)
            return
        for effect in effects:
            kind = effect[0]
            if kind == PUCK:
                self.query_one("#puck", Static).update(views.puck(effect[1]))
            elif kind == STATUS:
                self.query_one("#sign", Static).update(views.display(effect[1][:2]))
                self.query_one("#history", Static).update("\n".join(effect[1][2:]))
            elif kind == DISPLAY:
                self.query_one("#s%d" % effect[1], Static).update(views.display(effect[2]))
            elif kind == ROLL_DICE:
                self.dice.start(now)
                self.rolling = True
                self._draw_dice()
            elif kind == SIGNAL:
                self.signals.append((effect[1], effect[2]))
                self._flash(effect[1], effect[2])

    # -- keys

    def action_press(self, button):
        s = self.focus_station
        self.send((PRESS, s, button))
        self.send((RELEASE, s, button))

    def action_credits_in(self):
        """A coin or note in the focused station's acceptor: keys.CREDITS_IN pulses."""
        acceptor = self.acceptors[self.focus_station]
        acceptor.pulses(keys.CREDITS_IN)
        for event in acceptor.scan(self.clock()):
            self.send(event)

    def action_attendant_key(self):
        self.attendant = not self.attendant
        self._draw_dice()
        self.send((KEY, self.attendant))

    def action_next_station(self):
        self._focus((self.focus_station + 1) % self.stations)

    def action_previous_station(self):
        self._focus((self.focus_station - 1) % self.stations)

    def action_capture(self):
        path = self.capture_path or CAPTURE
        self.save_capture(path)
        self.notify("screen saved to %s" % path, timeout=2)

    async def action_quit(self):
        if self.capture_path:
            self.save_capture(self.capture_path)
        self.exit()

    # -- the screen as text

    def screen_text(self):
        """What the terminal shows now, as plain lines (the README's picture, the tests' eyes).
        Textual has no public call for this: export_screenshot() renders the same update to SVG."""
        update = self.screen._compositor.render_update(
            full=True, screen_stack=self._background_screens)
        return "\n".join("".join(strip.text for strip in line).rstrip()
                         for line in update.strips)

    def save_capture(self, path):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.screen_text() + "\n")

    # -- drawing what no effect carries

    def _focus(self, s):
        self.query_one("#s%d" % self.focus_station).remove_class("focused")
        self.focus_station = s
        self.query_one("#s%d" % s).add_class("focused")
        self._draw_layout()

    def _flash(self, s, name):
        card = self.query_one("#s%d" % s)
        card.add_class(name)
        self.set_timer(FLASH_S, lambda: card.remove_class(name))

    def _draw_dice(self):
        self.query_one("#dice", Static).update(
            views.dice(self.last_dice, self.rolling) + "  " + views.attendant(self.attendant))

    def _draw_layout(self):
        table = self.cabinet.table
        width = self.query_one("#layout").size.width or self.size.width
        drawn = (width, self.focus_station, table.point, tuple(
            (w.player, w.kind, w.number, w.on, w.amount, w.vig, w.works_on_come_out())
            for w in table.wagers))
        if drawn != self._layout_drawn:
            self._layout_drawn = drawn
            text = views.layout(table, self.focus_station, width)
            self.query_one("#layout", Static).update(text)
            self._show_focus_line(text.plain.splitlines())

    def _show_focus_line(self, lines):
        """When the layout is longer than its pane (8 stations, long messages, many bets at
        80x24), scroll so the focused station's bets stay in sight."""
        pane = self.query_one("#layout-pane")
        y = next(i for i, line in enumerate(lines) if line.startswith("▶"))
        top, height = pane.scroll_offset.y, pane.size.height
        if height and not top <= y < top + height:
            # after the refresh: the pane's scroll range grows with the new text only then
            self.call_after_refresh(pane.scroll_to, y=y if y < top else y - height + 1,
                                    animate=False)

    def _note_script_end(self):
        ended = getattr(self.dice, "ended", None)
        if ended and ended() and self.dice.then is not None and not self._script_noted:
            self._script_noted = True
            self.notify("dice script ended: seeded dice from here", timeout=5)

    def _fit(self):
        width, height = self.size
        legend = views.legend(width, self.cabinet.settings.rules)
        self.query_one("#legend", Static).update(legend)
        cols = columns(self.stations, width, height, len(legend.plain.splitlines()))
        self.query_one("#stations").styles.grid_size_columns = cols
        self._draw_layout()
