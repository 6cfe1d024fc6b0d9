from PIL import Image

from knightstour_desktop.cli import main


def test_tft_screenshot_is_a_320x240_png_of_the_emulated_frame(tmp_path, capsys):
    path = tmp_path / "tft.png"
    assert main(["sim", "--display", "tft", "--start", "c3", "--order", "ahfdgceb", "--screenshot", str(path),
                 "--moves", "10"]) == 0
    image = Image.open(path)
    assert image.size[0] >= 320 and image.size[1] >= 240
    assert len(image.convert("RGB").getcolors(1 << 20)) > 4  # a chequered board, text and a path, not blank


def test_matrix_screenshot_lights_as_many_leds_as_squares_visited(tmp_path, capsys):
    path = tmp_path / "matrix.png"
    assert main(["sim", "--display", "matrix", "--start", "a1", "--order", "ahfdgceb", "--screenshot", str(path),
                 "--moves", "12"]) == 0
    assert Image.open(path).size[0] > 8


def test_bad_screenshot_calls_write_nothing(tmp_path, capsys):
    cases = [(["--display", "both", "--screenshot", str(tmp_path / "a.png")], "give --display tft or --display matrix"),
             (["--display", "tft", "--screenshot", str(tmp_path / "a.jpg")], "ending in .png"),
             (["--display", "tft", "--screenshot", str(tmp_path / "no" / "a.png")], "does not exist"),
             (["--display", "tft", "--moves", "3"], "--moves goes with --screenshot")]
    for argv, needle in cases:
        assert main(["sim"] + argv) == 2
        assert needle in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_screenshot_calls_that_cannot_work_are_refused_in_one_line(tmp_path, capsys):
    shot = str(tmp_path / "a.png")
    play = tmp_path / "play.toml"
    play.write_text('KNIGHTSTOUR_MODE = "play"\n')
    cases = [
        (["--display", "tft", "--play", "--screenshot", shot], "leave out --play"),
        (["--display", "tft", "--config", str(play), "--screenshot", shot], "not KNIGHTSTOUR_MODE = play"),
        (["--display", "tft", "--screenshot", ""], "bad --screenshot '': give a file name ending in .png"),
        (["--display", "matrix", "--size", "9x9", "--screenshot", shot],
         "the 9x9 board does not fit the display (at most 8x8)"),
        (["--display", "matrix", "--size", "10x10", "--screenshot", shot],
         "the 10x10 board does not fit the display (at most 8x8)"),
    ]
    for argv, needle in cases:
        assert main(["sim"] + argv) == 2, argv
        err = capsys.readouterr().err
        assert needle in err and len(err.strip().split("\n")) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["play.toml"]


def test_a_touch_mode_screenshot_waits_for_the_idle_tour(tmp_path, capsys):
    path = tmp_path / "touch.png"
    assert main(["sim", "--display", "matrix", "--touch", "--size", "5x5", "--start", "a1", "--screenshot",
                 str(path), "--moves", "5"]) == 0
    assert path.exists()


def test_the_seed_picks_the_random_start_of_a_screenshot(tmp_path, capsys):
    """--seed was left out of the emulated toy: every screenshot of a random start was seed 1's."""
    shots = []
    for seed in ("1", "2", "1"):
        path = tmp_path / ("seed%s-%d.png" % (seed, len(shots)))
        assert main(["sim", "--display", "matrix", "--seed", seed, "--moves", "5", "--screenshot", str(path)]) == 0
        shots.append(Image.open(path).convert("RGB").tobytes())
    assert shots[0] == shots[2] != shots[1]
