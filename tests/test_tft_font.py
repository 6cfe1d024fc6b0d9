"""The TFT's font (device/knightstour/hw/views/font.py) is what tools/make_font.py makes from
Terminus 16 bold, and its glyphs are whole: descenders below the baseline, nothing cut."""

import os
import subprocess
import sys

import pytest

from knightstour.hw.views import font

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import make_font  # noqa: E402

needs_terminus = pytest.mark.skipif(not os.path.isfile(make_font.SOURCE),
                                    reason="xfonts-terminus is not installed (.ci/run installs it)")


@needs_terminus
def test_the_committed_font_is_a_fresh_run():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make_font.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@needs_terminus
def test_check_finds_a_changed_font(tmp_path, monkeypatch):
    copy = tmp_path / "font.py"
    copy.write_text(open(make_font.TARGET).read().replace("BITS = (", "BITS = (\n    b\"\\x00\""))
    monkeypatch.setattr(make_font, "TARGET", str(copy))
    assert make_font.main(["--check"]) == 1


def glyph(ch):
    start = (ord(ch) - font.FIRST) * font.HEIGHT
    return font.BITS[start:start + font.HEIGHT]


def test_descenders_reach_below_the_baseline_and_capitals_do_not():
    for ch in "gjpqy":
        assert any(glyph(ch)[font.BASELINE:]), ch
    for ch in "ahfdcebHT0123456789":
        assert not any(glyph(ch)[font.BASELINE:]), ch
        assert any(glyph(ch)[:font.BASELINE]), ch


def test_every_printable_character_has_a_glyph():
    assert len(font.BITS) == (127 - font.FIRST) * font.HEIGHT
    assert not any(glyph(" ")) and all(any(glyph(chr(c))) for c in range(33, 127))
