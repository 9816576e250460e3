"""The drawing surface: MicroPython's framebuf, or a pure-Python twin on CPython (Blinka).

Everything the screens draw goes through the framebuf API subset below, so the same screen code
runs on the Pico, in the simulator and on a Linux board:
fill, pixel, hline, vline, line, rect(fill), fill_rect, text (the built-in 8x8 font).

``text`` takes any string: framebuf's font is ASCII (it would draw each byte of a UTF-8 letter as
a glyph of its own), so a string with a letter past ASCII draws its ASCII runs with framebuf and
each other letter from device.font_accents (the same on both runtimes: the golden frames and the
simulator draw the same pixels).
"""

try:
    import framebuf

    _FB = framebuf.FrameBuffer
    MONO_VLSB = framebuf.MONO_VLSB
except ImportError:  # CPython: the Blinka HAL and host-side tests
    from device.pyfb import FrameBuffer as _FB, MONO_VLSB  # noqa: F401


class FrameBuffer(_FB):  # pyright: ignore[reportGeneralTypeIssues]  (framebuf or its twin)
    def text(self, s, x, y, c=1):
        for ch in s:
            if ord(ch) > 126:
                break
        else:
            super().text(s, x, y, c)
            return
        from device import font_accents
        run = 0
        for i in range(len(s)):
            if ord(s[i]) > 126:
                if i > run:
                    super().text(s[run:i], x + 8 * run, y, c)
                font_accents.draw(self, s[i], x + 8 * i, y, c)
                run = i + 1
        if run < len(s):
            super().text(s[run:], x + 8 * run, y, c)


def new(width=128, height=64):
    """A (buffer, framebuffer) pair in the SSD1306 page layout (MONO_VLSB)."""
    buf = bytearray(width * height // 8)
    return buf, FrameBuffer(buf, width, height, MONO_VLSB)
