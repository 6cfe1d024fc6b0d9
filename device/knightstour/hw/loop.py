"""Build the ports (display, touch, sound) from the settings and a board.

Both entry points use this: the Feather's code.py (CircuitPython) and the
Pi's ``knights-tour run`` (Blinka). ``BoardHardware`` finds every pin
through the pin map (pins.py) and the settings' pin overrides, and makes the
buses; tests give it the emulated chips' pins and buses instead::

    hw = BoardHardware("feather_rp2040", settings)
    display, touch, sound = build(settings, hw)
    app = App(settings, display, touch, sound)
    mainloop.run_forever(app, time.monotonic, time.sleep)

The main loop is in mainloop.py: the Feather forgets this module once the ports are built.
"""

from . import pins

WIRING = "wiring/README.md"


class HardwareError(Exception):
    """A chip that does not answer, a bus that is off, a pin that does not exist: one line
    naming the fix (the entry points print it and stop, never a traceback)."""


class BoardHardware:
    """Pins, buses, outputs and PWM of one board kind.

    ``board`` is CircuitPython's / Blinka's ``board`` module (or anything with
    the pin names as attributes); ``spi`` / ``i2c`` are ready-made buses
    (default: ``board.SPI()`` / ``board.I2C()`` when first needed).
    """

    def __init__(self, kind, settings=None, board=None, spi=None, i2c=None, pwmio=None):
        self.kind = pins.check_kind(kind)
        self.settings = settings
        if board is None:
            import board
        self.board = board
        self._spi = spi
        self._i2c = i2c
        self.pwmio = pwmio
        self.outputs = []
        self.selects = {}

    def pin_name(self, signal):
        """The board pin name for ``signal``: the settings' override, else the pin map's;
        "" for none."""
        override = ""
        if self.settings is not None:
            override = getattr(self.settings, "pin_" + signal, "") or ""
            if signal == "piezo":
                piezo = getattr(self.settings, "piezo", "off")
                override = piezo if piezo not in ("on", "off") else ""
        if override == "none":
            return ""
        if override:
            return override
        return pins.board_name(self.kind, signal)

    def pin(self, signal):
        """The ``board`` pin object for ``signal``, or None when it is not connected."""
        name = self.pin_name(signal)
        if not name:
            return None
        found = getattr(self.board, name, None)
        if found is None:
            key = "KNIGHTSTOUR_PIN_" + signal.upper() if signal != "piezo" else "KNIGHTSTOUR_PIEZO"
            raise HardwareError("this board has no pin %s (for %s): fix %s or the pin map in "
                                "knightstour/hw/pins.py; see %s" % (name, signal, key, WIRING))
        return found

    def spi(self):
        if self._spi is None:
            self._spi = self.board.SPI()
        return self._spi

    def i2c(self):
        if self._i2c is None:
            self._i2c = self.board.I2C()
        return self._i2c

    def output(self, pin, value=True):
        """A DigitalInOut output on ``pin`` at ``value`` (chip selects idle high)."""
        import digitalio

        io = digitalio.DigitalInOut(pin)
        io.switch_to_output(value=value)
        self.outputs.append(io)
        return io

    def select(self, signal):
        """The chip select output for ``signal`` (made once, idle high); None if not connected."""
        if signal not in self.selects:
            pin = self.pin(signal)
            self.selects[signal] = None if pin is None else self.output(pin, True)
        return self.selects[signal]


def build(settings, hw):
    """(display, input, sound) for the settings on ``hw`` (a BoardHardware)."""
    from ..ports import NullInput, NullSound

    if settings.display == "max7219":
        if settings.matrix_chain:
            from .chain import make_chain

            display = make_chain(hw.spi(), hw.select("matrix_cs"), settings)
        else:
            from .matrix import make_matrix

            display = make_matrix(hw.spi(), hw.select("matrix_cs"), settings)
        touch = NullInput()
    elif settings.display == "builtin" or getattr(hw.board, "DISPLAY", None) is not None:
        if getattr(hw.board, "DISPLAY", None) is None:
            raise HardwareError("this board has no display of its own (board.DISPLAY): set "
                                "KNIGHTSTOUR_DISPLAY to ili9341 or max7219; see %s" % WIRING)
        from .pyportal import make_builtin

        settings.display = "builtin"  # ili9341 on a PyPortal: its own screen
        display, touch = make_builtin(hw, settings)
    else:
        from .tft import make_tft

        hw.select("sd_cs")  # keep the FeatherWing's microSD card off the bus
        kind = settings.touch
        if kind == "auto":
            from .touch import detect

            kind = detect(hw)  # before D6 is driven: on the FeatherWing V2 it is the TSC2007's output
        if kind == "stmpe610":
            hw.select("touch_cs")  # high before the display talks on the shared bus
        display = make_tft(hw.spi(), hw.pin("tft_cs"), hw.pin("tft_dc"), hw.pin("tft_reset"),
                           settings.tft_rotation, kind != "none")
        if kind != "none":
            from .touch import make_touch

            touch = make_touch(kind, hw, settings, display.square_at)
        else:
            touch = NullInput()
    sound = NullSound()
    if settings.display == "builtin" and settings.piezo == "off" and settings.sound \
            and getattr(hw.board, "SPEAKER", None) is not None:
        from .speaker import make_speaker

        sound = make_speaker(hw.board.SPEAKER, getattr(hw.board, "SPEAKER_ENABLE", None))
    elif settings.piezo != "off" and settings.sound:
        pin = hw.pin("piezo")
        if pin is not None:
            from .piezo import make_piezo

            sound = make_piezo(pin, hw.pwmio)
    return display, touch, sound


def make_app(settings, hw, rng=None):
    """The App on ``hw``'s display, touch and piezo."""
    from ..app import App

    display, touch, sound = build(settings, hw)
    return App(settings, display, touch, sound, rng)
