"""`knights-tour deploy` with no path finds the CIRCUITPY drive where each desktop mounts it.

The mount folders and Windows' volume labels are stand-ins handed to the finder; the Linux case
also runs the whole deploy onto the drive it found."""

import os

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import find_drive

BOOT_OUT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express\n"


def board(folder):
    folder.mkdir(parents=True)
    (folder / "boot_out.txt").write_text(BOOT_OUT)
    return folder


def test_the_places_each_desktop_mounts_usb_drives():
    assert find_drive.mount_roots("linux", {"USER": "ada"}) == ["/media/ada", "/run/media/ada"]
    assert find_drive.mount_roots("linux", {"USER": "root", "SUDO_USER": "ada"}) == ["/media/ada", "/run/media/ada"]
    assert find_drive.mount_roots("darwin", {"USER": "ada"}) == ["/Volumes"]
    assert find_drive.mount_roots("win32", {"USERNAME": "ada"}) == []


@pytest.mark.parametrize("root", ["media/ada", "run/media/ada"])
def test_linux_finds_the_drive_in_either_mount_folder(tmp_path, root):
    roots = [str(tmp_path / "media/ada"), str(tmp_path / "run/media/ada")]
    board(tmp_path / root / "CIRCUITPY")
    (tmp_path / "media/ada/USBSTICK").mkdir(parents=True, exist_ok=True)
    assert find_drive.locate("linux", roots) == str(tmp_path / root / "CIRCUITPY")


def test_macos_finds_volumes_circuitpy(tmp_path):
    board(tmp_path / "Volumes" / "CIRCUITPY")
    (tmp_path / "Volumes" / "Macintosh HD").mkdir()
    assert find_drive.locate("darwin", [str(tmp_path / "Volumes")]) == str(tmp_path / "Volumes" / "CIRCUITPY")


def test_windows_finds_the_drive_labelled_circuitpy():
    labels = {"C:\\": "Windows", "D:\\": "", "E:\\": "CIRCUITPY"}
    assert find_drive.locate("win32", labels=lambda: labels) == "E:\\"


def test_no_drive_is_one_line_naming_the_places_looked(tmp_path, capsys):
    roots = [str(tmp_path / "media/ada"), str(tmp_path / "run/media/ada")]
    with pytest.raises(ValueError) as raised:
        find_drive.locate("linux", roots)
    text = str(raised.value)
    assert "no CIRCUITPY drive found" in text and roots[0] in text and roots[1] in text and "\n" not in text
    with pytest.raises(ValueError) as raised:
        find_drive.locate("win32", labels=lambda: {"C:\\": "Windows", "D:\\": ""})
    assert "C: Windows, D: (no label)" in str(raised.value)


def test_two_boards_are_one_line_naming_both(tmp_path):
    board(tmp_path / "Volumes" / "CIRCUITPY")
    board(tmp_path / "Volumes" / "CIRCUITPY 1")  # what macOS calls a second one
    with pytest.raises(ValueError, match=r"2 CIRCUITPY drives found \(.*CIRCUITPY, .*CIRCUITPY 1\)"):
        find_drive.locate("darwin", [str(tmp_path / "Volumes")])
    with pytest.raises(ValueError, match=r"2 CIRCUITPY drives found \(E:\\, F:\\\)"):
        find_drive.locate("win32", labels=lambda: {"E:\\": "CIRCUITPY", "F:\\": "CIRCUITPY"})


def test_a_bare_drive_letter_means_the_drives_root():
    for typed in ("E:", "e:", "E:\\", "E:/", 'E:"'):  # 'E:"': what cmd.exe passes for "E:\"
        assert find_drive.windows_path(typed) == "E:\\"
    for typed in ("E:\\CIRCUITPY", "/media/ada/CIRCUITPY", "CIRCUITPY"):
        assert find_drive.windows_path(typed) == typed


def test_deploy_without_a_path_deploys_to_the_drive_it_found(tmp_path, monkeypatch, capsys):
    roots = [str(tmp_path / "media/ada"), str(tmp_path / "run/media/ada")]
    drive = board(tmp_path / "run/media/ada/CIRCUITPY")
    monkeypatch.setattr(find_drive, "mount_roots", lambda *given: roots)
    assert main(["deploy", "--no-libs"]) == 0
    assert (drive / "code.py").exists() and (drive / "lib/knightstour/warnsdorff.py").exists()
    assert capsys.readouterr().out.rstrip().endswith("deployed to %s" % drive)


def test_deploy_without_a_path_and_no_drive_exits_2_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(find_drive, "mount_roots", lambda *given: [str(tmp_path / "media/ada")])
    assert main(["deploy", "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("knights-tour deploy: error: no CIRCUITPY drive found")
    assert os.listdir(tmp_path) == []


def test_an_empty_folder_left_where_a_drive_was_is_no_drive(tmp_path):
    (tmp_path / "media/ada/CIRCUITPY").mkdir(parents=True)  # the mount point an unplugged board left
    board(tmp_path / "media/ada" / "CIRCUITPY1")
    assert find_drive.locate("linux", [str(tmp_path / "media/ada")]) == str(tmp_path / "media/ada" / "CIRCUITPY1")


@pytest.mark.parametrize("version", ["11.0.0", "99.1.2"])
def test_a_circuitpython_newer_than_the_toy_knows_is_said(tmp_path, capsys, version):
    from knightstour_desktop.cli import main

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython %s on 2030-01-01; Adafruit Feather M4 Express\n" % version)
    assert main(["deploy", str(drive), "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "the board runs CircuitPython %s, newer than the toy knows (8 to 10)" % version in out
