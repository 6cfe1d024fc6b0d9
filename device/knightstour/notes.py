"""The sound port's note sequencer (NoteSound), for a piezo or a speaker, and the toy's phrases.

Apart from ports.py: a board with sound keeps this, and needs none of the null ports."""

from .port_bases import Sound

# Notes as (frequency in Hz, seconds); frequency 0 is a rest.
TICK_NOTES = ((1760, 0.008),)
CLOSED_NOTES = ((523, 0.09), (659, 0.09), (784, 0.09), (1047, 0.09), (0, 0.05), (1319, 0.3))
COMPLETE_NOTES = ((659, 0.09), (784, 0.2))
STUCK_NOTES = ((131, 0.5),)


class NoteSound(Sound):
    """A non-blocking note sequencer: subclass it for a piezo or a speaker."""
    # Write ``start_note(frequency)`` (0 = rest: silence) and ``stop_note()`` (no defaults: a board
    # keeps every function of a class it loads);
    # ``update(now)`` (called by the app) moves on to the next note when due.
    # A tick does not interrupt a phrase.

    def __init__(self):
        self._notes = ()
        self._index = 0
        self._due = -1.0
        self._now = 0.0

    def play(self, notes):
        """Start a sequence of (frequency, seconds) notes now."""
        self._notes = notes
        self._index = 0
        self._due = -1.0
        self.update(self._now)

    def tick(self):
        if self._index >= len(self._notes):
            self.play(TICK_NOTES)

    def closed_phrase(self):
        self.play(CLOSED_NOTES)

    def complete_phrase(self):
        self.play(COMPLETE_NOTES)

    def stuck_tone(self):
        self.play(STUCK_NOTES)

    def update(self, now):
        if now < self._now and self._due >= 0:
            self._due += now - self._now  # the clock wrapped: keep the note's time left
        self._now = now
        notes = self._notes
        if self._due >= 0 and now < self._due:
            return
        if self._index < len(notes):
            frequency, seconds = notes[self._index]
            self._index += 1
            if frequency:
                self.start_note(frequency)
            else:
                self.stop_note()
            self._due = now + seconds
        elif self._due >= 0:
            self.stop_note()
            self._due = -1.0
