"""Ready-wired emulated hardware for tests and for the app's hardware adapters.

The MAX7219 matrix::

    spi, cs, chip = matrix_rig()
    matrix = adafruit_max7219.matrices.Matrix8x8(spi, cs)
    matrix.pixel(3, 4, 1); matrix.show()
    assert chip.lit(3, 4)

The ILI9341 with touch, wired like the TFT FeatherWing (display and STMPE610 share SPI)::

    rig = tft_rig(touch="stmpe610")
    display = rig.make_display(rotation=0)      # or build it yourself:
    # adafruit_ili9341.ILI9341(fourwire.FourWire(rig.spi, command=rig.tft_dc,
    #                          chip_select=rig.tft_cs), width=320, height=240)
    touch = adafruit_stmpe610.Adafruit_STMPE610_SPI(rig.spi, rig.touch_cs_io())
    rig.touch_chip.touch(2000, 1000)
    ...
    rig.close()                                  # displayio.release_displays()

``touch="ft6206"`` puts an FT6206 on ``rig.i2c`` at 0x38 (the capacitive 2.8" shield):
``adafruit_focaltouch.Adafruit_FocalTouch(rig.i2c)``; ``"stmpe610-i2c"`` an STMPE610 at 0x41;
``"tsc2007"`` a TSC2007 at 0x48 with its PENIRQ on ``rig.touch_cs`` (the TFT FeatherWing V2, where
D6 is the interrupt): ``adafruit_tsc2007.TSC2007(rig.i2c)``; ``"xpt2046"`` an XPT2046 on ``rig.spi``
with chip select ``rig.touch_cs`` and PENIRQ on ``rig.touch_irq`` (the ILI9341 modules with an SD slot).
"""

from collections import namedtuple

from ..circuitpython.digitalio import DigitalInOut
from ..circuitpython.microcontroller import Pin, _owned
from . import bus, ft6206, resistive, shims, speaker, stmpe610, tsc2007, xpt2046
from .ili9341 import ILI9341
from .max7219 import MAX7219, MAX7219Chain


class MatrixRig(namedtuple("MatrixRig", "spi cs chip")):
    """SPI bus, chip select (a ``DigitalInOut`` on ``pin``), MAX7219 model."""

    @property
    def pin(self):
        return _owned(self.cs)

TOUCH_KINDS = ("stmpe610", "stmpe610-i2c", "ft6206", "tsc2007", "xpt2046", None)


def matrix_rig(chain=1, *, spi=None):
    """A MAX7219 (``chain`` > 1: a daisy chain, a ``MAX7219Chain``) on an SPI bus (its own, unless
    ``spi`` is given: another rig's)."""
    shims.install()
    if spi is None:
        spi = bus.spi()
    pin = Pin("MATRIX_CS")
    chip = bus.attach_spi(MAX7219() if chain == 1 else MAX7219Chain(chain), pin)
    return MatrixRig(spi, DigitalInOut(pin), chip)


class TftRig:
    """An ILI9341 on SPI (CS, D/C, optional RESET pins) and a touch controller.

    Attributes: ``spi``, ``i2c``, pins ``tft_cs``, ``tft_dc``, ``tft_reset`` (None unless
    asked for), ``touch_cs`` (STMPE610 or XPT2046 on SPI), ``touch_irq`` (FT6206 or XPT2046 interrupt line), and
    the models ``display_chip`` (``ILI9341``) and ``touch_chip`` (``STMPE610``, ``FT6206`` or None).
    """

    def __init__(self, touch="stmpe610", *, reset_pin=False):
        if touch not in TOUCH_KINDS:
            raise ValueError(f"touch must be one of {TOUCH_KINDS}")
        shims.install()
        self.spi = bus.spi()
        self.i2c = bus.i2c()
        self.tft_cs = Pin("TFT_CS")
        self.tft_dc = Pin("TFT_DC")
        self.tft_reset = Pin("TFT_RESET") if reset_pin else None
        self.touch_cs = Pin("TOUCH_CS")
        self.touch_irq = Pin("TOUCH_IRQ")
        self.display_chip = bus.attach_spi(ILI9341(self.tft_dc, reset=self.tft_reset), self.tft_cs)
        self.touch_kind = touch
        if touch == "stmpe610":
            self.touch_chip = bus.attach_spi(stmpe610.STMPE610(), self.touch_cs)
        elif touch == "stmpe610-i2c":
            self.touch_chip = self._on_i2c(stmpe610.STMPE610(), stmpe610.I2C_ADDRESS)
        elif touch == "ft6206":
            self.touch_chip = self._on_i2c(ft6206.FT6206(interrupt=self.touch_irq), ft6206.I2C_ADDRESS)
        elif touch == "tsc2007":  # the TFT FeatherWing V2: PENIRQ on D6, the V1's touch CS
            self.touch_chip = self._on_i2c(tsc2007.TSC2007(interrupt=self.touch_cs), tsc2007.ADDRESS)
        elif touch == "xpt2046":  # a module's T_CS on the display's bus, T_IRQ on a pin of its own
            self.touch_chip = bus.attach_spi(xpt2046.XPT2046(interrupt=self.touch_irq), self.touch_cs)
        else:
            self.touch_chip = None
        self._display = None

    @staticmethod
    def _on_i2c(chip, address):
        bus.detach_i2c(address)  # the I2C wires are every rig's (busio._I2C_CHIPS): this rig's chip answers now
        return bus.attach_i2c(chip, address)

    def fourwire(self, **kwargs):
        """A real ``fourwire.FourWire`` on this rig's SPI bus and pins."""
        import fourwire

        return fourwire.FourWire(
            self.spi, command=self.tft_dc, chip_select=self.tft_cs, reset=self.tft_reset, **kwargs
        )

    def make_display(self, rotation=0, *, auto_refresh=False, **kwargs):
        """A real ``adafruit_ili9341.ILI9341`` at ``rotation``, with the init delays skipped.

        Width and height are passed as seen at that rotation (240x320 at 90/270), which is
        what CircuitPython expects. ``auto_refresh`` defaults to False: call ``refresh()``.
        """
        import adafruit_ili9341

        width, height = (320, 240) if rotation % 180 == 0 else (240, 320)
        with shims.skip_sleeps():
            self._display = adafruit_ili9341.ILI9341(
                self.fourwire(),
                width=width,
                height=height,
                rotation=rotation,
                auto_refresh=auto_refresh,
                **kwargs,
            )
        return self._display

    def touch_cs_io(self):
        """A ``DigitalInOut`` on the touch chip select, for ``Adafruit_STMPE610_SPI``."""
        return DigitalInOut(self.touch_cs)

    def make_touch(self, **kwargs):
        """The real driver for this rig's touch controller (delays skipped)."""
        with shims.skip_sleeps():
            if self.touch_kind == "stmpe610":
                import adafruit_stmpe610

                return adafruit_stmpe610.Adafruit_STMPE610_SPI(self.spi, self.touch_cs_io(), **kwargs)
            if self.touch_kind == "stmpe610-i2c":
                import adafruit_stmpe610

                return adafruit_stmpe610.Adafruit_STMPE610_I2C(self.i2c, **kwargs)
            if self.touch_kind == "ft6206":
                import adafruit_focaltouch

                return adafruit_focaltouch.Adafruit_FocalTouch(self.i2c, **kwargs)
            if self.touch_kind == "tsc2007":
                import adafruit_tsc2007

                return adafruit_tsc2007.TSC2007(self.i2c, **kwargs)
        raise ValueError("this rig has no touch controller")

    def close(self):
        """Release the display (``displayio.release_displays()``) so another can be made."""
        import displayio

        displayio.release_displays()
        self._display = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_BEFORE_RIGS = {}  # audioio and pwmio as the process had them before a board without a DAC hid them


def _restore_modules():
    import sys

    for name, module in _BEFORE_RIGS.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module


def _code_refreshes_only():
    """What displayio's background thread does to a PyPortal rig's DISPLAY: nothing."""


def tft_rig(touch="stmpe610", *, reset_pin=False):
    """A ``TftRig``: ILI9341 plus ``touch`` ("stmpe610", "stmpe610-i2c", "ft6206", "tsc2007", "xpt2046" or
    None)."""
    return TftRig(touch, reset_pin=reset_pin)




def _screens():
    """{board_id: (width, height)}: the boards whose CircuitPython builds board.DISPLAY (sim/boards)."""
    from .. import boards

    loaded = [boards.load(board_id) for board_id in boards.files()]
    return {each.BOARD_ID: each.DISPLAY for each in loaded if each.DISPLAY is not None}


# The screens of the boards that have one, as CircuitPython builds board.DISPLAY: (width, height)
# at rotation 0.
PYPORTALS = _screens()


class PyPortalRig:
    """A board with a screen of its own (a PyPortal, Pynt or Titano, the Cheap Yellow Display, the
    CLUE, the PicoSystem, the Feather ESP32-S3 TFT) as CircuitPython's ``board`` module shows it.

    ``board`` has ``board_id``, the pins of the board's definition (sim/boards: names of one pin
    share it; a button's pin is pressed with ``pin.drive(False)``), and ``DISPLAY``: the real
    adafruit_ili9341 driver on the ILI9341 model at the screen's size (for the Titano's HX8357 and
    the ST7789s too: the toy only draws through displayio on the display board.c made, never
    talks to the panel's chip). ``display_chip`` is that model. Besides, as the board has them:
    the four touch wires ``TOUCH_XL/XR/YD/YU`` with a ``resistive.ResistivePanel`` on them
    (``panel``, else None); an XPT2046 model (``touch_chip``, else None) on ``board.TOUCH_SPI()``
    with its chip select on TOUCH_CS and pen interrupt on TOUCH_INT; a ``speaker.Speaker``
    (``speaker``) on SPEAKER (the PicoSystem's AUDIO), enabled by SPEAKER_ENABLE where there is
    one. ``touch_at(x, y)`` presses the panel where Adafruit's calibration puts screen pixel (x, y).

    ``DISPLAY.auto_refresh`` reads True, as on a board, but only the code's ``refresh()`` draws:
    CircuitPython refreshes between the code's bytecodes, where Blinka's displayio refreshes from a
    thread of its own. That thread drew the boot screen while the toy drew its board, the two
    threads' bytes interleaved on the one SPI bus and D/C pin, and the screen was left off or black
    whenever the toy got there first (a process that had made a screenshot before).
    """

    CALIBRATION = resistive.PYPORTAL_CALIBRATION

    def __init__(self, board_id="pyportal"):
        import types

        from .. import boards

        if board_id not in PYPORTALS:
            raise ValueError("board_id must be one of %s" % ", ".join(PYPORTALS))
        shims.install()
        self.width, self.height = PYPORTALS[board_id]
        bus.free_dac()  # a new board: the last rig's AudioOut, if any, is not on it
        definition = boards.load(board_id)
        board = types.SimpleNamespace(board_id=board_id)
        for group in definition.PINS:
            names = group.split()
            pin = Pin(names[0])
            for name in names:
                setattr(board, name, pin)
        self.board = bus.use_board(board, definition)
        import sys

        # A board with no DAC has no audioio in its CircuitPython (the nRF52840, the RP2040): the toy
        # then plays on PWM. Gone from this process while the rig stands, as from the board.
        from ..circuitpython import pwmio

        for name in ("audioio", "pwmio"):
            _BEFORE_RIGS.setdefault(name, sys.modules.get(name))
        self._no_dac = not definition.DAC
        if self._no_dac:  # its speaker on the stand-in's PWM, which Blinka has not on a desktop
            sys.modules["audioio"] = None
            sys.modules["pwmio"] = pwmio
        else:
            _restore_modules()
        enable = getattr(board, "SPEAKER_ENABLE", None)
        if enable is not None:
            enable.idle = False  # pulled down: the amplifier starts off
        self.spi = bus.spi()
        dc, cs = Pin("DISPLAY_DC"), Pin("DISPLAY_CS")  # the display's own wires, inside the board
        self.display_chip = bus.attach_spi(ILI9341(dc, width=self.height, height=self.width), cs)
        self.panel = resistive.pyportal_panel(board) if hasattr(board, "TOUCH_XL") else None
        self.touch_chip = None
        if "TOUCH_SPI" in definition.BUSES:
            touch_spi = bus.spi(name="TOUCH_SPI")
            self.touch_chip = bus.attach_spi(xpt2046.XPT2046(interrupt=board.TOUCH_INT), board.TOUCH_CS)
            board.TOUCH_SPI = lambda: touch_spi
        sound = getattr(board, "SPEAKER", None) or getattr(board, "AUDIO", None)
        self.speaker = speaker.Speaker(sound, enable) if sound is not None else None
        import adafruit_ili9341
        import fourwire

        with shims.skip_sleeps():
            display_bus = fourwire.FourWire(self.spi, command=dc, chip_select=cs)
            display = adafruit_ili9341.ILI9341(display_bus, width=self.width, height=self.height, auto_refresh=False)
        display._background = _code_refreshes_only  # displayio's thread passes it by (the class's docstring)
        display.auto_refresh = True  # as CircuitPython hands board.DISPLAY to code.py
        board.DISPLAY = display

    def touch_at(self, x, y, resistance=400):
        resistive.touch_pixel(self.panel, x, y, (self.width, self.height), self.CALIBRATION, resistance)

    def release(self):
        self.panel.release()

    def close(self):
        import displayio

        displayio.release_displays()
        if self._no_dac:
            self._no_dac = False
            _restore_modules()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

