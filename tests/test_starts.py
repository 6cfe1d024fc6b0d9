"""Which starts have no open tour: the toy, `solve` and `orders analyse` against a brute force.

On every board of at most 36 squares, both ways round, the starts ruled out are exactly those
from which the brute force (support/reference.py tour_from: every path searched) finds no tour, and the
reason names the argument that rules each out.
"""

import pytest

from knightstour.board import Board
from knightstour.starts import impossibility, tour_exists
from knightstour.starts_data import TABLE, UNKNOWN
from knightstour_desktop.commands.solve import solve

from support.reference import boards, tour_from, tour_starts

PAIRS = [(w, h) for w, h in boards(36) if w <= h <= 32]  # the toy takes sides up to 32


def expected_argument(width, height, square, any_tour):
    """The argument that rules out a start with no tour, worked out here from the board."""
    f, r = square % width, square // width
    if not any_tour:
        return "no knight's tour exists on a %dx%d board" % (width, height)
    if width * height % 2 and (f + r) % 2:
        return "a tour must start on a square of a1's colour"
    if (width == 4 and f in (1, 2)) or (height == 4 and r in (1, 2)):
        return "(the outer/inner argument:"
    return "was searched: none visits every square"


@pytest.mark.slow
@pytest.mark.parametrize("width, height", PAIRS, ids=["%dx%d" % pair for pair in PAIRS])
def test_the_starts_ruled_out_are_exactly_those_without_a_tour(width, height):
    truth = tour_starts(width, height)
    for w, h, flip in ((width, height, False), (height, width, True)):
        board = Board(w, h)
        # (f, r) of w x h is (r, f) of the brute force's width x height when flipped
        has = [((s % w) * width + s // w if flip else s) in truth for s in range(board.squares)]
        for s in range(board.squares):
            reason = impossibility(board, s)
            answer = solve(board, s, "abcdefgh", "border", None)
            assert (reason is None) == has[s], (board.size_name, board.square_name(s))
            assert answer["tour_exists"] is has[s] is tour_exists(board, s)
            if reason:
                assert expected_argument(w, h, s, any(has)) in reason
                assert board.square_name(s) in reason or not any(has)
                assert answer["reason"] == reason


def test_the_brute_force_tours_are_tours():
    for w, h in [(3, 4), (5, 5), (3, 7), (4, 5), (6, 6)]:
        path = tour_from(w, h, 0)
        assert sorted(path) == list(range(w * h))
        assert all(sorted((abs(a % w - b % w), abs(a // w - b // w))) == [1, 2] for a, b in zip(path, path[1:]))


@pytest.mark.parametrize("width, height", [p for p in PAIRS if p[0] >= 3] + [(4, 3), (7, 3), (5, 4), (6, 5)])
def test_orders_analyse_agrees(width, height):
    pytest.importorskip("numba")
    from knightstour_desktop.analysis import Analysis

    board = Board(width, height)
    analysis = Analysis(board, "border")
    assert analysis.impossible_starts() == [s for s in range(board.squares) if impossibility(board, s)]
    assert analysis.unknown_starts() == []
    data = analysis.to_json()
    assert data["impossible_starts"] == [board.square_name(s) for s in analysis.impossible_starts()]
    assert data["unknown_starts"] == []


@pytest.mark.slow
def test_the_committed_table_of_searched_starts_equals_a_fresh_run(tmp_path, capsys):
    from knightstour_desktop.cli import main
    from knightstour_desktop.commands.starts_table import MODULE_PATH

    target = tmp_path / "starts_data.py"
    assert main(["orders", "starts", "--output", str(target)]) == 0
    out = capsys.readouterr().out
    assert "3x7   no tour from b4" in out and "searched every board from 1x1 to 32x32" in out
    with open(MODULE_PATH) as f:
        assert target.read_text() == f.read()
    assert TABLE.split("\n")[1:-1] == ["3x7 b4", "3x8 b3 b6", "7x3 d2", "8x3 c2 f2"]
    assert UNKNOWN == "\n"  # every start of every board up to 32x32 settled


def test_4x5_rules_out_the_inner_files_and_says_why():
    # Bug: `orders analyse --size 4x5` reported no impossible start.
    board = Board(4, 5)
    assert [board.square_name(s) for s in range(20) if impossibility(board, s)] == [
        "b1", "c1", "b2", "c2", "b3", "c3", "b4", "c4", "b5", "c5"]
    assert impossibility(board, board.parse_square("c3")) == (
        "on 4x5 a tour must start on the a or d file (the outer/inner argument: a knight on an outer file "
        "always moves to an inner one, and colours alternate); c3 is on an inner file")


@pytest.mark.parametrize("width, height", [(4, 3), (5, 4), (3, 7), (8, 3), (5, 5), (4, 6), (6, 5)])
def test_the_search_alone_proves_the_same_starts_impossible(width, height):
    # Without the theorems, the search's cuts (a square no longer reachable, two forced ends, the
    # outer/inner pattern) still find a tour from every start that has one, and prove the others.
    from knightstour.search import EXHAUSTED, search

    truth = tour_starts(width, height)
    board = Board(width, height)
    for s in range(board.squares):
        result = search(board, s, theory=False)
        assert result.status == ("found" if s in truth else EXHAUSTED), board.square_name(s)
        if result.found:
            assert sorted(result.path) == list(range(board.squares)) and result.path[0] == s


def test_a_start_the_search_cannot_settle_is_unknown(monkeypatch):
    # Every order gets stuck from c2 on 5x6: the analysis searches; with no budget the start is
    # unknown, counted neither way, and solve says the same.
    pytest.importorskip("numba")
    from knightstour_desktop import analysis

    board = Board(5, 6)
    c2 = board.parse_square("c2")
    assert analysis.Analysis(board).unknown_starts() == []
    monkeypatch.setattr(analysis, "SETTLE_BUDGET", 1)
    result = analysis.Analysis(board)
    assert result.unknown_starts() == [c2, board.parse_square("c5")]
    assert not result.possible[c2] and result.impossible_starts() == []
    assert result.to_json()["unknown_starts"] == ["c2", "c5"]
    from knightstour_desktop.commands.orders import summary

    assert summary(result, 0.0).splitlines()[2] == (
        "2 of the 30 squares are unknown (the search ran out of budget: unknown_starts in --json); "
        "failures count the other 28 starts")
    monkeypatch.setattr("knightstour.starts_data.UNKNOWN", "\n5x6 c2 c5\n")
    assert tour_exists(board, c2) is None and tour_exists(board, board.parse_square("c3")) is True
    assert solve(board, c2, "abcdefgh", "border", None)["tour_exists"] is None


def test_orders_analyse_names_the_arguments(capsys):
    pytest.importorskip("numba")
    from knightstour_desktop.cli import main

    for size, line in [("4x5", "no tour can start on 10 of the 20 squares (the outer/inner argument: "),
                       ("3x7", "no tour can start on 11 of the 21 squares (the colour argument, an exhaustive "
                               "search: "),
                       ("3x5", "no tour can start on 15 of the 15 squares (no tour on the board: ")]:
        assert main(["orders", "analyse", "--size", size]) == 0
        assert capsys.readouterr().out.splitlines()[2].startswith(line)
