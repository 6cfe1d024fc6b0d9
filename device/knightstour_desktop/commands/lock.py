"""One deploy at a time per drive, and what a signal does to a deploy.

- ``DriveLock``: a lock file on the drive, locked with flock (the kernel lets go of it when its
  process dies, however it dies, and the helpers it passed it to, circup, have ended), removed at
  the end. A second deploy gets one line naming the first one's process, exits non-zero and
  writes nothing; if that process is gone but its circup still holds the lock, it waits for it.
- ``Signals``: SIGINT, SIGTERM and SIGHUP. Before the drive is touched a signal stops the
  deploy at once; after, it is noted and the deploy stops at its next safe point (``check()``)
  and undoes what it did. Later signals are ignored, so the undo is never cut short.
"""

import errno
import os
import signal
import socket
import time

from .output import OutputError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt

LOCK = ".knightstour-deploy.lock"


class DeployError(OutputError):
    """Deploy stopped: one line, exit code 1; the drive is as it was."""


class Interrupted(BaseException):
    """A signal stopped the deploy (BaseException, like KeyboardInterrupt: no handler swallows it)."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum
        self.outcome = "nothing was changed"


def reason(exc):
    """An OSError as words for a message."""
    if isinstance(exc, OSError):
        if exc.errno == errno.EROFS:
            return "the drive is read-only (is it mounted read-only, or is the board's storage " \
                   "remounted for the board to write?)"
        name = exc.filename2 or exc.filename  # copyfile names its source first, the file written second
        return "%s%s" % (exc.strerror or exc, " (%s)" % name if name else "")
    return str(exc)


class Signals:
    """While a deploy runs: a SIGINT, SIGTERM or SIGHUP raises Interrupted at once until ``defer``
    is set, then only at ``check()``. The first signal counts; later ones are ignored, so the
    undo they asked for is never cut short."""

    NAMES = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self):
        self.received = None
        self.defer = False
        self._old = {}

    def __enter__(self):
        for name in self.NAMES:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                self._old[number] = signal.signal(number, self._handle)
            except ValueError:  # not the main thread: leave signals as they are
                break
        return self

    def _handle(self, signum, frame):
        if self.received is None:
            self.received = signum
            if not self.defer:
                raise Interrupted(signum)

    def check(self):
        if self.received is not None:
            raise Interrupted(self.received)

    def __exit__(self, *exc):
        for number, handler in self._old.items():
            signal.signal(number, handler)
        return False


class DriveLock:
    """The drive's deploy lock; DeployError naming the holder if another deploy has it."""

    def __init__(self, drive):
        self.drive = drive
        self.path = os.path.join(drive, LOCK)
        self.fd = None

    def __enter__(self):
        for _ in range(100):  # each retry means a holder ended in between: a new lock file
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise DeployError("cannot deploy to %s: %s" % (self.drive, reason(exc))) from None
            try:
                _lock_or_wait(fd, self.drive)
            except OSError as exc:
                holder = _read_holder(fd)
                os.close(fd)
                if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", 0)):
                    raise DeployError("another deploy to %s is under way%s; wait for it to end and deploy "
                                      "again; nothing was changed" % (self.drive, holder)) from None
                raise DeployError("cannot lock %s for the deploy: %s" % (self.path, reason(exc))) from None
            mine = os.fstat(fd)
            try:
                named = os.stat(self.path)
            except OSError:
                named = None
            if mine.st_nlink and named is not None and (named.st_ino, named.st_dev) == (mine.st_ino, mine.st_dev):
                self.fd = fd
                try:
                    os.ftruncate(fd, 0)
                    os.write(fd, ("%d %s\n" % (os.getpid(), socket.gethostname())).encode("utf-8", "replace"))
                except OSError as exc:
                    self.__exit__()
                    raise DeployError("cannot deploy to %s: %s" % (self.drive, reason(exc))) from None
                return self
            os.close(fd)  # the holder removed it as we opened it
        raise DeployError("cannot lock %s for the deploy: it keeps changing" % self.path)

    def __exit__(self, *exc):
        if self.fd is None:
            return False
        if fcntl is not None:
            quietly(os.remove, self.path)  # while still locked: the next one makes a new file
            os.close(self.fd)
        else:
            os.close(self.fd)
            quietly(os.remove, self.path)
        self.fd = None
        return False


def _lock(fd):
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


ORPHAN_WAIT = 120  # seconds to wait for the helper (circup) of a deploy that was killed


def _lock_or_wait(fd, drive):
    """Lock ``fd``; if a deploy that has ended (killed) holds it through the circup it started,
    wait up to ORPHAN_WAIT seconds for that to end. OSError if still held."""
    try:
        _lock(fd)
        return
    except OSError as exc:
        if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK) or not _holder_gone(fd):
            raise
    print("waiting for the circup a stopped deploy left running on %s to end" % drive, flush=True)
    end = time.monotonic() + ORPHAN_WAIT
    while True:
        time.sleep(0.1)
        try:
            _lock(fd)
            return
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK) or time.monotonic() > end:
                raise


def _holder_gone(fd):
    """True when the lock file names a process of this computer that no longer runs."""
    words = _read_holder(fd).strip(" ()").split()
    if len(words) < 2 or words[0] != "process" or not words[1].isdigit():
        return False
    if len(words) > 3 and words[3] != socket.gethostname():
        return False
    try:
        os.kill(int(words[1]), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _read_holder(fd):
    """" (process PID on HOST)" from the lock file, or "" (the holder may not have written it yet:
    a few tries)."""
    for _ in range(5):
        try:
            words = os.pread(fd, 200, 0).decode("utf-8", "replace").split() if hasattr(os, "pread") else []
        except OSError:
            words = []
        if words and words[0].isdigit():
            return " (process %s%s)" % (words[0], " on " + words[1] if len(words) > 1 else "")
        time.sleep(0.02)
    return ""


def quietly(function, *args):
    try:
        function(*args)
        return True
    except OSError:
        return False
