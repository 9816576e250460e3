"""Serial over a pair of byte streams (USB CDC stdio on the Pico, a pseudo-terminal in the sim)
that never blocks: reads take what is there, writes go out only when the stream says it can
take them, in small chunks, and report how much was accepted.

A raw Ctrl-C (0x03) on the line is never link data (``comando.link`` writes every control byte
inside a frame as ``%XX``): it is mpremote (``make deploy``) or a person at a serial terminal
asking for the REPL. ``read()`` stops at it and raises ``KeyboardInterrupt``, the same thing a
Pico raises when Ctrl-C arrives while interrupts are on, so the app stops the same way (and the
bytes after it, mpremote's Ctrl-A for the raw REPL, stay unread for the REPL). The Pico only
hands the app a 0x03 while interrupts are held off (a journal write); the simulator always does.
"""

import select

CHUNK = 128
CTRL_C = 3


class StdioSerial:
    def __init__(self, rd, wr):
        self.rd = rd
        self.wr = wr
        self.pin = select.poll()
        self.pin.register(rd, select.POLLIN)
        self.pout = select.poll()
        self.pout.register(wr, select.POLLOUT)
        self.rx = 0
        self.tx = 0
        self.dropped = 0
        self.closed = False
        self.interrupted = False  # a raw Ctrl-C arrived (read() raised KeyboardInterrupt)

    def any(self):
        for _, ev in self.pin.poll(0):
            if ev & select.POLLIN:
                return True
            if ev & (select.POLLHUP | select.POLLERR):
                return False
        return False

    def read(self, limit=256):
        """Bytes waiting now (maybe b""), never blocking."""
        out = bytearray()
        while len(out) < limit and self.any():
            b = self.rd.read(1)
            if not b:
                break
            if b[0] == CTRL_C:
                self.rx += len(out) + 1
                self.interrupted = True
                raise KeyboardInterrupt
            out += b
        self.rx += len(out)
        return bytes(out)

    def writable(self):
        for _, ev in self.pout.poll(0):
            return bool(ev & select.POLLOUT) and not ev & (select.POLLHUP | select.POLLERR)
        return False

    def write(self, data):
        """Write what the stream can take now; returns the count accepted (the rest is the
        caller's to resend: the link keeps unacknowledged frames)."""
        n = 0
        while n < len(data) and self.writable():
            chunk = data[n:n + CHUNK]
            try:
                w = self.wr.write(chunk)
            except OSError:
                break
            if not w:
                break
            n += w
        try:
            self.wr.flush()
        except (OSError, AttributeError):
            pass
        self.tx += n
        self.dropped += len(data) - n
        return n
