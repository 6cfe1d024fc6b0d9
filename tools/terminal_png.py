"""Render a terminal capture with colours (``tmux capture-pane -e -p``) as a PNG, for the README.

    tmux new-session -d -s shot -x 100 -y 30 "COLORTERM=truecolor ./simulate --display tft --pixels"
    sleep 5; tmux capture-pane -e -p -t shot > shot.ans
    .venv/bin/python tools/terminal_png.py shot.ans docs/sim-pixels.png

Understands the SGR codes tmux writes (reset, bold, 8/16/256 colours and 24-bit
colour). Upper half blocks are drawn as two rectangles, so the picture shows
exactly the colours the terminal had; other characters use DejaVu Sans Mono.
"""

import re
import sys

from PIL import Image, ImageDraw, ImageFont

CELL_W = 10
CELL_H = 20
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
DEFAULT_FG = (220, 220, 220)
DEFAULT_BG = (12, 12, 12)
BASIC = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188),
         (17, 168, 205), (229, 229, 229), (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
         (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255)]
SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colour_256(n):
    if n < 16:
        return BASIC[n]
    if n < 232:
        n -= 16
        steps = (0, 95, 135, 175, 215, 255)
        return steps[n // 36], steps[n // 6 % 6], steps[n % 6]
    level = 8 + (n - 232) * 10
    return level, level, level


def apply_sgr(params, state):
    codes = [int(p) if p else 0 for p in params.replace(":", ";").split(";")] if params else [0]
    i = 0
    while i < len(codes):
        code = codes[i]
        if code == 0:
            state.update(fg=DEFAULT_FG, bg=DEFAULT_BG, bold=False)
        elif code == 1:
            state["bold"] = True
        elif code == 22:
            state["bold"] = False
        elif code in (38, 48) and i + 1 < len(codes):
            key = "fg" if code == 38 else "bg"
            if codes[i + 1] == 2 and i + 4 < len(codes):
                state[key] = tuple(codes[i + 2:i + 5])
                i += 4
            elif codes[i + 1] == 5 and i + 2 < len(codes):
                state[key] = colour_256(codes[i + 2])
                i += 2
        elif code == 39:
            state["fg"] = DEFAULT_FG
        elif code == 49:
            state["bg"] = DEFAULT_BG
        elif 30 <= code <= 37:
            state["fg"] = BASIC[code - 30]
        elif 40 <= code <= 47:
            state["bg"] = BASIC[code - 40]
        elif 90 <= code <= 97:
            state["fg"] = BASIC[code - 90 + 8]
        elif 100 <= code <= 107:
            state["bg"] = BASIC[code - 100 + 8]
        i += 1


def cells(text):
    """Rows of (character, foreground, background, bold) from ANSI text."""
    state = {"fg": DEFAULT_FG, "bg": DEFAULT_BG, "bold": False}
    rows = []
    for line in text.rstrip("\n").split("\n"):
        row = []
        pos = 0
        for match in SGR.finditer(line):
            row.extend((ch, state["fg"], state["bg"], state["bold"]) for ch in line[pos:match.start()])
            apply_sgr(match.group(1), state)
            pos = match.end()
        row.extend((ch, state["fg"], state["bg"], state["bold"]) for ch in line[pos:])
        rows.append(row)
    return rows


def render(text):
    rows = cells(text)
    width = max(len(row) for row in rows) if rows else 1
    image = Image.new("RGB", (width * CELL_W, len(rows) * CELL_H), DEFAULT_BG)
    draw = ImageDraw.Draw(image)
    fonts = {False: ImageFont.truetype(FONT, 16), True: ImageFont.truetype(BOLD, 16)}
    for y, row in enumerate(rows):
        for x, (ch, fg, bg, bold) in enumerate(row):
            left, top = x * CELL_W, y * CELL_H
            draw.rectangle((left, top, left + CELL_W - 1, top + CELL_H - 1), fill=bg)
            if ch == "\u2580":
                draw.rectangle((left, top, left + CELL_W - 1, top + CELL_H // 2 - 1), fill=fg)
            elif ch.strip():
                draw.text((left, top + 1), ch, font=fonts[bold], fill=fg)
    return image


def main(argv):
    if len(argv) != 2 or not argv[1].endswith(".png"):
        print("usage: terminal_png.py CAPTURE.ans OUT.png", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as handle:
        render(handle.read()).save(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
