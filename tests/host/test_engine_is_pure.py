# docs/architecture.md: the engine reads no clock, pin, file or random source. Its modules may
# import only each other and MicroPython's `micropython` (for const).
import ast
import glob
import os

import pytest

ENGINE = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "craps")


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ENGINE, "*.py"))),
                         ids=os.path.basename)
def test_engine_module_imports_only_the_engine(path):
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module]
        else:
            continue
        for name in names:
            assert name.split(".")[0] in ("craps", "micropython"), "%s imports %s" % (path, name)
