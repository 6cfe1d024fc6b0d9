"""What a new user meets on the command line: sizes in the unit a person reads (deploy --dry-run, bundle),
bundle into a pipe saying the bytes it sent, bundle refusing to replace a file that is not a zip, and
argparse's errors naming the subcommand and what is accepted."""

import os
import threading
import zipfile

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import deploy
from knightstour_desktop.commands.output import size_text


@pytest.fixture(autouse=True)
def no_cached_compilers(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.mark.parametrize("size, text", [
    (0, "0 KB"), (512, "0.5 KB"), (1024, "1 KB"), (300 * 1024, "300 KB"), (1023 * 1024, "1023 KB"),
    (1024 ** 2, "1 MB"), (int(1.5 * 1024 ** 2), "1.5 MB"), (700 * 1024 ** 2, "700 MB"),
    (1024 ** 3, "1 GB"), (77095608 * 1024, "73.5 GB"), (250 * 1024 ** 3, "250 GB"),
])
def test_sizes_read_in_kb_mb_or_gb(size, text):
    assert size_text(size) == text


def test_deploy_dry_run_gives_a_big_drives_free_space_in_gb(tmp_path, capsys, monkeypatch):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express\n")
    monkeypatch.setattr(deploy, "free_bytes", lambda path: (77095608 * 1024, 4096))
    assert main(["deploy", str(drive), "--no-libs", "--dry-run"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith("needed, 73.5 GB free)") and "77095608" not in last, last


def test_bundle_into_a_pipe_says_the_bytes_it_sent(tmp_path, capsys):
    fifo = tmp_path / "toy.zip"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    try:
        code = main(["bundle", str(fifo), "--display", "max7219"])
    finally:
        if reader.is_alive():  # nothing was written: let the reader go
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(30)
    assert code == 0 and got and got[0].startswith(b"PK\x03\x04")
    out = capsys.readouterr().out
    assert out.rstrip().endswith(size_text(len(got[0]))) and " 0 KB" not in out, out


def test_bundle_refuses_to_replace_a_file_that_is_not_a_zip(tmp_path, capsys):
    notes = tmp_path / "notes.zip"
    notes.write_bytes(b"my notes, not a zip\n")
    assert main(["bundle", str(notes), "--display", "max7219"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(notes) in err and "remove it or give another name" in err, err
    assert notes.read_bytes() == b"my notes, not a zip\n" and os.listdir(tmp_path) == ["notes.zip"]


@pytest.mark.parametrize("old", [b"", b"zip"])
def test_bundle_still_replaces_an_old_zip_or_an_empty_file(tmp_path, capsys, old):
    archive = tmp_path / "toy.zip"
    if old:
        with zipfile.ZipFile(archive, "w") as z:  # an earlier bundle's (another zip is refused: test_bundle.py)
            z.writestr("knightstour/README.txt", "the old bundle")
            z.writestr("knightstour/old.txt", "the old bundle")
    else:
        archive.write_bytes(b"")
    assert main(["bundle", str(archive), "--display", "max7219"]) == 0
    with zipfile.ZipFile(archive) as z:
        assert "knightstour/old.txt" not in z.namelist() and "knightstour/README.txt" in z.namelist()
    assert os.listdir(tmp_path) == ["toy.zip"]


@pytest.mark.parametrize("argv, needle", [
    (["solve", "--budget", "x"], "bad value x: give a whole number, at least 1"),
    (["solve", "--budget", "0"], "give a whole number, at least 1"),
    (["solve", "--seed", "1.5"], "bad value 1.5: give a whole number, e.g. 1"),
    (["solve", "--seed=--7"], "bad value --7: give a whole number, e.g. 1"),
    (["solve", "--bogus"], "unrecognized arguments: --bogus"),
    (["bundle"], "the following arguments are required"),
])
def test_subcommand_errors_name_the_subcommand(capsys, argv, needle):
    with pytest.raises(SystemExit) as exit:
        main(argv)
    err = capsys.readouterr().err
    assert exit.value.code == 2 and err.count("\n") == 1
    assert err.startswith("knights-tour %s: error: " % argv[0]) and needle in err, err
