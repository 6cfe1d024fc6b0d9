"""The wiring documents' pin table (knightstour_desktop/pinmap.py) is checked against the device's
pin map when it is read, not by asserts at import."""

import importlib

import pytest

from knightstour.hw.wiring import pins
from knightstour_desktop import pinmap


def test_importing_the_table_checks_nothing_and_keeps_no_state(monkeypatch):
    # A pin map that disagrees with every row: the import still works, reading the table does not.
    monkeypatch.setattr(pins, "board_name", lambda kind, signal: "D99")
    try:
        module = importlib.reload(pinmap)
        assert not [name for name, value in vars(module).items() if isinstance(value, list)]
        with pytest.raises(RuntimeError, match="pi spi_sck: SCK, pins.py says D99"):
            module.rows("pi")
    finally:
        monkeypatch.undo()
        importlib.reload(pinmap)
    assert pinmap.rows("pi") is pinmap.PI


@pytest.mark.parametrize("kind", ["pi", "feather_rp2040", "feather_m4", "pyportal"])
def test_every_table_agrees_with_the_pin_map(kind):
    assert pinmap.disagreements(kind, pinmap.rows(kind)) == []


def test_a_row_that_names_another_pin_is_refused_when_read(monkeypatch):
    wrong = tuple(dict(row, board="D13") if row["signal"] == "tft_dc" else row for row in pinmap.FEATHER_M4)
    monkeypatch.setitem(pinmap.PIN_MAP, "feather_m4", wrong)
    assert pinmap.disagreements("feather_m4", wrong) == ["feather_m4 tft_dc: D13, pins.py says D10"]
    with pytest.raises(RuntimeError, match="tft_dc: D13, pins.py says D10"):
        pinmap.rows("feather_m4")
    assert pinmap.rows("feather_rp2040") is pinmap.FEATHER_RP2040  # each board's table on its own


def test_the_tsc2007_interrupt_is_checked_as_the_touch_cs_pin(monkeypatch):
    wrong = tuple(dict(row, board="D5") if row["signal"] == "tsc2007_irq" else row for row in pinmap.FEATHER_M4)
    assert pinmap.disagreements("feather_m4", wrong) == [
        "feather_m4 tsc2007_irq: D5, pins.py says %s" % pins.board_name("feather_m4", "touch_cs")]
