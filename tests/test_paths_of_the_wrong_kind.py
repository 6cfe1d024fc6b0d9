"""A path that exists but is the wrong kind of thing (a file for a folder, a folder for a program, a
pipe nobody reads for a zip) is named as what it is, in one line, and nothing is written."""

import io
import os
import subprocess
import sys

import pytest

from support.cli import one_line, run_cli

EXE = os.path.join(os.path.dirname(sys.executable), "knights-tour")


@pytest.fixture(autouse=True)
def no_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))


def test_deploy_to_a_file_says_it_is_a_file_not_a_folder(tmp_path, capsys):
    boot = tmp_path / "boot_out.txt"
    boot.write_text("Adafruit CircuitPython 10.0.3 on 2025-10-01; Adafruit Feather M4 Express with samd51j19\n")
    code, _, err = run_cli(capsys, "deploy", str(boot), "--dry-run", "--no-libs")
    assert code == 2 and one_line(err), err
    assert "no such folder" not in err and "is a file, not a folder" in err and "CIRCUITPY" in err


def test_mpy_cross_that_is_a_folder_says_it_is_a_folder(tmp_path, capsys):
    folder = tmp_path / "mpy-cross"
    folder.mkdir()
    code, _, err = run_cli(capsys, "bundle", str(tmp_path / "toy.zip"), "--mpy-cross", str(folder))
    assert code == 2 and one_line(err), err
    assert "no such program" not in err and "is a folder" in err and "mpy-cross" in err
    assert os.listdir(tmp_path) == ["mpy-cross"]


def test_bundle_into_a_pipe_nobody_reads_is_refused_not_stuck(tmp_path):
    fifo = tmp_path / "toy.zip"
    os.mkfifo(fifo)
    done = subprocess.run([EXE, "bundle", str(fifo), "--display", "max7219"], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert done.returncode != 0 and one_line(done.stderr), done.stderr
    assert "a pipe nothing reads" in done.stderr and "OUT.zip" in done.stderr
    assert sorted(os.listdir(tmp_path)) == ["toy.zip"]


def test_deploy_names_a_folder_or_a_pipe_where_its_files_go(tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3 on 2025-10-01; Adafruit Feather M4 "
                                        "Express with samd51j19\n")
    (drive / "code.py").mkdir()
    os.mkfifo(drive / "settings.toml")
    before = sorted(os.listdir(drive))
    code, _, err = run_cli(capsys, "deploy", str(drive), "--no-libs")
    assert code == 2 and one_line(err) and "code.py is not a file but a folder" in err, err
    os.rmdir(drive / "code.py")
    code, _, err = run_cli(capsys, "deploy", str(drive), "--no-libs")
    assert code == 2 and one_line(err) and "settings.toml is not a file but a pipe" in err, err
    assert "a folder" not in err and sorted(os.listdir(drive)) == [n for n in before if n != "code.py"]


def test_web_build_into_a_file_or_a_missing_folder_says_what_to_give(tmp_path, capsys):
    page = tmp_path / "site.html"
    page.write_text("mine\n")
    code, _, err = run_cli(capsys, "web", "build", str(page))
    assert code == 2 and one_line(err) and "is a file, not a folder" in err and "give a new or empty folder" in err
    code, _, err = run_cli(capsys, "web", "build", str(tmp_path / "nowhere" / "site"))
    assert code == 2 and one_line(err) and "give a new or empty folder" in err, err
    assert os.listdir(tmp_path) == ["site.html"] and page.read_text() == "mine\n"
