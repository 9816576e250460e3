"""The letters past ASCII on the glass (issue 24): framebuf's font is ASCII, so the device draws
á é í ó ú ñ ü ¿ ¡ (es) and â ê ô ã õ ç à (pt_BR) from device.font_accents. The sheet is drawn by
the real firmware under the MicroPython unix port and compared with tests/golden/accents.png
(look at it); the CPython canvas (the simulator on a laptop, Blinka) draws the very same pixels."""

import os
import subprocess

from comando_host.pico.simulator import ROOT, micropython_argv

from test_device_golden import GOLDEN, REGEN, pixels

LIB = os.path.join(ROOT, "firmware", "lib")
SHEET = ("áàâãéêíóôõúüñç",
         "ÁÀÂÃÉÊÍÓÔÕÚÜÑÇ",
         "¿Atacás? ¡Sí!",
         "Canjeá tarjetas",
         "Ação: exércitos",
         "Español Inglés", "Português")

DRAW = """
import sys
sys.path.insert(0, %r)
from device import canvas, png
buf, fb = canvas.new(128, 64)
fb.fill(0)
for i, line in enumerate(%r):
    fb.text(line, 0, i * 10 + 2, 1)
png.write_png(sys.argv[1], fb.pixel)
"""


def _draw_on_micropython(path):
    src = DRAW % (LIB, SHEET)
    r = subprocess.run(micropython_argv() + ["-c", src, path], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr


def test_the_accented_letters_match_their_golden_frame(tmp_path):
    got = str(tmp_path / "accents.png")
    _draw_on_micropython(got)
    want = os.path.join(GOLDEN, "accents.png")
    if REGEN:
        with open(got, "rb") as f, open(want, "wb") as g:
            g.write(f.read())
    assert pixels(got) == pixels(want), "accents.png differs: see %s" % got


def test_cpython_draws_the_same_pixels_as_micropython(tmp_path):
    import sys
    sys.path.insert(0, LIB)
    from device import canvas, png
    buf, fb = canvas.new(128, 64)
    for i, line in enumerate(SHEET):
        fb.text(line, 0, i * 10 + 2, 1)
    mine = str(tmp_path / "cpython.png")
    png.write_png(mine, fb.pixel)
    theirs = str(tmp_path / "micropython.png")
    _draw_on_micropython(theirs)
    assert pixels(mine) == pixels(theirs)


def test_an_accented_letter_is_one_glyph_wide_not_two():
    # framebuf alone would draw each byte of "ñ"'s UTF-8 as a glyph: 16 pixels, not 8
    from device import canvas
    _, a = canvas.new(32, 8)
    a.text("ña", 0, 0, 1)
    _, b = canvas.new(32, 8)
    b.text("na", 0, 0, 1)
    assert all(a.pixel(x, y) == b.pixel(x, y) for x in range(8, 32) for y in range(8))
    assert any(a.pixel(x, y) != b.pixel(x, y) for x in range(8) for y in range(8))
