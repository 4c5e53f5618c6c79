# The repository's helpers outside tests/host (the virtual board's fixture, the power-cut
# harness), loaded by path, not as tests.x.y: a package in the venv may bring its own top-level
# `tests` (crapssim does), which hides the repository's.
import importlib.util
import os
import sys

from host_tools import FIRMWARE

ROOT = os.path.dirname(FIRMWARE)


def load(name, *path):
    """The module at ROOT/path..., imported as `name`."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, *path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
