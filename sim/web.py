"""`knights-tour web build DIR` and `knights-tour web serve`: the toy as a static web page.

The page (web/index.html, web/page.js) runs the Feather's own code.py and knightstour package,
with the Adafruit libraries of device/requirements.txt, on the CircuitPython stand-ins
(sim/circuitpython, and web/py's displayio that draws) and the emulated chips (sim/chips), under
the MicroPython WebAssembly port (npm: @micropython/micropython-webassembly-pyscript) in a Web
Worker (web/worker.js). Everything is in the built folder: nothing is fetched from another host.

The port is looked for in $KNIGHTSTOUR_MICROPYTHON_WEB (a folder holding micropython.mjs and
micropython.wasm), in node_modules of the clone this runs from (`npm install`, which ./test runs)
or of the current folder, then in npm's global folder (`npm install -g`). No Python package
ships it. The page's own files come with this package (knightstour_desktop.files.WEB).
"""

import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile

from knightstour_desktop.files import WEB

from . import boards, web_pack

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # the clone, when this runs from one (an editable install)
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PORT_SCRIPT, PORT_WASM = PORT_FILES
PAGE_FILES = ("index.html", "page.js", "worker.js", "style.css")
WORKER = "worker.js"
WORKER_IMPORT = 'import { loadMicroPython } from "./micropython/micropython.mjs";\n'
MARKER = "knightstour-web.json"  # names a folder this command built (so a rebuild may replace it)
# The stand-ins the page needs (sim/circuitpython; displayio, busdisplay, fourwire and terminalio are
# web/py's, which draw: the first three build on sim/circuitpython's), the chip models, and the
# simulator's MicroPython-safe helpers.
STAND_INS = ("_c", "_cp_os", "_cp_time", "bitmaptools", "board", "busio", "digitalio", "microcontroller",
             "pwmio", "supervisor")
# ... and a board with a screen of its own (the page's board=): its board.DISPLAY, touch and speaker
SCREEN_STAND_INS = ("_portal", "analogio", "audiocore", "audioio")
CHIPS = ("ili9341", "max7219", "stmpe610", "tsc2007", "xpt2046", "resistive")
HELPERS = ("keys", "tee", "touch_raw")


class WebError(Exception):
    """A one-line reason the site cannot be built or served."""


class Stopped(BaseException):
    """A signal (SIGINT, SIGTERM, SIGHUP) stopped the command; ``signum`` names it."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum
        self.written = False


STOPPING = ("SIGINT", "SIGTERM", "SIGHUP")


class _Stopping:
    """While in the with block, SIGINT, SIGTERM and SIGHUP raise Stopped (so that what is half
    built is removed); the old handlers come back after."""

    def __enter__(self):
        import signal

        def stop(signum, frame):
            raise Stopped(signum)

        self.old = {}
        for name in STOPPING:
            number = getattr(signal, name, None)
            if number is not None:
                try:
                    self.old[number] = signal.signal(number, stop)
                except ValueError:  # not the main thread
                    pass
        return self

    def __exit__(self, *exc):
        import signal

        for number, handler in self.old.items():
            signal.signal(number, handler)
        return False


def _blocked():
    """The signals Stopped stands for, held back (a context manager) while a folder is swapped."""
    import contextlib
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        return contextlib.nullcontext()

    @contextlib.contextmanager
    def held():
        numbers = [getattr(signal, name) for name in STOPPING if hasattr(signal, name)]
        old = signal.pthread_sigmask(signal.SIG_BLOCK, numbers)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    return held()


def add_arguments(parser):
    sub = parser.add_subparsers(dest="web_command", metavar="{build,serve}")
    sub.required = True
    text = "write the static site into DIR"
    build = sub.add_parser("build", help=text, description=text)
    build.add_argument("dir", metavar="DIR", help="a new or empty folder (or one this command built)")
    text = "build into a temporary folder and serve it on 127.0.0.1"
    serve = sub.add_parser("serve", help=text, description=text)
    serve.add_argument("--port", type=int, default=8000, metavar="N", help="the port (default 8000; 0: any free)")


def run(args):
    import signal

    try:
        with _Stopping():
            if args.web_command == "build":
                files = build(args.dir)
                print("knights-tour web: wrote %d files (%d KB) to %s; open index.html through a web server, "
                      "e.g. python3 -m http.server -d %s" % (len(files), _size(args.dir) // 1024, args.dir,
                                                              args.dir))
                return 0
            return serve(args.port)
    except WebError as exc:
        print("knights-tour web: error: %s" % exc, file=sys.stderr)
        return 2
    except Stopped as exc:
        try:
            print("knights-tour web: stopped by %s: %s" % (signal.Signals(exc.signum).name, "the site was written"
                                                           if exc.written else "nothing was written"),
                  file=sys.stderr, flush=True)
        except OSError:
            pass  # the terminal is gone (SIGHUP)
        return 128 + exc.signum


def find_port():
    """The folder holding the MicroPython WebAssembly port's micropython.mjs and .wasm."""
    given = os.environ.get("KNIGHTSTOUR_MICROPYTHON_WEB")
    places = [given] if given else [os.path.join(folder, "node_modules", *PACKAGE.split("/"))
                                    for folder in (ROOT, os.getcwd())]
    if not given:
        try:
            npm_root = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True, timeout=30).stdout
            if npm_root.strip():
                places.append(os.path.join(npm_root.strip(), *PACKAGE.split("/")))
        except (OSError, subprocess.SubprocessError):
            pass
    for place in places:
        if all(os.path.isfile(os.path.join(place, name)) for name in PORT_FILES):
            return place
    if given:
        raise WebError("KNIGHTSTOUR_MICROPYTHON_WEB=%s holds no micropython.mjs and micropython.wasm" % given)
    raise WebError("the MicroPython WebAssembly port is not installed (no Python package ships it): run "
                   "`npm install -g %s` (or `npm install %s` in the folder you run this from), or set "
                   "KNIGHTSTOUR_MICROPYTHON_WEB to a folder with micropython.mjs and micropython.wasm"
                   % (PACKAGE, PACKAGE))


def terminal_font():
    """_terminal_font.py: the glyphs of the font the simulator's displayio (Blinka) draws."""
    try:
        import terminalio
    except ImportError as exc:
        raise WebError("the simulator's displayio is not installed (%s): pip install 'knights-tour-toy[emu]'" % exc) from exc
    font = terminalio.FONT
    glyphs = {}
    for code in range(0x20, 0x7F):
        glyph = font.get_glyph(code)
        if glyph is None:
            continue
        bitmap = glyph.bitmap
        left = glyph.tile_index * glyph.width
        rows = []
        for y in range(glyph.height):
            bits = 0
            for x in range(glyph.width):
                bits = bits << 1 | (1 if bitmap[left + x, y] else 0)
            rows.append(bits)
        glyphs[code] = (glyph.width, glyph.height, glyph.dx, glyph.dy, glyph.shift_x, glyph.shift_y, tuple(rows))
    return ('"""Generated by knights-tour web build from the simulator\'s terminalio font."""\n\n'
            "BOX = %r\nGLYPHS = %r\n" % (tuple(font.get_bounding_box()), glyphs))


LED_PITCH = 40  # the simulator's matrix screenshot's scale (render.matrix_image)


def led_sprites(path):
    """leds.png: one LED cell, LED_PITCH square, as the simulator's matrix screenshot draws it: off,
    then lit at each intensity register value 0-15, then in display test (the page copies the cells
    onto its canvas: a cell's dot is drawn from its own pixels only, so the picture is the same)."""
    try:
        from PIL import Image

        from .chips.max7219 import MAX7219
        from .chips.render import _leds_image
    except ImportError as exc:
        raise WebError("the simulator's pictures need Pillow (%s): pip install 'knights-tour-toy[sim]'" % exc) from exc
    chip = MAX7219()
    levels = [None]
    for intensity in range(16):
        chip.intensity = intensity
        levels.append(chip.brightness)
    levels.append(1.0)  # display test
    sheet = Image.new("RGB", (LED_PITCH * len(levels), LED_PITCH))
    margin = LED_PITCH // 2
    for i, glow in enumerate(levels):
        image = _leds_image([[glow is not None] * 8] * 8, 1, 1, [glow or 0.0], LED_PITCH, None)
        sheet.paste(image.crop((margin, margin, margin + LED_PITCH, margin + LED_PITCH)), (i * LED_PITCH, 0))
    sheet.save(path, format="PNG")


def python_files():
    """{path on the page's filesystem: text}: the drive at the root, the stand-ins in /stand_ins."""
    from .harness.drive import lay_out

    files = {}
    drive = tempfile.mkdtemp(prefix="knightstour-web-")
    try:
        try:
            lay_out(drive, {}, docstrings=True)  # the page's sources as deploy writes them
        except RuntimeError as exc:  # a library of device/requirements.txt is not installed
            raise WebError("%s" % exc) from exc
        os.remove(os.path.join(drive, "settings.toml"))  # the page writes its own
        for folder, _, names in os.walk(drive):
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    files["/" + os.path.relpath(path, drive).replace(os.sep, "/")] = _read(path)
    finally:
        shutil.rmtree(drive, ignore_errors=True)
    sources = [(os.path.join(HERE, "circuitpython", name + ".py"), name) for name in STAND_INS + SCREEN_STAND_INS]
    for name in ("busdisplay", "displayio", "fourwire"):  # web/py's build on them
        sources.append((os.path.join(HERE, "circuitpython", name + ".py"), "_%s_base" % name))
    sources += [(os.path.join(HERE, "chips", name + ".py"), name) for name in CHIPS]
    sources.append((os.path.join(HERE, "chips", "ili9341.py"), "_ili9341_base"))  # web/py's builds on it
    sources += [(os.path.join(HERE, name + ".py"), name) for name in HELPERS]
    for name in sorted(os.listdir(os.path.join(WEB, "py"))):
        if name.endswith(".py"):
            sources.append((os.path.join(WEB, "py", name), name[:-3]))
    for path, name in sources:
        files["/stand_ins/%s.py" % name] = _read(path)
    for name, path in boards.files().items():  # the stand-in board's definitions, boards.<board_id>
        files["/stand_ins/boards/%s.py" % name] = _read(path)
    files["/stand_ins/boards/__init__.py"] = _read(os.path.join(boards.folder(), "__init__.py"))
    files["/stand_ins/_terminal_font.py"] = terminal_font()
    return files


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _size(folder):
    return sum(os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(folder) for n in names)


def _digest(path):
    import hashlib

    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _target(given):
    """The folder to build into: ``given`` with symlinks resolved (a dangling one refused)."""
    path = os.path.abspath(given)
    if os.path.islink(path) and not os.path.exists(path):
        raise WebError("%s is a symlink to %s, which does not exist; remove the link or point it at a folder"
                       % (given, os.readlink(path)))
    path = os.path.realpath(path)
    if os.path.exists(path) and not os.path.isdir(path):
        raise WebError("%s is a file, not a folder: give a new or empty folder for the site" % given)
    return path


def not_ours(target):
    """Why the existing folder ``target`` may not be built into (None: it is empty, or holds
    exactly the files its manifest says this command wrote, unchanged)."""
    entries = {}
    for folder, dirs, names in os.walk(target):
        for name in dirs + names:
            path = os.path.join(folder, name)
            entries[os.path.relpath(path, target).replace(os.sep, "/")] = path
    if not entries:
        return None
    marker = os.path.join(target, MARKER)
    try:
        with open(marker, encoding="utf-8") as f:
            files = json.load(f)["files"]
        if not isinstance(files, dict):
            raise ValueError
    except (OSError, ValueError, KeyError, TypeError):
        if os.path.lexists(marker):
            return ("%s holds a %s that lists no files this command wrote; give a new or empty folder"
                    % (target, MARKER))
        return "%s is not empty and not a site this command built: give a new or empty folder" % target
    folders = set()
    for name in files:
        parts = name.split("/")
        folders.update("/".join(parts[:i]) for i in range(1, len(parts)))
    for name in sorted(entries):
        path = entries[name]
        expected = name in folders if os.path.isdir(path) else name in files or name == MARKER
        if os.path.islink(path) or not expected:
            return ("%s holds %s, which knights-tour web build did not write; nothing was changed: give a new or "
                    "empty folder, or move it out" % (target, name))
        if name in files and _digest(path) != files[name]:
            return ("%s holds %s, changed since knights-tour web build wrote it; nothing was changed: give a new "
                    "or empty folder, or move it out" % (target, name))
    return None  # (a file of the site deleted since is no one's loss: the build puts it back)


def worker_script(port):
    """The site's worker.js: the port's micropython.mjs, then web/worker.js without its import of
    it, one script (a module worker's import of the 108 KB port was a request and a module of
    its own on the start's path: some 40 ms of it under load)."""
    with open(os.path.join(WEB, WORKER), encoding="utf-8") as f:
        worker = f.read()
    if worker.count(WORKER_IMPORT) != 1:
        raise WebError("%s does not import the port as the build expects (%r)" % (WORKER, WORKER_IMPORT.strip()))
    with open(os.path.join(port, PORT_SCRIPT), encoding="utf-8") as f:
        script = f.read()
    return "%s\n// web/worker.js (knights-tour web build put the port's %s above)\n%s" % (
        script.rstrip("\n"), PORT_SCRIPT, worker.replace(WORKER_IMPORT, ""))


def build(given):
    """Write the site to folder ``given`` (new, empty, or built by this command and unchanged);
    return the files written (relative paths). A Stopped (signal) removes what was half built."""
    target = _target(given)
    if os.path.isdir(target):
        why = not_ours(target)
        if why:
            raise WebError(why)
    port = find_port()
    parent = os.path.dirname(target)
    if not os.path.isdir(parent):
        raise WebError("no folder %s to put %s in: give a new or empty folder inside one that exists"
                       % (parent, os.path.basename(target)))
    files = python_files()
    program = web_pack.compiler(port, WebError)
    work = tempfile.mkdtemp(prefix=".knightstour-web-", dir=parent)
    swapped = False
    try:
        for name in PAGE_FILES:
            if name == WORKER:
                with open(os.path.join(work, name), "w", encoding="utf-8") as f:
                    f.write(worker_script(port))
            else:
                shutil.copy(os.path.join(WEB, name), os.path.join(work, name))
        os.mkdir(os.path.join(work, "micropython"))
        shutil.copy(os.path.join(port, PORT_WASM), os.path.join(work, "micropython", PORT_WASM))
        led_sprites(os.path.join(work, "leds.png"))
        try:
            web_pack.pack(files, program, os.path.join(work, web_pack.NAME))
        except ValueError as exc:
            raise WebError(str(exc)) from None
        written = sorted(os.path.relpath(os.path.join(d, n), work).replace(os.sep, "/")
                         for d, _, names in os.walk(work) for n in names)
        manifest = {"built_by": "knights-tour web build",
                    "files": dict((name, _digest(os.path.join(work, name))) for name in written)}
        with open(os.path.join(work, MARKER), "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=1, sort_keys=True)
        written.append(MARKER)
        with _blocked():  # no signal between the renames: the old site or the new one, never neither
            if os.path.exists(target):
                os.chmod(work, os.stat(target).st_mode & 0o7777)
                old = tempfile.mkdtemp(prefix=".knightstour-web-old-", dir=parent)
                os.rename(target, os.path.join(old, "site"))
                os.rename(work, target)
                swapped = True
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.chmod(work, 0o755)
                os.rename(work, target)
                swapped = True
    except Stopped as exc:
        exc.written = swapped
        raise
    except OSError as exc:
        raise WebError("cannot write the site to %s: %s" % (given, exc.strerror or exc)) from None
    finally:
        if not swapped:
            shutil.rmtree(work, ignore_errors=True)
    return written


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, with the types a browser insists on for modules and WebAssembly. A connection
    idle for ``timeout`` seconds is closed, and its thread ends (a browser opens another when it needs one)."""

    timeout = 20

    extensions_map = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json", ".css": "text/css",
                      ".pack": "application/octet-stream",
                      "": "application/octet-stream"}

    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that stopped reading: normal
            super().handle_error(request, client_address)


def server(site, port=0):
    """An HTTP server for folder ``site`` on 127.0.0.1:``port`` (0: any free port), serving in a
    thread of its own; ``server.shutdown()`` stops it."""
    import functools
    import threading

    try:
        httpd = _Server(("127.0.0.1", port), functools.partial(_Handler, directory=site))
    except OSError as exc:
        raise WebError("cannot serve on 127.0.0.1:%d: %s" % (port, exc.strerror or exc)) from exc
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def serve(port):
    """Build into a temporary folder and serve it on 127.0.0.1 until interrupted."""
    import time

    if not 0 <= port <= 65535:
        raise WebError("bad --port %d: a port number from 1 to 65535, or 0 for any free one" % port)
    with _Stopping():  # every stopping signal, SIGHUP too: the temporary folder goes
        folder = tempfile.mkdtemp(prefix="knightstour-site-")
        try:
            site = os.path.join(folder, "site")
            build(site)
            httpd = server(site, port)
            try:
                print("knights-tour web: serving the toy at http://127.0.0.1:%d/ (Ctrl-C stops)"
                      % httpd.server_port, flush=True)
                while True:
                    time.sleep(3600)
            except (Stopped, KeyboardInterrupt):
                pass
            finally:
                httpd.shutdown()
                httpd.server_close()
            return 0
        finally:
            with _blocked():
                shutil.rmtree(folder, ignore_errors=True)
