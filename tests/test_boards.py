"""A board is one file (sim/boards/<board_id>.py), read by the harness's board stand-in: a test's
own board, written into a folder of its own, runs the toy's tours; a board whose pins.c has no SPI
has no board.SPI(), as on the board."""

from knightstour_sim import boards
from knightstour_sim.harness.drive import feather_settings, run_feather

from support.feather import HEAP

DUMMY = '''"""A board that exists only in this test."""

BOARD_ID = "knightstour_test_board"
MACHINE = "Test Board with samd51j19"
PINS = ("SCK", "MOSI", "MISO", "D11 MATRIX", "D12", "A1", "A2", "SCL", "SDA")
BUSES = {"SPI": ("SPI", "SCK", "MOSI", "MISO"), "I2C": ("I2C", "SCL", "SDA")}
ADC = ("A1", "A2")
DAC = ()
DISPLAY = None
'''


def test_a_new_board_is_one_file(node, tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "knightstour_test_board.py").write_text(DUMMY)
    assert boards.load("knightstour_test_board", [str(folder)]).PINS[3] == "D11 MATRIX"
    settings = feather_settings("max7219", extra={"KNIGHTSTOUR_BOARD": "feather_m4"})
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
