"""`knights-tour run`: the Pi's entry point, on the emulated chips; the one-line errors."""

import argparse
import io

import pytest

from knightstour import cli
from knightstour.commands import run as run_command
from knightstour.hw.wiring.hardware import BoardHardware
from knightstour_sim.chips import rig, shims
from knightstour_sim.screenshot import sim_board


def args_for(*argv):
    parser = argparse.ArgumentParser()
    run_command.add_arguments(parser)
    return parser.parse_args(list(argv))


@pytest.fixture
def spidev(tmp_path):
    path = tmp_path / "spidev0.0"
    path.write_text("")
    return str(path)


@pytest.fixture
def clock():
    state = {"now": 0.0}

    def sleep(seconds):
        state["now"] += max(seconds, 0.001)

    return state, (lambda: state["now"]), sleep


@pytest.fixture
def tft_rigs(tft):
    return lambda touch="stmpe610": tft(touch, reset_pin=True)


def one_line(err):
    text = err.getvalue()
    assert text.endswith("\n") and text.count("\n") == 1, text
    assert "Traceback" not in text
    return text


def test_spi_off_is_one_line_naming_raspi_config_and_the_wiring(tmp_path):
    err = io.StringIO()
    code = run_command.start(args_for("--display", "max7219"), environ={},
                             spi_device=str(tmp_path / "missing"), err=err)
    text = one_line(err)
    assert code == run_command.EXIT_SETUP
    assert "SPI is off" in text and "raspi-config" in text and "wiring/README.md" in text


def test_i2c_off_for_the_ft6206(spidev, tmp_path):
    err = io.StringIO()
    code = run_command.start(args_for("--display", "ili9341"), environ={"KNIGHTSTOUR_TOUCH": "ft6206"},
                             spi_device=spidev, i2c_device=str(tmp_path / "no-i2c"), err=err)
    assert code == run_command.EXIT_SETUP and "I2C is off" in one_line(err)


def test_the_cli_prints_one_line_without_spi(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(run_command, "SPI_DEVICE", str(tmp_path / "missing"))
    assert cli.main(["run", "--display", "max7219"]) == run_command.EXIT_SETUP
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "enable SPI" in captured.err


def test_bad_settings_are_a_usage_error(capsys, tmp_path):
    config = tmp_path / "toy.toml"
    config.write_text('KNIGHTSTOUR_TFT_ROTATION = 45\n')
    assert cli.main(["run", "--display", "ili9341", "--config", str(config)]) == 2
    assert "KNIGHTSTOUR_TFT_ROTATION" in capsys.readouterr().err


def test_not_a_pi_is_one_line(spidev):
    err = io.StringIO()
    code = run_command.start(args_for("--display", "max7219"), environ={}, spi_device=spidev, err=err)
    assert code == run_command.EXIT_SETUP
    assert "wiring/README.md" in one_line(err)


def test_runs_the_matrix_on_the_emulated_chip(spidev, clock):
    state, monotonic, sleep = clock
    matrix = rig.matrix_rig()
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", matrix=matrix))  # noqa: E731
    code = run_command.start(args_for("--display", "max7219"), environ={"KNIGHTSTOUR_SPEED": "0"},
                             hardware=hardware, spi_device=spidev, monotonic=monotonic, sleep=sleep,
                             until=lambda app: app.tours >= 1)
    assert code == 0
    assert all(all(row) for row in matrix.chip.leds)  # a complete tour: every LED lit


def test_runs_the_tft_with_touch_from_a_config_file(spidev, clock, tft_rigs, tmp_path):
    state, monotonic, sleep = clock
    tft = tft_rigs("ft6206")
    config = tmp_path / "toy.toml"
    config.write_text('KNIGHTSTOUR_TOUCH = "ft6206"\nKNIGHTSTOUR_MODE = "touch"\nKNIGHTSTOUR_IDLE_MS = 600000\n')
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", tft=tft))  # noqa: E731
    seen = []

    def until(app):
        if app.state == "wait" and not seen:
            tft.touch_chip.touch(239 - 15, 319 - 15)  # panel (15, 15): top-left, rotation 0: h... a8
            seen.append(True)
        return app.state == "run"

    with shims.skip_sleeps():
        code = run_command.start(args_for("--display", "ili9341", "--config", str(config)), environ={},
                                 hardware=hardware, spi_device=spidev, i2c_device=spidev,
                                 monotonic=monotonic, sleep=sleep, until=until)
    assert code == 0 and seen


def test_touch_controller_that_does_not_answer_is_one_line(spidev, tft_rigs):
    tft = tft_rigs(None)  # no STMPE610 on the bus: reads are all zeros
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", tft=tft))  # noqa: E731
    err = io.StringIO()
    with shims.skip_sleeps():
        code = run_command.start(args_for("--display", "ili9341"), environ={}, hardware=hardware,
                                 spi_device=spidev, err=err)
    text = one_line(err)
    assert code == 1 and "STMPE610" in text and "does not answer" in text and "wiring/README.md" in text


def test_calibrate_prints_the_lines_to_paste(spidev, tft_rigs):
    tft = tft_rigs("stmpe610")
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", tft=tft))  # noqa: E731
    lines = []
    polls = {"n": 0}

    def sleep(seconds):
        polls["n"] += 1
        if polls["n"] % 4 == 1:
            tft.touch_chip.touch(1000 + polls["n"], 2000 + polls["n"] * 7)
        elif polls["n"] % 4 == 2:
            tft.touch_chip.release()

    with shims.skip_sleeps():
        code = run_command.start(args_for("--display", "ili9341", "--calibrate"), environ={},
                                 hardware=hardware, spi_device=spidev, sleep=sleep, out=lines.append)
    assert code == 0
    assert [line.split(" = ")[0] for line in lines[-5:]] == [
        "KNIGHTSTOUR_TOUCH_X0", "KNIGHTSTOUR_TOUCH_X1", "KNIGHTSTOUR_TOUCH_Y0", "KNIGHTSTOUR_TOUCH_Y1",
        "KNIGHTSTOUR_TOUCH_SWAP"]


def test_calibrate_needs_the_tft():
    with pytest.raises(ValueError, match="--calibrate needs"):
        run_command.load_settings(args_for("--display", "max7219", "--calibrate"), environ={})


def test_a_busy_chip_select_names_the_spi0_0cs_overlay(spidev):
    class BusyPins(BoardHardware):
        def output(self, pin, value=True):
            raise OSError(16, "Device or resource busy")

    matrix = rig.matrix_rig()
    err = io.StringIO()
    hardware = lambda settings: BusyPins("pi", settings, board=sim_board("pi", matrix=matrix))  # noqa: E731
    code = run_command.start(args_for("--display", "max7219"), environ={}, hardware=hardware,
                             spi_device=spidev, err=err)
    assert code == run_command.EXIT_SETUP
    line = one_line(err)
    assert "dtoverlay=spi0-0cs" in line and "wiring/README.md" in line
