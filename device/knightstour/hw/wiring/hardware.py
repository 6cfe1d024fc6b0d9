"""One board's pins and buses: ``BoardHardware`` finds every pin through the pin map
(pins.py) and the settings' pin overrides, and makes the buses; tests give it the emulated
chips' pins and buses instead."""
# ``HardwareError`` is the one line a builder raises when a chip or a pin is not there (build.py builds the
# ports on it).

from . import pins

WIRING = "wiring/README.md"


class HardwareError(Exception):
    """A chip that does not answer, a bus that is off, a pin that does not exist: one line
    naming the fix (the entry points print it and stop, never a traceback)."""


def short_reason(exc):
    """The first sentence of an exception's message (its type's name when it has none)."""
    text = str(exc).split(". ")[0]
    return text if text else type(exc).__name__


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
        self.clock = None  # the main loop's clock, for the push buttons (None: time.monotonic)
        self.clock_wrap = 0  # ... and the seconds after which it wraps (0: never)
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
                                "knightstour/hw/wiring/pins.py; see %s" % (name, signal, key, WIRING))
        return found

    def spi(self):
        """board.SPI(), or where the board has none (a Pico) busio.SPI on the pin map's pins."""
        if self._spi is None:
            if hasattr(self.board, "SPI"):
                self._spi = self.board.SPI()
            else:
                import busio

                self._spi = busio.SPI(self.pin("spi_sck"), self.pin("spi_mosi"), self.pin("spi_miso"))
        return self._spi

    def i2c(self):
        """board.I2C(), or where the board has none (a Pico) busio.I2C on the pin map's pins."""
        if self._i2c is None:
            if hasattr(self.board, "I2C"):
                self._i2c = self.board.I2C()
            else:
                import busio

                self._i2c = busio.I2C(self.pin("i2c_scl"), self.pin("i2c_sda"))
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
