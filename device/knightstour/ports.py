"""The app's ports: display, input, clock and sound, a base class each (the null ports: nulls.py;
the note sequencer for a piezo or a speaker: notes.py)."""

from .port_bases import Display, Input, Sound  # noqa: F401  (the board's ports' bases: see below)

# Every implementation subclasses its port's base class, whose methods raise NotImplementedError
# (the one function ``missing``, below): the board's (hw/views, hw/inputs, notes.py, nulls.py), the
# recording ones (knightstour_desktop/recording.py), the simulator's and the web page's.
# tests/test_ports.py holds them all to these classes: each subclasses its port and writes every
# method (it may do nothing). The display's, input's and sound's bases are port_bases.py's, which a
# board loads with its first view or input, so a board never loads this module (its documentation
# and the clock's base, which a board never uses: a board's clock is a function). In the package's
# __init__.py they lived through the settings' peak, a KB more for some `.py` deploys.
#
# The app (app.py) never draws frames. It tells the display *what changed*, one
# small event at a time, and calls ``flush()`` once at the end of each batch, so
# an LED matrix can rewrite one row and a TFT can redraw only the dirty cells.
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
#     command string (vocabulary.COMMANDS: a board never loads that table).
#
# Clock port
# ----------
# ``clock()``
#     The time in seconds, as a float; only differences matter, and it may wrap (see
#     pacing.Clock). A board's is a function (feather.clock(), time.monotonic); the
#     class is for the clocks that are objects (the simulator's).
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

# The square -1: no square. knight(NO_SQUARE): no knight on the board; moves(squares, NO_SQUARE):
# no hint; trace(NO_SQUARE, 0): the trace ends; result("", 0, NO_SQUARE): no result. The board's
# own code writes -1 (a name would cost each module that uses it a little heap).
NO_SQUARE = -1
missing = Display.begin  # every method of every port's base: raises NotImplementedError


class Clock:
    __call__ = missing
