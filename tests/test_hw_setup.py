"""The pin map, the hardware settings keys, the Feather's files, the piezo and the main loop."""

import ast
import os
import random

import pytest

from knightstour import settings as settings_module
from knightstour.app import App
from knightstour.hw.chips.piezo import HALF, PiezoSound
from knightstour.hw.wiring import hardware, pins
from knightstour_desktop import pinmap, settings_toml
from knightstour_desktop.commands.run import run_forever
from knightstour_sim.circuitpython import pwmio
from knightstour_sim.circuitpython.microcontroller import Pin
from knightstour_sim.screenshot import Emulated

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DEVICE = os.path.join(ROOT, "device")
HW = os.path.join(DEVICE, "knightstour", "hw")


# ------------------------------------------------------------------ pin map


def test_every_board_kind_names_every_signal_once():
    for kind in pins.BOARD_KINDS:
        rows = pinmap.rows(kind)
        signals = [row["signal"] for row in rows]
        assert len(signals) == len(set(signals))
        for signal in pins.SIGNALS:
            assert signal in signals, (kind, signal)
        for row in rows:
            assert set(row) == {"signal", "part", "module", "board", "gpio", "header", "colour", "note"}
            assert row["note"]
            if row["board"]:
                assert row["colour"] and row["gpio"] is not None and row["header"]


def test_pi_pins_are_spi0_and_the_usual_gpios():
    assert pinmap.row("pi", "spi_sck")["gpio"] == 11 and pinmap.row("pi", "spi_sck")["header"] == 23
    assert pinmap.row("pi", "spi_mosi")["gpio"] == 10 and pinmap.row("pi", "spi_miso")["gpio"] == 9
    assert pins.board_name("pi", "matrix_cs") == "CE0" and pinmap.row("pi", "matrix_cs")["gpio"] == 8
    assert pins.board_name("pi", "touch_cs") == "CE1" and pinmap.row("pi", "touch_cs")["gpio"] == 7
    assert pins.board_name("pi", "tft_dc") == "D25" and pins.board_name("pi", "tft_reset") == "D24"
    assert pinmap.row("pi", "i2c_sda")["gpio"] == 2 and pinmap.row("pi", "i2c_scl")["gpio"] == 3
    assert pins.board_name("pi", "piezo") == "D6"  # as in seed 004
    headers = [row["header"] for row in pinmap.PI if row["board"] and row["signal"] != "tft_cs"]
    assert len(headers) == len(set(headers))  # no two signals on one header pin (but CE0 shared)


def test_featherwing_pins():
    for kind in ("feather_rp2040", "feather_m4"):
        assert pins.board_name(kind, "tft_cs") == "D9"
        assert pins.board_name(kind, "tft_dc") == "D10"
        assert pins.board_name(kind, "touch_cs") == "D6"
        assert pins.board_name(kind, "sd_cs") == "D5"
        assert pins.board_name(kind, "tft_reset") == ""


def test_detect_kind():
    assert pins.detect_kind("adafruit_feather_rp2040") == "feather_rp2040"
    assert pins.detect_kind("feather_m4_express") == "feather_m4"
    assert pins.detect_kind("", "aarch64") == "pi"
    assert pins.detect_kind("raspberry_pi_4b") == "pi"
    assert pins.detect_kind("something_else") == ""
    with pytest.raises(ValueError, match="feather_m4"):
        pins.check_kind("uno")


# ------------------------------------------------------------------ settings


def test_hardware_keys_parse_and_report():
    settings, errors = settings_module.load(mapping={
        "KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_MATRIX_ROTATION": 270,
        "KNIGHTSTOUR_MATRIX_MIRROR": "on", "KNIGHTSTOUR_MATRIX_BRIGHTNESS": 15,
        "KNIGHTSTOUR_TFT_ROTATION": "90", "KNIGHTSTOUR_TOUCH": "FT6206",
        "KNIGHTSTOUR_PIEZO": "d13", "KNIGHTSTOUR_PIN_TFT_DC": "D22", "KNIGHTSTOUR_PIN_TFT_RESET": "none",
    })
    assert errors == []
    assert (settings.display, settings.matrix_rotation, settings.matrix_mirror, settings.matrix_brightness) == (
        "max7219", 270, True, 15)
    assert (settings.tft_rotation, settings.touch, settings.piezo) == (90, "ft6206", "D13")
    assert (settings.pin_tft_dc, settings.pin_tft_reset, settings.pin_touch_cs) == ("D22", "none", "")
    settings, errors = settings_module.load(mapping={
        "KNIGHTSTOUR_MATRIX_ROTATION": 45, "KNIGHTSTOUR_MATRIX_BRIGHTNESS": 16, "KNIGHTSTOUR_DISPLAY": "oled",
        "KNIGHTSTOUR_PIEZO": "pin 6"})
    assert len(errors) == 4
    assert any("KNIGHTSTOUR_MATRIX_ROTATION" in e and "0, 90, 180, 270" in e for e in errors)
    assert settings.matrix_rotation == 0 and settings.display == "ili9341"


def test_settings_example_has_every_key_at_its_default():
    with open(os.path.join(DEVICE, "settings.toml.example")) as handle:
        mapping = settings_toml.parse_toml(handle.read())
    assert sorted(mapping) == sorted(settings_module.env_name(key[0]) for key in settings_module.TABLE)
    settings, errors = settings_module.load(mapping=mapping)
    assert errors == []
    for key in settings_module.TABLE:
        assert getattr(settings, key[settings_module.NAME]) == key[settings_module.DEFAULT], key


def test_requirements_name_the_driver_libraries():
    with open(os.path.join(DEVICE, "requirements.txt")) as handle:
        names = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    assert "adafruit_touchscreen" in names  # a PyPortal's panel
    # the libraries the Feather does without (hw/chips/max7219.py, stmpe610.py, ft6206.py, tsc2007.py,
    # ili9341.py, views/tft_draw.Text) are not installed on it
    assert not {"adafruit_max7219", "adafruit_framebuf", "adafruit_stmpe610", "adafruit_focaltouch",
                "adafruit_tsc2007", "adafruit_bus_device", "adafruit_ili9341", "adafruit_display_text"} & set(names)
    # and every adafruit_* library the hardware code imports is listed
    imported = set()
    for name in os.listdir(HW):
        if name.endswith(".py"):
            with open(os.path.join(HW, name)) as handle:
                tree = ast.parse(handle.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    imported.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    imported.add(node.module.split(".")[0])
    assert {name for name in imported if name.startswith("adafruit_")} <= set(names)


def test_hardware_code_stays_circuitpython_friendly():
    banned = ("typing", "dataclasses", "enum", "abc", "functools", "itertools", "pathlib")
    for name in os.listdir(HW) + ["../../code.py"]:
        if not name.endswith(".py"):
            continue
        with open(os.path.join(HW, name)) as handle:
            source = handle.read()
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(alias.name.split(".")[0] in banned for alias in node.names), name
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in banned, name
            assert not isinstance(node, (ast.AnnAssign,)), name
            if isinstance(node, ast.FunctionDef):
                assert node.returns is None and all(a.annotation is None for a in node.args.args), name


def test_code_py_compiles_and_uses_the_shared_loop():
    with open(os.path.join(DEVICE, "code.py")) as handle:
        source = handle.read()
    compile(source, "code.py", "exec")
    assert "from knightstour.hw.feather import main" in source
    with open(os.path.join(HW, "feather.py")) as handle:
        source = handle.read()
    assert "yield from loop(" in source and "ticks_ms" in source
    with open(os.path.join(HW, "startup.py")) as handle:
        assert "table.load(os.getenv)" in handle.read()


# ------------------------------------------------------------------ piezo and loop


def test_piezo_plays_notes_without_blocking():
    pwm = pwmio.PWMOut(Pin("D6"), frequency=440, duty_cycle=0, variable_frequency=True)
    sound = PiezoSound(pwm)
    assert pwm.duty_cycle == 0
    sound.update(0.0)
    sound.closed_phrase()
    assert (pwm.frequency, pwm.duty_cycle) == (523, HALF)
    sound.update(0.05)
    assert pwm.frequency == 523
    sound.update(0.1)
    assert pwm.frequency == 659
    for step in range(2, 60):
        sound.update(0.1 + step * 0.05)
    assert pwm.duty_cycle == 0


def test_piezo_from_the_pin_map_and_off_by_default():
    emulated = Emulated("max7219", kind="pi")
    assert type(emulated.sound).__name__ == "NullSound"
    emulated = Emulated("max7219", kind="pi", piezo=True)
    assert isinstance(emulated.sound, PiezoSound)
    assert pwmio._owned(emulated.sound.pwm) is emulated.board.D6
    emulated.run_tour(moves=3)
    assert emulated.sound.pwm.frequency == 1760  # the tick
    emulated = Emulated("max7219", {"sound": "off", "piezo": "on"}, kind="pi")
    assert type(emulated.sound).__name__ == "NullSound"


def test_pin_overrides_and_missing_pins():
    settings, _ = settings_module.load(mapping={"KNIGHTSTOUR_PIN_TFT_DC": "D22", "KNIGHTSTOUR_PIEZO": "D13",
                                                "KNIGHTSTOUR_PIN_TFT_RESET": "none"})
    board = type("Board", (), {"D22": "pin22", "D13": "pin13", "D9": "pin9"})
    hw = hardware.BoardHardware("feather_m4", settings, board=board)
    assert hw.pin("tft_dc") == "pin22" and hw.pin("piezo") == "pin13" and hw.pin("tft_cs") == "pin9"
    assert hw.pin("tft_reset") is None
    with pytest.raises(hardware.HardwareError, match="KNIGHTSTOUR_PIN_TOUCH_CS"):
        hw.pin("touch_cs")


def test_run_forever_sleeps_at_most_20ms_and_stops_on_quit():
    settings = settings_module.Settings()
    app = App(settings, rng=random.Random(1))
    clock = {"now": 0.0, "slept": []}

    def sleep(seconds):
        clock["slept"].append(seconds)
        clock["now"] += seconds
        if len(clock["slept"]) == 50:
            app.quit = True

    run_forever(app, lambda: clock["now"], sleep)
    assert len(clock["slept"]) == 50 and max(clock["slept"]) <= 0.02
    assert app.tours.tour.length > 1
