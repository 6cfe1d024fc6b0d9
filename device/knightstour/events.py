"""Input events: what each does to the app (app.App), through its public methods alone."""

# A square (int) starts a tour from there (or is a move in play mode); commands: "random",
# "play" (toggle play mode), "hint", "undo", "faster", "slower", "speed" (faster, and after no
# delay half speed again: the TFT's button), "pause" (stand still, or carry on; any other event
# but a speed carries on too), "quit" (sets ``app.quit``; the device may ignore it). Its own
# module so that app.py compiles in a small heap (a deploy without --mpy compiles on the board).

from .pacing import speed_name


def handle(app, event):
    # One input event for ``app``: a square (int) or a command name.
    clock = app.clock
    if clock.paused and event != "pause" and event != "faster" and event != "slower":
        app.pause(False)  # anything else the toy does carries on
    playing = app.state == "play"
    if isinstance(event, int):
        if not 0 <= event < app.total:
            return
        if playing:
            app.play_move(event)
        else:
            app.start_tour(event)
    elif event == "random":
        if playing:
            app.start_play(app.rng.randrange(app.total))
        else:
            app.start_tour(-1)
    elif event == "play":
        if not playing:
            app.start_play(-1)
        elif app.start_mode == "touch":
            app.enter_wait()
        else:
            app.start_tour(-1)
    elif event == "hint":
        if playing:
            app.game.hint()
        else:
            app.status("hint: press play first")
    elif event == "undo":
        app.undo()
    elif event == "faster" or event == "slower" or event == "speed":
        pacing = clock.pacing
        speed = pacing.slower() if event == "slower" else pacing.faster(event == "speed")
        app.status(("paused, speed " if clock.paused else "speed ") + speed_name(speed))
    elif event == "pause":
        app.pause(not clock.paused)
    elif event == "quit":
        app.quit = True
