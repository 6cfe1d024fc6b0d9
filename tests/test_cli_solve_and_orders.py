"""`knights-tour solve` and `knights-tour orders`: the board printed and its JSON, the reasons and
exit codes, the analysis's files, and the committed super orders equal to a fresh run."""

import json
import os
import sys

import pytest

from knightstour.orders import super_orders
from knightstour_desktop.cli import main
from knightstour_desktop.commands.orders import MODULE_PATH, kept_orders, super_orders_source


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_the_board_rank_8_first_and_a_result_line(capsys):
    code, out, _ = run(capsys, "solve", "--start", "a1")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("8 ") and lines[7].startswith("1  1 ")  # a1 holds move 1
    assert lines[8].split() == list("abcdefgh")
    assert lines[-1].startswith("complete: 64 squares")


def test_solve_json_has_the_contract_keys(capsys):
    code, out, _ = run(capsys, "solve", "--start", "C3", "--order", "AHFDGCEB", "--json")
    data = json.loads(out)
    assert list(data) == ["size", "start", "order", "rule", "squares", "complete", "closed", "tour_exists"]
    assert data["start"] == "c3" and data["order"] == "ahfdgceb" and data["squares"][0] == "c3"
    assert data["complete"] is True and data["tour_exists"] is True and code == 0


def test_super_order_and_random_start_are_seeded(capsys):
    first = run(capsys, "solve", "--start", "random", "--order", "super", "--seed", "4", "--json")[1]
    again = run(capsys, "solve", "--start", "random", "--order", "super", "--seed", "4", "--json")[1]
    assert first == again
    assert json.loads(first)["order"] in super_orders("8x8")


def test_no_tour_exists_gives_the_reason_and_exit_1(capsys):
    code, out, _ = run(capsys, "solve", "--size", "5x5", "--start", "b1", "--json")
    data = json.loads(out)
    assert code == 1 and data["tour_exists"] is False and "a1's colour" in data["reason"]
    code, out, _ = run(capsys, "solve", "--size", "3x8", "--start", "b3", "--guaranteed")
    assert code == 1 and out.splitlines()[-1] == (
        "no tour exists: every path from b3 on 3x8 was searched: none visits every square")
    code, out, _ = run(capsys, "solve", "--size", "4x5", "--start", "b1", "--json")
    data = json.loads(out)
    assert code == 1 and data["tour_exists"] is False and "(the outer/inner argument:" in data["reason"]


def test_stuck_heuristic_without_search_is_known_to_exist(capsys):
    # Every start the theorems and the searched table leave has a tour (`orders starts` found one).
    code, out, _ = run(capsys, "solve", "--size", "5x6", "--start", "c2", "--json")
    data = json.loads(out)
    assert code == 1 and not data["complete"] and data["tour_exists"] is True
    assert out.count("reason") == 0
    code, out, _ = run(capsys, "solve", "--size", "3x4", "--start", "a1", "--json")
    assert code == 0 and json.loads(out)["complete"]


def test_closed_mode(capsys):
    code, out, _ = run(capsys, "solve", "--closed", "--start", "1,1", "--json")
    data = json.loads(out)
    assert code == 0 and data["closed"] and data["squares"][0] == "a1"


@pytest.mark.parametrize("argv,needle", [
    (["solve", "--order", "abc"], "a check order is the eight move labels"),
    (["solve", "--size", "33x3"], "from 1 to 32"),
    (["solve", "--start", "z9"], "a1 to h8"),
    (["solve", "--rule", "nearest"], "border, centre, first, random"),
    (["solve", "--size", "4x4", "--order", "super"], "computed for 5x5, 6x6, 7x7"),
    (["solve", "--size", "8x8", "--rule", "first", "--order", "super"], "with rule border"),
    (["orders", "analyse", "--rule", "random"], "one of border, centre, first (the random rule"),
    (["orders", "analyse", "--rule", "bogus"], "bad --rule bogus: one of border, centre, first ("),
])
def test_bad_input_is_one_clear_line_and_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_analyse_writes_json_and_heatmap(tmp_path, capsys):
    json_path, png_path = tmp_path / "a.json", tmp_path / "h.png"
    code, out, _ = run(capsys, "orders", "analyse", "--size", "5x6", "--json", str(json_path),
                       "--heatmap", str(png_path))
    assert code == 0 and "fails from k starts" in out
    data = json.loads(json_path.read_text())
    assert data["size"] == "5x6" and data["orders"] == 40320 and len(data["closed_by_start"]) == 30
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyse_refuses_a_missing_folder_before_working(tmp_path, capsys):
    code, _, err = run(capsys, "orders", "analyse", "--size", "5x5", "--json", str(tmp_path / "no" / "a.json"))
    assert code == 2 and "does not exist" in err
    assert not (tmp_path / "no").exists()


@pytest.mark.slow
def test_the_committed_super_orders_equal_a_fresh_run(tmp_path, capsys):
    # `orders write` analyses every size from 5x5 to 16x16 (numba-compiled: seconds).
    target = tmp_path / "orders_data.py"
    code, out, _ = run(capsys, "orders", "write", "--output", str(target))
    assert code == 0 and "wrote the orders of 12 sizes" in out
    assert os.path.basename(MODULE_PATH) == "orders_data.py"
    with open(MODULE_PATH) as f:
        assert target.read_text() == f.read()


def test_the_module_text_comes_from_the_entries(monkeypatch):
    text = super_orders_source([("8x8", 0, 21, ["ahfdgceb", "bcegdhfa"]), ("7x7", 4, 0, ["abdgcefh"]),
                                ("16x16", 0, 17, ["achgfedb"])])
    namespace = {}
    exec(text, namespace)
    assert namespace["RULE"] == "border"
    monkeypatch.setattr("knightstour.orders_data.TABLE", namespace["TABLE"])
    assert super_orders("8x8") == ("ahfdgceb", "bcegdhfa")
    assert super_orders("7x7") == ("abdgcefh",) and super_orders("9x9") == ()
    assert super_orders("6x6") == ()  # not the end of 16x16
    assert namespace["TABLE"].split("\n")[2] == "7x7 4 0 abdgcefh"


def test_kept_orders_are_spread_over_the_sorted_names():
    names = ["o%02d" % i for i in range(24)]
    assert kept_orders(names) == ["o00", "o03", "o06", "o09", "o12", "o15", "o18", "o21"]
    assert kept_orders(names[:5]) == names[:5]


def test_the_summary_names_a_few_super_orders_when_every_order_ties(capsys):
    code, out, _ = run(capsys, "orders", "analyse", "--size", "6x6")
    line = next(line for line in out.splitlines() if line.startswith("super orders"))
    assert code == 0 and line.startswith("super orders (40320): abcdefgh ")
    assert line.endswith("... and 40304 more (all of them in --json)")


def test_orders_without_numpy_or_numba_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "knightstour_desktop.analysis", None)  # as if numba were missing
    code, out, err = run(capsys, "orders", "analyse", "--size", "5x5")
    assert code == 2 and out == ""
    assert "pip install 'knights-tour-toy[analysis]'" in err and len(err.strip().splitlines()) == 1
