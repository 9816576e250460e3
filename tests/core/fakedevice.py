"""Fakes for the device link endpoint tests (both runtimes): a HAL with a temp directory, the
journal's interface, an in-memory serial pair and an app that journals and publishes."""

import os

from comando import journal as codec
from comando.errors import IllegalMove


def tmpdir(tag):
    base = "/tmp/comando-%s-%s" % (tag, "".join("%02x" % b for b in os.urandom(4)))
    os.mkdir(base)
    return base


def rmtree(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)


class Hal:
    def __init__(self, root):
        self.root = root

    def open(self, path, mode):
        return open(path, mode)


class Journal:
    def __init__(self, hal):
        self.hal = hal
        self.path = hal.root + "/journal.log"
        self.size = 0
        self.last_seq = 0

    def append(self, ev):
        line = codec.encode(ev)
        with open(self.path, "ab") as f:
            f.write(line)
        self.size += len(line)
        self.last_seq = ev["seq"]

    def open_read(self):
        return self.hal.open(self.path, "rb")

    def archive(self):
        os.rename(self.path, self.path + ".old")
        self.size = self.last_seq = 0


class Pipe:
    """One end of a serial pair: read() takes what the peer wrote; write() accepts up to cap."""

    def __init__(self, cap=1 << 20):
        self.buf = b""
        self.peer = None
        self.cap = cap
        self.accept = True

    @staticmethod
    def pair(cap=1 << 20):
        a, b = Pipe(cap), Pipe(cap)
        a.peer, b.peer = b, a
        return a, b

    def read(self, n=512):
        d = self.buf[:n]
        self.buf = self.buf[n:]
        return d

    def write(self, data):
        if not self.accept:
            return 0
        n = min(len(data), self.cap)
        self.peer.buf += data[:n]
        return n


class State:
    def __init__(self):
        self.n = 0

    def to_dict(self):
        return {"n": self.n}


class App:
    def __init__(self, journal):
        self.journal = journal
        self.link = None
        self.state = State()

    def submit(self, action):
        if action.get("t") == "bad":
            raise IllegalMove("bad is not a move")
        ev = dict(action)
        ev["seq"] = self.journal.last_seq + 1
        self.journal.append(ev)
        self.state.n += 1
        if self.link is not None:
            self.link.publish(ev)
        return ev
