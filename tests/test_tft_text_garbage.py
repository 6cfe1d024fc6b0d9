"""The TFT panel's texts change with every move in play mode (the status line, the counter): under
MicroPython (the WebAssembly port, over the CircuitPython stand-ins' displayio) a change makes at
most the one string it shows (the status none: it is word-wrapped as it is drawn), never the
words, pieces and split lines of each (the harness collects only between loop steps, so a step's
garbage counts in the heap the game needs)."""

import shutil

from support.micropython import ROOT, run_micropython

SCRIPT = r'''
import gc
from knightstour.hw.views.tft import TftDisplay
from knightstour.hw.views.tft_draw import Text, palette


class Screen:
    width = 320
    height = 240
    root_group = None

    def refresh(self):
        pass


def made(function, *args):
    before = gc.mem_alloc()  # the port collects no garbage while a script runs: this is all it allocated
    function(*args)
    return gc.mem_alloc() - before


display = TftDisplay(Screen())
texts = ("move 12 of 64 on e4: 3 moves from here", "illegal: d4 is not a knight move from c3",
         "undo: back on b3, move 2; 5 moves from here", "hint: Warnsdorff goes to c2")
for text in texts:  # a character read the first time is interned (once: a qstr), not garbage
    display.status(text)
display.status("")
for text in texts:
    print("status", made(display.status, text))
display.total = 64
for display.length in (9, 10, 11, 0):
    display._count()
for display.length in (9, 10, 11):
    print("counter", made(display._count))
text = Text(13, 4, 0, 0, palette((0, 0xFFFFFF), 0))
text.set("abc\ndef")
print("text", made(text.set, "abd\nxyz\nlong line here"))
'''


def test_a_status_or_counter_change_makes_only_the_text_it_shows(node, tmp_path):
    for name in ("_c", "displayio", "bitmaptools"):
        shutil.copy(ROOT / "sim" / "circuitpython" / (name + ".py"), tmp_path)
    script = tmp_path / "texts.py"
    script.write_text(SCRIPT)
    proc = run_micropython(node, script, heap=4 * 1024 * 1024)
    assert proc.returncode == 0, proc.stderr
    made = {}
    for line in proc.stdout.split("\n"):
        if line:
            kind, size = line.split()
            made[kind] = max(made.get(kind, 0), int(size))
    # a status: nothing (word-wrapped as it is drawn, read in place); the counter: its one
    # string; drawing a text: nothing
    assert made == {"status": 0, "counter": made["counter"], "text": 0}, made
    assert made["counter"] <= 64, made
