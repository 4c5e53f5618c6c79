# `python -m host_tools replay`: the project's worked examples (tests/scenarios, each with its
# expected output worked out by hand) reproduce exactly; files that are not scenarios fail with
# one line.
import glob
import json
import os
import subprocess
import sys

import pytest

from host_tools import replay

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OURS = sorted(glob.glob(os.path.join(ROOT, "tests", "scenarios", "*.json")))
# More worked examples, kept outside the project in a folder beside the checkout, where one is
# (the development workplace's): replayed too when it is there, one skip line when it is not.
BESIDE = os.path.join(os.path.dirname(ROOT), "shared", "spec", "examples")
SCENARIOS = OURS + sorted(glob.glob(os.path.join(BESIDE, "*.json")))


def run_cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=60, **kw)


def same_line(expected, got):
    """docs/scenario.md: settlements compare as a multiset; "refused": true is any reason."""
    if expected.get("refused") is True:
        return set(got) == set(expected) and isinstance(got.get("refused"), str)
    if set(got) != set(expected):
        return False
    for key in expected:
        if key == "settlements":
            key_of = lambda s: json.dumps(s, sort_keys=True)
            if sorted(map(key_of, expected[key])) != sorted(map(key_of, got[key])):
                return False
        elif expected[key] != got[key]:
            return False
    return True


def test_the_worked_examples_are_there():
    assert len(OURS) >= 18
    for path in OURS:
        assert os.path.isfile(path[:-len(".json")] + ".expected.jsonl"), path


@pytest.mark.skipif(not os.path.isdir(BESIDE), reason="no examples folder beside the checkout "
                    "(%s): the project's own scenarios ran" % BESIDE)
def test_the_examples_beside_the_checkout_are_there():
    assert glob.glob(os.path.join(BESIDE, "*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=os.path.basename)
def test_scenario_reproduces_exactly(path):
    result = run_cli("replay", path)
    assert result.returncode == 0, result.stderr
    got = [json.loads(line) for line in result.stdout.splitlines()]
    with open(path[:-len(".json")] + ".expected.jsonl") as f:
        expected = [json.loads(line) for line in f if line.strip()]
    assert len(got) == len(expected)
    for e, g in zip(expected, got):
        assert same_line(e, g), "expected %s\n     got %s" % (e, g)


def test_refusals_name_their_reason():
    path = os.path.join(ROOT, "tests", "scenarios", "27-refusals.json")
    lines = [json.loads(line) for line in run_cli("replay", path).stdout.splitlines()]
    reasons = [line["refused"].split(":")[0] for line in lines if "refused" in line]
    assert reasons == ["NoPoint", "NoFlatBet", "UnderTableMin", "OverTableMax", "NotEnabled",
                       "NotEnabled", "ComeOutOnly", "ComeOutOnly", "ContractBet", "NoFlatBet",
                       "OddsOverCap", "NotEnoughCredits", "NotAMultiple", "BadNumber",
                       "BadNumber", "BadNumber", "UnknownWager", "NotShooter", "NoSuchWager",
                       "BadDice", "BadStation", "MalformedStep", "OverTableMax", "NoPoint"]


def test_a_scenario_on_standard_input_replays_the_same():
    path = os.path.join(ROOT, "tests", "scenarios", "11-come-and-dont-come.json")
    with open(path) as f:
        piped = run_cli("replay", "-", stdin=f)
    assert piped.returncode == 0 and piped.stdout == run_cli("replay", path).stdout
    bad = run_cli("replay", "-", input="{")
    assert bad.returncode == 2 and bad.stderr.startswith("replay: standard input is not JSON")


def write(tmp_path, text):
    path = tmp_path / "s.json"
    path.write_text(text)
    return str(path)


GOOD = {"format": 1, "players": 1, "credits": [100], "steps": []}


@pytest.mark.parametrize("change, message", [
    ({"format": 3}, "unsupported format"),
    ({"table": {}}, "unknown key 'table'"),
    ({"format": None}, "unsupported format"),
    ({"rules": {"odds": "7x"}}, "house rule odds cannot be '7x'"),
    ({"rules": {"field_12": True}}, "house rule field_12 cannot be True"),
    ({"rules": {"vig": 5}}, "unknown house rule 'vig'"),
    ({"rules": {"table_min": 10, "table_max": 5}}, "table_min 10 is over table_max 5"),
    ({"players": 9, "credits": [1] * 9}, "players is a whole number from 1 to 8"),
    ({"credits": [100, 100]}, "credits lists"),
    ({"credits": [-1]}, "credits lists"),
    ({"steps": {}}, "steps is a list"),
    ({"step": []}, "unknown key 'step'"),
])
def test_a_file_that_is_not_a_scenario_fails_with_one_line(tmp_path, change, message):
    doc = dict(GOOD)
    doc.update(change)
    result = run_cli("replay", write(tmp_path, json.dumps(doc)))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert message in result.stderr


@pytest.mark.parametrize("text", ["{", "[]", "", "null"])
def test_bad_json_fails_with_one_line(tmp_path, text):
    result = run_cli("replay", write(tmp_path, text))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1


def test_a_file_nested_too_deep_fails_with_one_line(tmp_path):
    result = run_cli("replay", write(tmp_path, "[" * 100000))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "nested too deep" in result.stderr


def test_a_missing_file_fails_with_one_line(tmp_path):
    result = run_cli("replay", str(tmp_path / "nothing.json"))
    assert result.returncode == 2 and "cannot read" in result.stderr


@pytest.mark.parametrize("step", [
    {"bet": {"player": 0, "type": "pass"}},
    {"bet": {"player": 0, "type": "pass", "amount": "10"}},
    {"bet": {"player": 0, "type": "pass", "amount": 10, "colour": "red"}},
    {"bet": {"player": 0, "type": "hop", "amount": 10}},
    {"bet": {"player": 0, "type": "hop", "amount": 10, "dice": [0, 3]}},
    {"bet": {"player": 0, "type": "pass", "amount": 10, "working": 1}},
    {"roll": [3]},
    {"roll": "7"},
    {"no_roll": ""},
    {"shoot": {}},
    {"roll": [3, 4], "bet": {}},
    [],
    "roll",
])
def test_a_malformed_step_is_refused_and_the_replay_goes_on(step):
    steps = [step, {"bet": {"player": 0, "type": "pass", "amount": 10}}, {"roll": [3, 4]}]
    lines = list(replay.replay(*replay.check(dict(GOOD, steps=steps))))
    assert lines[0]["step"] == 0 and lines[0]["refused"].startswith("MalformedStep")
    assert lines[1]["step"] == 2 and lines[1]["credits"] == [110]


def test_settlements_name_number_on_and_dice_as_the_format_says():
    steps = [{"bet": {"player": 0, "type": "hop", "amount": 1, "dice": [3, 2]}},
             {"bet": {"player": 0, "type": "big6", "amount": 1}},
             {"roll": [2, 3]}]
    line, = replay.replay(*replay.check(dict(GOOD, steps=steps)))
    hop, = [s for s in line["settlements"] if s["type"] == "hop"]
    assert hop["dice"] == [2, 3] and "number" not in hop and hop["win"] == 15
    assert line["point"] == 5 and line["shooter"] is None


# -- format 2: a game that starts from a layout (a recall export's)

ON_SIX = {"format": 2, "players": 2, "credits": [985, 1000],
          "table": {"point": 6, "holder": 0, "hand_rolls": 1, "wagers": [
              {"player": 0, "type": "pass", "number": 6, "amount": 10},
              {"player": 0, "type": "odds", "on": "pass", "number": 6, "amount": 5}]},
          "steps": [{"bet": {"player": 1, "type": "place", "number": 8, "amount": 6}},
                    {"roll": [2, 4]}]}


def test_format_2_starts_from_its_table_with_betting_open():
    line, = replay.replay(*replay.check(ON_SIX))
    assert line["point"] is None and line["shooter"] == 0
    assert [(s["type"], s["outcome"], s["win"]) for s in line["settlements"]] == [
        ("pass", "win", 10), ("odds", "win", 6)]
    assert line["credits"] == [1016, 994] and line["on_table"] == [0, 6]


def test_format_2_without_a_table_is_format_1():
    doc = dict(ON_SIX, credits=[1000, 1000], steps=[{"roll": [3, 4]}])
    del doc["table"]
    assert list(replay.replay(*replay.check(doc))) == \
        list(replay.replay(*replay.check(dict(doc, format=1))))


@pytest.mark.parametrize("table, message", [
    ([], "table is an object"),
    ({"puck": 6}, "table has no key 'puck'"),
    ({"point": 7}, "table: point cannot be 7"),
    ({"holder": 2}, "table: holder cannot be 2"),
    ({"hand_rolls": -1}, "table: hand_rolls is a whole number from 0"),
    ({"wagers": {}}, "table.wagers is a list"),
    ({"wagers": [[0, "pass", 0, 10]]}, "a table wager is an object"),
    ({"wagers": [{"player": 0, "type": "pass"}]}, "a table wager needs 'amount'"),
    ({"wagers": [{"player": 0, "type": "pass", "amount": 10, "colour": 1}]},
     "a table wager has no field 'colour'"),
    ({"wagers": [{"player": 0, "type": "pass", "amount": 0}]}, "table: a wager's amount"),
    ({"wagers": [{"player": 0, "type": "odds", "on": "pass", "number": 6, "amount": 5}]},
     "table: odds on 6 with no pass bet to back"),
    ({"wagers": [{"player": 0, "type": "field", "amount": 5}] * 2}, "table: a wager is there twice"),
])
def test_a_bad_table_is_not_a_scenario(tmp_path, table, message):
    result = run_cli("replay", write(tmp_path, json.dumps(dict(ON_SIX, table=table))))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and message in result.stderr, result.stderr


def test_the_worked_example_in_docs_replays_as_shown():
    with open(os.path.join(ROOT, "docs", "scenario.md")) as f:
        text = f.read().split("## A worked example", 1)[1]
    scenario, after = text.split("```json\n", 1)[1].split("```\n", 1)
    shown = after.split("```\n", 1)[1].split("```", 1)[0]
    result = run_cli("replay", "-", input=scenario)
    assert result.returncode == 0 and result.stdout == shown


# -- numbers: Python reads and prints at most 4,300 digits (sys.get_int_max_str_digits); a
# scenario's are at most replay.MAX_DIGITS, so what the replay works out from them prints too

LONG = "9" * 4301


@pytest.mark.parametrize("where", [
    {"format": LONG}, {"players": LONG}, {"credits": "[%s]" % LONG},
    {"rules": '{"table_max": %s}' % LONG},
    {"steps": '[{"bet": {"player": 0, "type": "pass", "amount": %s}}]' % LONG},
    {"steps": '[{"roll": [3, -%s]}]' % LONG},
    {"format": "2", "table": '{"point": %s}' % LONG},
    {"steps": '[{"bet": {"player": 0, "type": "pass", "amount": 10}}, {"roll": [3, 4]}]',
     "credits": "[%s]" % ("9" * 4300)},  # a meter a win would take past what json reads back
    {"rules": '{"table_max": %s}' % ("9" * 4299), "credits": "[%s]" % ("9" * 4299),
     "steps": '[{"bet": {"player": 0, "type": "pass", "amount": %s}}, {"roll": [2, 2]}, '
              '{"odds": {"player": 0, "on": "pass", "amount": 1}}]' % ("9" * 4299)},
])
def test_a_number_too_long_to_read_or_print_is_one_line_not_a_traceback(tmp_path, where):
    doc = dict((k, json.dumps(v)) for k, v in GOOD.items())
    doc.update(where)
    text = "{%s}" % ", ".join('"%s": %s' % kv for kv in doc.items())
    for argv, stdin in (([write(tmp_path, text)], None), (["-"], text)):
        result = run_cli("replay", *argv, input=stdin)
        assert result.returncode == 2, result.stderr[-300:]
        assert len(result.stderr.splitlines()) == 1 and result.stdout == ""
        assert "has a number of 4" in result.stderr and "at most 4000 digits" in result.stderr
        assert "set_int_max_str_digits" not in result.stderr, result.stderr


def test_the_longest_numbers_a_scenario_may_have_replay_and_read_back():
    most, m = 10 ** replay.MAX_DIGITS - 1, 10 ** (replay.MAX_DIGITS - 1)
    steps = [{"bet": {"player": 0, "type": "pass", "amount": m}}, {"roll": [2, 2]},
             {"odds": {"player": 0, "on": "pass", "amount": 3 * m}}, {"roll": [2, 2]}]
    doc = dict(GOOD, rules={"table_max": most}, credits=[9 * m], steps=steps)
    result = run_cli("replay", "-", input=json.dumps(doc))
    assert result.returncode == 0, result.stderr[-300:]
    last = json.loads(result.stdout.splitlines()[-1])
    assert last["credits"] == [9 * m + m + 6 * m]  # the pass line even, the odds 2 to 1


# -- replay --check EXPECTED: the comparison above, as a command

def expected_of(path):
    return path[:-len(".json")] + ".expected.jsonl"


@pytest.mark.parametrize("path", OURS, ids=os.path.basename)
def test_check_finds_each_worked_example_equal(path):
    result = run_cli("replay", path, "--check", expected_of(path))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def altered(tmp_path, path, change):
    """A copy of path's expected lines with change(lines) applied: its path."""
    with open(expected_of(path)) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    change(lines)
    copy = tmp_path / "altered.expected.jsonl"
    copy.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return str(copy)


def first_roll(lines):
    return next(line for line in lines if "roll" in line)


def settled_roll(lines):
    return next(line for line in lines if line.get("settlements"))


COME = os.path.join(ROOT, "tests", "scenarios", "11-come-and-dont-come.json")
REFUSALS = os.path.join(ROOT, "tests", "scenarios", "27-refusals.json")


@pytest.mark.parametrize("path, change, said", [
    (COME, lambda ls: first_roll(ls)["credits"].__setitem__(0, 1), "step 2: credits: expected [1, "),
    (COME, lambda ls: first_roll(ls).update(point=5), "step 2: point: expected 5, got 4"),
    (COME, lambda ls: settled_roll(ls)["settlements"][0].update(win=11),
     "step 5: settlements: expected {\"player\": 0, \"type\": \"come\""),
    (COME, lambda ls: settled_roll(ls)["settlements"].pop(), "step 5: settlements: got"),
    (COME, lambda ls: first_roll(ls).update(moves=[]), "step 2: moves: expected [], got none"),
    (COME, lambda ls: ls.pop(), "step 31: expected no line, got {\"step\": 31, \"roll\""),
    (COME, lambda ls: ls.append({"step": 32, "no_roll": "x"}),
     "step 32: expected {\"step\": 32, \"no_roll\": \"x\"}, got no line"),
    (COME, lambda ls: ls.pop(0), "line 1: expected step 5, got step 2"),
    (COME, lambda ls: ls[4].update(refused="OddsOverCap: no"), "step 12: refused: expected"),
    (REFUSALS, lambda ls: ls[0].update(refused=False), "step 2: refused: expected false, got"),
    (REFUSALS, lambda ls: ls.__setitem__(0, {"step": 2, "no_roll": "x"}),
     "step 2: expected a no roll, got a refusal"),
])
def test_check_says_the_first_difference_in_a_line(tmp_path, path, change, said):
    result = run_cli("replay", path, "--check", altered(tmp_path, path, change))
    assert result.returncode == 1 and result.stderr == ""
    assert 1 <= len(result.stdout.splitlines()) <= 2 and said in result.stdout, result.stdout


def test_settlements_in_another_order_and_any_refusal_reason_check_equal(tmp_path):
    def change(lines):
        settled_roll(lines)["settlements"].reverse()
        assert lines[4] == {"step": 12, "refused": True}
    result = run_cli("replay", COME, "--check", altered(tmp_path, COME, change))
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("text, said", [
    ("{", "is not JSON"), ("[]\n", "line 1 is not a JSON object"), (None, "cannot read")])
def test_an_expected_file_that_cannot_be_read_is_one_line_and_status_2(tmp_path, text, said):
    path = tmp_path / "bad.expected.jsonl"
    if text is not None:
        path.write_text(text)
    result = run_cli("replay", COME, "--check", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and said in result.stderr, result.stderr
