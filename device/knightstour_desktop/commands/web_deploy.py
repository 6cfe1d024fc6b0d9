"""knights-tour deploy --host: the toy onto a board over CircuitPython's Web Workflow (Wi-Fi), for
boards with no USB drive (the ESP32 "Cheap Yellow Display") or none plugged in.

The same deploy as onto a CIRCUITPY drive, through the board's file API (web_api):

- /cp/version.json gives the CircuitPython version boot_out.txt gives on a drive;
- the board's top folder and lib/ are mirrored into a local folder (names only, and the contents of
  code.py and settings.toml), so that the USB deploy's own code decides what goes there: the same
  files (deploy.device_files, staged by deploy._stage), settings.toml changed line by line for
  --display and --touch only (board_files.plan: its Wi-Fi and web API lines are never touched), a
  user's code.py kept as code.py.bak-<date>;
- nothing is written before every check passed: a wrong password (401), a board with no password
  (403), USB holding the drive (409: the listing says it is not writable) or no answer is one line,
  exit code 2;
- one deploy at a time per board (web_changes.BoardLock), as per drive;
- the new files are written under hidden staging names while the board runs its old toy, then
  MOVEd into place, code.py last (web_changes). CircuitPython reloads 0.75 s after a write, never
  while a request is under way, and the MOVEs follow one another at once, so the board normally
  sees the swap whole; what a connection dropped in the middle left, the next deploy removes or
  puts back before it deploys.
"""

import os
import tempfile

from ..errors import UserError
from . import board_files, deploy
from .drive import STAGE, original_name, space_needed
from .lock import DeployError, Interrupted
from .output import size_text
from .web_api import PASSWORD_ENV, Board, Dropped, fix_for, parse_host
from .web_changes import BoardLock, clean_up, install

TOP = ("code.py", "settings.toml")  # the files whose contents deploy reads
CIRCUP_PASSWORD_ENV = "CIRCUP_WEBWORKFLOW_PASSWORD"  # circup reads the password here (not on its command line)


def board_from(args):
    if args.drive is not None:
        raise UserError("give the CIRCUITPY drive or --host, not both")
    host, port = parse_host(args.host)
    password = args.password if args.password is not None else os.environ.get(PASSWORD_ENV)
    if not password:
        raise UserError("--host needs the board's web API password: give its CIRCUITPY_WEB_API_PASSWORD "
                         "(in the board's settings.toml) with --password PW or in $%s" % PASSWORD_ENV)
    return Board(host, port, password)


def deploy_over_web(args, signals):
    board = board_from(args)
    try:
        return _deploy(board, args, signals)
    except Dropped as exc:  # before any new file was written (install says what it leaves)
        raise DeployError("deploy stopped: %s before the new toy was written; the board runs what it ran: deploy "
                          "again" % exc) from None


def _deploy(board, args, signals):
    info = board.version()
    major, version = board_files.version_in("CircuitPython " + info["version"], board.where + "/cp/version.json")
    print("%s: %s (board id %s), CircuitPython %s" % (board.where, info.get("board_name", "a board"),
                                                     info.get("board_id", "not given"), version))
    writable(board)  # 401, 403 and 409 before the lock is made
    values = deploy.setting_values(args)
    if args.dry_run:
        return _plan(board, args, signals, writable(board), values, major, version)
    with BoardLock(board):
        _plan(board, args, signals, writable(board), values, major, version)
    print("deployed to %s" % board.where)
    return 0


def writable(board):
    """The board's top folder listing; the one line for 409 if USB holds its drive."""
    root = board.listing("/")
    if root is None or root.get("writable") is False:
        raise UserError(fix_for(409, board.where) + "; nothing was changed")
    return root


def _plan(board, args, signals, root, values, major, version):
    with tempfile.TemporaryDirectory() as scratch:
        mirror = os.path.join(scratch, "board")
        shown = "http://%s" % board.where
        mirror_of(board, root, mirror)
        check(mirror, shown)
        deploy.check_pins(mirror, values)
        compiler = deploy._compiler(args, major, version, board.where + "/cp/version.json") if args.mpy else None
        circup = None if args.no_libs else deploy.find_circup()
        if circup is None and not args.no_libs and not args.dry_run:
            raise UserError("circup not found (neither on PATH nor beside the running Python): pip install "
                             "circup (or use --no-libs and install the libraries in device/requirements.txt "
                             "yourself)")
        command = [circup or "circup", "--host", board.host, "--port", str(board.port), "install", "-r",
                   deploy.REQUIREMENTS]
        staging = os.path.join(scratch, "staging")
        written = deploy._stage(deploy.device_files(), compiler, staging, signals)

        def said(lines):
            return [line.replace(mirror, shown) for line in lines]

        verb = (lambda word: "would " + word) if args.dry_run else (lambda word: word)
        signals.defer = not args.dry_run  # from here a signal stops the deploy at its next safe point
        lines = clean_up(board, mirror, dry=args.dry_run)
        top, more = board_files.plan(mirror, staging, written, values, verb, deploy.EXAMPLE)
        show(args, root, staging, written, said(lines + more), command, shown, dry=args.dry_run)
        if args.dry_run:
            return 0
        install(board, mirror, staging, written, top, signals)
        if circup is not None:
            libraries(board, command, signals)
    return 0


def mirror_of(board, root, mirror):
    """The board's top folder and lib/ as names in ``mirror``; code.py and settings.toml with their bytes."""
    os.mkdir(mirror)
    for folder, listing in (("", root), ("lib", None)):
        if folder:
            if not os.path.isdir(os.path.join(mirror, folder)):
                return
            listing = board.listing("/%s/" % folder) or {"files": []}
        for entry in listing.get("files", []):
            name = str(entry.get("name", ""))
            if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name:
                continue  # not a name this filesystem gives: nothing of the deploy's
            path = os.path.join(mirror, folder, name)
            if entry.get("directory"):
                os.mkdir(path)
                continue
            data = b""
            aside = name.startswith(STAGE + "old-") and os.path.basename(original_name(path)) in TOP
            if not folder and (name in TOP or aside):
                data = board.read("/" + name) or b""  # an aside a cut-off deploy left may be put back
            with open(path, "wb") as out:
                out.write(data)


def check(mirror, shown):
    """What deploy refuses on a drive, refused on the board's mirror."""
    for name in ("lib", "lib/knightstour"):
        if os.path.lexists(os.path.join(mirror, name)) and not os.path.isdir(os.path.join(mirror, name)):
            raise UserError("cannot deploy: %s/%s is a file, not a folder; move it away (CircuitPython looks "
                             "for libraries in the folder lib/)" % (shown, name))
    for name in ("code.py", "settings.toml"):
        if os.path.isdir(os.path.join(mirror, name)):
            raise UserError("cannot deploy: %s/%s is not a file but a folder; move it away" % (shown, name))
    if os.path.lexists(os.path.join(mirror, "code.txt")):
        raise UserError("cannot deploy: %s/code.txt runs instead of code.py on CircuitPython; rename it (it is "
                         "yours) and deploy again" % shown)


def show(args, root, staging, written, lines, command, shown, dry):
    """Print the plan; DeployError if the board has not the room."""
    for dest in written:
        if dest != "settings.toml":  # the plan's lines say what happens to it
            print("%s %s/%s" % ("would copy" if dry else "copy", shown, dest.replace(os.sep, "/")))
    for line in lines:
        print(line)
    if not args.no_libs:
        print("%s %s" % ("would run" if dry else "run", " ".join(["circup"] + command[1:])))
    block, room = root.get("block_size"), ""
    if isinstance(block, int) and block > 0 and isinstance(root.get("free"), int):
        free, needed = root["free"] * block, space_needed(staging, written, block)
        if needed > free:
            raise DeployError("not enough space on %s: the new toy needs %s beside the old one and %s are free; "
                              "delete what you do not need there (old libraries in lib/), or deploy with --mpy; "
                              "nothing was changed" % (shown, size_text(needed), size_text(free)))
        room = "; %s needed, %s free" % (size_text(needed), size_text(free))
    if dry:
        print("(dry run: nothing was changed%s)" % room)


def libraries(board, command, signals):
    """circup over the web workflow (its --host), the password in its environment variable."""
    before = os.environ.get(CIRCUP_PASSWORD_ENV)
    os.environ[CIRCUP_PASSWORD_ENV] = board.password
    try:
        failure = deploy.run_circup(command, signals)
        signals.check()
    except Interrupted as exc:
        exc.outcome = "the toy's files are in place, the libraries may not be: run %s" % " ".join(["circup"] + command[1:])
        raise
    finally:
        if before is None:
            del os.environ[CIRCUP_PASSWORD_ENV]
        else:
            os.environ[CIRCUP_PASSWORD_ENV] = before
    if failure:
        raise DeployError("circup failed (%s); the toy's files are in place: run %s (with $%s set) once the network "
                          "is there" % (failure, " ".join(["circup"] + command[1:]), CIRCUP_PASSWORD_ENV))
