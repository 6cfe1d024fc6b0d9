"""A whole tour as a moving picture (GIF or WebP), drawn by the toy's real drivers on the
emulated chips: the path of --screenshot (screenshot.Emulated), one frame each time the picture
changes (a move, the knight's blink, a step of a closed tour's trace), each shown as long as the
toy shows it at the settings' speed, but at least MIN_FRAME_MS (browsers slow shorter GIF
frames down). The last frame (the result) stays END_SECONDS, then the picture starts again.

A GIF has one palette of at most 256 colours for all its frames: the TFT's screen has fewer,
and keeps them exactly; the LED matrix's round dots are shaded, and their colours are shared
out over the palette (``quantize``). A WebP keeps every colour (lossless).
"""

from knightstour_desktop.errors import UserError

from .chips import render
from .screenshot import Emulated

MIN_FRAME_MS = 20
END_SECONDS = 3.0
SUFFIXES = (".gif", ".webp")
MAX_FRAMES = 5000  # a guard: a 16x16 tour at speed 1 makes about 800


def record_frames(display_kind, settings=None, seed=1, kind="feather_rp2040", touch=None, rotation=None,
                  scale=None):
    """Run one tour on the emulated ``display_kind`` ("ili9341" or "max7219"); return the frames, a
    list of (RGB image, milliseconds shown)."""
    emulated = Emulated(display_kind, settings, touch=touch, kind=kind, seed=seed, rotation=rotation, strict=True)
    frames = []
    try:
        seen = None
        start = 0.0
        app = emulated.app
        while True:
            at = emulated.now
            emulated.step()
            version = _version(emulated)
            if version != seen:
                seen = version
                image = _image(emulated, scale)
                if frames and image.tobytes() == frames[-1][0].tobytes():
                    continue
                if frames:
                    frames[-1][1] = at - start
                frames.append([image, 0.0])
                start = at
                if len(frames) > MAX_FRAMES:
                    raise UserError("the tour makes more than %d frames: give a smaller --size or a higher "
                                     "--speed" % MAX_FRAMES)
            if app.tours.count >= 1 and app.tracing < 0:
                break
        frames[-1][1] = END_SECONDS
    finally:
        emulated.close()
    return [(image, max(MIN_FRAME_MS, int(seconds * 100 + 0.5) * 10)) for image, seconds in frames]


def _version(emulated):
    chip = emulated.chip
    if emulated.display_name == "max7219":
        return sum(module.writes for module in chip.chips)
    return chip.pixels_written


def _image(emulated, scale):
    if emulated.display_name != "max7219":
        return render.tft_image(emulated.chip, rotation=emulated.rotation, scale=scale or 1)
    if emulated.panel is not None:
        return render.panel_image(emulated.panel, scale=scale or 20)
    return render.matrix_image(emulated.chip, scale=scale or 40)


def quantize(images):
    """``images`` as palette images sharing one palette: their exact colours when they have 256
    or fewer, else 256 shared out over the colours of the first and the last image."""
    from PIL import Image

    colours = set()
    for image in images:
        found = image.getcolors(256)
        if found is None:
            colours = None
            break
        colours.update(colour for _, colour in found)
    palette = Image.new("P", (1, 1))
    if colours is not None:
        flat = [channel for colour in sorted(colours) for channel in colour]
        palette.putpalette(flat + [0] * (768 - len(flat)))
    else:
        both = Image.new("RGB", (images[0].width, images[0].height + images[-1].height))
        both.paste(images[0], (0, 0))
        both.paste(images[-1], (0, images[0].height))
        palette = both.quantize(256, method=Image.Quantize.MEDIANCUT)
    return [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]


def save_recording(path, frames):
    """Write ``frames`` ((image, milliseconds) pairs) to ``path`` (.gif or .webp) through the
    safe output (commands.output); returns the number of bytes written."""
    import os

    from knightstour_desktop.commands.output import write_output

    images = [image for image, _ in frames]
    durations = [ms for _, ms in frames]
    if path.lower().endswith(".webp"):
        def write(handle):
            images[0].save(handle, format="WEBP", save_all=True, append_images=images[1:], duration=durations,
                           loop=0, lossless=True, quality=100, method=4)
    else:
        images = quantize(images)

        def write(handle):
            images[0].save(handle, format="GIF", save_all=True, append_images=images[1:], duration=durations,
                           loop=0, optimize=False, disposal=1)
    write_output(path, write, "--record")
    return os.path.getsize(path) if os.path.isfile(path) else 0
