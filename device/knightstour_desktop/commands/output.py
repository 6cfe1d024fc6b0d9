"""Output files that never replace the wrong thing: --json, --output, --heatmap, --screenshot.

``check_output(path, option)`` before any long work, then ``write_output(path, data, option)``:

- a regular file (or a new name) is written to a temporary file beside it and
  renamed over it at the end, so a failure leaves the old file as it was and
  no debris; the file keeps its permissions;
- a symlink's target is what gets written, the link stays a link;
- an existing non-regular file (/dev/null, /dev/full, a FIFO) is written in place; a FIFO that
  nothing reads is refused rather than waited on;
- a folder, a missing folder or one we cannot write to is refused before the
  work starts.

A path refused by ``check_output`` is bad input: ValueError, exit code 2. A
failure while writing (a full disk, an I/O error) raises OutputError: exit code
1. Both are one line naming the option and the path.
"""

import errno
import os
import stat
import tempfile

from knightstour.settings import as_given

from ..errors import UserError


def size_text(size):
    """``size`` bytes as a person reads it: KB under 1 MB, MB under 1 GB, else GB; one decimal under 100."""
    value, unit = size / 1024, "KB"
    for bigger in ("MB", "GB"):
        if value < 1024:
            break
        value, unit = value / 1024, bigger
    text = "%.1f" % value if value < 100 else "%d" % round(value)
    return "%s %s" % (text[:-2] if text.endswith(".0") else text, unit)


class OutputError(Exception):
    """An output could not be written (a file, a drive): one line, exit code 1."""


def _target(path):
    """The file that gets written: a symlink's final target, else ``path`` itself."""
    return os.path.realpath(path) if os.path.islink(path) else path


def _reason(exc):
    return exc.strerror or str(exc)


def check_output(path, option, suffix=None):
    """Raise ValueError now if ``path`` cannot be written later; return the path written."""
    if not str(path):
        raise UserError("bad %s '': give a file name%s" % (option, " ending in " + suffix if suffix else ""))
    if suffix and not str(path).lower().endswith(suffix):
        raise UserError("bad %s %s: give a file name ending in %s" % (option, as_given(path), suffix))
    target = _target(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise UserError("cannot write %s %s: %s" % (option, path, _reason(exc))) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise UserError("cannot write %s %s: it is a folder; give a file name" % (option, path))
    if mode is not None and not stat.S_ISREG(mode):
        if not os.access(target, os.W_OK):
            raise UserError("cannot write %s %s: permission denied" % (option, path))
        return target
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise UserError("cannot write %s %s: folder %s does not exist" % (option, path, folder))
    if not os.access(folder, os.W_OK):
        raise UserError("cannot write %s %s: folder %s is read-only" % (option, path, folder))
    return target


def write_output(path, data, option):
    """Write ``data`` (str, bytes, or a function called with a binary file) to ``path`` safely."""
    try:
        target = check_output(path, option)
        mode = os.stat(target).st_mode if os.path.exists(target) else None
    except ValueError as exc:
        raise OutputError(str(exc)) from None
    except OSError as exc:
        raise OutputError("cannot write %s %s: %s" % (option, path, _reason(exc))) from None
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with _open_in_place(target, mode, option, path) as handle:
                _put(handle, data)
        except OSError as exc:
            raise OutputError("cannot write %s %s: %s" % (option, path, _reason(exc))) from None
        return
    folder = os.path.dirname(os.path.abspath(target))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(target) + ".", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            _put(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, stat.S_IMODE(mode) if mode is not None else _default_mode())
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise OutputError("cannot write %s %s: %s" % (option, path, _reason(exc))) from None
    finally:
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass


def _open_in_place(target, mode, option, path):
    """A device or a pipe, opened for writing; a pipe nothing reads is refused, not waited on forever."""
    if not stat.S_ISFIFO(mode):
        return open(target, "wb")
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno != errno.ENXIO:
            raise
        raise OutputError("cannot write %s %s: it is a pipe nothing reads (is anything reading from it?); "
                          "give a file name" % (option, path)) from None
    os.set_blocking(fd, True)
    return os.fdopen(fd, "wb")


def _put(handle, data):
    if callable(data):
        data(handle)
    else:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)


def _default_mode():
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
