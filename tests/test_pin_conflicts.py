"""A board pin the settings give two uses is found before any pin is claimed: one line naming
both uses, on the desktop (run, sim, deploy) as for any bad setting. The Feather's side runs
on its harness in test_feather.py."""

import io

import pytest

from knightstour import settings as settings_module
from knightstour.hw.wiring import conflicts
from knightstour_desktop import cli
from knightstour_desktop.commands import deploy

XPT2046 = {"KNIGHTSTOUR_DISPLAY": "ili9341", "KNIGHTSTOUR_TOUCH": "xpt2046"}


@pytest.fixture(autouse=True)
def no_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))


def found(environ, kind="feather_rp2040"):
    settings, errors = settings_module.load(environ.get)
    assert errors == []
    return conflicts.find(settings, kind)


def test_the_touch_irq_on_the_touch_chip_select_names_both():
    assert found(dict(XPT2046, KNIGHTSTOUR_PIN_TOUCH_IRQ="D6")) == [
        "bad KNIGHTSTOUR_PIN_TOUCH_IRQ D6: already the touch chip select (KNIGHTSTOUR_PIN_TOUCH_CS); "
        "give another pin"]
    assert found(dict(XPT2046, KNIGHTSTOUR_PIN_TOUCH_IRQ="CE1"), "pi") == [
        "bad KNIGHTSTOUR_PIN_TOUCH_IRQ CE1: already the touch chip select (KNIGHTSTOUR_PIN_TOUCH_CS); "
        "give another pin"]


def test_the_overridden_pin_is_the_bad_one_whichever_comes_first():
    # matrix_cs comes before button_a in the pin map: the override is still the one named
    assert found({"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_PIN_MATRIX_CS": "A1"}) == [
        "bad KNIGHTSTOUR_PIN_MATRIX_CS A1: already button A (KNIGHTSTOUR_PIN_BUTTON_A); give another pin"]
    assert found({"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_PIN_MATRIX_CS": "SCK"}) == [
        "bad KNIGHTSTOUR_PIN_MATRIX_CS SCK: already the SPI clock (the pin map's); give another pin"]
    assert found({"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_PIEZO": "D11"}) == [
        "bad KNIGHTSTOUR_PIEZO D11: already the matrix chip select (KNIGHTSTOUR_PIN_MATRIX_CS); give another pin"]


def test_shared_buses_unused_pins_and_none_are_no_conflict():
    assert found(XPT2046) == []  # SCK/MOSI/MISO shared by the display and the touch chip
    assert found({"KNIGHTSTOUR_DISPLAY": "ili9341", "KNIGHTSTOUR_TOUCH": "ft6206"}) == []
    assert found({"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_PIN_TFT_CS": "D11"}) == []  # no TFT here
    assert found(dict(XPT2046, KNIGHTSTOUR_PIN_TOUCH_IRQ="none", KNIGHTSTOUR_PIN_TFT_RESET="none")) == []
    assert found({"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_PIN_BUTTON_A": "D5",
                  "KNIGHTSTOUR_PIN_BUTTON_B": "D5"}) == [
        "bad KNIGHTSTOUR_PIN_BUTTON_B D5: already button A (KNIGHTSTOUR_PIN_BUTTON_A); give another pin"]
    # the Pi's map gives the matrix and the TFT the same chip select: never used together
    assert found({"KNIGHTSTOUR_DISPLAY": "ili9341", "KNIGHTSTOUR_TOUCH": "stmpe610"}, "pi") == []


def main(capsys, monkeypatch, environ, *argv):
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, err


@pytest.mark.parametrize("argv", [("sim", "--plain", "--once", "--display", "tft", "--speed", "0"),
                                  ("run", "--display", "ili9341")])
def test_sim_and_run_stop_with_the_one_line(capsys, monkeypatch, tmp_path, argv):
    environ = dict(XPT2046, KNIGHTSTOUR_PIN_TOUCH_IRQ="D6" if argv[0] == "sim" else "CE1")
    code, err = main(capsys, monkeypatch, environ, *argv)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "KNIGHTSTOUR_PIN_TOUCH_IRQ" in err and "already the touch chip select (KNIGHTSTOUR_PIN_TOUCH_CS)" in err


def test_deploy_refuses_a_drive_whose_settings_give_a_pin_two_uses(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    text = 'KNIGHTSTOUR_DISPLAY = "ili9341"\nKNIGHTSTOUR_PIN_TOUCH_IRQ = "D6"\n'
    (drive / "settings.toml").write_text(text)
    deploy.check_pins(str(drive), {})  # the STMPE610 of the default "auto" has no interrupt wire
    with pytest.raises(ValueError, match="bad KNIGHTSTOUR_PIN_TOUCH_IRQ D6: already the touch chip select"):
        deploy.check_pins(str(drive), {"KNIGHTSTOUR_TOUCH": "xpt2046"})  # --touch xpt2046
    assert (drive / "settings.toml").read_text() == text
