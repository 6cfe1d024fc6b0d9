"""What code.py and requirements.txt tell a maker agree with the code: the libraries circup installs
and the files they point to."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE = os.path.join(ROOT, "device")


def requirements():
    with open(os.path.join(DEVICE, "requirements.txt")) as handle:
        return handle.read()


def test_circup_auto_installs_what_requirements_txt_names():
    with open(os.path.join(DEVICE, "code.py")) as handle:
        tree = ast.parse(handle.read())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    libraries = {line.strip() for line in requirements().split("\n") if line.strip() and line[0] != "#"}
    assert {name for name in imported if name.startswith("adafruit_")} == libraries


def test_the_files_requirements_txt_names_exist():
    named = re.findall(r"knightstour/[\w/]+\.py", requirements())
    assert named
    for path in named:
        assert os.path.isfile(os.path.join(DEVICE, path)), path
