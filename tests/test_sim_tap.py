"""`knights-tour sim --tap X,Y`: presses the emulated TFT at screen pixels, through the touch
controller and the device's calibration, in a --screenshot run."""

from PIL import Image

from knightstour_desktop.cli import main

PLAY = (236, 166)  # the play button: right of the 208 px board, first of the buttons' three rows
A1 = (13, 211)  # a1's cell: the board's bottom left, 16 px below the screen's top edge


def rgb(colour):
    return colour >> 16, colour >> 8 & 0xFF, colour & 0xFF


def near(a, b, slack=8):
    return all(abs(x - y) <= slack for x, y in zip(a, b))


def test_taps_enter_play_mode_and_move_the_knight(tmp_path, capsys):
    from knightstour.hw.views.tft_draw import KNIGHT_COLOUR
    from knightstour.hw.views.tft_panel import BUTTON_ACTIVE

    path = tmp_path / "tap.png"
    argv = ["sim", "--display", "tft", "--start", "c3", "--speed", "0", "--screenshot", str(path),
            "--tap", "%d,%d" % PLAY, "--tap", "%d,%d" % A1]
    assert main(argv) == 0
    image = Image.open(path).convert("RGB")
    assert near(image.getpixel((PLAY[0] - 15, PLAY[1] - 8)), rgb(BUTTON_ACTIVE))  # play is lit
    a1 = [image.getpixel((x, y)) for x in range(0, 26) for y in range(198, 224)]
    assert sum(near(p, rgb(KNIGHT_COLOUR), 40) for p in a1) > 100  # the knight on a1


def test_a_tap_on_a_square_starts_the_tour_there(tmp_path, capsys):
    plain = tmp_path / "plain.png"
    tapped = tmp_path / "tapped.png"
    base = ["sim", "--display", "tft", "--start", "c3", "--speed", "0", "--touch", "--moves", "5"]
    assert main(base + ["--screenshot", str(plain)]) == 0
    assert main(base + ["--screenshot", str(tapped), "--tap", "%d,%d" % A1]) == 0
    assert Image.open(plain).tobytes() != Image.open(tapped).tobytes()


def test_bad_taps_are_refused_in_one_line_and_write_nothing(tmp_path, capsys, monkeypatch):
    shot = str(tmp_path / "a.png")
    cases = [
        (["--display", "tft", "--screenshot", shot, "--tap", "5"], "bad --tap 5: give X,Y"),
        (["--display", "tft", "--screenshot", shot, "--tap", "a,b"], "bad --tap a,b"),
        (["--display", "tft", "--screenshot", shot, "--tap=-1,4"], "bad --tap -1,4"),
        (["--display", "tft", "--screenshot", shot, "--tap", "320,5"], "bad --tap 320,5: off the 320x240 screen"),
        (["--display", "tft", "--tap", "5,5"], "--tap presses the TFT in a --screenshot run"),
        (["--display", "matrix", "--screenshot", shot, "--tap", "5,5"], "--tap presses the TFT"),
    ]
    for argv, needle in cases:
        assert main(["sim"] + argv) == 2, argv
        err = capsys.readouterr().err
        assert needle in err and "Traceback" not in err and err.count("\n") == 1, err
    monkeypatch.setenv("KNIGHTSTOUR_TOUCH", "none")
    assert main(["sim", "--display", "tft", "--screenshot", shot, "--tap", "5,5"]) == 2
    assert "--tap needs a touch screen" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
