"""tools/pi/install.sh as it really installs, into a folder standing in for the Pi's root.

The installer runs whole: it copies the source, makes a venv and pip installs the package with its pi
extra from PyPI (non-editable; gpiod and Blinka's Pi PWM are Pi-only by their markers). Stand-ins take
the place of what only a Pi has: apt-get, useradd, raspi-config (logged), and systemd: the stand-in
systemctl (tests/pi_standins) starts the installed unit's ExecStart line as written, on the emulated
Pi (tests/emulated_pi: an emulated MAX7219 behind Blinka's board module), and the installer waits for
that process's first frame and the status file holding its pid, as on a Pi.
"""

import glob
import io
import json
import os
import shlex
import subprocess
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSTALL = os.path.join(ROOT, "tools", "pi", "install.sh")
STANDINS = os.path.join(ROOT, "tests", "pi_standins")
pytestmark = pytest.mark.slow  # pip installs into new venvs, the service started and stopped

PREVIOUS_RELEASE = "39ab66a"  # its installer put the venv in /opt/knightstour/venv, a folder of its own
USERS_CONFIG = 'KNIGHTSTOUR_SPEED = 8\nKNIGHTSTOUR_MATRIX_BRIGHTNESS = 3\n'


@pytest.fixture
def pi(tmp_path):
    """The emulated Pi's root: a Pi model, SPI on, a boot config that frees the chip selects already."""
    root = tmp_path / "pi"
    for folder in ("proc/device-tree", "dev", "boot/firmware", "etc/knightstour", "etc/systemd/system", "run",
                   ".standins", "srv/mine"):
        (root / folder).mkdir(parents=True)
    (root / "proc/device-tree/model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    (root / "dev/spidev0.0").write_text("")
    (root / "boot/firmware/config.txt").write_text("dtparam=spi=on\ndtoverlay=spi0-0cs\n")
    (root / "etc/knightstour/config.toml").write_text(USERS_CONFIG)
    (root / "srv/mine/notes.txt").write_text("not the toy's\n")
    yield root
    subprocess.run([os.path.join(STANDINS, "systemctl"), "stop", "knightstour.service"], env=env_for(root))


def env_for(root):
    return dict(os.environ, PI_ROOT=str(root), KNIGHTSTOUR_INSTALL_ROOT=str(root), KNIGHTSTOUR_INSTALL_WAIT="90",
                PATH=STANDINS + os.pathsep + os.environ["PATH"])


def install(root, *args, script=INSTALL, env=()):
    return subprocess.run(["bash", script, *args], capture_output=True, text=True, env=dict(env_for(root), **dict(env)),
                          timeout=600)


def exec_start(root):
    for line in (root / "etc/systemd/system/knightstour.service").read_text().splitlines():
        if line.startswith("ExecStart="):
            return shlex.split(line[len("ExecStart="):])
    raise AssertionError("the unit has no ExecStart line")


def running(root):
    """The service's pid, checked against the status file the toy writes at its first frame."""
    pid = int(subprocess.run([os.path.join(STANDINS, "systemctl"), "show", "--property=MainPID", "--value",
                              "knightstour.service"], capture_output=True, text=True, env=env_for(root)).stdout)
    assert pid and (root / "run/knightstour/status").read_text() == "%d\n" % pid
    return pid


def stopped(root, pid):
    """What the service process ``pid`` showed and ran when it was stopped (tests/emulated_pi)."""
    return json.loads((root / ".standins" / ("stopped-%d.json" % pid)).read_text())


def previous_release(tmp_path, root):
    """The previous release's checkout, its installer's paths moved under ``root``."""
    if subprocess.run(["git", "-C", ROOT, "cat-file", "-e", PREVIOUS_RELEASE + "^{commit}"]).returncode:
        pytest.skip("this clone lacks the previous release %s (a shallow clone)" % PREVIOUS_RELEASE)
    archive = subprocess.run(["git", "-C", ROOT, "archive", PREVIOUS_RELEASE], capture_output=True, check=True).stdout
    checkout = tmp_path / "previous"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(checkout)
    script = checkout / "tools/pi/install.sh"
    text = script.read_text()
    for path in ("/opt/knightstour", "/etc/knightstour", "/etc/systemd/system/", "/run/knightstour/status",
                 "/boot/firmware/config.txt", "/boot/config.txt", "/dev/spidev0.0"):
        assert path in text
        text = text.replace(path, str(root) + path)
    script.write_text(text)
    return str(script)


def toy_distributions(prefix):
    """How many distributions in the service's venv install the knightstour package."""
    site = glob.glob(str(prefix / "venv/lib/python3*/site-packages"))[0]
    owners = 0
    for record in glob.glob(os.path.join(site, "*.dist-info", "RECORD")):
        with open(record) as f:
            owners += any(line.startswith("knightstour/") for line in f)
    return owners


def test_the_installer_upgrades_reinstalls_and_uninstalls(tmp_path, pi):
    prefix = pi / "opt/knightstour"

    # The previous release: its package left knightstour.hw out, so its service dies at the first start.
    old = install(pi, "--display", "max7219", script=previous_release(tmp_path, pi))
    assert old.returncode == 1 and "the toy is not running (the service is failed" in old.stderr, old.stderr
    assert "No module named 'knightstour.hw'" in old.stderr
    assert (prefix / "venv").is_dir() and not (prefix / "venv").is_symlink()

    # This release over it: the unit's ExecStart line, as written, draws the first frame on the emulated Pi.
    first = install(pi, "--display", "max7219")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "installed and running: the toy drew its first frame" in first.stdout
    assert "kept %s/etc/knightstour/config.toml (yours)" % pi in first.stdout
    command = exec_start(pi)
    assert command == [str(prefix / "venv/bin/knights-tour"), "run", "--config",
                       str(pi / "etc/knightstour/config.toml"), "--status-file", str(pi / "run/knightstour/status")]
    # the display given is in config.toml, the one place the service reads it from; the rest is the user's
    assert (pi / "etc/knightstour/config.toml").read_text() == USERS_CONFIG + 'KNIGHTSTOUR_DISPLAY = "max7219"\n'
    assert "set KNIGHTSTOUR_DISPLAY" in first.stdout
    first_pid = running(pi)
    assert toy_distributions(prefix) == 1

    # Again: a new venv, the service restarted on it, the first one gone.
    again = install(pi, "--display", "max7219")
    assert again.returncode == 0, again.stdout + again.stderr
    second_pid = running(pi)
    assert second_pid != first_pid
    shown = stopped(pi, first_pid)
    assert shown["lit"] > 0  # the first service drew on the emulated MAX7219
    venvs = os.listdir(prefix / "venvs")
    assert len(venvs) == 1 and os.readlink(prefix / "venv") == "venvs/" + venvs[0]
    assert not shown["knightstour"].startswith(os.path.realpath(prefix / "venv"))  # that one was removed

    # A download that fails leaves the toy as it was, and running.
    offline = install(pi, "--display", "max7219", env={"PIP_INDEX_URL": "http://127.0.0.1:9/simple",
                                                       "PIP_FIND_LINKS": "", "PIP_RETRIES": "0"})
    assert offline.returncode != 0 and "what was installed is as it was" in offline.stderr
    assert running(pi) == second_pid and os.listdir(prefix / "venvs") == venvs
    assert sorted(os.listdir(prefix)) == ["src", "venv", "venvs"]

    # Uninstall: the service stopped (it ran the new code), what the installers made removed, the rest kept.
    gone = install(pi, "--uninstall")
    assert gone.returncode == 0, gone.stderr
    shown = stopped(pi, second_pid)
    assert shown["lit"] > 0 and shown["knightstour"].startswith(str(prefix / "venvs" / venvs[0]))
    assert not (pi / "etc/systemd/system/knightstour.service").exists() and not prefix.exists()
    assert (pi / "etc/knightstour/config.toml").read_text() == USERS_CONFIG + 'KNIGHTSTOUR_DISPLAY = "max7219"\n'
    assert (pi / "boot/firmware/config.txt").read_text() == "dtparam=spi=on\ndtoverlay=spi0-0cs\n"
    assert (pi / "srv/mine/notes.txt").read_text() == "not the toy's\n"
    assert (pi / ".standins/users").read_text() == ""  # the user the previous release made
    assert not (pi / "etc/knightstour/installed-by-knightstour").exists()
