# The cabinet in a browser (make web): the build carries the firmware byte for byte, the storage
# twin keeps critical memory in a Web Storage, and in Chromium (Debian's, driven by Playwright)
# a whole hand plays in the page, settles as the replay of its recall records says, survives a
# reload mid-hand, refuses a bet with its reason and nothing changed, and plays offline.
import base64
import json
import os
import subprocess
import sys
import threading

import pytest

from drivers.entropy import StreamBits
from drivers.rng_dice import RngDice
from host_tools import helppages, web
from terminal.memory import CriticalMemory

sys.path.insert(0, web.PAGE)
import webcabinet  # noqa: E402  (web/, the page's Python glue; it runs on CPython too)

CHROMIUM = "/usr/bin/chromium"
INSTALL = "the browser tests need Chromium: apt-get install -y chromium (Debian's package)"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
SCREENSHOT = os.path.join("build", "web.png")


class WebStorage:
    """window.localStorage's interface over a dict, for the twin on CPython."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    def key(self, i):
        return sorted(self.items)[i]

    @property
    def length(self):
        return len(self.items)


def test_storage_twin_keeps_records_in_a_web_storage_under_its_prefix():
    store = WebStorage()
    store.setItem("other", "not ours")
    memory = CriticalMemory(webcabinet.browser_storage(store, "craps/1/x/"))
    memory.save("state", {"credits": [995], "bytes": "é"})
    again = CriticalMemory(webcabinet.browser_storage(store, "craps/1/x/"))
    assert again.load("state") == {"credits": [995], "bytes": "é"}
    assert again.storage.names() == ["state.a", "state.b"]
    assert sorted(store.items) == ["craps/1/x/state.a", "craps/1/x/state.b", "other"]
    again.remove("state")
    assert again.load("state") is None and list(store.items) == ["other"]


def test_spot_buttons_are_the_panels_own():
    assert webcabinet.spot_buttons("place", 8) == (("place", "n8"), None)
    assert webcabinet.spot_buttons("big6", 0) == (("big", "n6"), None)
    assert webcabinet.spot_buttons("field", 0) == (("field",), None)
    assert webcabinet.spot_buttons("horn", 0) == ((), "prop")
    assert webcabinet.spot_buttons("hop", 23) == ((), "hop")


def a_cabinet(store, query):
    """The page's cabinet on CPython: a one-page paytable, the dice from os.urandom."""
    rules = webcabinet.page_settings(query)[0].rules
    paytable = json.dumps({"pages": [["HELP"]], "sets": {webcabinet.help_key(rules): [0]}})
    return webcabinet.WebCabinet(json.dumps(query), store, lambda n: os.urandom(n).hex(),
                                 paytable, 0)


def test_house_rules_come_from_the_address_with_odds_option_names():
    settings, refused = webcabinet.page_settings({
        "odds": "5x", "field-12": "3", "side-bets": "true", "table-max": "1000", "bar": "",
        "stations": "3", "credits": "50"})
    rules = settings.rules
    assert (rules.odds, rules.field_12, rules.side_bets, rules.table_max, rules.bar) == \
        ("5x", 3, True, 1000, 12)
    assert (settings.stations, settings.credits, refused) == (3, 50, [])


@pytest.mark.parametrize("query, said", [
    ({"stations": "abc"}, "stations=abc refused: a cabinet has 1 to 8 stations"),
    ({"stations": "9"}, "stations=9 refused: a cabinet has 1 to 8 stations"),
    ({"credits": "-5"}, "credits=-5 refused: credits is a whole number from 0"),
    ({"odds": "7x"}, "odds=7x refused: one of "),
    ({"put": "maybe"}, "put=maybe refused: one of false, true"),
    ({"table-max": "lots"}, "table-max=lots refused: a whole number from 1 up"),
    ({"table-min": "10", "table-max": "5"}, "table_min 10 is over table_max 5"),
])
def test_a_setting_the_cabinet_cannot_have_is_refused_in_words_and_the_defaults_hold(query, said):
    settings, refused = webcabinet.page_settings(query)
    assert len(refused) == 1 and said in refused[0] and "default" in refused[0], refused
    assert settings.stations == 2 and settings.credits == 1000
    assert settings.rules.as_dict() == webcabinet.HouseRules().as_dict()


def test_a_seed_rolls_the_same_dice_through_the_rng_path():
    def dice(seed):
        return RngDice(StreamBits(webcabinet.SeededBytes(seed))).dice(20)
    assert dice(7) == dice(7) != dice(8)


def test_the_pages_new_cabinet_is_set_up_as_the_attendant_would_and_logged():
    store = WebStorage()
    cab = a_cabinet(store, {"stations": "1"})
    assert [e[4] for e in cab.cabinet.audit.entries] == ["KEY ON", "CABINET SET UP", "KEY OFF"]
    assert cab.cabinet.tilt == "" and cab.cabinet.phase == "betting"
    again = a_cabinet(store, {"stations": "1"})  # a reload: the same cabinet, not set up again
    assert len(again.cabinet.audit.entries) == 3 and again.cabinet.tilt == ""


def test_a_cabinet_an_older_version_kept_in_the_browser_gives_way_to_a_new_one():
    store = WebStorage()
    cab = a_cabinet(store, {"stations": "1"})
    prefix = [k for k in store.items if k.startswith("craps/")][0].rsplit("/", 1)[0] + "/"
    for name in ("state.a", "state.b", "roll.a"):  # the records before the journals
        store.setItem(prefix + name, "CR1 1 00000000\n{}")
    again = a_cabinet(store, {"stations": "1"})
    assert again.cabinet.tilt == "" and not again.cabinet.ram_error  # not a RAM error
    assert [e[4] for e in again.cabinet.audit.entries] == ["KEY ON", "CABINET SET UP", "KEY OFF"]
    assert not [k for k in store.items if k.endswith(("/state.a", "/roll.a"))]


def test_a_spot_clicked_is_selected_with_the_panels_buttons():
    cab = a_cabinet(WebStorage(), {"stations": "2"})
    panel = cab.cabinet.panels[1]
    for kind, number in (("horn", 0), ("hop", 23), ("place", 8), ("big8", 0), ("hard", 4),
                         ("dont_come", 0), ("horn_high", 11), ("field", 0)):
        cab.select(1, kind, number, None, 10)
        assert panel.spot == (kind, number)
    cab.step(20, json.dumps([["press", 1, "help"], ["release", 1, "help"]]))
    cab.select(1, "place", 6, None, 30)  # from the Help view: the first press leaves it
    assert (panel.view, panel.spot) == ("table", ("place", 6))
    assert cab.cabinet.panels[0].spot == ("pass", 0)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The page built and served on a free port of this machine: its base URL."""
    out = str(tmp_path_factory.mktemp("web"))
    web.build(out)
    server = web.serve(out, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield out, "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


def test_the_build_carries_the_firmware_and_the_port_byte_for_byte(site):
    out, _ = site
    files = web.python_files()
    assert {"terminal/cabinet.py", "craps/table.py", "drivers/rng_dice.py", "drivers/drbg.py",
            "drivers/storage.py", "sim_dice.py", "webcabinet.py"} <= {n for _, n in files}
    for src, name in files:
        with open(src, "rb") as a, open(os.path.join(out, "py", name), "rb") as b:
            assert a.read() == b.read(), name
    for name in web.PORT_FILES:
        with open(os.path.join(web.PORT_DIR, name), "rb") as a, \
                open(os.path.join(out, "mp", name), "rb") as b:
            assert a.read() == b.read(), name
    paytables = json.load(open(os.path.join(out, "help.json")))
    default = paytables["sets"][webcabinet.help_key(webcabinet.HouseRules())]
    assert paytables["pages"][default[1]] == ["PASS LINE", "PAYS 1:1", "HOUSE EDGE 1.41%",
                                              "FULL PAY IN 1"]


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if sync_playwright is None or not os.path.exists(CHROMIUM):
        reason = INSTALL if sync_playwright else "pip install -r requirements.txt (playwright)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    """A browser profile of its own: empty localStorage, no service worker."""
    c = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield c
    c.close()


def open_page(context, url, query):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "?" + query)
    page.wait_for_function("window.cabinetPage.view && window.cabinetPage.view.phase === 'betting'",
                           timeout=60000)
    assert not errors and page.is_hidden("#error")
    return page


def view(page):
    return page.evaluate("window.cabinetPage.view")


def press(page, *keys):
    for key in keys:
        page.keyboard.press(key)


def roll(page):
    """ROLL, then wait for the result to be paid and betting to open again."""
    rolls = len(view(page)["sign"][2].split())
    press(page, "Enter")
    page.wait_for_function(
        "v => (v = window.cabinetPage.view).phase === 'betting' && "
        "v.sign[2].split(' ').length === %d" % (rolls + 1), timeout=30000)
    return view(page)


def records(page):
    """The cabinet's critical memory as files (NAME.a, NAME.b), from the page's localStorage."""
    items = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    return dict((key.rsplit("/", 1)[1], base64.b64decode(value)) for key, value in items.items()
                if key.startswith("craps/"))


def spot_chips(page):
    return page.evaluate("""Array.from(document.querySelectorAll('#table .chip'),
        c => [c.dataset.spot, +c.dataset.station, +c.dataset.amount]).sort()""")


def test_a_hand_plays_survives_a_reload_and_settles_as_the_replay_of_its_records(
        context, site, tmp_path):
    _, url = site
    os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
    rules = "stations=1"
    page = open_page(context, url, rules + "&dice=3-3,4-4")
    press(page, "x", "p", " ")  # a 5 chip on the pass line
    v = roll(page)
    assert v["point"] == 6 and page.locator("#table .puck.on[data-lamp='3']").count() == 1
    press(page, "o", " ", "c", " ")  # odds behind the point; a come bet
    page.click("#table [data-spot='place:8']")  # the layout selects place 8 with the buttons
    assert view(page)["selected"][0] == ["place", 8]
    press(page, " ")
    assert spot_chips(page) == [["come:0", 0, 5], ["odds:pass", 0, 5], ["pass:0", 0, 5],
                                ["place:8", 0, 5]]
    v = roll(page)  # 8: the place bet wins 5 (7:6 rounded down), the come bet travels to 8
    assert v["credits"] == [985] and ["come:8", 0, 5] in spot_chips(page)
    table = (v["point"], v["credits"], sorted(map(tuple, v["wagers"])))
    page.screenshot(path=SCREENSHOT, full_page=True)  # the README's picture: docs/web.png

    page.close()  # a power cut mid-hand; the same cabinet comes back with the rest of the dice
    page = open_page(context, url, rules + "&dice=2-3,3-4")
    v = view(page)
    assert (v["point"], v["credits"], sorted(map(tuple, v["wagers"]))) == table
    assert page.locator("#table .puck.on[data-lamp='3']").count() == 1
    roll(page)
    v = roll(page)  # 7: seven out, everything on the layout loses
    assert v["point"] == 0 and v["wagers"] == [] and v["credits"] == [985]
    assert v["displays"][0][3] == "LAST 3+4=7" and v["sign"][2] == "LAST ROLLS: 7 5 8 6"
    assert page.locator("#dice .die[data-face='4']").count() == 1

    folder, exports = tmp_path / "records", tmp_path / "games"
    folder.mkdir()
    for name, data in records(page).items():
        (folder / name).write_bytes(data)
    run = [sys.executable, "-m", "host_tools"]
    recall = subprocess.run(run + ["recall", "--dir", str(folder), "--out", str(exports)],
                            capture_output=True, text=True)
    assert recall.returncode == 0, recall.stdout + recall.stderr
    games = sorted(exports.glob("game-*.json"), key=lambda p: int(p.stem.split("-")[1]))
    assert len(games) == 4
    for game in games:
        replayed = subprocess.run(run + ["replay", str(game)], capture_output=True, text=True)
        expected = game.with_name(game.stem + ".expected.jsonl").read_text()
        assert json.loads(replayed.stdout) == json.loads(expected)
    assert json.loads(replayed.stdout)["credits"] == v["credits"]


def test_help_has_a_paytable_for_side_bets_with_any_other_house_rules(site):
    out, _ = site
    with open(os.path.join(out, "help.json")) as f:
        paytables = json.load(f)
    rules = webcabinet.HouseRules({"side_bets": True, "put": True, "odds": "5x", "pays": "for",
                                   "commission": "up_front", "bar": 2, "field_12": 3})
    pages = [tuple(paytables["pages"][i]) for i in paytables["sets"][webcabinet.help_key(rules)]]
    assert pages == list(helppages.build(rules))  # each worked out whole, as the flash build does


def test_side_bets_with_other_house_rules_start_the_page(context, site):
    _, url = site
    page = open_page(context, url, "side-bets=true&put=true&odds=5x")
    assert page.locator("#table [data-spot='fire:0']").count() == 1
    assert page.is_hidden("#refused")


@pytest.mark.parametrize("query, said", [
    ("stations=abc", "stations=abc refused: a cabinet has 1 to 8 stations"),
    ("stations=9", "stations=9 refused: a cabinet has 1 to 8 stations"),
    ("odds=7x", "odds=7x refused: one of "),
])
def test_a_bad_setting_is_refused_on_the_page_in_words_and_the_page_starts(
        context, site, query, said):
    _, url = site
    page = open_page(context, url, query + "&credits=300")
    said_on_page = page.inner_text("#refused")
    assert said in said_on_page and "default" in said_on_page
    if query.startswith("odds"):  # every choice, in the order MicroPython's dict keeps them
        assert all(" %s," % c in said_on_page.replace(";", ",") for c in web.rule_choices("odds"))
    assert page.locator(".station").count() == 2 and view(page)["credits"] == [300, 300]
    assert page.input_value("#settings-form [name='stations']") == "2"
    assert page.input_value("#settings-form [name='odds']") == "3-4-5x"


def test_a_refused_bet_says_why_and_changes_nothing(context, site):
    _, url = site
    page = open_page(context, url, "stations=1&credits=3")
    before = (view(page), records(page))
    press(page, "x", "p", " ")  # a 5 chip with 3 credits
    page.wait_for_selector(".station.refused")
    after = view(page)
    assert "credits" in after["displays"][0][4].lower()
    assert page.inner_text(".station .display").endswith(after["displays"][0][4])
    assert (after["credits"], after["wagers"]) == (before[0]["credits"], before[0]["wagers"])
    assert records(page) == before[1] and spot_chips(page) == []


def test_the_page_plays_offline_once_loaded(context, site):
    _, url = site
    page = open_page(context, url, "stations=2")
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
    context.set_offline(True)
    page.reload()
    page.wait_for_function("window.cabinetPage.view && window.cabinetPage.view.phase === 'betting'",
                           timeout=60000)
    assert page.locator(".station").count() == 2
