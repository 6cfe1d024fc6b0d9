"""One meaning for a settings file: the desktop (the Pi's config, sim --config) reads settings.toml
as a Feather's CircuitPython reads it, on a table of hostile lines.

Each row names the rule of CircuitPython's reader it comes from (shared-module/os/getenv.c up to
10.1, supervisor/shared/settings.c from 10.2; py/parsenum.c for bare numbers). Beside the row's
own expectation, every row is checked against circuitpython_getenv, the C reader rewritten step
by step: a value the desktop accepts must mean the same to the toy on both generations of
CircuitPython, a line it ignores must be invisible to both, and a line it refuses must be one
CircuitPython refuses or reads differently across versions, unless the row says why the desktop
is stricter.
"""

import pytest
from circuitpython_getenv import NEW, OLD, getenv

from knightstour import settings as settings_module
from knightstour_desktop.settings_toml import load_for_command, read_file

# (file bytes, key, expected, rule). expected: ("value", v), ("ignored", warning text),
# ("refused", message text) or ("stricter", message text, why CircuitPython would accept it).
ROWS = [
    # -- bare values: read_bare_value, then mp_parse_num_integer (8-10.1) or the text (10.2+)
    (b"KNIGHTSTOUR_PAUSE_MS = 1500\n", "KNIGHTSTOUR_PAUSE_MS", ("value", 1500), "a plain whole number"),
    (b"KNIGHTSTOUR_PAUSE_MS = 1500   # comment\n", "KNIGHTSTOUR_PAUSE_MS", ("value", 1500),
     "read_bare_value stops at #; trailing spaces dropped"),
    (b"KNIGHTSTOUR_PAUSE_MS = 1500\r\n", "KNIGHTSTOUR_PAUSE_MS", ("value", 1500), "CRLF: the \\r is trailing space"),
    (b"KNIGHTSTOUR_SEED = -12\n", "KNIGHTSTOUR_SEED", ("value", -12), "parsenum: a minus sign"),
    (b"KNIGHTSTOUR_SOUND = 0\n", "KNIGHTSTOUR_SOUND", ("value", 0), "0 is a plain whole number"),
    (b"KNIGHTSTOUR_SOUND = true\n", "KNIGHTSTOUR_SOUND", ("refused", 'write KNIGHTSTOUR_SOUND = "true"'),
     "parsenum refuses true (8-10.1 raise ValueError); 10.2+ give the text"),
    (b"KNIGHTSTOUR_SPEED = 0.5\n", "KNIGHTSTOUR_SPEED", ("refused", 'write KNIGHTSTOUR_SPEED = "0.5"'),
     "parsenum reads integers only"),
    (b"KNIGHTSTOUR_PAUSE_MS = 1_000\n", "KNIGHTSTOUR_PAUSE_MS", ("refused", "write KNIGHTSTOUR_PAUSE_MS = 1000"),
     "parsenum skips _ (1000); 10.2+ give '1_000', which the toy refuses"),
    (b"KNIGHTSTOUR_PAUSE_MS = +100\n", "KNIGHTSTOUR_PAUSE_MS", ("refused", "write KNIGHTSTOUR_PAUSE_MS = 100"),
     "parsenum takes a plus sign; 10.2+ give '+100'"),
    (b"KNIGHTSTOUR_PAUSE_MS = 0x10\n", "KNIGHTSTOUR_PAUSE_MS", ("refused", "write KNIGHTSTOUR_PAUSE_MS = 16"),
     "parsenumbase: base 0 reads 0x"),
    (b"KNIGHTSTOUR_PAUSE_MS = 007\n", "KNIGHTSTOUR_PAUSE_MS", ("refused", 'write KNIGHTSTOUR_PAUSE_MS = "007"'),
     "parsenumbase: a leading 0 is base 1 (ValueError); 10.2+ give '007'"),
    (b"KNIGHTSTOUR_SEED = -0\n", "KNIGHTSTOUR_SEED", ("refused", "write KNIGHTSTOUR_SEED = 0"),
     "parsenum: -0 is 0; 10.2+ give '-0'"),
    (b"KNIGHTSTOUR_SOUND = 01\n", "KNIGHTSTOUR_SOUND", ("refused", "KNIGHTSTOUR_SOUND = 01"),
     "parsenumbase base 1 refuses 01; 10.2+ give '01'"),
    (b"KNIGHTSTOUR_PAUSE_MS =\n", "KNIGHTSTOUR_PAUSE_MS", ("refused", "has no value"),
     "an empty value: parsenum refuses it, settings.c returns the default"),
    (b"KNIGHTSTOUR_SEED = # random\n", "KNIGHTSTOUR_SEED", ("refused", "has no value"),
     "read_bare_value: nothing before the # (10.2+ give '', 8-10.1 refuse)"),
    (b"KNIGHTSTOUR_RULE = 'first'\n", "KNIGHTSTOUR_RULE", ("refused", "only double quotes"),
     "read_value: only \" opens a string; 'first' is a bare value"),
    (b"KNIGHTSTOUR_PAUSE_MS = 1\rKNIGHTSTOUR_SEED = 2\n", "KNIGHTSTOUR_PAUSE_MS", ("refused", "quote it"),
     "a lone CR does not end a line"),
    (b"KNIGHTSTOUR_SEED = 123456789012345678901234\n", "KNIGHTSTOUR_SEED",
     ("stricter", "more than 20 digits", "parsenum makes a long int of it; no setting takes one"), "parsenum"),
    # -- quoted values: read_string_value
    (b'KNIGHTSTOUR_RULE = "first"\n', "KNIGHTSTOUR_RULE", ("value", "first"), "a string"),
    (b'KNIGHTSTOUR_RULE = "first" # "a comment"\n', "KNIGHTSTOUR_RULE", ("value", "first"),
     "read_string_value: # after the closing quote"),
    (b'KNIGHTSTOUR_RULE = "first"\r\n', "KNIGHTSTOUR_RULE", ("value", "first"), "CRLF after the closing quote"),
    (b'KNIGHTSTOUR_RULE = "fi#rst"\n', "KNIGHTSTOUR_RULE", ("value", "fi#rst"), "a # inside the quotes is text"),
    (b'KNIGHTSTOUR_RULE = "first" x\n', "KNIGHTSTOUR_RULE", ("refused", "text after the closing quote"),
     "read_string_value: anything but # after the quote is an error"),
    (b'KNIGHTSTOUR_RULE = "first\n', "KNIGHTSTOUR_RULE", ("refused", "no closing"),
     "read_string_value: a newline inside the quotes is an error"),
    (b'KNIGHTSTOUR_RULE = "first', "KNIGHTSTOUR_RULE", ("refused", "no closing"), "read_string_value: EOF"),
    (b'KNIGHTSTOUR_RULE = """first"""\n', "KNIGHTSTOUR_RULE", ("refused", "text after the closing quote"),
     "no multi-line strings: \"\" then \"first...\""),
    (b'KNIGHTSTOUR_RULE = "fir\\\n', "KNIGHTSTOUR_RULE", ("refused", "no closing"),
     "read_string_value: a backslash before the newline is an error"),
    # -- escapes: read_string_value's switch and read_unicode_escape
    (b'KNIGHTSTOUR_RULE = "fir\\u0073t"\n', "KNIGHTSTOUR_RULE", ("value", "first"), "\\u and 4 hex digits"),
    (b'KNIGHTSTOUR_RULE = "\\U00000066irst"\n', "KNIGHTSTOUR_RULE", ("value", "first"), "\\U and 8 hex digits"),
    (b'KNIGHTSTOUR_RULE = "\\U0001F600"\n', "KNIGHTSTOUR_RULE", ("value", "\U0001F600"), "a code point past FFFF"),
    (b'KNIGHTSTOUR_RULE = "a\\"b\\\\c"\n', "KNIGHTSTOUR_RULE", ("value", 'a"b\\c'), "\\\" and \\\\ stand for themselves"),
    (b'KNIGHTSTOUR_RULE = "\\b\\t\\n\\f\\r\\v"\n', "KNIGHTSTOUR_RULE", ("value", "\b\t\n\f\r\v"),
     "the switch's escapes, \\v too"),
    (b'KNIGHTSTOUR_RULE = "\\U80000000"\n', "KNIGHTSTOUR_RULE", ("refused", "past the last Unicode code point"),
     "read_unicode_escape: c >= 0x110000 is Invalid unicode escape"),
    (b'KNIGHTSTOUR_RULE = "\\U00110000"\n', "KNIGHTSTOUR_RULE", ("refused", "past the last Unicode code point"),
     "read_unicode_escape: 0x110000"),
    (b'KNIGHTSTOUR_RULE = "\\UFFFFFFFF"\n', "KNIGHTSTOUR_RULE", ("refused", "past the last Unicode code point"),
     "read_unicode_escape: the largest 8 digits"),
    (b'KNIGHTSTOUR_RULE = "\\u41"\n', "KNIGHTSTOUR_RULE", ("refused", "4 hex digits"),
     "read_unicode_escape: strtoul stops at the quote, short of 4"),
    (b'KNIGHTSTOUR_RULE = "\\uzzzz"\n', "KNIGHTSTOUR_RULE", ("refused", "4 hex digits"), "strtoul reads no digit"),
    (b'KNIGHTSTOUR_RULE = "\\uD800"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "surrogate", "vstr_add_char writes the surrogate's 3 bytes: text that is not UTF-8"),
     "read_unicode_escape checks only the upper bound"),
    (b'KNIGHTSTOUR_RULE = "\\u+041"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "4 hex digits", "strtoul takes a sign"), "read_unicode_escape uses strtoul"),
    (b'KNIGHTSTOUR_RULE = "\\u 041"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "4 hex digits", "strtoul skips spaces"), "read_unicode_escape uses strtoul"),
    (b'KNIGHTSTOUR_RULE = "\\q"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "unknown escape", "other escaped bytes stand for themselves: \\q is q"), "the switch's default"),
    (b'KNIGHTSTOUR_RULE = "\\x41"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "unknown escape", "\\x41 is x41 there, surely not what was meant"), "the switch's default"),
    # -- keys: key_matches
    (b'  KNIGHTSTOUR_RULE\t=\t"first"\n', "KNIGHTSTOUR_RULE", ("value", "first"),
     "consume_whitespace before the key and around the ="),
    (b'KNIGHTSTOUR_RULE="first"\n', "KNIGHTSTOUR_RULE", ("value", "first"), "no space needed"),
    (b'KNIGHTSTOUR_RULE\x0b= "first"\n', "KNIGHTSTOUR_RULE", ("value", "first"), "unichar_isspace: \\v is space"),
    (b'knightstour_rule = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"),
     "key_matches compares bytes exactly"),
    (b'RULE = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"), "the exact key only"),
    (b'knightstour-rule = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"),
     "the exact key only"),
    (b'"KNIGHTSTOUR_RULE" = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"),
     "TOML's quoted keys are not read"),
    (b'KNIGHTSTOUR_RULES = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"),
     "key_matches: after the key must come space or ="),
    (b'KNIGHTSTOUR_RULE: "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"),
     "key_matches: a : is no ="),
    (b'KNIGHTSTOUR_RULE "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "no = after KNIGHTSTOUR_RULE"),
     "key_matches: no ="),
    (b'KNIGHTSTOUR_RULE\xc2\xa0= "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "did you mean KNIGHTSTOUR_RULE?"),
     "unichar_isspace: a no-break space is not space"),
    (b'KNIGHTSTOUR_RULE\n= "first"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "on two lines", "it reads the two lines as one setting; TOML does not"),
     "key_matches: the \\n after the key is space, so the = of the next line is read"),
    (b'KNIGHTSTOUR_RULE = "first"\nKNIGHTSTOUR_RULE = "centre"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "set twice", "it takes the first and says nothing; one of the two is a slip"),
     "os_getenv_vstr stops at the first match: the second is never read"),
    (b'KNIGHTSTOUR_RULE "first"\nKNIGHTSTOUR_RULE = "centre"\n', "KNIGHTSTOUR_RULE", ("value", "centre"),
     "the first line is no match, so the second is the value"),
    (b'[toy]\nKNIGHTSTOUR_RULE = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "stops reading settings.toml at the [section] on line 1"),
     "key_matches: a line starting with [ ends the search"),
    (b'KNIGHTSTOUR_SIZE = "5x5"\n  [x]\nKNIGHTSTOUR_RULE = "first"\n', "KNIGHTSTOUR_RULE",
     ("ignored", "[section] on line 2"), "consume_whitespace, then the ["),
    (b'\xef\xbb\xbfKNIGHTSTOUR_RULE = "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "byte-order mark"),
     "key_matches: the mark's bytes come before the key"),
    (b'\xef\xbb\xbf[x]\nKNIGHTSTOUR_RULE = "first"\n', "KNIGHTSTOUR_RULE", ("value", "first"),
     "key_matches: the mark's bytes come before the [ too, so no [section] starts there"),
    (b'[x]\nKNIGHTSTOUR_RULE\n= "first"\n', "KNIGHTSTOUR_RULE", ("ignored", "[section] on line 1"),
     "key_matches: after the [ nothing is read, not even a key split over two lines"),
    (b'KNIGHTSTOUR_SIZE\nKNIGHTSTOUR_SIZE = "5x5"\n', "KNIGHTSTOUR_SIZE", ("refused", "alone on its line makes CircuitPython skip line 2"),
     "key_matches: the \\n after a key-only line is space, so the next line is read as its = and skipped"),
    (b'KNIGHTSTOUR_SIZE\n[x]\nKNIGHTSTOUR_SIZE = "5x5"\n', "KNIGHTSTOUR_SIZE",
     ("stricter", "alone on its line makes CircuitPython skip line 2", "the key-only line swallows the [x], so the board reads 5x5 below it"),
     "key_matches: the line after a key-only line is never looked at, a [ neither"),
    (b'KNIGHTSTOUR_SIZE\n\nKNIGHTSTOUR_SIZE = "5x5"\n', "KNIGHTSTOUR_SIZE", ("value", "5x5"),
     "key_matches: a blank line after a key-only line ends it"),
    (b'KNIGHTSTOUR_SIZE \nKNIGHTSTOUR_SIZE = "5x5"\n', "KNIGHTSTOUR_SIZE", ("value", "5x5"),
     "consume_whitespace stops at the \\n after a space: nothing swallowed"),
    (b'KNIGHTSTOUR_SIZE\r\nKNIGHTSTOUR_SIZE = "5x5"\r\n', "KNIGHTSTOUR_SIZE", ("value", "5x5"),
     "CRLF: the \\r is space, consume_whitespace stops at the \\n"),
    # -- the file: bytes CircuitPython reads as the end of the file
    (b'KNIGHTSTOUR_RULE = "fi\x00rst"\n', "KNIGHTSTOUR_RULE", ("refused", "NUL byte"),
     "get_next_byte: a NUL byte reads as the end of the file"),
    (b'KNIGHTSTOUR_RULE = "caf\xe9"\n', "KNIGHTSTOUR_RULE",
     ("stricter", "not UTF-8", "its str then holds bytes that are not UTF-8"),
     "the bytes go into a str unchecked"),
]


def desktop(tmp_path, data):
    path = tmp_path / "settings.toml"
    path.write_bytes(data)
    warnings = []
    try:
        return "ok", read_file(str(path), warnings.append), warnings
    except ValueError as exc:
        return "refused", str(exc), warnings


def meaning(key, raw):
    """What the toy makes of a raw value for ``key`` (settings.parse_value, as on the board)."""
    try:
        return "ok", settings_module.parse_value(settings_module.find_key(key), raw)
    except ValueError:
        return "bad", None


@pytest.mark.parametrize("data,key,expected,rule", ROWS, ids=[row[0].decode("latin-1")[:40] for row in ROWS])
def test_the_desktop_reads_a_line_as_circuitpython_does(tmp_path, data, key, expected, rule):
    outcome, result, warnings = desktop(tmp_path, data)
    old, new = getenv(data, key, OLD), getenv(data, key, NEW)
    if expected[0] == "value":
        assert outcome == "ok" and result.get(key) == expected[1] and type(result[key]) is type(expected[1])
        # the same to the toy on every CircuitPython: the board's raw value and the desktop's
        assert old[0] == "value" and new[0] == "value", (old, new)
        assert meaning(key, old[1]) == meaning(key, new[1]) == meaning(key, expected[1]), (old, new)
    elif expected[0] == "ignored":
        assert outcome == "ok" and key not in result
        assert len(warnings) == 1 and expected[1] in warnings[0] and str(tmp_path) in warnings[0]
        assert old == new == ("missing", None)  # invisible to the board too
    else:
        assert outcome == "refused" and expected[1] in result, result
        assert result.count("\n") == 0 and "Traceback" not in result
        if expected[0] == "refused":
            # CircuitPython refuses it too, or its versions disagree on what it means
            assert (old[0] == "error" or new[0] == "missing" or old[0] != new[0]
                    or meaning(key, old[1]) != meaning(key, new[1]) or old[1] != new[1]), (old, new)
        else:
            assert old[0] == "value" and len(expected) == 3  # accepted there; the row says why not here


def test_the_oracle_reads_circuitpythons_own_test_file():
    # tests/circuitpython/getenv.py and its .exp (10.2+), and what 8-10.1 gave for the same keys.
    content = (b'\n# comment\nkey0 = "hello world"\nkey1 = 7\nkey2= "\\n"\nkey3 ="\\u00c1x"\n'
               b'key4 = "\\U000000c1x"\nkey5 = "\\f\\"\\\\"\nkey6 = "\\t\\r\\b"\n key9 = "hello comment" # comment\n'
               b'  key10 = 0x7f # comment\nkey11 = 0\n[section]\nsubvalue = "hi"\n')
    expected_new = {"key0": "hello world", "key1": "7", "key2": "\n", "key3": "\u00c1x", "key4": "\u00c1x",
                    "key5": '\x0c"\\', "key6": "\t\r\x08", "key9": "hello comment", "key10": "0x7f", "key11": "0"}
    for key, value in expected_new.items():
        assert getenv(content, key, NEW) == ("value", value), key
        assert getenv(content.replace(b"\n", b"\r\n"), key, NEW) == ("value", value), key
    assert getenv(content, "key1", OLD) == ("value", 7) and getenv(content, "key10", OLD) == ("value", 127)
    assert getenv(content, "subvalue", NEW) == ("missing", None) and getenv(b"noeol=3", "noeol", NEW) == ("value", "3")
    for bad in (b'key = "\n', b'key = """\n', b"key =\n", b'key="'):
        assert getenv(bad, "key", NEW) == ("missing", None) and getenv(bad, "key", OLD)[0] == "error"
    assert getenv(b"key = this is an unquoted string\n", "key", NEW) == ("value", "this is an unquoted string")


def test_misspelt_keys_warn_on_stderr_and_the_run_goes_on(tmp_path, capsys, monkeypatch):
    import io

    from knightstour_desktop import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    config = tmp_path / "settings.toml"
    config.write_text('knightstour_size = "5x5"\nCIRCUITPY_WIFI_SSID = "home"\nKNIGHTSTOUR_COLOUR = "red"\n'
                      'KNIGHTSTOUR_SIZE = "6x6"\n')
    assert cli.main(["sim", "--plain", "--once", "--display", "matrix", "--speed", "0", "--start", "a1",
                     "--config", str(config)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("knights-tour: warning: %s: line " % config) for line in err)
    assert "did you mean KNIGHTSTOUR_SIZE?" in err[0] and "unknown setting KNIGHTSTOUR_COLOUR" in err[1]


def test_a_value_past_ascii_is_refused_as_it_reads_differently_on_the_board(tmp_path):
    # CPython's strip(), lower() and isdigit() know Unicode, MicroPython's only ASCII: "\u2003c3" is c3
    # to CPython and no square to the board.
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_START = "\u2003c3"\nKNIGHTSTOUR_PAUSE_MS = "\uff11\uff15"\n', encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        load_for_command(str(config), {})
    lines = str(caught.value).split("\n")
    assert len(lines) == 2 and all("only ASCII" in line and str(config) in line for line in lines)
    with pytest.raises(ValueError, match="KNIGHTSTOUR_PAUSE_MS"):
        load_for_command(None, {"KNIGHTSTOUR_PAUSE_MS": "\uff11\uff15"})


def test_a_bad_matrix_chain_is_a_bad_setting_whatever_the_display(tmp_path):
    for environ in ({"KNIGHTSTOUR_MATRIX_CHAIN": "bogus"}, {"KNIGHTSTOUR_MATRIX_CHAIN": "3 2x2"}):
        with pytest.raises(ValueError) as caught:
            load_for_command(None, environ)
        assert "bad KNIGHTSTOUR_MATRIX_CHAIN" in str(caught.value) and "\n" not in str(caught.value)
    assert load_for_command(None, {"KNIGHTSTOUR_MATRIX_CHAIN": "4 2x2"}).matrix_chain == (4, "2x2", 90)


def test_milliseconds_stop_at_a_day():
    settings, errors = settings_module.load({"KNIGHTSTOUR_IDLE_MS": "86400001",
                                             "KNIGHTSTOUR_PAUSE_MS": str(10 ** 400)}.get)
    assert len(errors) == 2 and all("0 to 86400000" in e for e in errors)
    assert settings.idle_ms == 15000
    settings, errors = settings_module.load({"KNIGHTSTOUR_IDLE_MS": 86400000}.get)
    assert errors == [] and settings.idle_ms == 86400000
