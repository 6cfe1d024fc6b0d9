"""The heap a deploy without --mpy needs (hw/startup.py NEEDS_KB_PY), on the stand-in Feather:
the package as .py, compiled by the board at each start, the libraries .mpy as circup installs
them (sim/circuitpython/drive.py, mpy="libraries"). benchmarks/feather_heap.py --py measures it."""

import pytest

from knightstour.hw.feather import MEMORY, NEEDS_KB
from knightstour.hw.startup import NEEDS_KB_PY
from knightstour_sim.circuitpython.drive import run_feather


@pytest.mark.parametrize("display, board", [("max7219", "feather_m4"), ("ili9341", "feather_m4"),
                                            ("builtin", "pyportal_titano")])
def test_a_py_deploy_runs_in_the_heap_it_is_told_it_needs(node, display, board):
    proc, result = run_feather(node, display=display, touch="stmpe610", tours=3, heap=NEEDS_KB_PY[display] * 1024,
                               mpy="libraries", board=board)
    assert result is not None and result["tours"] == 3, proc.stdout[-2000:] + proc.stderr[-2000:]


def test_a_py_deploy_in_the_mpy_heap_is_told_both_figures(node):
    proc, _ = run_feather(node, display="ili9341", touch="stmpe610", tours=3, heap=NEEDS_KB["ili9341"] * 1024,
                          mpy="libraries")
    assert proc.returncode == 3, proc.stdout[-2000:] + proc.stderr[-2000:]  # waiting in stop()
    lines = [line for line in proc.stdout.splitlines() if line.startswith("knightstour: error:")]
    assert len(lines) == 1 and "Traceback" not in proc.stdout + proc.stderr, proc.stdout
    assert "%d KB with --mpy, %d KB without" % (NEEDS_KB["ili9341"], NEEDS_KB_PY["ili9341"]) in lines[0]


def test_the_first_out_of_memory_line_names_the_smallest_heaps():
    """feather.py's line for a MemoryError before startup.py is loaded spells the .py figure out."""
    assert "%d KB without" % min(NEEDS_KB_PY.values()) in MEMORY % min(NEEDS_KB.values())


def test_out_of_memory_on_a_pyportals_screen_names_the_heap_needed():
    """KNIGHTSTOUR_DISPLAY = "builtin" had no figure: the line said "about 0 KB with --mpy, 0 KB without"."""
    from knightstour.hw import startup

    settings = startup.Settings()
    settings.display, settings.size, settings.touch = "builtin", "8x8", "auto"
    line = startup.out_of_memory(settings, NEEDS_KB)
    assert "about 0 KB" not in line and "0 KB without" not in line, line
    assert "on the builtin: the 8x8 board needs a free heap of about %d KB with --mpy, %d KB without" \
        % (NEEDS_KB["builtin"], NEEDS_KB_PY["builtin"]) in line
    assert NEEDS_KB["builtin"] > NEEDS_KB["ili9341"] and NEEDS_KB_PY["builtin"] > NEEDS_KB["builtin"]
