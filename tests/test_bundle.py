"""`knights-tour bundle`: the zip a maker without Python copies onto the board, unzipped onto an
emulated CIRCUITPY drive and run by the CircuitPython harness (tests/test_feather.py's) at the
heap a Feather M4 has free after boot; the file it writes, whole or not at all."""

import os
import signal
import subprocess
import sys
import time
import zipfile

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import bundle, deploy
from knightstour_sim.harness.drive import libraries, run_feather

from support.deploy import stand_in_compiler

FEATHER_M4_FREE = 150 * 1024  # what a Feather M4 Express has free after boot (about)


@pytest.fixture(autouse=True)
def no_cached_compilers(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def unzip_onto_drive(archive, version, drive):
    """What the README says: unzip, copy the version's folder's code.py and lib onto CIRCUITPY, and its
    knightstour-settings.toml as settings.toml where the drive has none (else its lines added)."""
    folder = "knightstour/CircuitPython %s/" % version
    with zipfile.ZipFile(archive) as z:
        for name in z.namelist():
            if name.startswith(folder):
                rel = name[len(folder):]
                target = drive / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                if rel == bundle.SETTINGS:
                    mine = (drive / "settings.toml").read_bytes() if (drive / "settings.toml").exists() else b""
                    toys = b"".join(line for line in z.read(name).splitlines(True) if line.startswith(b"KNIGHTSTOUR_"))
                    (drive / "settings.toml").write_bytes(mine + toys if mine else z.read(name))
                else:
                    target.write_bytes(z.read(name))


@pytest.mark.parametrize("display, touch, version", [("max7219", None, "9.x"), ("ili9341", "stmpe610", "10.x"),
                                                     ("max7219", None, "8.x")])
def test_the_bundle_runs_on_the_emulated_feather_in_the_heap_it_has(node, tmp_path, capsys, display, touch,
                                                                    version):
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive), "--display", display] + (["--touch", touch] if touch else [])) == 0
    drive = tmp_path / "run" / "CIRCUITPY"
    unzip_onto_drive(archive, version, drive)
    assert (drive / "code.py").is_file() and (drive / "settings.toml").is_file()
    proc, result = run_feather(node, display=display, touch=touch or "stmpe610", tours=1, heap=FEATHER_M4_FREE,
                               workdir=str(tmp_path / "run"))
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert result["tours"] == 1 and result["free_at_start"] == FEATHER_M4_FREE


def test_the_bundle_holds_what_adafruits_project_bundles_hold(tmp_path, capsys):
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive), "--display", "ili9341", "--touch", "tsc2007"]) == 0
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        readme = z.read("knightstour/README.txt").decode()
        for version in ("8.x", "9.x", "10.x"):
            folder = "knightstour/CircuitPython %s/" % version
            mine = {name[len(folder):] for name in names if name.startswith(folder)}
            board = {dest.replace(os.sep, "/") for _, dest in deploy.device_files()}
            assert board <= mine  # code.py and lib/knightstour, as deploy writes them
            assert "settings.toml" not in mine and "lib/knightstour/hw/chips/tsc2007.py" in mine  # its own driver
            assert not any(name.startswith(("lib/adafruit_tsc2007", "lib/adafruit_bus_device")) for name in mine)
            assert not any(name.startswith("lib/adafruit_ili9341") for name in mine)  # the toy drives it
            assert not any(name.startswith("lib/adafruit_touchscreen") for name in mine)
            settings = z.read(folder + "knightstour-settings.toml").decode()
            assert 'KNIGHTSTOUR_DISPLAY = "ili9341"' in settings and 'KNIGHTSTOUR_TOUCH = "tsc2007"' in settings
    assert names == {"knightstour/README.txt"} | {n for n in names if n.startswith("knightstour/CircuitPython ")}
    for step in ("Unzip", "CIRCUITPY", "settings.toml", "CircuitPython 8.x, CircuitPython 9.x, CircuitPython 10.x",
                 "on macOS, Finder replaces a folder", "keep it", "add the KNIGHTSTOUR_ lines", "since 8.0"):
        assert step in readme.replace("\r\n", "\n").replace("\n   ", " ").replace("\n", " ")
    assert "Let it merge lib" not in readme


def test_the_libraries_are_the_published_packages_files(tmp_path, capsys):
    import adafruit_touchscreen

    assert set(bundle.DISTRIBUTIONS) == set(libraries())  # every library a build may need, known
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive)]) == 0  # the template's build: ili9341, touch auto: all of them
    with zipfile.ZipFile(archive) as z:
        with open(adafruit_touchscreen.__file__, "rb") as f:
            assert z.read("knightstour/CircuitPython 10.x/lib/adafruit_touchscreen.py") == f.read()
        assert "knightstour/CircuitPython 9.x/lib/adafruit_touchscreen.py" in z.namelist()


def test_a_matrix_build_needs_no_library(tmp_path, capsys):
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive), "--display", "max7219"]) == 0
    with zipfile.ZipFile(archive) as z:
        assert not any("/lib/adafruit" in name for name in z.namelist())


def test_a_versions_compiler_makes_that_folder_mpy(tmp_path, capsys):
    compiler, log = stand_in_compiler(tmp_path, b"C\x06\x00\x1f")  # CircuitPython 9.2.1's
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive), "--display", "ili9341", "--touch", "none", "--mpy-cross", compiler]) == 0
    with zipfile.ZipFile(archive) as z:
        nine = [n for n in z.namelist() if n.startswith("knightstour/CircuitPython 9.x/lib/")]
        ten = [n for n in z.namelist() if n.startswith("knightstour/CircuitPython 10.x/lib/")]
        assert nine and all(n.endswith(".mpy") for n in nine) and all(n.endswith(".py") for n in ten)
        assert z.read("knightstour/CircuitPython 9.x/lib/knightstour/warnsdorff.mpy") == b"C\x06\x00\x1fknightstour.warnsdorff"
        assert "knightstour/CircuitPython 9.x/code.py" in z.namelist()
    out = capsys.readouterr().out
    assert "9.x .mpy, 10.x .py" in out and "mpy-cross %s (CircuitPython 9.2.1, sha256 " % compiler in out


def cached_compiler(tmp_path, record=True, mode=0o700):
    """A stand-in compiler in the cache as `deploy --mpy` leaves one (its download record beside it)."""
    import hashlib
    import json

    if sys.platform != "linux" or os.uname().machine not in ("x86_64", "amd64"):
        pytest.skip("the cache's names here are this computer's")
    cache = tmp_path / "cache/knightstour/mpy-cross"
    cache.mkdir(parents=True)
    name = "mpy-cross-linux-amd64-9.2.1.static"
    compiler, log = stand_in_compiler(cache, b"C\x06\x00\x1f", name=name)
    text = open(compiler).read().replace("import sys\n", "import sys\nopen(%r, 'a').write('ran\\n')\n" % str(log), 1)
    open(compiler, "w").write(text)  # any run of it is logged, --version too
    digest = hashlib.sha256(open(compiler, "rb").read()).hexdigest()
    if record:
        (cache / (name + ".json")).write_text(json.dumps({"url": "https://example/" + name, "sha256": digest,
                                                          "version": "9.2.1"}))
    cache.chmod(mode)
    return compiler, log, digest


def test_a_compiler_deploy_downloaded_is_used_and_named(tmp_path, capsys):
    compiler, log, digest = cached_compiler(tmp_path)
    assert main(["bundle", str(tmp_path / "toy.zip"), "--display", "max7219"]) == 0
    out = capsys.readouterr().out
    assert "9.x .mpy, 10.x .py" in out
    assert "mpy-cross %s (CircuitPython 9.2.1, sha256 %s, from https://example/" % (compiler, digest) in out


@pytest.mark.parametrize("record, mode, pin, needle", [
    (False, 0o700, None, "there is no record of where it was downloaded from"),
    (True, 0o777, None, "others can write to it"),
    (True, 0o700, "0" * 64, "is not the pinned"),
])
def test_a_cached_compiler_deploy_would_not_run_is_not_run(tmp_path, capsys, monkeypatch, record, mode, pin, needle):
    compiler, log, _ = cached_compiler(tmp_path, record=record, mode=mode)
    if pin:
        monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_SHA256", pin)
    assert main(["bundle", str(tmp_path / "toy.zip"), "--display", "max7219"]) == 0
    out = capsys.readouterr().out
    assert "not using the cached %s: " % compiler in out and needle in out
    assert "9.x .py, 10.x .py" in out and not log.exists()  # never run: not even --version


def test_an_empty_mpy_cross_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["bundle", "toy.zip", "--mpy-cross", ""]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad --mpy-cross '': it is empty" in err and os.listdir(tmp_path) == []


@pytest.mark.parametrize("args, needle", [
    (["out.txt"], "give a file name ending in .zip"),
    (["toy.zip", "--display", "oled"], "bad --display oled: "),
    (["toy.zip", "--display", "max7219", "--touch", "ft6206"], "the max7219 matrix has no touch"),
    (["missing/toy.zip"], "does not exist"),
    (["toy.zip", "--mpy-cross", "no-such-mpy-cross"], "bad --mpy-cross no-such-mpy-cross: "),
])
def test_bad_arguments_are_one_line_exit_2_and_write_nothing(tmp_path, capsys, monkeypatch, args, needle):
    monkeypatch.chdir(tmp_path)
    assert main(["bundle"] + args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err and err.startswith("knights-tour bundle: error: ")
    assert os.listdir(tmp_path) == []


def test_a_failure_while_writing_leaves_the_old_zip_and_no_part(tmp_path, capsys, monkeypatch):
    archive = tmp_path / "toy.zip"
    with zipfile.ZipFile(archive, "w") as z:  # an earlier bundle's: one bundle may replace
        z.writestr("knightstour/README.txt", "the old one")
    old = archive.read_bytes()

    def full(handle, *args):
        handle.write(b"PK half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bundle, "write_zip", full)
    assert main(["bundle", str(archive)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert archive.read_bytes() == old and os.listdir(tmp_path) == ["toy.zip"]


def test_a_signal_leaves_nothing(tmp_path):
    slow = tmp_path / "bin" / "mpy-cross"
    slow.parent.mkdir()
    started = tmp_path / "started"
    slow.write_text("#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'CircuitPython 10.0.3 on 2025-10-17; "
                    "mpy-cross emitting mpy v6.3'; exit 0; fi\ntouch %s\nexec sleep 30\n" % started)
    slow.chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    proc = subprocess.Popen([sys.executable, "-m", "knightstour_desktop.cli", "bundle", str(out / "toy.zip"), "--mpy-cross",
                             str(slow)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache")))
    for _ in range(200):
        if started.exists():
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert err == "knights-tour bundle: stopped by SIGTERM: nothing was written\n"
    assert os.listdir(out) == []


def test_the_boards_settings_are_kept_and_the_toys_keys_added(node, tmp_path, capsys):
    """A board's settings.toml (its Wi-Fi and web workflow keys) survives the README's steps."""
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive), "--display", "max7219"]) == 0
    drive = tmp_path / "run" / "CIRCUITPY"
    drive.mkdir(parents=True)
    boards = b'CIRCUITPY_WIFI_SSID = "home"\nCIRCUITPY_WEB_API_PASSWORD = "secret"\n'
    (drive / "settings.toml").write_bytes(boards)
    with zipfile.ZipFile(archive) as z:
        assert not any(name.endswith("/settings.toml") for name in z.namelist())
    unzip_onto_drive(archive, "9.x", drive)
    text = (drive / "settings.toml").read_bytes()
    assert text.startswith(boards) and b'KNIGHTSTOUR_DISPLAY = "max7219"' in text
    proc, result = run_feather(node, display="max7219", touch="stmpe610", tours=1, heap=FEATHER_M4_FREE,
                               workdir=str(tmp_path / "run"))
    assert proc.returncode == 0 and result is not None and result["tours"] == 1, proc.stdout[-2000:]


@pytest.mark.parametrize("content, needle", [
    (None, "a zip this command did not write"),  # the user's own archive
    (b"", None),
])
def test_only_a_zip_bundle_wrote_is_replaced(tmp_path, capsys, content, needle):
    archive = tmp_path / "toy.zip"
    if content is None:
        with zipfile.ZipFile(archive, "w") as z:
            z.writestr("photos/cat.jpg", b"meow")
    else:
        archive.write_bytes(content)
    before = archive.read_bytes()
    code = main(["bundle", str(archive), "--display", "max7219"])
    if needle:
        assert code == 2 and needle in capsys.readouterr().err and archive.read_bytes() == before
    else:
        assert code == 0
    assert main(["bundle", str(archive), "--display", "max7219"]) == (2 if needle else 0)  # its own: replaced


def test_a_read_only_bundle_is_not_replaced(tmp_path, capsys):
    archive = tmp_path / "toy.zip"
    assert main(["bundle", str(archive), "--display", "max7219"]) == 0
    archive.chmod(0o444)
    before = archive.read_bytes()
    assert main(["bundle", str(archive), "--display", "ili9341"]) == 2
    assert "is read-only" in capsys.readouterr().err and archive.read_bytes() == before
