"""`knights-tour sim --pixels`: the real hardware code on the emulated chips, live.

The app drives knightstour.hw's displays (hw/views/tft.py through displayio's
BusDisplay, hw/views/matrix.py through adafruit_max7219), built by the same
entry points as ``--screenshot`` (screenshot.Emulated), on the emulated
ILI9341 and MAX7219. The views (tui.py) show what the chips hold: the
ILI9341's frame memory as the glass shows it, the MAX7219's LEDs. A click on
the TFT presses the emulated touch controller at the raw reading that the
settings' calibration (KNIGHTSTOUR_TOUCH_*) maps to that pixel, so the touch
goes through the device's own driver, calibration and debounce.
"""

from knightstour_desktop.recording import QueueInput

from .chips.ili9341 import rgb888
from .screenshot import Emulated
from .touch_raw import raw_touch


class MergedInput(QueueInput):
    """The simulator's queued keys and clicks, then the hardware's inputs (the touch controller,
    the push buttons) in turn; ``tick()``, if given, is called first (it lets go of buttons)."""

    def __init__(self, inputs=(), tick=None):
        super().__init__()
        self.inputs = [each for each in inputs if each is not None]
        self.tick = tick

    def poll(self):
        event = super().poll()
        if self.tick is not None:
            self.tick()
        for each in self.inputs:
            if event is not None:
                break
            event = each.poll()
        return event


class Hardware:
    """The emulated hardware of ``kind`` ("ili9341", "max7219" or "both") for ``settings``:
    ``tft`` and ``matrix`` (screenshot.Emulated or None), ``displays`` (the hw display ports)
    and ``touch`` (the TFT's touch input port, or None)."""

    def __init__(self, kind, settings, seed=1, clock=None):
        self.tft = self.matrix = None
        self.rotation = 0
        try:
            if kind in ("ili9341", "both"):
                self.tft = Emulated("ili9341", settings, seed=seed)
                self.rotation = self.tft.rotation
            if kind in ("max7219", "both"):
                self.matrix = Emulated("max7219", settings, seed=seed, clock=clock)
        except Exception:
            self.close()
            raise
        self.displays = [e.display for e in (self.tft, self.matrix) if e is not None]
        self.touch = None
        if self.tft is not None and self.tft.rig.touch_chip is not None:
            self.touch = self.tft.input
        self.pressed = False
        # the MAX7219 toy's push buttons (hw/inputs/buttons.py) on their emulated pins, or None
        self.buttons = getattr(self.matrix, "input", None)
        if not hasattr(self.buttons, "ios"):
            self.buttons = None
        self.clock = clock
        self.releases = {}

    # ------------------------------------------------------------ the TFT

    def screen_size(self):
        return self.tft.chip.screen_size(self.rotation)

    def area(self, zoom):
        """(x0, y0, width, height) of the screen shown at ``zoom`` (1: all of it; 2, 4: that part of
        it around the knight, or around the middle while no knight is on the board)."""
        width, height = self.tft.chip.screen_size(self.rotation)
        if zoom <= 1:
            return 0, 0, width, height
        w, h = width // zoom, height // zoom
        view = self.tft.display
        x, y = (width // 2, height // 2)
        if getattr(view, "knight_square", -1) >= 0 and view.cell:
            x, y = view.cell_centre(view.knight_square)
        return min(max(0, x - w // 2), width - w), min(max(0, y - h // 2), height - h), w, h

    def frame(self, columns, rows, samples=None, area=None):
        """The TFT's screen (or ``area`` of it: x0, y0, width, height) scaled into ``columns`` x
        ``rows`` pixels, each the average colour of ``samples`` x ``samples`` points of its area
        (default: 2 for small pictures, where a pixel covers many, else 1, to keep a big terminal
        quick): rows of (r, g, b)."""
        if samples is None:
            samples = 2 if columns * rows <= 5000 else 1
        chip = self.tft.chip
        x0, y0, width, height = area or (0, 0) + chip.screen_size(self.rotation)
        screen_pixel = chip.screen_pixel

        def pixel(x, y, rotation):
            return screen_pixel(x0 + x, y0 + y, rotation)
        rotation = self.rotation
        out = []
        for row in range(rows):
            line = []
            for column in range(columns):
                r = g = b = 0
                for sy in range(samples):
                    y = min(height - 1, int((row + (sy + 0.5) / samples) * height / rows))
                    for sx in range(samples):
                        x = min(width - 1, int((column + (sx + 0.5) / samples) * width / columns))
                        pr, pg, pb = rgb888(pixel(x, y, rotation))
                        r += pr
                        g += pg
                        b += pb
                n = samples * samples
                line.append((r // n, g // n, b // n))
            out.append(line)
        return out

    def version(self):
        """Changes whenever the TFT's chip is written to (a view redraws then)."""
        chip = self.tft.chip
        return chip.pixels_written, chip.display_on, chip.sleeping, chip.inverted

    def press(self, x, y, queue):
        """A finger on screen pixel (x, y): on the touch controller through the calibration, or,
        with KNIGHTSTOUR_TOUCH = none, the square under it straight into ``queue``."""
        if self.touch is None:
            square = self.tft.display.square_at(x, y)
            if square >= 0:
                queue.touch(square)
            return
        from knightstour.hw.wiring.touch_chips import touch_calibration

        self.tft.press(*raw_touch(touch_calibration(self.tft.settings), x, y, self.rotation))
        self.pressed = True

    def release(self):
        if self.pressed:
            self.tft.release()
            self.pressed = False

    # ------------------------------------------------------------ the matrix

    def button(self, name, long):
        """Push button ``name`` ("a" or "b") down now, let go once the toy's driver has seen a short or
        a long press (and 0.1 s or its hold time have passed): however slow the frames, never lost."""
        from knightstour.hw.inputs.buttons import HOLD

        self.matrix.button(name, True)
        self.releases[name] = (self.clock() + (HOLD + 0.1 if long else 0.1), long)

    def tick(self):
        """Let go of the buttons whose press is over and seen (called before the driver reads them)."""
        for name, (at, long) in list(self.releases.items()):
            i = "ab".index(name)
            seen = self.buttons is None or (self.buttons.long[i] if long else self.buttons.pressed[i])
            if self.clock() >= at and seen:
                self.matrix.button(name, False)
                del self.releases[name]

    def leds(self):
        """(rows of booleans, brightness 0..1) of the MAX7219, or of a chain's whole panel as built
        (KNIGHTSTOUR_MATRIX_CHAIN: a 32x8 row, 2x2)."""
        chip = self.matrix.chip.chips[0]
        if self.matrix.panel is not None:
            return self.matrix.panel.leds, chip.brightness
        return chip.leds, chip.brightness

    def close(self):
        for each in (self.tft, self.matrix):
            if each is not None:
                each.close()
