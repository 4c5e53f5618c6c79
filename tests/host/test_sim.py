# The virtual cabinet end to end: start it in Textual's test harness, press the keys a player
# would, move the app's clock, and read the screen as the player sees it (its plain text).
import argparse
import asyncio
import os

from host_tools import helppages
from host_tools.__main__ import main as host_tools_main
from host_tools.sim import cli
from host_tools.sim.app import CabinetApp
from host_tools.sim.dice import ScriptedDice
from drivers.storage import MemoryStorage, Storage
from terminal.events import PERSIST
from terminal.memory import CriticalMemory
from terminal.settings import Settings
from terminal.startup import start

STEP_MS = 50
PAGES = helppages.build()  # the default house rules' paytable


class Clock:
    """The app's clock, moved only by the test."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def cabinet_app(script=(), stations=2, credits=100, capture=None, storage=None):
    clock = Clock()
    memory = CriticalMemory(storage or MemoryStorage())
    cabinet, started = start(Settings(stations=stations, credits=credits), memory, PAGES, 0,
                             demo=True)
    # The app's own timer is parked (an hour): the test moves time with pass_time().
    app = CabinetApp(cabinet, ScriptedDice(list(script), roll_ms=600), memory, started,
                     clock=clock, tick_s=3600, capture=capture)
    return app, clock


async def pass_time(pilot, clock, ms):
    """Let ms of the app's clock pass, a tick at a time, as its timer would."""
    for _ in range(ms // STEP_MS):
        clock.now += STEP_MS
        pilot.app.step()
    await pilot.pause()


async def screen(pilot):
    await pilot.pause()
    return pilot.app.screen_text()


def play(scenario, size=(80, 24), **kwargs):
    """Run an async scenario(pilot, clock) against a fresh virtual cabinet."""
    app, clock = cabinet_app(**kwargs)

    async def run():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot, clock)

    asyncio.run(run())
    return app


def station_line(text, s):
    """The first line of station s's display: 'S1 CR 95 SHOOTER'."""
    for line in text.splitlines():
        at = line.find("S%d CR " % s)
        if at >= 0:
            return line[at:].split("█")[0].split("▏")[0].strip()
    raise AssertionError("no display for S%d on screen:\n%s" % (s, text))


def test_a_pass_line_bet_with_odds_wins_when_the_point_is_made():
    async def scenario(pilot, clock):
        text = await screen(pilot)
        assert "PLACE YOUR BETS" in text and "PUCK ●OFF" in text
        await pilot.press("p", "x", "space")  # S1: the pass line, one 5 chip
        text = await screen(pilot)
        assert station_line(text, 1) == "S1 CR 95 SHOOTER"
        assert "PASS: 5" in text and "S1 PASS 5" in text  # the display and the layout
        await pilot.press("enter")
        assert "NO MORE BETS" in await screen(pilot)
        await pass_time(pilot, clock, 1000)  # "no more bets" shown, then the dice are asked for
        text = await screen(pilot)
        assert "DICE ROLLING" in text and "[?] [?] ROLLING" in text
        await pass_time(pilot, clock, 600)
        text = await screen(pilot)
        assert "3+3=6 POINT IS 6" in text and "POINT 6" in text
        assert "DICE [3] [3] = 6" in text
        assert "PUCK ○OFF ○4 ○5 ●6 ○8 ○9 ○10" in text
        await pass_time(pilot, clock, 2500)
        assert "PLACE YOUR BETS" in await screen(pilot)
        await pilot.press("o", "6", "space")  # odds behind the pass line: 5 on the 6
        text = await screen(pilot)
        assert station_line(text, 1) == "S1 CR 90 SHOOTER"
        assert "S1 PASS 5 ODDS 5" in text
        await pilot.press("enter")
        await pass_time(pilot, clock, 1600)
        text = await screen(pilot)
        assert "4+2=6 POINT MADE" in text
        # the pass line pays 5 to 5 and the odds 6 to 5: 10 + 11 back on the meter
        assert station_line(text, 1).startswith("S1 CR 111")
        assert "WIN 11" in text
        assert station_line(text, 2) == "S2 CR 100"  # the other station is untouched
        await pass_time(pilot, clock, 2500)
        text = await screen(pilot)
        assert "PUCK ●OFF ○4 ○5 ○6 ○8 ○9 ○10" in text and "LAST ROLLS: 6 6" in text

    play(scenario, script=[(3, 3), (4, 2)])


def test_a_late_bet_is_refused_on_the_display():
    async def scenario(pilot, clock):
        await pilot.press("p", "space", "enter", "tab", "f", "space")  # S2 tries the field late
        text = await screen(pilot)
        assert "no more bets" in text
        assert station_line(text, 2) == "S2 CR 100"
        assert list(pilot.app.signals) == [(1, "refused")]

    play(scenario, script=[(1, 2)])


def test_a_no_roll_is_shown_with_its_reason_and_the_dice_are_asked_again():
    async def scenario(pilot, clock):
        await pilot.press("p", "space", "enter")
        await pass_time(pilot, clock, 1600)
        text = await screen(pilot)
        assert "NO ROLL: die off the table" in text and "DICE NO ROLL" in text
        await pass_time(pilot, clock, 1600)
        assert "5+6=11 NATURAL" in await screen(pilot)

    play(scenario, script=["no_roll:die off the table", (5, 6)])


def test_eight_stations_fit_at_80x24():
    async def scenario(pilot, clock):
        for _ in range(7):
            await pilot.press("tab")
        await pilot.press("p", "space", "enter")  # S8 shoots
        await pass_time(pilot, clock, 1600)
        text = await screen(pilot)
        lines = text.splitlines()
        assert len(lines) == 24 and max(len(line) for line in lines) <= 80
        for s in range(1, 9):
            assert station_line(text, s).startswith("S%d CR " % s)
            assert ("S%d " % s) in text.split("LAST ROLLS")[1]  # its line on the layout
        assert "▶S8 PASS 1" in text and "S8 CR 99 SHOOTER" in text
        assert "q QUIT" in lines[-1]

    play(scenario, stations=8, script=[(2, 2)])


def test_help_shows_the_paytable_with_the_house_edge():
    async def scenario(pilot, clock):
        await pilot.press("question_mark")
        text = await screen(pilot)
        assert "HELP 1/%d" % len(PAGES) in text and "HOW TO BET" in text
        await pilot.press("question_mark")
        text = await screen(pilot)
        assert "PASS LINE" in text and "PAYS 1:1" in text and "HOUSE EDGE 1.41%" in text
        await pilot.press("p")  # a game button leaves the view and does nothing else
        text = await screen(pilot)
        assert "HELP 2/" not in text and station_line(text, 1) == "S1 CR 100"

    play(scenario)


def test_the_attendant_key_turns_on_and_off():
    async def scenario(pilot, clock):
        assert "key off" in await screen(pilot)
        await pilot.press("k")
        text = await screen(pilot)
        assert "KEY ON" in text and "ATTENDANT" in text
        await pilot.press("space")
        assert "no roll is waiting to be decided" in await screen(pilot)
        await pilot.press("k")
        text = await screen(pilot)
        assert "key off" in text and "PLACE YOUR BETS" in text

    play(scenario)


def test_i_is_the_acceptor_and_take_down_with_the_key_the_attendants_credit():
    async def scenario(pilot, clock):
        await pilot.press("i")
        await pilot.press("k", "t", "k")
        assert station_line(await screen(pilot), 1) == "S1 CR 300"
        counts = pilot.app.cabinet.meters.counts
        assert (counts["acceptor_in"], counts["attendant_in"]) == (100, 100)

    play(scenario)


def test_cash_out_is_a_handpay_the_attendant_confirms():
    async def scenario(pilot, clock):
        await pilot.press("i")  # 100 credits in
        assert station_line(await screen(pilot), 1) == "S1 CR 200"
        await pilot.press("m")
        text = await screen(pilot)
        assert station_line(text, 1) == "S1 CR 0" and "HANDPAY 200" in text
        await pilot.press("k", "k")
        assert "HANDPAY 200 PAID" in await screen(pilot)

    play(scenario)


def test_the_screen_is_saved_as_text_on_f2_and_at_quit(tmp_path):
    capture = tmp_path / "capture.txt"

    async def scenario(pilot, clock):
        await pilot.press("f2")
        await pilot.pause()
        assert "PUCK ●OFF" in capture.read_text()
        capture.unlink()
        await pilot.press("p", "space", "q")
        await pilot.pause()

    app = play(scenario, capture=str(capture))
    assert app.return_code == 0
    assert "S1 PASS 1" in capture.read_text()


def test_a_restart_finds_the_bets_and_credits_where_they_were(tmp_path):
    async def bet_and_quit(pilot, clock):
        await pilot.press("p", "space", "enter")  # a pass bet, and no more bets: then quit
        assert "NO MORE BETS" in await screen(pilot)
        await pilot.press("q")

    play(bet_and_quit, storage=Storage(str(tmp_path), os))

    async def again(pilot, clock):
        text = await screen(pilot)
        assert station_line(text, 1) == "S1 CR 99 SHOOTER" and "S1 PASS 1" in text
        assert "NO MORE BETS" in text  # the bets were closed: the dice are asked for again
        await pass_time(pilot, clock, 1600)
        assert "6+5=11 NATURAL" in await screen(pilot)

    play(again, storage=Storage(str(tmp_path), os), script=[(6, 5)])

    async def fresh(pilot, clock):
        text = await screen(pilot)
        assert station_line(text, 1) == "S1 CR 100" and "S1 no bets" in text

    play(fresh, storage=Storage(str(tmp_path / "another"), os))


def test_a_tick_that_comes_as_the_app_closes_does_nothing():
    # The app's timer can fire while Textual tears its screen down (a make test under load saw
    # NoMatches on #layout): here the tick comes once the screen is gone.
    async def nothing(pilot, clock):
        pass
    app = play(nothing)
    app.step()


def test_the_sim_command_refuses_a_ninth_station(capsys):
    assert host_tools_main(["sim", "--stations", "9"]) == 2
    assert "1 to 8 stations" in capsys.readouterr().err


def test_three_no_rolls_tilt_the_cabinet_until_the_attendant_clears_it():
    async def scenario(pilot, clock):
        await pilot.press("p", "space", "enter")
        for _ in range(3):
            await pass_time(pilot, clock, 1600)
        text = await screen(pilot)
        assert "TILT: 3 NO ROLLS IN A ROW" in text
        assert "PUCK ●OFF ●4 ●5 ●6 ●8 ●9 ●10" in text  # every lamp red
        await pilot.press("space")
        assert "tilt: call the attendant" in await screen(pilot)
        await pilot.press("k")
        assert "ATTENDANT: 3 NO ROLLS IN A ROW" in await screen(pilot)
        await pilot.press("k")
        await pass_time(pilot, clock, 1600)  # the bets stand: the dice are asked for again
        text = await screen(pilot)
        assert "6+5=11 NATURAL" in text and station_line(text, 1) == "S1 CR 101 SHOOTER"

    play(scenario, script=["no_roll:die off the table", "no_roll:cocked die",
                           "no_roll:die off the table", (6, 5)])


def test_the_sim_command_reads_a_dice_script_and_the_house_rules(tmp_path, capsys):
    script = tmp_path / "demo.dice"
    script.write_text("# a demo\n3 4\nno_roll die off the table\n")
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    args = ["--stations", "4", "--credits", "250", "--odds", "5x", "--put",
            "--dice-script", str(script), "--seed", "9", "--state", str(tmp_path / "state")]
    cabinet, dice, memory, started = cli.build(parser.parse_args(args))
    assert "sets it up as the attendant would" in capsys.readouterr().err
    assert [e[4] for e in cabinet.audit.entries] == ["KEY ON", "CABINET SET UP", "KEY OFF"]
    assert len(cabinet.panels) == 4 and cabinet.table.credits == [250] * 4
    assert cabinet.settings.rules.odds == "5x" and cabinet.settings.rules.put is True
    assert dice.left() == 2 and dice.then.seed == 9
    for effect in started:  # what the app does first: the start-up is saved in the folder
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])
    cabinet.table.credits[0] = 7  # not saved: a new start reads the folder
    assert cli.build(parser.parse_args(args))[0].table.credits == [250] * 4
    (tmp_path / "state" / "state0.b").unlink()  # a state folder is critical memory: a RAM error
    assert cli.build(parser.parse_args(args))[0].tilt == "RAM ERROR: state0"
    assert "sets it up" not in capsys.readouterr().err
    assert cli.build(parser.parse_args(args + ["--fresh"]))[0].meters.counts["power_ups"] == 0
    bad = tmp_path / "bad.dice"
    bad.write_text("3 9\n")
    assert host_tools_main(["sim", "--dice-script", str(bad)]) == 2


def test_a_saved_cabinet_keeps_its_house_rules_and_refuses_others(tmp_path, capsys):
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    state = ["--state", str(tmp_path / "state")]
    rules = ["--put", "--side-bets", "--odds", "100x"]
    cabinet, _, memory, started = cli.build(parser.parse_args(state + rules))
    for effect in started:
        if effect[0] == PERSIST:
            memory.save(effect[1], effect[2])
    capsys.readouterr()
    code = host_tools_main(["sim"] + state + ["--odds", "5x"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1
    assert err.endswith("was saved with --odds 100x --put --side-bets: pass the same options, "
                        "or --fresh\n")
    again = cli.build(parser.parse_args(state + rules))[0]  # the same options: carries on
    assert again.tilt == "" and \
        again.meters.counts["power_ups"] == cabinet.meters.counts["power_ups"] + 1
    assert cli.build(parser.parse_args(state + ["--fresh"]))[0].settings.rules.put is False


def test_a_state_folder_an_older_version_kept_is_refused_in_one_line(tmp_path, capsys):
    folder = tmp_path / "state"
    folder.mkdir()
    for name in ("setup.a", "state.a", "state.b", "recall3.a"):  # before the journals
        (folder / name).write_bytes(b"CR1 1 00000000\n{}")
    code = host_tools_main(["sim", "--state", str(folder)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1
    assert err.endswith("holds records an older version kept (recall3 state): --fresh starts a "
                        "new cabinet\n")


def test_f2_without_capture_saves_into_build(tmp_path, monkeypatch):
    from host_tools.sim import app as sim_app
    assert sim_app.CAPTURE.split(os.sep)[0] == "build"  # gitignored, not the repository's root
    monkeypatch.chdir(tmp_path)

    async def scenario(pilot, clock):
        await pilot.press("f2")
        await pilot.pause()

    play(scenario)
    assert "PUCK ●OFF" in (tmp_path / "build" / "sim-capture.txt").read_text()


def test_a_long_refusal_keeps_every_station_box_whole():
    async def scenario(pilot, clock):
        await pilot.press("y", "4", "space")  # lay 4 of 1 credit: refused at length
        text = await screen(pilot)
        wrapped = [line for line in text.splitlines() if "than its commission" in line][0]
        assert wrapped.startswith("█") and wrapped[40] == "▏"  # S2's box goes down with S1's

    play(scenario, stations=4)


def test_four_stations_at_120_columns_are_two_and_two():
    async def scenario(pilot, clock):
        lines = (await screen(pilot)).splitlines()
        tops = [line for line in lines if " CR 100" in line]
        assert len(tops) == 2 and all(line.count(" CR 100") == 2 for line in tops)

    play(scenario, size=(120, 40), stations=4)


def test_the_readme_screenshot_is_made_again_and_renders(tmp_path):
    # docs/sim.svg: python -m host_tools sim --screenshot docs/sim.svg --dice-script docs/sim.dice
    import html
    import re
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    svg = tmp_path / "sim.svg"
    assert host_tools_main(["sim", "--screenshot", str(svg),
                            "--dice-script", os.path.join(root, "docs", "sim.dice")]) == 0
    for path in (svg, os.path.join(root, "docs", "sim.svg")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
        shown = html.unescape(" ".join(re.findall(r"<text[^>]*>(.*?)</text>", text)))
        shown = shown.replace("\xa0", " ")
        for seen in ("5+3=8 POINT IS 8", "S1 CR 998 SHOOTER", "PLACE 6: 1", "F2  SAVE"):
            assert seen in shown, seen
