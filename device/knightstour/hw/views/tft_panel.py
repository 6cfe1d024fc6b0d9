"""The TFT's panel beside the board (landscape) or below it (portrait): the move count, the
check order and rule, the result, the status text, and the buttons a finger presses.

Text is font.py's 8x16 (Terminus bold), each text one 1-bit bitmap (tft_draw.Text). The
buttons (only with a touch screen) send the app the events the simulator's keys send: play
(play mode on and off), hint, undo, new (a new tour; in play mode a new game) and speed (the
next pacing speed). Landscape: two buttons a row at the panel's foot; portrait: one row of
five. Heights: 26 px on the 320x240 screens, 40 px on the Titano's 480x320. Only the display's
building needs this module (the Feather forgets it after start); TftDisplay.event_at finds the
buttons in display.buttons.
"""

import displayio

from . import font
from .tft_draw import DIM_TEXT, TEXT_COLOUR, draw_char, fill_region, palette

BUTTONS = (("play", "play"), ("hint", "hint"), ("undo", "undo"), ("new", "random"), ("speed", "speed"))
BUTTON_FILL = 0x303030
BUTTON_ACTIVE = 0x1E50C8  # play, while play mode is on
LINE = font.HEIGHT + 1


def build_panel(display):
    """The panel's texts (display.labels, display.counter) and buttons (display.buttons)."""
    px, py, pw, ph = display.panel
    add = display._add
    x = px + 4
    display.columns = columns = (pw - 8) // font.WIDTH
    tall = 40 if display.width > 320 or display.height > 320 else 26  # the Titano: taller buttons
    display.buttons = []
    foot = py + ph
    if display.touch_hint:
        foot = _buttons(display, px, py, pw, ph, tall)
    y = py + 4
    if display.landscape:
        add("move_label", "move", x, y, DIM_TEXT)
        add("counter", "", x + 5 * font.WIDTH, y, TEXT_COLOUR, 7)
        add("order_label", "order", x, y + LINE, DIM_TEXT)
        add("order", "", x, y + 2 * LINE, TEXT_COLOUR, columns)
        add("rule_label", "rule", x, y + 3 * LINE, DIM_TEXT)
        add("rule", "", x + 5 * font.WIDTH, y + 3 * LINE, DIM_TEXT, columns - 5)
        add("result", "", x, y + 4 * LINE, TEXT_COLOUR, columns)
        y += 5 * LINE
    else:
        add("move_label", "move", x, y, DIM_TEXT)
        add("counter", "", x + 5 * font.WIDTH, y, TEXT_COLOUR, 7)
        add("order_label", "order", x + 13 * font.WIDTH, y, DIM_TEXT)
        add("order", "", x + 19 * font.WIDTH, y, TEXT_COLOUR, columns - 19)
        add("rule_label", "rule", x, y + LINE, DIM_TEXT)
        add("rule", "", x + 5 * font.WIDTH, y + LINE, DIM_TEXT, 7)
        add("result", "", x + 13 * font.WIDTH, y + LINE, TEXT_COLOUR, columns - 13)
        y += 2 * LINE + 2
    display.status_lines = lines = max(1, (foot - 2 - y) // LINE)
    add("status", "", x, y, TEXT_COLOUR, columns, lines)


def _buttons(display, px, py, pw, ph, tall):
    """The buttons at the panel's foot; returns the y above them."""
    gap = 3
    if display.landscape:
        rows = (len(BUTTONS) + 1) // 2
        wide = (pw - 3 * gap) // 2
        top = py + ph - rows * (tall + gap)
        for i in range(len(BUTTONS)):
            column = i % 2
            last = i == len(BUTTONS) - 1 and column == 0  # an odd one out spans the row
            _button(display, i, px + gap + column * (wide + gap), top + (i // 2) * (tall + gap),
                    pw - 2 * gap if last else wide, tall)
    else:
        wide = (pw - (len(BUTTONS) + 1) * gap) // len(BUTTONS)
        top = py + ph - tall - gap
        for i in range(len(BUTTONS)):
            _button(display, i, px + gap + i * (wide + gap), top, wide, tall)
    return top


def _button(display, i, x, y, w, h):
    """Button ``i`` of BUTTONS: a rounded box with its word, and where a touch finds it."""
    word, event = BUTTONS[i]
    bitmap = displayio.Bitmap(w, h, 2)
    fill_region(bitmap, 1, 0, w - 1, 1, 1)
    fill_region(bitmap, 1, h - 1, w - 1, h, 1)
    fill_region(bitmap, 0, 1, 1, h - 1, 1)
    fill_region(bitmap, w - 1, 1, w, h - 1, 1)
    left = (w - len(word) * font.WIDTH) // 2
    for j in range(len(word)):
        draw_char(bitmap, word[j], left + j * font.WIDTH, (h - font.HEIGHT) // 2)
    if display.button_palette is None:
        display.button_palette = palette((BUTTON_FILL, TEXT_COLOUR))
        display.active_palette = palette((BUTTON_ACTIVE, TEXT_COLOUR))
    tile = displayio.TileGrid(bitmap, pixel_shader=display.button_palette, x=x, y=y)
    display.root.append(tile)
    display.buttons.append((x, y, x + w, y + h, event, tile))
