"""Output files (--json, --output, --heatmap, --screenshot): nothing replaced that should not be,
every failure one line, no debris (issue 10, item 1)."""

import errno
import json
import os
import stat
import subprocess
import sys
import threading

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import orders as orders_command
from knightstour_desktop.commands import output


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err):
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_symlinks_target_is_written_and_the_link_stays(tmp_path, capsys):
    target = tmp_path / "real.json"
    target.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    code, _, _ = run(capsys, "orders", "analyse", "--size", "3x4", "--json", str(link))
    assert code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["size"] == "3x4"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_a_fifo_is_written_in_place_not_replaced(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got = []

    def reader():
        with open(fifo) as handle:
            got.append(handle.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    code, _, _ = run(capsys, "orders", "analyse", "--size", "3x4", "--json", str(fifo))
    thread.join(10)
    assert code == 0 and json.loads(got[0])["size"] == "3x4"
    assert fifo.is_fifo() and [p.name for p in tmp_path.iterdir()] == ["pipe.json"]


def test_a_full_device_is_one_line_exit_1_and_stays_a_device(tmp_path, capsys):
    link = tmp_path / "full.json"
    link.symlink_to("/dev/full")
    code, _, err = run(capsys, "orders", "analyse", "--size", "3x4", "--json", str(link))
    assert code == 1 and one_line(err) and "No space left" in err and "--json" in err
    assert link.is_symlink() and [p.name for p in tmp_path.iterdir()] == ["full.json"]
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_folder_is_refused_before_the_analysis_runs(tmp_path, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    code, out, err = run(capsys, "orders", "analyse", "--size", "5x5", "--json", str(folder))
    assert code == 2 and one_line(err) and "is a folder" in err
    assert "fails from k starts" not in out
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and list(folder.iterdir()) == []


def test_a_read_only_folder_is_refused_before_the_analysis_runs(tmp_path, capsys, monkeypatch):
    real_access = os.access
    monkeypatch.setattr(output.os, "access",
                        lambda path, mode: False if str(path) == str(tmp_path) else real_access(path, mode))
    code, out, err = run(capsys, "orders", "analyse", "--size", "5x5", "--heatmap", str(tmp_path / "h.png"))
    assert code == 2 and one_line(err) and "read-only" in err and "--heatmap" in err
    assert "fails from k starts" not in out and list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_a_failed_write_leaves_the_old_file_and_no_debris(tmp_path, capsys, monkeypatch):
    target = tmp_path / "orders_data.py"
    target.write_text("old\n")
    os.chmod(target, 0o640)

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    code, _, err = run(capsys, "orders", "write", "--output", str(target))
    assert code == 1 and one_line(err) and "--output" in err and "No space left" in err
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["orders_data.py"]


def test_a_replaced_file_keeps_its_permissions(tmp_path, capsys):
    target = tmp_path / "a.json"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    assert run(capsys, "orders", "analyse", "--size", "3x4", "--json", str(target))[0] == 0
    assert json.loads(target.read_text())["size"] == "3x4" and (target.stat().st_mode & 0o777) == 0o640


def test_screenshot_through_a_symlink_writes_the_target(tmp_path, capsys):
    target = tmp_path / "shot.png"
    target.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    code, _, _ = run(capsys, "sim", "--display", "matrix", "--start", "a1", "--order", "ahfdgceb",
                     "--screenshot", str(link), "--moves", "3")
    assert code == 0 and link.is_symlink()
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.png", "shot.png"]


def test_screenshot_into_a_folder_is_one_line(tmp_path, capsys):
    folder = tmp_path / "x.png"
    folder.mkdir()
    code, _, err = run(capsys, "sim", "--display", "tft", "--screenshot", str(folder))
    assert code == 2 and one_line(err) and "is a folder" in err


def test_stdout_to_a_full_device_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "solve", "--start", "c3"],
                              stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1 and one_line(done.stderr) and "No space left" in done.stderr


def test_ctrl_c_during_the_analysis_exits_130_quietly(capsys, monkeypatch):
    def interrupted(board, rule):
        raise KeyboardInterrupt

    monkeypatch.setattr(orders_command, "analysis_class", lambda: interrupted)
    code, out, err = run(capsys, "orders", "analyse", "--size", "8x8")
    assert code == 130 and err == ""
