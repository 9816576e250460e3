"""A recording I2C bus with a model of the SSD1306/SH1106 on it (the simulator's "glass").

Every ``writeto`` is counted (address byte + payload) and decoded like the controller would: the
command stream (control byte 0x00) moves the page/column pointers and sets contrast, flip, power;
the data stream (0x40) writes into the controller's RAM. ``ram`` is therefore exactly what a real
panel would show, so a test comparing it with the app's framebuffer checks the dirty-page driver.
"""


class RecordingPanel:
    def __init__(self, width=128, height=64, ram_width=132, addr=0x3C):
        self.width = width
        self.height = height
        self.ram_width = ram_width
        self.addr = addr
        self.ram = bytearray(ram_width * (height // 8))
        self.page = 0
        self.col = 0
        self.col_offset = 0  # set to 2 to model an SH1106 glass
        self.on = False
        self.contrast = 0x7F
        self.flipped = False
        self.inverted = False
        self.bytes = 0
        self.writes = 0
        self.log = None  # a list to record (addr, bytes) transactions, when a test wants them
        self.freq = 400000

    def writeto(self, addr, data):
        if addr != self.addr:
            raise OSError(19)  # ENODEV: nothing acknowledges that address, like a real bus
        data = bytes(data)
        self.bytes += len(data) + 1
        self.writes += 1
        if self.log is not None:
            self.log.append((addr, data))
        if not data:
            return
        if data[0] & 0x40:
            ram = self.ram
            rw = self.ram_width
            for b in data[1:]:
                if self.col < rw:
                    ram[self.page * rw + self.col] = b
                self.col += 1
        else:
            self._commands(data[1:])

    def _commands(self, cmds):
        i = 0
        n = len(cmds)
        while i < n:
            c = cmds[i]
            i += 1
            if 0xB0 <= c <= 0xB7:
                self.page = c & 7
            elif c <= 0x0F:
                self.col = (self.col & 0xF0) | c
            elif 0x10 <= c <= 0x1F:
                self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
            elif c == 0xAE or c == 0xAF:
                self.on = c == 0xAF
            elif c == 0xA6 or c == 0xA7:
                self.inverted = c == 0xA7
            elif c == 0xA0:
                self.flipped = True
            elif c == 0xA1:
                self.flipped = False
            elif c in (0x81, 0x20, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB, 0xAD):
                if c == 0x81 and i < n:
                    self.contrast = cmds[i]
                i += 1  # one argument byte
            # 0x40-0x7F start line, 0xA4/0xA5, 0xC0/0xC8: no state the picture depends on here

    def pixel(self, x, y):
        """The lit state of glass pixel (x, y) as a viewer sees it (flip applied)."""
        if self.flipped:
            x = self.width - 1 - x
            y = self.height - 1 - y
        b = self.ram[(y >> 3) * self.ram_width + x + self.col_offset]
        lit = (b >> (y & 7)) & 1
        return lit ^ 1 if self.inverted else lit

    def page_bytes(self):
        """The visible 128x64 as MONO_VLSB bytes (what the framebuffer should hold)."""
        out = bytearray(self.width * (self.height // 8))
        for p in range(self.height // 8):
            s = p * self.ram_width + self.col_offset
            out[p * self.width:(p + 1) * self.width] = self.ram[s:s + self.width]
        return out
