"""The settings file fuzzed: files built from the grammar's edge cases (key-only lines, [sections],
a byte-order mark, quotes and escapes, comments, blank values, CRLF, keys set twice, text past
ASCII), read by the desktop (knightstour_desktop.settings_toml) and by circuitpython_getenv, the C reader of
both CircuitPython generations rewritten step by step.

- The desktop agrees with both generations on every key of a file it accepts; a file they read
  differently it refuses.
- deploy's edit of settings.toml (--display, --touch) leaves a file on which both generations read
  the new value and every other key as before, or it is refused in one line.

Seeded and bounded: the same few hundred files on every run. An example that once failed is a row
in test_settings_file.py (the reader) or below (the editor).
"""

import os

import pytest
from circuitpython_getenv import NEW, OLD, getenv
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightstour_desktop.commands.board_files import set_keys
from knightstour_desktop.settings_toml import parse_toml, split_key

KNOWN = ["KNIGHTSTOUR_SIZE", "KNIGHTSTOUR_RULE", "KNIGHTSTOUR_PAUSE_MS", "KNIGHTSTOUR_DISPLAY"]
OTHER = ["CIRCUITPY_WIFI_SSID", "knightstour_size", "KNIGHTSTOUR_SIZEX", "KNIGHTSTOUR_SIZ", "\"KNIGHTSTOUR_RULE\"",
         "KNIGHTSTOUR_RUL\u00c9"]
VALUES = ['"5x5"', '"first"', '""', '"a\\"b"', '"a\\\\"', '"\\n\\t"', '"\\u0041"', '"\\U0001F600"', '"\\q"',
          '"\\uD800"', '"\\u41"', '"caf\u00e9"', '"x#y"', '"open', '"a" x', '"a""b"', "1500", "-3", "0", "0x10",
          "007", "1_000", "+5", "true", "'first'", "", "max7219", "5x5 # c", "\u00e9", '"\\', '"\\u00"']
TRAIL = ["", " ", "  # comment", "#", "\t", " \r", "\v"]
SEP = ["=", " = ", "\t=\t", "\v= ", " ", "", ": "]
LEAD = ["", "  ", "\t"]
# FUZZ_N=5000 (say) explores more, with a new seed each run; CI runs the same 300 files every time.
EXPLORE = int(os.environ.get("FUZZ_N", "0"))
SETTINGS = settings(max_examples=EXPLORE or 300, derandomize=not EXPLORE, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def lines(draw, pool):
    kind = draw(st.sampled_from(["set", "set", "set", "key", "split", "section", "comment", "blank", "junk"]))
    key = draw(st.sampled_from(pool))
    lead = draw(st.sampled_from(LEAD))
    if kind == "set":
        return lead + key + draw(st.sampled_from(SEP)) + draw(st.sampled_from(VALUES)) + draw(st.sampled_from(TRAIL))
    if kind == "key":  # a key and nothing else: CircuitPython reads on into the next line
        return lead + key + draw(st.sampled_from(["", "", " ", "\t"]))
    if kind == "split":
        return lead + key + "\n" + draw(st.sampled_from(LEAD)) + "= " + draw(st.sampled_from(VALUES))
    if kind == "section":
        return lead + draw(st.sampled_from(["[x]", "[toy]", "[ x ]", "[[y]]"]))
    if kind == "comment":
        return lead + "# " + draw(st.sampled_from(KNOWN + ["note", "\u00e9t\u00e9"]))
    if kind == "blank":
        return lead
    return draw(st.sampled_from(["=", '= "x"', "\u00e9 = 1", "a\rb = 2", "[", '"', "\\"]))


@st.composite
def files(draw):
    pool = draw(st.lists(st.sampled_from(KNOWN + KNOWN + OTHER), min_size=1, max_size=3))  # few keys: they meet
    body = draw(st.lists(lines(pool), min_size=1, max_size=8))
    newline = draw(st.sampled_from(["\n", "\n", "\r\n"]))
    text = newline.join(body) + draw(st.sampled_from([newline, ""]))
    if newline == "\r\n":
        text = text.replace("\r\r\n", "\r\n")
    if draw(st.booleans()) and draw(st.booleans()):
        text = "\ufeff" + text
    return text


def board(data, key):
    return getenv(data, key, OLD), getenv(data, key, NEW)


def agrees(desktop, old, new):
    """Both generations read ``desktop`` (the desktop's value: an int is a bare whole number)."""
    if isinstance(desktop, int):
        return old == ("value", desktop) and new == ("value", str(desktop))
    return old == new == ("value", desktop)


def desktop_reads(text):
    try:
        return parse_toml(text)
    except ValueError as exc:
        lines = str(exc).split("\n")
        assert all(line.startswith("line ") for line in lines), lines
        return None


@settings(SETTINGS)
@given(files())
def test_the_desktop_reads_every_file_as_both_circuitpythons_or_refuses_it(text):
    result = desktop_reads(text)
    if result is None:
        return
    data = text.encode("utf-8")
    for key in KNOWN:
        old, new = board(data, key)
        if key in result:
            assert agrees(result[key], old, new), (key, result[key], old, new)
        else:
            assert old == new == ("missing", None), (key, old, new)


def file_keys(text):
    """Every key a line of ``text`` starts with (what the board might be asked for)."""
    found = set(KNOWN)
    for line in text.lstrip("\ufeff").split("\n"):
        name = split_key(line.lstrip(" \t\v\f\r"))[0]
        if name:
            found.add(name)
    return found


def edited_or_refused(text, values):
    try:
        return set_keys(text, values)
    except ValueError as exc:
        assert "\n" not in str(exc) and str(exc), exc
        return None


def check_edit(text, values):
    """The board reads the new values and every other key as before; returns the edited text
    (None if refused)."""
    edited = edited_or_refused(text, values)
    if edited is None:
        return None
    before, after = text.encode("utf-8"), edited.encode("utf-8")
    for key in file_keys(text) | set(values):
        if key in values:
            assert board(after, key) == (("value", values[key]),) * 2, (key, board(after, key))
        else:
            assert board(after, key) == board(before, key), key
    return edited


@settings(SETTINGS)
@given(files(), st.sampled_from([{"KNIGHTSTOUR_DISPLAY": "max7219"},
                                 {"KNIGHTSTOUR_DISPLAY": "ili9341", "KNIGHTSTOUR_TOUCH": "ft6206"},
                                 {"KNIGHTSTOUR_SIZE": "6x6"}]))
def test_deploy_edits_the_line_the_board_reads_and_nothing_else(text, values):
    check_edit(text, values)


# Hostile files deploy --display once damaged or wrote a line the board never read.
EDITS = [
    ('KNIGHTSTOUR_DISPLAY =\nCIRCUITPY_WIFI_SSID = "home"\n', "an empty value: the new one was glued to the next line"),
    ('KNIGHTSTOUR_DISPLAY =', "an empty value at the end of the file"),
    ('CIRCUITPY_WIFI_SSID = "home"\n[x]\nKNIGHTSTOUR_DISPLAY = "ili9341"\n', "the key only below a [section]"),
    ('\ufeffKNIGHTSTOUR_DISPLAY = "ili9341"\nCIRCUITPY_WIFI_SSID = "home"\n', "the key behind a byte-order mark"),
    ('KNIGHTSTOUR_DISPLAY = "ili\\"9341"  # was\nCIRCUITPY_WIFI_SSID = "home"\n', "an escaped quote in the old value"),
    ('KNIGHTSTOUR_DISPLAY = "ili9341\\\\" # x\n', "an escaped backslash before the closing quote"),
    ('KNIGHTSTOUR_DISPLAY\nKNIGHTSTOUR_DISPLAY = "ili9341"\n', "a key-only line swallows the next line"),
    ('KNIGHTSTOUR_DISPLAY\n[x]\nKNIGHTSTOUR_DISPLAY = "ili9341"\n', "a key-only line swallows the [section]"),
    ('CIRCUITPY_WIFI_SSID\n[x]\nCIRCUITPY_WIFI_SSID = "home"\n', "another key's key-only line before a [section]"),
    ('KNIGHTSTOUR_DISPLAY = "ili9341"\nKNIGHTSTOUR_DISPLAY = "ili9341"\n', "set twice: the board reads the first"),
    ('KNIGHTSTOUR_DISPLAY = ili9341 # bare\r\nA = 1\r\n', "a bare value, CRLF"),
    ('KNIGHTSTOUR_DISPLAY = "ili9341" junk\n', "text after the closing quote"),
    ('KNIGHTSTOUR_DISPLAY\r\nKNIGHTSTOUR_DISPLAY = "ili9341"\r\n', "CRLF: the \\r ends the key-only line"),
    ('A = 1\rKNIGHTSTOUR_DISPLAY = "ili9341"\n', "a lone CR does not end a line"),
    ('KNIGHTSTOUR_DISPLAY', "a key-only last line without a newline"),
    ('\ufeff', "only a byte-order mark"),
]


@pytest.mark.parametrize("text,why", EDITS, ids=[why for _, why in EDITS])
def test_hostile_settings_files_get_a_line_the_board_reads(text, why):
    edited = check_edit(text, {"KNIGHTSTOUR_DISPLAY": "max7219"})
    assert edited is not None, why
    assert edited.startswith("\ufeff") == text.startswith("\ufeff")


def test_a_key_split_over_two_lines_is_refused_in_one_line():
    with pytest.raises(ValueError, match="line 1 .*line 2") as caught:
        set_keys('KNIGHTSTOUR_DISPLAY\n= "ili9341"\n', {"KNIGHTSTOUR_DISPLAY": "max7219"})
    assert "\n" not in str(caught.value)
