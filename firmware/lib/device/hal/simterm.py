"""The simulator's terminal: raw-mode keys in, the panel drawn with half blocks or braille."""

import sys


class Term:
    """A raw-mode terminal: keys in, half-block picture out."""

    def __init__(self, spec, view="half"):
        self.view = view
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

    def draw(self, panel, status):
        w, h = panel.width, panel.height
        lines = ["\x1b[H+" + "-" * (w if self.view == "half" else w // 2) + "+"]
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
        lines.append("+" + "-" * (w if self.view == "half" else w // 2) + "+")
        lines.append(status + "\x1b[K")
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
