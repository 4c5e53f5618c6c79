"""Host tools: run on a PC, use the firmware's own code as a library (python -m host_tools, or
the `craps` command of an installed copy)."""
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
# In the repository firmware/ and boards/ sit beside host_tools/; an installed copy
# (pip install ., pyproject.toml) carries them inside the package.
INSTALLED = os.path.isdir(os.path.join(_HERE, "firmware"))
ROOT = _HERE if INSTALLED else os.path.dirname(_HERE)
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
# What the tools make (the flash build, .mpy files, the virtual cabinet's memory): build/ in the
# repository; an installed copy, which may not write beside itself, uses the user's cache.
BUILD = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                     "craps-terminal") if INSTALLED else os.path.join(ROOT, "build")
DISTRIBUTION = "craps-terminal"  # pyproject.toml's project name
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def version():
    """The project's version, written once: pyproject.toml's (the installed metadata's)."""
    if INSTALLED:
        from importlib.metadata import version as installed
        return installed(DISTRIBUTION)
    import tomllib
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["version"]
