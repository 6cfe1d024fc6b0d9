from PIL import Image

from knightstour.cli import main


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
