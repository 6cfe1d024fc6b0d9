"""Input events, modes and the knight's blinking: part of App (app.py).

Kept in its own module so each part of App compiles in a small heap.
"""

from .tours import Tours

BLINK = 0.25  # seconds per blink phase of the knight's square


class Events(Tours):
    """App's input handling; see App for the events and states."""

    def handle(self, event):
        """One input event: a square (int) or a command name."""
        if self.paused and event != "pause" and event != "faster" and event != "slower":
            self.pause(False)  # anything else the toy does carries on
        if isinstance(event, int):
            if not 0 <= event < self.total:
                return
            if self.state == "play":
                self.play_move(event)
            else:
                self.start_tour(event)
        elif event == "random":
            if self.state == "play":
                self.start_play(self.rng.randrange(self.total))
            else:
                self.start_tour(-1)
        elif event == "play":
            if self.state == "play":
                if self.start_mode == "touch":
                    self._enter_wait()
                else:
                    self.start_tour(-1)
            else:
                self.start_play(-1)
        elif event == "hint":
            self.hint()
        elif event == "undo":
            self.undo()
        elif event == "faster" or event == "slower" or event == "speed":
            pacing = self.pacing
            if event == "slower":
                speed = pacing.slower()
            elif event == "faster" or pacing.speed:
                speed = pacing.faster()
            else:  # "speed", the TFT's one button, past no delay: half speed, then up again
                pacing.speed = speed = 0.5
            from .pacing import speed_name

            self._status("speed " + speed_name(speed))
        elif event == "pause":
            self.pause(not self.paused)
        elif event == "quit":
            self.quit = True

    def pause(self, on):
        """Stand still where it is (``on``), or carry on with the time that was left to wait."""
        if on == self.paused:
            return
        self.paused = on
        if on:
            if self.starting:  # the start square's delay had not begun
                self.starting = False
                self.paused_left = self.last_delay
            else:
                self.paused_left = self.due - self.now if self.due > self.now else 0.0
            self._status("paused")
        else:
            self.due = self._after(self.paused_left)
            self._status("")

    # Play mode (play.py), loaded the first time it is used.

    def start_play(self, square):
        """Enter play mode with an empty board, or with the knight on ``square``."""
        from .play import start_play

        start_play(self, square)

    def play_move(self, square):
        """A touch in play mode: the start, a move, or refused; returns True if the knight moved."""
        from .play import play_move

        return play_move(self, square)

    def hint(self):
        """Play mode: show Warnsdorff's choice from the knight's square; returns it or -1."""
        from .play import hint

        return hint(self)

    def undo(self):
        """Play mode: take back the last move; returns the square taken back or -1."""
        from .play import undo

        return undo(self)

    def _status(self, text):
        self.display.status(text)
        self.changed = True

    def _enter_start_mode(self):
        if self.start_mode == "play":
            self.start_play(-1)
        elif self.start_mode == "touch":
            self._enter_wait()
        else:
            self.start_tour(-1)

    def _enter_wait(self):
        self.state = "wait"
        self.due = self.now + self.idle
        self.display.begin(self.board, "touch", "", self.rule)
        self._status("touch a square to start")

    def _knight_shown(self):
        if self.state == "play":
            return self.play_tour.length > 0
        return self.state == "run" and self.pacing.speed != 0

    def _arrived(self):
        # The knight's blink starts again, lit, with each move (display.knight shows it lit).
        self.blink_from = self.now
        if self.blink_phase > 0:
            self.blink_phase = 0

    def _blink_phase(self):
        # 0 lit, 1 dark, counted from the knight's arrival. In a tour a dark phase comes only if
        # it ends (by a millisecond: a frame) before the next move: the knight is lit when it
        # moves on, so a move's frame lights one new square, never its old square and its new.
        n = self._blinks()
        if n % 2 == 0:
            return 0
        if self.state == "run" and not self.paused and self.blink_from + (n + 1) * BLINK > self.due - 0.001:
            return 0
        return 1

    def _blinks(self):
        # Blink phases since the knight arrived; a microsecond short of a phase's end counts as
        # its end (float rounding), as _is_due does: the wait to the next one is never zero.
        return int((self.now - self.blink_from + 1e-6) / BLINK)

    def _blink(self):
        if not self._knight_shown():
            self.blink_phase = -1
            return
        phase = self._blink_phase()
        if phase != self.blink_phase:
            if self.blink_phase >= 0:
                self.display.blink(phase == 0)
                self.changed = True
            self.blink_phase = phase
