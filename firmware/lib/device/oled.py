"""SSD1306 / SH1106 128x64 OLED over I2C that sends only what changed since the last frame.

The driver owns a MONO_VLSB framebuffer (the controller's own page layout) and a shadow copy of
what the panel holds. ``show()`` compares page by page and, for each changed page, sends only the
span of columns from the first to the last changed byte. ``bytes_sent`` counts every byte put on
the bus (address byte + control byte + payload), ``last_bytes`` the cost of the last ``show()``.

Works with any I2C object with ``writeto(addr, buf)``: machine.I2C on the Pico, a Blinka busio.I2C
adapter on Linux, the recording panel of the simulator.
"""

from array import array

from device import canvas

try:
    from micropython import const
except ImportError:  # CPython (Blinka, the tests)
    const = lambda x: x  # noqa: E731

# Controller commands (SSD1306 datasheet, 9 "Command Table"; SH1106 datasheet, "Commands").
# Names with a leading underscore are folded in by the compiler (no RAM on the Pico).
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_CLOCK_DIV = const(0xD5)        # + divide ratio / oscillator frequency
_MULTIPLEX = const(0xA8)        # + rows - 1
_DISPLAY_OFFSET = const(0xD3)   # + vertical shift
_START_LINE = const(0x40)       # | line 0..63
_CHARGE_PUMP = const(0x8D)      # SSD1306: + 0x14 on
_ADDRESSING = const(0x20)       # SSD1306: + 0x02 page addressing
_DC_DC = const(0xAD)            # SH1106: + 0x8B on
_SEG_REMAP = const(0xA0)        # | 1: column 127 is SEG0 (the panel's usual mounting)
_COM_SCAN_DEC = const(0xC8)     # COM scan from row 63 down (0xC0: up)
_COM_SCAN_INC = const(0xC0)
_COM_PINS = const(0xDA)         # + 0x12 alternative COM pins (64 rows)
_CONTRAST = const(0x81)         # + 0..255
_PRECHARGE = const(0xD9)        # + phase lengths
_VCOM_DESELECT = const(0xDB)    # + level
_RESUME_RAM = const(0xA4)       # show the RAM (0xA5: all pixels on)
_NORMAL = const(0xA6)           # 0xA7: inverted
_INVERT = const(0xA7)
_PAGE = const(0xB0)             # | page 0..7
_COL_LOW = const(0x00)          # | low nibble of the column
_COL_HIGH = const(0x10)         # | high nibble of the column
_DATA = const(0x40)             # control byte: the bytes that follow are display data

SSD1306 = "ssd1306"
SH1106 = "sh1106"
ADDRESSES = (0x3C, 0x3D)


class OLED:
    def __init__(self, i2c, width=128, height=64, addr=0x3C, kind=SSD1306, flip=False, contrast=0xCF):
        if kind not in (SSD1306, SH1106):
            raise ValueError("oled: unknown controller %r (ssd1306 or sh1106)" % (kind,))
        if addr not in ADDRESSES:
            raise ValueError("oled: I2C address must be 0x3C or 0x3D, not 0x%02X" % addr)
        self.i2c = i2c
        self.addr = addr
        self.kind = kind
        self.width = width
        self.height = height
        self.pages = height // 8
        # The SH1106 has 132 columns of RAM; a 128-wide glass shows columns 2..129.
        self.col_offset = 2 if kind == SH1106 else 0
        self.buf, self.fb = canvas.new(width, height)
        self.shadow = bytearray(len(self.buf))
        # views, so that comparing and copying spans allocates no copies (a Pico's collection
        # takes about 20 ms: the fewer bytes a frame allocates, the fewer collections)
        self._bv = memoryview(self.buf)
        self._sv = memoryview(self.shadow)
        self.dirty_all = True
        self.bytes_sent = 0
        self.last_bytes = 0
        self.frames = 0
        self.flipped = flip
        self._contrast = contrast
        self._cmd1 = bytearray(2)
        # a span's two transactions from preallocated buffers: a frame allocates only the views
        # it sends (a Pico's collection inside show() would hold the picture back ~18 ms)
        self._addr = bytearray(4)   # control byte 0x00, page, column low, column high
        self._col = memoryview(bytearray(3))   # control byte 0x00, column low, column high
        self._page = -1   # the page the controller's pointer is on in this frame (-1: unknown)
        self._data = bytearray(width + 1)
        self._data[0] = _DATA
        self._dv = memoryview(self._data)
        self._runs = array("H", bytes(2 * (width + 2)))   # [first, last] of a page's runs
        self.init_display()

    # -- low level ------------------------------------------------------------------------------
    def _write(self, data):
        self.i2c.writeto(self.addr, data)
        self.bytes_sent += len(data) + 1  # + the address byte

    def cmd(self, *cmds):
        """Send commands in one transaction (control byte 0x00, then the command bytes)."""
        self._page = -1
        b = bytearray(1 + len(cmds))
        for i, c in enumerate(cmds):
            b[i + 1] = c
        self._write(b)

    def init_display(self):
        seg, com = (_SEG_REMAP, _COM_SCAN_INC) if self.flipped else (_SEG_REMAP | 1, _COM_SCAN_DEC)
        seq = [_DISPLAY_OFF, _CLOCK_DIV, 0x80, _MULTIPLEX, self.height - 1, _DISPLAY_OFFSET, 0x00,
               _START_LINE]
        if self.kind == SSD1306:
            seq += [_CHARGE_PUMP, 0x14, _ADDRESSING, 0x02]  # charge pump on; page addressing mode
        else:
            seq += [_DC_DC, 0x8B]  # SH1106 DC-DC on
        seq += [seg, com, _COM_PINS, 0x12, _CONTRAST, self._contrast, _PRECHARGE, 0xF1,
                _VCOM_DESELECT, 0x30, _RESUME_RAM, _NORMAL, _DISPLAY_ON]
        self.cmd(*seq)
        self.dirty_all = True

    # -- settings -------------------------------------------------------------------------------
    def contrast(self, value):
        self._contrast = max(0, min(255, value))
        self.cmd(_CONTRAST, self._contrast)

    def flip(self, on):
        """Rotate 180 degrees (the device mounted the other way round)."""
        self.flipped = bool(on)
        self.cmd(_SEG_REMAP if on else _SEG_REMAP | 1, _COM_SCAN_INC if on else _COM_SCAN_DEC)
        self.dirty_all = True

    def power(self, on):
        self.cmd(_DISPLAY_ON if on else _DISPLAY_OFF)

    def invert(self, on):
        self.cmd(_INVERT if on else _NORMAL)

    # -- frames ---------------------------------------------------------------------------------
    # A new span costs a command transaction (address, control, 3 commands) and a data header
    # (address, control): 7 bytes. Unchanged gaps longer than that are skipped, shorter ones sent
    # (on a Pico at 400 kHz a span's two transactions cost about as long as 9 bytes: a GAP of
    # 12 sent a screen change no sooner).
    GAP = 7

    def show(self):
        """Send the changed runs of each page. Returns the bytes this frame cost."""
        for _ in self.steps():
            pass
        return self.last_bytes

    def steps(self):
        """``show()`` as a generator that yields after each page it sent something for (the
        display task samples the buttons between pages: a whole new screen is ~27 ms of wire at
        400 kHz)."""
        before = self.bytes_sent
        self._page = -1   # a frame addresses its first span's page whatever came before
        w = self.width
        bv = self._bv
        sv = self._sv
        out = self._runs
        send = self._send
        runs = None
        for page in range(self.pages):
            base = page * w
            if self.dirty_all:
                send(page, 0, w - 1)
                yield
                continue
            # an unchanged page costs one comparison of views (in C, no copies); a changed one
            # is walked in machine code (device.oled_diff: a byte loop is slow bytecode on a Pico)
            if bv[base:base + w] == sv[base:base + w]:
                continue
            if runs is None:
                # (imported at the first partial frame: the first screen is a whole one, sooner)
                from device.oled_diff import runs
            n = runs(self.buf, self.shadow, base, w, self.GAP, out)
            for k in range(0, n, 2):
                send(page, out[k], out[k + 1])
            yield
        self.dirty_all = False
        self.last_bytes = self.bytes_sent - before
        self.frames += 1

    def _send(self, page, lo, hi):
        # (every Python step here costs a Pico ~10 us, a frame has up to ~16 spans)
        base = page * self.width + lo
        end = page * self.width + hi + 1
        col = lo + self.col_offset
        i2c = self.i2c
        addr = self.addr
        if page == self._page:
            # page addressing keeps the page after data: a span after another on the same page
            # sets only the column (a byte less; a roll's dice are a span each on two pages)
            a = self._col
            a[1] = _COL_LOW | (col & 0x0F)
            a[2] = _COL_HIGH | (col >> 4)
        else:
            a = self._addr
            a[1] = _PAGE | page
            a[2] = _COL_LOW | (col & 0x0F)
            a[3] = _COL_HIGH | (col >> 4)
            self._page = page
        i2c.writeto(addr, a)
        n = end - base
        dv = self._dv
        dv[1:n + 1] = self._bv[base:end]
        i2c.writeto(addr, dv[:n + 1])
        self._sv[base:end] = dv[1:n + 1]
        # two address bytes, the command transaction (3 or 4 bytes), the data's control byte
        self.bytes_sent += n + len(a) + 3
