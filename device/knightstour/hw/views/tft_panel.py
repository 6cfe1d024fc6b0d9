"""Building the TFT's view (tft.TftDisplay.__init__): where the board and the panel go on the screen,
the groups and palettes, and the panel beside the board (landscape) or below it (portrait): the
move count, the check order and rule, the result, the status text, and the buttons a finger presses."""
# Text is font.py's 8x16 (Terminus bold), each text one 1-bit bitmap (tft_draw.Text). The
# buttons (only with a touch screen) send the app the events the simulator's keys send: play
# (play mode on and off), hint, undo, new (a new tour; in play mode a new game) and speed (the
# next pacing speed). Landscape: two buttons a row at the panel's foot; portrait: one row of
# five. Heights: 26 px on the 320x240 screens, 40 px on the Titano's 480x320. Only the display's
# building needs this module: the Feather forgets it after start (its code need not stay in the
# heap); TftDisplay.event_at finds the buttons in display.buttons.

import displayio

from . import font
from .tft_draw import (
    DARK,
    DIM_TEXT,
    INK_ON_LIGHT,
    KNIGHT_COLOUR,
    KNIGHT_INK,
    LIGHT,
    PATH_COLOUR,
    TEXT_COLOUR,
    Text,
    draw_char,
    fill_region,
    palette,
)

BUTTONS = (("play", "play"), ("hint", "hint"), ("undo", "undo"), ("new", "random"), ("speed", "speed"))
BUTTON_FILL = 0x303030
BUTTON_ACTIVE = 0x1E50C8  # play, while play mode is on
LINE = font.HEIGHT + 1
PANEL = 112  # the panel's least width (landscape) or height (portrait); 72 on screens under 320 px long


def layout(width, height):
    """((board_x, board_y), (panel_x, panel_y, panel_w, panel_h), landscape) for a screen: the
    board a square as big as fits beside (landscape) or above (portrait) the panel, centred across;
    208 px on the ILI9341, 320 on the Titano's 480x320, 168 on 240x240."""
    landscape = width >= height
    short, long = (height, width) if landscape else (width, height)
    side = min(short, long - (PANEL if long >= 320 else 72))
    if landscape:
        return (0, (height - side) // 2), (side, 0, width - side, height), True
    return ((width - side) // 2, 0), (0, side, width, height - side), False


def build(view, display, touch_hint):
    """TftDisplay.__init__: ``view`` on ``display``, its groups and palettes, the panel's texts and
    buttons; the board's bitmaps come with the board (tft_build.py)."""
    view.display = display
    view.width = display.width
    view.height = display.height
    (view.board_x, view.board_y), panel, view.landscape = layout(view.width, view.height)
    view.board_pixels = panel[0] if view.landscape else panel[1]
    view.button_palette = None
    view.panel = panel
    view.touch_hint = touch_hint
    view.root = displayio.Group()
    view.cells_group = displayio.Group()
    view.root.append(view.cells_group)
    view.board_palette = palette((LIGHT, DARK, INK_ON_LIGHT, PATH_COLOUR))
    view.knight_palette = palette((0, KNIGHT_COLOUR, KNIGHT_INK), 0)  # its colours set as it blinks
    view.bw = 0
    view.bh = 0
    view.cell = 0
    view.ox = 0
    view.oy = 0
    view.ranks = []
    view.vw = 0
    view.vh = 0
    view.wx = 0
    view.wy = 0
    view.left = 0
    view.number = []  # per square, sized by _build_board
    view.order = b""  # the square of each number
    view.inked = b""
    view.length = 0
    view.knight_square = -1
    view.knight_on = True
    view.result_kind = ""
    view.sprites_group = displayio.Group()
    view.root.append(view.sprites_group)
    view.knight_tile = None
    view.marked = None  # play mode's dots and ring: None until tft_play makes them, when first shown
    view.labels = {}
    build_panel(view)
    view.status_text = ""
    display.root_group = view.root


def _add(view, palettes, name, text, x, y, colour, columns=0, lines=1, spacing=0):
    """A panel text ``name`` of ``columns`` (0: as long as ``text``) x ``lines`` characters. The
    texts of a colour share its palette (``palettes``); the result's, whose colour changes, has
    its own."""
    if name == "result":
        colours = palette((0x000000, colour), 0)
    else:
        if colour not in palettes:
            palettes[colour] = palette((0x000000, colour), 0)
        colours = palettes[colour]
    item = Text(columns or len(text), lines, x, y, colours, spacing)
    item.colour = colour
    if name == "status":
        item.wraps = True  # word-wrapped as it is drawn
    item.set(text)
    view.root.append(item.tilegrid)
    view.labels[name] = item


def build_panel(display):
    """The panel's texts (display.labels, display.counter) and buttons (display.buttons)."""
    px, py, pw, ph = display.panel

    palettes = {}

    def add(*args):
        _add(display, palettes, *args)

    x = px + 4
    columns = (pw - 8) // font.WIDTH
    tall = 40 if display.width > 320 or display.height > 320 else 26  # the Titano: taller buttons
    display.buttons = []
    foot = py + ph
    if display.touch_hint:
        foot = _buttons(display, px, py, pw, ph, tall)
    y = py + 4
    if not display.landscape and columns >= 26:
        add("move_label", "move", x, y, DIM_TEXT)
        add("counter", "", x + 5 * font.WIDTH, y, TEXT_COLOUR, 7)
        add("order_label", "order", x + 13 * font.WIDTH, y, DIM_TEXT)
        add("order", "", x + 19 * font.WIDTH, y, TEXT_COLOUR, columns - 19)
        add("rule_label", "rule", x, y + LINE, DIM_TEXT)
        add("rule", "", x + 5 * font.WIDTH, y + LINE, DIM_TEXT, 7)
        add("result", "", x + 13 * font.WIDTH, y + LINE, TEXT_COLOUR, columns - 13)
        y += 2 * LINE + 2
    elif columns >= 12 and foot - y >= 6 * LINE + 2:
        add("move_label", "move", x, y, DIM_TEXT)
        add("counter", "", x + 5 * font.WIDTH, y, TEXT_COLOUR, 7)
        add("order_label", "order", x, y + LINE, DIM_TEXT)
        add("order", "", x, y + 2 * LINE, TEXT_COLOUR, columns)
        add("rule_label", "rule", x, y + 3 * LINE, DIM_TEXT)
        add("rule", "", x + 5 * font.WIDTH, y + 3 * LINE, DIM_TEXT, columns - 5)
        add("result", "", x, y + 4 * LINE, TEXT_COLOUR, columns)
        y += 5 * LINE
    else:
        from .tft_narrow import narrow

        y = narrow(display, add, x, y, columns, foot)
    lines = max(1, (foot - 2 - y) // LINE)
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
    word = word[:(w - 2) // font.WIDTH]
    left = (w - len(word) * font.WIDTH) // 2
    for j in range(len(word)):
        draw_char(bitmap, word[j], left + j * font.WIDTH, (h - font.HEIGHT) // 2)
    if display.button_palette is None:
        display.button_palette = palette((BUTTON_FILL, TEXT_COLOUR))
        display.active_palette = palette((BUTTON_ACTIVE, TEXT_COLOUR))
    tile = displayio.TileGrid(bitmap, pixel_shader=display.button_palette, x=x, y=y)
    display.root.append(tile)
    display.buttons.append((x, y, x + w, y + h, event, tile))
