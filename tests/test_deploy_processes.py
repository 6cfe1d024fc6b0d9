"""knights-tour deploy under attack, in real processes: signals at every change it makes to the
drive and at random moments, SIGKILL, six deploys at once on one drive. Whatever happens, the
drive ends with the old toy or the new one, whole, and nothing else (no staging names, no lock).

Two kinds of process: forked copies of this one, which send themselves a real signal right
before or after the N-th change the deploy makes on the drive (every N in turn); and the real
command (python -m knightstour_desktop.cli) started afresh, signalled or killed from outside."""

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands.lock import LOCK

from support.deploy import snapshot

BOOT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express with samd51j19\n"
pytestmark = [pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and POSIX signals"), pytest.mark.slow]


@pytest.fixture(scope="module")
def toys(tmp_path_factory):
    """(old drive, its files, the new toy's files): the old toy is a deploy with every file marked."""
    root = tmp_path_factory.mktemp("toys")
    old = root / "old"
    old.mkdir()
    (old / "boot_out.txt").write_text(BOOT)
    (old / "settings.toml").write_text('KNIGHTSTOUR_DISPLAY = "max7219"\n')
    assert quiet_deploy(str(old)) == 0
    for path in [old / "code.py"] + sorted((old / "lib" / "knightstour").rglob("*.py")):
        path.write_text(path.read_text() + "# the old toy\n")
    new = root / "new"
    shutil.copytree(old, new)
    assert quiet_deploy(str(new)) == 0
    return old, snapshot(old), snapshot(new)


def quiet_deploy(drive, *more):
    with open(os.devnull, "w") as null:
        saved = sys.stdout
        sys.stdout = null
        try:
            return main(["deploy", drive, "--no-libs"] + list(more))
        finally:
            sys.stdout = saved


def fresh(toys, tmp_path, name="CIRCUITPY"):
    drive = tmp_path / name
    if drive.exists():
        shutil.rmtree(drive)
    shutil.copytree(toys[0], drive)
    return str(drive)


def which_toy(drive, toys):
    """"old" or "new"; fails on anything else (a mix, a missing file, debris, the lock)."""
    for folder, dirs, names in os.walk(drive):
        left = [n for n in dirs + names if n.startswith(".knightstour") or n.endswith((".new", ".old"))]
        assert not left, "debris in %s: %s" % (folder, left)
    files = snapshot(drive)
    if files == toys[1]:
        return "old"
    if files == toys[2]:
        return "new"
    mixed = sorted(f for f in set(files) | set(toys[2]) if files.get(f) not in (toys[1].get(f), toys[2].get(f)))
    pytest.fail("neither the old toy nor the new: %s" % mixed[:5])


def arm(drive, at, signum, when, again):
    """In a forked child: send ``signum`` to this process right ``when`` ("before"/"after") the
    ``at``-th change to ``drive``; with ``again``, a second one at the change after it (the undo's
    first). Returns the running count."""
    count = [0]

    def wrap(module, name):
        real = getattr(module, name)

        def changed(*args, **kwargs):
            paths = [str(a) for a in list(args) + list(kwargs.values()) if isinstance(a, (str, os.PathLike))]
            mine = None
            if any(p.startswith(drive) for p in paths):
                count[0] += 1
                mine = count[0]
                if mine == at and when == "before" or again and mine == at + 1:
                    os.kill(os.getpid(), signum)
            try:
                return real(*args, **kwargs)  # mkdtemp's own mkdir counts too: hence ``mine``
            finally:  # after an error too (makedirs tries mkdir on folders that exist)
                if mine == at and when == "after":
                    os.kill(os.getpid(), signum)

        setattr(module, name, changed)

    for module, name in ((os, "rename"), (os, "mkdir"), (os, "chmod"), (os, "remove"), (os, "rmdir"),
                         (shutil, "copyfile"), (shutil, "rmtree"), (tempfile, "mkdtemp"), (tempfile, "mkstemp")):
        wrap(module, name)
    return count


def forked_deploy(drive, at=0, signum=signal.SIGTERM, when="after", again=False):
    """(exit code, stdout, stderr, changes made) of a deploy in a forked process."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            code = 99
            try:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.stdout = open(1, "w", closefd=False)
                sys.stderr = open(2, "w", closefd=False)
                count = arm(drive, at, signum, when, again)
                code = main(["deploy", drive, "--no-libs"])
                sys.stdout.flush()
                sys.stderr.write("CHANGES %d\n" % count[0])
                sys.stderr.flush()
            except BaseException:
                traceback.print_exc()
                sys.stderr.flush()
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        out.seek(0)
        err.seek(0)
        errors = err.read().decode()
        lines = errors.splitlines()
        changes = int(lines.pop().split()[1]) if lines and lines[-1].startswith("CHANGES ") else None
        return os.waitstatus_to_exitcode(status), out.read().decode(), "\n".join(lines), changes


def check_outcome(drive, toys, code, err, signum):
    """A deploy that ended with ``code``: its one line and the drive agree."""
    toy = which_toy(drive, toys)
    if code == 0:
        assert toy == "new" and not err.strip(), err
        return toy
    if code == -signum or code == 130 and "stopped by" not in err:  # it came as the process ended
        assert toy == "new", (code, err)
        return toy
    assert code == 128 + signum, (code, err)
    assert len(err.strip().splitlines()) == 1, err
    assert "stopped by %s" % signal.Signals(signum).name in err, err
    if "is as it was" in err or "nothing was changed" in err:
        assert toy == "old", err
    else:
        assert "the new toy is in place" in err and toy == "new", err
    return toy


def test_the_deploy_makes_many_changes_and_ends_with_the_new_toy(toys, tmp_path):
    drive = fresh(toys, tmp_path)
    code, _, err, changes = forked_deploy(drive)
    assert code == 0 and changes > 80, err
    assert which_toy(drive, toys) == "new"


# The three signals go to one handler (lock.Signals), which only names the signal and sets the exit
# code: so they take their turns at the changes (each at a third of them), not each on its own.
SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def moments(changes, again):
    """[(change, "before"/"after", signal)]: a moment at every change of a deploy that makes
    ``changes``, for the runs with a second signal (``again``) or without: each change takes one
    run, one of the two. A deploy that has the drive only marks a signal (lock.Signals.defer) and
    stops at its next check, and no check comes between a change and the moments on either side
    of it: so right before change k and right after it leave the drive alike (k changes made, then
    undone or finished), and one run per change stops the deploy after every change there is. The
    signal comes after the odd changes and before the even ones, and the second signal at every
    other pair: the copy's changes come in threes (mkdir, copy, chmod), so each kind of change
    takes a signal before and after it, with and without a second one (the period is 12)."""
    return [(at, "after" if at % 2 else "before", SIGNALS[at % 3]) for at in range(1, changes + 1)
            if (at % 4 < 2) == again]


def signal_each(toys, tmp_path, again):
    drive = fresh(toys, tmp_path)
    _, _, _, changes = forked_deploy(drive)
    outcomes = set()
    for at, when, signum in moments(changes, again):
        drive = fresh(toys, tmp_path)
        code, _, err, _ = forked_deploy(drive, at, signum, when, again)
        outcomes.add(check_outcome(drive, toys, code, err, signum))
        assert code != 0, "the signal %s change %d was ignored" % (when, at)
    return outcomes


def test_a_signal_at_every_change_leaves_the_old_toy_or_the_new(toys, tmp_path):
    assert signal_each(toys, tmp_path, again=False) == {"old", "new"}  # the last changes come after the commit


def test_a_second_signal_does_not_cut_the_undo_short(toys, tmp_path):
    """The second signal comes at the change after the first's: the undo's first, or one the deploy
    makes before its next check."""
    assert signal_each(toys, tmp_path, again=True) == {"old", "new"}


def command(drive, *more):
    return subprocess.Popen([sys.executable, "-m", "knightstour_desktop.cli", "deploy", drive, "--no-libs"] + list(more),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def wait_for_lock(drive, proc, limit=30.0):
    """Until the deploy has locked the drive (it changes it next), or has ended."""
    end = time.monotonic() + limit
    while proc.poll() is None and time.monotonic() < end:
        if os.path.exists(os.path.join(drive, LOCK)):
            return
        time.sleep(0.0005)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_the_real_command_signalled_at_random_moments(toys, tmp_path, signum):
    rng = random.Random(signum)
    for _ in range(6):
        drive = fresh(toys, tmp_path)
        proc = command(drive)
        wait_for_lock(drive, proc)
        time.sleep(rng.uniform(0, 0.05))
        proc.send_signal(signum)
        if rng.random() < 0.5:
            proc.send_signal(signal.SIGTERM)  # and another, during the undo or the exit
        _, err = proc.communicate(timeout=60)
        check_outcome(drive, toys, proc.returncode, err, signum)


def test_sigkill_at_random_moments_then_a_deploy_mends_the_drive(toys, tmp_path):
    rng = random.Random(9)
    for _ in range(8):
        drive = fresh(toys, tmp_path)
        proc = command(drive)
        wait_for_lock(drive, proc)
        time.sleep(rng.uniform(0, 0.06))
        proc.kill()
        proc.communicate(timeout=60)
        lib = os.listdir(os.path.join(drive, "lib"))
        assert "knightstour" in lib or any(n.startswith(".knightstour-old-knightstour.") for n in lib)
        again = command(drive)
        _, err = again.communicate(timeout=60)
        assert again.returncode == 0, err
        assert which_toy(drive, toys) == "new"


def test_six_deploys_at_once_on_one_drive(toys, tmp_path):
    for _ in range(3):
        drive = fresh(toys, tmp_path)
        procs = [command(drive) for _ in range(6)]
        results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
        for p in procs:
            p.stderr.close()
        assert any(code == 0 for code, _ in results), results
        for code, err in results:
            if code != 0:
                assert code == 1 and len(err.strip().splitlines()) == 1, err
                assert "another deploy to %s is under way" % drive in err and "nothing was changed" in err
            else:
                assert not err.strip()
        assert which_toy(drive, toys) == "new"


def test_a_deploy_while_another_holds_the_drive_writes_nothing(toys, tmp_path):
    import fcntl

    drive = fresh(toys, tmp_path)
    with open(os.path.join(drive, LOCK), "w") as held:
        held.write("4242 elsewhere\n")
        held.flush()
        fcntl.flock(held, fcntl.LOCK_EX)
        before = snapshot(drive)
        procs = [command(drive) for _ in range(6)]
        for proc in procs:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 1 and len(err.strip().splitlines()) == 1, err
            assert "another deploy to %s is under way (process 4242 on elsewhere)" % drive in err
        assert snapshot(drive) == before
    os.remove(os.path.join(drive, LOCK))
    assert which_toy(drive, toys) == "old"


def test_a_signal_during_circup_stops_it_and_says_what_is_there(toys, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    started = tmp_path / "circup-started"
    circup = bin_dir / "circup"
    circup.write_text("#!/bin/sh\necho 'Searching for dependencies'\ntouch %s\nexec sleep 60\n" % started)
    circup.chmod(0o755)
    drive = fresh(toys, tmp_path)
    env = dict(os.environ, PATH=str(bin_dir) + os.pathsep + os.environ["PATH"])
    proc = subprocess.Popen([sys.executable, "-m", "knightstour_desktop.cli", "deploy", drive], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + 60
    while not started.exists() and time.monotonic() < end:
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "Searching for dependencies" in out
    assert err.strip().splitlines() == ["knights-tour deploy: stopped by SIGTERM: the toy's files are in place, the "
                                        "libraries may not be: run knights-tour deploy %s again" % drive]
    assert which_toy(drive, toys) == "new"


def lingering_circup(tmp_path, ignore_term):
    """A circup stand-in on PATH: its first run writes its pid, says it started and sleeps (with
    ``ignore_term``, shrugging off SIGTERM for 3 s); a later run logs whether the first had ended."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    circup = bin_dir / "circup"
    first = "sleep 3\n  touch %s/first-done\n  exit 0" % tmp_path if ignore_term else "exec sleep 60"
    circup.write_text("#!/bin/sh\n%(trap)sn=$(cat %(t)s/count 2>/dev/null || echo 0)\necho $((n + 1)) > %(t)s/count\n"
                      "if [ \"$n\" = 0 ]; then\n  echo $$ > %(t)s/pid\n  touch %(t)s/started\n  %(first)s\nfi\n"
                      "if [ -e %(t)s/first-done ]; then echo after >> %(t)s/log; else echo during >> %(t)s/log; fi\n"
                      % {"t": tmp_path, "first": first, "trap": "trap '' TERM\n" if ignore_term else ""})
    circup.chmod(0o755)
    return dict(os.environ, PATH=str(bin_dir) + os.pathsep + os.environ["PATH"])


def killed_during_circup(drive, env, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "knightstour_desktop.cli", "deploy", drive], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while not (tmp_path / "started").exists() and time.monotonic() < end:
        time.sleep(0.01)
    assert (tmp_path / "started").exists()
    proc.kill()
    proc.wait(timeout=30)
    return int((tmp_path / "pid").read_text())


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helper's end with the deploy: Linux's prctl")
def test_a_killed_deploys_circup_ends_with_it(toys, tmp_path):
    drive = fresh(toys, tmp_path)
    pid = killed_during_circup(drive, lingering_circup(tmp_path, ignore_term=False), tmp_path)
    end = time.monotonic() + 10
    while alive(pid) and time.monotonic() < end:
        time.sleep(0.02)
    assert not alive(pid), "circup %d still runs against the drive" % pid


def test_the_next_deploy_waits_for_a_killed_deploys_circup(toys, tmp_path):
    drive = fresh(toys, tmp_path)
    env = lingering_circup(tmp_path, ignore_term=True)
    killed_during_circup(drive, env, tmp_path)
    again = subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "deploy", drive], env=env, capture_output=True,
                           text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert "waiting for the circup a stopped deploy" in again.stdout
    assert (tmp_path / "log").read_text() == "after\n"  # its circup ran once the first had ended
    assert which_toy(drive, toys) == "new"
