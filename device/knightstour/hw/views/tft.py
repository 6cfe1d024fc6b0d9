"""The display port on an ILI9341 320x240 TFT through displayio (hw/chips/ili9341.py), or on a
board's built-in display (board.DISPLAY: the PyPortal's 320x240, the Titano's 480x320)."""
# Layout (tft_panel.layout): the board a square, the panel (tft_panel.py) at least PANEL px
# beside it (landscape, rotation 0/180) or below it (portrait, 90/270): 208x208 on the
# ILI9341 (26 px cells on 8x8) beside a 112 px panel; 320x320 on the Titano beside 160.
#
#     cells     a bitmap per rank (its own TileGrid), chequered (a1 dark), 2 bits
#               a pixel: the move number in the middle of each cell (on a dark
#               square in the light squares' colour), the path as lines between
#               the centres of consecutive squares, stopping at each number's box
#               (tft_board.py). Cells of 24 px or more are drawn at half
#               resolution and shown 2x2 (their group's scale)
#     knight    a sprite (its own TileGrid) on the knight's square; blinks by
#               swapping its colours (never hidden); red when stuck; a closed tour's
#               trace is a gold dot running along the path
#     marks     play mode: dots on the legal moves, a ring on the hint
#               (tft_play.py, imported only when play mode shows them; undo too)
#     panel     "move 12/64" (right-aligned: " 9/64"), the check order and rule, the result in capitals,
#               the status text wrapped, and the buttons (tft_panel.py)
#
# Only what changed goes to the screen: a refresh sends the dirty areas and
# nothing else. A Bitmap tracks ONE dirty box, so two far-apart changes in one
# bitmap cost the whole box between them: hence a bitmap per rank, and its own
# TileGrid for every sprite and text. RAM decides: a bitmap per square (64 bitmaps
# and TileGrids) holds far more heap than a bitmap per rank for a little less sent
# a move (a line crossing two squares of a rank dirties one box around both); one
# bitmap for the board holds less but sends several times more a move (over the
# target). Half resolution saves heap again for a little more a move.
# benchmarks/tft_spi.py measures what a move sends over SPI, benchmarks/feather_heap.py
# the heap (docs/heap.md).

from .tft_board import BoardView
from .tft_draw import (
    KNIGHT_COLOUR,
    KNIGHT_INK,
    STUCK_COLOUR,
    TEXT_COLOUR,
    TRACE_COLOUR,
)

MAX_SIDE = 16  # boards up to 16x16 (15 px cells), as the simulator's TFT
# "budget": the rescue's search gave up where a tour may well exist, so never "STUCK" (tours.py).
RESULT_COLOURS = {"closed": TRACE_COLOUR, "complete": 0x60E060, "stuck": STUCK_COLOUR,
                  "impossible": STUCK_COLOUR, "budget": KNIGHT_COLOUR, "": TEXT_COLOUR}
RESULT_TEXT = {"closed": "CLOSED TOUR", "complete": "COMPLETE TOUR", "stuck": "STUCK", "impossible": "NO TOUR",
               "budget": "OUT OF BUDGET", "": ""}


class TftDisplay(BoardView):
    """The display port on a displayio display (``width``, ``height``, ``root_group``,
    ``refresh()``; auto_refresh off), e.g. hw/chips/ili9341.py's BusDisplay."""

    max_width = MAX_SIDE
    max_height = MAX_SIDE

    def __init__(self, display, touch_hint=True):
        from .tft_panel import build  # build time only: the Feather forgets it after start

        build(self, display, touch_hint)

    def _set_label(self, name, text, colour=None):
        item = self.labels[name]
        if colour is not None and item.colour != colour:
            # only the result changes colour: its text has a palette of its own (tft_panel.py)
            item.colour = colour
            item.tilegrid.pixel_shader[1] = colour
        item.set(text)

    def prepare(self, board):
        """Make the bitmaps of ``board`` (one that fits) now: the Feather does at start, before the
        app's modules load; begin() keeps them for a board of that size."""
        if board.width != self.bw or board.height != self.bh:
            self._build_board(board)

    def begin(self, board, mode, order, rule):
        if board.width > MAX_SIDE or board.height > MAX_SIDE:
            raise ValueError("the TFT shows at most %dx%d, not %s" % (MAX_SIDE, MAX_SIDE, board.size_name))
        if board.width != self.bw or board.height != self.bh:
            self._build_board(board)
        else:
            for square in range(board.squares):
                self._clear(square)
        for i in range(len(self.number)):
            self.number[i] = 0
        self.length = 0
        self.knight_square = -1
        self.knight_on = True
        self.result_kind = ""
        self.knight_tile.hidden = True
        self.trace_tile.hidden = True
        self._knight_colours(True)
        self.moves([], -1)
        self.total = board.squares
        self._count()
        self._set_label("order", order)
        self._set_label("rule", rule)
        self._set_label("result", "")
        if self.buttons:
            self.buttons[0][5].pixel_shader = self.active_palette if mode == "play" else self.button_palette

    def light(self, square, number):
        self.number[square] = number
        if number < len(self.order):
            self.order[number] = square
        if number > self.length:
            self.length = number
        self._draw_number(square, number)
        if number > 1:
            self._segment(self.order[number - 1], square)
        self._count()

    def _count(self):
        # Right-aligned ("  9/100", " 10/100"): a move redraws the digits that changed, not the
        # whole counter shifted by one character. One string made, no pieces.
        self._set_label("counter", "%*d/%d" % (self._digits(self.total), self.length, self.total))

    def unlight(self, square):
        from .tft_play import unlight

        unlight(self, square)

    def knight(self, square):
        self.knight_square = square
        self.knight_on = True
        tile = self.knight_tile
        if square < 0:
            tile.hidden = True
            return
        self.blink(True)
        self._follow(square)
        self._place(tile, square, self.knight_size)
        tile.hidden = False

    def blink(self, on):
        """The knight's blink: its colours swap (a dark disc, an orange head), it never hides."""
        self.knight_on = on
        self._knight_colours(on)

    def _knight_colours(self, on):
        """The knight's disc (orange, red when stuck) and head (black), swapped while it blinks
        dark: set in its one palette, where they change (a colour that changes sends the knight's
        box again, as a palette of each look swapped in did; four palettes took more heap)."""
        disc = STUCK_COLOUR if self.result_kind == "stuck" else KNIGHT_COLOUR
        colours = self.knight_palette
        colours[1] = disc if on else KNIGHT_INK
        colours[2] = KNIGHT_INK if on else disc

    def moves(self, squares, hint):
        if squares or hint >= 0 or self.marked:
            from .tft_play import moves

            moves(self, squares, hint)

    def result(self, kind, count, square):
        self.result_kind = kind
        self._set_label("result", RESULT_TEXT.get(kind, kind), RESULT_COLOURS.get(kind, TEXT_COLOUR))
        tile = self.knight_tile
        self._knight_colours(True)
        if kind == "stuck":
            if square >= 0:
                self._follow(square)
                self._place(tile, square, self.knight_size)
            tile.hidden = False
        else:
            tile.hidden = self.knight_square < 0

    def trace(self, square, number):
        tile = self.trace_tile
        if square < 0:
            tile.hidden = True
            if self.knight_square >= 0 and self.result_kind != "stuck":
                self._follow(self.knight_square)
                self.knight_tile.hidden = False
            return
        if not self.knight_tile.hidden:
            self.knight_tile.hidden = True
        self._follow(square)
        self._place(tile, square, self.trace_size)
        tile.hidden = False

    def status(self, text):
        if text == self.status_text:
            return
        self.status_text = text
        if self.vw != self.bw or self.vh != self.bh:  # a window: the status says which squares it shows
            from .tft_window import with_squares

            text = with_squares(self, text)
        self._set_label("status", text)  # word-wrapped as it is drawn (tft_draw.Text.wraps)

    def flush(self):
        self.display.refresh()

    def event_at(self, x, y):
        """What a touch at screen pixel (x, y) means: the square under it, a button's event
        (tft_panel.BUTTONS), or None."""
        square = self.square_at(x, y)
        if square >= 0:
            return square
        for button in self.buttons:  # (x0, y0, x1, y1, event, tile)
            if button[0] <= x < button[2] and button[1] <= y < button[3]:
                return button[4]
        return None

