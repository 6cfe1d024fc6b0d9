"""CONTRIBUTING.md's steps name files and the names in them: each such file is in the clone, and each
name it says a file holds is in that file, so a step cannot point at what moved (its board file is
run by tests/test_boards.py)."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def contributing():
    return read("CONTRIBUTING.md")


def test_every_path_contributing_names_is_in_the_clone():
    paths = {path for path in re.findall(r"`([\w./-]+)`", contributing())
             if "/" in path and not path.startswith((".venv/", "ports/")) and "." in os.path.basename(path)}
    assert paths, "no paths found: the pattern no longer reads CONTRIBUTING.md"
    assert sorted(path for path in paths if not os.path.exists(os.path.join(ROOT, path))) == []


def test_every_name_contributing_puts_in_a_file_is_there():
    found = re.findall(r"`([\w./-]+\.py)`'s(?: docstring lists)? `(\w+)`", contributing())
    assert len(found) > 3, "the pattern no longer reads CONTRIBUTING.md"
    missing = []
    for path, name in found:
        if not os.path.exists(os.path.join(ROOT, path)) or not re.search(r"\b%s\b" % name, read(path)):
            missing.append("%s: %s" % (path, name))
    assert missing == []
