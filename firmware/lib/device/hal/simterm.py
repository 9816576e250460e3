"""The simulator's terminal: raw-mode keys in, the panel drawn with half blocks or braille."""

import sys


# The key line under the picture, in the width each view has.
KEYS = {"half": "keys: w/s up/down  enter ok  b back  r roll  (W/S/O/B/R long)  p png  q quit",
        "braille": "w/s enter b r (caps: long) p png q quit"}


class Term:
    """A raw-mode terminal: keys in, the panel drawn in half blocks (130 columns) or braille (66),
    every line within the picture's width so nothing wraps. ``viewfile``: the host writes the view
    and hint there when the terminal is resized (comando_host.terminal.termfit); ``follow`` picks it up."""

    def __init__(self, spec, view="half", hint="", viewfile=None):
        self.view = view
        self.hint = hint
        self.viewfile = viewfile
        self.seen = None
        self.polls = 0
        self.last = None
        self.saved = None
        if spec == "stdio":
            self.rfd, self.wfd = 0, 1
            self.out = sys.stdout
            self.inp = sys.stdin.buffer
        else:
            self.inp = open(spec, "rb")
            self.out = open(spec, "w")
            self.rfd = self.wfd = self.inp.fileno()
        try:
            import termios
            self.saved = termios.tcgetattr(self.rfd)
            termios.setraw(self.rfd)
        except Exception:
            self.saved = None
        import select
        self.poll = select.poll()
        self.poll.register(self.inp, select.POLLIN)
        self.out.write("\x1b[2J\x1b[?25l")

    def read(self):
        s = b""
        while True:
            ready = self.poll.poll(0)
            if not ready or not ready[0][1] & 1:
                return s
            b = self.inp.read(1)
            if not b:
                return s
            s += b

    def follow(self):
        """Every 20th input poll: a new view from the host (the terminal was resized)."""
        self.polls += 1
        if not self.viewfile or self.polls % 20:
            return
        try:
            with open(self.viewfile) as f:
                text = f.read()
        except OSError:
            return
        if text == self.seen:
            return
        self.seen = text
        parts = text.split("\n", 1)
        if parts[0] in ("half", "braille"):
            self.view = parts[0]
            self.hint = parts[1].strip() if len(parts) > 1 else ""
            self.out.write("\x1b[2J")
            if self.last is not None:
                self.draw(*self.last)

    def draw(self, panel, i2c=0, status=""):
        self.last = (panel, i2c, status)
        w, h = panel.width, panel.height
        width = (w if self.view == "half" else w // 2) + 2
        tail = "  I2C %dB" % i2c + ("  " + status if status else "")
        keys = KEYS[self.view][:width - len(tail)] + tail
        lines = ["\x1b[H+" + "-" * (width - 2) + "+"]
        if self.view == "half":
            for y in range(0, h, 2):
                row = []
                for x in range(w):
                    t = panel.pixel(x, y)
                    b = panel.pixel(x, y + 1)
                    row.append("\u2588" if t and b else "\u2580" if t else "\u2584" if b else " ")
                lines.append("|" + "".join(row) + "|")
        else:
            dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
                    (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
            for y in range(0, h, 4):
                row = []
                for x in range(0, w, 2):
                    v = 0
                    for dx, dy, bit in dots:
                        if y + dy < h and panel.pixel(x + dx, y + dy):
                            v |= bit
                    row.append(chr(0x2800 + v))
                lines.append("|" + "".join(row) + "|")
        lines.append("+" + "-" * (width - 2) + "+")
        lines.append(keys[:width] + "\x1b[K")
        lines.append(self.hint[:width] + "\x1b[K")
        self.out.write("\r\n".join(lines))
        try:
            self.out.flush()
        except (AttributeError, OSError):  # a tty opened by path: flush is fsync, EINVAL there
            pass

    def close(self):
        self.out.write("\x1b[?25h\r\n")
        if self.saved is not None:
            import termios
            termios.tcsetattr(self.rfd, termios.TCSANOW, self.saved)
