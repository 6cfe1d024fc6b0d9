"""The TFT's pictures in docs/, made again from the toy on its real drivers over the emulated chips:

    .venv/bin/python tools/docs_pictures.py [DIR]    # default: docs/

tft.png (8x8 after 40 moves), tft-16x16.png (16x16 after 150 moves: the window that follows the
knight) and titano.png (the PyPortal Titano's 480x320). tests/test_docs_pictures.py checks that
the committed ones are what this makes. The recordings (tour-*.gif) are made by
``knights-tour sim --record`` (README says how).
"""

import os
import sys

PICTURES = {  # name: (display, settings, moves, board kind)
    "tft.png": ("tft", {"start": "c3", "order": "ahfdgceb"}, 40, "feather_rp2040"),
    "tft-16x16.png": ("tft", {"start": "h8", "size": "16x16"}, 150, "feather_rp2040"),
    "titano.png": ("builtin", {"start": "c3", "order": "ahfdgceb"}, 40, "pyportal_titano"),
}


def make(folder, names=None):
    """Write the pictures (``names``, default all) into ``folder``; returns their paths."""
    from knightstour_sim.screenshot import save_screenshot

    paths = []
    for name in names or PICTURES:
        display, settings, moves, kind = PICTURES[name]
        paths.append(save_screenshot(display, os.path.join(folder, name), dict(settings), moves=moves, kind=kind))
    return paths


if __name__ == "__main__":
    for path in make(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs")):
        print("wrote", os.path.normpath(path))
