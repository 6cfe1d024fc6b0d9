"""The ports on a board with a display of its own (board.DISPLAY: the PyPortals, the Cheap Yellow
Display, the CLUE, the PicoSystem, the Feather ESP32-S3 TFT): build.py loads this only there."""
# Input: the PyPortals' resistive panel (board.TOUCH_XL ...), else own.py's (the board's own XPT2046, else its
# buttons).


def make_builtin(hw, settings, kind):
    """(display, input) on the board's own screen (``kind``: its touch, touch_chips.detect's): the TFT
    toy laid out for the screen's size, KNIGHTSTOUR_TFT_ROTATION applied; input its touch, else its
    buttons, else None."""
    from ..chips import pyportal
    from ..views import tft

    board = hw.board
    display = board.DISPLAY
    display.auto_refresh = False  # TftDisplay refreshes once per batch of changes
    display.rotation = settings.tft_rotation
    own = None  # own.py, on a board without the PyPortals' panel
    if kind in ("xpt2046", "none"):
        from . import own
    view = tft.TftDisplay(display, kind != "none")
    if kind == "none":
        return view, own.buttons(hw, view)
    from .touch_chips import make_touch

    driver = own.open_driver(hw) if own is not None and kind == "xpt2046" else None
    return view, make_touch(kind, hw, settings, view.event_at, pyportal.screen_size(board), driver)


def speaker(board):
    """The board's speaker: the PyPortals' on a DAC, else own.py's; None without one."""
    pin = getattr(board, "SPEAKER", None)
    if pin is not None and getattr(board, "SPEAKER_ENABLE", None) is not None:
        from ..chips import speaker as dac

        return dac.make_speaker(pin, board.SPEAKER_ENABLE)
    from . import own

    return own.speaker(board)
