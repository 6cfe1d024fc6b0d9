"""busdisplay stand-in: BusDisplay keeps its root group and counts refreshes. CircuitPython
keeps displays in static storage (shared-module/displayio/__init__.c displays[]): no heap."""

DISPLAYS = []


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, rotation=0, auto_refresh=True, **kwargs):
        self.bus = display_bus
        # shared-module/displayio/display_core.c: a 90/270 rotation swaps the sides
        if rotation % 180:
            width, height = height, width
        self.width = width
        self.height = height
        self.rotation = rotation
        self.auto_refresh = auto_refresh
        self.root_group = None
        self.refreshes = 0
        self.brightness = 1.0
        DISPLAYS.append(self)

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
