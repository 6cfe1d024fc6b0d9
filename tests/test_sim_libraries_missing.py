"""A library the simulator needs that is not installed: one line naming the extra that brings it, exit code 2,
never a traceback (each run in a fresh interpreter where that library cannot be imported)."""

import os
import subprocess
import sys

import pytest

PROGRAM = """import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None  # import NAME now raises ModuleNotFoundError, as when it is not installed
from knightstour_desktop.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _sim(missing, *args, cwd):
    return subprocess.run([sys.executable, "-c", PROGRAM, missing, "sim", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300, env={**os.environ, "COLUMNS": "200"})


@pytest.mark.parametrize("missing, args", [
    ("displayio", ("--display", "tft", "--screenshot", "tft.png")),
    ("PIL", ("--display", "tft", "--record", "tour.gif", "--size", "5x5", "--start", "a1")),
    ("PIL", ("--display", "matrix", "--screenshot", "matrix.png")),
])
def test_a_missing_library_is_one_line_naming_the_extra(missing, args, tmp_path):
    done = _sim(missing, *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert missing in lines[0] and "pip install 'knights-tour-toy[sim]'" in lines[0], lines[0]
    assert os.listdir(tmp_path) == []  # nothing half-written


def test_the_toys_own_module_missing_is_no_install_problem(tmp_path):
    done = _sim("knightstour.hw.views.tft", "--display", "tft", "--screenshot", "tft.png", cwd=tmp_path)
    assert done.returncode != 0 and "knights-tour-toy[sim]" not in done.stderr
