"""tools/pi/install.sh stopped part way, with the tests' Pi stand-ins (tests/pi_standins), a stand-in python3
that makes a venv in an instant, and an `rm` that stops the installer (SIGTERM, as a Ctrl-C, a shutdown or
an SSH drop would) while it removes an old venv: after the switch nothing live may go."""

import os
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSTALL = os.path.join(ROOT, "tools", "pi", "install.sh")
STANDINS = os.path.join(ROOT, "tests", "pi_standins")

FAST_PYTHON3 = """#!/bin/sh
# python3 -m venv DIR: a venv whose pip installs nothing and whose python is this one (the toy installed);
# anything else (the stand-ins): this Python
[ "$1" = -m ] && [ "$2" = venv ] || exec %s "$@"
mkdir -p "$3/bin" && printf '#!/bin/sh\\nexit 0\\n' > "$3/bin/pip" && chmod +x "$3/bin/pip"
printf '#!/bin/sh\\nexec %s "$@"\\n' > "$3/bin/python" && chmod +x "$3/bin/python"
""" % (sys.executable, sys.executable)
# Asked to remove WHAT, it signals its process group (the installer and itself), as a terminal's Ctrl-C or a
# dropped SSH session does, half-way through: what it was to remove is half gone.
STOPPING_RM = """#!/bin/sh
case "$1 $2" in "-rf "*"$STOP_AT")
  [ -d "$2/bin" ] && /bin/rm -rf "$2/bin"
  kill -s %s 0 ;;
esac
exec /bin/rm "$@"
"""


def install_stopped_at(tmp_path, what, sig=signal.SIGTERM, boot="[all]\ndtoverlay=spi0-0cs\n"):
    root = tmp_path / "pi"
    for folder in ("dev", "boot/firmware", "etc/knightstour", "etc/systemd/system", ".standins",
                   "opt/knightstour/venvs/20250101-000000-1/bin", "opt/knightstour/src"):
        (root / folder).mkdir(parents=True)
    (root / "dev/spidev0.0").write_text("")
    (root / "boot/firmware/config.txt").write_text(boot)
    (root / "opt/knightstour/src/pyproject.toml").write_text("the old source\n")
    os.symlink("venvs/20250101-000000-1", root / "opt/knightstour/venv")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("python3", FAST_PYTHON3), ("rm", STOPPING_RM % sig.name[3:])):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    env = dict(os.environ, PI_ROOT=str(root), KNIGHTSTOUR_INSTALL_ROOT=str(root), STOP_AT=what,
               PATH=os.pathsep.join((str(bin_dir), STANDINS, os.environ["PATH"])))
    done = subprocess.run(["bash", INSTALL, "--display", "max7219"], capture_output=True, text=True, env=env,
                          timeout=120, start_new_session=True)
    return root / "opt/knightstour", done


def test_stopped_while_old_venvs_go_the_new_live_venv_stays(tmp_path):
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        prefix, done = install_stopped_at(tmp_path / sig.name, "venvs/20250101-000000-1", sig)
        assert done.returncode != 0
        live = os.path.realpath(prefix / "venv")
        assert os.path.isfile(os.path.join(live, "bin", "pip")), (sig, os.listdir(prefix / "venvs"))
        assert (prefix / "src" / "pyproject.toml").read_text() != "the old source\n"  # the new source
        last = done.stderr.strip().splitlines()[-1]
        assert "stopped after the new code was put in place" in last and "still runs" not in last
        assert "run the installer again" in last


def test_stopped_before_the_switch_the_old_toy_stays(tmp_path):
    prefix, done = install_stopped_at(tmp_path, "src.new")  # the first rm, before anything is built
    assert done.returncode != 0 and "what was installed is as it was" in done.stderr.strip().splitlines()[-1]
    assert os.readlink(prefix / "venv") == "venvs/20250101-000000-1"
    assert os.listdir(prefix / "venvs") == ["20250101-000000-1"]
    assert (prefix / "src" / "pyproject.toml").read_text() == "the old source\n"
    assert not (prefix / "src.new").exists()


def test_the_overlay_goes_under_all_and_a_re_run_repairs_it(tmp_path):
    prefix, done = install_stopped_at(tmp_path, "no such path", boot="dtparam=spi=on\n[pi0]\ndtoverlay=vc4\n")
    config = prefix.parent.parent / "boot/firmware/config.txt"
    assert done.returncode == 0, done.stderr
    assert config.read_text() == "dtparam=spi=on\n[pi0]\ndtoverlay=vc4\n[all]\ndtoverlay=spi0-0cs\n"
    settings = prefix.parent.parent / "etc/knightstour/config.toml"
    assert 'KNIGHTSTOUR_DISPLAY = "max7219"' in settings.read_text()  # the display given, where the service reads it
    prefix, done = install_stopped_at(tmp_path / "again", "no such path",
                                      boot="dtparam=spi=on\n[pi0]\ndtoverlay=vc4\ndtoverlay=spi0-0cs\n")
    config = prefix.parent.parent / "boot/firmware/config.txt"
    assert done.returncode == 0, done.stderr
    assert config.read_text() == "dtparam=spi=on\n[pi0]\ndtoverlay=vc4\n[all]\ndtoverlay=spi0-0cs\n"
