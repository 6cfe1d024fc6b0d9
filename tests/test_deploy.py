import errno
import os
import shutil
import stat
import sys

import pytest

from knightstour.cli import main
from knightstour.commands import deploy


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


def listing(root):
    return sorted(os.path.relpath(os.path.join(d, n), root) for d, _, names in os.walk(root) for n in names)


def test_deploy_copies_code_package_settings_and_runs_circup(drive, fake_circup, capsys):
    assert main(["deploy", str(drive)]) == 0
    files = listing(drive)
    assert "code.py" in files and "settings.toml" in files
    assert "lib/knightstour/solver.py" in files and "lib/knightstour/super_orders.py" in files
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


def stand_in_compiler(tmp_path, header, name="mpy-cross"):
    """A stand-in mpy-cross that writes ``header`` then the -s name, and logs its arguments."""
    script = tmp_path / name
    log = tmp_path / (name + ".log")
    script.write_text("#!%s\nimport sys\nargs = sys.argv[1:]\nopen(%r, 'a').write(' '.join(args) + '\\n')\n"
                      "out = args[args.index('-o') + 1]\nname = args[args.index('-s') + 1]\n"
                      "open(out, 'wb').write(%r + name.encode())\n" % (sys.executable, str(log), header))
    script.chmod(0o755)
    return str(script), log


def test_mpy_compiles_the_package_with_circuitpythons_mpy_cross(drive, fake_circup, tmp_path):
    compiler, log = stand_in_compiler(tmp_path, b"C\x06\x00\x1f")
    assert main(["deploy", str(drive), "--mpy", "--mpy-cross", compiler, "--no-libs"]) == 0
    files = listing(drive)
    assert "code.py" in files
    lib = [f for f in files if f.startswith("lib/")]
    assert lib and all(f.endswith(".mpy") for f in lib)
    solver = (drive / "lib/knightstour/solver.mpy").read_bytes()
    assert solver[:2] == b"C\x06" and solver[4:] == b"knightstour/solver.py"
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
    (b"C\x06\x00\x1f", "6.3.0", "knows CircuitPython 7, 8, 9, 10"),
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


def test_mpy_without_circuitpythons_compiler_says_where_it_comes_from(drive, capsys, monkeypatch):
    monkeypatch.delenv("KNIGHTSTOUR_MPY_CROSS", raising=False)
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "adafruit-circuit-python.s3.amazonaws.com" in err
    assert "--mpy-cross" in err and "KNIGHTSTOUR_MPY_CROSS" in err
    assert snapshot(drive) == before


def snapshot(root):
    return {f: (root / f).read_bytes() for f in listing(root)}


def test_a_full_drive_changes_nothing(drive, capsys, monkeypatch):
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    (drive / "lib/knightstour/solver.py").write_text("# the old toy\n")
    before = snapshot(drive)
    monkeypatch.setattr(deploy, "free_bytes", lambda path: (20000, 512))
    capsys.readouterr()
    assert main(["deploy", str(drive), "--no-libs"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not enough space" in err and "nothing was changed" in err
    assert snapshot(drive) == before


@pytest.mark.parametrize("fail_at", [1, 5, "rename", "code.py"])
def test_running_out_of_space_midway_leaves_the_old_toy(drive, capsys, monkeypatch, fail_at):
    assert main(["deploy", str(drive), "--no-libs"]) == 0
    (drive / "lib/knightstour/solver.py").write_text("# the old toy\n")
    before = snapshot(drive)
    copies = {"n": 0}
    real_copy, real_rename = shutil.copyfile, os.rename

    def copyfile(src, dst):
        if str(dst).startswith(str(drive)):
            copies["n"] += 1
            if copies["n"] == fail_at or (fail_at == "code.py" and "code.py" in str(dst)):
                with open(dst, "w") as handle:
                    handle.write("half")
                raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real_copy(src, dst)

    def rename(src, dst):
        if fail_at == "rename" and str(src).endswith(deploy.NEW):
            raise OSError(errno.EIO, "Input/output error", str(dst))
        return real_rename(src, dst)

    monkeypatch.setattr(deploy.shutil, "copyfile", copyfile)
    monkeypatch.setattr(deploy.os, "rename", rename)
    capsys.readouterr()
    assert main(["deploy", str(drive), "--no-libs"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "the toy on" in err and "is as it was" in err
    assert snapshot(drive) == before


def test_a_read_only_drive_is_one_line(drive, capsys, monkeypatch):
    before = snapshot(drive)

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(deploy.tempfile, "mkstemp", read_only)
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


def test_nothing_deployed_imports_a_module_left_behind():
    import ast

    left_behind = {name[:-3] if name.endswith(".py") else name for name in deploy.DESKTOP_ONLY}
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


def test_circup_auto_finds_every_driver_of_the_requirements_in_code_py():
    from circup.command_utils import imports_from_code

    with open(os.path.join(deploy.DEVICE_DIR, "code.py")) as f:
        found = {name.split(".")[0] for name in imports_from_code(f.read())}
    with open(os.path.join(deploy.DEVICE_DIR, "requirements.txt")) as f:
        wanted = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    dependencies = {"adafruit_framebuf", "adafruit_bus_device"}  # pulled in by the drivers
    assert wanted - dependencies <= found
