"""What a board with a screen of its own has besides the PyPortals' panel and speaker."""
# wiring/builtin.py loads this only there; a short module name and names the toy has already, as builtin.py
# names them on a PyPortal too, where each new name is heap for good.
#
# The Cheap Yellow Display's XPT2046 on its own bus (board.TOUCH_SPI, TOUCH_CS, its pen interrupt on
# TOUCH_INT); else a direction pad (the PicoSystem's SW_UP ...: inputs/pad.py), or the board's buttons as the
# MAX7219 build's A and B (the first of each of BUTTONS the board has); its speaker on a DAC (audioio) where
# the board has audioio, else a tone on PWM as the piezo's.

BUTTONS = (("BUTTON_A", "SW_A", "BUTTON"), ("BUTTON_B", "SW_B"))
PAD = ("SW_A", "SW_B", "SW_X", "SW_Y", "SW_UP", "SW_DOWN", "SW_LEFT", "SW_RIGHT")  # in inputs/pad.py's order


def open_driver(hw):
    """The XPT2046 on the board's own touch bus; None on a board without one (then make_touch
    opens it on the pin map's pins)."""
    board = hw.board
    if not hasattr(board, "TOUCH_SPI"):
        return None
    from ..chips import xpt2046

    irq = getattr(board, "TOUCH_INT", None)
    if irq is not None:
        import digitalio

        irq = digitalio.DigitalInOut(irq)  # the driver makes it a pulled-up input
        hw.outputs.append(irq)  # kept with the chip selects
    return xpt2046.XPT2046(board.TOUCH_SPI(), hw.output(board.TOUCH_CS), irq)


def buttons(hw, view):
    """The board's direction pad and its buttons (inputs/pad.py, its cursor on ``view``), else its
    buttons as A and B (inputs/buttons.py); None when it has none."""
    from ..inputs import buttons as push

    if hasattr(hw.board, "SW_UP"):
        from ..inputs import pad

        # make_buttons' pulled-up inputs, taken over by the pad (a parameter for the class would
        # cost every toy with buttons heap; this costs a little garbage, once)
        ios = push.make_buttons([getattr(hw.board, name) for name in PAD], hw.clock, hw.clock_wrap).ios
        found = pad.Pad(ios, hw.clock, hw.clock_wrap)
        found.view = view
        return found

    pins = []
    for names in BUTTONS:
        found = None
        for name in names:
            found = found or getattr(hw.board, name, None)
        pins.append(found)
    return push.make_buttons(pins, hw.clock, hw.clock_wrap)


def speaker(board):
    """A sound port on board.SPEAKER (the PicoSystem's board.AUDIO): a DAC's where the board has
    audioio, else a tone on PWM; None without either pin."""
    pin = getattr(board, "SPEAKER", None) or getattr(board, "AUDIO", None)
    if pin is None:
        return None
    try:
        import audioio  # noqa: F401  (the nRF52840 and RP2040 have none)
    except ImportError:
        from ..chips import piezo

        return piezo.make_piezo(pin)
    from ..chips import speaker as dac

    return dac.make_speaker(pin)
