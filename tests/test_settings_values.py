"""Settings at their edges: negative seeds, both spellings, numbers at zero, the messages' wording."""

import pytest

from knightstour.pacing import from_settings
from knightstour.settings import Settings, find_key, load


def value_of(name, raw):
    settings = Settings()
    assert settings.set(name, raw) is None
    return getattr(settings, name)


def error_of(name, raw, fallback=True):
    settings = Settings(fallback)
    before = getattr(settings, name)
    error = settings.set(name, raw)
    assert getattr(settings, name) == before  # a bad value changes nothing
    return error


@pytest.mark.parametrize("raw, seed", [("-5", -5), ("0", 0), ("42", 42), (" 7 ", 7), ("", None), ("None", None)])
def test_seeds_are_whole_numbers_negative_too(raw, seed):
    assert value_of("seed", raw) == seed


@pytest.mark.parametrize("raw", ["--5", "-", "1.5", "x", "5-"])
def test_bad_seeds_say_what_a_seed_is(raw):
    assert error_of("seed", raw) == (
        "bad KNIGHTSTOUR_SEED = %r: a whole number, or empty for a random show; using the default (none)" % raw)


def test_center_is_accepted_for_the_rule_and_other_choices_are_exact():
    assert value_of("rule", "Center") == "centre"
    assert value_of("rule", "FIRST") == "first"
    assert error_of("rule", "middle") == (
        "bad KNIGHTSTOUR_RULE = 'middle': one of border, centre, first, random; using the default border")
    assert error_of("mode", "center", fallback=False) == (
        "bad KNIGHTSTOUR_MODE = 'center': one of attract, touch, play")


@pytest.mark.parametrize("raw, value", [("on", True), ("YES", True), ("1", True), (True, True),
                                        ("off", False), ("no", False), ("0", False), (False, False)])
def test_sound_switches(raw, value):
    assert value_of("sound", raw) is value


def test_bad_sound_falls_back_to_on():
    assert error_of("sound", "loud") == "bad KNIGHTSTOUR_SOUND = 'loud': on or off; using the default on"


@pytest.mark.parametrize("raw, value", [("0", 0), (0, 0), ("250", 250), (1500, 1500)])
def test_milliseconds_from_zero_up(raw, value):
    assert value_of("pause_ms", raw) == value


@pytest.mark.parametrize("raw", ["-1", -1, "1.5", True, "soon"])
def test_bad_milliseconds(raw):
    assert error_of("pause_ms", raw).startswith("bad KNIGHTSTOUR_PAUSE_MS = %r: a whole number" % (raw,))


@pytest.mark.parametrize("raw, value", [("0", 0.0), ("0.5", 0.5), (2, 2.0), ("16", 16.0)])
def test_speeds_from_zero_up(raw, value):
    assert value_of("speed", raw) == value


@pytest.mark.parametrize("raw", ["-0.5", "nan", "inf", "fast", True])
def test_bad_speeds(raw):
    assert error_of("speed", raw).endswith("e.g. 1, 2 or 0.5; using the default 1.0")


def test_equal_pace_ends_are_fine_and_a_faster_end_is_refused():
    settings, errors = load(mapping={"KNIGHTSTOUR_PACE_FIRST_MS": 300, "KNIGHTSTOUR_PACE_LAST_MS": 300})
    assert errors == [] and (settings.pace_first_ms, settings.pace_last_ms) == (300, 300)
    settings, errors = load(mapping={"KNIGHTSTOUR_PACE_FIRST_MS": 301, "KNIGHTSTOUR_PACE_LAST_MS": 300})
    assert errors == ["bad KNIGHTSTOUR_PACE_LAST_MS = 300: must not be less than KNIGHTSTOUR_PACE_FIRST_MS = 301 "
                      "(the pace never speeds up); using the defaults 60 and 600"]
    assert (settings.pace_first_ms, settings.pace_last_ms) == (60, 600)


def test_the_pacing_made_from_settings_is_in_seconds():
    settings, errors = load(mapping={"pace_first_ms": 100, "pace_last_ms": 900, "pace_shape": "linear",
                                     "speed": "2", "pause_ms": 4000})
    assert errors == []
    pacing = from_settings(settings)
    assert pacing.delay(2, 64) == pytest.approx(0.05)
    assert pacing.delay(64, 64) == pytest.approx(0.45)
    assert pacing.pause() == pytest.approx(2.0)


def test_start_squares_on_the_board_edge():
    for start, size in (("h8", "8x8"), ("a1", "8x8"), ("e3", "5x3"), ("5,3", "5x3")):
        settings, errors = load(mapping={"start": start, "size": size})
        assert errors == [] and settings.start == start
    settings, errors = load(mapping={"start": "f3", "size": "5x3"})
    assert errors == ["bad KNIGHTSTOUR_START = 'f3': not a square of the 5x3 board (a1 to e3), nor random; "
                      "using the default random"]
    settings, errors = load(mapping={"start": "e4", "size": "5x3"})
    assert len(errors) == 1 and settings.start == "random"


@pytest.mark.parametrize("raw", ["c", "3", "abc3", "3,", ",3", "1,2,3", "c3x"])
def test_start_squares_that_are_not_square_names(raw):
    assert error_of("start", raw).startswith("bad KNIGHTSTOUR_START = %r: random, or a square" % raw)


def test_the_environment_overrides_the_file():
    env = {"KNIGHTSTOUR_RULE": "first", "KNIGHTSTOUR_SEED": "-3"}
    settings, errors = load(getenv=env.get, mapping={"KNIGHTSTOUR_RULE": "centre", "KNIGHTSTOUR_SIZE": "6x6"})
    assert errors == []
    assert (settings.rule, settings.seed, settings.size) == ("first", -3, "6x6")


def test_keys_are_found_by_either_name():
    assert find_key("KNIGHTSTOUR_SEED") is find_key("seed") is find_key("Seed")
    with pytest.raises(KeyError):
        find_key("KNIGHTSTOUR_COLOUR")


def test_the_matrix_chain_is_read_once_into_its_parts():
    from knightstour.settings import parse_value

    key = find_key("matrix_chain")
    assert parse_value(key, " 3  ROW ") == (3, "row", 90)
    assert parse_value(key, "4 2x2 0") == (4, "2x2", 0)
    assert parse_value(key, "") is None


def test_each_kind_has_one_parser_and_each_parser_a_key():
    from knightstour.setting_kinds import KIND, PARSERS
    from knightstour.settings import TABLE

    assert sorted(set(key[KIND] for key in TABLE)) == sorted(PARSERS)
    for kind, parser in PARSERS.items():
        assert parser.__name__ == kind  # named after it: names a board holds already
