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
        self.horizontal = False  # the SSD1306 resets to page addressing
        self.win = [0, 127, 0, 7]
        self.pending = 0
        self.args = []

    # commands that take argument bytes, and how many
    ARGS = {0x81: 1, 0x20: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
            0xAD: 1, 0x21: 2, 0x22: 2}

    def writeto(self, addr, data, start=0, end=None):
        if addr != self.addr:
            raise OSError(19)  # ENODEV: nothing acknowledges that address, like a real bus
        data = bytes(data[start:end])
        self.bytes += len(data) + 1
        self.writes += 1
        if self.log is not None:
            self.log.append((addr, data))
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            single = ctrl & 0x80  # Co=1: one byte, then another control byte
            stop = min(i + 1, n) if single else n
            if ctrl & 0x40:
                for b in data[i:stop]:
                    self._data(b)
            else:
                for b in data[i:stop]:
                    self._command(b)
            i = stop

    # Blinka's busio.I2C protocol (adafruit_bus_device locks the bus around each transfer)
    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [self.addr]

    def _data(self, b):
        if self.horizontal:
            if self.col <= self.win[1] and self.page <= self.win[3]:
                self.ram[self.page * self.ram_width + self.col] = b
            self.col += 1
            if self.col > self.win[1]:
                self.col = self.win[0]
                self.page += 1
                if self.page > self.win[3]:
                    self.page = self.win[2]
        else:
            if self.col < self.ram_width:
                self.ram[self.page * self.ram_width + self.col] = b
            self.col += 1

    def _command(self, c):
        if self.pending:
            self.args.append(c)
            if len(self.args) == self.ARGS[self.pending]:
                cmd, a = self.pending, self.args
                self.pending = 0
                self.args = []
                if cmd == 0x81:
                    self.contrast = a[0]
                elif cmd == 0x20:
                    self.horizontal = a[0] == 0
                elif cmd == 0x21:
                    self.win[0], self.win[1] = a[0], a[1]
                    self.col = a[0]
                elif cmd == 0x22:
                    self.win[2], self.win[3] = a[0], a[1]
                    self.page = a[0]
            return
        if c in self.ARGS:
            self.pending = c
        elif 0xB0 <= c <= 0xB7:
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
