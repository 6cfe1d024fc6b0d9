"""Changing a board over its Web Workflow so that it ends with the old toy or the new one, whole
(drive.py's Changes, install and clean_up, over the file API):

- ``Changes``: every change journaled before it is made; ``undo()`` reverses them while the board
  answers (a dropped connection leaves the rest to the next deploy's clean-up).
- ``install``: the new package and top files written under staging names (lib/.knightstour-new-...,
  .knightstour-new-code.py...) while the board runs its old toy, then MOVEd into place, code.py last.
  A file that is replaced is only ever moved aside (its backup is a copy), so that a cut-off
  deploy leaves it where the next deploy's clean-up puts it back: settings.toml, with the board's
  Wi-Fi, is never lost.
- ``clean_up``: what a cut-off deploy left: removed, or put back where its place is empty.
- ``BoardLock``: one deploy at a time per board, so that none cleans up another's staged files.

Each works on the board and on the deploy's local mirror of its top folder and lib/ (web_deploy).
"""

import os
import shutil
import socket
import time

from .drive import STAGE, debris, original_name
from .lock import DeployError, Interrupted
from .web_api import Dropped


class BoardLock:
    """The board's deploy lock: a folder, which a PUT makes only once (201 made, 204 there), holding
    the holder's process, computer and start. A lock a cut-off deploy left is taken over when its
    process has ended (this computer's) or it is older than STALE seconds (another's)."""

    STALE = 15 * 60
    PATH = "/%sweb-deploy.lock/" % STAGE  # not the drive's lock file's name: a folder cannot take a file's place

    def __init__(self, board):
        self.board = board
        self.held = False

    def __enter__(self):
        if not self.board.mkdir(self.PATH):
            words = (self.board.read(self.PATH + "holder") or b"").decode("utf-8", "replace").split()
            if not self.stale(words):
                since = time.strftime("%H:%M", time.localtime(int(words[2]))) if len(words) > 2 and words[2].isdigit() else "?"
                raise DeployError("another deploy to %s is under way (process %s on %s, since %s); wait for it to end "
                                  "and deploy again; nothing was changed" % (self.board.where, " ".join(words[:1]) or "?",
                                                                              " ".join(words[1:2]) or "?", since))
        self.held = True
        holder = "%d %s %d\n" % (os.getpid(), socket.gethostname(), int(time.time()))
        self.board.write(self.PATH + "holder", holder.encode("utf-8", "replace"))
        return self

    def stale(self, words):
        if len(words) < 3 or not words[0].isdigit() or not words[2].isdigit():
            return True  # not a holder this deploy writes (or cut off before it wrote one)
        if time.time() - int(words[2]) > self.STALE:
            return True
        if words[1] != socket.gethostname():
            return False
        pid = int(words[0])
        if pid == os.getpid():
            return True  # an earlier deploy of this process, which has ended
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except OSError:
            return False
        return False

    def __exit__(self, *exc):
        if self.held:
            try:
                self.board.delete(self.PATH)
            except (ValueError, ConnectionError):
                pass  # the next deploy from here takes it over
        return False


def remote(mirror, path):
    """The board's path for ``path`` in the mirror, folders ending in / as the file API has them."""
    name = "/" + os.path.relpath(path, mirror).replace(os.sep, "/")
    return name + "/" if os.path.isdir(path) else name


def clean_up(board, mirror, dry=False):
    """What deploys cut off left on the board: removed, or put back where its place is empty (as
    drive.clean_up does on a drive); the mirror follows, in a dry run too. Returns the lines to print."""
    lines = []
    would = "would " if dry else ""
    restored = set()
    for path, kind in debris(mirror):
        back = original_name(path) if kind == "old" else None
        if back and not os.path.lexists(back) and back not in restored:
            restored.add(back)
            if not dry:
                board.move(remote(mirror, path), _target(mirror, path, back))
            os.rename(path, back)
            lines.append("%sput back %s (a deploy was cut off while it replaced it)" % (would, back))
        else:
            if not dry:
                board.delete(remote(mirror, path))
            _remove(path)
            lines.append("%sremove %s (left by a deploy that was cut off)" % (would, path))
    return lines


def _target(mirror, path, back):
    name = "/" + os.path.relpath(back, mirror).replace(os.sep, "/")
    return name + "/" if os.path.isdir(path) else name


def _remove(path):
    if os.path.isdir(path):
        shutil.rmtree(path)
    else:
        os.remove(path)


class Changes:
    """The board's changes, journaled before each is made; undo() reverses them, latest first (drive.Changes
    over the file API)."""

    def __init__(self, board, signals):
        self.board = board
        self.signals = signals
        self.journal = []  # ("made", path) or ("moved", source, target)
        self.aside = []

    def mkdir(self, folder, journal=True):
        self.signals.check()
        if self.board.mkdir(folder) and journal:
            self.journal.append(("made", folder))

    def write(self, source, path, journal=True):
        self.signals.check()
        with open(source, "rb") as data:
            body = data.read()
        if journal:
            self.journal.append(("made", path))
        self.board.write(path, body)

    def move(self, source, target):
        self.signals.check()
        self.journal.append(("moved", source, target))
        self.board.move(source, target)

    def move_aside(self, path):
        folder, name = path.rstrip("/").rsplit("/", 1)
        aside = "%s/%sold-%s.%s%s" % (folder, STAGE, name, os.urandom(4).hex(), "/" if path.endswith("/") else "")
        self.move(path, aside)
        self.aside.append(aside)

    def finish(self):
        self.journal = []
        for path in self.aside:
            try:
                self.board.delete(path)
            except (ValueError, ConnectionError):
                pass  # the next deploy removes it

    def undo(self):
        """Reverse the journal; return what could not be put back (all that is left once the connection is gone)."""
        failed = []
        gone = False
        for entry in reversed(self.journal):
            if not gone:
                try:
                    if entry[0] == "made":
                        self.board.delete(entry[1])
                    else:
                        self.board.move(entry[2], entry[1])
                    continue
                except Dropped:
                    gone = True  # every later request would wait for its own timeout
                except ValueError:
                    pass
            failed.append(entry[1])
        self.journal = []
        return failed


def install(board, mirror, staging, written, top, signals):
    """The staged files onto the board under staging names, then MOVEd into place, code.py last; on any
    failure what was done is undone where the board still answers."""
    changes = Changes(board, signals)
    package = "lib/knightstour/"
    prefix = os.path.join("lib", "knightstour") + os.sep
    try:
        changes.mkdir("/lib/")
        new = "/lib/%snew-%s/" % (STAGE, os.urandom(4).hex())
        changes.mkdir(new)
        made = set()
        for dest in written:
            if dest.startswith(prefix):
                rel = dest[len(prefix):].replace(os.sep, "/")
                parts = rel.split("/")[:-1]
                for i in range(len(parts)):
                    folder = new + "/".join(parts[:i + 1]) + "/"
                    if folder not in made:
                        made.add(folder)
                        changes.mkdir(folder, journal=False)  # inside the staged folder: gone with it
                changes.write(os.path.join(staging, dest), new + rel, journal=False)
        staged = []
        for dest, backup in top:
            if dest in written:
                copy = None
                if backup:  # a copy of the user's file, so that the file itself is only ever moved aside
                    copy = _staged_name(os.path.basename(backup))
                    changes.write(os.path.join(mirror, dest), copy)
                name = _staged_name(dest)
                changes.write(os.path.join(staging, dest), name)
                staged.append((dest, name, backup, copy))
        if os.path.lexists(os.path.join(mirror, package)):
            changes.move_aside("/" + package)
        changes.move(new, "/" + package)
        for dest, source, backup, copy in staged:
            target = "/" + dest
            if copy:
                changes.move(copy, "/" + os.path.basename(backup))
            if os.path.lexists(os.path.join(mirror, dest)):
                changes.move_aside(target)  # a cut-off deploy's clean-up puts it back while its place is empty
            changes.move(source, target)
    except BaseException as exc:
        swapping = any(entry[0] == "moved" for entry in changes.journal)
        failed = changes.undo()
        if not failed:
            where = "the toy on %s is as it was" % board.where
        elif swapping:
            where = "the board may be between its old toy and the new one: deploy again to finish (it puts back " \
                    "what this one moved aside)"
        else:
            where = "the board runs what it ran: deploy again to finish (it removes what this one left)"
        if isinstance(exc, Interrupted):
            exc.outcome = where
            raise
        if isinstance(exc, (ValueError, ConnectionError)):
            raise DeployError("deploy stopped: %s; %s" % (exc, where)) from None
        raise
    changes.finish()


def _staged_name(name):
    return "/%snew-%s.%s" % (STAGE, name, os.urandom(4).hex())
