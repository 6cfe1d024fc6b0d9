"""A narrow or short TFT panel (tft_panel.py; the 240x240 and 160x128 screens): the texts without
their labels, a line each (the result beside the count where the lines are few), longer words cut
at the panel's edge ("COMPLETE", "CLOSED T")."""
# Loaded only for such a panel, at build time: a board compiling tft_panel.py from source has no room for this
# too.

from . import font
from .tft_draw import DIM_TEXT, TEXT_COLOUR


def narrow(display, add, x, y, columns, foot):
    """The move count, check order, rule and result from ``y``; the y below them."""
    line = font.HEIGHT + 1
    short = foot - y < 5 * line + 2 and columns >= 15  # then the result beside the count
    add("counter", "", x, y, TEXT_COLOUR, 7)
    add("result", "", x + 8 * font.WIDTH if short else x, y if short else y + 3 * line, TEXT_COLOUR,
        columns - 8 if short else columns)
    add("order", "", x, y + line, TEXT_COLOUR, columns)
    add("rule", "", x, y + 2 * line, DIM_TEXT, columns)
    return y + (3 if short else 4) * line

