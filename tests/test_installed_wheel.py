"""What a user gets: the sdist and the wheel built from this checkout, the wheel built again from the
sdist, installed (not editable) with the sim and analysis extras (sim brings all that `knights-tour sim`
uses) into a fresh venv outside the
checkout, and every command run from a folder that is not the checkout. The wheel's files are
compared with the repository's: a module (or a file a command copies) left out fails here.

The venv is made once for the module (pip's cache makes it quick); the Pi's `run` goes to the
emulated chips as tests/test_hw_run.py does, the web page is built with the MicroPython port from
this checkout's node_modules, as tests/test_web.py finds it.
"""

import ast
import filecmp
import os
import signal
import subprocess
import sys
import time
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORT = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
EXTRAS = "sim,analysis"  # sim alone brings everything `knights-tour sim` uses
BOOT_OUT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express with samd51j19\n"


def _run(command, **kwargs):
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=900, **kwargs)
    assert done.returncode == 0, "%s failed:\n%s\n%s" % (command, done.stdout[-3000:], done.stderr[-3000:])
    return done


def _only(folder, pattern):
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def _copy_checkout(target):
    """The checkout's files, tracked or new (not ignored ones: no .venv, build/ or node_modules)."""
    names = _run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT).stdout
    for name in filter(None, names.split("\0")):
        source = os.path.join(ROOT, name)
        if os.path.isfile(source):
            os.makedirs(os.path.dirname(os.path.join(target, name)), exist_ok=True)
            with open(source, "rb") as f, open(os.path.join(target, name), "wb") as out:
                out.write(f.read())


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(wheel, sdist, the wheel built from the sdist)."""
    work = tmp_path_factory.mktemp("build")
    _copy_checkout(work / "source")
    _run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", work / "dist", work / "source"])
    sdist = _only(work / "dist", "*.tar.gz")
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", work / "again", sdist])
    return _only(work / "dist", "*.whl"), sdist, _only(work / "again", "*.whl")


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory):
    folder = tmp_path_factory.mktemp("installed") / "venv"
    _run([sys.executable, "-m", "venv", folder])
    _run([folder / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          "%s[%s]" % (built[2], EXTRAS)])
    return folder


@pytest.fixture
def elsewhere(tmp_path):
    assert not str(tmp_path.resolve()).startswith(os.path.realpath(ROOT) + os.sep)
    return tmp_path


def _env(venv, **more):
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = str(venv / "bin") + os.pathsep + env.get("PATH", "")
    env.update(more)
    return env


def knights_tour(venv, cwd, *args, **env):
    return _run([venv / "bin" / "knights-tour", *args], cwd=cwd, env=_env(venv, **env))


def repository_files():
    """{path in the wheel: path in the checkout} for every file the wheel must hold: every module
    of the three packages, device/'s board files and the web page's sources."""
    wanted = {}
    for folder, package, only_py in (("device/knightstour", "knightstour", True),
                                     ("device/knightstour_desktop", "knightstour_desktop", True),
                                     ("sim", "knightstour_sim", True),
                                     ("web", "knightstour_desktop/web", False)):
        top = os.path.join(ROOT, folder)
        for here, dirs, names in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__" and not d.startswith(".")]
            for name in names:
                if (name.endswith(".py") or not only_py) and not name.endswith(".pyc"):
                    rel = os.path.relpath(os.path.join(here, name), top).replace(os.sep, "/")
                    wanted["%s/%s" % (package, rel)] = os.path.join(here, name)
    device = os.path.join(ROOT, "device")
    for name in os.listdir(device):
        if os.path.isfile(os.path.join(device, name)):
            wanted["knightstour_desktop/board/" + name] = os.path.join(device, name)
    wiring = os.path.join(ROOT, "wiring")
    for name in os.listdir(wiring):
        if name.endswith((".md", ".svg")):
            wanted["knightstour_desktop/wiring/" + name] = os.path.join(wiring, name)
    return wanted


def wheel_files(wheel):
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist() if ".dist-info/" not in name}


def version():
    with open(os.path.join(ROOT, "device", "knightstour", "__init__.py")) as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and node.targets[0].id == "__version__":
                return node.value.value


def test_the_wheel_holds_every_module_and_file_and_no_more(built):
    wheel, sdist, again = built
    wanted = repository_files()
    assert "knightstour/hw/wiring/pins.py" in wanted and "knightstour_desktop/board/code.py" in wanted
    files = wheel_files(wheel)
    assert sorted(set(wanted) - set(files)) == [], "left out of the wheel"
    assert sorted(set(files) - set(wanted)) == [], "in the wheel, not in the repository"
    for name, path in wanted.items():
        with open(path, "rb") as f:
            assert files[name] == f.read(), name
    assert wheel_files(again) == files, "the wheel built from the sdist differs"
    assert wheel.name == again.name == "knights_tour_toy-%s-py3-none-any.whl" % version()
    assert sdist.name == "knights_tour_toy-%s.tar.gz" % version()


def test_the_installed_copy_runs_from_the_venv_not_the_checkout(venv, elsewhere):
    script = ("import knightstour, knightstour_desktop, knightstour_sim\n"
              "from knightstour_desktop import files\n"
              "print(knightstour.__file__, knightstour_desktop.__file__, knightstour_sim.__file__, files.BOARD,"
              " files.WEB, sep='\\n')")
    paths = _run([venv / "bin" / "python", "-c", script], cwd=elsewhere, env=_env(venv)).stdout.split()
    assert len(paths) == 5 and all(path.startswith(str(venv) + os.sep) for path in paths), paths


def test_version(venv, elsewhere):
    assert knights_tour(venv, elsewhere, "--version").stdout == "knights-tour %s\n" % version()


def test_sim_plain_once(venv, elsewhere):
    out = knights_tour(venv, elsewhere, "sim", "--plain", "--once").stdout
    assert "a   b   c   d   e   f   g   h" in out


def test_sim_tft_screenshot(venv, elsewhere):
    knights_tour(venv, elsewhere, "sim", "--display", "tft", "--screenshot", "tft.png")
    from PIL import Image

    with Image.open(elsewhere / "tft.png") as image:
        assert image.format == "PNG" and image.size[0] >= 320 and image.size[1] >= 240


def test_the_sim_extra_alone_gives_every_view_and_picture(venv, elsewhere):
    """`pip install 'knights-tour-toy[sim]'`: the pixel-true views run the real drivers (displayio, ...)."""
    knights_tour(venv, elsewhere, "sim", "--display", "matrix", "--screenshot", "matrix.png")
    code = ("import sys; from knightstour_sim.simulator import Simulator; from knightstour_sim.command import "
            "build_settings, add_arguments; import argparse; p = argparse.ArgumentParser(); add_arguments(p); "
            "s = Simulator(build_settings(p.parse_args([])), 'both', pixels=True); s.update(); s.close(); print('ok')")
    done = subprocess.run([venv / "bin" / "python", "-c", code], capture_output=True, text=True, cwd=elsewhere,
                          env=_env(venv), timeout=300)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_solve(venv, elsewhere):
    out = knights_tour(venv, elsewhere, "solve", "--start", "c3").stdout
    assert "complete: 64 squares" in out


def test_orders_analyse_with_the_analysis_extra(venv, elsewhere):
    out = knights_tour(venv, elsewhere, "orders", "analyse", "--size", "6x6", "--json", "six.json").stdout
    assert "6x6" in out and (elsewhere / "six.json").stat().st_size > 0


def _drive(folder):
    folder.mkdir()
    (folder / "boot_out.txt").write_text(BOOT_OUT)
    return folder


def _tree(root):
    return sorted(os.path.relpath(os.path.join(d, n), root) for d, _, names in os.walk(root) for n in names)


def test_deploy_writes_what_a_clone_deploys(venv, elsewhere):
    from knightstour_desktop.cli import main

    installed, clone = _drive(elsewhere / "CIRCUITPY"), _drive(elsewhere / "clone")
    knights_tour(venv, elsewhere, "deploy", "CIRCUITPY", "--no-libs", "--display", "max7219")
    assert main(["deploy", str(clone), "--no-libs", "--display", "max7219"]) == 0
    assert "lib/knightstour/hw/feather.py" in _tree(installed) and "code.py" in _tree(installed)
    assert _tree(installed) == _tree(clone)
    match, mismatch, errors = filecmp.cmpfiles(installed, clone, _tree(clone), shallow=False)
    assert (mismatch, errors) == ([], [])


def test_deploy_over_wifi_writes_what_a_clone_deploys(venv, elsewhere):
    from knightstour_desktop.cli import main

    from support.web_workflow import Board

    installed, clone = _drive(elsewhere / "board"), _drive(elsewhere / "clone")
    with Board(installed) as board:  # a stand-in for the board's web workflow, on 127.0.0.1
        knights_tour(venv, elsewhere, "deploy", "--host", board.host, "--no-libs", CIRCUITPY_WEB_API_PASSWORD="passw0rd")
    with Board(clone) as board:
        assert main(["deploy", "--host", board.host, "--password", "passw0rd", "--no-libs"]) == 0
    assert "lib/knightstour/hw/feather.py" in _tree(installed) and _tree(installed) == _tree(clone)
    match, mismatch, errors = filecmp.cmpfiles(installed, clone, _tree(clone), shallow=False)
    assert (mismatch, errors) == ([], [])


def test_bundle_writes_what_a_clone_bundles(venv, elsewhere, capsys, monkeypatch):
    from knightstour_desktop.cli import main

    monkeypatch.setenv("XDG_CACHE_HOME", str(elsewhere / "cache"))  # no compiler: .py files in both
    knights_tour(venv, elsewhere, "bundle", "toy.zip", "--display", "ili9341", "--touch", "tsc2007")
    assert main(["bundle", str(elsewhere / "clone.zip"), "--display", "ili9341", "--touch", "tsc2007"]) == 0
    with zipfile.ZipFile(elsewhere / "toy.zip") as installed, zipfile.ZipFile(elsewhere / "clone.zip") as clone:
        assert installed.namelist() == clone.namelist()
        assert "knightstour/CircuitPython 10.x/lib/knightstour/hw/chips/tsc2007.py" in clone.namelist()
        for name in clone.namelist():
            if "/lib/adafruit" not in name:  # the libraries: each venv's own pip packages
                assert installed.read(name) == clone.read(name), name


def test_web_build(venv, elsewhere, tmp_path_factory):
    if not os.path.isfile(os.path.join(PORT, "micropython.wasm")):
        reason = "no MicroPython WebAssembly port in node_modules: run npm ci"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from knightstour_sim import web

    knights_tour(venv, elsewhere, "web", "build", "site", KNIGHTSTOUR_MICROPYTHON_WEB=PORT)
    clone = str(tmp_path_factory.mktemp("clone-web") / "site")
    web.build(clone)
    assert _tree(elsewhere / "site") == _tree(clone) and "py.pack" in _tree(clone)
    same = [name for name in _tree(clone) if name != "leds.png"]  # drawn by Pillow, whose version may differ
    match, mismatch, errors = filecmp.cmpfiles(elsewhere / "site", clone, same, shallow=False)
    assert (mismatch, errors) == ([], [])


RUN_ON_EMULATED_PI = '''
import sys

from knightstour.hw.wiring.hardware import BoardHardware
from knightstour_desktop import cli
from knightstour_desktop.commands import run as run_command
from knightstour_sim.chips import rig
from knightstour_sim.screenshot import sim_board

# A Raspberry Pi's device-tree model and SPI device, and its pins on the emulated chips (test_hw_run.py)
run_command.MODEL, run_command.SPI_DEVICE = sys.argv[1], sys.argv[2]
run_command.pi_hardware = lambda settings: BoardHardware("pi", settings, board=sim_board("pi", matrix=rig.matrix_rig()))
sys.exit(cli.main(sys.argv[3:]))
'''


def test_run_on_the_emulated_pi_draws_its_first_frame(venv, elsewhere):
    (elsewhere / "model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    (elsewhere / "spidev0.0").write_text("")
    (elsewhere / "pi.py").write_text(RUN_ON_EMULATED_PI)
    status = elsewhere / "status"
    proc = subprocess.Popen([str(venv / "bin" / "python"), "pi.py", "model", "spidev0.0", "run", "--display",
                             "max7219", "--status-file", str(status)], cwd=elsewhere, env=_env(venv),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not status.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert proc.poll() is None, proc.communicate()
        assert status.read_text() == "%d\n" % proc.pid
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert "knights-tour run: the toy runs (max7219): first frame drawn" in out, (out, err)
    assert proc.returncode == 0, err


def test_runs_errors_name_a_wiring_page_the_installed_copy_has(venv, elsewhere):
    done = subprocess.run([str(venv / "bin" / "knights-tour"), "run", "--display", "max7219"], cwd=elsewhere,
                          env=_env(venv), capture_output=True, text=True, timeout=120)
    assert done.returncode == 3 and done.stderr.count("\n") == 1, done.stderr
    page = done.stderr.rsplit("wiring: ", 1)[1].strip()
    assert os.path.isabs(page) and os.path.isfile(page) and page.startswith(str(venv)), page
    with open(page, encoding="utf-8") as f:
        assert f.read() == open(os.path.join(ROOT, "wiring", "README.md"), encoding="utf-8").read()
