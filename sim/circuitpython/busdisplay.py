"""busdisplay stand-in: BusDisplay keeps its root group and counts refreshes. CircuitPython
keeps displays in static storage (shared-module/displayio/__init__.c displays[]): no heap.

As on a board (shared-bindings/busdisplay, shared-module/busdisplay): the keywords are
CircuitPython's and no others (TypeError); a rotation not a multiple of 90 raises ValueError;
``width`` and ``height`` are the sizes given (the sizes after the rotation: no swap when it is
built), and only setting ``rotation`` later swaps them when it turns by 90 or 270; show() is
gone (AttributeError). The web page's display (web/py/busdisplay.py) draws: it subclasses
this one and overrides _start() and _draw()."""

_DISPLAYS = []
# The displays' static storage: each display's state, made with this module (before code.py's
# heap). A display keeps one attribute, its state: the instance and its table take 32 bytes, as
# a Python subclass of the board's BusDisplay (adafruit_ili9341's ILI9341) takes there. A
# BusDisplay itself is static on a board (allocate_display_or_raise): _STATIC holds two made
# with this module, as fourwire.py does its buses.
_STATES = []
_STATIC = []
_BUS, _WIDTH, _HEIGHT, _ROTATION, _AUTO_REFRESH, _BRIGHTNESS, _ROOT, _REFRESHES = range(8)


def _state(slot):
    while len(_STATES) <= slot:
        _STATES.append([None] * 8)
    return _STATES[slot]


class BusDisplay:
    def __new__(cls, *args, **kwargs):
        for display in _STATIC:
            if type(display) is cls and display not in _DISPLAYS:
                return display
        return object.__new__(cls)

    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0, rotation=0,
                 color_depth=16, grayscale=False, pixels_in_byte_share_row=True, bytes_per_cell=1,
                 reverse_pixels_in_byte=False, reverse_bytes_in_word=True, set_column_command=0x2A,
                 set_row_command=0x2B, write_ram_command=0x2C, backlight_pin=None, brightness_command=None,
                 brightness=1.0, single_byte_bounds=False, data_as_commands=False, auto_refresh=True,
                 native_frames_per_second=60, backlight_on_high=True, SH1107_addressing=False,
                 backlight_pwm_frequency=50000):
        if rotation % 90:
            raise ValueError("Display rotation must be in 90 degree increments")
        self._state = state = _state(len(_DISPLAYS))
        state[_BUS] = display_bus
        state[_WIDTH] = width
        state[_HEIGHT] = height
        state[_ROTATION] = rotation % 360
        state[_AUTO_REFRESH] = auto_refresh
        state[_BRIGHTNESS] = brightness
        state[_ROOT] = None
        state[_REFRESHES] = 0
        self._start(init_sequence, (set_column_command, set_row_command, write_ram_command))
        _DISPLAYS.append(self)

    def _start(self, init_sequence, commands):
        """The web page's display sends the init sequence here."""

    def _draw(self):
        """The web page's display draws what changed here."""

    @property
    def bus(self):
        return self._state[_BUS]

    @property
    def width(self):
        return self._state[_WIDTH]

    @property
    def height(self):
        return self._state[_HEIGHT]

    @property
    def auto_refresh(self):
        return self._state[_AUTO_REFRESH]

    @auto_refresh.setter
    def auto_refresh(self, value):
        self._state[_AUTO_REFRESH] = value

    @property
    def brightness(self):
        return self._state[_BRIGHTNESS]

    @brightness.setter
    def brightness(self, value):
        self._state[_BRIGHTNESS] = value

    @property
    def _refreshes(self):
        return self._state[_REFRESHES]

    @property
    def rotation(self):
        return self._state[_ROTATION]

    @rotation.setter
    def rotation(self, value):
        # shared-module/busdisplay/BusDisplay.c common_hal_busdisplay_busdisplay_set_rotation
        state = self._state
        if (state[_ROTATION] in (90, 270)) != (value in (90, 270)):
            state[_WIDTH], state[_HEIGHT] = state[_HEIGHT], state[_WIDTH]
        state[_ROTATION] = value % 360

    @property
    def root_group(self):
        return self._state[_ROOT]

    @root_group.setter
    def root_group(self, group):
        import displayio

        if group is not None and not isinstance(group, displayio.Group):
            raise ValueError("Must be a Group subclass.")
        self._state[_ROOT] = group

    def show(self, group):
        raise AttributeError(".show(x) removed. Use .root_group = x")

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self._state[_REFRESHES] += 1
        self._draw()
        return True

    def fill_row(self, y, buffer):
        return buffer


_state(1)  # two displays' storage, as a board has room for a few
for _ in range(2):
    _display = object.__new__(BusDisplay)
    _display._state = None
    _STATIC.append(_display)
