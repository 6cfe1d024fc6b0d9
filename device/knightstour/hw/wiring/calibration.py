"""The line for a touch calibration the toy cannot map by: loaded only when there is one on a board
(touch_chips.make_touch), and by the desktop's checks (run, sim, deploy) before the toy starts."""


def fault(settings, kind, values):
    """The line for ``values``, controller ``kind``'s calibration (touch_chips.touch_calibration: the
    settings, its defaults filled in), if the toy cannot map by it (an edge's two readings equal),
    naming the key to fix; None when it can."""
    for i in (0, 2):
        if values[i] == values[i + 1]:
            pair = ("x0", "x1") if i == 0 else ("y0", "y1")
            bad, other = pair if getattr(settings, "touch_" + pair[1]) is None else (pair[1], pair[0])
            if getattr(settings, "touch_" + bad) is None:
                return None  # the controller's own defaults differ: never here
            told = "KNIGHTSTOUR_TOUCH_" + other.upper() if getattr(settings, "touch_" + other) is not None else \
                "the %s's default for %s" % (kind, other.upper())
            return ("bad KNIGHTSTOUR_TOUCH_%s %d: the same as %s; the two edges need different readings: run the "
                    "calibration (KNIGHTSTOUR_CALIBRATE = on) or leave the key out" % (bad.upper(), values[i], told))
    return None
