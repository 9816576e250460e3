"""Serial over a pair of byte streams (USB CDC stdio on the Pico, a pseudo-terminal in the sim)
that never blocks: reads take what is there, writes go out only when the stream says it can
take them, in small chunks, and report how much was accepted.

A raw Ctrl-C (0x03) is a byte like any other here: the running app holds Ctrl-C off
(``micropython.kbd_intr(-1)``, device.app.main), so line noise cannot stop it; the link's decoder
drops it as garbage. The laptop stops the app for the REPL with a CRC-checked link frame instead
(comando.sync ``STOP_FOR_REPL``; docs/architecture.md "Stop for the REPL").
"""

import select

CHUNK = 128


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
