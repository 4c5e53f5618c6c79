"""Replay a scenario file (docs/scenario.md, format 1 or 2) through the rules engine.

Format 2 is format 1 with an optional "table": the layout the game starts from (a recall
export's), loaded by craps.layout so it is checked exactly as the cabinet checks its own.

Prints one JSON object a line for every roll, no roll and refused step. A file that is not a
scenario raises NotAScenario; a step the rules refuse is reported and the replay goes on.
"""
import json
import sys
from collections import Counter
from functools import partial
from itertools import zip_longest

from craps import errors, layout
from craps.house import HouseRules, rule_names
from craps.table import MAX_STATIONS, SETTLEMENT, Table
from craps.wagers import OUTCOMES, hop_code, hop_dice

FORMATS = (1, 2)
# The most digits a number in a scenario may have. Python reads and prints 4,300 at most
# (sys.get_int_max_str_digits: longer is slow to convert); what the replay works out from the
# file's numbers (a meter after every win a file can hold, an odds cap) stays well within that,
# so every output line prints and reads back.
MAX_DIGITS = 4000
_TOP_KEYS = ("format", "rules", "players", "credits", "steps", "comment")
_TABLE_KEYS = ("point", "holder", "hand_rolls", "wagers")
# A format 2 wager's optional fields and what they are when left out (layout.FIELDS' order).
_WAGER_DEFAULTS = {"number": 0, "on": None, "working": None, "vig": 0, "state": 0}
# Wagers whose settlement names no number though the table keeps one (the puck's, big 6/8's).
_NO_NUMBER_SHOWN = ("pass", "dont_pass", "big6", "big8", "hop")


class NotAScenario(Exception):
    """A file the replay cannot read (a scenario, or --check's expected output): the message is
    the one line a user sees."""


class MalformedStep(errors.Refusal):
    pass


def load(path):
    """Read and check a scenario file ("-": standard input): returns check()'s tuple."""
    named = "standard input" if path == "-" else path
    whole = partial(_whole_number, named)
    try:
        if path == "-":
            doc = json.load(sys.stdin, parse_int=whole)
        else:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f, parse_int=whole)
    except OSError as e:
        raise NotAScenario("cannot read %s: %s" % (path, e.strerror))
    except ValueError as e:
        raise NotAScenario("%s is not JSON: %s" % (named, e))
    except RecursionError:
        raise NotAScenario("%s is not a scenario: nested too deep" % named)
    return check(doc)


def _whole_number(named, text):
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise NotAScenario("%s has a number of %d digits: the replay reads at most %d digits"
                           % (named, digits, MAX_DIGITS))
    return int(text)


def check(doc):
    """(rules, credits, steps, start): start is the table's layout data (format 2) or None."""
    if not isinstance(doc, dict):
        raise NotAScenario("a scenario is a JSON object")
    keys = _TOP_KEYS + ("table",) if doc.get("format") == 2 else _TOP_KEYS
    unknown = sorted(set(doc) - set(keys))
    if unknown:
        raise NotAScenario("unknown key %r (expected %s)" % (unknown[0], ", ".join(keys)))
    if doc.get("format") not in FORMATS or isinstance(doc.get("format"), bool):
        raise NotAScenario("unsupported format %r: this replay reads formats %s" % (
            doc.get("format"), " and ".join(map(str, FORMATS))))
    rules_doc = doc.get("rules", {})
    if not isinstance(rules_doc, dict):
        raise NotAScenario("rules is an object of house rules (%s)" % ", ".join(rule_names()))
    try:
        rules = HouseRules(rules_doc)
    except errors.BadHouseRule as e:
        raise NotAScenario(str(e))
    players = doc.get("players")
    if not _is_int(players) or not 1 <= players <= MAX_STATIONS:
        raise NotAScenario("players is a whole number from 1 to %d" % MAX_STATIONS)
    credits = doc.get("credits")
    if not isinstance(credits, list) or len(credits) != players or \
            not all(_is_int(c) and c >= 0 for c in credits):
        raise NotAScenario("credits lists each player's starting credits (%d whole numbers "
                           "from 0 up)" % players)
    steps = doc.get("steps")
    if not isinstance(steps, list):
        raise NotAScenario("steps is a list")
    start = _start(doc["table"], credits, rules) if "table" in doc else None
    return rules, credits, steps, start


def _start(table, credits, rules):
    """The layout data of a format 2 "table", checked by loading it: a one-line NotAScenario."""
    if not isinstance(table, dict):
        raise NotAScenario("table is an object: %s" % ", ".join(_TABLE_KEYS))
    unknown = sorted(set(table) - set(_TABLE_KEYS))
    if unknown:
        raise NotAScenario("table has no key %r (expected %s)" % (unknown[0], ", ".join(_TABLE_KEYS)))
    wagers = table.get("wagers", [])
    if not isinstance(wagers, list):
        raise NotAScenario("table.wagers is a list of wagers")
    point = table.get("point")
    data = {"credits": credits, "point": 0 if point is None else point,
            "holder": table.get("holder", 0), "hand_rolls": table.get("hand_rolls", 0),
            "betting_open": True, "wagers": [_wager_fields(w) for w in wagers]}
    try:
        layout.load(data, rules)
    except layout.BadLayout as e:
        raise NotAScenario("table: %s" % e)
    return data


def _wager_fields(w):
    if not isinstance(w, dict):
        raise NotAScenario("a table wager is an object: %s" % ", ".join(layout.FIELDS))
    unknown = sorted(set(w) - set(layout.FIELDS))
    if unknown:
        raise NotAScenario("a table wager has no field %r (expected %s)" % (
            unknown[0], ", ".join(layout.FIELDS)))
    missing = [k for k in layout.FIELDS if k not in w and k not in _WAGER_DEFAULTS]
    if missing:
        raise NotAScenario("a table wager needs %r" % missing[0])
    return [w.get(k, _WAGER_DEFAULTS.get(k)) for k in layout.FIELDS]


def replay(rules, credits, steps, start=None):
    """Run the steps on a fresh table, or from the layout `start` (what check() returned);
    yields one output object per roll, no roll or refusal."""
    table = layout.load(start, rules) if start else Table(credits, rules)
    for index, step in enumerate(steps):
        try:
            line = _run_step(table, step)
        except errors.Refusal as e:
            line = {"refused": e.reason()}
        if line is not None:
            out = {"step": index}
            out.update(line)
            yield out


def _run_step(table, step):
    if not isinstance(step, dict) or len(step) != 1:
        raise MalformedStep("a step is an object with one key: bet, odds, remove, roll, "
                            "no_roll or pass_dice")
    (name, body), = step.items()
    if name == "roll":
        if not isinstance(body, list) or len(body) != 2:
            raise MalformedStep("a roll is two dice, like [3, 4]")
        return _roll_line(table, table.roll(body[0], body[1]))
    if name == "no_roll":
        if not isinstance(body, str) or not body:
            raise MalformedStep("a no roll gives its reason as text")
        return {"no_roll": body}
    if name not in _ACTIONS:
        raise MalformedStep("unknown step %r" % name)
    fields, act = _ACTIONS[name]
    act(table, _fields(name, body, fields))
    return None


def _fields(name, body, allowed):
    if not isinstance(body, dict):
        raise MalformedStep("%s takes an object" % name)
    for key in body:
        if key not in allowed:
            raise MalformedStep("%s has no field %r" % (name, key))
    for key, (required, _) in allowed.items():
        if required and key not in body:
            raise MalformedStep("%s needs %r" % (name, key))
    for key, value in body.items():
        kind = allowed[key][1]
        if kind is int and not _is_int(value) or kind is not int and not isinstance(value, kind):
            raise MalformedStep("%s.%s has the wrong type" % (name, key))
    return body


def _number(body):
    if "dice" in body:
        dice = body["dice"]
        if "number" in body or len(dice) != 2 or not all(_is_int(d) and 1 <= d <= 6 for d in dice):
            raise MalformedStep("dice names a hop's two faces, like [2, 3]")
        return hop_code(dice[0], dice[1])
    return body.get("number", 0)


def _bet(table, b):
    if b["type"] == "hop" and "dice" not in b:
        raise MalformedStep("a hop bet names its dice, like \"dice\": [2, 3]")
    table.bet(b["player"], b["type"], b["amount"], _number(b), b.get("working"))


def _odds(table, b):
    table.odds(b["player"], b["on"], b["amount"], b.get("number", 0), b.get("working"))


def _remove(table, b):
    table.remove(b["player"], b["type"], _number(b), b.get("amount"), b.get("on"))


def _pass_dice(table, b):
    table.pass_dice(b["player"])


# step name: ({field: (required, type)}, action)
_ACTIONS = {
    "bet": ({"player": (True, int), "type": (True, str), "amount": (True, int),
             "number": (False, int), "dice": (False, list), "working": (False, bool)}, _bet),
    "odds": ({"player": (True, int), "on": (True, str), "amount": (True, int),
              "number": (False, int), "working": (False, bool)}, _odds),
    "remove": ({"player": (True, int), "type": (True, str), "amount": (False, int),
                "number": (False, int), "dice": (False, list), "on": (False, str)}, _remove),
    "pass_dice": ({"player": (True, int)}, _pass_dice),
}


def _roll_line(table, roll):
    line = {"roll": list(roll.dice), "total": roll.total, "point": roll.point or None,
            "shooter": roll.shooter, "settlements": [settlement_dict(s) for s in roll.settlements]}
    if roll.moves:
        line["moves"] = [move_dict(*m) for m in roll.moves]
    line["credits"] = list(table.credits)
    line["on_table"] = [table.on_table(p) for p in range(table.stations())]
    return line


def move_dict(player, kind, number, amount):
    """A come bet that travelled, as the output names it."""
    return {"player": player, "type": kind, "number": number, "amount": amount}


def settlement_dict(s):
    """A settlement (table.SETTLEMENT: a tuple from the table, a list from a record) as the output
    names it."""
    player, kind, number, on, outcome = s[:5]
    d = {"player": player, "type": kind}
    if on:
        d["on"] = on
    if number and kind not in _NO_NUMBER_SHOWN:
        d["number"] = number
    if kind == "hop":
        d["dice"] = list(hop_dice(number))
    d["outcome"] = OUTCOMES[outcome]
    for i in range(5, len(SETTLEMENT)):
        d[SETTLEMENT[i]] = s[i]
    return d


def read_expected(path):
    """The lines of an expected output (*.expected.jsonl), blank lines skipped."""
    whole = partial(_whole_number, path)
    try:
        with open(path, encoding="utf-8") as f:
            texts = [(n, text) for n, text in enumerate(f, 1) if text.strip()]
    except OSError as e:
        raise NotAScenario("cannot read %s: %s" % (path, e.strerror))
    lines = []
    for n, text in texts:
        try:
            line = json.loads(text, parse_int=whole)
        except ValueError as e:
            raise NotAScenario("%s line %d is not JSON: %s" % (path, n, e))
        if not isinstance(line, dict):
            raise NotAScenario("%s line %d is not a JSON object" % (path, n))
        lines.append(line)
    return lines


def first_difference(expected, got):
    """docs/scenario.md's comparison of output lines (settlements unordered, "refused": true
    for any refusal): the first difference in words, or None when there is none."""
    for n, (e, g) in enumerate(zip_longest(expected, got), 1):
        if e is None:
            return "step %s: expected no line, got %s" % (g["step"], json.dumps(g))
        if g is None:
            return "step %s: expected %s, got no line" % (e.get("step"), json.dumps(e))
        if e.get("step") != g["step"]:
            return "line %d: expected step %s, got step %d" % (n, json.dumps(e.get("step")),
                                                                g["step"])
        said = _line_difference(e, g)
        if said:
            return "step %d: %s" % (g["step"], said)
    return None


def _line_difference(e, g):
    if _kind(e) != _kind(g):
        return "expected %s, got %s" % (_kind(e), _kind(g))
    for key in list(g) + [k for k in e if k not in g]:  # in the output's order
        if key not in e:
            return "%s: expected none, got %s" % (key, json.dumps(g[key]))
        if key not in g:
            return "%s: expected %s, got none" % (key, json.dumps(e[key]))
        if key == "refused" and e[key] is True:
            continue  # any reason
        if key == "settlements" and isinstance(e[key], list):
            said = _settlements_difference(e[key], g[key])
            if said:
                return said
        elif e[key] != g[key]:
            return "%s: expected %s, got %s" % (key, json.dumps(e[key]), json.dumps(g[key]))
    return None


def _kind(line):
    for key, kind in (("roll", "a roll"), ("no_roll", "a no roll"), ("refused", "a refusal")):
        if key in line:
            return kind
    return "a line with none of roll, no_roll or refused"


def _settlements_difference(expected, got):
    """The settlements as a multiset: one expected and not got, and one got and not expected."""
    def key(s):
        return json.dumps(s, sort_keys=True)
    missing = Counter(map(key, expected)) - Counter(map(key, got))
    extra = Counter(map(key, got)) - Counter(map(key, expected))
    said = []
    if missing:
        said.append("expected %s" % json.dumps(next(s for s in expected if key(s) in missing)))
    if extra:
        said.append("got %s" % json.dumps(next(s for s in got if key(s) in extra)))
    return "settlements: " + ",\n  ".join(said) if said else None


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def add_arguments(parser):
    parser.add_argument("file", help="a scenario file (docs/scenario.md, format 1 or 2), or - "
                        "for standard input")
    parser.add_argument("--check", metavar="EXPECTED", help="print nothing, but compare the "
                        "output with this expected output (*.expected.jsonl, compared as "
                        "docs/scenario.md says): exit 0 when equal, 1 with the first difference")


def main(args, out=None):
    """`host_tools replay FILE [--check EXPECTED]`: 0 when the file was read (and its output is
    the expected), 1 with the first difference, 2 (with one line) when a file cannot be read."""
    out = out or sys.stdout
    try:
        scenario = load(args.file)
        expected = read_expected(args.check) if getattr(args, "check", None) else None
    except NotAScenario as e:
        print("replay: %s" % e, file=sys.stderr)
        return 2
    if expected is not None:
        said = first_difference(expected, replay(*scenario))
        if said:
            out.write(said + "\n")
        return 1 if said else 0
    for line in replay(*scenario):
        out.write(json.dumps(line) + "\n")
    return 0
