"""How `comando run` (`make run`) lays the simulated device and the laptop mirror out in the
terminal it runs in, so nothing wraps: the device picture in half blocks (large) or braille
(small), the mirror beside it, below it, or (no room) in a file, and a hint naming the terminal
size that gives the larger view. Recomputed on every resize (SIGWINCH)."""

from __future__ import annotations

# The device picture as the simulator draws it (device/hal/simterm.py): a frame around the
# 128x64 panel, the key line, the hint line.
HALF = ("half", 130, 32 + 2 + 2)      # 64 rows in half blocks: 32 lines
BRAILLE = ("braille", 66, 16 + 2 + 2)  # 2x4 dots a character: 64 columns, 16 lines
MIRROR_MIN_W = 44                      # the mirror's narrowest useful width
MIRROR_MIN_H = 12
GAP = 2


class Layout:
    def __init__(self, view, dev_w, dev_h, region, hint):
        self.view = view          # "half" or "braille"
        self.dev_w = dev_w        # the device picture's size in character cells
        self.dev_h = dev_h
        self.region = region      # the mirror's (row, col, height, width), 1-based, or None
        self.hint = hint          # one line for below the device picture ("" when none)

    def __repr__(self):
        return "Layout(%r, %d, %d, %r, %r)" % (self.view, self.dev_w, self.dev_h, self.region,
                                               self.hint)


def _mirror(cols, rows, dev_w, dev_h):
    if cols - dev_w - GAP - 1 >= MIRROR_MIN_W:
        return (1, dev_w + GAP + 1, rows - 1, cols - dev_w - GAP - 1)
    if rows - dev_h - 1 >= MIRROR_MIN_H:
        return (dev_h + 2, 1, rows - dev_h - 2, cols - 1)
    return None


def layout(cols: int, rows: int, want: str | None = None, page: str | None = None) -> Layout:
    """The layout for a ``cols`` x ``rows`` terminal. ``want``: the view asked for (--view); it
    is taken when it fits, else the one that fits. The large view is taken when the mirror fits
    with it, else the small one (the mirror matters more than the picture's size). ``page``: the
    live map page's address, kept in the hint line (the line printed before the picture takes
    the terminal is wiped with the screen)."""
    fits = [v for v in (HALF, BRAILLE) if v[1] <= cols and v[2] <= rows]
    if want:
        asked = [v for v in fits if v[0] == want]
        pick = asked[0] if asked else (fits[-1] if fits else BRAILLE)
    else:
        with_mirror = [v for v in fits if _mirror(cols, rows, v[1], v[2])]
        pick = with_mirror[0] if with_mirror else (fits[0] if fits else BRAILLE)
    view, w, h = pick
    region = _mirror(cols, rows, w, h)
    need_half = (HALF[1] + GAP + 1 + MIRROR_MIN_W, HALF[2])
    if view == "braille":
        hint = "larger view: a %dx%d terminal (or --view half)" % need_half
    elif region is None:
        hint = "mirror: a %dx%d terminal shows it beside" % need_half
    else:
        hint = ""
    if region is None and view == "braille" and cols >= w:
        hint = "mirror: widen to %d columns (now in mirror.log)" % (w + GAP + 1 + MIRROR_MIN_W)
    if page:
        hint = with_page(hint, page, w)
    return Layout(view, w, h, region, hint[:w])


def with_page(hint: str, page: str, width: int) -> str:
    """The hint and the page's address in ``width`` columns: the address is never dropped (it is
    the only place a user finds it); the hint is shortened to what is essential first."""
    short = {"(now in mirror.log)": "", "(or --view half)": "", "columns": "cols"}
    tail = "page " + page
    for cut in range(len(short) + 1):
        h = hint
        for old, new in list(short.items())[:cut]:
            h = h.replace(old, new)
        h = " ".join(h.split())
        line = h + "; " + tail if h else "live map " + tail
        if len(line) <= width:
            return line
    return tail


def terminal_size(fd=None):
    """(columns, lines) of the terminal itself (COLUMNS/LINES in the environment may be stale)."""
    import os
    import shutil
    import sys
    try:
        return tuple(os.get_terminal_size(sys.stdout.fileno() if fd is None else fd))
    except OSError:
        size = shutil.get_terminal_size((80, 24))
        return size.columns, size.lines
