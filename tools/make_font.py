"""Make device/knightstour/hw/views/font.py, the TFT's text font, from Terminus 16 bold.

    python tools/make_font.py [--check]

Reads Debian's xfonts-terminus (ter-u16b, ISO 8859-1; apt-get install xfonts-terminus) and
writes the printable ASCII glyphs, packed one byte a row (bit 7 the left column), cut to the
rows any of them uses: descenders whole. --check only compares with the committed file (exit 1
when they differ). tests/test_tft_font.py runs the check.
"""

import argparse
import gzip
import os
import sys

SOURCE = "/usr/share/fonts/X11/misc/ter-u16b_iso-8859-1.pcf.gz"
TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "device", "knightstour", "hw",
                      "views", "font.py")
FIRST = 32
LAST = 126


def glyph_rows(source=SOURCE):
    """{code: [row bits]} for FIRST..LAST, each row 8 bits (bit 7 the left column), 16 rows."""
    from PIL import PcfFontFile

    with gzip.open(source) as handle:
        font = PcfFontFile.PcfFontFile(handle)
    rows = {}
    for code in range(FIRST, LAST + 1):
        _, _, _, image = font.glyph[code]
        if image.size != (8, 16):
            raise ValueError("%s: glyph %d is %dx%d, not 8x16" % (source, code, image.size[0], image.size[1]))
        rows[code] = [sum(128 >> x for x in range(8) if image.getpixel((x, y))) for y in range(16)]
    return rows


def render(rows):
    """The text of font.py for ``rows`` (glyph_rows())."""
    used = [y for bits in rows.values() for y in range(16) if bits[y]]
    top, bottom = min(used), max(used) + 1
    data = bytes(b for code in range(FIRST, LAST + 1) for b in rows[code][top:bottom])
    lines = []
    for i in range(0, len(data), 32):
        lines.append('    b"%s"' % "".join("\\x%02x" % b for b in data[i:i + 32]))
    return ('"""The TFT\'s text font: Terminus 16 bold (xfonts-terminus, SIL Open Font License), ASCII %d to %d.\n'
            'Made by tools/make_font.py: do not edit. HEIGHT bytes a glyph, one a row, bit 7 the left column."""\n'
            '\n'
            'WIDTH = 8\n'
            'HEIGHT = %d\n'
            'FIRST = %d\n'
            'BASELINE = %d  # rows above the baseline\n'
            'BITS = (\n%s\n)\n' % (FIRST, LAST, bottom - top, FIRST, 12 - top, "\n".join(lines)))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file; exit 1 if it differs")
    parser.add_argument("--source", default=SOURCE, help="the Terminus PCF file (default: %(default)s)")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.source):
        parser.exit(2, "make_font.py: error: no %s: apt-get install xfonts-terminus\n" % args.source)
    text = render(glyph_rows(args.source))
    if args.check:
        with open(TARGET, encoding="utf-8") as handle:
            same = handle.read() == text
        print("font.py is %s" % ("up to date" if same else "stale: run python tools/make_font.py"))
        return 0 if same else 1
    with open(TARGET + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(TARGET + ".tmp", TARGET)
    print("wrote %s" % os.path.relpath(TARGET))
    return 0


if __name__ == "__main__":
    sys.exit(main())
