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
    """The HEIGHT rows of ``ch``'s cell, as tft_draw.draw_char draws them."""
    import displayio

    from knightstour.hw.views import tft_draw

    bitmap = displayio.Bitmap(font.WIDTH, font.HEIGHT, 2)
    tft_draw.draw_char(bitmap, ch, 0, 0)
    return bytes(sum(128 >> x for x in range(font.WIDTH) if bitmap[x, y]) for y in range(font.HEIGHT))


@needs_terminus
def test_each_character_draws_terminus_glyph_whole():
    """The font keeps only the rows a glyph inks: drawn in its cell, each is Terminus's, row for row."""
    rows = make_font.glyph_rows()
    top = 12 - font.BASELINE
    for code in range(font.FIRST, font.LAST + 1):
        assert glyph(chr(code)) == bytes(rows[code][top:top + font.HEIGHT]), chr(code)
    assert glyph("\u00e9") == glyph("?") == bytes(rows[ord("?")][top:top + font.HEIGHT])


def test_the_font_keeps_only_the_rows_glyphs_ink():
    assert len(font.BITS) < 95 * font.HEIGHT * 3 // 5  # 816 of the 1425 bytes whole cells took
    assert font.BITS.count(0) < 20  # the blank rows inside a few glyphs (":", "=", "%", ...)


def test_descenders_reach_below_the_baseline_and_capitals_do_not():
    for ch in "gjpqy":
        assert any(glyph(ch)[font.BASELINE:]), ch
    for ch in "ahfdcebHT0123456789":
        assert not any(glyph(ch)[font.BASELINE:]), ch
        assert any(glyph(ch)[:font.BASELINE]), ch


def test_every_printable_character_has_a_glyph():
    assert (font.FIRST, font.LAST) == (32, 126) and len(font.GLYPHS) == 2 * (127 - font.FIRST) + 2
    assert not any(glyph(" ")) and all(any(glyph(chr(c))) for c in range(33, 127))
