"""`knights-tour run`: the Pi's entry point, on the emulated chips; the one-line errors."""

import io
import os

import pytest

from knightstour.hw.wiring.hardware import BoardHardware
from knightstour_desktop import cli
from knightstour_desktop.commands import run as run_command
from knightstour_sim.chips import rig, shims
from knightstour_sim.screenshot import sim_board

from support.cli import args_for


@pytest.fixture(autouse=True)
def a_pi_model(pi_model):
    return pi_model


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
                             until=lambda app: app.tours.count >= 1)
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


def test_calibrate_prints_the_lines_to_paste(tft_rigs):
    code, lines = _calibrate(tft_rigs("stmpe610"), FakeSystemctl(active=False))
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


class FakeSystemctl:
    """systemctl for --calibrate: the service is ``active`` or not; ``stop`` fails when ``may_stop`` is False."""

    def __init__(self, active, may_stop=True):
        self.active, self.may_stop, self.calls = active, may_stop, []

    def __call__(self, *args):
        self.calls.append(args[0])
        if args[0] == "is-active":
            return 0 if self.active else 3
        if args[0] == "stop":
            if not self.may_stop:
                return 1
            self.active = False
        if args[0] == "start":
            self.active = True
        return 0


def test_the_first_frame_is_announced_and_written_to_the_status_file(spidev, clock, tmp_path):
    state, monotonic, sleep = clock
    matrix = rig.matrix_rig()
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", matrix=matrix))  # noqa: E731
    status, lines, lit = tmp_path / "status", [], []

    def until(app):
        lit.append(any(any(row) for row in matrix.chip.leds))
        return app.tours.count >= 1

    code = run_command.start(args_for("--display", "max7219", "--status-file", str(status)),
                             environ={"KNIGHTSTOUR_SPEED": "0"}, hardware=hardware, spi_device=spidev,
                             monotonic=monotonic, sleep=sleep, until=until, out=lines.append)
    assert code == 0 and lit[0]  # something was on the matrix when the line was written
    assert lines == ["knights-tour run: the toy runs (max7219): first frame drawn"]
    assert status.read_text() == "%d\n" % os.getpid() and not os.path.exists(str(status) + ".tmp")


def test_a_status_file_that_cannot_be_written_is_one_line(spidev, clock, tmp_path):
    state, monotonic, sleep = clock
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", matrix=rig.matrix_rig()))  # noqa: E731
    err = io.StringIO()
    run = tmp_path / "run"
    run.mkdir()
    real = os.replace

    def refused(src, dst):  # the status file's folder became unwritable after the start: no .tmp left behind
        raise PermissionError(13, "Permission denied", dst)

    run_command.os.replace = refused
    try:
        code = run_command.start(args_for("--display", "max7219", "--status-file", str(run / "status")),
                                 environ={}, hardware=hardware, spi_device=spidev, monotonic=monotonic, sleep=sleep,
                                 out=lambda line: None, err=err)
    finally:
        run_command.os.replace = real
    assert code == 2 and "cannot write --status-file" in one_line(err)
    assert os.listdir(run) == []


@pytest.mark.parametrize("where, needle", [("folder", "it is a folder"), ("no/status", "there is no folder")])
def test_an_unwritable_status_file_is_refused_before_the_hardware(spidev, clock, tmp_path,
                                                                                      where, needle):
    state, monotonic, sleep = clock
    tmp_path = tmp_path / "run"
    (tmp_path / "folder").mkdir(parents=True)
    started = []
    with pytest.raises(ValueError, match="bad --status-file %s: %s" % (tmp_path / where, needle)):
        run_command.start(args_for("--display", "max7219", "--status-file", str(tmp_path / where)), environ={},
                          hardware=lambda settings: started.append(settings), spi_device=spidev,
                          monotonic=monotonic, sleep=sleep, out=lambda line: None)
    assert started == [] and sorted(os.listdir(tmp_path)) == ["folder"] and os.listdir(tmp_path / "folder") == []


def _calibrate(tft, service, err=None, hardware=None):
    hardware = hardware or (lambda settings: BoardHardware("pi", settings, board=sim_board("pi", tft=tft)))
    polls = {"n": 0}

    def sleep(seconds):
        polls["n"] += 1
        if polls["n"] % 4 == 1:
            tft.touch_chip.touch(1000 + polls["n"], 2000 + polls["n"] * 7)
        elif polls["n"] % 4 == 2:
            tft.touch_chip.release()

    lines = []
    with shims.skip_sleeps():
        code = run_command.start(args_for("--display", "ili9341", "--calibrate"), environ={}, hardware=hardware,
                                 spi_device=os.devnull, sleep=sleep, out=lines.append, err=err or io.StringIO(),
                                 service=service)
    return code, lines


def test_calibrate_stops_the_running_service_and_starts_it_again(tft_rigs):
    service = FakeSystemctl(active=True)
    code, lines = _calibrate(tft_rigs("stmpe610"), service)
    assert code == 0 and service.calls == ["is-active", "stop", "start"] and service.active
    assert lines[-1] == "knights-tour run: started the knightstour service again"
    assert lines[-2].startswith("KNIGHTSTOUR_TOUCH_SWAP")


def test_calibrate_leaves_a_stopped_service_stopped(tft_rigs):
    service = FakeSystemctl(active=False)
    code, _ = _calibrate(tft_rigs("stmpe610"), service)
    assert code == 0 and service.calls == ["is-active"] and not service.active


def test_calibrate_starts_the_service_again_when_calibration_fails(tft_rigs):
    service, err = FakeSystemctl(active=True), io.StringIO()
    code, _ = _calibrate(tft_rigs(None), service, err=err)  # no touch controller answers
    assert code == 1 and "does not answer" in err.getvalue()
    assert service.calls == ["is-active", "stop", "start"] and service.active


def test_calibrate_refuses_when_the_service_cannot_stop(tft_rigs):
    service, err, built = FakeSystemctl(active=True, may_stop=False), io.StringIO(), []
    code, _ = _calibrate(tft_rigs("stmpe610"), service, err=err, hardware=built.append)
    assert code == run_command.EXIT_SETUP and not built and service.calls == ["is-active", "stop"]
    assert "service is running" in one_line(err) and "sudo" in err.getvalue()


def test_the_display_comes_from_the_config_when_not_given(spidev, clock, tmp_path):
    """The Pi's service runs with --config alone: the display is the config's KNIGHTSTOUR_DISPLAY, one source."""
    state, monotonic, sleep = clock
    config = tmp_path / "config.toml"
    config.write_text('KNIGHTSTOUR_DISPLAY = "max7219"\nKNIGHTSTOUR_SPEED = 0\n')
    hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", matrix=rig.matrix_rig()))  # noqa: E731
    lines = []
    code = run_command.start(args_for("--config", str(config)), environ={}, hardware=hardware, spi_device=spidev,
                             monotonic=monotonic, sleep=sleep, until=lambda app: True, out=lines.append)
    assert code == 0 and lines == ["knights-tour run: the toy runs (max7219): first frame drawn"]
