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

    def __init__(self, kind, settings, seed=1, clock=None, board="feather_rp2040"):
        from .chips.rig import PYPORTALS

        self.tft = self.matrix = None
        self.rotation = 0
        screen = board in PYPORTALS  # the board's own screen in the TFT's place (``board`` its board_id)
        try:
            if kind in ("ili9341", "both"):
                self.tft = (Emulated("builtin", settings, seed=seed, kind=board, clock=clock) if screen
                            else Emulated("ili9341", settings, seed=seed, kind=board))
                self.rotation = self.tft.rotation
            if kind in ("max7219", "both"):
                self.matrix = Emulated("max7219", settings, seed=seed, clock=clock, kind=board)
        except Exception:
            self.close()
            raise
        self.displays = [e.display for e in (self.tft, self.matrix) if e is not None]
        # the push buttons (hw/inputs/buttons.py) on their emulated pins: the MAX7219 toy's or those
        # of a board with a screen and no touch (the toy's input there), with the Emulated they are on
        self.pusher = self.matrix
        if screen:
            from knightstour.hw.wiring.touch_chips import detect

            self.pusher = self.tft if detect(self.tft.settings, self.tft.hw, "builtin") == "none" else None
        self.buttons = getattr(self.pusher, "input", None)
        if not hasattr(self.buttons, "ios"):
            self.buttons = None
        self.touch = None  # the TFT's touch input port (a board's own input, but for its push buttons)
        if screen and self.tft.input is not self.buttons or not screen and self.tft is not None \
                and self.tft.rig.touch_chip is not None:
            self.touch = self.tft.input
        self.pressed = False
        self.clock = clock
        self.releases = {}
        self.polls = 0

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
        """A finger on screen pixel (x, y): on the touch controller through the calibration (a
        board's own panel), or, with no touch, the square under it straight into ``queue``."""
        if self.tft.touch_pixel(x, y):
            self.pressed = True
            return
        square = self.tft.display.square_at(x, y)
        if square >= 0:
            queue.touch(square)

    def release(self):
        if self.pressed:
            self.tft.release_touch()
            self.pressed = False

    # ------------------------------------------------------------ the matrix

    def button(self, name, long):
        """Push button ``name`` ("a" or "b") down now, let go once the toy's driver has seen a short or
        a long press (and 0.1 s or its hold time have passed): however slow the frames, never lost.
        False where no pin stands for it (the simulator then gives its command)."""
        from knightstour.hw.inputs.buttons import HOLD

        pin = self.pusher.button_pin(name) if self.pusher is not None else None
        if not pin:  # none wired (the matrix toy's), or none on the board (then the key does nothing)
            return self.pusher is self.tft and self.tft is not None
        i = "ab".index(name)

        def seen():
            return self.buttons is None or (self.buttons.long[i] if long else self.buttons.pressed[i])
        self.press_pin(pin, HOLD + 0.1 if long else 0.1, seen)
        return True

    def pad(self, pin):
        """A board's direction pad (the PicoSystem's SW_UP ...): ``pin`` down for 0.1 s and two polls
        of the toy's inputs at least."""
        if self.pusher is not None and hasattr(self.pusher.board, pin):
            self.press_pin(pin, 0.1, lambda: True)

    def press_pin(self, pin, hold, seen):
        self.pusher.press_pin(pin, True)
        self.releases[pin] = (self.clock() + hold, seen, self.polls)

    def tick(self):
        """Let go of the pins whose press is over and seen (called before the toy reads its inputs)."""
        self.polls += 1
        for pin, (at, seen, polls) in list(self.releases.items()):
            if self.clock() >= at and self.polls - polls >= 2 and seen():
                self.pusher.press_pin(pin, False)
                del self.releases[pin]

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
