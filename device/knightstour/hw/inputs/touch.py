"""Touch input: STMPE610, TSC2007 or XPT2046 (resistive) or FT6206 (capacitive) readings -> screen
pixel -> square."""
# Raw readings are mapped with the calibration from the settings onto the
# screen as seen at rotation 0 (landscape, 320x240; 480x320 on a PyPortal Titano): KNIGHTSTOUR_TOUCH_X0/X1
# are the raw readings at its left and right edges, TOUCH_Y0/Y1 at its top
# and bottom edges, and TOUCH_SWAP says the screen's x comes from the
# controller's raw y. The calibration therefore does not change with
# KNIGHTSTOUR_TFT_ROTATION: the rotation is applied after it
# (``from_landscape``). Then the display's ``event_at(x, y)`` names the square or button;
# a touch off the board is ignored.
#
# Debounce: one press is one event. After a press, nothing more is reported
# until the finger has been up for ``release_polls`` polls in a row (the main
# loop polls about 50 times a second).
#
# Finding the calibration values: ``calibrate.calibrate()`` (inputs/calibrate.py; ``knights-tour run
# --display ili9341 --calibrate`` on a Pi, KNIGHTSTOUR_CALIBRATE = "on" in a
# Feather's settings.toml) shows three targets in turn (top left, top right,
# bottom left), reads the raw values while each is touched, and prints the
# settings lines to paste into settings.toml or the Pi's config.
#
# A controller that stops answering (all-zero reads: pressure 0) gives no
# touches, never a hang: the drivers' ``touches`` property is used, never the
# STMPE610's ``touch_point`` (which loops while the FIFO reads "not empty").

from ...port_bases import Input

WIDTH0 = 320
HEIGHT0 = 240
HELD = "held"  # a reader's answer: the finger is down but no new position was read


def from_landscape(x, y, rotation, width0=WIDTH0, height0=HEIGHT0):
    """Screen (x, y) at ``rotation`` of the pixel at (x, y) on the rotation-0 screen
    (width0 x height0: 320x240, or the Titano's 480x320)."""
    if rotation == 90:
        return y, width0 - 1 - x
    if rotation == 180:
        return width0 - 1 - x, height0 - 1 - y
    if rotation == 270:
        return height0 - 1 - y, x
    return x, y


class TouchMapper:
    """Raw controller (x, y) -> screen pixel at ``rotation``, with a calibration."""

    def __init__(self, x0, x1, y0, y1, swap, rotation=0, width0=WIDTH0, height0=HEIGHT0):
        if x0 == x1 or y0 == y1:
            raise ValueError("bad touch calibration: X0 and X1 (and Y0 and Y1) must differ")
        self.x0 = x0
        self.x1 = x1
        self.y0 = y0
        self.y1 = y1
        self.swap = swap
        self.rotation = rotation
        self.width0 = width0
        self.height0 = height0

    def landscape(self, raw_x, raw_y):
        """The rotation-0 screen pixel (x, y) for a raw reading, or None off the screen."""
        if self.swap:
            raw_x, raw_y = raw_y, raw_x
        x = (raw_x - self.x0) * (self.width0 - 1) / (self.x1 - self.x0)
        y = (raw_y - self.y0) * (self.height0 - 1) / (self.y1 - self.y0)
        x = int(x + 0.5) if x >= 0 else -1
        y = int(y + 0.5) if y >= 0 else -1
        if x < 0 or y < 0 or x >= self.width0 or y >= self.height0:
            return None
        return x, y

    def screen(self, raw_x, raw_y):
        """The screen pixel (x, y) at the mapper's rotation, or None off the screen."""
        point = self.landscape(raw_x, raw_y)
        if point is None:
            return None
        return from_landscape(point[0], point[1], self.rotation, self.width0, self.height0)


class TouchInput(Input):
    """The input port: for each press, debounced, what ``locate(x, y)`` finds at the screen pixel
    (the TFT's event_at: a square, or a button's event); None or -1 there is no event."""

    def __init__(self, reader, mapper, locate, release_polls=2):
        self.reader = reader
        self.mapper = mapper
        self.locate = locate
        self.release_polls = release_polls
        self.down = False
        self.up_polls = 0
        self.errors = 0
        self.last_raw = None
        self.last_screen = None

    def poll(self):
        try:
            point = self.reader()
        except OSError:  # a loose cable on I2C: no touch this time
            self.errors += 1
            point = None
        if point is None:
            if self.down:
                self.up_polls += 1
                if self.up_polls >= self.release_polls:
                    self.down = False
            return None
        self.up_polls = 0
        if self.down or point == HELD:
            self.down = True
            return None
        self.down = True
        self.last_raw = point
        screen = self.mapper.screen(point[0], point[1])
        self.last_screen = screen
        if screen is None:
            return None
        event = self.locate(screen[0], screen[1])
        if event is None or event == -1:
            return None
        return event
