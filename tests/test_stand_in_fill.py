"""The heap stand-in's fill_region (sim/circuitpython/bitmaptools.py, C on a board) and Bitmap.fill
write a byte at a time where they cover it: under MicroPython they set exactly the pixels the
pixel-at-a-time _put sets, at every depth and edge, and make no garbage."""

import random

from support.micropython import run_micropython

SCRIPT = r'''
import gc
import bitmaptools
import displayio

CASES = %(cases)r
garbage = 0
for count, width, height, x1, y1, x2, y2, value, seed in CASES:
    filled = displayio.Bitmap(width, height, count)
    wanted = displayio.Bitmap(width, height, count)
    for i in range(len(filled._data)):  # the same noise in both, so a pixel written wrongly shows
        filled._data[i] = wanted._data[i] = (seed * (i + 7) * 2654435761) >> 8 & 0xFF
    for y in range(y1, y2):
        for x in range(x1, x2):
            wanted._put(x, y, value)
    gc.collect()
    before = gc.mem_alloc()
    bitmaptools.fill_region(filled, x1, y1, x2, y2, value)
    garbage += gc.mem_alloc() - before
    if filled._data != wanted._data:
        print("WRONG", count, width, height, x1, y1, x2, y2, value)
whole = displayio.Bitmap(13, 3, 4)
before = gc.mem_alloc()
whole.fill(2)
garbage += gc.mem_alloc() - before
if [whole[x, y] for y in range(3) for x in range(13)] != [2] * 39:
    print("WRONG fill")
print("GARBAGE", garbage)
'''


def cases():
    rng = random.Random(5)
    made = []
    for count in (2, 3, 4, 16, 256, 65536):  # 1, 2, 4, 8 and 16 bits a value
        for _ in range(40):
            width, height = rng.randint(1, 37), rng.randint(1, 4)
            x1, y1 = rng.randint(0, width), rng.randint(0, height)
            x2, y2 = rng.randint(x1, width), rng.randint(y1, height)
            made.append((count, width, height, x1, y1, x2, y2, rng.randrange(min(count, 256)), rng.randrange(1, 99)))
    return made


def test_fill_region_writes_what_put_writes_and_makes_no_garbage(node, tmp_path):
    from knightstour_sim.harness import drive

    script = tmp_path / "fill.py"
    script.write_text(SCRIPT % {"cases": cases()})
    proc = run_micropython(node, script, heap=1024 * 1024, device=drive.STAND_INS_DIR)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "WRONG" not in proc.stdout, proc.stdout[-2000:]
    assert proc.stdout.splitlines()[-1] == "GARBAGE 0", proc.stdout[-2000:]
