"""The ports on a board with a display of its own (board.DISPLAY: the PyPortal, Pynt, Titano):
build.py loads this only there."""


def make_builtin(hw, settings, kind):
    """(display, input) on a PyPortal's own screen and touch panel (``kind``: "builtin", or "none"
    for no input), the TFT toy laid out for the screen's size, KNIGHTSTOUR_TFT_ROTATION applied;
    input None with touch off."""
    from ..chips import pyportal
    from ..views import tft

    board = hw.board
    display = board.DISPLAY
    display.auto_refresh = False  # TftDisplay refreshes once per batch of changes
    display.rotation = settings.tft_rotation
    view = tft.TftDisplay(display, kind != "none")
    if kind == "none":
        return view, None
    from .touch_chips import make_touch

    return view, make_touch(kind, hw, settings, view.event_at, pyportal.screen_size(board))
