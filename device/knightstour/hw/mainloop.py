"""The one main loop, for the Feather's code.py and the Pi's ``knights-tour run`` (see
wiring/build.py, which builds the ports it runs): kept apart so that the Feather can forget the
builders after start."""

MAX_SLEEP = 0.02  # the loop polls the touch screen at least 50 times a second


def steps(app, monotonic, max_sleep=MAX_SLEEP, out_of_memory=None):
    """The main loop, one pass at a time: updates the app and yields how long to sleep (at most
    ``max_sleep``, so touches are polled), until ``app.quit`` is set. A MemoryError (a board
    too big for the heap, built at the first tour) calls ``out_of_memory()`` if given."""
    try:
        while not app.quit:
            now = monotonic()
            wait = app.update(now)
            if wait > 0:
                # The time drawing took is part of the wait, not added to it (a clock that
                # wrapped meanwhile reads as negative: then it is not counted).
                spent = monotonic() - now
                if spent > 0:
                    wait -= spent
            yield wait if wait < max_sleep else max_sleep
    except MemoryError:
        if out_of_memory is None:
            raise
        out_of_memory()


def run_forever(app, monotonic, sleep, max_sleep=MAX_SLEEP, until=None, out_of_memory=None):
    """The main loop: ``steps``, sleeping what each allows; stops when ``app.quit`` is set or
    ``until(app)`` is true."""
    for wait in steps(app, monotonic, max_sleep, out_of_memory):
        if until is not None and until(app):
            return
        if wait > 0:
            sleep(wait)
