"""`host_tools recall`: the cabinet's game recall records (one a roll: the rolls its journals
hold, settled again as the board does at power-up, terminal/persistence.py) as a table, each
exported as a format 2 scenario, and each checked by replaying it: the scenario replay must
settle the roll from the recorded layout exactly as the cabinet did.

Exit 0: every record read and replayed as recorded; 1: a record damaged, malformed, or settled
otherwise by the replay (each difference printed); 2: the records cannot be read at all.
"""
import json
import os
import sys
from collections import Counter

from craps.layout import FIELDS
from host_tools import records, replay
from host_tools.records import BadRecord
from terminal.memory import RamError

# What the replay must reproduce; settlements compare as a multiset (docs/scenario.md).
COMPARED = ("roll", "point", "shooter", "settlements", "moves", "credits", "on_table")


def add_arguments(parser):
    records.add_arguments(parser)
    parser.add_argument("--out", help="write game-<n>.json (a format 2 scenario) and "
                        "game-<n>.expected.jsonl there")


def main(args, out=None):
    out = out or sys.stdout
    try:
        memory = records.open_memory(args)
        if not records.record_names(memory):
            raise records.NoRecords("%s holds no cabinet records" % (args.dir or args.port))
        if args.out:
            os.makedirs(args.out, exist_ok=True)
    except (records.NoRecords, OSError) as e:
        print("recall: %s" % e, file=sys.stderr)
        return 2
    games, problems = load_games(memory)
    rows = []
    for record in games:
        try:
            doc, expected, differences = check_game(record)
        except BadRecord as e:
            problems.append("game %s: %s" % (record["game"], e))
            continue
        problems += ["game %d: %s" % (record["game"], d) for d in differences]
        rows.append((record, "DIFFERS" if differences else "ok"))
        if args.out:
            write(args.out, record["game"], doc, expected)
    show(rows, out)
    for problem in problems:
        out.write(problem + "\n")
    return 1 if problems else 0


def load_games(memory):
    """(the recall records of the rolls the journals hold, by game; what is wrong)."""
    try:
        return records.played(memory)[1], []
    except (RamError, BadRecord) as e:
        return [], ["damaged record: %s" % e]


def check_game(record):
    """(the export, its expected output, what the replay did otherwise than the record)."""
    doc, expected = scenario(record), expected_line(record)
    got = replayed(doc)
    return doc, expected, compare(expected, got)


def scenario(record):
    """The roll as a format 2 scenario: the layout as the bets were closed, then the dice."""
    table = record["layout"]
    credits = table["credits"]
    wagers = [dict(zip(FIELDS, w)) for w in table["wagers"]]
    return {"format": 2, "comment": "game %d from the cabinet's recall record" % record["game"],
            "rules": record["rules"], "players": len(credits), "credits": credits,
            "table": {"point": table["point"] or None, "holder": table["holder"],
                      "hand_rolls": table["hand_rolls"], "wagers": wagers},
            "steps": [{"roll": record["dice"]}]}


def expected_line(record):
    """The roll as replay prints it, from the record (step 0: the scenario's one step)."""
    dice = record["dice"]
    line = {"step": 0, "roll": dice, "total": dice[0] + dice[1],
            "point": record["point"] or None, "shooter": record["shooter"],
            "settlements": [replay.settlement_dict(s) for s in record["settlements"]]}
    if record["moves"]:
        line["moves"] = [replay.move_dict(*m) for m in record["moves"]]
    line["credits"] = record["credits"]
    line["on_table"] = record["on_table"]
    return line


def replayed(doc):
    """The replay's line for the scenario's one roll."""
    try:
        lines = list(replay.replay(*replay.check(doc)))
    except replay.NotAScenario as e:
        raise BadRecord("its layout does not replay: %s" % e)
    return lines[0]


def compare(expected, got):
    """What the replay did otherwise than the record says: one line each."""
    if "refused" in got:
        return ["the replay refused the roll: %s" % got["refused"]]
    differences = []
    for key in COMPARED:
        if key == "settlements":
            recorded, replay_only = _multiset(expected[key]), _multiset(got[key])
            for s in sorted(set(recorded) | set(replay_only)):
                if recorded.get(s, 0) > replay_only.get(s, 0):
                    differences.append("recorded, not replayed: %s" % s)
                elif recorded.get(s, 0) < replay_only.get(s, 0):
                    differences.append("replayed, not recorded: %s" % s)
        elif expected.get(key) != got.get(key):  # moves are left out when there are none
            differences.append("%s recorded %s, replayed %s" % (
                key, json.dumps(expected[key]), json.dumps(got[key])))
    return differences


def _multiset(settlements):
    return Counter(json.dumps(s, sort_keys=True) for s in settlements)


def write(folder, game, doc, expected):
    base = os.path.join(folder, "game-%d" % game)
    with open(base + ".json", "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    with open(base + ".expected.jsonl", "w", encoding="utf-8") as f:
        f.write(json.dumps(expected) + "\n")


def show(rows, out):
    if not rows:
        out.write("no games recorded\n")
        return
    out.write("%6s  %-4s  %-7s  %-32s  %7s  %s\n" % (
        "game", "dice", "shooter", "credits before -> after", "settled", "replay"))
    for record, check in rows:
        before = " ".join(map(str, record["layout"]["credits"]))
        after = " ".join(map(str, record["credits"]))
        shooter = record["shooter"]
        shooter = "S%d" % (shooter + 1) if type(shooter) is int else "house"
        out.write("%6d  %s+%s   %-7s  %-32s  %7d  %s\n" % (
            record["game"], record["dice"][0], record["dice"][1], shooter,
            before + " -> " + after, len(record["settlements"]), check))
