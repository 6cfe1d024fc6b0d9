"""tools/terminal_png.py: a colour terminal capture (tmux capture-pane -e) as a PNG, for the README."""

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("terminal_png", os.path.join(ROOT, "tools", "terminal_png.py"))
terminal_png = importlib.util.module_from_spec(spec)
spec.loader.exec_module(terminal_png)


def test_half_blocks_become_two_pixels_of_the_capture_colours():
    text = "\x1b[38;2;255;0;0m\x1b[48;2;0;0;255m\u2580\x1b[0m \x1b[38;5;196;48;5;21m\u2580\n"
    image = terminal_png.render(text)
    w, h = terminal_png.CELL_W, terminal_png.CELL_H
    assert image.size == (3 * w, h)
    assert image.getpixel((w // 2, h // 4)) == (255, 0, 0)
    assert image.getpixel((w // 2, 3 * h // 4)) == (0, 0, 255)
    assert image.getpixel((w + w // 2, h // 2)) == terminal_png.DEFAULT_BG  # reset
    assert image.getpixel((2 * w + w // 2, h // 4)) == (255, 0, 0)  # 256 colours: 196 is red
    assert image.getpixel((2 * w + w // 2, 3 * h // 4)) == (0, 0, 255)  # and 21 blue
