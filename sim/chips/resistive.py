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
    """The panel on four ``bus.Pin`` objects; it sets each pin's ``analog``."""

    def __init__(self, xl, xr, yd, yu, *, x_plate=350, y_plate=500):
        self.pins = {"xl": xl, "xr": xr, "yd": yd, "yu": yu}
        self.x_plate = x_plate
        self.y_plate = y_plate
        self.touching = None
        for name, pin in self.pins.items():
            pin.analog = self._reader(name)

    def touch(self, u, v, resistance=400):
        """Press at (u, v), each 0.0-1.0, through ``resistance`` ohms."""
        if resistance <= 0:
            raise ValueError("a touch has a resistance above 0 ohms")
        self.touching = (min(max(u, 0.0), 1.0), min(max(v, 0.0), 1.0), resistance)

    def release(self):
        self.touching = None

    def _reader(self, name):
        return lambda: self.voltages().get(name, 0.0)

    def voltages(self):
        """{node: voltage} for every node joined to a driven pin (nodes: the four pins, and
        "x"/"y", the plates under the finger)."""
        edges = [("xl", "xr", self.x_plate), ("yd", "yu", self.y_plate)]
        if self.touching is not None:
            u, v, resistance = self.touching
            edges = [
                ("xl", "x", self.x_plate * u + _TINY), ("x", "xr", self.x_plate * (1 - u) + _TINY),
                ("yd", "y", self.y_plate * v + _TINY), ("y", "yu", self.y_plate * (1 - v) + _TINY),
                ("x", "y", resistance),
            ]
        fixed = {}
        for name, pin in self.pins.items():
            if pin.board_level is not None:
                fixed[name] = 1.0 if pin.board_level else 0.0
        return solve(edges, fixed)


def solve(edges, fixed):
    """Node voltages of a resistor network: ``edges`` (a, b, ohms), ``fixed`` {node: volts}.
    Nodes with no path to a fixed node are left out (floating)."""
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

