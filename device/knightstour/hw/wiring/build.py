"""Build the ports (display, touch, sound) from the settings on one board (a BoardHardware)."""
# Both entry points use this: the Feather's code.py (CircuitPython) and the Pi's ``knights-tour
# run`` (Blinka)::
#
#     hw = BoardHardware("feather_rp2040", settings)
#     display, touch, sound = build(settings, hw)
#     app = App(settings, display, touch, sound)
#     run_forever(app, time.monotonic, time.sleep)  # knightstour_desktop/commands/run.py
#
# Nothing is imported until the settings ask for it, so a Feather with only the matrix never
# loads displayio; the Feather forgets this module once the ports are built.

from .hardware import WIRING, HardwareError


def build(settings, hw, display=None):
    """(display, input, sound) for the settings on ``hw`` (a BoardHardware); ``display``: the
    display kind to build (default: the settings'; see ``display_kind``)."""
    kind = display or display_kind(settings, hw)
    if kind == "max7219":
        view = make_matrix(settings, hw)
        from ..inputs import buttons

        touch = buttons.make_buttons((hw.pin("button_a"), hw.pin("button_b")), hw.clock, hw.clock_wrap)
    elif kind == "builtin":
        if getattr(hw.board, "DISPLAY", None) is None:
            raise HardwareError("this board has no display of its own (board.DISPLAY): set "
                                "KNIGHTSTOUR_DISPLAY to ili9341 or max7219; see %s" % WIRING)
        from .builtin import make_builtin
        from .touch_chips import detect

        view, touch = make_builtin(hw, settings, detect(settings, hw, kind))
    else:
        from ..chips import ili9341
        from ..views import tft
        from .touch_chips import controller, detect

        hw.select("sd_cs")  # keep the FeatherWing's microSD card off the bus
        chip = detect(settings, hw, kind)  # before D6 is driven: on the FeatherWing V2 it is the TSC2007's output
        if chip != "none" and controller(chip).SELECT_FIRST:
            hw.select("touch_cs")  # high before the display talks on the shared bus
        view = tft.TftDisplay(ili9341.make_ili9341(hw.spi(), hw.pin("tft_cs"), hw.pin("tft_dc"),
                                                   hw.pin("tft_reset"), settings.tft_rotation), chip != "none")
        if chip != "none":
            from .touch_chips import make_touch

            touch = make_touch(chip, hw, settings, view.event_at)
        else:
            touch = None
    sound = None
    if kind == "builtin" and settings.piezo == "off" and settings.sound:
        from .builtin import speaker

        sound = speaker(hw.board)
    elif settings.piezo != "off" and settings.sound:
        pin = hw.pin("piezo")
        if pin is not None:
            from ..chips import piezo

            sound = piezo.make_piezo(pin, hw.pwmio)
    if touch is None or sound is None:
        from ... import nulls  # only for a port the settings leave out: a toy with both never loads it

        if touch is None:
            touch = nulls.NullInput()
        if sound is None:
            sound = nulls.NullSound()
    return view, touch, sound


def display_kind(settings, hw):
    """The display to build: the settings', but "builtin" for ili9341 on a board with a display
    of its own (a PyPortal: its own screen)."""
    if settings.display == "ili9341" and getattr(hw.board, "DISPLAY", None) is not None:
        return "builtin"
    return settings.display


def make_matrix(settings, hw):
    """One MAX7219 matrix, or a chain of them (KNIGHTSTOUR_MATRIX_CHAIN), on the matrix CS."""
    if not settings.matrix_chain:
        from ..views import matrix

        return matrix.make_matrix(hw.spi(), hw.select("matrix_cs"), settings)
    from ..views import chain

    return chain.make_chain(hw.spi(), hw.select("matrix_cs"), settings)
