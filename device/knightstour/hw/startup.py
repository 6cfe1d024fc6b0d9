"""The Feather's first phases (hw/plan.py's PLAN): what only the start needs, forgotten once done."""
# Each phase fills in the ``toy`` (feather.Toy): ``settings`` reads settings.toml through os.getenv,
# ``pins`` finds the pins they give two uses, ``views`` loads the display's view, ``ports`` builds the display, touch and sound from the pin map,
# ``board`` makes what the board's size needs. A chip that does not answer raises feather.Stop
# (``toy.Stop``) with its line: nothing here imports feather.py. Nothing here is held by a frame that
# lives on, and the plan forgets this module after its last phase.


def settings(toy):
    """The settings from settings.toml (os.getenv), their messages printed; the memory line made
    while there is room for it."""
    import os

    from .. import settings as table

    loaded, messages = table.load(os.getenv)
    for text in messages:
        print("knightstour: " + text)
    values = toy.settings
    for key in table.TABLE:
        setattr(values, key[table.NAME], getattr(loaded, key[table.NAME]))
    toy.memory = out_of_memory(toy.NEEDS_KB, values.display, values.touch, values.size)


def pins(toy):
    """The pins the settings give two uses, found before any pin is claimed (a phase of its own:
    the check's module loads once the settings' table is forgotten)."""
    import board

    from .wiring import conflicts

    settings = toy.settings
    kind = board_kind(settings, board)
    if not kind:
        from .wiring.pins import BOARD_KINDS

        raise toy.Stop("this board (%s) is not in the pin map: set KNIGHTSTOUR_BOARD in settings.toml to the "
                       "one wired alike (%s) and KNIGHTSTOUR_PIN_... for each pin that differs"
                       % (getattr(board, "board_id", "no board_id"), ", ".join(BOARD_KINDS)))
    found = conflicts.find(settings, kind, conflicts.board_pins(board))
    if found:
        raise toy.Stop(found[0])


def out_of_memory(needs_kb, display, touch, size):
    """The line for a MemoryError on ``display`` (from feather.py's NEEDS_KB), made before it is
    needed: the heap may be full then."""
    mpy, py = needs_kb[display]
    what = display if display != "ili9341" else "%s and %s touch" % (display, touch)
    return ("out of memory for the %s board on the %s: the 8x8 board needs a free heap of about %d KB with "
            "--mpy, %d KB without, bigger boards more (README: Will it fit?); try a smaller KNIGHTSTOUR_SIZE, "
            "or deploy --mpy" % (size, what, mpy, py))


def views(toy):
    """The display's own modules, loaded before anything is built: loading makes garbage too."""
    settings = toy.settings
    if settings.display == "max7219":
        if settings.matrix_chain:
            from .views import chain  # noqa: F401
        else:
            from .views import matrix  # noqa: F401
    else:
        from .views import tft  # noqa: F401


def board(toy):
    """What the board's size needs, made now, before the app's modules load."""
    # The display's buffers (the TFT's bitmaps, a few KB), where the builders' garbage was, so that nothing
    # made later can split the heap beneath them; and the size's super orders, read from every size's table
    # (forgotten after this phase); the board itself, for the app. A board too big for the display: the app
    # falls back to 8x8, says so, and makes and reads these itself.
    from ..board import Board

    settings, display = toy.settings, toy.display
    try:
        board = Board.parse(settings.size)
    except ValueError:
        return
    if board.width > display.max_width or board.height > display.max_height:
        return
    prepare = getattr(display, "prepare", None)
    if prepare is not None:
        prepare(board)
    toy.board = board  # the app's: its size is read once
    if settings.order == "super":
        from ..orders import super_orders

        toy.orders = super_orders(board.size_name)


def board_kind(settings, board):
    if settings.board != "auto":
        return settings.board
    import os

    from .wiring import pins

    machine = ""
    try:
        machine = os.uname().machine
    except AttributeError:
        pass
    kind = pins.detect_kind(getattr(board, "board_id", ""), machine)
    if not kind and hasattr(board, "DISPLAY"):
        return "feather_rp2040"  # a board with its own screen: the pin map's buttons and piezo only
    return kind


def ports(toy):
    """(display, touch, sound) on this board, the chip selects it drives kept in ``toy.outputs``;
    with KNIGHTSTOUR_CALIBRATE on a touch screen, the calibration instead."""
    import board

    from .wiring import build, hardware

    settings = toy.settings
    try:
        hw = hardware.BoardHardware(board_kind(settings, board), settings, board=board)
        hw.clock, hw.clock_wrap = toy.clock, toy.wrap
        toy.display, toy.touch, toy.sound = build.build(settings, hw)
    except hardware.HardwareError as exc:
        raise toy.Stop(str(exc)) from None
    toy.outputs = hw.outputs
    if settings.calibrate and settings.display in ("ili9341", "builtin") and settings.touch != "none":
        raise toy.Stop(calibrate(settings, toy.display, toy.touch))


def calibrate(settings, display, touch):
    """Run the touch calibration; the line to stop with."""
    import time

    from .inputs import calibrate as screen

    try:
        screen.calibrate(display.display, touch.reader, settings.tft_rotation, time.sleep)
    except ValueError as exc:
        print("knightstour: " + str(exc))
    return "calibration done: paste the lines above into settings.toml and set KNIGHTSTOUR_CALIBRATE = \"off\""


PLAN = (settings, pins, views, ports, board)  # its part of hw/plan.py's PLAN: the first phases, in order
