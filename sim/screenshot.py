"""The toy on its real drivers over the emulated chips: screenshots and tests.

``save_screenshot("ili9341", "shot.png")`` runs the app (a fake clock, speed 0)
through knightstour.hw (the same build as the Feather and the Pi: pin map,
displayio's BusDisplay, and the toy's own ILI9341 start, MAX7219, STMPE610 and FT6206
drivers) with the chips of knightstour_sim.chips on the other end
of the wires, for a scripted tour (from c3 with a super order unless told
otherwise), and writes what the emulated screen or LED grid shows as a PNG.

``Emulated`` is the same machinery for tests and the benchmark: the rig, the
pins, the hardware object, the ports and the app, with a fake clock.
"""

import types

from knightstour.rng import Xorshift32
from knightstour.settings import MAX_MS, Settings, replace
from knightstour_desktop.errors import UserError

from .chips import bus, render, rig, shims
from .circuitpython import pwmio  # the stand-in: PWMOut keeps its frequency and duty cycle on its pin
from .circuitpython.microcontroller import Pin

DISPLAYS = ("ili9341", "max7219", "builtin")


def sim_board(kind, tft=None, matrix=None):
    """A stand-in for the ``board`` module of board ``kind``: the pins of the kind's board definition
    (sim/boards: names of one pin share it), else of the pin map, the rigs' emulated pins in place of
    those the chips listen on; ``SPI()``/``I2C()`` return the rig's buses (on every kind: the chips
    are on them)."""
    from knightstour_desktop import pinmap

    from . import boards

    wired = {}
    spi = i2c = None
    if tft is not None:
        wired.update(tft_cs=tft.tft_cs, tft_dc=tft.tft_dc, touch_cs=tft.touch_cs, touch_irq=tft.touch_irq)
        if tft.tft_reset is not None:
            wired["tft_reset"] = tft.tft_reset
        spi, i2c = tft.spi, tft.i2c
    if matrix is not None:
        wired["matrix_cs"] = matrix.pin
        spi = matrix.spi
    by_name = {row["board"]: wired[row["signal"]] for row in pinmap.rows(kind)
               if row["board"] and row["signal"] in wired}
    board = types.SimpleNamespace(board_id="knightstour_sim_" + kind)
    if kind in boards.KINDS:
        definition = boards.load(boards.KINDS[kind])
        board.board_id = definition.BOARD_ID
        for group in definition.PINS:
            names = group.split()
            pin = (next((by_name[name] for name in names if name in by_name), None)
                   or Pin(names[0]))
            for name in names:
                setattr(board, name, pin)
    for row in pinmap.rows(kind):
        name = row["board"]
        if name and not hasattr(board, name):
            setattr(board, name, by_name.get(name) or Pin(name))
    board.SPI = lambda: spi
    board.I2C = lambda: i2c
    return board


class Emulated:
    """The app on the real drivers over emulated chips.

    ``display`` is "ili9341", "max7219" or "builtin"; ``touch`` "auto" (an STMPE610 on the
    rig), "stmpe610", "tsc2007", "xpt2046", "ft6206" or "none" (TFT only); ``kind`` the pin map's board kind. ``settings``
    (a Settings, or a dict of key -> raw value) defaults to attract mode from c3 at
    speed 0 with the given ``seed``. Attributes: ``rig`` (TftRig or MatrixRig), ``chip``
    (the display chip), ``probe`` (what crossed the SPI bus: chips/bus.py's Probe), ``hw`` (knightstour.hw.wiring.hardware.BoardHardware), ``display``,
    ``input``, ``sound``, ``app``, ``now`` (the fake clock; ``clock`` replaces it for the push
    buttons, as the simulator's real one does). With ``strict`` a board too big
    for the display raises ValueError, as in the simulator, in place of falling back to 8x8.
    """

    def __init__(self, display="ili9341", settings=None, touch=None, kind="feather_rp2040", seed=1,
                 rotation=None, piezo=False, strict=False, clock=None):
        shims.install()
        from knightstour.hw.wiring import build, hardware

        if display not in DISPLAYS:
            raise UserError("bad display %r: one of %s" % (display, ", ".join(DISPLAYS)))
        self.display_name = display
        if not isinstance(settings, Settings):
            values = {"start": "c3", "speed": "0", "mode": "attract", "seed": str(seed)}
            values.update(settings or {})
            settings = Settings(fallback=False)
            for key in values:
                error = settings.set(key, values[key])
                if error:
                    raise UserError(error)
        changes = {"display": self.display_name}
        if touch is not None:
            changes["touch"] = touch
        if rotation is not None:
            changes["tft_rotation"] = rotation
        if piezo:
            changes["piezo"] = "on"
        settings = replace(settings, **changes)
        self.settings = settings
        self.kind = kind
        self.panel = None
        if self.display_name == "builtin":  # a board with a screen: kind is its board_id (rig.PYPORTALS)
            import displayio

            displayio.release_displays()
            self.rig = rig.PyPortalRig(kind)
            self.chip = self.rig.display_chip
            board = self.rig.board
            self.probe = bus.probe(self.rig.spi)
            kind = "feather_m4"  # the pin map's kind: the built-in parts need no pins from it
        elif self.display_name == "ili9341":
            import displayio

            displayio.release_displays()
            # "auto" finds the chip on the rig: the V1 FeatherWing's STMPE610 unless asked for another
            rig_touch = None  # "none"
            if settings.touch != "none":
                from knightstour.hw.wiring.touch_chips import controller

                rig_touch = controller("stmpe610" if settings.touch == "auto" else settings.touch).EMULATOR
            self.rig = rig.tft_rig(rig_touch, reset_pin=kind == "pi")
            self.chip = self.rig.display_chip
            board = sim_board(kind, tft=self.rig)
            self.probe = bus.probe(self.rig.spi)
        else:
            modules, columns, rows, block = 1, 1, 1, 0
            if settings.matrix_chain:  # KNIGHTSTOUR_MATRIX_CHAIN: the panel as built
                from knightstour.hw.views.chain import grid

                modules, arrangement, block = settings.matrix_chain
                columns, rows = grid(modules, arrangement)
            self.rig = rig.matrix_rig(chain=modules)
            self.chip = self.rig.chip
            if settings.matrix_chain:
                from .chips.max7219 import MatrixPanel

                self.panel = MatrixPanel(self.chip, columns, rows, block)
            board = sim_board(kind, matrix=self.rig)
            self.probe = bus.probe(self.rig.spi)
        self.board = board
        self.hw = hardware.BoardHardware(kind, settings, board=board, pwmio=pwmio)
        self.now = 0.0
        self.hw.clock = clock or (lambda: self.now)  # the push buttons' clock: the fake one unless given
        with shims.skip_sleeps():
            self.display, self.input, self.sound = build.build(settings, self.hw)
        from knightstour.app import App

        try:
            self.app = App(settings, self.display, self.input, self.sound, Xorshift32(seed), strict=strict)
        except ValueError as exc:  # the board does not fit the display
            self.close()
            raise UserError(str(exc)) from None
        self.now = 0.0

    @property
    def rotation(self):
        return self.settings.tft_rotation

    def step(self, limit=1.0):
        """One app update; the fake clock then moves on by what the app allows (at most ``limit``)."""
        wait = self.app.update(self.now)
        if wait > limit:
            wait = limit
        self.now += wait if wait > 0 else 0.001
        return wait

    def run(self, until, max_steps=20000, limit=1.0):
        """Step until ``until(app)`` is true; return the number of steps."""
        for steps in range(1, max_steps + 1):
            self.step(limit)
            if until(self.app):
                return steps
        raise RuntimeError("the app did not get there in %d steps" % max_steps)

    def run_tour(self, moves=None, limit=1.0):
        """Run until ``moves`` squares are visited, or to the end of the first tour (the
        result shown, a closed tour's trace finished)."""
        if moves is not None:
            return self.run(lambda a: a.state == "run" and a.tours.tour.length >= moves or a.tours.count >= 1, limit=limit)
        return self.run(lambda a: a.tours.count >= 1 and a.tracing < 0, limit=limit)

    def press(self, x, y):
        """Put a finger on the touch controller at its raw (x, y)."""
        self.rig.touch_chip.touch(x, y)

    def release(self):
        self.rig.touch_chip.release()

    def button_pin(self, name):
        """The board pin of push button ``name`` ("a" or "b"): the pin map's, or on a board with a
        screen of its own the board's button the toy takes as A or B; None where there is none
        (the Feather ESP32-S3 TFT's one button is A)."""
        if self.display_name != "builtin":
            return self.hw.pin_name("button_" + name)
        from knightstour.hw.wiring.own import BUTTONS

        return next((each for each in BUTTONS["ab".index(name)] if hasattr(self.board, each)), None)

    def button(self, name, down):
        """Push button ``name`` ("a" or "b") down (its pin to GND) or let go."""
        self.press_pin(self.button_pin(name), down)

    def press_pin(self, name, down):
        """The board's pin ``name`` (a button's, a pad's SW_UP...) to GND, or let go."""
        getattr(self.board, name).drive(False if down else None)

    def touch_pixel(self, x, y):
        """A finger on screen pixel (x, y) at the TFT's rotation, held until ``release_touch()``,
        through the touch controller (the raw reading the device's calibration maps there) or a
        board's own panel. False where there is no touch."""
        from knightstour.hw.wiring.touch_chips import touch_calibration

        from .touch_raw import raw_touch, to_landscape

        if self.settings.touch == "none":
            return False
        width, height = self.chip.screen_size(self.rotation)
        width0, height0 = (height, width) if self.rotation % 180 else (width, height)
        if getattr(self.rig, "panel", None) is not None:
            self.rig.touch_at(*to_landscape(x, y, self.rotation, width0, height0))
        elif self.rig.touch_chip is not None:
            kind = "xpt2046" if self.display_name == "builtin" else None  # a board's own: the CYD's
            self.press(*raw_touch(touch_calibration(self.settings, kind), x, y, self.rotation, width0, height0))
        else:
            return False
        return True

    def release_touch(self):
        if getattr(self.rig, "panel", None) is not None:
            self.rig.release()
        elif self.rig.touch_chip is not None:
            self.release()

    def tap(self, x, y):
        """A finger on screen pixel (x, y) of the TFT at its rotation, then lifted, with app steps
        between: the emulated controller gets the raw reading the device's calibration maps to
        that pixel (a PyPortal's panel, the reading its own wires give there). ValueError for a
        point off the screen or a TFT without touch."""
        width, height = self.chip.screen_size(self.rotation)
        if not (0 <= x < width and 0 <= y < height):
            raise UserError("bad --tap %d,%d: off the %dx%d screen; x is 0 to %d, y 0 to %d"
                             % (x, y, width, height, width - 1, height - 1))
        if not self.touch_pixel(x, y):
            raise UserError("--tap needs a touch screen: KNIGHTSTOUR_TOUCH is none, or the board has none")
        self.step()
        self.release_touch()
        for _ in range(3):  # the release is seen after two polls (the touch input's debounce)
            self.step()

    def save_png(self, path, scale=None):
        """Write the screen as a PNG through the safe output (a symlink's target, a device in
        place; never debris), for --screenshot."""
        from knightstour_desktop.commands.output import write_output

        if self.display_name != "max7219":
            image = render.tft_image(self.chip, rotation=self.rotation, scale=scale or 1)
        elif self.panel is not None:
            image = render.panel_image(self.panel, scale=scale or 20)
        else:
            image = render.matrix_image(self.chip, scale=scale or 40)
        write_output(path, lambda handle: image.save(handle, format="PNG"), "--screenshot")
        return path

    def close(self):
        if self.display_name != "max7219":
            self.rig.close()


def save_screenshot(display_kind, path, settings=None, moves=None, seed=1, kind="feather_rp2040",
                    touch=None, rotation=None, scale=None, taps=()):
    """Run a scripted tour on the emulated ``display_kind`` ("ili9341" or "max7219") and write a PNG.

    ``settings``: a Settings (copied; the speed is set to 0) or a dict of setting -> value
    (default: from c3, a super order, ``seed``); ``moves``: stop after that many squares, else
    at the end of the tour (the result shown, a closed tour's trace run). ``taps``: screen
    pixels (x, y) pressed in turn first (Emulated.tap); a tour they leave running then runs as
    above, play mode or a waiting toy is shown as the taps leave it.
    Returns ``path``.
    """
    if isinstance(settings, Settings):
        settings = replace(settings, speed=0.0)
    elif settings is not None:
        settings = dict(settings, speed="0")
    emulated = Emulated(display_kind, settings, touch=touch, kind=kind, seed=seed, rotation=rotation, strict=True)
    emulated.app.clock.pacing.speed = 0.0
    try:
        if taps:
            emulated.step()
            for x, y in taps:
                emulated.tap(x, y)
        if not taps or emulated.app.state in ("run", "show"):
            # Nothing touches the screen here: the clock may jump to what is due (touch mode's
            # KNIGHTSTOUR_IDLE_MS, up to a day), where a touch test needs small steps.
            emulated.run_tour(moves, limit=MAX_MS / 1000.0)
        elif getattr(emulated.display, "knight_on", True) is False:
            emulated.run(lambda app: emulated.display.knight_on, max_steps=100)  # the blinking knight shown
        return emulated.save_png(path, scale)
    finally:
        emulated.close()
