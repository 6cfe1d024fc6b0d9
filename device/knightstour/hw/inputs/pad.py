"""A direction pad and four buttons (the Pimoroni PicoSystem's board.SW_UP ..."""
# SW_Y, each pressed to GND with the board's pull-up on its pin: pressed reads low) on a screen with no touch:
# the pad moves a cursor over the board, and A goes where it stands, as a touch there would. wiring/own.py
# loads this module only on a board with a pad.
#
#     UP DOWN LEFT RIGHT   the cursor one square that way (each press; held, once more)
#     A press              go there: a tour from the cursor's square; in play mode, the move there
#     A hold               pause / carry on                      ("pause")
#     B press              hint                                  ("hint")
#     B hold               a new tour from a random square       ("random")
#     X press              undo                                  ("undo")
#     X hold               play mode on / off                    ("play")
#     Y press / hold       faster / slower                       ("faster", "slower")
#
# Debounced and timed as buttons.py's push buttons (a press counts on release, a hold once held).
# The cursor is an outline on its square, a ring of white and a ring of black: the ring beside a
# dark square white, beside a light one black (tests/test_pad_cursor.py holds it to 4.5:1 or more).

import displayio
from micropython import const

from ..views.tft_draw import KNIGHT_INK, TEXT_COLOUR, fill_region, palette
from .buttons import Buttons

_GO = const(-1)  # A's press: the cursor's square


class Pad(Buttons):
    """The input port over ``ios`` (DigitalInOut inputs: A, B, X, Y, then UP, DOWN, LEFT, RIGHT:
    wiring/own.py's PAD) and the cursor on ``view`` (a tft.TftDisplay), drawn the first time the
    port is polled (the board is laid out by then)."""
    # A direction's command is the (files, ranks) the cursor moves, the same tuple pressed and held, no global
    # name for any (each is heap on the board).

    SHORT = (_GO, "hint", "undo", "faster", (0, 1), (0, -1), (-1, 0), (1, 0))
    LONG = ("pause", "random", "play", "slower") + SHORT[4:]
    view = None
    tile = None
    cursor = 0  # a1

    def poll(self):
        if self.tile is None:
            self._build()
        event = Buttons.poll(self)
        if type(event) is tuple:
            self._move(event[0], event[1])
            return None
        if event == _GO:
            return self.cursor
        return event

    def _move(self, files, ranks):
        # One square that way, kept on the squares the view shows (a big board's window).
        view = self.view
        f = self.cursor % view.bw + files
        r = self.cursor // view.bw + ranks
        f = max(view.wx, min(f, view.wx + view.vw - 1))
        r = max(view.wy, min(r, view.wy + view.vh - 1))
        self.cursor = r * view.bw + f
        self._draw()
        view.flush()

    def _build(self):
        cell = self.view.cell
        ring = max(1, cell // 12)
        bitmap = displayio.Bitmap(cell, cell, 3)
        fill_region(bitmap, 0, 0, cell, cell, 1)
        fill_region(bitmap, ring, ring, cell - ring, cell - ring, 2)
        fill_region(bitmap, 2 * ring, 2 * ring, cell - 2 * ring, cell - 2 * ring, 0)
        self.colours = palette((0, 0, 0), 0)
        self.tile = displayio.TileGrid(bitmap, pixel_shader=self.colours)
        self.view.sprites_group.append(self.tile)  # above the knight and the marks
        self._draw()
        self._say_pad()

    def _say_pad(self):
        # The app asks for a touch; on this board a square is picked with the pad, then A.
        view = self.view
        shown = view.status

        def status(text):
            shown(text.replace("touch a square to start", "pick a square, A to start"))
        view.status = status
        status(view.status_text)

    def _draw(self):
        # The outer ring (index 1) touches the neighbouring squares, the inner one the cursor's.
        view = self.view
        light = view._background(self.cursor) == 0  # tft_board's _LIGHT_BG
        self.colours[1] = TEXT_COLOUR if light else KNIGHT_INK
        self.colours[2] = KNIGHT_INK if light else TEXT_COLOUR
        view._place(self.tile, self.cursor, view.cell)

