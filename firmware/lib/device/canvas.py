"""The drawing surface: MicroPython's framebuf, or a pure-Python twin on CPython (Blinka).

Everything the screens draw goes through the framebuf API subset below, so the same screen code
runs on the Pico, in the simulator and on a Linux board:
fill, pixel, hline, vline, line, rect(fill), fill_rect, text (the built-in 8x8 font).
"""

try:
    import framebuf

    FrameBuffer = framebuf.FrameBuffer
    MONO_VLSB = framebuf.MONO_VLSB
except ImportError:  # CPython: the Blinka HAL and host-side tests
    from device.pyfb import FrameBuffer, MONO_VLSB  # noqa: F401


def new(width=128, height=64):
    """A (buffer, framebuffer) pair in the SSD1306 page layout (MONO_VLSB)."""
    buf = bytearray(width * height // 8)
    return buf, FrameBuffer(buf, width, height, MONO_VLSB)
