"""Hostile input to run, the settings files and the small options (issue 10, items 3, 6 and 7)."""

import os
import sys

import pytest

from knightstour_desktop import cli
from knightstour_desktop.commands import run as run_command
from knightstour_desktop.settings_toml import load_for_command, parse_toml, read_file

from support.cli import run_on


@pytest.fixture(autouse=True)
def a_pi_model(pi_model):
    return pi_model


def one_line(text):
    return text.endswith("\n") and text.count("\n") == 1 and "Traceback" not in text


def errors_of(config=None, environ=None):
    try:
        load_for_command(config, environ or {})
    except ValueError as exc:
        return str(exc).split("\n")
    return []


# --- run (item 3) ---


def test_run_refuses_a_board_too_big_for_the_matrix(tmp_path):
    code, err = run_on(tmp_path, "max7219", {"KNIGHTSTOUR_SIZE": "9x9"})
    assert code == 2 and one_line(err) and "9x9" in err and "at most 8x8" in err


def test_run_refuses_a_board_too_big_for_the_tft(tmp_path, tft):
    code, err = run_on(tmp_path, "ili9341", {"KNIGHTSTOUR_SIZE": "17x17", "KNIGHTSTOUR_TOUCH": "none"},
                       tft=tft(None, reset_pin=True))
    assert code == 2 and one_line(err) and "17x17" in err and "at most 16x16" in err


def test_run_with_a_config_that_is_a_folder_is_one_line(tmp_path, capsys):
    assert cli.main(["run", "--display", "max7219", "--config", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and str(tmp_path) in err and "is a folder" in err


def test_run_with_a_config_it_cannot_read_is_one_line(tmp_path, capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text('KNIGHTSTOUR_RULE = "first"\n')

    real_open = os.open

    def refused(path, *args, **kwargs):
        if str(path) == str(config):
            raise PermissionError(13, "Permission denied", str(config))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)
    assert cli.main(["run", "--display", "max7219", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and str(config) in err and "Permission denied" in err


# --- settings files (item 6) ---

def test_a_byte_order_mark_hides_the_first_key_as_on_circuitpython(tmp_path):
    # getenv.c key_matches: the three bytes of the mark come before the key, so line 1 is no key.
    config = tmp_path / "config.toml"
    config.write_bytes(b'\xef\xbb\xbfKNIGHTSTOUR_RULE = "first"\r\nKNIGHTSTOUR_SIZE = "6x6"\r\n')
    warnings = []
    assert read_file(str(config), warnings.append) == {"KNIGHTSTOUR_SIZE": "6x6"}
    assert len(warnings) == 1 and "byte-order mark" in warnings[0] and "KNIGHTSTOUR_RULE" in warnings[0]


def test_circuitpythons_escapes_in_strings():
    mapping = parse_toml('KNIGHTSTOUR_RULE = "say \\"hi\\" # not a comment"\n'
                         'KNIGHTSTOUR_ORDER = "tab\\there \\\\ \\u00e9 \\v"\n')
    assert mapping == {"KNIGHTSTOUR_RULE": 'say "hi" # not a comment', "KNIGHTSTOUR_ORDER": "tab\there \\ \u00e9 \v"}


def test_a_key_set_twice_names_both_lines(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('KNIGHTSTOUR_RULE = "first"\n# a comment\nKNIGHTSTOUR_RULE = "centre"\n')
    errors = errors_of(str(config))
    assert len(errors) == 1 and str(config) in errors[0] and "lines 1 and 3" in errors[0]


def test_a_bad_value_names_the_file_and_echoes_60_characters(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('KNIGHTSTOUR_RULE = "%s"\nKNIGHTSTOUR_SOUND = "loud"\n' % ("x" * 5000))
    errors = errors_of(str(config))
    assert len(errors) == 2 and all(e.startswith(str(config) + ": ") for e in errors)
    assert "KNIGHTSTOUR_RULE" in errors[0] and "5000 characters" in errors[0] and "border" in errors[0]
    assert all(len(e) < len(str(config)) + 200 for e in errors)
    assert "KNIGHTSTOUR_SOUND" in errors[1]


def test_a_long_bad_line_is_clipped(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("KNIGHTSTOUR_RULE = %s\n" % ("y" * 3000))
    errors = errors_of(str(config))
    assert len(errors) == 1 and str(config) in errors[0] and len(errors[0]) < len(str(config)) + 200


def test_a_file_over_64_kb_is_refused_in_one_line(tmp_path):
    config = tmp_path / "big.toml"
    config.write_text("# padding\n" * 7000)
    errors = errors_of(str(config))
    assert len(errors) == 1 and str(config) in errors[0] and "64 KB" in errors[0]


def test_an_unknown_knightstour_environment_variable_is_a_warning():
    warnings = []
    settings = load_for_command(None, {"KNIGHTSTOUR_RULLE": "first", "KNIGHTSTOUR_RULE": "centre", "HOME": "/",
                                       "KNIGHTSTOUR_MPY_CROSS": "/opt/mpy-cross-cp10"}, warn=warnings.append)
    assert settings.rule == "centre"
    assert len(warnings) == 1 and "KNIGHTSTOUR_RULLE" in warnings[0] and "did you mean KNIGHTSTOUR_RULE?" in warnings[0]


def test_the_cli_prints_the_warning_on_stderr(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("KNIGHTSTOUR_ZZZ", "1")
    monkeypatch.setattr(run_command, "SPI_DEVICE", str(tmp_path / "missing"))
    assert cli.main(["run", "--display", "max7219"]) == run_command.EXIT_SETUP
    err = capsys.readouterr().err
    assert "warning: unknown setting KNIGHTSTOUR_ZZZ in the environment (ignored)" in err


# --- small ones (item 7) ---

def test_a_start_with_a_superscript_digit_names_the_option(capsys):
    for argv in (["solve", "--start", "c³"], ["solve", "--start", "3,³"],
                 ["sim", "--plain", "--once", "--display", "matrix", "--start", "c³"]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert one_line(err) and "bad --start" in err and ("a1 to h8" in err or "such as c3" in err), err


def test_a_size_with_a_superscript_digit_is_one_clear_line(capsys):
    assert cli.main(["solve", "--size", "8x⁸"]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and "WxH" in err


def test_speeds_outside_the_accepted_range_are_refused(capsys):
    for speed in ("1e-300", "0.001", "1e9", "inf", "nan", "-1"):
        assert cli.main(["sim", "--plain", "--once", "--display", "matrix", "--speed", speed]) == 2
        err = capsys.readouterr().err
        assert one_line(err) and "--speed" in err and "0.01 to 100" in err, speed


# --- a Raspberry Pi without the GPIO or PWM backend Blinka needs (issue 9, Pi 5 / Bookworm) ---

BLINKA_MISSING = '''
try:
    import {module}  # noqa
except ModuleNotFoundError as error:
    # What Blinka 10 does (adafruit_blinka.importing.raise_for_missing_platform_dependency)
    raise RuntimeError("The platform library '{module}' was not found. To install, try typing: "
                       "pip install {module}") from error
'''


def stand_in_blinka(tmp_path, monkeypatch, module, missing):
    """A `module` (board or pwmio) that fails as Blinka does when `missing` cannot be imported."""
    folder = tmp_path / "blinka"
    folder.mkdir(exist_ok=True)
    (folder / (module + ".py")).write_text(BLINKA_MISSING.replace("{module}", missing))
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setitem(sys.modules, missing, None)


def test_run_names_the_fix_when_gpiod_is_missing(tmp_path, monkeypatch, capsys):
    stand_in_blinka(tmp_path, monkeypatch, "board", "gpiod")
    spidev = tmp_path / "spidev0.0"
    spidev.write_text("")
    monkeypatch.setattr(run_command, "SPI_DEVICE", str(spidev))
    assert cli.main(["run", "--display", "max7219"]) == run_command.EXIT_SETUP
    err = capsys.readouterr().err
    assert one_line(err) and "gpiod" in err and "-m pip install 'gpiod>=2.2.2,<3'" in err
    assert "knights-tour-toy[pi]" not in err


def test_run_names_the_fix_when_the_pwm_backend_is_missing(tmp_path, monkeypatch):
    stand_in_blinka(tmp_path, monkeypatch, "pwmio", "adafruit_blinka_raspberry_pi_pwm")
    code, err = run_on(tmp_path, "max7219", {"KNIGHTSTOUR_PIEZO": "on"})
    assert code == run_command.EXIT_SETUP and one_line(err)
    assert "Adafruit-Blinka-Raspberry-Pi-PWM>=1.0.2" in err and "python3-dev" in err and "PIEZO" in err


def test_older_blinkas_backends_get_their_own_fix():
    from knightstour_desktop.commands.blinka import backend_fix, missing_backend

    assert missing_backend(ModuleNotFoundError("No module named 'lgpio'", name="lgpio")) == "lgpio"
    assert missing_backend(ModuleNotFoundError("No module named 'RPi'", name="RPi.GPIO")) == "RPi"
    assert missing_backend(ModuleNotFoundError("No module named 'adafruit_max7219'", name="adafruit_max7219")) is None
    lgpio = backend_fix("lgpio", python="/opt/knightstour/venv/bin/python", prefix="/opt/knightstour/venv")
    assert "python3-lgpio" in lgpio and "include-system-site-packages = true in /opt/knightstour/venv/pyvenv.cfg" in lgpio
    assert "pip install RPi.GPIO" in backend_fix("RPi", python="/v/bin/python")


def test_the_pi_extra_brings_blinkas_needs_on_a_pi_only():
    import tomllib

    from packaging.requirements import Requirement

    from knightstour_desktop.commands.blinka import GPIOD, PWM

    with open(os.path.join(os.path.dirname(__file__), "..", "pyproject.toml"), "rb") as handle:
        extra = tomllib.load(handle)["project"]["optional-dependencies"]["pi"]
    wanted = {Requirement(GPIOD.strip("'")), Requirement(PWM.strip("'"))}
    for machine, expected in (("aarch64", True), ("armv7l", True), ("x86_64", False)):
        env = {"sys_platform": "linux", "platform_machine": machine}
        chosen = {str(r.name).lower() + str(r.specifier) for r in map(Requirement, extra)
                  if r.marker is None or r.marker.evaluate(env)}
        assert all((w.name.lower() + str(w.specifier) in chosen) == expected for w in wanted), machine
    assert any(r.startswith("adafruit-blinka>=10") for r in extra)
