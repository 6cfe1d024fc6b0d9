"""The name each .mpy carries for tracebacks (mpy-cross -s) is its module's dotted name, which the board
interns anyway when it imports the module: the traceback of a deployed .mpy still names the module and
the line, and the name costs no qstr of its own (code.py on the stand-in Feather, deployed --mpy)."""

import os

from knightstour_desktop.commands.mpy_cross import module_name
from knightstour_sim.harness.drive import feather_settings, lay_out, run_feather

from support.micropython import DEVICE

BOARD = DEVICE / "knightstour" / "board_text.py"
# code.py, replaced: a deployed module raises (the board prints what is not caught on the serial console).
CODE = """import micropython
from knightstour.board_text import parse_size

micropython.qstr_info(1)
parse_size("9x99")
"""


def test_the_module_name_of_a_path_under_lib():
    assert module_name("knightstour/hw/views/tft.py") == "knightstour.hw.views.tft"
    assert module_name(os.path.join("knightstour", "hw", "__init__.py")) == "knightstour.hw"
    assert module_name("knightstour/__init__.mpy") == "knightstour"
    assert module_name("adafruit_ili9341.py") == "adafruit_ili9341"
    assert module_name("adafruit_bus_device/spi_device.py") == "adafruit_bus_device.spi_device"


def test_a_deployed_mpy_names_its_module_and_line_in_a_traceback(node, tmp_path):
    lay_out(str(tmp_path / "CIRCUITPY"), feather_settings("max7219"), mpy=True)
    (tmp_path / "CIRCUITPY" / "code.py").write_text(CODE)
    proc, _ = run_feather(node, display="max7219", tours=1, heap=1024 * 1024, workdir=str(tmp_path))
    lines = BOARD.read_text().splitlines()
    raised = 1 + next(i for i, line in enumerate(lines) if 'raise ValueError("bad board size %r' in line)
    traceback = proc.stderr.splitlines()
    assert traceback[-3:-1] == ['  File "/code.py", line 5, in <module>',
                                '  File "knightstour.board_text", line %d, in parse_size' % raised], proc.stderr
    assert traceback[-1].startswith("ValueError: bad board size '9x99': "), proc.stderr
    names = [line[2:-1] for line in proc.stdout.splitlines() if line.startswith("Q(")]
    assert names.count("knightstour.board_text") == 1 and "/lib/knightstour/board_text.mpy" in names
    assert not [name for name in names if "knightstour/board_text" in name and not name.endswith(".mpy")]
