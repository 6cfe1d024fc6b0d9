import os
import stat

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


def test_mpy_compiles_the_package_but_not_code_py(drive, fake_circup):
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    files = listing(drive)
    assert "code.py" in files
    lib = [f for f in files if f.startswith("lib/")]
    assert lib and all(f.endswith(".mpy") for f in lib)
    assert (drive / "lib/knightstour/solver.mpy").read_bytes()[:1] == b"M"
    assert not fake_circup.exists()


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
