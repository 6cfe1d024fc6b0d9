import errno
import os
import shutil
import stat
import subprocess
import sys

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import deploy
from knightstour_desktop.commands import drive as drive_module

from support.deploy import listing, snapshot, stand_in_compiler


@pytest.fixture
def drive(tmp_path):
    path = tmp_path / "CIRCUITPY"
    path.mkdir()
    (path / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express\n")
    return path


@pytest.fixture
def fake_circup(tmp_path, monkeypatch):
    """A circup stand-in on PATH that records its arguments (the real one needs the internet)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "circup.log"
    script = bin_dir / "circup"
    script.write_text("#!/bin/sh\necho \"$@\" >> %s\n" % log)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    return log


def test_deploy_copies_code_package_settings_and_runs_circup(drive, fake_circup, capsys):
    assert main(["deploy", str(drive)]) == 0
    files = listing(drive)
    assert "code.py" in files and "settings.toml" in files
    assert "lib/knightstour/warnsdorff.py" in files and "lib/knightstour/orders_data.py" in files
    assert not any(f.startswith("lib/knightstour/commands") for f in files)
    assert "lib/knightstour/cli.py" not in files and "lib/knightstour/analysis.py" not in files
    assert (drive / "settings.toml").read_text() == open(os.path.join(deploy.DEVICE_DIR, "settings.toml.example")).read()
    assert fake_circup.read_text().split() == ["--path", str(drive), "install", "-r",
                                               os.path.join(deploy.DEVICE_DIR, "requirements.txt")]


def test_deploy_never_overwrites_the_users_settings(drive, fake_circup, capsys):
    (drive / "settings.toml").write_text('KNIGHTSTOUR_RULE = "centre"\n')
    assert main(["deploy", str(drive)]) == 0
    assert (drive / "settings.toml").read_text() == 'KNIGHTSTOUR_RULE = "centre"\n'
    assert "keep" in capsys.readouterr().out


def test_mpy_compiles_the_package_with_circuitpythons_mpy_cross(drive, fake_circup, tmp_path):
    compiler, log = stand_in_compiler(tmp_path, b"C\x06\x00\x1f")
    assert main(["deploy", str(drive), "--mpy", "--mpy-cross", compiler, "--no-libs"]) == 0
    files = listing(drive)
    assert "code.py" in files
    lib = [f for f in files if f.startswith("lib/")]
    assert lib and all(f.endswith(".mpy") for f in lib)
    solver = (drive / "lib/knightstour/warnsdorff.mpy").read_bytes()
    assert solver[:2] == b"C\x06" and solver[4:] == b"knightstour.warnsdorff"  # the name the import interns
    assert str(deploy.DEVICE_DIR) not in log.read_text().split("-s ")[1].split()[0]
    assert not fake_circup.exists()


def test_mpy_cross_from_the_environment(drive, tmp_path, monkeypatch):
    compiler, log = stand_in_compiler(tmp_path, b"C\x06\x00\x1f")
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS", compiler)
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    assert (drive / "lib/knightstour/board.mpy").read_bytes()[:1] == b"C" and log.exists()


@pytest.mark.parametrize("header, boot, needle", [
    (b"M\x06\x00\x1f", "9.2.1", "MicroPython's"),
    (b"C\x05\x00\x1f", "9.2.1", "writes .mpy version 5, but CircuitPython 9.2.1 loads version 6"),
    (b"C\x06\x00\x1f", "8.2.10", "writes .mpy version 6, but CircuitPython 8.2.10 loads version 5"),
    (b"C\x06\x00\x1f", "11.0.0", "knows CircuitPython 8, 9, 10"),
])
def test_a_compiler_the_board_cannot_load_leaves_the_drive_unchanged(drive, tmp_path, capsys, header, boot, needle):
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython %s on 2024-11-20; Adafruit Feather M4 Express\n"
                                        % boot)
    main(["deploy", str(drive), "--no-libs"])
    before = snapshot(drive)
    compiler, _ = stand_in_compiler(tmp_path, header)
    capsys.readouterr()
    assert main(["deploy", str(drive), "--mpy", "--mpy-cross", compiler, "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and needle in err
    assert snapshot(drive) == before


def test_a_full_drive_changes_nothing(drive, capsys, monkeypatch):
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    (drive / "lib/knightstour/warnsdorff.py").write_text("# the old toy\n")
    before = snapshot(drive)
    monkeypatch.setattr(deploy, "free_bytes", lambda path: (20000, 512))
    capsys.readouterr()
    assert main(["deploy", str(drive), "--no-libs"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not enough space" in err and "nothing was changed" in err
    assert snapshot(drive) == before


def failing_at(monkeypatch, drive, fail_at):
    """Make the ``fail_at``-th change deploy makes on ``drive`` fail as a full drive would (a file
    half written first); returns the count of changes seen."""
    seen = {"n": 0}

    def wrap(module, name):
        real = getattr(module, name)

        def changed(*args, **kwargs):
            paths = [str(a) for a in list(args) + list(kwargs.values()) if isinstance(a, (str, os.PathLike))]
            if name == "mkdir" and os.path.exists(paths[0]):
                pass  # os.makedirs(exist_ok=True) tries every folder and ignores any error if it exists
            elif any(p.startswith(str(drive)) for p in paths):
                seen["n"] += 1
                if seen["n"] == fail_at:
                    if name == "copyfile":
                        with open(args[1], "w") as handle:
                            handle.write("half")
                    raise OSError(errno.ENOSPC, "No space left on device", paths[-1])
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, changed)

    for module, name in ((drive_module.shutil, "copyfile"), (drive_module.shutil, "copyfileobj"),
                         (drive_module.os, "rename"), (drive_module.os, "replace"), (drive_module.os, "mkdir"), (drive_module.os, "chmod"),
                         (drive_module.tempfile, "mkdtemp"), (drive_module.tempfile, "mkstemp")):
        wrap(module, name)
    return seen


def old_toy(drive):
    """Deploy, then mark every file of it, so that the old toy differs from the new."""
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    for path in [drive / "code.py"] + sorted((drive / "lib" / "knightstour").rglob("*.py")):
        path.write_text(path.read_text() + "# the old toy\n")


def put_back(drive, files, modes):
    """Make ``drive`` hold exactly ``files`` ({path: bytes}) with ``modes``."""
    for path in listing(drive):
        (drive / path).unlink()
    for folder in [d for d, _, _ in os.walk(drive)][:0:-1]:
        os.rmdir(folder)
    for name in sorted(files):
        (drive / name).parent.mkdir(parents=True, exist_ok=True)
        (drive / name).write_bytes(files[name])
        os.chmod(drive / name, modes[name])


@pytest.mark.slow
def test_a_failure_at_any_change_leaves_the_old_toy(drive, capsys, monkeypatch):
    """Every change the deploy makes on the drive, failed in turn: the drive is as it was, modes too."""
    old_toy(drive)
    (drive / "code.py").write_text('print("mine")\n')  # the user's: kept as code.py.bak-<date> on success
    (drive / "code.py").chmod(0o444)
    (drive / "settings.toml").write_text('KNIGHTSTOUR_DISPLAY = "ili9341"\n')
    before = snapshot(drive)
    modes = {f: os.stat(drive / f).st_mode for f in listing(drive)}
    with monkeypatch.context() as patch:
        count = failing_at(patch, drive, 0)
        assert main(["deploy", str(drive), "--no-libs", "--display", "max7219"]) == 0
    assert count["n"] > 40
    capsys.readouterr()
    for fail_at in range(1, count["n"] + 1):
        put_back(drive, before, modes)
        with monkeypatch.context() as patch:
            failing_at(patch, drive, fail_at)
            assert main(["deploy", str(drive), "--no-libs", "--display", "max7219"]) == 1, fail_at
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "is as it was" in err and "No space left" in err, (fail_at, err)
        assert snapshot(drive) == before, fail_at
        assert {f: os.stat(drive / f).st_mode for f in listing(drive)} == modes, fail_at
        assert sorted(os.listdir(drive)) == ["boot_out.txt", "code.py", "lib", "settings.toml"], fail_at


def test_any_exception_is_undone(drive, monkeypatch):
    old_toy(drive)
    before = snapshot(drive)
    calls = []

    def failing(real):
        def rename(src, dst):
            calls.append(dst)
            if len(calls) == 3:  # the package is swapped in, code.py not yet
                raise RuntimeError("a bug")
            return real(src, dst)
        return rename

    monkeypatch.setattr(drive_module.os, "rename", failing(os.rename))
    monkeypatch.setattr(drive_module.os, "replace", failing(os.replace))
    with pytest.raises(RuntimeError):
        main(["deploy", str(drive), "--no-libs"])
    assert snapshot(drive) == before


def test_a_read_only_drive_is_one_line(drive, capsys, monkeypatch):
    before = snapshot(drive)
    real = os.open

    def read_only(path, flags, *args, **kwargs):
        if str(path).startswith(str(drive)) and flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    assert main(["deploy", str(drive), "--no-libs"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "read-only" in err
    assert snapshot(drive) == before


@pytest.mark.parametrize("blocker", ["lib", "lib/knightstour"])
def test_lib_or_the_package_being_a_file_is_one_line(drive, capsys, blocker):
    if "/" in blocker:
        (drive / "lib").mkdir()
    (drive / blocker).write_text("not a folder\n")
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "is a file, not a folder" in err
    assert snapshot(drive) == before


def test_a_dangling_settings_symlink_is_one_line(drive, capsys, tmp_path):
    (drive / "settings.toml").symlink_to(tmp_path / "gone" / "settings.toml")
    assert main(["deploy", str(drive), "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "symlink" in err and "does not exist" in err
    assert not (tmp_path / "gone").exists() and not (drive / "code.py").exists()


def test_circup_is_found_beside_the_running_interpreter(monkeypatch, tmp_path):
    venv_bin = tmp_path / "venv" / "bin"
    venv_bin.mkdir(parents=True)
    circup = venv_bin / "circup"
    circup.write_text("#!/bin/sh\n")
    circup.chmod(0o755)
    monkeypatch.setattr(deploy.sys, "executable", str(venv_bin / "python"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert deploy.find_circup() == str(circup)


def test_dry_run_writes_nothing(drive, fake_circup, capsys):
    before = listing(drive)
    assert main(["deploy", str(drive), "--dry-run"]) == 0
    assert listing(drive) == before and not fake_circup.exists()
    out = capsys.readouterr().out
    assert "would copy" in out and "would run circup" in out


def test_a_folder_that_is_not_a_circuitpython_drive_is_refused(tmp_path, capsys):
    assert main(["deploy", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "boot_out.txt" in err and len(err.strip().splitlines()) == 1
    assert listing(tmp_path) == []
    assert main(["deploy", str(tmp_path / "missing")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_the_whole_board_package_is_deployed():
    import ast

    import knightstour

    package = os.path.dirname(knightstour.__file__)
    modules = sorted(os.path.relpath(os.path.join(d, n), package) for d, _, names in os.walk(package)
                     for n in names if n.endswith(".py"))
    deployed = sorted(os.path.relpath(dest, os.path.join("lib", "knightstour")) for _, dest in deploy.device_files()
                      if dest != "code.py")
    empty = [name for name in modules if os.path.basename(name) == "__init__.py"
             and deploy.holds_no_code(os.path.join(package, name))]
    assert deployed == sorted(set(modules) - set(empty)) and "hw/feather.py" in deployed
    assert "__init__.py" in deployed and "hw/__init__.py" in empty  # knightstour's holds __version__
    left_behind = {"knightstour_desktop", "knightstour_sim"}
    for source, dest in deploy.device_files():
        tree = ast.parse(open(source).read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                parts = set((node.module or "").split(".")) | {alias.name for alias in node.names}
            elif isinstance(node, ast.Import):
                parts = {p for alias in node.names for p in alias.name.split(".")}
            else:
                continue
            assert not parts & left_behind, "%s imports %s" % (dest, parts & left_behind)


def test_only_a_module_of_nothing_but_its_docstring_holds_no_code(tmp_path):
    for text, empty in (("", True), ('"""The layers."""\n', True), ('"""The layers."""\nx = 1\n', False),
                        ("import os\n", False), ("__version__ = '1'\n", False)):
        (tmp_path / "__init__.py").write_text(text)
        assert deploy.holds_no_code(str(tmp_path / "__init__.py")) is empty, text


def test_circup_auto_finds_every_required_driver():
    from circup.command_utils import imports_from_code

    with open(os.path.join(deploy.DEVICE_DIR, "code.py")) as f:
        found = {name.split(".")[0] for name in imports_from_code(f.read())}
    with open(os.path.join(deploy.DEVICE_DIR, "requirements.txt")) as f:
        wanted = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    dependencies = {"adafruit_framebuf", "adafruit_bus_device"}  # pulled in by the drivers
    assert wanted - dependencies <= found


def test_the_users_code_py_is_kept_and_both_modes_say_so(drive, capsys):
    (drive / "code.py").write_text('print("Hello World!")\n')
    (drive / "code.py").chmod(0o444)
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "would keep your %s as code.py.bak-" % (drive / "code.py") in out and "the toy did not write it" in out
    assert snapshot(drive) == before
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    out = capsys.readouterr().out
    backups = sorted(drive.glob("code.py.bak-*"))
    assert len(backups) == 1 and "keep your %s as %s" % (drive / "code.py", backups[0].name) in out
    assert backups[0].read_text() == 'print("Hello World!")\n'
    assert (drive / "code.py").read_bytes() == open(os.path.join(deploy.DEVICE_DIR, "code.py"), "rb").read()
    assert stat.S_IMODE(os.stat(drive / "code.py").st_mode) == 0o444  # the mode it had
    # The toy's own code.py is replaced without a backup; another of the user's gets -2.
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    assert "keep your" not in capsys.readouterr().out and len(list(drive.glob("code.py.bak-*"))) == 1
    (drive / "code.py").chmod(0o644)
    (drive / "code.py").write_text("import mine\n")
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    assert (drive / (backups[0].name + "-2")).read_text() == "import mine\n"


def test_the_toys_code_py_is_known_by_its_first_line():
    from knightstour_desktop.commands.board_files import TOY_CODE

    with open(os.path.join(deploy.DEVICE_DIR, "code.py"), encoding="utf-8") as f:
        assert f.readline().startswith(TOY_CODE)


@pytest.mark.parametrize("first_line, needle", [
    ("Adafruit CircuitPython 7.3.3 on 2022-08-29; Adafruit Feather M4 Express", "runs CircuitPython 7.3.3"),
    ("Adafruit CircuitPython 6.3.0 on 2021-06-01; Adafruit Feather M4 Express", "runs CircuitPython 6.3.0"),
    ("\x1b[2J garbage \x00\x01", "names no CircuitPython version"),
    ("", "names no CircuitPython version"),
    ("Adafruit CircuitPython nine on 2024", "names no CircuitPython version"),
])
@pytest.mark.parametrize("mpy", [False, True])
def test_circuitpython_before_8_or_no_version_is_refused(drive, capsys, first_line, needle, mpy):
    (drive / "boot_out.txt").write_text(first_line + "\n")
    before = snapshot(drive)
    args = ["deploy", str(drive), "--no-libs"] + (["--mpy", "--mpy-cross", sys.executable] if mpy else [])
    assert main(args) == 2
    assert main(args + ["--force"]) == 2  # --force stands in only for a missing boot_out.txt
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 2 and needle in err and "\x1b" not in err
    assert snapshot(drive) == before


def test_a_boot_out_fifo_or_folder_is_refused_at_once(drive):
    (drive / "boot_out.txt").unlink()
    os.mkfifo(drive / "boot_out.txt")
    done = subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "deploy", str(drive), "--no-libs"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "it is not a regular file" in done.stderr
    (drive / "boot_out.txt").unlink()
    (drive / "boot_out.txt").mkdir()
    done = subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "deploy", str(drive), "--no-libs"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "it is a folder" in done.stderr
    assert listing(drive) == []


def test_without_boot_out_force_deploys_as_before(drive, capsys):
    (drive / "boot_out.txt").unlink()
    assert main(["deploy", str(drive), "--no-libs"]) == 2
    assert main(["deploy", str(drive), "--no-libs", "--force"]) == 0
    assert (drive / "lib/knightstour/board.py").exists()


def test_circups_failure_is_one_line_with_its_last_message(drive, tmp_path, monkeypatch, capsys):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "circup"
    script.write_text("#!/bin/sh\necho 'Searching for dependencies for: adafruit_max7219'\n"
                      "echo 'Traceback (most recent call last):' >&2\necho '  File \"x\", line 1' >&2\n"
                      "echo 'requests.exceptions.ConnectionError: no route to host' >&2\nexit 1\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    assert main(["deploy", str(drive)]) == 1
    out, err = capsys.readouterr()
    assert "Searching for dependencies" in out
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "circup failed (exit 1: requests.exceptions.ConnectionError: no route to host)" in err
    assert "the toy's files are in place" in err and (drive / "lib/knightstour/board.py").exists()
    assert "run knights-tour deploy %s again once the network is there" % drive in err  # circup may be off PATH
    assert "circup --path" not in err


def test_circups_long_failure_line_is_whole(drive, tmp_path, monkeypatch, capsys):
    cause = ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.github.com', port=443): Max "
             "retries exceeded with url: /repos/adafruit/Adafruit_CircuitPython_Bundle/releases/latest (Caused "
             "by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a2c1d5e10>: Failed to "
             "establish a new connection: [Errno -3] Temporary failure in name resolution'))")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "circup").write_text("#!/bin/sh\necho \"%s\" >&2\nexit 1\n" % cause)
    (bin_dir / "circup").chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    assert main(["deploy", str(drive)]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "circup failed (exit 1: %s)" % cause in err


@pytest.mark.parametrize("display, touch", [("max7219", None), ("ili9341", "ft6206"), (None, "none")])
def test_display_and_touch_go_into_a_new_settings_toml(drive, capsys, display, touch):
    args = ["deploy", str(drive), "--no-libs"]
    args += ["--display", display.upper()] if display else []
    args += ["--touch", touch] if touch else []
    assert main(args) == 0
    from knightstour_desktop import settings_toml

    values = settings_toml.read_file(str(drive / "settings.toml"))
    assert values["KNIGHTSTOUR_DISPLAY"] == (display or "ili9341")
    assert values["KNIGHTSTOUR_TOUCH"] == (touch or "auto")
    assert 'copy %s (' % (drive / "settings.toml") in capsys.readouterr().out


def test_display_changes_a_users_settings_only_with_a_backup(drive, capsys):
    mine = '\ufeff# mine\r\nKNIGHTSTOUR_DISPLAY = "ili9341"  # the TFT\r\nKNIGHTSTOUR_RULE = "centre"\r\n[extra]\r\nx = 1\r\n'
    (drive / "settings.toml").write_bytes(mine.encode())
    (drive / "settings.toml").chmod(0o640)
    assert main(["deploy", str(drive), "--no-libs", "--display", "max7219", "--dry-run"]) == 0
    assert "would change %s to set KNIGHTSTOUR_DISPLAY = \"max7219\"" % (drive / "settings.toml") in capsys.readouterr().out
    assert (drive / "settings.toml").read_bytes() == mine.encode()
    assert main(["deploy", str(drive), "--no-libs", "--display", "max7219", "--touch", "none"]) == 0
    out = capsys.readouterr().out
    backup = list(drive.glob("settings.toml.bak-*"))
    assert len(backup) == 1 and backup[0].read_bytes() == mine.encode() and "yours kept as %s" % backup[0].name in out
    assert (drive / "settings.toml").read_bytes().decode() == (
        '\ufeff# mine\r\nKNIGHTSTOUR_DISPLAY = "max7219"  # the TFT\r\nKNIGHTSTOUR_RULE = "centre"\r\n'
        'KNIGHTSTOUR_TOUCH = "none"\r\n[extra]\r\nx = 1\r\n')
    assert stat.S_IMODE(os.stat(drive / "settings.toml").st_mode) == 0o640
    # Asking for what it already says changes nothing.
    assert main(["deploy", str(drive), "--no-libs", "--display", "max7219"]) == 0
    assert "already sets" in capsys.readouterr().out and len(list(drive.glob("settings.toml.bak-*"))) == 1


@pytest.mark.parametrize("content, needle", [
    (b"\xff\xfe not utf-8", "not UTF-8"),
    (b"# big\n" * 12000, "over 64 KB"),
    (b'KNIGHTSTOUR_DISPLAY\n= "ili9341"\n', "put them on one line"),
    (b'KNIGHTSTOUR_DISPLAY = "ili\x009341"\n', "NUL byte"),
])
def test_a_settings_toml_deploy_cannot_edit_is_one_line(drive, capsys, content, needle):
    (drive / "settings.toml").write_bytes(content)
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--no-libs", "--display", "max7219"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and needle in err
    assert snapshot(drive) == before


def test_code_txt_which_runs_before_code_py_is_refused(drive, capsys):
    (drive / "code.txt").write_text("hello\n")
    assert main(["deploy", str(drive), "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "code.txt runs instead of code.py" in err
    assert listing(drive) == ["boot_out.txt", "code.txt"]


@pytest.mark.parametrize("name", ["code.py", "settings.toml"])
def test_code_py_or_settings_being_a_folder_is_one_line(drive, capsys, name):
    (drive / name).mkdir()
    assert main(["deploy", str(drive), "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "is not a file" in err


def test_what_a_deploy_cut_off_hard_left_is_cleaned_up(drive, capsys):
    """A SIGKILL between the renames leaves the old package moved aside and staged copies about."""
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    lib = drive / "lib"
    (lib / "knightstour").rename(lib / ".knightstour-old-knightstour.1a2b3c4d")
    (lib / ".knightstour-new-x1y2").mkdir()
    (lib / ".knightstour-new-x1y2" / "board.py").write_text("half")
    (drive / ".knightstour-new-code.py.abc").write_text("half")
    (lib / ".knightstour.old").mkdir()  # an earlier deploy's name
    (drive / ".knightstour-deploy.lock").write_text("999999 gone\n")
    capsys.readouterr()
    assert main(["deploy", str(drive), "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.count("would remove") == 3 and "would put back %s" % (lib / "knightstour") in out
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    out = capsys.readouterr().out
    assert "put back %s" % (lib / "knightstour") in out
    assert sorted(os.listdir(lib)) == ["knightstour"]
    assert sorted(os.listdir(drive)) == ["boot_out.txt", "code.py", "lib", "settings.toml"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file away")
def test_a_replaced_file_keeps_its_owner(drive, capsys):
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    os.chown(drive / "code.py", 1234, 5678)
    os.chown(drive / "lib/knightstour/board.py", 1234, 5678)
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    for name in ("code.py", "lib/knightstour/board.py"):
        assert (os.stat(drive / name).st_uid, os.stat(drive / name).st_gid) == (1234, 5678)


def test_failing_renames_never_leave_the_drive_without_settings(drive, capsys, monkeypatch):
    """Every rename from the n-th on fails (the drive went read-only, a cable half out): at every n the
    drive has a settings.toml, and where it is not the user's, the one line says where the user's is."""
    old_toy(drive)
    mine = 'CIRCUITPY_WIFI_SSID = "home"\nKNIGHTSTOUR_DISPLAY = "ili9341"\n'
    (drive / "settings.toml").write_text(mine)
    before = snapshot(drive)
    modes = {f: os.stat(drive / f).st_mode for f in listing(drive)}
    renames = {"n": 0, "from": 0}

    def failing(real):
        def rename(src, dst):
            renames["n"] += 1
            if renames["from"] and renames["n"] >= renames["from"]:
                raise OSError(errno.EROFS, "Read-only file system", dst)
            return real(src, dst)
        return rename

    monkeypatch.setattr(drive_module.os, "rename", failing(os.rename))
    monkeypatch.setattr(drive_module.os, "replace", failing(os.replace))
    assert main(["deploy", str(drive), "--no-libs", "--display", "max7219"]) == 0
    total = renames["n"]
    assert total >= 3
    capsys.readouterr()
    for fail_from in range(1, total + 1):
        put_back(drive, before, modes)
        renames.update(n=0, **{"from": fail_from})
        assert main(["deploy", str(drive), "--no-libs", "--display", "max7219"]) == 1, fail_from
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1, (fail_from, err)
        assert (drive / "settings.toml").is_file(), (fail_from, err)
        if (drive / "settings.toml").read_text() != mine:
            kept = [p for p in drive.iterdir() if p.is_file() and p.read_text() == mine]
            assert kept and str(kept[0]) in err, (fail_from, err)
        renames["from"] = 0
        assert main(["deploy", str(drive), "--no-libs"]) == 0  # and the next deploy keeps what is there
        assert "copy %s" % (drive / "settings.toml") not in capsys.readouterr().out, fail_from


@pytest.mark.parametrize("link", ["lib", "lib/knightstour"])
def test_a_lib_or_package_that_is_a_link_is_refused(drive, capsys, tmp_path, link):
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "knightstour").mkdir(parents=True)
    (elsewhere / "knightstour" / "mine.py").write_text("# mine\n")
    if link != "lib":
        (drive / "lib").mkdir()
    os.symlink(elsewhere if link == "lib" else elsewhere / "knightstour", drive / link)
    assert main(["deploy", str(drive), "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a symlink" in err and str(drive / link) in err
    assert os.listdir(elsewhere / "knightstour") == ["mine.py"]


def test_the_users_files_in_the_package_are_kept_and_named(drive, capsys):
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    package = drive / "lib" / "knightstour"
    (package / "notes.txt").write_text("wifi: hunter2\n")
    (package / "hw" / "my_patch.py").write_text("# mine\n")
    (package / "warnsdorff.mpy").write_bytes(b"C\x06")  # an earlier deploy --mpy's: the toy's
    capsys.readouterr()
    assert main(["deploy", str(drive), "--no-libs", "--dry-run"]) == 0
    assert "would keep your %s as knightstour.bak-" % (package / "notes.txt") in capsys.readouterr().out
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    out = capsys.readouterr().out
    kept = [p for p in drive.iterdir() if p.name.startswith("knightstour.bak-")]
    assert len(kept) == 1
    assert (kept[0] / "notes.txt").read_text() == "wifi: hunter2\n"
    assert (kept[0] / "hw" / "my_patch.py").read_text() == "# mine\n"
    assert not (kept[0] / "warnsdorff.mpy").exists() and not (package / "notes.txt").exists()
    for rel in ("notes.txt", os.path.join("hw", "my_patch.py")):
        assert "keep your %s as %s (not one of the toy's files)" % (package / rel, os.path.join(kept[0].name, rel)) in out


def test_only_the_files_that_ship_are_deployed(tmp_path, monkeypatch):
    """A clone's package with an untracked note and an editor's lock file (a dangling link): neither ships."""
    device = tmp_path / "clone" / "device"
    package = device / "knightstour"
    (package / "hw").mkdir(parents=True)
    (device / "code.py").write_text("import knightstour\n")
    (package / "__init__.py").write_text("X = 1\n")
    (package / "hw" / "tour.py").write_text("Y = 2\n")
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", "-C", str(tmp_path / "clone")] + command, check=True)
    (package / "secrets.py").write_text("PASSWORD = 'hunter2'\n")  # untracked
    os.symlink("user@host.1234:1700000000", package / ".#tour.py")  # emacs's lock file: a dangling link
    (package / ".hidden.py").write_text("# a dot-file\n")
    monkeypatch.setattr(deploy, "PACKAGE_DIR", str(package))
    monkeypatch.setattr(deploy, "DEVICE_DIR", str(device))
    assert [dest for _, dest in deploy.device_files()] == [
        "code.py", os.path.join("lib", "knightstour", "__init__.py"), os.path.join("lib", "knightstour", "hw", "tour.py")]
    ignored = tmp_path / "clone" / ".venv" / "site-packages"  # an installed copy in a clone's .venv: git ignores it
    (tmp_path / "clone" / ".gitignore").write_text(".venv/\n")
    shutil.copytree(device, ignored / "device", symlinks=True)
    monkeypatch.setattr(deploy, "PACKAGE_DIR", str(ignored / "device" / "knightstour"))
    monkeypatch.setattr(deploy, "DEVICE_DIR", str(ignored / "device"))
    assert os.path.join("lib", "knightstour", "hw", "tour.py") in [dest for _, dest in deploy.device_files()]
    monkeypatch.setattr(deploy, "PACKAGE_DIR", str(package))
    monkeypatch.setattr(deploy, "DEVICE_DIR", str(device))
    subprocess.run(["rm", "-rf", str(tmp_path / "clone" / ".git")], check=True)  # an installed copy: no git
    assert os.path.join("lib", "knightstour", "secrets.py") in [dest for _, dest in deploy.device_files()]
    assert not any(".#" in dest or ".hidden" in dest for _, dest in deploy.device_files())


def test_a_drive_that_went_away_is_said(drive, capsys, monkeypatch, tmp_path):
    old_toy(drive)
    real = os.rename

    def unplugged(src, dst):
        if not drive.exists():
            raise OSError(errno.ENOENT, "No such file or directory", dst)
        if str(dst).endswith("knightstour") and "-new-" in str(src):  # the package is about to go in
            real(drive, tmp_path / "gone")
            raise OSError(errno.EIO, "Input/output error", dst)
        return real(src, dst)

    monkeypatch.setattr(drive_module.os, "rename", unplugged)
    assert main(["deploy", str(drive), "--no-libs"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "went away" in err and "is as it was" not in err, err


def test_a_drive_that_went_away_while_circup_ran_is_said(drive, capsys, monkeypatch, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "circup").write_text("#!/bin/sh\nmv %s %s\necho 'OSError: [Errno 5] Input/output error' >&2\nexit 1\n"
                                    % (drive, tmp_path / "gone"))
    (bin_dir / "circup").chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    assert main(["deploy", str(drive)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "went away while it ran" in err and "network" not in err, err
