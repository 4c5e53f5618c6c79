# The cabinet in a browser: the board's loop (terminal/loop.py) with the page as its drivers,
# run by MicroPython's WebAssembly port. The page (web/main.js) calls boot() once, then step()
# every few tens of milliseconds and at every press; step() returns what to draw as JSON ("" when
# nothing changed). The firmware is the board's, unchanged: critical memory goes to the browser's
# localStorage through the storage twin (drivers/storage.py's MemoryStorage over LocalFiles), the
# dice come from crypto.getRandomValues through the firmware's RNG path (entropy twin, health
# tests, Hash_DRBG, rng_dice), or from a dice script (the simulator's twin, sim_dice) for demos.
import json
from binascii import a2b_base64, b2a_base64, unhexlify
import hashlib

from craps.house import HouseRules, rule_choices, rule_names
from drivers.entropy import StreamBits
from drivers.rng_dice import RngDice
from drivers.storage import MemoryStorage
from terminal import buttons
from terminal.events import PRESS, RELEASE, KEY
from terminal.loop import Loop
from terminal.memory import CriticalMemory
from terminal.panel import TABLE
from terminal.persistence import unreadable
from terminal.settings import Settings
from terminal.startup import start

ROLL_MS = 600  # how long the dice tumble on the page, as the simulator's


class LocalFiles:
    """The files of MemoryStorage in a Web Storage (window.localStorage, or anything with its
    getItem/setItem/removeItem/key/length): each file under `prefix` + its name, as base64."""

    def __init__(self, store, prefix):
        self.store = store
        self.prefix = prefix

    def __setitem__(self, name, data):
        self.store.setItem(self.prefix + name, b2a_base64(data).decode().strip())

    def get(self, name, default=None):
        text = self.store.getItem(self.prefix + name)
        return default if text is None else a2b_base64(text.encode())

    def pop(self, name, default=None):
        data = self.get(name, default)
        self.store.removeItem(self.prefix + name)
        return data

    def __iter__(self):
        keys = [self.store.key(i) for i in range(self.store.length)]
        return iter([k[len(self.prefix):] for k in keys if k.startswith(self.prefix)])


def browser_storage(store, prefix):
    """drivers/storage.py's interface (write/read/remove/names) kept in the browser."""
    storage = MemoryStorage()
    storage.files = LocalFiles(store, prefix)
    return storage


class SeededBytes:
    """A demo's entropy: SHA-256 of the seed and a counter, so a seed rolls the same dice through
    the whole RNG path. Never for play: anyone who knows the seed knows the dice."""

    def __init__(self, seed):
        self.seed = seed
        self.blocks = 0

    def __call__(self, n):
        out = b""
        while len(out) < n:
            self.blocks += 1
            out += hashlib.sha256(b"%d:%d" % (self.seed, self.blocks)).digest()
        return out[:n]


DEFAULTS = {"stations": 2, "credits": 1000}  # the page's cabinet, unless its address says


def page_settings(query):
    """(Settings, refused) from the page's settings {name: text}, house rules by odds' option
    names (field-12). A setting the cabinet cannot have keeps its default, and a line in
    `refused` says which it was, what is allowed and what holds instead: the page still starts."""
    refused = []
    whole = dict((name, _whole_setting(query, name, refused)) for name in DEFAULTS)
    return Settings(rules=house_rules(query, refused).as_dict(), **whole), refused


def _whole_setting(query, name, refused):
    text = query.get(name) or ""
    if not text:
        return DEFAULTS[name]
    try:
        value = int(text)
    except ValueError:
        value = text  # Settings names what is wrong with it
    try:
        Settings(**{name: value})  # the cabinet's own bounds, in its own words
        return value
    except ValueError as e:
        refused.append("%s=%s refused: %s; the default, %d, holds" % (name, text, e,
                                                                      DEFAULTS[name]))
        return DEFAULTS[name]


def house_rules(query, refused):
    """HouseRules from the page's settings; a rule that cannot be had keeps its default, with a
    line in `refused`, and rules that cannot go together (the limits) all keep theirs."""
    overrides = {}
    default = HouseRules().as_dict()
    for name in rule_names():
        option = name.replace("_", "-")
        text = query.get(option)
        if text is None or text == "":
            continue
        value = _rule_value(name, text)
        try:
            HouseRules({name: value})
            overrides[name] = value
        except ValueError:
            refused.append("%s=%s refused: %s; the default, %s, holds" % (
                option, text, _allowed(name), _shown(default[name])))
    try:
        return HouseRules(overrides)
    except ValueError as e:
        refused.append("%s: the default house rules hold" % e)
        return HouseRules()


def _rule_value(name, text):
    choices = rule_choices(name)
    if choices is None:
        try:
            return int(text)
        except ValueError:
            return text
    picked = [c for c in choices if _shown(c).lower() == text.lower()]
    return picked[0] if picked else text


def _allowed(name):
    choices = rule_choices(name)
    if choices is None:
        return "a whole number from 1 up"
    return "one of " + ", ".join(_shown(c) for c in choices)


def _shown(value):
    """A rule's value as the page's address and settings write it (true, not True)."""
    return json.dumps(value) if type(value) is bool else str(value)


def help_key(rules):
    """Which of the built Help paytables these rules need: the rules with a list of choices
    (the limits change no page)."""
    return ",".join("%s=%s" % (n, getattr(rules, n)) for n in rule_names()
                    if rule_choices(n) is not None)


def spot_buttons(kind, number):
    """(buttons to press once, cycling button or None) that select a spot drawn on the layout,
    as a player would on the panel."""
    for name in buttons.CYCLES:
        if (kind, number) in buttons.CYCLES[name]:
            return (), name
    if kind in buttons.SPOTS and not number or kind == "odds" and not number:
        return (kind,), None  # odds with the puck OFF: the mode alone
    if kind in ("big6", "big8"):
        return ("big", "n" + kind[3:]), None
    return (kind, "n%d" % number), None  # place, buy, lay, hard, odds, put, come and don't come


class Shown:
    """An output of the loop's parts (the puck, the sign, a display): what it shows now."""

    def __init__(self):
        self.value = ()

    def show(self, value):
        self.value = value


class Page:
    """The loop's parts (terminal/loop.py) in a page: the inputs are the page's presses, and the
    outputs keep what they show for view()."""

    def __init__(self, stations, dice, memory):
        self.inputs = [self]
        self.puck, self.sign = Shown(), Shown()
        self.displays = [Shown() for _ in range(stations)]
        self.dice = dice
        self.memory = memory
        self.watchdog = self
        self.queue = [(KEY, False)]  # as the key switch reports at power-up: off
        self.signals = []
        self.signalled = 0  # signals since boot: the page plays each once
        self.error = ""

    def scan(self, now_ms):
        events, self.queue = self.queue, []
        return events

    def signal(self, station, name):
        self.signals.append((station, name))
        self.signalled += 1

    def feed(self):
        pass

    def record(self, error):
        self.error = "%s: %s" % (type(error).__name__, error)


class WebCabinet:
    def __init__(self, query_json, store, random_hex, help_json, now_ms):
        """query_json: the page's settings {name: text}; store: localStorage; random_hex(n): n bytes
        from crypto.getRandomValues as hex; help_json: the built paytables (help.json)."""
        query = json.loads(query_json)
        settings, self.refused = page_settings(query)
        stations, rules = settings.stations, settings.rules
        paytables = json.loads(help_json)
        key = help_key(rules)
        if key not in paytables["sets"]:  # the build makes every set the page offers
            raise ValueError("no paytable was built for the house rules %s" % key)
        pages = tuple(tuple(paytables["pages"][i]) for i in paytables["sets"][key])
        seed = query.get("seed")
        read = SeededBytes(int(seed)) if seed else lambda n: unhexlify(random_hex(n))
        rng = RngDice(StreamBits(read), roll_ms=ROLL_MS)
        dice = rng
        if query.get("dice"):
            import sim_dice  # host_tools/sim/dice.py, copied unchanged
            script = sim_dice.parse_script(query["dice"].replace(",", "\n").replace("-", " "))
            dice = sim_dice.ScriptedDice(script, roll_ms=ROLL_MS, then=rng)
        self.storage = browser_storage(store, "craps/%d/%s/" % (stations, key))
        if unreadable(self.storage.names()):  # an older version's cabinet: a new one instead
            self._wipe()
        memory = CriticalMemory(self.storage)
        # A new cabinet is set up at once, as the attendant would, and the audit log says so.
        self.cabinet, effects = start(settings, memory, pages, now_ms, demo=True)
        self.parts = Page(stations, dice, memory)
        self.loop = Loop(self.cabinet, self.parts)
        self.loop.carry_out(effects, now_ms)  # save the start-up, and a roll a reload
        # interrupted (main.py)
        fault = rng.startup()  # the RNG's start-up health test
        if fault:
            self.loop.send(fault, now_ms)
        self.cycle = rng.cycle
        self.drawn = None
        self.stopped = False

    def settings(self):
        """The settings in force, as the page names them, and the refused ones: JSON."""
        settings = self.cabinet.settings
        rules = settings.rules.as_dict()
        return json.dumps({"stations": settings.stations, "credits": settings.credits,
                           "rules": dict((n.replace("_", "-"), rules[n]) for n in rules),
                           "refused": self.refused})

    def forget(self):
        """A new cabinet at the next start: this one's memory is removed, and it stops."""
        self.stopped = True
        self._wipe()

    def _wipe(self):
        for name in self.storage.names():
            self.storage.remove(name)

    def step(self, now_ms, events_json=""):
        """Time passes (and the page's presses, [[event, ...], ...], go in): what to draw, or ""."""
        if self.stopped:
            return ""
        if events_json:
            self.parts.queue.extend(tuple(e) for e in json.loads(events_json))
        try:  # as Loop.run does on the board: an unexpected error tilts the cabinet
            self.loop.step(now_ms)
            self.cycle()  # the DRBG moves on between rolls, as on the board
        except Exception as e:
            self.loop.fail(e, now_ms)
        drawn = json.dumps(self.view())
        del self.parts.signals[:]
        if drawn == self.drawn:
            return ""
        self.drawn = drawn
        return drawn

    def select(self, station, kind, number, on, now_ms):
        """Select a spot clicked on the layout with the panel's own buttons; what to draw.
        Odds name the flat bet they back (on): the number is pressed until they do."""
        cab = self.cabinet
        panel = cab.panels[station]
        if cab.attendant:  # the buttons are the attendant's now
            return self.step(now_ms)
        press, cycle = spot_buttons(kind, number)
        if panel.view != TABLE:
            self._press(station, (press or (cycle,))[0], now_ms)  # this only leaves the view
        for button in press:
            self._press(station, button, now_ms)
        for _ in range(len(buttons.CYCLES.get(cycle, (0, 0, 0, 0)))):
            if cycle and panel.spot == (kind, number) or not cycle and \
                    (kind != "odds" or cab.spot(station)[2] in (on, None)):
                break
            self._press(station, cycle or press[-1], now_ms)
        return self.step(now_ms)

    def _press(self, station, button, now_ms):
        self.loop.send((PRESS, station, button), now_ms)
        self.loop.send((RELEASE, station, button), now_ms)

    def view(self):
        """What the page draws: the effects' outputs, and the table's bets (no effect carries
        every station's bets: the simulator's layout reads them from the table too)."""
        cab, parts = self.cabinet, self.parts
        t = cab.table
        return {"puck": parts.puck.value, "sign": parts.sign.value,
                "displays": [d.value for d in parts.displays], "signals": parts.signals,
                "signalled": parts.signalled, "credits": t.credits, "point": t.point,
                "phase": cab.phase, "rolling": self.loop.rolling, "dice": cab.history[:1],
                "selected": [p.spot for p in cab.panels], "modes": [p.mode for p in cab.panels],
                "wagers": [(w.player, w.kind, w.number, w.on, w.amount, w.vig,
                            not t.point and not w.works_on_come_out()) for w in t.wagers],
                "error": parts.error}
