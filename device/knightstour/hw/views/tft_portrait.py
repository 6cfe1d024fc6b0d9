"""The TFT's panel in portrait (KNIGHTSTOUR_TFT_ROTATION 90 or 270): a strip below the board.
tft.TftDisplay imports it only then, so the landscape toy never holds this code."""

from .tft_draw import DIM_TEXT, TEXT_COLOUR, DigitField


def build_panel(display, px, py, pw):
    add = display._add
    x = px + 4
    display.columns = max(1, (pw - 8) // 6)
    add("title", "KNIGHT'S TOUR", x, py + 4, DIM_TEXT)
    add("move_label", "move", px + 130, py + 4, DIM_TEXT)
    display.counter = DigitField(7, 2, TEXT_COLOUR, px + 160, py + 5)
    add("order_label", "order", x, py + 20, DIM_TEXT)
    add("order", "", x + 36, py + 20, TEXT_COLOUR, 8)
    add("rule", "", px + 100, py + 20, DIM_TEXT, 9)
    add("result", "", px + 160, py + 20, TEXT_COLOUR, 12)
    display.status_lines = 2
    add("status", "", x, py + 36, TEXT_COLOUR, display.columns, 2, 14)
    if display.touch_hint:
        add("hint", "touch a square", x, py + 66, DIM_TEXT)
