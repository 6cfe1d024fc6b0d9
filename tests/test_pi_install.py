import configparser
import os
import subprocess

import pytest

INSTALL = "tools/pi/install.sh"


def dry_run(*args, path=None):
    env = dict(os.environ, PATH=path) if path else None
    return subprocess.run(["bash", INSTALL, "--dry-run", *args], capture_output=True, text=True, env=env)


def with_fake_raspi_config(tmp_path):
    fake = tmp_path / "raspi-config"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    return str(tmp_path) + os.pathsep + os.environ["PATH"]


def unit_from(output):
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("+ write /etc/systemd/system/knightstour.service"))
    body = []
    for line in lines[start + 1:]:
        if not line.startswith("    ") and line.strip():
            break
        body.append(line[4:])
    parser = configparser.ConfigParser(strict=False)
    parser.optionxform = str
    parser.read_string("\n".join(body))
    return parser


def test_the_unit_runs_as_its_own_user_and_restarts():
    done = dry_run("--display", "ili9341")
    assert done.returncode == 0, done.stderr
    unit = unit_from(done.stdout)
    service = unit["Service"]
    assert service["User"] == "knightstour" and service["User"] != "root"
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "spi", "i2c"}
    assert service["Restart"] == "on-failure"
    assert "knights-tour run --config /etc/knightstour/config.toml " in service["ExecStart"]
    assert "--display" not in service["ExecStart"] and "ili9341" not in done.stdout.split("+ write")[1].split("\n+")[0]
    assert 'set KNIGHTSTOUR_DISPLAY = "ili9341" in /etc/knightstour/config.toml' in done.stdout
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_dry_run_lists_every_step_and_changes_nothing(tmp_path):
    out = dry_run("--display", "max7219", path=with_fake_raspi_config(tmp_path)).stdout
    for step in ("apt-get install -y python3-venv python3-pip python3-dev build-essential", "useradd --system", "raspi-config nonint do_spi 0",
                 "without .git, .venv, node_modules", "dtoverlay=spi0-0cs", "pip install /opt/knightstour/src.new[pi]",
                 "systemctl enable knightstour.service", "systemctl restart knightstour.service"):
        assert step in out
    assert out.rstrip().endswith("dry run: nothing was changed")
    assert not os.path.exists("/opt/knightstour/src/pyproject.toml")


def test_without_raspi_config_it_says_how_to_turn_spi_on(tmp_path):
    if any(os.path.exists(os.path.join(d, "raspi-config")) for d in os.environ["PATH"].split(os.pathsep)):
        pytest.skip("raspi-config is installed here; the other test covers it")
    assert "dtparam=spi=on" in dry_run("--display", "max7219").stdout


def test_uninstall_removes_what_the_installer_created(tmp_path):
    record = tmp_path / "record"
    record.write_text("user\nprefix\nboot-config /boot/firmware/config.txt\n")
    env = dict(os.environ, KNIGHTSTOUR_INSTALL_RECORD=str(record))
    out = subprocess.run(["bash", INSTALL, "--dry-run", "--uninstall"], capture_output=True, text=True,
                         env=env).stdout
    for step in ("systemctl disable --now knightstour.service", "rm -f /etc/systemd/system/knightstour.service",
                 "userdel knightstour", "rm -rf /opt/knightstour\n",
                 "sed -i /^dtoverlay=spi0-0cs$/d /boot/firmware/config.txt"):
        assert step in out
    assert "kept /etc/knightstour/config.toml" in out and out.rstrip().endswith("dry run: nothing was changed")
    purge = subprocess.run(["bash", INSTALL, "--dry-run", "--uninstall", "--purge"], capture_output=True,
                           text=True, env=env).stdout
    assert "rm -rf /etc/knightstour" in purge


def test_uninstall_leaves_what_was_there_before():
    env = dict(os.environ, KNIGHTSTOUR_INSTALL_RECORD="/nonexistent/record")
    out = subprocess.run(["bash", INSTALL, "--dry-run", "--uninstall"], capture_output=True, text=True,
                         env=env).stdout
    assert "userdel" not in out and "sed -i" not in out and "rm -rf /opt/knightstour\n" not in out
    assert "rm -rf /opt/knightstour/src /opt/knightstour/venv" in out


def test_purge_without_uninstall_is_an_error():
    done = dry_run("--display", "max7219", "--purge")
    assert done.returncode == 2 and "--purge goes with --uninstall" in done.stderr
    assert done.stdout == ""


def test_help_prints_the_usage_and_no_line_of_the_script():
    done = subprocess.run(["bash", INSTALL, "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "--uninstall [--purge]" in done.stdout
    assert "set -" not in done.stdout and "#" not in done.stdout


def test_the_unit_does_not_restart_on_errors_a_restart_cannot_fix():
    from knightstour_desktop.commands.run import EXIT_SETUP

    unit = unit_from(dry_run("--display", "max7219").stdout)
    service = unit["Service"]
    assert set(service["RestartPreventExitStatus"].split()) == {"2", str(EXIT_SETUP)}
    assert int(unit["Unit"]["StartLimitBurst"]) <= 10 and int(unit["Unit"]["StartLimitIntervalSec"]) > 0
    assert service["ProtectSystem"] == "strict" and service["PrivateTmp"] == "true"
    assert "PrivateDevices" not in service  # the SPI, I2C and GPIO devices are in /dev


def test_the_boot_config_line_goes_on_a_line_of_its_own(tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("dtparam=audio=on")  # no final newline
    snippet = 'source <(sed -n "/^append_line()/,/^}/p" %s); append_line "$1" dtoverlay=spi0-0cs' % INSTALL
    subprocess.run(["bash", "-c", snippet, "bash", str(config)], check=True)
    assert config.read_text() == "dtparam=audio=on\ndtoverlay=spi0-0cs\n"
    subprocess.run(["bash", "-c", snippet, "bash", str(tmp_path / "new.txt")], check=True)
    assert (tmp_path / "new.txt").read_text() == "dtoverlay=spi0-0cs\n"


def test_bad_options_are_one_clear_line():
    for args, needle in [(["--display", "oled"], "accepted are max7219 and ili9341"),
                         ([], "--display max7219 or --display ili9341"),
                         (["--colour"], "unknown option '--colour'")]:
        done = dry_run(*args)
        assert done.returncode == 2 and needle in done.stderr and len(done.stderr.strip().splitlines()) == 1


STAND_IN_SYSTEMCTL = """#!/bin/bash
# systemctl is-active answers the next line of $FAKE/states (the last one from then on); show the PID.
case "$1" in
  is-active)
    n=$(cat "$FAKE/polls" 2>/dev/null || echo 0); echo $((n + 1)) > "$FAKE/polls"
    state=$(sed -n "$((n + 1))p" "$FAKE/states"); [ -n "$state" ] || state=$(tail -n 1 "$FAKE/states")
    echo "$state"; [ "$state" = active ] ;;
  show) echo 4242 ;;
  *) exit 1 ;;
esac
"""
STAND_IN_JOURNALCTL = """#!/bin/sh
echo "$@" > "$FAKE/journal-args"
echo "knights-tour run: error: SPI is off (no /dev/spidev0.0): enable SPI with sudo raspi-config"
"""
STAND_IN_SLEEP = """#!/bin/sh
echo x >> "$FAKE/sleeps"
"""


def waiting(tmp_path, states, status, seconds=5):
    """Run the installer's wait for the first frame with stand-in systemctl, journalctl and sleep."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("systemctl", STAND_IN_SYSTEMCTL), ("journalctl", STAND_IN_JOURNALCTL),
                       ("sleep", STAND_IN_SLEEP)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (tmp_path / "states").write_text("\n".join(states) + "\n")
    status_file = tmp_path / "status"
    if status is not None:
        status_file.write_text(status)
    functions = 'source <(sed -n "/^toy_running()/,/^}/p;/^report_not_running()/,/^}/p" %s)' % INSTALL
    script = (functions + '; status_file=%s wait_seconds=%d config=/etc/knightstour/config.toml '
              'prefix=/opt/knightstour; if toy_running %d; then echo RUNNING; else report_not_running; fi'
              % (status_file, seconds, seconds))
    env = dict(os.environ, PATH=str(bin_dir) + os.pathsep + os.environ["PATH"], FAKE=str(tmp_path))
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env)
    sleeps = (tmp_path / "sleeps").read_text().count("x") if (tmp_path / "sleeps").exists() else 0
    return done, sleeps


def test_running_once_the_service_drew_its_first_frame(tmp_path):
    done, sleeps = waiting(tmp_path, ["activating", "activating", "active"], "4242\n")
    assert done.stdout == "RUNNING\n" and sleeps == 2


def test_a_status_file_of_an_earlier_process_is_not_a_first_frame(tmp_path):
    done, sleeps = waiting(tmp_path, ["active"], "1111\n", seconds=3)
    assert "RUNNING" not in done.stdout and sleeps == 3
    assert "the toy is not running" in done.stderr and "no first frame after 3 s" in done.stderr


def test_a_service_that_gave_up_shows_journal_and_fix(tmp_path):
    done, sleeps = waiting(tmp_path, ["activating", "failed"], None)
    assert "RUNNING" not in done.stdout and sleeps == 1
    lines = done.stderr.splitlines()
    assert "the service is failed: it stopped before its first frame" in lines[0] and " s)" not in lines[0]
    assert lines[1].startswith("knights-tour run: error: SPI is off")  # the journal's last lines
    assert "sudo systemctl restart knightstour" in lines[-1] and "/etc/knightstour/config.toml" in lines[-1]
    assert "--unit=knightstour.service" in (tmp_path / "journal-args").read_text()


def test_the_unit_gives_the_toy_a_status_file_it_may_write():
    unit = unit_from(dry_run("--display", "max7219").stdout)
    service = unit["Service"]
    assert service["RuntimeDirectory"] == "knightstour"
    assert service["ExecStart"].endswith("--status-file /run/knightstour/status")


def test_the_installer_says_running_only_after_waiting():
    text = open(INSTALL).read()
    waits, says = text.index('if ! toy_running "$wait_seconds"'), text.index("installed and running")
    assert waits < says and "runs now" not in text


@pytest.mark.parametrize("before, after", [
    ("dtparam=spi=on\n[pi0]\ndtoverlay=vc4-kms-v3d\n",
     "dtparam=spi=on\n[pi0]\ndtoverlay=vc4-kms-v3d\n[all]\ndtoverlay=spi0-0cs\n"),
    # a re-run repairs the line an earlier install put inside the last filter section
    ("dtparam=spi=on\n[pi4]\narm_boost=1\ndtoverlay=spi0-0cs\n",
     "dtparam=spi=on\n[pi4]\narm_boost=1\n[all]\ndtoverlay=spi0-0cs\n"),
    ("dtparam=spi=on\n[all]\ndtoverlay=spi0-0cs\n", "dtparam=spi=on\n[all]\ndtoverlay=spi0-0cs\n"),
    ("dtparam=spi=on\ndtoverlay=spi0-0cs\n[pi0]\nx=1\n", "dtparam=spi=on\ndtoverlay=spi0-0cs\n[pi0]\nx=1\n"),
    ("[cm4]\notg_mode=1\n[all]\ndtparam=audio=on", "[cm4]\notg_mode=1\n[all]\ndtparam=audio=on\ndtoverlay=spi0-0cs\n"),
])
def test_the_overlay_goes_where_every_pi_reads_it(tmp_path, before, after):
    config = tmp_path / "config.txt"
    config.write_text(before)
    snippet = ('overlay_line=dtoverlay=spi0-0cs; source <(sed -n "/^append_line()/,/^}/p;/^overlay_placed()/,/^}/p;'
               '/^place_overlay()/,/^}/p" %s); overlay_placed "$1" || place_overlay "$1"' % INSTALL)
    subprocess.run(["bash", "-c", snippet, "bash", str(config)], check=True)
    assert config.read_text() == after
