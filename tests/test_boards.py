"""A board is one file (sim/boards/<board_id>.py), read by the harness's board stand-in: the board
CONTRIBUTING.md shows, written as it says into a folder of its own, runs the toy's tours; a board
whose pins.c has no SPI has no board.SPI(), as on the board."""

import pathlib
import textwrap

from knightstour.hw.wiring.pins import detect_kind
from knightstour_sim import boards
from knightstour_sim.harness.drive import feather_settings, run_feather

from support.feather import HEAP

ROOT = pathlib.Path(__file__).resolve().parent.parent


def contributing_board():
    """The board file CONTRIBUTING.md's "Add a board" shows (its python block), as one writes it."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## Add a board", 1)[1].split("\n## ", 1)[0]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    return textwrap.dedent(block)


def test_a_new_board_is_one_file(node, tmp_path):
    """CONTRIBUTING.md's steps, as written: the board file, its kind found by detect_kind (no setting
    names it), then the toy's tours on it in the harness."""
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "knightstour_test_board.py").write_text(contributing_board())
    assert "knightstour_test_board" in boards.files([str(folder)])
    definition = boards.load("knightstour_test_board", [str(folder)])
    assert definition.PINS[3] == "D11 MATRIX"
    assert detect_kind(definition.BOARD_ID, definition.MACHINE) == "feather_m4"
    settings = feather_settings("max7219")
    proc, result = run_feather(node, display="max7219", tours=2, heap=HEAP["max7219"], board="knightstour_test_board",
                               boards=[str(folder)], settings=settings, mpy=True)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert result["tours"] == 2


def test_every_board_file_holds_the_whole_definition():
    for board_id in boards.files():
        definition = boards.load(board_id)
        assert definition.BOARD_ID == board_id
        names = [name for group in definition.PINS for name in group.split()]
        assert len(names) == len(set(names)), board_id
        firsts = {group.split()[0] for group in definition.PINS}
        for kind, *pins in definition.BUSES.values():
            assert kind in ("SPI", "I2C") and set(pins) - {None} <= firsts, board_id  # None: no MISO
            assert None not in pins[:2], board_id
        names = set(names) | {"SPI"}  # "SPI": the display is on board.SPI()
        assert set(getattr(definition, "DISPLAY_PINS", ())) <= names, board_id
        assert definition.DISPLAY is not None or not hasattr(definition, "DISPLAY_PINS"), board_id
        assert set(definition.ADC) <= firsts and set(definition.DAC) <= firsts, board_id
        assert " with " in definition.MACHINE, board_id
