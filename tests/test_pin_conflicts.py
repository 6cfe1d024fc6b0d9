"""A board pin the settings give two uses is found before any pin is claimed: one line naming
both uses, on the desktop (run, sim, deploy) as for any bad setting. The Feather's side runs
on its harness in test_feather.py."""

import io
import os

import pytest

from knightstour import settings as settings_module
from knightstour.hw.wiring import conflicts
from knightstour_desktop import cli
from knightstour_desktop.commands import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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


def found_on(environ, kind):
    """As the desktop checks (deploy, run, sim): through the board's pins (knightstour_desktop.board_pins)."""
    from knightstour_desktop.board_pins import pin_of

    settings, errors = settings_module.load(environ.get)
    assert errors == []
    return conflicts.find(settings, kind, pin_of(kind))


@pytest.mark.parametrize("key", ["KNIGHTSTOUR_PIN_MATRIX_CS", "KNIGHTSTOUR_PIN_BUTTON_A", "KNIGHTSTOUR_PIEZO"])
@pytest.mark.parametrize("name", ["SPI", "I2C", "UART", "BOARD_ID"])
def test_a_name_that_is_no_pin_is_one_line_naming_the_key(key, name):
    for kind in ("feather_rp2040", "feather_m4", "pi"):
        errors = found_on({"KNIGHTSTOUR_DISPLAY": "max7219", key: name}, kind)
        assert len(errors) == 1 and errors[0].startswith("bad %s %s: it is no pin of the " % (key, name)), errors


@pytest.mark.parametrize("kind, key, name, same, use", [
    ("feather_m4", "KNIGHTSTOUR_PIN_MATRIX_CS", "D25", "SCK", "the SPI clock"),
    ("feather_m4", "KNIGHTSTOUR_PIN_MATRIX_CS", "D24", "MOSI", "the SPI MOSI"),
    ("feather_m4", "KNIGHTSTOUR_PIEZO", "D17", "A3", None),  # no conflict: the max7219 has no touch IRQ
    ("feather_m4", "KNIGHTSTOUR_PIN_MATRIX_CS", "D15", "A1", "button A"),
    ("pi", "KNIGHTSTOUR_PIN_BUTTON_A", "D8", "CE0", "the matrix chip select"),
    ("pi", "KNIGHTSTOUR_PIN_BUTTON_A", "SCLK", "SCK", "the SPI clock"),
])
def test_two_names_of_one_pin_are_one_pin(kind, key, name, same, use):
    errors = found_on({"KNIGHTSTOUR_DISPLAY": "max7219", key: name}, kind)
    if use is None:
        assert errors == []
    else:
        assert errors == ["bad %s %s (the same pin as %s): already %s (%s); give another pin"
                          % (key, name, same, use, "KNIGHTSTOUR_PIN_BUTTON_A" if use == "button A"
                             else "KNIGHTSTOUR_PIN_MATRIX_CS" if use == "the matrix chip select" else "the pin map's")]


def test_the_desktops_pins_are_made_from_the_board_definitions():
    """The desktop package may not import the simulator's, so it keeps a copy that tools/board_pins.py
    makes from the board definitions: the committed copy is a fresh run's, and the Pico's kin use only
    pins the Pico has."""
    import subprocess
    import sys

    from knightstour_desktop import board_pins
    from knightstour_sim import boards

    check = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "board_pins.py"), "--check"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    for kind in ("feather_m4", "feather_rp2040", "pico"):
        board_id = board_pins.BOARD_IDS[kind]
        assert board_pins.GROUPS[board_id] == "|".join(boards.load(board_id).PINS)
    for board_id, kind in board_pins.SAME_KIND.items():
        toys_pins = [group for group in boards.load(board_id).PINS if group.split()[0].startswith("GP")]
        assert set(toys_pins) <= set(board_pins.GROUPS[board_pins.BOARD_IDS[kind]].split("|")), board_id


def test_the_pins_copy_check_sees_a_changed_board(tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("board_pins_tool", os.path.join(ROOT, "tools", "board_pins.py"))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    stale = tmp_path / "board_groups.py"
    stale.write_text(tool.text().replace("'GP13',", ""))
    monkeypatch.setattr(tool, "OUT", str(stale))
    assert tool.main(["--check"]) == 1
    assert tool.main([]) == 0 and tool.main(["--check"]) == 0


def test_a_pico_settings_file_is_checked_on_the_picos_pins(tmp_path, capsys):
    from knightstour_desktop.cli import main

    config = tmp_path / "pico.toml"
    config.write_text('KNIGHTSTOUR_BOARD = "pico"\nKNIGHTSTOUR_DISPLAY = "max7219"\nKNIGHTSTOUR_PIN_MATRIX_CS = "GP18"\n')
    assert main(["sim", "--config", str(config), "--plain", "--once"]) == 2
    error = capsys.readouterr().err
    assert "GP18" in error and "Traceback" not in error


def test_a_name_that_is_no_pico_pin_suggests_none_of_another_board(tmp_path, capsys):
    from knightstour_desktop.cli import main

    config = tmp_path / "pico.toml"
    config.write_text('KNIGHTSTOUR_BOARD = "pico"\nKNIGHTSTOUR_DISPLAY = "max7219"\nKNIGHTSTOUR_PIN_MATRIX_CS = "SPI"\n')
    assert main(["sim", "--config", str(config), "--plain", "--once"]) == 2
    error = capsys.readouterr().err
    assert "it is no pin of the pico (its pins: GP0, GP1" in error and "D25" not in error, error


def test_deploy_compares_the_pins_of_the_board_boot_out_names(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "settings.toml").write_text('KNIGHTSTOUR_DISPLAY = "max7219"\nKNIGHTSTOUR_PIN_MATRIX_CS = "D25"\n')
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express "
                                        "with samd51j19\nBoard ID:feather_m4_express\n")
    with pytest.raises(ValueError, match=r"D25 \(the same pin as SCK\): already the SPI clock"):
        deploy.check_pins(str(drive), {})
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather RP2040 "
                                        "with rp2040\nBoard ID:adafruit_feather_rp2040\n")
    deploy.check_pins(str(drive), {})  # D25 is a pin of its own there
    (drive / "settings.toml").write_text('KNIGHTSTOUR_DISPLAY = "max7219"\nKNIGHTSTOUR_PIN_BUTTON_B = "SPI"\n')
    with pytest.raises(ValueError, match="bad KNIGHTSTOUR_PIN_BUTTON_B SPI: it is no pin of the feather rp2040"):
        deploy.check_pins(str(drive), {})


@pytest.mark.parametrize("argv", [("sim", "--plain", "--once", "--display", "tft", "--speed", "0"),
                                  ("run", "--display", "ili9341")])
def test_sim_and_run_refuse_a_name_that_is_no_pin_in_one_line(capsys, monkeypatch, argv):
    code, err = main(capsys, monkeypatch, dict(XPT2046, KNIGHTSTOUR_PIN_TOUCH_IRQ="SPI"), *argv)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "bad KNIGHTSTOUR_PIN_TOUCH_IRQ SPI: it is no pin of the " in err


CALIBRATION_LINE = ("bad KNIGHTSTOUR_TOUCH_X0 3812: the same as the stmpe610's default for X1; the two edges need "
                    "different readings: run the calibration (KNIGHTSTOUR_CALIBRATE = on) or leave the key out")


@pytest.mark.parametrize("argv", [("sim", "--plain", "--once", "--display", "tft", "--speed", "0"),
                                  ("run", "--display", "ili9341")])
def test_a_calibration_equal_to_the_default_names_the_key(capsys, monkeypatch, argv):
    environ = {"KNIGHTSTOUR_DISPLAY": "ili9341", "KNIGHTSTOUR_TOUCH": "stmpe610", "KNIGHTSTOUR_TOUCH_X0": "3812"}
    code, err = main(capsys, monkeypatch, environ, *argv)
    assert code == 2 and err.count("\n") == 1 and CALIBRATION_LINE in err, err
    code, err = main(capsys, monkeypatch, dict(environ, KNIGHTSTOUR_TOUCH_X0="357", KNIGHTSTOUR_TOUCH_Y1="357",
                                               KNIGHTSTOUR_TOUCH_Y0="357"), *argv)
    assert code == 2 and "bad KNIGHTSTOUR_TOUCH_Y1 357: the same as KNIGHTSTOUR_TOUCH_Y0;" in err, err


def test_deploy_refuses_a_calibration_the_toy_cannot_map_by(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "settings.toml").write_text('KNIGHTSTOUR_TOUCH_X0 = 3812\n')
    deploy.check_pins(str(drive), {"KNIGHTSTOUR_TOUCH": "ft6206"})  # another controller's defaults: fine
    with pytest.raises(ValueError, match=r"settings.toml: bad KNIGHTSTOUR_TOUCH_X0 3812: the same as the stmpe610"):
        deploy.check_pins(str(drive), {})  # "auto": the FeatherWing V1's STMPE610 may be the one
