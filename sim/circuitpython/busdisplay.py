"""busdisplay stand-in: BusDisplay keeps its root group and counts refreshes. CircuitPython
keeps displays in static storage (shared-module/displayio/__init__.c displays[]): no heap.

As on a board (shared-bindings/busdisplay, shared-module/busdisplay): the keywords are
CircuitPython's and no others (TypeError); a rotation not a multiple of 90 raises ValueError;
``width`` and ``height`` are the sizes given (the sizes after the rotation: no swap when it is
built), and only setting ``rotation`` later swaps them when it turns by 90 or 270; show() is
gone (AttributeError). The web page's display (web/py/busdisplay.py) draws: it subclasses
this one and overrides _start() and _draw()."""

_DISPLAYS = []


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0, rotation=0,
                 color_depth=16, grayscale=False, pixels_in_byte_share_row=True, bytes_per_cell=1,
                 reverse_pixels_in_byte=False, reverse_bytes_in_word=True, set_column_command=0x2A,
                 set_row_command=0x2B, write_ram_command=0x2C, backlight_pin=None, brightness_command=None,
                 brightness=1.0, single_byte_bounds=False, data_as_commands=False, auto_refresh=True,
                 native_frames_per_second=60, backlight_on_high=True, SH1107_addressing=False,
                 backlight_pwm_frequency=50000):
        if rotation % 90:
            raise ValueError("Display rotation must be in 90 degree increments")
        self._bus = display_bus
        self._size = [width, height]
        self._rotation = rotation % 360
        self.auto_refresh = auto_refresh
        self.brightness = brightness
        self._root = None
        self._refreshes = 0
        self._start(init_sequence, (set_column_command, set_row_command, write_ram_command))
        _DISPLAYS.append(self)

    def _start(self, init_sequence, commands):
        """The web page's display sends the init sequence here."""

    def _draw(self):
        """The web page's display draws what changed here."""

    @property
    def bus(self):
        return self._bus

    @property
    def width(self):
        return self._size[0]

    @property
    def height(self):
        return self._size[1]

    @property
    def rotation(self):
        return self._rotation

    @rotation.setter
    def rotation(self, value):
        # shared-module/busdisplay/BusDisplay.c common_hal_busdisplay_busdisplay_set_rotation
        if (self._rotation in (90, 270)) != (value in (90, 270)):
            self._size.reverse()
        self._rotation = value % 360

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        import displayio

        if group is not None and not isinstance(group, displayio.Group):
            raise ValueError("Must be a Group subclass.")
        self._root = group

    def show(self, group):
        raise AttributeError(".show(x) removed. Use .root_group = x")

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self._refreshes += 1
        self._draw()
        return True

    def fill_row(self, y, buffer):
        return buffer
