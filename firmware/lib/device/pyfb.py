"""A pure-Python twin of MicroPython's framebuf (MONO_VLSB only, the subset Comando draws with).

Used on CPython (the Blinka HAL, host tests); the glyphs are framebuf's own (device.font8x8).
"""

MONO_VLSB = 0


class FrameBuffer:
    def __init__(self, buf, width, height, fmt=MONO_VLSB, stride=None):
        if fmt != MONO_VLSB:
            raise ValueError("pyfb: only MONO_VLSB")
        self.buf = buf
        self.width = width
        self.height = height

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None if c is None else None
        i = (y >> 3) * self.width + x
        bit = 1 << (y & 7)
        if c is None:
            return 1 if self.buf[i] & bit else 0
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    def fill(self, c):
        v = 0xFF if c else 0
        for i in range(len(self.buf)):
            self.buf[i] = v

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self.pixel(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, fill=False):
        if fill:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx, dy = abs(x2 - x1), abs(y2 - y1)
        sx = 1 if x2 > x1 else -1
        sy = 1 if y2 > y1 else -1
        err = dx - dy
        while True:
            self.pixel(x1, y1, c)
            if x1 == x2 and y1 == y2:
                break
            e2 = 2 * err
            if e2 > -dy:
                err -= dy
                x1 += sx
            if e2 < dx:
                err += dx
                y1 += sy

    def text(self, s, x, y, c=1):
        from device.font8x8 import FONT
        for ch in s:
            o = ord(ch)
            if o < 32 or o > 127:
                o = 127
            base = (o - 32) * 8
            for col in range(8):
                bits = FONT[base + col]
                for row in range(8):
                    if bits & (1 << row):
                        self.pixel(x + col, y + row, c)
            x += 8
