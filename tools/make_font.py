"""Make device/knightstour/hw/views/font.py, the TFT's text font, from Terminus 16 bold.

    python tools/make_font.py [--check]

Reads Debian's xfonts-terminus (ter-u16b, ISO 8859-1; apt-get install xfonts-terminus) and
writes the printable ASCII glyphs, packed one byte a row (bit 7 the left column), each cut to
the rows it inks (a glyph's blank rows are its cell's background: the TFT clears the cell), with
a table of where each glyph's rows are and which row of the cell is its first. The cell is the
rows any glyph uses: descenders whole. --check only compares with the committed file (exit 1
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
    rows[ord("0")] = OPEN_ZERO
    return rows


# Terminus's zero has a slash, which OCR (and a glance at a small screen) takes for a 6: "20/64" read
# "26/64". The toy's zero is an open oval, rounder than its O.
OPEN_ZERO = [int(row.replace(".", "0").replace("#", "1"), 2) for row in (
    "........", "........", "..###...", ".##.##..", "##...##.", "##...##.", "##...##.", "##...##.",
    "##...##.", "##...##.", ".##.##..", "..###...", "........", "........", "........", "........")]


def render(rows):
    """The text of font.py for ``rows`` (glyph_rows())."""
    used = [y for bits in rows.values() for y in range(16) if bits[y]]
    top, bottom = min(used), max(used) + 1
    data = bytearray()
    table = bytearray()
    for code in range(FIRST, LAST + 1):
        inked = [y for y in range(top, bottom) if rows[code][y]]
        first, last = (inked[0], inked[-1] + 1) if inked else (top, top)  # a space: no rows
        table += (len(data) | (first - top) << 12).to_bytes(2, "little")
        data += bytes(rows[code][first:last])
    table += len(data).to_bytes(2, "little")
    if len(data) >= 1 << 12:
        raise ValueError("the glyphs take %d bytes: GLYPHS holds where they start in 12 bits" % len(data))
    return ('"""The TFT\'s text font: Terminus 16 bold (xfonts-terminus, SIL Open Font License), ASCII %d to %d."""\n'
            '# Made by tools/make_font.py: do not edit. A glyph is a cell WIDTH x HEIGHT; BITS holds only the rows\n'
            '# it inks, one byte a row, bit 7 the left column. GLYPHS, two bytes a character (little-endian):\n'
            '# bits 0-11 where its rows start in BITS (they end where the next character\'s start), bits 12-15\n'
            '# the row of the cell they start on.\n'
            '\n'
            'WIDTH = 8\n'
            'HEIGHT = %d\n'
            'FIRST = %d\n'
            'LAST = %d\n'
            'BASELINE = %d  # rows above the baseline\n'
            'GLYPHS = (\n%s\n)\n'
            'BITS = (\n%s\n)\n' % (FIRST, LAST, bottom - top, FIRST, LAST, 12 - top, _lines(table), _lines(data)))


def _lines(data):
    return "\n".join('    b"%s"' % "".join("\\x%02x" % b for b in data[i:i + 32]) for i in range(0, len(data), 32))


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
