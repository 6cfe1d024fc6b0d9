"""The simulator takes the toy's settings file as it is: every KNIGHTSTOUR_* key, the hardware's too."""

import io
import os

import pytest

from knightstour.settings import Settings
from knightstour_sim import plain
from knightstour_sim.simulator import FakeClock, Simulator, View, led_grid

from support.cli import run_sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_example_settings_file_runs_the_simulator(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    example = os.path.join(ROOT, "device", "settings.toml.example")
    code, out, err = run_sim(capsys, "--plain", "--once", "--speed", "0", "--start", "c3", "--config", example)
    assert err == ""
    assert code in (0, 1) and "tour from c3" in out


def test_pins_and_calibration_accepted_bad_values_refused(capsys, tmp_path):
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_PIN_TFT_CS = "D22"\nKNIGHTSTOUR_TOUCH_X0 = 400\nKNIGHTSTOUR_PIEZO = "D12"\n'
                      'KNIGHTSTOUR_MATRIX_ROTATION = 45\n')
    code, out, err = run_sim(capsys, "--plain", "--once", "--config", str(config))
    assert code == 2 and out == ""
    assert err.strip().split("\n") == [
        "knights-tour sim: error: %s: bad KNIGHTSTOUR_MATRIX_ROTATION = 45: one of 0, 90, 180, 270" % config]


def test_a_missing_config_file_is_named(capsys, tmp_path):
    code, out, err = run_sim(capsys, "--plain", "--once", "--config", str(tmp_path / "nope.toml"))
    assert code == 2 and out == ""
    assert err == "knights-tour sim: error: no such file: %s\n" % (tmp_path / "nope.toml")


def test_rotation_and_mirror_turn_the_view_as_the_leds(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_MATRIX_ROTATION = 90\nKNIGHTSTOUR_START = "a1"\nKNIGHTSTOUR_SPEED = 0\n')
    code, out, _ = run_sim(capsys, "--plain", "--once", "--display", "matrix", "--config", str(config))
    first = out.split("\n\n")[0].split("\n")
    # Rotation 90 turns the picture clockwise: a1, bottom left at rotation 0, is top left.
    assert first[0].startswith("@ . .") and first[7].startswith(". . .")
    config.write_text('KNIGHTSTOUR_MATRIX_ROTATION = 90\nKNIGHTSTOUR_MATRIX_MIRROR = "on"\n'
                      'KNIGHTSTOUR_START = "a1"\nKNIGHTSTOUR_SPEED = 0\n')
    code, out, _ = run_sim(capsys, "--plain", "--once", "--display", "matrix", "--config", str(config))
    assert out.split("\n\n")[0].split("\n")[0][:15] == ". . . . . . . @"


def test_led_grid_of_a_small_board_keeps_its_shape():
    board = Simulator(Settings(), clock=FakeClock()).board.__class__(5, 3)
    assert led_grid(board) == [[10, 11, 12, 13, 14], [5, 6, 7, 8, 9], [0, 1, 2, 3, 4]]
    assert led_grid(board, 90) == [[0, 5, 10], [1, 6, 11], [2, 7, 12], [3, 8, 13], [4, 9, 14]]


def test_tft_portrait_puts_the_panel_below_the_board():

    settings = Settings()
    assert settings.set("tft_rotation", "90") is None
    sim = Simulator(settings, display="ili9341", clock=FakeClock(), seed=1)
    sim.update()
    lines = plain.frame(sim.display, "ili9341", sim.view)
    board_rows = [line for line in lines if line[:3].strip().isdigit()]
    assert len(board_rows) == 8 and all("move" not in line for line in board_rows)
    assert lines[-1].startswith("tour from") and View(settings).portrait


def test_a_board_too_big_for_the_tft_says_so_once(capsys):
    code, out, err = run_sim(capsys, "--plain", "--once", "--display", "tft", "--size", "17x17")
    assert code == 2 and out == ""
    assert err == "knights-tour sim: error: the 17x17 board does not fit the display (at most 16x16)\n"


def test_the_simulator_takes_the_settings_names_for_its_displays(tmp_path, capsys, monkeypatch):
    import io

    from knightstour_desktop import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for name in ("max7219", "ILI9341", "matrix", "tft"):
        assert cli.main(["sim", "--plain", "--once", "--display", name, "--speed", "0", "--seed", "1"]) == 0, name
    capsys.readouterr()
    path = tmp_path / "m.png"
    assert cli.main(["sim", "--display", "max7219", "--screenshot", str(path), "--moves", "3"]) == 0
    assert path.stat().st_size > 0
    with pytest.raises(SystemExit) as caught:
        cli.main(["sim", "--display", "oled"])
    assert caught.value.code == 2
    assert "'oled' is not one of max7219, ili9341, both (or matrix, tft)" in capsys.readouterr().err
