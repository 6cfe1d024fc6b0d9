import pytest

from knightstour.pacing import from_settings
from knightstour.settings import DEFAULT, NAME, TABLE, Settings, find_key, load, replace
from knightstour_desktop.settings_toml import parse_toml


def test_defaults():
    settings, errors = load()
    assert errors == []
    assert settings.mode == "attract"
    assert settings.start == "random"
    assert settings.order == "super"
    assert settings.rule == "border"
    assert settings.size == "8x8"
    assert settings.sound is True
    assert settings.seed is None
    assert from_settings(settings).first == pytest.approx(0.06)


def test_environment_like_circuitpython_getenv():
    # settings.toml on CircuitPython gives strings and ints through os.getenv.
    env = {
        "KNIGHTSTOUR_MODE": "touch",
        "KNIGHTSTOUR_RULE": "Center",
        "KNIGHTSTOUR_ORDER": "AHFDGCEB",
        "KNIGHTSTOUR_PACE_FIRST_MS": 20,
        "KNIGHTSTOUR_PACE_LAST_MS": "900",
        "KNIGHTSTOUR_SPEED": "0.5",
        "KNIGHTSTOUR_SOUND": "off",
        "KNIGHTSTOUR_SEED": 7,
        "KNIGHTSTOUR_START": "c3",
    }
    settings, errors = load(env.get)
    assert errors == []
    assert (settings.mode, settings.rule, settings.order) == ("touch", "centre", "ahfdgceb")
    assert (settings.pace_first_ms, settings.pace_last_ms) == (20, 900)
    assert settings.speed == 0.5
    assert settings.sound is False
    assert settings.seed == 7
    assert settings.start == "c3"


@pytest.mark.parametrize(
    "key, value, expected",
    [
        ("KNIGHTSTOUR_RULE", "zigzag", "bad KNIGHTSTOUR_RULE = 'zigzag': one of border, centre, first, random; using the default border"),
        ("KNIGHTSTOUR_MODE", "party", "bad KNIGHTSTOUR_MODE = 'party': one of attract, touch, play; using the default attract"),
        ("KNIGHTSTOUR_ORDER", "abc", "bad KNIGHTSTOUR_ORDER = 'abc': super, or a check order is the eight move labels"),
        ("KNIGHTSTOUR_SIZE", "8by8", "bad KNIGHTSTOUR_SIZE = '8by8': a board size is WxH"),
        ("KNIGHTSTOUR_SPEED", "fast", "bad KNIGHTSTOUR_SPEED = 'fast': 0 (no delay) or a number from 0.01 to 100"),
        ("KNIGHTSTOUR_SPEED", "-1", "bad KNIGHTSTOUR_SPEED = '-1'"),
        ("KNIGHTSTOUR_PAUSE_MS", "2.5", "bad KNIGHTSTOUR_PAUSE_MS = '2.5': a whole number of milliseconds"),
        ("KNIGHTSTOUR_SOUND", "loud", "bad KNIGHTSTOUR_SOUND = 'loud': on or off; using the default on"),
        ("KNIGHTSTOUR_SEED", "abc", "bad KNIGHTSTOUR_SEED = 'abc': a whole number"),
        ("KNIGHTSTOUR_PACE_SHAPE", "wavy", "bad KNIGHTSTOUR_PACE_SHAPE = 'wavy': one of linear, quadratic, cubic, exponential"),
        ("KNIGHTSTOUR_START", "z99", "bad KNIGHTSTOUR_START = 'z99': not a square of the 8x8 board (a1 to h8), nor random"),
    ],
)
def test_bad_values_name_the_key_and_the_accepted_values(key, value, expected):
    settings, errors = load({key: value}.get)
    assert len(errors) == 1
    assert errors[0].startswith(expected)
    # ... and the default is used.
    name = find_key(key)[NAME]
    assert getattr(settings, name) == find_key(key)[DEFAULT]


def test_pace_must_not_speed_up():
    settings, errors = load({"KNIGHTSTOUR_PACE_FIRST_MS": 500, "KNIGHTSTOUR_PACE_LAST_MS": 100}.get)
    assert len(errors) == 1
    assert "KNIGHTSTOUR_PACE_LAST_MS = 100: must not be less than KNIGHTSTOUR_PACE_FIRST_MS = 500" in errors[0]
    assert (settings.pace_first_ms, settings.pace_last_ms) == (60, 600)


def test_start_square_is_checked_against_the_size():
    settings, errors = load({"KNIGHTSTOUR_SIZE": "10x10", "KNIGHTSTOUR_START": "j10"}.get)
    assert errors == [] and settings.start == "j10"
    settings, errors = load({"KNIGHTSTOUR_SIZE": "5x5", "KNIGHTSTOUR_START": "h8"}.get)
    assert "not a square of the 5x5 board (a1 to e5)" in errors[0]
    assert settings.start == "random"


def test_toml_file_then_environment():
    text = """
# the Pi's config: same keys as the Feather's settings.toml
KNIGHTSTOUR_RULE = "centre"   # tie-break
KNIGHTSTOUR_PAUSE_MS = 1500
KNIGHTSTOUR_SOUND = "off"
KNIGHTSTOUR_SPEED = "2.5"
CIRCUITPY_WIFI_SSID = "not ours"
"""
    mapping = parse_toml(text)
    assert mapping["KNIGHTSTOUR_PAUSE_MS"] == 1500
    settings, errors = load({"KNIGHTSTOUR_RULE": "first"}.get, mapping)
    assert errors == []
    assert settings.rule == "first"  # the environment wins over the file
    assert settings.pause_ms == 1500
    assert settings.sound is False
    assert settings.speed == 2.5


def test_unknown_keys_in_a_file():
    _, errors = load(None, {"KNIGHTSTOUR_COLOUR": "red"})
    assert errors[0].startswith("unknown setting KNIGHTSTOUR_COLOUR: the keys are KNIGHTSTOUR_MODE")
    _, errors = load(None, {"rule": "first", "colour": "red"})
    assert errors[0].startswith("unknown setting colour")


def test_toml_syntax_errors_name_the_line():
    with pytest.raises(ValueError, match="line 2"):
        parse_toml("A = 1\nKNIGHTSTOUR_RULE = first\n")
    with pytest.raises(ValueError, match="line 1"):
        parse_toml("KNIGHTSTOUR_SEED = nope\n")


def test_settings_set_with_a_cli_label():
    settings = Settings()
    error = settings.set("rule", "zig", label="--rule")
    assert error.startswith("bad --rule zig: one of border")
    assert settings.set("speed", "3") is None and settings.speed == 3.0


def test_the_table_is_declared_once_and_no_import_adds_keys():
    import importlib

    names = [key[NAME] for key in TABLE]
    assert len(names) == len(set(names)) and "touch" in names and "pin_touch_irq" in names
    for module in ("knightstour.hw.wiring.build", "knightstour.hw.wiring.touch_chips", "knightstour.hw.startup"):
        importlib.import_module(module)
    assert [key[NAME] for key in TABLE] == names
    assert all(isinstance(key, tuple) and len(key) == 4 for key in TABLE)  # small tuples, no objects


def test_replace_makes_a_new_value_and_leaves_the_old_alone():
    settings, _ = load({"KNIGHTSTOUR_SIZE": "6x6"}.get)
    other = replace(settings, display="max7219", speed=0.0)
    assert (other.display, other.speed, other.size) == ("max7219", 0.0, "6x6")
    assert (settings.display, settings.speed) == ("ili9341", 1.0)
    with pytest.raises(KeyError):
        replace(settings, colour="red")
