"""Plain text frames: the simulator for pipes, CI and dumb terminals (no control codes at all).

A frame is printed whenever the display changed during an update. The LED
matrix look draws a dot per LED (``o`` lit, ``.`` dark, ``@`` the knight,
``X`` where a tour got stuck, ``*`` the celebration trace); the TFT look
draws the chequered board with move numbers (``[12]`` the knight, ``  * ``
a legal move, ``  ! `` the hint, ``(12)`` the trace) and a side panel.

Input: lines on stdin, each a square name ("c3"), a command word or its key
(knightstour/vocabulary.py's table; keys.INPUT_HELP lists the words), or a push
button of the MAX7219 toy ([ and ] press A and B, { and } hold them). In play
mode the view waits for a line; otherwise it reads lines only when some are
ready (``select``), so a pipe with no input never blocks the attract loop.
"""

import sys
import time

from .keys import input_message, parse_line
from .simulator import View, led_grid, led_kind

RESULT_NAMES = {"complete": "complete", "closed": "closed tour!", "stuck": "stuck", "budget": "out of budget",
                "impossible": "no tour from here", "": ""}
LED_CHARS = {"trace": "*", "knight": "@", "stuck": "X", "lit": "o", "mark": ".", "dark": "."}


def matrix_lines(display, rotation=0, mirror=False):
    """The LED matrix look, turned and mirrored as the settings turn the real one."""
    lines = []
    for row in led_grid(display.board, rotation, mirror):
        lines.append(" ".join(LED_CHARS[led_kind(display, s)] if s >= 0 else " " for s in row))
    return lines


def tft_lines(display):
    board = display.board
    marks = set(display.marks)
    lines = []
    for rank in range(board.height - 1, -1, -1):
        row = "%2d " % (rank + 1)
        for file_index in range(board.width):
            square = board.square_at(file_index, rank)
            number = display.number[square]
            if square == display.trace_square:
                cell = "(%2d)" % display.trace_number
            elif square == display.knight_square:
                cell = "[%2d]" % number if number else "[  ]"
            elif square == display.hint:
                cell = "  ! "
            elif square in marks:
                cell = "  * "
            elif number:
                cell = " %2d " % number
            elif board.is_light(square):
                cell = "    "
            else:
                cell = "  : "
            row += cell
        lines.append(row)
    files = "   "
    for file_index in range(board.width):
        files += "  %s " % board.square_name(file_index)[:-1].ljust(1)
    lines.append(files.rstrip())
    return lines


def panel_lines(display):
    """The side panel: the app's status line and the facts it does not already say."""
    board = display.board
    count = 0
    for n in display.number:
        if n > count:
            count = n
    status = display.status_text
    facts = ["move %d of %d" % (count, board.squares)]
    if display.mode == "play":
        facts.append("play mode")
    elif display.order:
        facts.append("order %s" % display.order)
    facts.append("rule %s" % display.rule)
    lines = [fact for fact in facts if fact not in status]
    result = RESULT_NAMES[display.result_kind]
    if result and result not in status:
        lines.append("result: %s" % result)
    if status:
        lines.append(status)
    return lines


def frame(display, kind="both", view=None):
    """The display's state as text lines: the matrix, the TFT, or both, with the panel beside
    them (below them when the TFT is in portrait). ``view``: a View (rotations, mirror)."""
    view = view or View()
    left = matrix_lines(display, view.matrix_rotation, view.matrix_mirror) if kind in ("max7219", "both") else []
    right = tft_lines(display) if kind in ("ili9341", "both") else []
    panel = panel_lines(display)
    below = view.portrait and bool(right)
    width = max(len(line) for line in left) if left else 0
    lines = []
    for i in range(max(len(left), len(right), 0 if below else len(panel))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        c = panel[i] if i < len(panel) and not below else ""
        parts = []
        if left:
            parts.append(a.ljust(width))
        if right:
            parts.append(b.ljust(len(right[0])))
        parts.append(c)
        lines.append("   ".join(parts).rstrip())
    if below:
        lines.append("")
        lines.extend(panel)
    return lines


def stdin_reader(stream):
    """read(timeout) for a real stdin: a line, "" when none is ready in time, None at the end."""
    try:
        import select

        stream.fileno()
    except (ImportError, AttributeError, OSError, ValueError):
        select = None

    def read(timeout):
        if select is not None and timeout is not None:
            ready, _, _ = select.select([stream], [], [], max(0.0, timeout))
            if not ready:
                return ""
        line = stream.readline()
        return line if line else None

    return read


def run(sim, kind="both", once=False, out=None, read=None, sleep=time.sleep, max_frames=None):
    """Print frames until quit (or the first tour's end with ``once``); return the exit code.

    ``read(timeout)`` gives input lines (see stdin_reader); None: no input.
    With ``once`` the code is 0 for a complete tour (or a won game in play
    mode), 1 otherwise (quitting first too).
    """
    out = out if out is not None else sys.stdout
    app = sim.app
    last = -1
    frames = 0
    input_open = read is not None
    while True:
        wait = sim.update()
        if sim.display.version != last:
            last = sim.display.version
            frames += 1
            out.write("\n".join(frame(sim.display, kind, sim.view)) + "\n\n")
            out.flush()
            if max_frames is not None and frames >= max_frames:
                return 0
        if app.quit:
            return 1 if once else 0  # --once asked for a whole tour: quitting before is not it
        if once:
            if app.state == "play":
                if app.game.over:
                    return 0 if app.game.over in ("complete", "closed") else 1
            elif app.tours.count >= 1:
                return 0 if app.tours.last_kind in ("complete", "closed") else 1
        if app.state == "play":
            if not input_open:
                return 1 if once else 0
            line = read(None)
            if line is None:
                return 1 if once else 0
            _push(sim, line)
            continue
        if input_open:
            line = read(wait)
            if line is None:
                input_open = False
            elif line:
                _push(sim, line)
                continue
            else:
                continue  # the read waited for us
        if wait > 0:
            sleep(wait)


def _push(sim, line):
    event = parse_line(sim.board, line)
    if event is None:
        if line.strip():
            sim.display.status(input_message(sim.board, line))
        return
    sim.input.push(event)
