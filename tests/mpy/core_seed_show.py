# heap: 262144
# One seed, one show: KNIGHTSTOUR_SEED = 1 gives the same starts, check orders and tours under
# CPython (the desktop, the simulator) and MicroPython (the board, the web page); their
# stdouts are compared. The app draws from its own generator (rng.py), not the platform's
# random module. Also a few raw draws of the generator.
from knightstour.app import App
from knightstour.rng import Xorshift32
from knightstour.settings import Settings

rng = Xorshift32(1)
print("draws", [rng.randrange(64) for _ in range(8)], rng.next30(), rng.hi, rng.lo)
rng = Xorshift32(-12345678901234567890)  # a long seed folds the same everywhere
print("long seed", [rng.randrange(1000) for _ in range(4)])

for size, seed, rule in (("8x8", 1, "border"), ("8x8", 2026, "random"), ("6x6", 7, "border")):
    settings = Settings()
    for key, value in (("speed", "0"), ("size", size), ("seed", str(seed)), ("rule", rule)):
        settings.set(key, value)
    app = App(settings)
    now = 0.0
    shown = 0
    while app.tours.count < 3:
        app.update(now)
        now += 0.5
        if app.state == "show" and app.tours.count > shown:
            shown = app.tours.count
            tour = app.tours.tour
            print(size, seed, rule, "start", app.board.square_name(tour.start), "order",
                  app.tours.order_names[app.tours.order_index], app.tours.last_kind,
                  " ".join(app.board.square_name(s) for s in tour.squares()))
