"""A 4-wire resistive touch panel wired straight to a board's pins (the PyPortal's TOUCH_XL, XR,
YD, YU), read as adafruit_touchscreen reads it: two pins driven, one read with AnalogIn.

Two resistive plates: the X plate between XL and XR (``x_plate`` ohms), the Y plate between YD
and YU (``y_plate``). A finger at (u, v), u from 0 at XL to 1 at XR along the X plate, v from 0
at YD to 1 at YU along the Y plate, joins the plates through ``resistance`` ohms (lower: a
harder press). Each pin's voltage (a fraction of 3.3 V) is solved from the circuit for the pins
the board drives; a pin joined to nothing driven floats and reads 0 here.

adafruit_touchscreen (its x1/x2/y1/y2 pins given XL, XR, YD, YU, as Adafruit's PyPortal examples
do) reads its x from the Y plate's voltage at the finger (v) and its y from the X plate's (u),
and its pressure as 65535 - (Z2 - Z1): 0 untouched, higher the harder the press.
"""

_TINY = 1e-3  # ohms: a plate end touched exactly still has some resistance


class ResistivePanel:
    """The panel on four stand-in ``Pin`` objects; it sets each pin's ``analog``."""

    def __init__(self, xl, xr, yd, yu, *, x_plate=350, y_plate=500):
        self.pins = {"xl": xl, "xr": xr, "yd": yd, "yu": yu}
        self.x_plate = x_plate
        self.y_plate = y_plate
        self.touching = None
        self._seen = {}  # the voltages for each way the pins are driven, while the touch lasts
        for name, pin in self.pins.items():
            pin.analog = self._reader(name)

    def touch(self, u, v, resistance=400):
        """Press at (u, v), each 0.0-1.0, through ``resistance`` ohms."""
        if resistance <= 0:
            raise ValueError("a touch has a resistance above 0 ohms")
        self.touching = (min(max(u, 0.0), 1.0), min(max(v, 0.0), 1.0), resistance)
        self._seen = {}

    def touch_raw(self, raw_x, raw_y, resistance=400):
        """Press where the toy's reader (hw/chips/pyportal.py: adafruit_touchscreen's 16-bit
        readings >> 4) reads (raw_x, raw_y), 0-4095: its x comes from the Y plate, its y from the X plate."""
        self.touch(raw_y / 4095, raw_x / 4095, resistance)

    def release(self):
        self.touching = None
        self._seen = {}

    def _reader(self, name):
        return lambda: self.voltages().get(name, 0.0)

    def voltages(self):
        """{node: voltage} for every node joined to a driven pin (nodes: the four pins, and
        "x"/"y", the plates under the finger). Worked out once for each way the pins are driven
        while a touch lasts (under MicroPython every float is heap: the harness's panel must not
        fill the toy's heap with garbage in one loop step)."""
        key = 0
        for pin in (self.pins["xl"], self.pins["xr"], self.pins["yd"], self.pins["yu"]):
            level = pin.board_level
            key = key * 3 + (0 if level is None else 2 if level else 1)
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = self._voltages()
        return found

    def _voltages(self):
        """The network in closed form: each plate, seen from the finger, is its driven ends through
        its two lengths (a Thevenin source, or nothing when neither end is driven); the finger
        joins the two; an undriven end carries no current, so it is at its plate's voltage under the
        finger (untouched: at the driven end's)."""
        fixed = {}
        for name, pin in self.pins.items():
            if pin.board_level is not None:
                fixed[name] = 1.0 if pin.board_level else 0.0
        u, v, resistance = self.touching if self.touching is not None else (0.5, 0.5, None)
        plates = (("xl", "xr", "x", self.x_plate * u + _TINY, self.x_plate * (1 - u) + _TINY),
                  ("yd", "yu", "y", self.y_plate * v + _TINY, self.y_plate * (1 - v) + _TINY))
        sources = []
        for low, high, _, r_low, r_high in plates:
            ends = [(fixed[end], ohms) for end, ohms in ((low, r_low), (high, r_high)) if end in fixed]
            if not ends:
                sources.append(None)
            elif len(ends) == 1:
                sources.append(ends[0])
            else:
                (v1, r1), (v2, r2) = ends
                sources.append(((v1 * r2 + v2 * r1) / (r1 + r2), r1 * r2 / (r1 + r2)))
        (sx, sy) = sources
        contact = {}
        if resistance is None:  # untouched: each plate on its own
            contact = {"x": sx and sx[0], "y": sy and sy[0]}
        elif sx and sy:
            drop = (sy[0] - sx[0]) / (sx[1] + resistance + sy[1])
            contact = {"x": sx[0] + drop * sx[1], "y": sy[0] - drop * sy[1]}
        elif sx or sy:  # one plate driven: no current through the finger
            contact = {"x": (sx or sy)[0], "y": (sx or sy)[0]}
        volts = dict(fixed)
        for low, high, node, _, _ in plates:
            if contact.get(node) is None:
                continue
            if self.touching is not None:
                volts[node] = contact[node]
            for end in (low, high):
                if end not in volts:
                    volts[end] = contact[node]
        return volts


def solve(edges, fixed):
    """Node voltages of a resistor network: ``edges`` (a, b, ohms), ``fixed`` {node: volts}.
    Nodes with no path to a fixed node are left out (floating). The general method, which the
    panel's closed form is tested against (tests/test_chips_pyportal.py)."""
    neighbours = {}
    for a, b, ohms in edges:
        neighbours.setdefault(a, []).append((b, 1.0 / ohms))
        neighbours.setdefault(b, []).append((a, 1.0 / ohms))
    reached = set(fixed)
    todo = list(fixed)
    while todo:
        for other, _ in neighbours.get(todo.pop(), ()):
            if other not in reached:
                reached.add(other)
                todo.append(other)
    unknown = sorted(node for node in reached if node not in fixed)
    index = {node: i for i, node in enumerate(unknown)}
    size = len(unknown)
    # Kirchhoff: for each free node, the currents in sum to zero
    matrix = [[0.0] * (size + 1) for _ in range(size)]
    for node in unknown:
        row = matrix[index[node]]
        for other, conductance in neighbours[node]:
            row[index[node]] += conductance
            if other in fixed:
                row[size] += conductance * fixed[other]
            else:
                row[index[other]] -= conductance
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(matrix[r][column]))
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        for r in range(size):
            if r != column and matrix[r][column]:
                factor = matrix[r][column] / matrix[column][column]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[column])]
    result = dict(fixed)
    for node in unknown:
        i = index[node]
        result[node] = matrix[i][size] / matrix[i][i]
    return result


# Adafruit's PyPortal examples: 16-bit readings of adafruit_touchscreen at the screen's edges,
# ((x at the left, x at the right), (y at the top, y at the bottom)).
PYPORTAL_CALIBRATION = ((5200, 59000), (5800, 57000))


def touch_pixel(panel, x, y, size, calibration=PYPORTAL_CALIBRATION, resistance=400):
    """Press ``panel`` where ``calibration`` puts screen pixel (x, y) of a ``size`` screen
    (the driver's x comes from the Y plate, its y from the X plate)."""
    (x0, x1), (y0, y1) = calibration
    width, height = size
    panel.touch((y0 + y / (height - 1) * (y1 - y0)) / 65535, (x0 + x / (width - 1) * (x1 - x0)) / 65535,
                resistance)


def pyportal_panel(board_pins, **kwargs):
    """A panel on a board's TOUCH_XL, TOUCH_XR, TOUCH_YD, TOUCH_YU (``board_pins`` has them as
    attributes)."""
    return ResistivePanel(board_pins.TOUCH_XL, board_pins.TOUCH_XR, board_pins.TOUCH_YD,
                          board_pins.TOUCH_YU, **kwargs)

