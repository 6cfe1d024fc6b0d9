"""The TFT's pictures in docs/, made again from the toy on its real drivers over the emulated chips:

    .venv/bin/python tools/docs_pictures.py [DIR]    # default: docs/

tft.png (8x8 after 40 moves), tft-16x16.png (16x16 after 150 moves: the window that follows the
knight), titano.png (the PyPortal Titano's 480x320) and board-*.png (the boards with a screen of their own); and the simulator as a terminal shows it,
40 moves into the same tour (its Textual app headless, drawn by tools/terminal_png.py): sim-80x24.png
(the text views, ./simulate's first screen at 80x24) and sim-pixels.png (the pixel-true views in a
184x64 terminal, the smallest where they read). tests/test_docs_pictures.py checks that the committed ones are what this makes.
The recordings (tour-*.gif) are made by ``knights-tour sim --record`` (README says how).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

PICTURES = {  # name: (display, settings, moves, board kind)
    "tft.png": ("ili9341", {"start": "c3", "order": "ahfdgceb"}, 40, "feather_rp2040"),
    "tft-16x16.png": ("ili9341", {"start": "h8", "size": "16x16"}, 150, "feather_rp2040"),
    "titano.png": ("builtin", {"start": "c3", "order": "ahfdgceb"}, 40, "pyportal_titano"),
    # boards with a screen of their own, each at its screen's size
    "board-cyd.png": ("builtin", {"start": "c3", "order": "ahfdgceb"}, 40, "sunton_esp32_2432S028"),
    "board-picosystem.png": ("builtin", {"start": "c3", "order": "ahfdgceb"}, 40, "pimoroni_picosystem"),
    "board-clue.png": ("builtin", {"start": "c3", "order": "ahfdgceb"}, 40, "clue_nrf52840_express"),
    "board-esp32s3-tft.png": ("builtin", {"start": "c3", "order": "ahfdgceb"}, 40, "adafruit_feather_esp32s3_tft"),
}

TERMINALS = {  # name: (display, pixel-true views, terminal size)
    "sim-80x24.png": ("both", False, (80, 24)),
    "sim-pixels.png": ("ili9341", True, (184, 64)),  # the smallest terminal where they are legible (tui.py)
}
ALL = tuple(PICTURES) + tuple(TERMINALS)


def make(folder, names=None):
    """Write the pictures (``names``, default all) into ``folder``; returns their paths."""
    from knightstour_sim.screenshot import save_screenshot

    paths = []
    for name in names or ALL:
        if name in TERMINALS:
            paths.append(terminal(os.path.join(folder, name), *TERMINALS[name]))
            continue
        display, settings, moves, kind = PICTURES[name]
        paths.append(save_screenshot(display, os.path.join(folder, name), dict(settings), moves=moves, kind=kind))
    return paths


def terminal(path, display, pixels, size):
    """The simulator's screen in a terminal of ``size`` 40 moves into tft.png's tour, as a PNG."""
    import asyncio

    from rich.color import ColorSystem
    from terminal_png import render

    from knightstour.settings import Settings
    from knightstour_sim.simulator import FakeClock, Simulator
    from knightstour_sim.tui import KnightsTourApp

    settings = Settings()
    for key, value in PICTURES["tft.png"][1].items():
        settings.set(key, value)
    sim = Simulator(settings, display=display, clock=FakeClock(), seed=1, pixels=pixels)
    sim.run_fake(lambda s: s.app.tours.tour is not None and s.app.tours.tour.length >= 40)
    app = KnightsTourApp(sim, display, pixels=pixels)

    async def shoot():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            return "\n".join("".join(seg.style.render(seg.text, color_system=ColorSystem.TRUECOLOR)
                                      if seg.style else seg.text for seg in strip) for strip in strips)

    try:
        text = asyncio.run(shoot())
    finally:
        sim.close()
    render(text).save(path)
    return path


if __name__ == "__main__":
    for path in make(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs")):
        print("wrote", os.path.normpath(path))
