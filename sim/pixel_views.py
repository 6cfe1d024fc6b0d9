"""Views of the emulated chips for `sim --pixels` (Textual widgets): what the hardware code drew.

The TFT: the ILI9341's screen, two pixels a character cell (upper half
blocks in 24-bit colour), scaled to fit. The matrix: the MAX7219's LEDs.
"""

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from knightstour.ports import NO_SQUARE

from .views import LED, BoardView, lit_colour

HALF = "\u2580"  # upper half block: foreground the top pixel, background the bottom one


class PixelTftView(BoardView):
    """The emulated ILI9341's screen as the hardware code drew it: two pixels a character cell
    (upper half block, 24-bit colour), scaled to fit. A mouse press is a finger on the touch
    controller (through the calibration); its release lifts it."""

    DEFAULT_CSS = """
    PixelTftView { width: auto; height: auto; border: round $primary; }
    """

    def __init__(self, sim, keys, **kwargs):
        super().__init__(sim, keys, **kwargs)
        self.hardware = sim.hardware
        self.columns = 64
        self.rows = 24  # character rows: 2 * rows pixel rows
        self.zoom = 1  # 1: the whole screen; 2, 4: the part around the knight (ZOOM_KEY)
        self.drawn = None
        self.strips = []

    def fit(self, width, height):
        """The largest picture of the screen's shape in ``width`` x ``height`` cells (border included)."""
        screen_w, screen_h = self.hardware.screen_size()
        columns = max(8, width - 2)
        rows = max(4, height - 2)
        if columns * screen_h > rows * 2 * screen_w:
            columns = rows * 2 * screen_w // screen_h
        rows = (columns * screen_h // screen_w + 1) // 2
        if (columns, rows) != (self.columns, self.rows):
            self.columns, self.rows = columns, rows
            self.drawn = None
            self.refresh(layout=True)

    def get_content_width(self, container, viewport):
        return self.columns

    def get_content_height(self, container, viewport, width):
        return self.rows

    def version(self):
        return self.hardware.version(), self.columns, self.rows, self.hardware.area(self.zoom)

    def next_zoom(self):
        self.zoom = {1: 2, 2: 4}.get(self.zoom, 1)
        self.drawn = None
        self.border_title = "TFT" if self.zoom == 1 else "TFT x%d (* to zoom)" % self.zoom

    def screen_xy(self, x, y):
        """The screen pixel under content offset (x, y) (of the zoomed part), or None."""
        if not (0 <= x < self.columns and 0 <= y < self.rows):
            return None
        x0, y0, w, h = self.hardware.area(self.zoom)
        return x0 + int((x + 0.5) * w / self.columns), y0 + int((y + 0.5) * h / self.rows)

    def on_mouse_down(self, event):
        offset = event.get_content_offset(self)
        point = self.screen_xy(offset.x, offset.y) if offset is not None else None
        if point is not None:
            self.hardware.press(point[0], point[1], self.sim.input)
            self.app.tick()

    def on_mouse_up(self, event):
        self.app.tick()  # the press is read before the finger goes
        self.hardware.release()

    def on_click(self, event):
        pass

    def _strips(self):
        version = self.version()
        if version != self.drawn:
            self.drawn = version
            pixels = self.hardware.frame(self.columns, self.rows * 2, area=self.hardware.area(self.zoom))
            self.strips = []
            for row in range(self.rows):
                top, bottom = pixels[2 * row], pixels[2 * row + 1]
                self.strips.append(Strip([
                    Segment(HALF, Style(color="rgb(%d,%d,%d)" % a, bgcolor="rgb(%d,%d,%d)" % b))
                    for a, b in zip(top, bottom)]))
        return self.strips

    def render_line(self, y):
        strips = self._strips()
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width)


class PixelMatrixView(BoardView):
    """The emulated MAX7219's LEDs as the hardware code set them, at the chip's brightness.
    A click on an LED touches the square the settings' rotation and mirror put there."""

    DEFAULT_CSS = """
    PixelMatrixView { width: auto; height: auto; border: round $error; padding: 0 1; background: black; }
    """

    def __init__(self, sim, keys, **kwargs):
        super().__init__(sim, keys, **kwargs)
        from knightstour.hw.views.matrix import square_xy

        board = sim.board
        view = sim.view
        self.squares = {}
        for square in range(board.squares):
            self.squares[square_xy(square, board.width, board.height, view.matrix_rotation,
                                   view.matrix_mirror)] = square

    def get_content_width(self, container, viewport):
        return 2 * len(self.sim.hardware.leds()[0][0]) - 1  # 15 for one module, 63 for a 32x8 row

    def get_content_height(self, container, viewport, width):
        return len(self.sim.hardware.leds()[0])

    def version(self):
        return sum(chip.writes for chip in self.sim.hardware.matrix.chip.chips)

    def square_at_offset(self, x, y):
        if x % 2 == 1:
            return NO_SQUARE
        return self.squares.get((x // 2, y), NO_SQUARE)

    def render(self):
        leds, brightness = self.sim.hardware.leds()
        lit = "bold " + lit_colour(brightness)
        text = Text()
        for y, row in enumerate(leds):
            for x, on in enumerate(row):
                text.append(LED, lit if on else "grey15")
                if x < len(row) - 1:
                    text.append(" ")
            if y < len(leds) - 1:
                text.append("\n")
        return text
