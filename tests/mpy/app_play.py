# heap: 262144
# Play mode, settings messages and a paced tour with a recording display, under CPython and
# MicroPython alike (their stdouts are compared). The heap is roomier than a board's: this
# imports the desktop-side modules too (recording, settings_toml) all in one step, and this
# MicroPython port collects no garbage until the script ends (see app_tours.py).
from knightstour.app import App
from knightstour.settings import load
from knightstour_desktop.recording import QueueInput, RecordingDisplay, RecordingSound
from knightstour_desktop.settings_toml import parse_toml


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def randrange(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


# Settings: as CircuitPython's os.getenv gives them from settings.toml.
toml = parse_toml('KNIGHTSTOUR_RULE = "zigzag"\nKNIGHTSTOUR_PAUSE_MS = 1500\nOTHER = 1\n')
settings, errors = load({"KNIGHTSTOUR_SPEED": "fast", "KNIGHTSTOUR_START": "c3"}.get, toml)
for line in errors:
    print(line)
print("rule", settings.rule, "pause", settings.pause_ms, "speed", settings.speed, "start", settings.start)

# A paced tour: the delays never decrease.
display = RecordingDisplay()
app = App(settings, display, QueueInput(), RecordingSound(), Lcg(1))
now = 0.0
last_time = 0.0
last_gap = 0.0
worse = 0
count = 0
while app.tours.count < 1:
    before = app.tours.tour.length
    at = now
    now += app.update(at)
    if app.tours.tour.length != before and app.tours.tour.length > 1:
        gap = at - last_time
        if gap < last_gap - 1e-9:
            worse += 1
        last_gap = gap
        last_time = at
        count += 1
    elif app.tours.tour.length == 1:
        last_time = at
print("moves", count, "decreasing gaps", worse, "result", display.result_kind, display.result_count)
print("tour took %.2f s" % last_time)

# Play mode: moves, an illegal move, undo, hint, a dead end.
touch = QueueInput()
settings.mode = "play"
app = App(settings, display, touch, RecordingSound(), Lcg(2))
board = app.board


def do(event):
    touch.push(board.parse_square(event) if len(event) <= 3 else event)
    app.update(0.0)
    print(event, "->", display.status_text)


for step in ("a1", "b3", "b4", "c5", "undo", "hint", "undo", "undo", "undo"):
    do(step)
for step in ("g6", "e5", "f7", "h8", "undo", "h8"):
    do(step)
print("marks", sorted(board.square_name(s) for s in display.marks), "rejected", app.game.rejected)
