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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # the clone, when this runs from one (an editable install)
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "page.js", "worker.js", "style.css")
MARKER = "knightstour-web.json"  # names a folder this command built (so a rebuild may replace it)
# The stand-ins the page needs (sim/circuitpython; displayio, busdisplay, fourwire and terminalio
# are web/py's, which draw: the first three subclass sim/circuitpython's), the chip models, and
# the simulator's MicroPython-safe helpers.
STAND_INS = ("_c", "_cp_os", "_cp_time", "bitmaptools", "board", "busio", "digitalio", "microcontroller",
             "pwmio", "supervisor")
CHIPS = ("ili9341", "max7219", "stmpe610")
HELPERS = ("keys", "tee", "touch_raw")


class WebError(Exception):
    """A one-line reason the site cannot be built or served."""


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
    try:
        if args.web_command == "build":
            files = build(args.dir)
            print("knights-tour web: wrote %d files (%d KB) to %s; open index.html through a web server, "
                  "e.g. python3 -m http.server -d %s" % (len(files), _size(args.dir) // 1024, args.dir, args.dir))
            return 0
        return serve(args.port)
    except WebError as exc:
        print("knights-tour web: error: %s" % exc, file=sys.stderr)
        return 2


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
    from .circuitpython.drive import lay_out

    files = {}
    drive = tempfile.mkdtemp(prefix="knightstour-web-")
    try:
        try:
            lay_out(drive, {})
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
    sources = [(os.path.join(HERE, "circuitpython", name + ".py"), name) for name in STAND_INS]
    for name in ("busdisplay", "displayio", "fourwire"):  # web/py's subclass them
        sources.append((os.path.join(HERE, "circuitpython", name + ".py"), "_%s_base" % name))
    sources += [(os.path.join(HERE, "chips", name + ".py"), name) for name in CHIPS]
    sources += [(os.path.join(HERE, name + ".py"), name) for name in HELPERS]
    for name in sorted(os.listdir(os.path.join(WEB, "py"))):
        if name.endswith(".py"):
            sources.append((os.path.join(WEB, "py", name), name[:-3]))
    for path, name in sources:
        files["/stand_ins/%s.py" % name] = _read(path)
    files["/stand_ins/_terminal_font.py"] = terminal_font()
    return files


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _size(folder):
    return sum(os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(folder) for n in names)


def build(target):
    """Write the site to folder ``target``; return the files written (relative paths)."""
    target = os.path.abspath(target)
    if os.path.exists(target):
        if not os.path.isdir(target):
            raise WebError("%s is not a folder" % target)
        if os.listdir(target) and not os.path.isfile(os.path.join(target, MARKER)):
            raise WebError("%s is not empty and not a site this command built: give a new or empty folder"
                           % target)
    port = find_port()
    parent = os.path.dirname(target)
    if not os.path.isdir(parent):
        raise WebError("no folder %s to put %s in" % (parent, os.path.basename(target)))
    files = python_files()
    work = tempfile.mkdtemp(prefix=".knightstour-web-", dir=parent)
    try:
        for name in PAGE_FILES:
            shutil.copy(os.path.join(WEB, name), os.path.join(work, name))
        os.mkdir(os.path.join(work, "micropython"))
        for name in PORT_FILES:
            shutil.copy(os.path.join(port, name), os.path.join(work, "micropython", name))
        led_sprites(os.path.join(work, "leds.png"))
        with open(os.path.join(work, "py.json"), "w", encoding="utf-8") as f:
            json.dump(files, f, separators=(",", ":"), sort_keys=True)
        with open(os.path.join(work, MARKER), "w", encoding="utf-8") as f:
            json.dump({"built_by": "knights-tour web build"}, f)
        os.chmod(work, 0o755)
        written = sorted(os.path.relpath(os.path.join(d, n), work) for d, _, names in os.walk(work) for n in names)
        if os.path.exists(target):
            old = target + ".old-" + os.path.basename(work)
            os.rename(target, old)
            os.rename(work, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return written


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, with the types a browser insists on for modules and WebAssembly."""

    extensions_map = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json", ".css": "text/css",
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
    import signal
    import time

    if not 0 <= port <= 65535:
        raise WebError("bad --port %d: a port number from 1 to 65535, or 0 for any free one" % port)
    folder = tempfile.mkdtemp(prefix="knightstour-site-")
    try:
        site = os.path.join(folder, "site")
        build(site)
        httpd = server(site, port)
        print("knights-tour web: serving the toy at http://127.0.0.1:%d/ (Ctrl-C stops)" % httpd.server_port,
              flush=True)
        def stop(signum, frame):
            raise KeyboardInterrupt

        signal.signal(signal.SIGTERM, stop)  # a service manager's stop: the temporary folder goes too
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
        finally:
            httpd.shutdown()
            httpd.server_close()
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)
