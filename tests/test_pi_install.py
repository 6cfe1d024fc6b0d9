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


def test_the_unit_runs_the_toy_as_its_own_user_and_restarts_on_failure():
    done = dry_run("--display", "ili9341")
    assert done.returncode == 0, done.stderr
    unit = unit_from(done.stdout)
    service = unit["Service"]
    assert service["User"] == "knightstour" and service["User"] != "root"
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "spi", "i2c"}
    assert service["Restart"] == "on-failure"
    assert service["ExecStart"].endswith("knights-tour run --display ili9341 --config /etc/knightstour/config.toml")
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_dry_run_lists_every_step_and_changes_nothing(tmp_path):
    out = dry_run("--display", "max7219", path=with_fake_raspi_config(tmp_path)).stdout
    for step in ("apt-get install -y python3-venv", "useradd --system", "raspi-config nonint do_spi 0",
                 "without .git, .venv, node_modules", "dtoverlay=spi0-0cs", "pip install /opt/knightstour/src[pi]",
                 "systemctl enable --now knightstour.service"):
        assert step in out
    assert not os.path.exists("/opt/knightstour/src/pyproject.toml")


def test_without_raspi_config_it_says_how_to_turn_spi_on(tmp_path):
    if any(os.path.exists(os.path.join(d, "raspi-config")) for d in os.environ["PATH"].split(os.pathsep)):
        pytest.skip("raspi-config is installed here; the other test covers it")
    assert "dtparam=spi=on" in dry_run("--display", "max7219").stdout


def test_uninstall_removes_the_service_user_and_files():
    out = dry_run("--uninstall").stdout
    for step in ("systemctl disable --now knightstour.service", "rm -f /etc/systemd/system/knightstour.service",
                 "userdel knightstour", "rm -rf /opt/knightstour"):
        assert step in out
    assert "kept /etc/knightstour/config.toml" in out
    assert "rm -rf /etc/knightstour" in dry_run("--uninstall", "--purge").stdout


def test_bad_options_are_one_clear_line():
    for args, needle in [(["--display", "oled"], "accepted are max7219 and ili9341"),
                         ([], "--display max7219 or --display ili9341"),
                         (["--colour"], "unknown option '--colour'")]:
        done = dry_run(*args)
        assert done.returncode == 2 and needle in done.stderr and len(done.stderr.strip().splitlines()) == 1
