"""The heap a deploy without --mpy needs (hw/feather.py NEEDS_KB, the second figure), on the stand-in Feather:
the package as .py, compiled by the board at each start, the libraries .mpy as circup installs
them (sim/harness/drive.py, mpy="libraries"). benchmarks/feather_heap.py --py measures it."""

import ast
import os

import pytest

from knightstour.hw import plan
from knightstour.hw.feather import NEEDS_KB, Toy
from knightstour.hw.startup import out_of_memory
from knightstour_sim.harness.drive import compiled_as_on_a_board, feather_settings, lay_out, run_feather

# The .py TFT deploy's target on this harness (KB of free heap when code.py starts).
PY_TFT_TARGET_KB = 88


@pytest.mark.parametrize("display, board", [("max7219", "feather_m4"), ("ili9341", "feather_m4"),
                                            ("builtin", "pyportal_titano")])
def test_a_py_deploy_runs_in_the_heap_it_is_told_it_needs(node, display, board):
    proc, result = run_feather(node, display=display, touch="stmpe610", tours=3, heap=NEEDS_KB[display][1] * 1024,
                               mpy="libraries", board=board)
    assert result is not None and result["tours"] == 3, proc.stdout[-2000:] + proc.stderr[-2000:]


def test_a_py_deploy_with_the_whole_example_settings_fits_as_well(node, tmp_path):
    """settings.toml.example as a maker copies it (7 KB, mostly comments) costs code.py no heap: CircuitPython
    reads it in C. The stand-in read it inside the start's first step, whose garbage this port keeps till
    the step ends, and the drive needed 82 KB, not 60."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    lay_out(str(drive), feather_settings("max7219"), mpy="libraries")
    with open(os.path.join(os.path.dirname(__file__), "..", "device", "settings.toml.example")) as f:
        text = f.read().replace('KNIGHTSTOUR_DISPLAY = "ili9341"', 'KNIGHTSTOUR_DISPLAY = "max7219"')
    (drive / "settings.toml").write_text(text.replace("KNIGHTSTOUR_SPEED = 1", "KNIGHTSTOUR_SPEED = 0"))
    proc, result = run_feather(node, display="max7219", tours=2, heap=NEEDS_KB["max7219"][1] * 1024,
                               mpy="libraries", workdir=str(tmp_path))
    assert result is not None and result["tours"] == 2, proc.stdout[-2000:] + proc.stderr[-2000:]


def test_a_py_tft_deploy_runs_its_tours_in_its_target_heap(node):
    """A board compiles the package at each start and keeps no docstring: 99 KB here before the harness
    compiled as a board does (this port keeps module and class docstrings), 94 KB once it did."""
    proc, result = run_feather(node, display="ili9341", touch="stmpe610", tours=3, heap=PY_TFT_TARGET_KB * 1024,
                               mpy="libraries")
    assert result is not None and result["tours"] == 3, proc.stdout[-2000:] + proc.stderr[-2000:]


def test_the_harness_compiles_a_py_as_a_board_keeping_no_docstring():
    source = ('"""The module: kept by this port, not by a board."""\n'
              "import os\n\n\n"
              "class Port:\n"
              '    """A class: kept by this port, not by a board.\n\n    Its second line."""\n\n'
              "    def begin(self):\n"
              '        """A function\'s: neither keeps it."""\n\n\n'
              'class Stop(Exception): """On the class\'s line, \u00e9 too."""\n')
    compiled = compiled_as_on_a_board(source)
    tree = ast.parse(compiled)
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    assert ast.get_docstring(tree) is None and [ast.get_docstring(each) for each in classes] == [None, None]
    method = classes[0].body[-1]
    assert ast.get_docstring(method) == "A function's: neither keeps it."  # a board discards it anyway
    assert compiled.count("\n") == source.count("\n")  # tracebacks name the same lines
    assert compiled.replace("pass; ", "") == source  # the strings are still read and parsed, as on a board


def test_a_py_deploy_in_the_mpy_heap_is_told_both_figures(node):
    """At the .mpy figure, a heap an .mpy deploy runs in (67 KB here), a .py deploy (86 KB) runs out and
    its one line gives both figures."""
    proc, _ = run_feather(node, display="ili9341", touch="stmpe610", tours=3,
                          heap=NEEDS_KB["ili9341"][0] * 1024, mpy="libraries")
    assert proc.returncode == 3, proc.stdout[-2000:] + proc.stderr[-2000:]  # waiting in stop()
    lines = [line for line in proc.stdout.splitlines() if line.startswith("knightstour: error:")]
    assert len(lines) == 1 and "Traceback" not in proc.stdout + proc.stderr, proc.stdout
    assert "%d KB with --mpy, %d KB without" % NEEDS_KB["ili9341"] in lines[0]


def test_the_out_of_memory_lines_are_built_from_the_one_table():
    """Before the settings are read: the smallest heaps any display needs; then the display's own."""
    toy = Toy()
    plan.begin(toy)
    first = toy.memory
    assert "%d KB with --mpy, %d KB without" % (min(kb[0] for kb in NEEDS_KB.values()),
                                                 min(kb[1] for kb in NEEDS_KB.values())) in first
    for display, kb in NEEDS_KB.items():
        line = out_of_memory(NEEDS_KB, display, "ft6206", "10x10")
        assert line.startswith("out of memory for the 10x10 board on the %s" % display)
        assert "%d KB with --mpy, %d KB without" % kb in line
    assert "ili9341 and ft6206 touch" in out_of_memory(NEEDS_KB, "ili9341", "ft6206", "8x8")


def test_out_of_memory_on_a_pyportals_screen_names_the_heap_needed():
    """KNIGHTSTOUR_DISPLAY = "builtin" had no figure: the line said "about 0 KB with --mpy, 0 KB without"."""
    line = out_of_memory(NEEDS_KB, "builtin", "auto", "8x8")
    assert "about 0 KB" not in line and "0 KB without" not in line, line
    assert "on the builtin: the 8x8 board needs a free heap of about %d KB with --mpy, %d KB without" \
        % NEEDS_KB["builtin"] in line
    assert NEEDS_KB["builtin"][0] > NEEDS_KB["ili9341"][0]
