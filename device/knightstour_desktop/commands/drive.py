"""Changing a CIRCUITPY drive so that it ends with the old toy or the new one, whole.

- ``Changes``: every change to the drive goes through it and is journaled first, so that
  ``undo()`` (on any exception, a signal included) puts back exactly what was there. Staging
  names are unique (lib/.knightstour-new-XXXX); the commit is a few renames.
- ``install``: the new package and top files staged beside the old, then renamed in, code.py last.
- ``clean_up``: what a deploy cut off harder (SIGKILL, a pulled cable) left: removed, and a
  package or file moved aside put back where its place is empty.
"""

import os
import shutil
import stat
import tempfile

from .lock import DeployError, Interrupted, quietly, reason

STAGE = ".knightstour-"  # every staging name starts so: -new- and -old- follow
# Names an earlier version of deploy staged under (its debris is cleaned up too).
EARLIER = {".knightstour.new": "new", ".knightstour.old": "old", ".code.py.new": "new", ".settings.toml.new": "new"}


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def default_mode(directory=False):
    umask = os.umask(0)
    os.umask(umask)
    return (0o777 if directory else 0o666) & ~umask


def keep_owner_and_mode(path, like, directory=False):
    """Give ``path`` the mode (and, where allowed, the owner) of ``like`` if it exists, else the
    mode a new file gets (mkstemp and mkdtemp make theirs private)."""
    try:
        old = os.stat(like)
    except OSError:
        os.chmod(path, default_mode(directory))
        return
    os.chmod(path, stat.S_IMODE(old.st_mode))
    if hasattr(os, "chown") and (old.st_uid, old.st_gid) != (os.stat(path).st_uid, os.stat(path).st_gid):
        quietly(os.chown, path, old.st_uid, old.st_gid)


class Changes:
    """The drive's changes, journaled before each is made; ``undo()`` reverses them, latest first."""

    def __init__(self, drive, signals):
        self.drive = drive
        self.signals = signals
        self.journal = []  # ("made", path), ("moved", source, target), ("copied", copy), ("replaced", target, copy)
        self.aside = []  # what the commit moved aside, removed once it is done

    def mkdir(self, path):
        if not os.path.isdir(path):
            self.signals.check()
            self.journal.append(("made", path))
            os.mkdir(path)

    def stage_dir(self, folder, like):
        """A new uniquely named folder in ``folder`` with the mode of ``like``."""
        self.signals.check()
        path = tempfile.mkdtemp(dir=folder, prefix=STAGE + "new-")
        self.journal.append(("made", path))
        keep_owner_and_mode(path, like, directory=True)
        return path

    def stage_file(self, source, folder, like):
        """A copy of ``source`` in ``folder`` under a unique name, with the mode of ``like``."""
        self.signals.check()
        fd, path = tempfile.mkstemp(dir=folder, prefix=STAGE + "new-" + os.path.basename(like) + ".")
        self.journal.append(("made", path))
        with os.fdopen(fd, "wb") as out, open(source, "rb") as data:
            shutil.copyfileobj(data, out)
            out.flush()
            os.fsync(out.fileno())
        keep_owner_and_mode(path, like)
        return path

    def copy(self, source, target, like):
        """Copy ``source`` to ``target`` in a staged folder, with the mode of ``like``."""
        self.signals.check()
        shutil.copyfile(source, target)
        keep_owner_and_mode(target, like)

    def keep_copy(self, source, target, top):
        """A copy of ``source`` at ``target``, the folders between ``top`` and it made (all undone)."""
        folder = os.path.dirname(target)
        made = []
        while folder != top and not os.path.isdir(folder):
            made.append(folder)
            folder = os.path.dirname(folder)
        for folder in [top] + made[::-1]:
            self.mkdir(folder)
        self.signals.check()
        self.journal.append(("made", target))
        shutil.copyfile(source, target)

    def move(self, source, target):
        self.signals.check()
        self.journal.append(("moved", source, target))
        os.rename(source, target)

    def replace(self, source, target, keep=None):
        """Put ``source`` in ``target``'s place in one rename, so that ``target`` is never missing; what
        was there is first copied to ``keep`` (a backup that stays), else to a name beside it that goes
        once the commit is done."""
        if not os.path.lexists(target):
            return self.move(source, target)
        self.signals.check()
        if keep is None:
            keep = self._aside_name(target)
            self.aside.append(keep)
        self.journal.append(("copied", keep))
        shutil.copyfile(target, keep)
        with open(keep, "rb+") as out:
            os.fsync(out.fileno())
        keep_owner_and_mode(keep, target)
        self.signals.check()
        self.journal.append(("replaced", target, keep))
        os.replace(source, target)

    def _aside_name(self, path):
        folder, name = os.path.split(path)
        while True:
            aside = os.path.join(folder, "%sold-%s.%s" % (STAGE, name, os.urandom(4).hex()))
            if not os.path.lexists(aside):
                return aside

    def move_aside(self, path):
        """Move ``path`` to a unique name beside it, removed once the commit is done."""
        self.signals.check()
        aside = self._aside_name(path)
        self.move(path, aside)
        self.aside.append(aside)
        return aside

    def finish(self):
        """The commit is done: forget the journal and remove what was moved aside (what cannot
        be removed now, the next deploy removes)."""
        self.journal = []
        for path in self.aside:
            try:
                _remove(path)
            except OSError:
                pass

    def undo(self):
        """Reverse the journal; return the paths that could not be put back."""
        failed = []
        kept = set()  # copies holding what could not be put back: never removed
        for entry in reversed(self.journal):
            try:
                if entry[0] == "replaced":
                    _, target, copy = entry
                    try:
                        os.replace(copy, target)
                    except OSError:
                        kept.add(copy)
                        raise
                elif entry[0] == "copied":
                    if entry[1] not in kept:
                        _remove(entry[1])
                elif entry[0] == "made":
                    path = entry[1]
                    if os.path.isdir(path) and not os.path.islink(path) and not os.path.basename(path).startswith(STAGE):
                        if not os.listdir(path):
                            os.rmdir(path)  # a folder the deploy made (lib/): only if empty
                    else:
                        _remove(path)
                else:
                    _, source, target = entry
                    if os.path.lexists(target) and not os.path.lexists(source):
                        os.rename(target, source)
            except OSError as exc:
                if entry[0] == "replaced":
                    failed.append("%s (what was there is kept as %s)" % (entry[1], entry[2]))
                else:
                    failed.append("%s (%s)" % (entry[1], exc.strerror or exc))
        self.journal = []
        return failed


def debris(drive):
    """What deploys cut off left: [(path, kind)], kind "new" or "old" (moved aside)."""
    found = []
    for folder in (drive, os.path.join(drive, "lib")):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in sorted(names):
            kind = EARLIER.get(name)
            if name.startswith(STAGE + "new-"):
                kind = "new"
            elif name.startswith(STAGE + "old-"):
                kind = "old"
            if kind:
                found.append((os.path.join(folder, name), kind))
    return found


def original_name(path):
    """The name an "old" staging path was moved aside from: lib/.knightstour-old-knightstour.x -> lib/knightstour."""
    name = os.path.basename(path)
    if name == ".knightstour.old":
        return os.path.join(os.path.dirname(path), "knightstour")
    stem = name[len(STAGE + "old-"):]
    return os.path.join(os.path.dirname(path), stem.rsplit(".", 1)[0])


def clean_up(drive, dry=False):
    """Remove what deploys cut off left; put back a file or package moved aside whose place is
    empty (the commit was cut off between its renames). Returns the lines to print; ``dry``
    only says what it would do."""
    lines = []
    would = "would " if dry else ""
    restored = set()
    for path, kind in debris(drive):
        try:
            back = original_name(path) if kind == "old" else None
            if back and not os.path.lexists(back) and back not in restored:
                restored.add(back)
                if not dry:
                    os.rename(path, back)
                lines.append("%sput back %s (a deploy was cut off while it replaced it)" % (would, back))
            else:
                if not dry:
                    _remove(path)
                lines.append("%sremove %s (left by a deploy that was cut off)" % (would, path))
        except OSError as exc:
            raise DeployError("cannot deploy to %s: %s is left from a deploy that was cut off and cannot be "
                              "removed: %s" % (drive, path, reason(exc))) from None
    return lines


def free_bytes(drive):
    """(free bytes, cluster size) of the drive (Windows has no statvfs: 512, CIRCUITPY's usual)."""
    if not hasattr(os, "statvfs"):
        return shutil.disk_usage(drive).free, 512
    stats = os.statvfs(drive)
    return stats.f_bavail * stats.f_frsize, stats.f_frsize or 512


def space_needed(staging, written, block):
    """Bytes the new files take on a drive of ``block``-byte clusters (a cluster per folder too),
    while the old package is still there."""
    total = 0
    folders = set()
    for dest in written:
        size = os.path.getsize(os.path.join(staging, dest))
        total += (size + block - 1) // block * block
        folders.add(os.path.dirname(dest))
    return total + block * (len(folders) + 1)


def install(drive, staging, written, top, signals, keep=()):
    """Put the staged files on the drive: the package and the top files beside the old ones under
    unique names, then renamed into place, code.py last; first the user's files in the old package
    copied where ``keep`` ([(path, copy)]) says. On any failure (or signal) everything is put back:
    DeployError, or the Interrupted with its outcome."""
    lib = os.path.join(drive, "lib")
    package = os.path.join(lib, "knightstour")
    prefix = os.path.join("lib", "knightstour") + os.sep
    changes = Changes(drive, signals)
    try:
        for path, copy in keep:
            rel = os.path.relpath(path, package)
            changes.keep_copy(path, copy, copy[:len(copy) - len(rel) - 1])  # the folder they are kept in
        changes.mkdir(lib)
        new = changes.stage_dir(lib, like=package)
        for dest in written:
            if dest.startswith(prefix):
                rel = dest[len(prefix):]
                os.makedirs(os.path.dirname(os.path.join(new, rel)), exist_ok=True)
                changes.copy(os.path.join(staging, dest), os.path.join(new, rel), like=os.path.join(package, rel))
        staged = [(dest, changes.stage_file(os.path.join(staging, dest), drive, like=os.path.join(drive, dest)),
                   backup) for dest, backup in top if dest in written]
        if os.path.lexists(package):
            changes.move_aside(package)
        changes.move(new, package)
        for dest, source, backup in staged:
            changes.replace(source, os.path.join(drive, dest), keep=backup)
    except BaseException as exc:
        failed = changes.undo()
        where = "the toy on %s is as it was" % drive if not failed else \
            "and %s could not be put back: check the drive" % ", ".join(failed)
        if not os.path.isdir(drive):
            where = "%s went away (unplugged or ejected?), so what it holds now is not known: plug it in and " \
                    "deploy again (a deploy puts back or removes what one cut off left)" % drive
        if isinstance(exc, Interrupted):
            exc.outcome = where
            raise
        if isinstance(exc, OSError):
            raise DeployError("deploy stopped, %s: %s" % (where, reason(exc))) from None
        raise
    changes.finish()
