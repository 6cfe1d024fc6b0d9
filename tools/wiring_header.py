"""The wiring diagrams drawn as the parts look: the board's header as it is (the Raspberry Pi's 40 pins in
two rows at their places, numbered; the Pico's 40 round its edges, numbered, with their GP names; the
Feather's two rows by name), each part's pins, one wire per pin
and a table beside it. tools/wiring.py gives the rows (from the pin map); this module plans the wires and
draws them.

The plan (``plan``) gives every wire a pin of its own: each ground its own GND pin (the Pi has eight), each
power wire its own 5V or 3V3 pin where the board has two. Where the board has no second pin for a
signal: a second wire of the same part joins that part's pin on the part itself (the XPT2046 module's
T_CLK to its SCK, a short wire), and the grounds of several parts on a Feather meet on a breadboard's
ground rail, joined to the Feather's one GND pin. Where two parts need the same signal pin (the SPI bus of
a screen and a touch breakout), the part that sits in a breadboard takes the board's pin and the other
part's wire goes into that pin's breadboard row; two parts' own pins (a screen's touch panel X+ to the
touch breakout's X+) are joined by a wire between them. ``problems`` says what is wrong with a plan (two wires
on one pin, a pin the board does not have, a ground or power wire on a pin that is not one).
"""

# The Raspberry Pi's 40-pin header: physical pin -> what it is (BCM GPIO numbers).
PI_HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2 SDA", 4: "5V", 5: "GPIO3 SCL", 6: "GND", 7: "GPIO4", 8: "GPIO14 TXD",
    9: "GND", 10: "GPIO15 RXD", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND", 15: "GPIO22",
    16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10 MOSI", 20: "GND", 21: "GPIO9 MISO", 22: "GPIO25",
    23: "GPIO11 SCLK", 24: "GPIO8 CE0", 25: "GND", 26: "GPIO7 CE1", 27: "ID_SD", 28: "ID_SC", 29: "GPIO5",
    30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16", 37: "GPIO26",
    38: "GPIO20", 39: "GND", 40: "GPIO21",
}

# The Raspberry Pi Pico's 40 pins (Pico, Pico W, Pico 2, Pico 2 W alike), as its datasheet numbers them: 1-20
# down the left edge from GP0 beside the USB socket, 21-40 up the right edge to VBUS.
_PICO_LEFT = ("GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7", "GP8", "GP9", "GND", "GP10",
              "GP11", "GP12", "GP13", "GND", "GP14", "GP15")
_PICO_RIGHT = ("GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN", "GP26", "GP27", "AGND",
               "GP28", "ADC_VREF", "3V3(OUT)", "3V3_EN", "GND", "VSYS", "VBUS")
PICO_HEADER = dict(enumerate(_PICO_LEFT + _PICO_RIGHT, 1))
NUMBERED = {"pi": PI_HEADER, "pico": PICO_HEADER}  # boards whose pins go by number

# A Feather's two headers as printed on the board, USB end first: the long one (16 pins), the short one (12).
_SHORT = ("BAT", "EN", "USB", "13", "12", "11", "10", "9", "6", "5", "SCL", "SDA")
FEATHER_HEADERS = {
    "feather_m4": (("RST", "3V", "AREF", "GND", "A0", "A1", "A2", "A3", "A4", "A5", "SCK", "MO", "MI", "RX",
                    "TX", "D4"), _SHORT),
    "feather_rp2040": (("RST", "3V", "NC", "GND", "A0", "A1", "A2", "A3", "24", "25", "SCK", "MO", "MI", "RX",
                        "TX", "4"), _SHORT),
}

# Pins of a kind, for the signals any of several pins serve, in the order they are handed out.
POOLS = {
    "pi": {"ground": (6, 9, 14, 20, 25, 30, 34, 39), "power_5v": (2, 4), "power_3v3": (1, 17)},
    # the ground beside VBUS first, then those beside the buttons' and the piezo's pins; AGND (33) last
    "pico": {"ground": (38, 18, 23, 13, 28, 8, 3, 33), "power_5v": (40,), "power_3v3": (36,)},
    "feather": {"ground": ("GND",), "power_5v": ("USB",), "power_3v3": ("3V",)},
}
_POWER_NAMES = {"ground": ("GND", "AGND"), "power_5v": ("5V", "USB", "VBUS"), "power_3v3": ("3V3", "3V", "3V3(OUT)")}

# Wire colours by convention: red for 5 V and 3.3 V, black for ground, the others each its own.
COLOURS = {"red": "#d62728", "black": "#222222", "yellow": "#e6b800", "blue": "#1f77b4", "green": "#2ca02c",
           "orange": "#ff7f0e", "white": "#c8c8c8", "grey": "#7f7f7f", "purple": "#9467bd", "brown": "#8c564b",
           "pink": "#e377c2", "cyan": "#17becf", "olive": "#9a9a2a", "navy": "#2a3a8a"}
_SIGNAL_COLOURS = ("yellow", "blue", "green", "orange", "white", "grey", "purple", "brown", "pink", "cyan",
                   "olive", "navy")
RAIL = "GND rail"


def header_pins(kind):
    """Every pin the board has: physical numbers on the Pi and the Pico, the printed names on a Feather."""
    if kind in NUMBERED:
        return set(NUMBERED[kind])
    long, short = FEATHER_HEADERS[kind]
    return set(long) | set(short)


def pin_name(kind, pin):
    return NUMBERED[kind][pin] if kind in NUMBERED else pin


def _on_board(kind, header):
    """The pin map's header label as this module's header names it (a Feather's "D4" is printed "4")."""
    if kind == "feather_rp2040" and header == "D4":
        return "4"
    return header


LINK = "link:"  # a signal "link:X+" joins two parts' pins labelled X+, not the board


def plan(kind, parts_rows, breadboard=()):
    """The wires: [(part index, the part's pin label, signal, to, colour)], ``to`` being ("board", pin),
    ("part", label of the same part's pin it joins), ("pin", (part index, label)) for a pin of another
    part (or its breadboard row) or ("rail", RAIL); a board with fewer GND pins than grounds also gets
    its GND pin's wire to the rail (part index -1). ``parts_rows``: for each part, (plugged, rows)
    with rows (label, signal, header, colour) as the pin map gives them; ``breadboard``: the indices
    of the parts that sit in a breadboard."""
    pools = POOLS[kind if kind in POOLS else "feather"]
    used = {}
    wires = []
    colours = {}
    links = {}
    grounds = sum(1 for plugged, rows in parts_rows if not plugged for row in rows if row[1] == "ground")
    rail = grounds > len(pools["ground"])
    for _plugged, rows in parts_rows:  # the pin map's colours first, where they follow the convention
        for _label, signal, _header, colour in rows:
            if signal not in colours and colour not in ("red", "black", "none", "", None) \
                    and colour not in colours.values() and signal not in _POWER_NAMES:
                colours[signal] = colour
    if rail:
        wires.append((-1, RAIL, "ground", ("board", "GND"), "black"))
        used["GND"] = RAIL
    for index, (plugged, rows) in enumerate(parts_rows):
        if plugged:  # a wing: its pins meet the header's where it plugs on, no wires
            for label, signal, header, colour in rows:
                if header not in (None, "", "-") and signal not in _POWER_NAMES:
                    wires.append((index, label, signal, ("board", _on_board(kind, header)), _colour(signal, colour, colours)))
            continue
        mine = {}
        for label, signal, header, colour in rows:
            colour = _colour(signal, colour, colours)
            if signal.startswith(LINK):
                if signal in links:
                    wires.append((index, label, signal, ("pin", links[signal]), colour))
                links[signal] = (index, label)
                continue
            if signal == "ground" and rail:
                wires.append((index, label, signal, ("rail", RAIL), colour))
                continue
            choices = pools.get(signal, (_on_board(kind, header),))
            free = [pin for pin in choices if pin not in used]
            owner = used.get(choices[0])
            if free:
                used[free[0]] = (index, label)
                mine[signal] = label
                wires.append((index, label, signal, ("board", free[0]), colour))
            elif signal in mine:
                wires.append((index, label, signal, ("part", mine[signal]), colour))
            elif index in breadboard and owner != RAIL:  # this part's row takes the pin; the owner's wire joins it
                at = next(i for i, wire in enumerate(wires) if wire[:2] == owner)
                wires[at] = owner + (signal, ("pin", (index, label)), wires[at][4])
                used[choices[0]] = (index, label)
                mine[signal] = label
                wires.append((index, label, signal, ("board", choices[0]), colour))
            elif owner != RAIL and owner[0] in breadboard:  # into the owner's breadboard row
                wires.append((index, label, signal, ("pin", owner), colour))
            else:
                raise ValueError("%s: no free pin for %s of part %d" % (kind, signal, index))
    return wires


def _colour(signal, colour, taken):
    """The convention's colour for ``signal``: red, black, or the pin map's colour while no other signal
    has it (never red or black), else the next free one."""
    if signal in ("power_5v", "power_3v3"):
        return "red"
    if signal == "ground":
        return "black"
    if signal not in taken:
        used = set(taken.values())
        if colour in ("red", "black", "none", "", None) or colour in used:
            colour = next((c for c in _SIGNAL_COLOURS if c not in used), "grey")
        taken[signal] = colour
    return taken[signal]


def problems(kind, wires, on_breadboard=()):
    """What is wrong with a plan: two wires on one board pin, or on one pin of a part that is not in a
    breadboard (``on_breadboard``: the indices of those that are), where one female jumper takes one
    wire (a wire between two parts counts at both ends); a pin the board lacks, a ground or power wire on
    a pin that is not one."""
    found = []
    seen = {}
    ends = {}
    pins = header_pins(kind)
    for index, label, signal, (where, pin), _ in wires:
        for end in ((index, label),) + (((index, pin),) if where == "part" else (pin,) if where == "pin" else ()):
            if end in ends and end[0] not in on_breadboard:
                found.append("%s and %s: two wires on the part's %s, one female jumper" % (ends[end], label, end[1]))
            ends.setdefault(end, label)
        if where != "board":
            continue
        if pin in seen:
            found.append("%s and %s share pin %s" % (seen[pin], label, pin))
        seen[pin] = label
        if pin not in pins:
            found.append("%s: pin %s is not on the %s header" % (label, pin, kind))
        elif signal in _POWER_NAMES and pin_name(kind, pin) not in _POWER_NAMES[signal]:
            found.append("%s: %s on pin %s (%s)" % (label, signal, pin, pin_name(kind, pin)))
    return found


def _escape(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _header_layout(kind):
    """{pin: (x, y, name side)} of the header drawn at the left, and the drawing's (width, height, lines)."""
    at = {}
    lines = []
    if kind == "pi":
        top, left, pitch = 90, 150, 22
        lines.append('<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="#2f6e3b"/>'
                     % (left - 140, top - 30, 320, 20 * pitch + 50))
        lines.append('<text x="%d" y="%d" fill="#ffffff" font-weight="bold">Raspberry Pi, 40-pin header</text>'
                     % (left - 130, top - 14))
        lines.append('<text x="%d" y="%d" font-size="11">pin 1 (square pad) is at the SD card end; seen from '
                     'above</text>' % (left - 140, top - 36))
        lines.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#111111"/>'
                     % (left - 12, top - 11, 2 * pitch + 24, 20 * pitch + 2))
        for pin in range(1, 41):
            row, column = (pin - 1) // 2, (pin - 1) % 2
            x, y = left + column * pitch * 2, top + row * pitch
            at[pin] = (x, y, "left" if column == 0 else "right")
        return at, lines
    if kind == "pico":  # seen from above, USB end up: pin 1 top left, 20 bottom left, 21 bottom right, 40 top right
        top, left, pitch, across = 90, 110, 22, 110
        lines.append('<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="#2f6e3b"/>'
                     % (left - 100, top - 40, across + 200, 20 * pitch + 60))
        lines.append('<rect x="%d" y="%d" width="40" height="16" fill="#aaaaaa"/>' % (left + across // 2 - 20, top - 46))
        lines.append('<text x="%d" y="%d" fill="#ffffff" font-weight="bold">Raspberry Pi Pico (USB end up)</text>'
                     % (left - 90, top - 20))
        lines.append('<text x="%d" y="%d" font-size="11">pin 1 (square pad) is GP0, beside the USB socket; seen from '
                     'above</text>' % (left - 100, top - 52))
        for pin in range(1, 41):
            column, row = (0, pin - 1) if pin <= 20 else (1, 40 - pin)
            at[pin] = (left + column * across, top + row * pitch, "left" if column == 0 else "right")
        return at, lines
    long, short = FEATHER_HEADERS[kind]
    top, left, pitch = 90, 120, 22
    lines.append('<rect x="%d" y="%d" width="%d" height="%d" rx="14" fill="#1d4f91"/>'
                 % (left - 60, top - 40, 260, 16 * pitch + 60))
    lines.append('<text x="%d" y="%d" fill="#ffffff" font-weight="bold">%s (USB end up)</text>'
                 % (left - 50, top - 20, "Feather M4 Express" if kind == "feather_m4" else "Feather RP2040"))
    for i, name in enumerate(long):
        at[name] = (left, top + i * pitch, "left")
    for i, name in enumerate(short):
        at[name] = (left + 140, top + (i + 4) * pitch, "right")
    return at, lines


def draw(title, kind, parts, wires):
    """The SVG: the header at the left, the parts in the middle, the wires between, the table at the right.
    ``parts``: [(box title, plugged, [labels])]."""
    at, header_lines = _header_layout(kind)
    pitch = 22
    part_x, table_x = 560, 780
    y = 70
    part_at = {}
    boxes = []
    for index, (box, _plugged, labels) in enumerate(parts):
        boxes.append('<rect x="%d" y="%d" width="190" height="%d" rx="6" fill="#444444"/>'
                     % (part_x, y - 4, pitch * len(labels) + 30))
        boxes.append('<text x="%d" y="%d" fill="#ffffff" font-weight="bold">%s</text>'
                     % (part_x + 8, y + 12, _escape(box)))
        for i, label in enumerate(labels):
            py = y + 32 + i * pitch
            part_at[(index, label)] = (part_x, py)
            boxes.append('<rect x="%d" y="%d" width="10" height="10" fill="#d4af37"/>' % (part_x - 5, py - 5))
            boxes.append('<text x="%d" y="%d" fill="#ffffff">%s</text>' % (part_x + 12, py + 4, _escape(label)))
        y += pitch * len(labels) + 50
    rail_y = y
    rows = [(index, label, signal, to, colour) for index, label, signal, to, colour in wires]
    height = max(y + 40, max(p[1] for p in at.values()) + 60, 70 + 22 * (len(rows) + len(parts) + 2))
    width = table_x + 470
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="12">' % (width, height, width, height),
           '<rect width="%d" height="%d" fill="#ffffff"/>' % (width, height),
           '<text x="10" y="24" font-size="16" font-weight="bold">%s</text>' % _escape(title)]
    out += header_lines
    wired = {to[1]: colour for _, _, _, to, colour in wires if to[0] == "board"}
    for pin, (x, y, side) in sorted(at.items(), key=lambda item: str(item[0])):
        fill = COLOURS.get(wired.get(pin), "#d4af37") if pin in wired else "#d4af37"
        shape = ('<rect x="%d" y="%d" width="12" height="12" fill="%s" stroke="#ffffff"/>' % (x - 6, y - 6, fill)
                 if pin == 1 and kind in NUMBERED else
                 '<circle cx="%d" cy="%d" r="6" fill="%s" stroke="#ffffff"/>' % (x, y, fill))
        out.append(shape)
        name = _escape(pin_name(kind, pin))
        if kind in NUMBERED:
            number = '<text x="%d" y="%d" fill="#ffffff" font-size="10" text-anchor="middle">%d</text>'
            out.append(number % (x + (-16 if side == "left" else 16), y + 4, pin))
            anchor, nx = ("end", x - 30) if side == "left" else ("start", x + 30)
        else:
            anchor, nx = ("start", x + 12) if side == "left" else ("end", x - 12)
        out.append('<text x="%d" y="%d" fill="#ffffff" text-anchor="%s">%s</text>' % (nx, y + 4, anchor, name))
    if any(to[0] == "rail" for _, _, _, to, _ in wires):
        out.append('<rect x="330" y="%d" width="200" height="8" fill="#dddddd" stroke="#222222"/>' % (rail_y - 4))
        out.append('<text x="335" y="%d">a breadboard\'s ground rail</text>' % (rail_y + 20))
    to_board = [n for n, wire in enumerate(wires) if wire[3][0] not in ("part", "pin")]
    for n, (index, label, _signal, to, colour) in enumerate(wires):
        start = (430, rail_y) if index < 0 else part_at[(index, label)]
        if to[0] == "board":
            x, y, side = at[to[1]]
            end = (x, y)
        elif to[0] == "rail":
            end = (330 + 20 + 8 * n % 160, rail_y)
        elif to[0] == "pin":
            end = part_at[to[1]]
        else:
            end = part_at[(index, to[1])]
        plugged = index >= 0 and parts[index][1]
        dash = ' stroke-dasharray="6 4"' if plugged else ""
        colour_code = COLOURS.get(colour, "#bbbbbb")
        bend = 340 + 12 * to_board.index(n) if n in to_board else part_x - 30 - 6 * (n % 5)
        if to[0] == "board":
            # out of the header between two rows of pins, clear of the other pins and their names
            gap = end[1] - (13 if end[0] == min(x for x, _, _ in at.values()) else 9)
            points = "%d,%d %d,%d %d,%d %d,%d %d,%d" % (start[0], start[1], bend, start[1], bend, gap,
                                                        end[0] + 8, gap, end[0], end[1])
        else:
            points = "%d,%d %d,%d %d,%d %d,%d" % (start[0], start[1], bend, start[1], bend, end[1], end[0], end[1])
        out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="3"%s/>'
                   % (points, colour_code, dash))
    out += boxes
    out.append('<text x="%d" y="70" font-weight="bold">part pin</text>' % table_x)
    out.append('<text x="%d" y="70" font-weight="bold">goes to</text>' % (table_x + 190))
    out.append('<text x="%d" y="70" font-weight="bold">wire</text>' % (table_x + 380))
    ty = 70
    last = None
    for index, label, _signal, to, colour in wires:
        ty += 22
        if index != last and index >= 0:
            out.append('<text x="%d" y="%d" font-style="italic">%s</text>' % (table_x, ty, _escape(parts[index][0])))
            ty += 22
        last = index
        what = RAIL if index < 0 else "  " + label
        if to[0] == "board":
            goes = "pin %s (%s)" % (to[1], pin_name(kind, to[1])) if kind in NUMBERED else to[1]
        elif to[0] == "rail":
            goes = RAIL
        elif to[0] == "pin":
            goes = "%s's %s" % (parts[to[1][0]][0], to[1][1])
        else:
            goes = "its %s (breadboard)" % to[1]
        if index >= 0 and parts[index][1]:
            goes += " (plugged)"
        out.append('<text x="%d" y="%d">%s</text>' % (table_x, ty, _escape(what)))
        out.append('<text x="%d" y="%d">%s</text>' % (table_x + 190, ty, _escape(goes)))
        out.append('<rect x="%d" y="%d" width="20" height="8" fill="%s"/>'
                   % (table_x + 380, ty - 8, COLOURS.get(colour, "#bbbbbb")))
        out.append('<text x="%d" y="%d">%s</text>' % (table_x + 405, ty, _escape(colour)))
    out.append("</svg>")
    return "\n".join(out) + "\n"
