"""The direction pad's cursor (hw/inputs/pad.py) as it is drawn: an outline with a contrast of at
least 4.5:1 (WCAG AA) with the squares it touches, on a dark square and on a light one, measured on
the emulated ILI9341's pixels (the PicoSystem's screen is drawn by the same view). The pad's inputs
here are plain objects with a ``value``; tests/test_feather_screens.py presses the PicoSystem's own
pins."""

from knightstour.hw.inputs.pad import Pad
from knightstour.hw.wiring.own import PAD
from knightstour_sim.chips import render
from knightstour_sim.screenshot import Emulated

from support.contrast import AA, contrast

RIGHT = PAD.index("SW_RIGHT")
UP = PAD.index("SW_UP")


class _Switch:
    """A pad's input: ``value`` False while pressed (pulled up, pressed to GND)."""

    value = True


def test_the_cursor_outline_has_aa_contrast_on_both_square_colours():
    emulated = Emulated("ili9341", {"mode": "touch"}, touch="ft6206")
    try:
        emulated.step()
        view = emulated.display
        now = [0.0]
        switches = [_Switch() for _ in range(8)]
        pad = Pad(switches, lambda: now[0])
        pad.view = view

        def press(index):
            for value in (False, True):
                switches[index].value = value
                for _ in range(3):
                    now[0] += 0.02
                    assert pad.poll() is None

        pad.poll()
        for index in (RIGHT,) * 3 + (UP,) * 3:
            press(index)
        for square, dark in ((27, True), (28, False)):  # d4, then e4
            if square == 28:
                press(RIGHT)
            assert pad.cursor == square and (view._background(square) == 1) == dark
            view.flush()
            pixels = render.tft_image(emulated.chip, rotation=emulated.rotation).load()
            x0, y0 = view.cell_origin(square)
            cell = view.cell
            ring = {(x, y) for y in range(y0, y0 + cell) for x in range(x0, x0 + cell)
                    if pad.tile.bitmap[x - x0, y - y0]}
            assert ring, "no cursor drawn"
            worst = 99.0
            for x, y in ring:
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    q = (x + dx, y + dy)
                    if q not in ring:
                        worst = min(worst, contrast(pixels[x, y], pixels[q]))
            assert worst >= AA, (square, worst)
    finally:
        emulated.close()
