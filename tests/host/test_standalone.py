"""The repository stands alone: no tracked file points to a folder beside the checkout, to a
source document by its number, or to an issue by its number. A clone has none of those: say
what the rule is instead."""
import os
import re
import subprocess

from host_tools import ROOT

OUTSIDE = re.compile(r"\.\./shared|shared/spec|\b00\d §|\bseed 00\d|\bissue \d+|"
                     r"\bspec/(?:rules|scenario)\.md|\bspec/examples|DESIGN\.md", re.I)
NOT_CHECKED = (".ci/", "tests/host/test_standalone.py")  # CI's script; this file names them


def tracked_text_files():
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    return [n for n in names if n and not n.startswith(NOT_CHECKED)
            and os.path.isfile(os.path.join(ROOT, n))]


def test_no_tracked_file_points_outside_the_project():
    files = tracked_text_files()
    assert "README.md" in files
    found = []
    for name in files:
        with open(os.path.join(ROOT, name), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                match = OUTSIDE.search(line)
                if match:
                    found.append("%s:%d: %s" % (name, number, match.group()))
    assert not found, "\n".join(found)
