"""The harness's watch on a direction pad's presses (run_feather(pad=True)): loaded with the stand-ins,
before code.py's heap is set aside, and only then, so that the other runs' heap is as it was.

While a button is held the clock moves on 10 ms a step (a press of n steps lasts n * 10 ms in any
state: play mode's steps are up to a second long otherwise); the run lasts until 10 steps after the
last press is let go; RESULT's input_square is the first square the toy's input gave (the pad's A),
input_start where the tour shown next started, status the TFT's status line at the end.
"""

noted = [-1, -1]  # input_square, input_start


class Watched:
    """The toy's input port, the first square it gives noted."""

    def __init__(self, port):
        self.port = port

    def poll(self):
        event = self.port.poll()
        if isinstance(event, int) and noted[0] < 0:
            noted[0] = event
        return event


def begin(app, buttons, last):
    """Watch ``app``'s input; the last step the run must reach."""
    app.input = Watched(app.input)
    return max(last, max(press[2] for press in buttons) + 10)


def wait(buttons, step, seconds):
    """The clock's step: at most 10 ms while a button is held."""
    for press in buttons:
        if press[1] <= step < press[2] and seconds > 0.01:
            return 0.01
    return seconds


def after_step(app):
    if noted[0] >= 0 and noted[1] < 0 and app.state == "run":
        noted[1] = app.tours.tour.path[0]


def report(app, result):
    if noted[0] >= 0:
        result["input_square"] = noted[0]
        result["input_start"] = noted[1]
    result["status"] = app.display.status_text
