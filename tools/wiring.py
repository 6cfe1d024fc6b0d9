"""Generate wiring/: one page per supported build, with its pin tables, an SVG diagram and its notes.

The pins come from the code's pin map (the board pin from hw/wiring/pins.py, its GPIO, header pin and a wire
colour from knightstour_desktop/pinmap.py); what each part's pins are called and what the page says about a board or a
part come from tools/wiring_builds.py, which also lists the builds (adding one is a line there).
Run:  .venv/bin/python tools/wiring.py          (rewrites wiring/)
      .venv/bin/python tools/wiring.py --check  (exit 1 if wiring/ differs from a fresh run)
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "device"))
sys.path.insert(0, HERE)

# The code's pin maps, imported here and nowhere else in this tool: if they move, this line follows.
import wiring_header  # noqa: E402

from knightstour.hw.wiring import pins  # noqa: E402
from knightstour_desktop import pinmap  # noqa: E402

from wiring_builds import BOARDS, BUILDS, PARTS, kit_line  # noqa: E402

OUT = os.path.join(ROOT, "wiring")
PIN_MAP_FILE = os.path.relpath(pins.__file__, ROOT).replace(os.sep, "/")
POWER = {"power_5v": "5V", "power_3v3": "3V3", "ground": "GND"}
COLOURS = {"red": "#d62728", "black": "#222222", "yellow": "#e6b800", "blue": "#1f77b4", "green": "#2ca02c",
           "orange": "#ff7f0e", "white": "#bbbbbb", "grey": "#7f7f7f", "purple": "#9467bd", "brown": "#8c564b",
           "": "#cccccc"}


def pin(kind, signal):
    """Where ``signal`` is on board ``kind``: the pin map's board name, GPIO, header pin, wire colour."""
    if signal.startswith(wiring_header.LINK):  # between two parts, no board pin
        return {"board": "", "gpio": None, "header": None, "colour": ""}
    found = pinmap.row(kind, signal)
    if signal in pins.SIGNALS:  # the code's own pin, so a page can never disagree with what runs
        assert found["board"] == pins.board_name(kind, signal), (kind, signal)
    return found


def parts_of(kind, parts):
    names = tuple(parts)
    if kind != "pyportal" and "piezo" not in names:
        names += ("piezo",)
    return [PARTS[name] for name in names]


def rows(kind, the_part):
    """(label on the part, board pin, GPIO, header, wire colour, what it is for) for each of its pins."""
    found = []
    for signal, label, note in the_part["pins"]:
        r = pin(kind, signal)
        colour = "" if the_part["plugged"] else r["colour"]
        found.append((label, r["board"], r["gpio"], r["header"], colour or "none", note, signal))
    return found


def _cell(value):
    return "-" if value in (None, "") else str(value)


def wire_plan(kind, parts):
    """wiring_header.plan for a build's parts (a PyPortal has no header: None)."""
    if kind not in tuple(wiring_header.NUMBERED) + tuple(wiring_header.FEATHER_HEADERS):
        return None
    return wiring_header.plan(kind, [(p["plugged"], [(label, signal, header, colour)
                                                     for label, _board, _gpio, header, colour, _note, signal
                                                     in rows(kind, p)]) for p in parts],
                              {i for i, p in enumerate(parts) if p["ends"] == "breadboard"})


BREADBOARD = "a half-size breadboard (Adafruit 64, about $5)"
STACKING = "Feather stacking headers (Adafruit 2830, about $1.25), soldered on the Feather in place of its plain headers"
JUMPER_PRICE = "(about $4 a pack of 40 of one kind: Adafruit 1950, 1954, 758, or generic \"Dupont\" wires)"
JUMPERS = {("female", "female"): "female-to-female", ("female", "male"): "male-to-female",
           ("male", "male"): "male-to-male"}


def on_breadboard(parts, wires):
    """The indices of the parts that sit in the build's breadboard (where it has one)."""
    rail = any(to[0] == "rail" for _, _, _, to, _ in wires or ())
    return {i for i, p in enumerate(parts)
            if p["ends"] == "breadboard" or (rail and p["ends"] == "legs")}


def stacking(parts):
    """A wing covers the Feather's header: wires then plug into stacking headers' sockets."""
    return any(p["plugged"] for p in parts)


def jumper(parts, wire, in_breadboard):
    """The jumper wire ``wire`` needs, "female-to-female", "male-to-female" or "male-to-male": a female
    end on a male pin (a header, a leg), a male end into a breadboard's row or a stacking header's socket."""
    index, _label, _signal, to, _colour = wire
    here = "male" if index < 0 or index in in_breadboard else "female"
    there = "male" if to[0] in ("rail", "part") or stacking(parts) else "female"
    if to[0] == "pin":  # another part's pin, or its row in the breadboard
        there = "male" if to[1][0] in in_breadboard else "female"
    return JUMPERS[tuple(sorted((here, there)))]


def jumper_counts(parts, wires, indices):
    """"4 female-to-female, 2 male-to-female": the jumpers of the parts ``indices`` (-1: the rail's)."""
    in_breadboard = on_breadboard(parts, wires)
    counts = {}
    for wire in wires or ():
        if wire[0] in indices and not (wire[0] >= 0 and parts[wire[0]]["plugged"]):
            name = jumper(parts, wire, in_breadboard)
            counts[name] = counts.get(name, 0) + 1
    return ", ".join("%d %s" % (counts[name], name) for name in sorted(counts))


def needs(kind, parts):
    """The "You need" lines beyond the board and the parts: breadboard, stacking headers, jumper wires."""
    wires = wire_plan(kind, parts)
    if wires is None:
        return []
    lines = []
    if on_breadboard(parts, wires):
        sits = [p["box"] for p in parts if p["ends"] == "breadboard"]
        why = ("the ground wires meet on its ground rail (the Feather has one GND pin)"
               if any(to[0] == "rail" for _, _, _, to, _ in wires) else "the %s sits in it" % sits[0])
        lines.append("%s: %s" % (BREADBOARD, why))
    if stacking(parts):
        lines.append(STACKING + ", for the piezo's wires (optional)")
    required = [i for i, p in enumerate(parts) if not p["optional"] and not p["plugged"]] + [-1]
    jumpers = []
    if jumper_counts(parts, wires, required):
        jumpers.append("jumper wires: %s" % jumper_counts(parts, wires, required))
    for i, p in enumerate(parts):
        if p["optional"]:
            jumpers.append("jumper wires for %s: %s" % (p["title"], jumper_counts(parts, wires, [i])))
    if jumpers:
        jumpers[0] += " " + JUMPER_PRICE
    return lines + jumpers


def table(kind, the_part, parts):
    """The part's pins: where each goes (the wire plan's pin, so every ground has its own) and its colour."""
    wires = wire_plan(kind, parts)
    index = parts.index(the_part)
    planned = {label: (to, colour) for i, label, _s, to, colour in wires or () if i == index}
    for i, label, _s, to, colour in wires or ():  # the other end of a wire from another part
        if to[0] == "pin" and to[1][0] == index:
            planned.setdefault(to[1][1], (("pin", (i, label)), colour))
    numbered = kind in wiring_header.NUMBERED
    lines = ["| %s pin | board pin | GPIO | %s | wire | what it is for |"
             % (the_part["box"], "header pin" if numbered else "label"), "|---|---|---|---|---|---|"]
    for label, board, gpio, header, colour, note, _signal in rows(kind, the_part):
        if label in planned and planned[label][0][0] == "board" and numbered and not board:
            board = wiring_header.pin_name(kind, planned[label][0][1])  # the power or GND pin it has
        board = board or (wiring_header.pin_name(kind, header) if numbered and header else header)
        if label in planned:
            to, colour = planned[label]
            if to[0] == "board":
                header = to[1]
            elif to[0] == "rail":
                header = "the breadboard's %s" % wiring_header.RAIL
            elif to[0] == "pin":
                other = parts[to[1][0]]
                header = ("into the breadboard row of the %s's %s" if other["ends"] == "breadboard"
                          else "the %s's %s") % (other["box"], to[1][1])
            else:
                header = "a short wire to its %s (breadboard)" % to[1]
            if to[0] == "board" and stacking(parts) and not the_part["plugged"]:
                header = "%s (its stacking header's socket, above the wing)" % header
            colour = colour if not the_part["plugged"] else "none"
        lines.append("| %s | %s | %s | %s | %s | %s |" % (label, _cell(board), _cell(gpio), _cell(header),
                                                          _cell(colour), note))
    return "\n".join(lines)


def _escape(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _board_label(kind, board, gpio, header, signal):
    if not board:
        power = POWER.get(signal, signal)
        return "%s (pin %s)" % (power, header) if kind == "pi" else str(header)
    if kind == "pi":
        return "%s (GPIO %s, pin %s)" % (board, gpio, header)
    if kind == "pyportal":
        return "board." + board
    return "%s (%s)" % (board, header)


def diagram(title, kind, parts):
    """A plain SVG: the board's pins on the left, each part's on the right, one coloured wire each
    (dashed grey where the part plugs onto the board)."""
    pitch, gap = 34, 40
    height = 70 + sum(pitch * len(p["pins"]) + 14 + gap for p in parts) - gap + 20
    lines = ['<svg xmlns="http://www.w3.org/2000/svg" width="800" height="%d" viewBox="0 0 800 %d" '
             'font-family="sans-serif" font-size="13">' % (height, height),
             '<rect width="800" height="%d" fill="#ffffff"/>' % height,
             '<text x="20" y="28" font-size="16" font-weight="bold">%s</text>' % _escape(title),
             '<rect x="20" y="45" width="230" height="%d" rx="8" fill="#1d4f91"/>' % (height - 55),
             '<text x="30" y="62" fill="#ffffff" font-weight="bold">%s</text>' % _escape(BOARDS[kind]["title"])]
    y = 62
    for the_part in parts:
        part_rows = rows(kind, the_part)
        lines.append('<rect x="510" y="%d" width="270" height="%d" rx="8" fill="#2f6e3b"/>'
                     % (y - 17, pitch * len(part_rows) + 31))
        lines.append('<text x="520" y="%d" fill="#ffffff" font-weight="bold">%s</text>'
                     % (y, _escape(the_part["box"])))
        for label, board, gpio, header, colour, _note, signal in part_rows:
            y += pitch
            dash = ' stroke-dasharray="6 4"' if the_part["plugged"] else ""
            fill = COLOURS.get(colour, COLOURS[""])
            lines.append('<text x="30" y="%d" fill="#ffffff">%s</text>'
                         % (y + 4, _escape(_board_label(kind, board, gpio, header, signal))))
            lines.append('<circle cx="250" cy="%d" r="5" fill="%s"/>' % (y, fill))
            lines.append('<line x1="250" y1="%d" x2="510" y2="%d" stroke="%s" stroke-width="4"%s/>'
                         % (y, y, fill, dash))
            lines.append('<circle cx="510" cy="%d" r="5" fill="%s"/>' % (y, fill))
            lines.append('<text x="520" y="%d" fill="#ffffff">%s</text>' % (y + 4, _escape(label)))
        y += 14 + gap
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _capital(text):
    return text[:1].upper() + text[1:]


def title_of(kind, parts):
    return "%s + %s" % (BOARDS[kind]["title"], PARTS[parts[0]]["title"])


def page(name, kind, part_names):
    board, parts = BOARDS[kind], parts_of(kind, part_names)
    display, extras = parts[0], parts[1:]
    out = ["# %s" % title_of(kind, part_names), "",
           "Generated by `python tools/wiring.py` from the toy's pin map (`%s`): edit the pin map, not this "
           "page." % PIN_MAP_FILE, "", "## You need", "", "- %s" % board["buy"]]
    for p in parts:
        out.append("- %s" % p["title"] + (", %s" % p["price"] if p["price"] else ""))
        out += ["  - %s" % kit_line(k) for k in p["kits"]]
    out += ["- %s" % line for line in needs(kind, parts)]
    out += ["", "## Before you start", "", board["before"], "", "![wiring diagram](%s.svg)" % name, "",
            "## " + _capital(display["box"]), "", table(kind, display, parts), ""]
    if display["text"]:
        out += [display["text"], ""]
    out += ["## Power", "", board["supply"], ""]
    settings = [line for p in parts if p is not PARTS["piezo"] for line in p["settings"]]
    out += ["## Settings", "", "In %s:" % board["settings"], ""]
    for the_kit in display["kits"] or [None]:
        if the_kit:
            out += ["For %s:" % the_kit["what"], ""]
        out += ["```toml"] + settings + ([the_kit["setting"]] if the_kit else []) + ["```", ""]
    for extra in extras:
        out += ["## " + _capital(extra["title"]), "", table(kind, extra, parts), "", extra["text"], ""]
        if stacking(parts) and not extra["plugged"]:
            out += ["The wing covers the Feather's pins, so its wires need %s: their sockets stand above the "
                    "wing, and a male-to-female jumper's male end goes into the socket the table names, its "
                    "female end onto the part's leg." % STACKING, ""]
    return "\n".join(out)


def index():
    lines = ["# Wiring", "",
             "One page per supported build. Generated by `python tools/wiring.py` from the toy's pin map "
             "(`%s`), which the Pi's `knights-tour run` and the Feather's `code.py` read too." % PIN_MAP_FILE, ""]
    for name, kind, part_names in BUILDS:
        lines.append("- [%s](%s.md)" % (title_of(kind, part_names), name))
    lines += ["", "Nothing here has been checked on real hardware yet: the tests run the real Adafruit drivers "
              "against emulated chips. If the toy does not start, `knights-tour run` (on a Pi) or the serial "
              "console (on a Feather) names the fix in one line.", ""]
    return "\n".join(lines)


def generate():
    """{file name: text} for every file of wiring/."""
    files = {"README.md": index()}
    for name, kind, part_names in BUILDS:
        files[name + ".md"] = page(name, kind, part_names)
        parts = parts_of(kind, part_names)
        wires = wire_plan(kind, parts)
        if wires is None:
            files[name + ".svg"] = diagram(title_of(kind, part_names), kind, parts)
        else:
            drawn = [(p["box"], p["plugged"], [row[0] for row in rows(kind, p)]) for p in parts]
            files[name + ".svg"] = wiring_header.draw(title_of(kind, part_names), kind, drawn, wires)
    return files


def main(argv):
    files = generate()
    if "--check" in argv:
        stale = [n for n, text in files.items()
                 if not os.path.exists(os.path.join(OUT, n)) or open(os.path.join(OUT, n)).read() != text]
        extra = sorted(set(os.listdir(OUT)) - set(files)) if os.path.isdir(OUT) else []
        for name in stale + extra:
            print("wiring/%s differs from a fresh run of tools/wiring.py" % name)
        return 1 if stale or extra else 0
    os.makedirs(OUT, exist_ok=True)
    for name in sorted(set(os.listdir(OUT)) - set(files)):
        os.remove(os.path.join(OUT, name))
    for name, text in files.items():
        with open(os.path.join(OUT, name), "w") as f:
            f.write(text)
    print("wrote %d files to wiring/" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
