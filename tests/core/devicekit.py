"""Helpers for device tests that run on both runtimes: a HAL with no hardware, temp dirs,
journals made by the session reducer."""

import os

from comando import journal as codec
from comando.session import replay
from comando.dice import SeededDice
from device.hal import Hal
from device.hal.panel import RecordingPanel
from device.oled import OLED


class NoButtons:
    def read(self):
        return 0


class TestHal(Hal):
    def __init__(self, root, free=None):
        self.panel = RecordingPanel()
        Hal.__init__(self, NoButtons(), OLED(self.panel), root)
        self.free = free
        self.logs = []

    def fs_free(self):
        return (1 << 30) if self.free is None else self.free

    def log(self, text):
        self.logs.append(text)


def tempdir(tag):
    path = "/tmp/comando-%s-%s" % (tag, "".join("%02x" % b for b in os.urandom(4)))
    os.mkdir(path)
    return path


def rmtree(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)


def teg_events(seed=3):
    """A short T.E.G. classic session made by the reducer: opening, placements, a round of rolls."""
    t = replay.Table("teg", ["blue", "red", "black", "yellow"], rng=SeededDice(seed))
    t.act({"t": "first"})
    for _ in range(8):
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    for _ in range(4):
        p = t.state.cur
        d = (p + 1) % 4
        t.act({"t": "roll", "p": p, "d": d, "a": 6, "b": 3})
        t.act({"t": "roll", "p": p, "d": d, "a": 4, "b": 2})
        t.act({"t": "end", "p": p})
    return t.events


def journal_bytes(events):
    return b"".join(codec.encode(e) for e in events)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()
