"""Every reason and result text the toy can show is drawn whole on every TFT screen it supports:
the ILI9341's 320x240 in each rotation and the PyPortal Titano's 480x320, buttons included."""

import pytest

from knightstour import rescue
from knightstour.board import MIN_SIDE, Board
from knightstour.hw.views import font
from knightstour.hw.views.tft import MAX_SIDE, RESULT_TEXT
from knightstour.play import DEAD_END
from knightstour.search import EXHAUSTED, SearchResult
from knightstour.starts import impossibility
from knightstour_sim.screenshot import Emulated
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import make_settings
from support.chips import shown_lines
from support.ocr import TESSERACT, read_panel, screen

SCREENS = [  # (display, board kind, rotation, touch)
    ("ili9341", "feather_rp2040", 0, "stmpe610"),
    ("ili9341", "feather_rp2040", 90, "stmpe610"),
    ("ili9341", "feather_rp2040", 180, "ft6206"),
    ("ili9341", "feather_rp2040", 270, "ft6206"),
    ("ili9341", "feather_rp2040", 0, "none"),
    ("builtin", "pyportal_titano", 0, None),
    ("builtin", "pyportal_titano", 90, None),
]


def start_reasons():
    """{reason: (board, start)} for every start without a tour on every board the TFT shows."""
    reasons = {}
    for width in range(MIN_SIDE, MAX_SIDE + 1):
        for height in range(MIN_SIDE, MAX_SIDE + 1):
            board = Board(width, height)
            for start in range(board.squares):
                reason = impossibility(board, start, short=True)
                if reason:
                    reasons.setdefault(reason, (board, start))
    return reasons


class _Tour:
    def __init__(self, board, start, square, length, complete, closed):
        self.start, self.square, self.length = start, square, length
        self.complete, self.closed = complete, closed


def end_texts():
    """(result kind, status) of every kind of tour end, as the app words them, with the longest
    square names and counts of a 16x16 board and the singular of 1x1."""
    shown = []
    for size, start, square in (("16x16", 240, 255), ("1x1", 0, 0)):
        sim = Simulator(make_settings(size=size, speed="0"), display="ili9341", clock=FakeClock(), seed=1)
        app, board = sim.app, sim.board
        for complete, closed, budget in ((True, True, False), (True, False, False), (False, False, False),
                                         (False, False, True)):
            app.tours.out_of_budget = budget
            length = board.squares if complete else max(1, board.squares - 1)
            app.tours.tour = _Tour(board, start, square, length, complete, closed)
            app.tours.finish()
            shown.append((sim.display.result_kind, sim.display.status_text))
    shown.append(("stuck", DEAD_END % (255, 256)))  # play mode's dead end, at its longest
    return shown


def rescue_exhausted_text(monkeypatch):
    """The rescue's reason where its own search proves there is no tour (a start the table
    lacks): its search is made to say so, on p16 of 16x16."""
    monkeypatch.setattr(rescue, "RERUNS", 0)
    monkeypatch.setattr(rescue, "search", lambda *args, **kwargs: SearchResult(EXHAUSTED, None, 5, "none"))
    sim = Simulator(make_settings(size="16x16", order="abcdefgh", speed="0"), display="ili9341", clock=FakeClock(), seed=1)
    app = sim.app
    app.tours.solver.order = app.tours.orders[0]
    return rescue.rescue(app.tours, 255)


def test_the_reasons_are_the_short_forms():
    reasons = start_reasons()
    print("\n".join(sorted(reasons)))
    assert reasons["a 5x5 tour starts on the colour of a1"][0].size_name == "5x5"
    assert "a 4x5 tour starts on file a or d" in reasons and "a 5x4 tour starts on rank 1 or 4" in reasons
    assert "no tour exists on 4x4" in reasons and "no path from b4 visits every square" in reasons
    # the CLI keeps the argument
    assert "outer/inner argument" in impossibility(Board(4, 5), 1)


def test_a_search_that_proves_no_tour_says_it_in_the_short_form(monkeypatch):
    assert rescue_exhausted_text(monkeypatch) == "no path from p16 visits every square"


@pytest.mark.parametrize("display, kind, rotation, touch", SCREENS)
def test_every_reason_and_result_is_drawn_whole(monkeypatch, display, kind, rotation, touch):
    texts = sorted(start_reasons()) + [rescue_exhausted_text(monkeypatch)]
    ends = end_texts()
    texts += [status for _, status in ends] + ["tour from p16"]
    results = [RESULT_TEXT[kind] for kind in ("impossible", "budget", "closed", "complete", "stuck")]
    assert [kind for kind, _ in ends[:4]] == ["closed", "complete", "stuck", "budget"]
    emulated = Emulated(display, {"start": "c3"}, kind=kind, rotation=rotation, touch=touch)
    try:
        view = emulated.display
        width, height = view.width, view.height
        foot = min([button[1] for button in view.buttons] or [height])
        status = view.labels["status"]
        rows = status.bitmap.height // status.line_height
        tile = status.tilegrid
        assert tile.x + status.bitmap.width <= width and tile.y + status.bitmap.height <= foot  # on the panel
        for text in texts:
            assert all(font.FIRST <= ord(ch) <= font.LAST for ch in text), text
            view.status(text)
            lines = shown_lines(status)
            assert len(lines) <= rows and all(len(line) <= status.columns for line in lines), (text, lines)
            assert " ".join(line for line in lines if line) == text, (text, lines)  # nothing cut or split
        result = view.labels["result"]
        for text in results:
            assert len(text) <= result.columns, text
            assert result.tilegrid.x + result.bitmap.width <= width
    finally:
        emulated.close()


@pytest.mark.parametrize("rotation, size, start, reason", [
    (0, "6x4", "a2", "a 6x4 tour starts on rank 1 or 4"),
    (90, "4x5", "b1", "a 4x5 tour starts on file a or d"),
])
def test_ocr_reads_an_impossible_starts_whole_reason(rotation, size, start, reason):
    if TESSERACT is None:
        pytest.skip("tesseract is not installed")
    emulated = Emulated("ili9341", {"start": start, "size": size}, rotation=rotation, touch="stmpe610")
    try:
        emulated.run_tour()
        view = emulated.display
        assert emulated.app.tours.last_kind == "impossible" and view.status_text == reason
        pairs = read_panel(view, screen(emulated))
        print("OCR %s %s: %s" % (size, start, [read for read, _ in pairs]))
        read = [read for read, _ in pairs]
        assert "NO TOUR" in read and reason == " ".join(read[read.index("NO TOUR") + 1:])  # all of it, exactly
    finally:
        emulated.close()


@pytest.mark.slow
@pytest.mark.parametrize("display, kind, rotation", [("ili9341", "feather_rp2040", 0), ("builtin", "pyportal_titano", 0)])
def test_a_search_out_of_budget_reads_out_of_budget_never_stuck(monkeypatch, display, kind, rotation):
    # Order abcdefgh with the "first" rule gets stuck from e3; with no search budget the toy stops there.
    monkeypatch.setattr(rescue, "SEARCH_BUDGET", 1)
    emulated = Emulated(display, {"start": "e3", "order": "abcdefgh", "rule": "first"}, kind=kind,
                        rotation=rotation, touch="stmpe610" if display == "ili9341" else None)
    try:
        emulated.run_tour()
        view = emulated.display
        assert emulated.app.tours.last_kind == "budget" and emulated.app.tours.gave_up == 1
        assert view.labels["result"].text == "OUT OF BUDGET"
        assert view.status_text.startswith("gave up on ") and view.status_text.endswith(" squares")
        shown = " ".join(item.text for item in view.labels.values())
        assert "STUCK" not in shown.upper()
        if TESSERACT is not None:
            pairs = read_panel(view, screen(emulated))
            print("OCR budget: %s" % [read for read, _ in pairs])
            read = [read for read, _ in pairs]
            # tesseract reads this font's 0 as 6 or 8: the words, not the count
            assert "OUT OF BUDGET" in read and " ".join(read[read.index("OUT OF BUDGET") + 1:]).startswith(
                view.status_text[:len("gave up on a4")])
    finally:
        emulated.close()
