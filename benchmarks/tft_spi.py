"""Bytes sent over SPI per knight move: the ILI9341 TFT and the MAX7219 matrix.

    .venv/bin/python -m benchmarks.tft_spi [--tours N] [--seed S]

The app runs on the real drivers (blinka-displayio's BusDisplay, the toy's
own ILI9341 start, MAX7219 and STMPE610 drivers) through knightstour.hw, exactly as on a
device, but the SPI bus is EMULATED (knightstour_sim.chips): it counts the
bytes the drivers clock out, it does not time them. The clock is fake and the
pacing real (speed 1), so the knight's blinking is counted too.

Figures (display chip only; the touch controller's polling is shown apart):
    initial draw   constructing the display and the first frame(s)
    move frame     the frame that shows a move (the knight's two places, the
                   path, the number, the counter): the largest and the mean,
                   after the first tour's first move (Blinka's displayio sends
                   each item's first drawing then, after the full first frame)
    per move       a tour's moves only: from its first square to its result,
                   the knight's blinking between moves included
    per move, all  whole cycles: clearing the board, the moves, the result, a
                   closed tour's trace and the pause, divided by the moves
A full 320x240 frame is 153,600 B; the target is <= 4 KB for a move's frame on
the 8x8 board (exit status 1 if over).
"""

import argparse
import sys

from benchmarks.host import describe

FULL_FRAME = 320 * 240 * 2
TARGET = 4 * 1024


def measure(display, tours=5, seed=1, rotation=0, speed="1", touch="stmpe610"):
    """A dict of byte counts for ``tours`` whole cycles on the emulated ``display``."""
    from knightstour_sim.screenshot import Emulated

    settings = {"speed": speed, "start": "random"}
    emulated = Emulated(display, settings, seed=seed, rotation=rotation,
                        touch=touch if display == "ili9341" else None)
    chip = emulated.chip
    probe = emulated.probe
    app = emulated.app
    try:
        # the initial draw: up to the first square on the screen
        emulated.step()
        initial = probe.counts_for(chip)[0]
        probe.reset_counts()
        moves_bytes = 0
        move_frames = []
        moves = 0
        steps = 0
        cycle_bytes = 0
        tours_done = 0
        while tours_done < tours:
            # one cycle: from this tour's first square to the next tour's begin
            start_tours = app.tours.count
            before = probe.counts_for(chip)[0]
            while app.tours.count == start_tours:
                length = app.tours.tour.length
                sent = probe.counts_for(chip)[0]
                emulated.step()
                steps += 1
                if app.state == "run" and app.tours.tour.length > length >= 1 and (tours_done or length > 1):
                    move_frames.append(probe.counts_for(chip)[0] - sent)
            moves_bytes += probe.counts_for(chip)[0] - before
            moves += app.tours.tour.length - 1
            while app.state == "show":
                emulated.step()
                steps += 1
            tours_done += 1
        cycle_bytes = probe.counts_for(chip)[0]
        touch_bytes = probe.bytes_sent - cycle_bytes
        return {
            "initial": initial,
            "moves": moves,
            "tours": tours_done,
            "per_move": moves_bytes / moves,
            "move_frame_max": max(move_frames),
            "move_frame_mean": sum(move_frames) / len(move_frames),
            "per_move_all": cycle_bytes / moves,
            "touch": touch_bytes,
            "polls": steps,
            "complete": app.tours.complete,
        }
    finally:
        emulated.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tours", type=int, default=5, help="whole tours to average over (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    print("machine:", describe())
    print("bus: EMULATED SPI (knightstour_sim.chips), bytes counted, not timed; real driver libraries")
    print("full 320x240 RGB565 frame: %d B; target <= %d B for a move's frame" % (FULL_FRAME, TARGET))
    print()
    worst = 0.0
    for name, rotation in (("ili9341", 0), ("ili9341", 90)):
        result = measure(name, args.tours, args.seed, rotation)
        worst = max(worst, result["move_frame_max"])
        print("ILI9341 TFT, rotation %d, STMPE610 touch, speed 1, %d tours (%d moves, %d complete):"
              % (rotation, result["tours"], result["moves"], result["complete"]))
        print("  initial draw        %8d B  (%.2f full frames)" % (result["initial"], result["initial"] / FULL_FRAME))
        print("  move frame          %8d B  largest, %.0f B mean (%d moves after the first)"
              % (result["move_frame_max"], result["move_frame_mean"], result["moves"] - 1))
        print("  per move            %8.0f B  (moves only: first square to result, blinks included)"
              % result["per_move"])
        print("  per move, all       %8.0f B  (with clearing, result, trace and pause)" % result["per_move_all"])
        print("  touch polling       %8.1f B per poll (STMPE610 on the same bus, not in the figures above;"
              " the device polls about 50 times a second)" % (result["touch"] / max(1, result["polls"])))
    result = measure("max7219", args.tours, args.seed)
    print("MAX7219 matrix, speed 1, %d tours (%d moves):" % (result["tours"], result["moves"]))
    print("  initial draw        %8d B" % result["initial"])
    print("  per move            %8.1f B" % result["per_move"])
    print("  per move, all       %8.1f B" % result["per_move_all"])
    print()
    print("TFT largest move frame: %d B: %s the %d B target"
          % (worst, "within" if worst <= TARGET else "OVER", TARGET))
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
