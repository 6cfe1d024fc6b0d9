"""`knights-tour sim --plain`: text frames, exit codes, settings errors, play from stdin lines."""

import io

import pytest

from knightstour.settings import Settings
from knightstour_sim import plain
from knightstour_sim.keys import KeyReader, parse_line
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import show_an_impossible_start
from support.cli import run_sim


def test_plain_once_prints_frames_without_control_codes(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run_sim(capsys, "--plain", "--once", "--speed", "0", "--start", "c3", "--seed", "1")
    assert code == 0, err
    assert "\x1b" not in out
    frames = out.strip().split("\n\n")
    assert len(frames) == 64  # one per square, the last with the result
    assert "move 1 of 64" in frames[0] and "tour from c3" in frames[0]
    assert ("complete: 64 squares" in frames[-1] or "closed tour!" in frames[-1] and "64 squares; " in frames[-1])
    assert "move 64 of 64" in frames[-1]
    assert "[ 1]" in frames[0]  # the TFT look: the knight on its move number


def test_plain_once_exit_code_1_when_stuck(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    # Order abcdefgh with the "first" rule gets stuck from e3; with no search budget the toy stops there.
    monkeypatch.setattr("knightstour.rescue.SEARCH_BUDGET", 1)
    code, out, _ = run_sim(capsys, "--plain", "--once", "--speed", "0", "--order", "abcdefgh",
                           "--rule", "first", "--start", "e3", "--display", "matrix")
    assert code == 1
    last = out.strip().split("\n\n")[-1]
    assert "result: out of budget" in last and "gave up on " in last
    assert "stuck" not in last and "X" not in last  # a tour may exist: not shown as stuck


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--rule", "zig"], "bad --rule zig: one of border, centre, first, random"),
        (["--order", "abc"], "bad --order abc: super, or a check order is the eight move labels a-h"),
        (["--size", "0x3"], "bad --size 0x3: a board size is WxH"),
        (["--speed", "fast"], "bad --speed fast: 0 (no delay) or a number from 0.01 to 100"),
        (["--start", "k9"], "bad --start k9: not a square of the 8x8 board (a1 to h8)"),
        (["--size", "10x10", "--display", "matrix"], "the 10x10 board does not fit the display (at most 8x8)"),
    ],
)
def test_bad_options_exit_2_naming_the_key(capsys, argv, message):
    code, out, err = run_sim(capsys, "--plain", "--once", *argv)
    assert code == 2
    assert message in err
    assert "using the default" not in err
    assert out == ""


def test_bad_environment_and_config_file(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("KNIGHTSTOUR_PACE_SHAPE", "wavy")
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_MODE = "party"\nKNIGHTSTOUR_SOUND = "loud"\n')
    code, _, err = run_sim(capsys, "--plain", "--once", "--config", str(config))
    assert code == 2
    lines = err.strip().split("\n")
    assert len(lines) == 3
    assert "bad KNIGHTSTOUR_MODE = 'party': one of attract, touch, play" in lines[0]
    assert "bad KNIGHTSTOUR_SOUND = 'loud': on or off" in lines[1]
    assert "bad KNIGHTSTOUR_PACE_SHAPE = 'wavy': one of linear, quadratic, cubic, exponential" in lines[2]


def test_config_file_settings_are_used(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_START = "e4"\nKNIGHTSTOUR_SPEED = 0\nKNIGHTSTOUR_ORDER = "ahfdgceb"\n')
    code, out, _ = run_sim(capsys, "--plain", "--once", "--config", str(config))
    assert code == 0
    assert "tour from e4" in out and "order ahfdgceb" in out


def test_play_from_stdin_lines(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("a1\nb4\nb3\nu\nc2\nh\nnonsense\nq\n"))
    code, out, _ = run_sim(capsys, "--plain", "--play", "--display", "tft")
    assert code == 0
    assert "play: touch a square to start" in out
    assert "illegal: b4 is not a knight move from a1" in out
    assert "undo: back on a1, move 1; 2 moves from here" in out
    assert "hint: Warnsdorff goes to" in out
    assert "? nonsense:" in out


def test_play_once_exit_code_follows_the_game(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("g6\ne5\nf7\nh8\n"))
    code, out, _ = run_sim(capsys, "--plain", "--play", "--once")
    assert code == 1
    assert "dead end: 4 of 64 squares" in out


def test_run_plain_with_a_fake_clock_sleeps_the_paced_delays():
    settings = Settings()
    settings.set("start", "c3")
    clock = FakeClock()
    sim = Simulator(settings, clock=clock, seed=1)
    sleeps = []

    def sleep(seconds):
        sleeps.append(seconds)
        clock.advance(seconds)

    out = io.StringIO()
    assert plain.run(sim, "max7219", once=True, out=out, sleep=sleep) == 0
    assert 10 < sum(sleeps) < 20  # about 14 s of paced moves, slept by the caller
    assert out.getvalue().count(" of 64\n") == 64


def test_parse_line_and_key_reader():
    sim = Simulator(Settings(), clock=FakeClock())
    board = sim.board
    assert parse_line(board, "C3\n") == board.parse_square("c3")
    assert parse_line(board, "3,3") == board.parse_square("c3")
    assert parse_line(board, "r") == "random"
    assert parse_line(board, "faster") == "faster"
    assert parse_line(board, "zz") is None
    keys = KeyReader(board)
    assert keys.feed("c") is None
    assert keys.feed("3") == board.parse_square("c3")
    assert keys.feed("r") == "random"
    assert keys.feed("h", now=1.0) == "hint"  # the hint at once; h is a file too: a rank may follow
    assert keys.feed("5", now=1.2) == board.parse_square("h5")
    assert keys.feed("h", now=2.0) == "hint"
    assert keys.expire(2.5) is None
    assert keys.expire(3.0) is None  # a lone h: the hint was given already
    assert keys.feed("?") == "hint"
    assert keys.feed("+") == "faster" and keys.feed("-") == "slower"
    keys.cursor = board.parse_square("d4")
    keys.feed("up")
    keys.feed("right")
    assert keys.feed("enter") == board.parse_square("e5")
    for _ in range(10):
        keys.feed("left")
    assert board.square_name(keys.cursor) == "a5"


def test_key_reader_on_a_tall_board_waits_for_the_second_digit():
    settings = Settings()
    settings.set("size", "12x12")
    sim = Simulator(settings, display="ili9341", clock=FakeClock())
    keys = KeyReader(sim.board)
    assert keys.feed("c", 0) is None
    assert keys.feed("1", 0) is None
    assert keys.feed("2", 0) == sim.board.parse_square("c12")
    keys.feed("b", 0)
    keys.feed("1", 0)
    assert keys.feed("enter", 0) == sim.board.parse_square("b1")


def typed(keys, text, now=0.0):
    """The events of typing ``text`` (one key per character; "\n" is Enter)."""
    events = []
    for ch in text:
        event = keys.feed("enter" if ch == "\n" else ch, now)
        if event is not None:
            events.append(event)
    return events


def test_a_typed_square_then_enter_is_one_touch():
    board = Simulator(Settings(), clock=FakeClock()).board
    keys = KeyReader(board)
    assert typed(keys, "c3\n") == [board.parse_square("c3")]
    assert typed(keys, "\n") == [board.parse_square("c3")]  # a later Enter touches the cursor again
    assert typed(keys, "e4\n") == [board.parse_square("e4")]


def test_typed_c3_then_enter_starts_one_tour():
    settings = Settings()
    settings.set("speed", "1")
    sim = Simulator(settings, clock=FakeClock(), seed=3)
    sim.update()
    tours_begun = []
    begin = sim.display.begin
    sim.display.begin = lambda *a: (tours_begun.append(a), begin(*a))
    keys = KeyReader(sim.board)
    for event in typed(keys, "c3\n"):
        sim.input.push(event)
    sim.update()
    assert len(tours_begun) == 1 and sim.app.tours.tour.start == sim.board.parse_square("c3")


def test_squares_off_the_board_get_a_short_message():
    board = Simulator(Settings(), clock=FakeClock()).board
    keys = KeyReader(board)
    assert typed(keys, "c9") == []
    assert keys.message == "c9 is not on the 8x8 board (a1 to h8)"
    assert typed(keys, "j") == []
    assert keys.message.startswith("? j: type a square (c3)")
    assert typed(keys, "9") == [] and keys.message == "j9 is not on the 8x8 board (a1 to h8)"
    assert typed(keys, "5") == [] and keys.message == "j95 is not on the 8x8 board (a1 to h8)"
    assert typed(keys, "r") == ["random"] and typed(keys, "5") == [] and keys.message.startswith("? 5: type")
    assert typed(keys, "c") == [] and keys.message == ""
    assert typed(keys, "\n") == [] and keys.message == "c: type the rank too (c3)"
    assert typed(keys, "d2") == [board.parse_square("d2")] and keys.message == ""


def test_plain_view_names_a_square_off_the_board(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("k3\nq\n"))
    code, out, _ = run_sim(capsys, "--plain", "--play", "--display", "matrix")
    assert code == 0
    assert "k3 is not on the 8x8 board (a1 to h8)" in out


def test_the_panel_says_each_thing_once():
    sim = Simulator(Settings(), clock=FakeClock(), seed=1)
    board = sim.board
    display = sim.display
    display.begin(board, "attract", "ahfdgceb", "border")
    display.light(0, 1)
    display.knight(0)
    display.status("tour from a1, order ahfdgceb")
    assert plain.panel_lines(display) == ["move 1 of 64", "rule border", "tour from a1, order ahfdgceb"]
    display.result("stuck", 1, 0)
    display.status("stuck on a1 after 1 square")
    assert plain.panel_lines(display) == ["move 1 of 64", "order ahfdgceb", "rule border",
                                          "stuck on a1 after 1 square"]


def test_plain_view_of_an_impossible_start():
    settings = Settings()
    settings.set("size", "5x5")
    sim = Simulator(settings, clock=FakeClock(), seed=1)
    d = sim.display
    b1, reason = show_an_impossible_start(d, sim.board)
    lines = plain.frame(d, "both")
    matrix = [line[:9] for line in lines[:5]]
    # The short form: every square of b1's colour lit, the knight on b1.
    assert matrix == [". o . o .", "o . o . o", ". o . o .", "o . o . o", ". @ . o ."]
    text = "\n".join(lines)
    assert reason in text and "result: no tour from here" in text


def test_input_that_is_no_square_is_refused_and_the_tour_goes_on():
    # z9, i9 on 8x8 and a word, each typed with its Enter: one message each, no touch at all
    # (the Enter after refused input used to touch the cursor's square and restart the tour).
    board = Simulator(Settings(), clock=FakeClock()).board
    for text, message in (("z9\n", "z9 is not on the 8x8 board (a1 to h8)"),
                          ("i9\n", "i9 is not on the 8x8 board (a1 to h8)"),
                          ("junk\n", "? junk: type a square (c3)"), ("c3x\n", "? x: type a square (c3)")):
        keys = KeyReader(board)
        events = typed(keys, text)
        assert [e for e in events if e != board.parse_square("c3")] == [], text
        assert keys.message.startswith(message), (text, keys.message)
        assert typed(keys, "\n") == []  # more Enters confirm nothing either
        assert typed(keys, "d2") == [board.parse_square("d2")]  # and the next square is read as ever


def test_a_refused_square_leaves_the_running_tour_alone():
    settings = Settings()
    settings.set("start", "c3")
    sim = Simulator(settings, clock=FakeClock(), seed=3)
    sim.update()
    begun = []
    begin = sim.display.begin
    sim.display.begin = lambda *a: (begun.append(a), begin(*a))
    keys = KeyReader(sim.board)
    for event in typed(keys, "z9\n") + typed(keys, "i9\n"):
        sim.input.push(event)
    sim.update()
    assert begun == [] and sim.app.tours.tour.start == sim.board.parse_square("c3")


def test_plain_view_refuses_non_squares_and_finishes(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("z9\ni9\njunk\n0,0\n"))
    code, out, _ = run_sim(capsys, "--plain", "--once", "--display", "matrix", "--speed", "0", "--start", "a1")
    assert code == 0 and "complete: 64 squares from a1" in out
    for message in ("z9 is not on the 8x8 board", "i9 is not on the 8x8 board", "? junk: type a square",
                    "0,0 is not on the 8x8 board (1,1 to 8,8)"):
        assert message in out, message
