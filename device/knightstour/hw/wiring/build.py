"""Build the ports (display, touch, sound) from the settings on one board (a BoardHardware).

Both entry points use this: the Feather's code.py (CircuitPython) and the Pi's ``knights-tour
run`` (Blinka)::

    hw = BoardHardware("feather_rp2040", settings)
    display, touch, sound = build(settings, hw)
    app = App(settings, display, touch, sound)
    mainloop.run_forever(app, time.monotonic, time.sleep)

Nothing is imported until the settings ask for it, so a Feather with only the matrix never
loads displayio; the Feather forgets this module once the ports are built.
"""

from .hardware import WIRING, HardwareError


def build(settings, hw):
    """(display, input, sound) for the settings on ``hw`` (a BoardHardware)."""
    from ...ports import NullInput, NullSound

    if settings.display == "max7219":
        display = make_matrix(settings, hw)
        from ..inputs import buttons

        touch = buttons.make_buttons((hw.pin("button_a"), hw.pin("button_b")), hw.clock, hw.clock_wrap) \
            or NullInput()
    elif settings.display == "builtin" or getattr(hw.board, "DISPLAY", None) is not None:
        if getattr(hw.board, "DISPLAY", None) is None:
            raise HardwareError("this board has no display of its own (board.DISPLAY): set "
                                "KNIGHTSTOUR_DISPLAY to ili9341 or max7219; see %s" % WIRING)
        from .builtin import make_builtin

        settings.display = "builtin"  # ili9341 on a PyPortal: its own screen
        display, touch = make_builtin(hw, settings)
    else:
        from ..chips import ili9341
        from ..views import tft

        hw.select("sd_cs")  # keep the FeatherWing's microSD card off the bus
        kind = settings.touch
        if kind == "auto":
            from .touch_chips import detect

            kind = detect(hw)  # before D6 is driven: on the FeatherWing V2 it is the TSC2007's output
        if kind == "stmpe610" or kind == "xpt2046":
            hw.select("touch_cs")  # high before the display talks on the shared bus
        display = tft.TftDisplay(ili9341.make_ili9341(hw.spi(), hw.pin("tft_cs"), hw.pin("tft_dc"),
                                                      hw.pin("tft_reset"), settings.tft_rotation), kind != "none")
        if kind != "none":
            from .touch_chips import make_touch

            touch = make_touch(kind, hw, settings, display.event_at)
        else:
            touch = NullInput()
    sound = NullSound()
    if settings.display == "builtin" and settings.piezo == "off" and settings.sound \
            and getattr(hw.board, "SPEAKER", None) is not None:
        from ..chips import speaker

        sound = speaker.make_speaker(hw.board.SPEAKER, getattr(hw.board, "SPEAKER_ENABLE", None))
    elif settings.piezo != "off" and settings.sound:
        pin = hw.pin("piezo")
        if pin is not None:
            from ..chips import piezo

            sound = piezo.make_piezo(pin, hw.pwmio)
    return display, touch, sound


def make_matrix(settings, hw):
    """One MAX7219 matrix, or a chain of them (KNIGHTSTOUR_MATRIX_CHAIN), on the matrix CS."""
    if not settings.matrix_chain:
        from ..views import matrix

        return matrix.make_matrix(hw.spi(), hw.select("matrix_cs"), settings)
    from ..views import chain

    try:
        return chain.make_chain(hw.spi(), hw.select("matrix_cs"), settings)
    except ValueError as exc:  # a KNIGHTSTOUR_MATRIX_CHAIN it cannot read: its line
        raise HardwareError(str(exc)) from None
