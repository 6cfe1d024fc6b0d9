"""What a move costs on the TFT: the bytes the real ILI9341 display (Blinka's displayio
BusDisplay) clocks out over the emulated SPI bus for the frame that shows one knight move: the
knight's two places, the path, the new number and the counter; no more than 4 KB on 8x8
(benchmarks/tft_spi.py prints the figures)."""

import pytest

MOVE_FRAME_MOST = 4 * 1024


@pytest.mark.parametrize("seed, rotation", [(1, 0), (6, 90), (11, 180)])
def test_a_move_sends_at_most_4_kb(emulated_tft, seed, rotation):
    emulated = emulated_tft({"speed": "1", "start": "random"}, seed=seed, rotation=rotation)
    app, probe, chip = emulated.app, emulated.probe, emulated.chip
    frames = []
    while app.tours.count < 2:
        length = app.tours.tour.length
        before = probe.counts_for(chip)[0]
        emulated.step()
        # the frames that show a move (the first tour's first move also carries Blinka's first
        # drawing of every item, after the initial full frame: left out)
        if app.state == "run" and app.tours.tour.length > length >= 1 and (app.tours.count or length > 1):
            frames.append(probe.counts_for(chip)[0] - before)
    assert len(frames) > 100
    assert max(frames) <= MOVE_FRAME_MOST, sorted(frames)[-5:]
    assert min(frames) > 1000  # the knight's two places at least: the count is real


def test_the_counter_redraws_only_the_digits_that_changed(emulated_tft):
    emulated = emulated_tft({"speed": "1", "start": "a1"}, seed=1)
    counter = emulated.display.labels["counter"]
    texts = []
    while emulated.app.tours.tour.length < 11:
        emulated.step()
        if counter.text not in texts:
            texts.append(counter.text)
    assert texts[8:11] == [" 9/64", "10/64", "11/64"]
