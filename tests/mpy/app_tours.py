# heap: 72704
# 1000 attract tours of the app's state machine with null ports, under CPython and
# MicroPython alike (their stdouts are compared), MicroPython with a 71 KB heap (64 KB
# before every board size had its own super orders: +1.2 KB of orders, +1.4 KB of app;
# 68 KB before the toy's own random numbers, rng.py, and the blink that restarts with each move).
#
# MicroPython's WebAssembly port collects garbage only between the steps of
# asyncio.run(main()) (tools/micropython/run.mjs), where a board collects it
# whenever it must; so main() yields after each module it imports (compiling
# source makes garbage) and after each tour. A deterministic LCG stands in for
# random, whose generators differ between CPython and MicroPython.
import asyncio

MODULES = ("board", "orders", "rules", "tour", "warnsdorff", "pacing", "ports", "settings",
           "orders_data", "play", "rng", "tours", "events", "app")


class Lcg:
    """A tiny linear congruential generator with the two methods the app uses."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def _next(self):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return self.state >> 8

    def randrange(self, n):
        return self._next() % n

    def choice(self, items):
        return items[self.randrange(len(items))]


async def main():
    for name in MODULES:
        __import__("knightstour." + name)
        await asyncio.sleep(0)
    from knightstour.app import App
    from knightstour.settings import Settings

    settings = Settings()
    settings.set("speed", "0")
    app = App(settings, rng=Lcg(2026))
    now = 0.0
    updates = 0
    while app.tours.count < 1000:
        tours = app.tours.count
        wait = app.update(now)
        if wait:
            now += wait  # (adding 0.0 would still make a new float under MicroPython)
        updates += 1
        if app.tours.count != tours:
            await asyncio.sleep(0)
    print("tours", app.tours.count)
    print("complete", app.tours.complete)
    print("closed", app.tours.closed)
    print("stuck", app.tours.stuck)
    print("updates", updates)
    print("orders", len(app.tours.orders))


asyncio.run(main())
