"""device.ui's faster drawing draws exactly the old pixels (both runtimes): ``big`` one rectangle
per run of a glyph column (was one per pixel), ``tight`` a kept picture of a long hint, blitted
(was a character at a time), from its second use on."""

from device import canvas, ui


def _big_per_pixel(fb, s, x, y, scale, c):
    buf, w = ui._glyphs(s)
    for col in range(w):
        b = buf[col]
        for row in range(8):
            if b & (1 << row):
                fb.fill_rect(x + col * scale, y + row * scale, scale, scale, c)
    return w * scale


def test_big_draws_the_pixels_of_one_rectangle_per_pixel():
    for s in ("0123456789", "Blue", "Yellow", "WON!", "Round 12", "%&@#", "mw"):
        for scale in (1, 2, 3):
            for c in (0, 1):
                a, fa = canvas.new()
                b, fb = canvas.new()
                fa.fill(1 - c)
                fb.fill(1 - c)
                assert ui.big(fa, s, 3, 5, scale, c) == _big_per_pixel(fb, s, 3, 5, scale, c)
                assert bytes(a) == bytes(b), (s, scale, c)


def test_tight_hints_are_the_same_pixels_every_time():
    hints = ("ROLL  hold:conquer", "^v ROLL atk OK end", "^v move ROLL next", "short")
    ref = {}
    for h in hints:
        a, fa = canvas.new()
        fa.fill_rect(0, 50, 128, 3, 1)   # (something under it stays)
        x = 0
        for ch in (h if len(h) <= 16 else h[:18]):
            fa.text(ch, x, 56, 1)
            x += 7 if len(h) > 16 else 8
        ref[h] = bytes(a)
    for _ in range(3):   # first use, second (kept), third (blitted); four hints, three kept
        for h in hints:
            b, fb = canvas.new()
            fb.fill_rect(0, 50, 128, 3, 1)
            ui.tight(fb, h, 0, 56)
            assert bytes(b) == ref[h], h
