"""Drawing helpers for a 128x64 monochrome screen: a header bar, big digits, dice faces, menus.

Everything takes the framebuffer first. Text is framebuf's 8x8 font; ``big`` scales it 2x or 3x
(numbers readable at arm's length).
"""

from device import canvas

W = 128
H = 64

_scratch = None


def _glyphs(s):
    global _scratch
    n = len(s)
    buf, fb = canvas.new(8 * n if n else 8, 8)
    fb.text(s, 0, 0, 1)
    return buf, 8 * n


def big(fb, s, x, y, scale=2, c=1):
    """Text scaled by ``scale`` (each font pixel becomes a scale x scale block): one rectangle
    per vertical run of a glyph column, as wide as the identical columns that follow it (a
    quarter of the rectangles of one per pixel: ~1 ms a digit on a Pico was ~3 for "Blue")."""
    s = str(s)
    buf, w = _glyphs(s)
    fr = fb.fill_rect
    col = 0
    while col < w:
        b = buf[col]
        n = 1
        while col + n < w and buf[col + n] == b:
            n += 1
        row = 0
        while b:
            if b & 1:
                k = 1
                b >>= 1
                while b & 1:
                    k += 1
                    b >>= 1
                fr(x + col * scale, y + row * scale, n * scale, k * scale, c)
                row += k
            else:
                b >>= 1
                row += 1
        col += n
    return w * scale


def width(s, scale=1):
    return len(str(s)) * 8 * scale


def center(fb, s, y, scale=1, x0=0, x1=W, c=1):
    s = str(s)
    x = x0 + (x1 - x0 - width(s, scale)) // 2
    if scale == 1:
        fb.text(s, x, y, c)
    else:
        big(fb, s, x, y, scale, c)


def right(fb, s, y, x1=W, c=1):
    fb.text(s, x1 - width(s), y, c)


def header(fb, left, right_text=""):
    """An inverse title bar: exactly the controller's first 8-pixel page."""
    fb.fill_rect(0, 0, W, 8, 1)
    fb.text(left[:16], 1, 0, 0)
    if right_text:
        fb.text(right_text, W - width(right_text) - 1, 0, 0)


def footer(fb, text):
    fb.hline(0, 54, W, 1)
    tight(fb, text, 0, 56)


_TIGHT = {}   # a tight text -> its picture (None: seen once), three of them (the hints of the
# turn, the Dice screen and a conquest: a play's turn shows them in a cycle)


def tight(fb, text, x, y, c=1, room=16):
    """Text at the font's 8-pixel pitch up to ``room`` characters; past that at a 7-pixel pitch
    (the glyphs are 6 wide: one blank column still parts them), so a hint says its words whole
    (18 characters across the screen). A character at a time is ~2 ms on a Pico: the hints
    (drawn at every frame) are kept drawn, three of them (~170 bytes each), and blitted."""
    if len(text) <= room:
        fb.text(text, x, y, c)
        return
    text = text[:room * 8 // 7]
    if c == 1 and hasattr(fb, "blit"):
        pic = _TIGHT.get(text, 0)
        if pic:
            fb.blit(pic, x, y, 0)   # (key 0: only the glyphs' pixels, as text() draws them)
            return
        if pic == 0 and len(_TIGHT) >= 3:
            _TIGHT.popitem()
        if pic is None:   # (its second time: kept from now on; a first screen is not slower)
            _, pic = canvas.new(7 * len(text), 8)
            _chars(pic, text, 0, 0, 1)
            _TIGHT[text] = pic
            fb.blit(pic, x, y, 0)
            return
        _TIGHT[text] = None
    _chars(fb, text, x, y, c)


def _chars(fb, text, x, y, c):
    for ch in text:
        fb.text(ch, x, y, c)
        x += 7


def fit(s, chars):
    s = str(s)
    return s if len(s) <= chars else s[:chars - 1] + "."


# Pip positions on a 3x3 grid (0..8, row-major) for each face; 0: a die not rolled yet (no pips).
_PIPS = ((), (4,), (2, 6), (2, 4, 6), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))


def die(fb, x, y, value, solid=True, size=14):
    """A die face (``value`` 0: blank, not rolled yet). Solid (white face, black pips) for the
    attacker; outlined for the defender."""
    if solid:
        fb.fill_rect(x + 1, y, size - 2, size, 1)
        fb.fill_rect(x, y + 1, size, size - 2, 1)
        pc = 0
    else:
        fb.rect(x, y, size, size, 1)
        pc = 1
    step = (size - 4) // 3
    for p in _PIPS[value]:
        px = x + 2 + (p % 3) * step + (step - 2) // 2 + 1
        py = y + 2 + (p // 3) * step + (step - 2) // 2 + 1
        fb.fill_rect(px, py, 2, 2, pc)


def pointer(fb, x, y):
    """A solid triangle pointing right, 5x7, at (x, y): the selected row of a list."""
    for k in range(4):
        fb.vline(x + k, y + k, 7 - 2 * k, 1)


def menu(fb, items, sel, y=11, rows=5):
    """A list with a pointer on the selected row (moving it redraws a few bytes, not two rows);
    scrolls to keep ``sel`` visible."""
    top = 0 if sel < rows else sel - rows + 1
    for i in range(top, min(len(items), top + rows)):
        yy = y + (i - top) * 9
        if i == sel:
            pointer(fb, 0, yy)
        fb.text(fit(items[i], 15), 7, yy, 1)
    if len(items) > rows:  # a scroll mark
        h = max(4, 45 * rows // len(items))
        yy = y + (45 - h) * top // max(1, len(items) - rows)
        fb.vline(W - 1, yy, h, 1)


def wrap(text, chars=16):
    """Words into lines of at most ``chars`` characters (a word too long for a line breaks after
    a "/" or a "-" in it, a rulebook's file "rules/teg-la-revancha.txt": else it is cut)."""
    lines = []
    cur = ""
    words = []
    for word in text.split(" "):
        while len(word) > chars and ("/" in word[:chars] or "-" in word[:chars]):
            head = word[:chars]
            at = max(head.rfind("/"), head.rfind("-")) + 1
            words.append(word[:at])
            word = word[at:]
        words.append(word)
    for word in words:
        if not cur:
            cur = word
        elif len(cur) + 1 + len(word) <= chars:
            cur += " " + word
        else:
            lines.append(cur)
            cur = word
        while len(cur) > chars:
            lines.append(cur[:chars])
            cur = cur[chars:]
    if cur:
        lines.append(cur)
    return lines


def paragraph(fb, text, y, rows, chars=16):
    """Words over ``rows`` lines of ``chars`` (past 16, at the tight 7-pixel pitch)."""
    lines = wrap(text, chars)
    for i, ln in enumerate(lines[:rows]):
        tight(fb, ln, 0, y + i * 9)
    return len(lines)


def bar(fb, x, y, w, h, value, lo, hi):
    fb.rect(x, y, w, h, 1)
    fill = (w - 2) * (value - lo) // max(1, hi - lo)
    fb.fill_rect(x + 1, y + 1, fill, h - 2, 1)
