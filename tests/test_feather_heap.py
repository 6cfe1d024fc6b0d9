"""A heap without holes: code.py runs its tours at every free heap from the figure the toy states
(hw/feather.py NEEDS_KB, deployed .mpy and .py) to 32 KB more, on the stand-in Feather. A heap
that fails above one that runs would be fragmentation deciding, not size.

Every size is swept for the configurations that had holes on CircuitPython's own interpreter (the
MAX7219 toy without buttons as .mpy, the TFT as .py); the others every 8 KB. The benchmark sweeps
them all at every size: .venv/bin/python -m benchmarks.feather_heap --sweep."""

import os
import shutil
import tempfile

import pytest

from knightstour.hw.feather import NEEDS_KB
from knightstour_sim.harness.drive import feather_settings, lay_out, run_feather

SPAN = 32
NO_BUTTONS = {"KNIGHTSTOUR_PIN_BUTTON_A": "none", "KNIGHTSTOUR_PIN_BUTTON_B": "none"}
PRESSES = (("A1", 40, 50), ("A2", 300, 310))  # a new tour, faster: (pin, loop step down, up)

# (display, touch, settings added, buttons pressed, deployed: True .mpy, "libraries" .py, KB step)
SWEEPS = {
    "max7219 without buttons, .mpy": ("max7219", "none", NO_BUTTONS, None, True, 1),
    "ili9341 + stmpe610, .py": ("ili9341", "stmpe610", {}, None, "libraries", 1),
    "max7219 with buttons, .mpy": ("max7219", "none", {}, PRESSES, True, 8),
    "max7219 with buttons, .py": ("max7219", "none", {}, PRESSES, "libraries", 8),
    "ili9341 + stmpe610, .mpy": ("ili9341", "stmpe610", {}, None, True, 8),
    "ili9341 + ft6206, .mpy": ("ili9341", "ft6206", {}, None, True, 8),
    "ili9341 + xpt2046, .mpy": ("ili9341", "xpt2046", {}, None, True, 8),
}


@pytest.mark.parametrize("name", list(SWEEPS))
def test_every_heap_from_the_stated_figure_to_32_kb_more_runs(node, name):
    display, touch, extra, buttons, mpy, every = SWEEPS[name]
    needs = NEEDS_KB[display][0 if mpy is True else 1]
    work = tempfile.mkdtemp(prefix="feather-sweep-")
    try:
        lay_out(os.path.join(work, "CIRCUITPY"), feather_settings(display, touch, extra=extra), mpy=mpy)
        failed = []
        for kb in range(needs, needs + SPAN + 1, every):
            proc, result = run_feather(node, display, touch, tours=2, heap=kb * 1024, workdir=work, buttons=buttons)
            if result is None or result["tours"] < 2:
                failed.append((kb, (proc.stdout + proc.stderr)[-300:]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert failed == []
