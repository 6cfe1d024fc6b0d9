"""The web page (`knights-tour web`): its weight, the time to its first frame, main-thread blocking.

    .venv/bin/python -m benchmarks.web [--against REF] [--runs N] [--seconds S]

Builds the site of this checkout (its files as they are) and, with --against, of commit REF too
(`git archive` of REF into a temporary folder, installed there with pip, built by its own
`knights-tour web build`), serves each on 127.0.0.1 and opens them in Debian's headless chromium
(Playwright, /usr/bin/chromium; nothing downloaded), N times each, taking turns (a fresh browser
context each time: nothing cached):

    weight          the bytes the page fetched (the built folder's bytes in brackets; target: 1 MB)
    first frame     ms from navigation start to the first TFT frame that is not blank (the first
                    putImageData with a lit pixel; target: 1000)
    first square    ms from navigation start to the first tour's first square (the page's tourAt)
    phases          where this checkout's start went (the page's knightstour.phases, when it has them):
                    ms after navigation start at the end of each: the worker running, the start
                    message (it waits for py.pack and the port's WebAssembly, fetched and compiled
                    by the page meanwhile), MicroPython started ("port and py.pack"), py.pack
                    mounted ("files"), web.py imported, code.py run, each step (the start's phases,
                    then the main loop's first pass), the first frame
The medians, and the ratio of REF's to this checkout's. Then S seconds of tours at the toy's own pace
and S seconds at speed 0 on this checkout's page (0: none):

    longest task    the longest main-thread task the browser reports (PerformanceObserver
                    "longtask": tasks over 50 ms only; "none" when there was none)
    longest gap     the longest gap between animation frames (a stutter; ~17 ms at 60 Hz)
The interpreter runs in a Web Worker (web/worker.js): the main thread only paints frames.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from benchmarks.host import describe

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Installed before the page's own scripts: the first non-blank frame, long tasks and gaps between
# animation frames.
WATCH = """
window.__bench = {longest: 0, tasks: 0, gap: 0, last: 0, at: 0, lit: null};
const put = CanvasRenderingContext2D.prototype.putImageData;
CanvasRenderingContext2D.prototype.putImageData = function (image, ...rest) {
  const result = put.call(this, image, ...rest);
  if (window.__bench.lit === null) {
    const data = image.data;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] || data[i + 1] || data[i + 2]) {
        window.__bench.lit = performance.now();
        break;
      }
    }
  }
  return result;
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__bench.tasks += 1;
    if (entry.duration > window.__bench.longest) {
      window.__bench.longest = entry.duration;
      window.__bench.at = entry.startTime;
    }
  }
}).observe({type: "longtask", buffered: true});
function frame(now) {
  if (window.__bench.last) window.__bench.gap = Math.max(window.__bench.gap, now - window.__bench.last);
  window.__bench.last = now;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""
QUERY = "?display=tft&seed=1"


def folder_bytes(site):
    return sum(os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(site) for n in names)


def build_checkout(site):
    from knightstour_sim import web

    web.build(site)


def build_commit(ref, folder, site):
    """Build commit ``ref``'s site into ``site`` with that commit's own code: its tree from git
    archive, pip-installed (no dependencies: this Python's serve) into a folder of its own."""
    tree = os.path.join(folder, "tree")
    os.mkdir(tree)
    archive = subprocess.run(["git", "-C", ROOT, "archive", ref], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
    installed = os.path.join(folder, "installed")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                    "--disable-pip-version-check", "--target", installed, tree], check=True)
    from knightstour_sim.web import find_port

    env = dict(os.environ, PYTHONPATH=installed, KNIGHTSTOUR_MICROPYTHON_WEB=find_port())
    subprocess.run([os.path.join(installed, "bin", "knights-tour"), "web", "build", site], env=env, check=True,
                   cwd=ROOT, stdout=subprocess.DEVNULL)


def body_size(request):
    """The bytes of a request's response body: chromium reports none for a worker's own script, whose
    Content-Length says them."""
    size = request.sizes()["responseBodySize"]
    response = request.response()
    if not size and response is not None:
        size = int(response.header_value("content-length") or 0)
    return size


def load(browser, url):
    """One page load: (first frame ms, first square ms or None, bytes fetched, phases)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    fetched = []  # the worker's requests too
    context.on("requestfinished", lambda request: fetched.append((request.url, body_size(request))))
    page = context.new_page()
    page.add_init_script(WATCH)
    page.goto(url)
    page.wait_for_function("window.__bench.lit !== null", timeout=60000)
    page.wait_for_function("window.knightstour && window.knightstour.tourAt !== null", timeout=60000)
    first = page.evaluate("window.__bench.lit")
    square = page.evaluate("window.knightstour.tourAt")
    page.wait_for_timeout(500)  # (nothing more comes: the page has everything by then)
    weight = sum(size for _, size in fetched)
    steps = page.evaluate("window.knightstour.phases || []")
    context.close()
    return first, square, weight, steps


def median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def tours(browser, url, seconds):
    """S seconds at speed 1, then S at speed 0: the longest task and gap between animation frames."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH)
    page.goto(url)
    page.wait_for_function("window.knightstour.tourAt !== null", timeout=60000)
    page.wait_for_timeout(int(seconds * 1000))
    paced = page.evaluate("[window.__bench.longest, window.__bench.tasks, window.__bench.gap]")
    moves_paced = page.evaluate("window.knightstour.frames")
    for _ in range(13):  # faster, as the simulator's key, up to the ladder's top
        page.keyboard.press("+")
    page.wait_for_timeout(int(seconds * 1000))
    fast = page.evaluate("[window.__bench.longest, window.__bench.tasks, window.__bench.gap, window.__bench.at]")
    frames = page.evaluate("window.knightstour.frames")
    print("tours: longest task %s (%d over 50 ms); longest gap between animation frames %.0f ms; frames painted "
          "%d at speed 1, %d after speeding up" % ("%.0f ms" % fast[0] if fast[1] else "none", fast[1], fast[2],
                                                   moves_paced, frames))
    if fast[1]:
        print("       the longest task began %.0f ms after navigation start" % fast[3])
    if paced[1]:
        print("       at speed 1 alone: longest task %.0f ms, gap %.0f ms" % (paced[0], paced[2]))
    context.close()


def describe_checkout():
    head = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True, text=True)
    return "this checkout (%s)" % (head.stdout.strip() or "?")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", metavar="REF", help="a commit to build and measure beside this checkout")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of tours at each speed (default 5; 0: none)")
    parser.add_argument("--runs", type=int, default=5, help="page loads of each site (default 5)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from knightstour_sim import web

    folder = tempfile.mkdtemp(prefix="knightstour-web-bench-")
    try:
        sites = [(describe_checkout(), os.path.join(folder, "site"))]
        build_checkout(sites[0][1])
        if args.against:
            sha = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", args.against], capture_output=True,
                                 text=True, check=True).stdout.strip()
            sites.append(("%s (%s)" % (args.against, sha), os.path.join(folder, "against", "site")))
            os.mkdir(os.path.join(folder, "against"))
            build_commit(args.against, os.path.join(folder, "against"), sites[1][1])
        servers = [web.server(site) for _, site in sites]
        urls = ["http://127.0.0.1:%d/%s" % (server.server_port, QUERY) for server in servers]
        version = os.popen(CHROMIUM + " --version 2>/dev/null").read().split()
        print("knights-tour web benchmark: %s; Chromium %s; load average %s" % (
            describe(), version[1] if len(version) > 1 else "?", " ".join("%.2f" % x for x in os.getloadavg())))
        figures = [[] for _ in sites]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for run in range(args.runs):
                for i, (name, _) in enumerate(sites):  # taking turns: the load falls on both alike
                    first, square, weight, steps = load(browser, urls[i])
                    figures[i].append((first, square, weight))
                    print("run %d, %s: first frame %.0f ms, first square %s ms, %d bytes fetched"
                          % (run + 1, name, first, "%.0f" % square if square is not None else "?", weight))
                    if steps:
                        print("       " + ", ".join("%s %d" % (step, at) for step, at in steps))
            print("load average after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
            for (name, site), runs in zip(sites, figures):
                print("%s: first frame median %.0f ms (%s), first square median %.0f ms; weight %d bytes fetched "
                      "(%.2f MB; the folder %d bytes; target <= 1 MB)"
                      % (name, median([r[0] for r in runs]), ", ".join("%.0f" % r[0] for r in runs),
                         median([r[1] for r in runs]), median([r[2] for r in runs]),
                         median([r[2] for r in runs]) / 1048576, folder_bytes(site)))
            if args.against:
                ours, theirs = (median([r[0] for r in runs]) for runs in figures)
                square_ours, square_theirs = (median([r[1] for r in runs]) for runs in figures)
                print("ratio %s / this checkout: first frame %.2f, first square %.2f"
                      % (args.against, theirs / ours, square_theirs / square_ours))
            if args.seconds > 0:
                tours(browser, urls[0], args.seconds)
            browser.close()
        for server in servers:
            server.shutdown()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
