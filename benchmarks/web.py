"""The web page (`knights-tour web`): site size, time to the board on screen, main-thread blocking.

    .venv/bin/python -m benchmarks.web [--seconds S] [--runs N]

Builds the site, serves it on 127.0.0.1 and opens it in Debian's headless chromium (Playwright,
/usr/bin/chromium; nothing downloaded), N times (a fresh browser context each: nothing cached):

    site            the bytes of the built folder (target: at most 2 MB)
    first frame     ms from navigation start to the first TFT frame painted, and to the first
                    square of the first tour on the board (target: 3000)
    longest task    the longest main-thread task the browser reports (PerformanceObserver
                    "longtask": tasks over 50 ms only; "none" when there was none), during the
                    load and S seconds of tours at the toy's own pace (speed 1), then S seconds
                    at speed 0 (flat out)
    longest gap     the longest gap between animation frames over the same time (what a
                    visitor sees as a stutter; ~17 ms at 60 Hz when nothing blocks)
The interpreter runs in a Web Worker (web/worker.js): the main thread only paints frames.
"""

import argparse
import os
import tempfile

from benchmarks.host import describe

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
# Installed before the page's own scripts: long tasks and gaps between animation frames.
WATCH = """
window.__bench = {longest: 0, tasks: 0, gap: 0, last: 0, at: 0};
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of tours at each speed (default 5)")
    parser.add_argument("--runs", type=int, default=3, help="page loads (default 3)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from knightstour_sim import web

    folder = tempfile.mkdtemp(prefix="knightstour-web-bench-")
    site = os.path.join(folder, "site")
    web.build(site)
    size = sum(os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(site) for n in names)

    server = web.server(site)
    url = "http://127.0.0.1:%d/?display=tft&seed=1" % server.server_port
    version = os.popen(CHROMIUM + " --version 2>/dev/null").read().split()
    print("knights-tour web benchmark: %s; Chromium %s" % (describe(), version[1] if len(version) > 1 else "?"))
    print("site: %d bytes (%.2f MB; target <= 2 MB)" % (size, size / 1048576))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            page.add_init_script(WATCH)
            page.goto(url)
            page.wait_for_function("window.knightstour.firstFrame !== null", timeout=60000)
            first = page.evaluate("window.knightstour.firstFrame")
            page.wait_for_function("window.knightstour.tourAt !== null", timeout=60000)
            tour = page.evaluate("window.knightstour.tourAt")
            page.wait_for_timeout(int(args.seconds * 1000))
            paced = page.evaluate("[window.__bench.longest, window.__bench.tasks, window.__bench.gap]")
            moves_paced = page.evaluate("window.knightstour.frames")
            page.keyboard.press("+")  # faster, as the simulator's key, up to the ladder's top
            for _ in range(12):
                page.keyboard.press("+")
            page.wait_for_timeout(int(args.seconds * 1000))
            fast = page.evaluate("[window.__bench.longest, window.__bench.tasks, window.__bench.gap, window.__bench.at]")
            frames = page.evaluate("window.knightstour.frames")
            print("run %d: first frame %.0f ms, first square of the first tour %.0f ms (target <= 3000); longest task %s (%d over 50 ms); "
                  "longest gap between animation frames %.0f ms; frames painted %d at speed 1, %d after speeding up"
                  % (run + 1, first, tour, "%.0f ms" % fast[0] if fast[1] else "none", fast[1], fast[2],
                     moves_paced, frames))
            if fast[1]:
                print("       the longest task began %.0f ms after navigation start" % fast[3])
            if paced[1]:
                print("       at speed 1 alone: longest task %.0f ms, gap %.0f ms" % (paced[0], paced[2]))
            context.close()
        browser.close()
    server.shutdown()
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
