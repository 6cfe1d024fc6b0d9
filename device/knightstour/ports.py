"""The app's ports: display, input and sound, with null implementations (the note sequencer
for a piezo or a speaker: notes.py)."""

# The interfaces, written as comments: a board compiles this module when deployed without
# --mpy, and a docstring this long would sit in the heap (its text, twice) while it does.
#
# The app (app.py) never draws frames. It tells the display *what changed*, one
# small event at a time, and calls ``flush()`` once at the end of each batch, so
# an LED matrix can rewrite one row and a TFT can redraw only the dirty cells.
# Hardware adapters (MAX7219, ILI9341, touch controllers, a PWM piezo) subclass
# or copy these classes; every method of a port must exist, but may do nothing.
#
# Squares are ints ``rank * width + file`` (a1 = 0), as everywhere in knightstour.
# The recording implementations (a display that keeps the board's state, queued
# input, a sound log) are in knightstour_desktop/recording.py: the board never loads them.
#
# Display port (all methods return None)
# --------------------------------------
# ``max_width``, ``max_height``
#     Class attributes: the largest board the display can show (the app refuses
#     bigger boards: see App.__init__).
# ``begin(board, mode, order, rule)``
#     A new tour or game on ``board`` (a knightstour.board.Board): forget every
#     square, mark, result and trace. ``mode`` is "attract", "touch" or "play";
#     ``order`` the check order's letters ("ahfdgceb", "" in play mode);
#     ``rule`` the tie-break rule's name.
# ``light(square, number)``
#     The knight's tour reached ``square`` as move ``number`` (1 = the start).
# ``unlight(square)``
#     Undo took ``square`` back: show it unvisited again.
# ``knight(square)``
#     The knight now stands on ``square`` (-1: no knight on the board). Its
#     previous square stays lit with its number.
# ``blink(on)``
#     The knight's blink phase: True = shown, False = hidden (LED off). Sent a
#     few times a second while the app runs, only when the phase changes.
# ``moves(squares, hint)``
#     Play mode: ``squares`` (a list, copy it if kept) are the legal moves from
#     the knight's square, to be marked; ``[]`` clears the marks. ``hint`` is the
#     square Warnsdorff's rule would pick, to be shown apart, or -1 for no hint.
# ``result(kind, count, square)``
#     The tour or game ended: ``kind`` is "complete" (every square visited, the
#     last square not a knight move from the first), "closed" (a complete tour
#     whose end is a knight move from its start: celebrate) or "stuck" (a dead
#     end at ``square`` after ``count`` squares) or "budget" (where the rule got
#     stuck and the search ran out of budget: a tour may exist, so never shown
#     as stuck; the status line says where it stopped) or "impossible" (no tour can
#     start on ``square``, count 1: the status line says why; a matrix shows it
#     as every square of the start's colour lit). ``kind`` "" clears the result
#     (play mode: undo after the end). ``count`` is the number of squares
#     visited, ``square`` where the knight stands.
# ``trace(square, number)``
#     Celebration of a closed tour: the trace runs along the path from the
#     start and back to it; highlight ``square`` (move ``number``; the final
#     call, back on the start, has number ``count + 1``). ``square`` -1 ends
#     the trace: remove the highlight.
# ``status(text)``
#     One short line for a status bar or side panel ("touch a square", "stuck
#     on e4 after 52 squares", "speed x2"). "" clears it.
# ``flush()``
#     End of a batch of changes: send what is dirty to the hardware now.
#
# Input port
# ----------
# ``poll()``
#     Return the next input event, or None when there is none. Never blocks.
#     An event is an int (a touch, click or key naming that square) or a
#     command string from COMMANDS.
#
# Sound port (all methods return None, none blocks)
# --------------------------------------------------
# ``tick()``              a short tick: the knight moved.
# ``closed_phrase()``     a rising phrase: a closed tour.
# ``complete_phrase()``   a short phrase: a complete (open) tour.
# ``stuck_tone()``        a low tone: stuck, or a dead end in play mode.
# ``update(now)``         called on every app update with the clock's seconds,
#                         so a piezo adapter can step through a phrase without
#                         blocking. notes.NoteSound does that for you: subclass
#                         it and write ``start_note(frequency)`` and
#                         ``stop_note()``.

# Input commands (keys and buttons); a touch is a square number instead.
COMMANDS = ("random", "play", "hint", "undo", "faster", "slower", "speed", "pause", "quit")


class NullDisplay:
    """A display that shows nothing (benchmarks, memory tests, headless runs)."""

    max_width = 32
    max_height = 32

    def nothing(self, *args):
        pass

    # Every method of the port, each one function that does nothing: a board keeps one function
    # in its heap, not ten.
    begin = light = unlight = knight = blink = moves = result = trace = status = flush = nothing


class NullInput:
    """No input at all: the toy runs its attract loop."""

    def poll(self):
        return None


class NullSound:
    """Silence: the default when there is no piezo or the sound setting is off."""

    def nothing(self, *args):
        pass

    tick = closed_phrase = complete_phrase = stuck_tone = update = nothing  # as NullDisplay's

