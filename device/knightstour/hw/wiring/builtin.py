"""The ports on a board with a display of its own (board.DISPLAY: the PyPortals, the Cheap Yellow
Display, the CLUE, the PicoSystem, the Feather ESP32-S3 TFT): build.py loads this only there.

Input is what the board has (KNIGHTSTOUR_TOUCH = "auto"): the PyPortals' resistive panel
(board.TOUCH_XL ...), the Cheap Yellow Display's XPT2046 on its own bus (board.TOUCH_SPI,
board.TOUCH_CS, its pen interrupt on board.TOUCH_INT); else the board's buttons as the MAX7219
build's A and B (the first of each of BUTTONS the board has)."""

BUTTONS = (("BUTTON_A", "SW_A", "BUTTON"), ("BUTTON_B", "SW_B"))


def make_builtin(hw, settings):
    """(display, input) on the board's own screen: the TFT toy laid out for the screen's size,
    KNIGHTSTOUR_TFT_ROTATION applied; input its touch, else its buttons, else None."""
    from ..chips import pyportal
    from ..views import tft

    board = hw.board
    display = board.DISPLAY
    display.auto_refresh = False  # TftDisplay refreshes once per batch of changes
    display.rotation = settings.tft_rotation
    kind = settings.touch
    if kind == "auto":
        kind = "builtin" if hasattr(board, "TOUCH_XL") else "xpt2046" if hasattr(board, "TOUCH_SPI") else "none"
    view = tft.TftDisplay(display, kind != "none")
    if kind == "none":
        return view, buttons(hw)
    from .touch_chips import make_touch

    driver = own_xpt2046(hw) if kind == "xpt2046" and hasattr(board, "TOUCH_SPI") else None
    return view, make_touch(kind, hw, settings, view.event_at, pyportal.screen_size(board), driver)


def own_xpt2046(hw):
    """The XPT2046 on the board's own touch bus (board.TOUCH_SPI(), TOUCH_CS, TOUCH_INT)."""
    from ..chips import xpt2046

    board = hw.board
    irq = getattr(board, "TOUCH_INT", None)
    if irq is not None:
        import digitalio

        irq = digitalio.DigitalInOut(irq)  # the driver makes it a pulled-up input
        hw.outputs.append(irq)  # kept with the chip selects
    return xpt2046.XPT2046(board.TOUCH_SPI(), hw.output(board.TOUCH_CS), irq)


def buttons(hw):
    """The board's buttons as A and B (inputs/buttons.py), None when it has none."""
    from ..inputs import buttons as push

    pins = []
    for names in BUTTONS:
        found = None
        for name in names:
            found = found or getattr(hw.board, name, None)
        pins.append(found)
    return push.make_buttons(pins, hw.clock, hw.clock_wrap)


def speaker(board):
    """The board's speaker (board.SPEAKER, the PicoSystem's board.AUDIO): a DAC's (audioio) where
    the board has audioio, else a tone on PWM as the piezo's; None without one."""
    pin = getattr(board, "SPEAKER", None) or getattr(board, "AUDIO", None)
    if pin is None:
        return None
    try:
        import audioio  # noqa: F401  (the nRF52840 and RP2040 have none)
    except ImportError:
        from ..chips import piezo

        return piezo.make_piezo(pin)
    from ..chips import speaker as dac

    return dac.make_speaker(pin, getattr(board, "SPEAKER_ENABLE", None))
