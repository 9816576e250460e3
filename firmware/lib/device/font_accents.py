"""The letters framebuf's ASCII font lacks (issue 24: es and pt_BR on the glass): each is a letter
of framebuf's font (drawn by framebuf itself into 8 bytes, so the Pico needs no copy of the font)
with a mark the project draws, composed when drawn (8 column bytes, LSB on top).

A small letter's body is rows 2..6, so a mark fits on rows 0..1 above it (the cedilla on row 7
below). A capital fills rows 0..6: under a mark it is drawn squeezed into rows 2..6 (its rows 1
and 4 dropped; the font's strokes are two pixels thick, so each stroke keeps one), the height of
a small letter, so the mark stays inside the 8-pixel line. ¿ and ¡ are ? and ! upside down.
"""

try:   # framebuf's own font, through framebuf (not device.canvas, which imports this module)
    import framebuf as _fb
except ImportError:  # CPython: its twin
    from device import pyfb as _fb

# the marks, 8 column bytes each (bit 0 = top row): acute, grave, circumflex, tilde, diaeresis,
# cedilla (one bytes object: no heap per mark)
MARKS = (b"\x00\x00\x00\x02\x03\x01\x00\x00" b"\x00\x00\x01\x03\x02\x00\x00\x00"
         b"\x00\x00\x02\x01\x01\x02\x00\x00" b"\x00\x02\x01\x01\x02\x02\x01\x00"
         b"\x00\x00\x01\x00\x00\x01\x00\x00" b"\x00\x00\x00\x80\x80\x00\x00\x00")

# each letter drawn here, its base letter and its mark's index in MARKS (three strings, not a
# dict: a few hundred bytes less heap on a Pico)
LETTERS = "áàâãéêíóôõúüñçÁÀÂÃÉÊÍÓÔÕÚÜÑÇ"
BASES = "aaaaeeiooouuncAAAAEEIOOOUUNC"
MARK_OF = "0123020023043501230200230435"


def _squeeze(b):
    """A capital's column (rows 0..6) in rows 2..6: rows 1 and 4 dropped."""
    out = 0
    to = 2
    for row in (0, 2, 3, 5, 6):
        if b >> row & 1:
            out |= 1 << to
        to += 1
    return out


def _flip(b):
    """A column upside down, one row lower (? rows 0..6 -> ¿ rows 1..7)."""
    out = 0
    for row in range(7):
        if b >> row & 1:
            out |= 1 << (7 - row)
    return out


def _font(ch):
    """framebuf's own 8 column bytes of an ASCII ``ch``."""
    buf = bytearray(8)
    _fb.FrameBuffer(buf, 8, 8, _fb.MONO_VLSB).text(ch, 0, 0, 1)
    return buf


def glyph(ch):
    """The 8 column bytes of ``ch``: the font's own for ASCII, composed for the letters above,
    the font's last glyph (a checker, as framebuf draws) for anything else."""
    o = ord(ch)
    if 32 <= o < 127:
        return _font(ch)
    if ch == "¿" or ch == "¡":
        return bytes(_flip(b) for b in _font("?" if ch == "¿" else "!"))
    at = LETTERS.find(ch)
    if at < 0:
        return _font(chr(127))
    letter, m = BASES[at], int(MARK_OF[at])
    base = _font(letter)
    out = bytearray(8)
    for i in range(8):
        b = base[i]
        if letter == "i":
            b &= 0xFE   # a dotless i under its accent
        elif letter < "a" and m != 5:
            b = _squeeze(b)
        out[i] = b | MARKS[m * 8 + i]
    return bytes(out)


def draw(fb, ch, x, y, c):
    """One letter at (x, y), pixel by pixel (rare: a word's accented letters only)."""
    g = glyph(ch)
    px = fb.pixel
    for col in range(8):
        bits = g[col]
        row = 0
        while bits:
            if bits & 1:
                px(x + col, y + row, c)
            bits >>= 1
            row += 1
