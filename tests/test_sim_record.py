"""Moving pictures of a tour (sim/record.py): every frame drawn by the real drivers on the
emulated chips, shown as long as the toy shows it, the first and the last frames what a
screenshot of the same moves shows."""

import pytest
from PIL import Image

from knightstour_sim.record import END_SECONDS, MIN_FRAME_MS, record_frames, save_recording
from knightstour_sim.screenshot import Emulated

SMALL = {"size": "3x4", "start": "a1", "order": "abcdefgh", "mode": "attract", "speed": "1"}


def screenshot_image(display, settings, moves=None):
    """What --screenshot saves for the same settings, as an image."""
    values = dict(settings, speed="0")
    emulated = Emulated(display, values, strict=True)
    try:
        emulated.run_tour(moves)
        from knightstour_sim.record import _image

        return _image(emulated, None)
    finally:
        emulated.close()


def decoded(path):
    """(RGB frames, durations) of an animated picture."""
    frames, durations = [], []
    with Image.open(path) as image:
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB"))
            durations.append(image.info["duration"])
    return frames, durations


@pytest.fixture(scope="module", params=["tft", "matrix"])
def recorded(request):
    return request.param, record_frames(request.param, SMALL)


def test_first_and_last_frames_are_the_screenshots_of_the_same_moves(recorded):
    display, frames = recorded
    assert frames[0][0].tobytes() == screenshot_image(display, SMALL, moves=1).tobytes()
    assert frames[-1][0].tobytes() == screenshot_image(display, SMALL).tobytes()


def test_a_frame_for_each_change_shown_as_long_as_the_toy_shows_it(recorded):
    display, frames = recorded
    assert len(frames) >= 12  # a 3x4 tour: 12 squares, and the knight's blinks
    assert all(a.tobytes() != b.tobytes() for (a, _), (b, _) in zip(frames, frames[1:]))
    durations = [ms for _, ms in frames]
    assert all(ms >= MIN_FRAME_MS and ms % 10 == 0 for ms in durations)
    assert durations[-1] == END_SECONDS * 1000
    assert sum(durations[:-1]) > 1000  # 11 paced moves at speed 1: more than a second
    faster = record_frames(display, dict(SMALL, speed="4"))
    assert sum(ms for _, ms in faster[:-1]) < sum(durations[:-1]) / 2


@pytest.mark.parametrize("suffix", [".gif", ".webp"])
def test_the_file_has_every_frame_and_its_time(recorded, tmp_path, suffix):
    display, frames = recorded
    path = str(tmp_path / ("tour" + suffix))
    size = save_recording(path, frames)
    assert 0 < size < 1024 * 1024
    images, durations = decoded(path)
    assert durations == [ms for _, ms in frames]
    assert len(images) == len(frames)
    for (want, _), got in zip(frames, images):
        if display == "tft" or suffix == ".webp":  # exact: few colours, or lossless
            assert got.tobytes() == want.tobytes()
        else:  # the matrix's shaded dots share a 256-colour palette
            difference = max(abs(a - b) for a, b in zip(got.tobytes(), want.tobytes()))
            assert difference <= 24
