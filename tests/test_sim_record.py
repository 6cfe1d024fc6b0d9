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


@pytest.fixture(scope="module", params=["ili9341", "max7219"])
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
        if display == "ili9341" or suffix == ".webp":  # exact: few colours, or lossless
            assert got.tobytes() == want.tobytes()
        else:  # the matrix's shaded dots share a 256-colour palette
            difference = max(abs(a - b) for a, b in zip(got.tobytes(), want.tobytes()))
            assert difference <= 24


# The command: knights-tour sim --record


def test_the_record_command_writes_the_frames_record_frames_makes(tmp_path, capsys):
    from knightstour_desktop.cli import main

    path = tmp_path / "tour.gif"
    argv = ["--display", "matrix", "--size", "3x4", "--start", "a1", "--order", "abcdefgh", "--seed", "3"]
    assert main(["sim"] + argv + ["--record", str(path)]) == 0
    out = capsys.readouterr().out
    images, durations = decoded(path)
    assert out.startswith("wrote %s: %d frames" % (path, len(images)))
    frames = record_frames("max7219", dict(SMALL, seed="3"), seed=3)
    assert durations == [ms for _, ms in frames]
    assert images[0].tobytes() == decoded_first(frames)
    assert main(["sim"] + argv + ["--moves", "1", "--screenshot", str(tmp_path / "first.png")]) == 0
    assert main(["sim"] + argv + ["--screenshot", str(tmp_path / "last.png")]) == 0
    for index, name in ((0, "first.png"), (-1, "last.png")):
        want = Image.open(tmp_path / name).convert("RGB").tobytes()
        assert max(abs(a - b) for a, b in zip(images[index].tobytes(), want)) <= 24


def decoded_first(frames):
    """The first frame as the GIF holds it (through the shared palette)."""
    from knightstour_sim.record import quantize

    return quantize([image for image, _ in frames])[0].convert("RGB").tobytes()


def test_bad_record_calls_are_one_line_and_write_nothing(tmp_path, capsys):
    from knightstour_desktop.cli import main

    gif = str(tmp_path / "a.gif")
    play = tmp_path / "play.toml"
    play.write_text('KNIGHTSTOUR_MODE = "play"\n')
    (tmp_path / "folder.gif").mkdir()
    cases = [(["--display", "both", "--record", gif], "give --display tft or --display matrix"),
             (["--display", "tft", "--record", str(tmp_path / "a.png")], "ending in .gif or .webp"),
             (["--display", "tft", "--record", str(tmp_path / "no" / "a.gif")], "does not exist"),
             (["--display", "tft", "--record", str(tmp_path / "folder.gif")], "it is a folder"),
             (["--display", "tft", "--play", "--record", gif], "leave out --play"),
             (["--display", "tft", "--config", str(play), "--record", gif], "not KNIGHTSTOUR_MODE = play"),
             (["--display", "tft", "--record", gif, "--screenshot", str(tmp_path / "a.png")], "give one of them"),
             (["--display", "matrix", "--size", "9x9", "--record", gif], "does not fit the display")]
    for argv, needle in cases:
        assert main(["sim"] + argv) == 2, argv
        err = capsys.readouterr().err
        assert needle in err and len(err.strip().split("\n")) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.gif", "play.toml"]
    assert list((tmp_path / "folder.gif").iterdir()) == []


# The pictures in docs/, and the commands that make them (README shows them)
DOCS = {
    "tour-tft.gif": ["--display", "tft", "--start", "c3", "--order", "abcdgehf", "--seed", "1"],
    "tour-matrix.gif": ["--display", "matrix", "--start", "c3", "--order", "abcdgehf", "--seed", "1"],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DOCS))
def test_the_pictures_in_docs_are_a_fresh_recording(name, tmp_path, capsys):
    """Made by: knights-tour sim <DOCS[name]> --record docs/<name>. A whole closed tour: its
    moves, the knight's blinks and the trace back to the start, at least 30 frames, under 1 MB."""
    import os

    from knightstour_desktop.cli import main

    committed = os.path.join(os.path.dirname(__file__), os.pardir, "docs", name)
    fresh = tmp_path / name
    assert main(["sim"] + DOCS[name] + ["--record", str(fresh)]) == 0
    got, got_durations = decoded(committed)
    want, want_durations = decoded(str(fresh))
    assert got_durations == want_durations and len(got) == len(want) >= 30
    assert all(a.tobytes() == b.tobytes() for a, b in zip(got, want))
    assert os.path.getsize(committed) < 1024 * 1024
