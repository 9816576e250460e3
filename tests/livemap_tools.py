"""A map game played through the real link into the host's store, for the live page's browser
test and bench: the device end (tests/link_device.py --events, the real device/link.py under
MicroPython on a pseudo-terminal) publishes a game log one event every ``every`` ms; the real
HostLink (pyserial, SQLite WAL, durable before ack) stores it, polled in a thread."""

import json
import os
import threading
import time

from linkdev import PtyDevice

from comando_host.link.host import HostLink
from comando_host.store.db import Store
from comando_host.link.transport import open_transport


class LinkedGame:
    def __init__(self, root, db, events, every=20):
        self.root = root
        self.db = db
        self.events = events
        self.every = every
        self.dev = None
        self.session = None
        self.thread = None
        self.stop_flag = False
        self.error = None

    def start(self, seconds=None):
        path = os.path.join(self.root, "game.jsonl")
        with open(path, "w") as f:
            f.writelines(json.dumps(e) + "\n" for e in self.events)
        seconds = seconds or int(len(self.events) * self.every / 1000) + 30
        self.dev = PtyDevice(self.root).start("--events", path, "--every", self.every,
                                              "--seconds", seconds)
        self.store = Store(self.db)
        self.session = HostLink(open_transport(self.dev.port), self.store)
        self.thread = threading.Thread(target=self._run, name="host-link", daemon=True)
        self.thread.start()
        return self

    def _run(self):
        try:
            while not self.stop_flag:
                if not self.session.poll():
                    self.session.transport.wait(0.001)
        except Exception as exc:  # reported by wait()
            self.error = exc

    @property
    def game(self):
        return self.session.sync.game if self.session else None

    def wait(self, timeout=60):
        """Until the host stored every event; True when it did."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.error is None:
            g = self.game
            if g and self.store.committed_last_seq(g) >= len(self.events):
                return True
            time.sleep(0.02)
        if self.error:
            raise self.error
        return False

    def received(self):
        """{seq: the wall-clock time (s) the host stored it}."""
        rows = self.store._query("SELECT seq, received FROM events WHERE game=?", (self.game,))
        return dict(rows)

    def close(self):
        self.stop_flag = True
        if self.thread:
            self.thread.join(5)
        if self.session:
            self.session.close()
            self.session.transport.close()
        if self.dev:
            self.dev.close()


class LinkedDevice:
    """The device app itself (device/app.py with its map screen, in this process, on a HAL with
    no hardware: tests/mapdriver.py) whose link end talks to the real HostLink over a
    pseudo-terminal, as a Pico over USB: a map game played by presses reaches the host's store."""

    def __init__(self, db):
        import pty
        import tty
        self.master, self.slave = pty.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.rd = os.fdopen(self.master, "rb", buffering=0)
        self.wr = os.fdopen(os.dup(self.master), "wb", buffering=0)
        self.store = Store(db)
        self.session = HostLink(open_transport(self.port), self.store)
        self.stop_flag = False
        self.error = None
        self.thread = threading.Thread(target=self._run, name="host-link", daemon=True)
        self.thread.start()

    def serial(self):
        from device.stdio_serial import StdioSerial
        return StdioSerial(self.rd, self.wr)

    def _run(self):
        try:
            while not self.stop_flag:
                if not self.session.poll():
                    self.session.transport.wait(0.001)
        except Exception as exc:  # reported by settle() and state()
            self.error = exc

    def state(self):
        """What the host's end of the link says now (for a test's failure message)."""
        s = self.session.sync
        return {"up": s.up, "device": s.device is not None, "game": s.game,
                "links": self.store._query("SELECT game, pid, up FROM links"),
                "error": repr(self.error)}

    def settle(self, driver, timeout=30):
        """Pump the device's link until the host stored every event; True when it did."""
        end = time.monotonic() + timeout
        last = driver.app.state.seq
        while time.monotonic() < end:
            driver.pump(8)
            g = self.session.sync.game
            if g and self.store.committed_last_seq(g) >= last:
                return True
            if self.error is not None:
                raise self.error
            time.sleep(0.002)
        return False

    def close(self):
        self.stop_flag = True
        self.thread.join(5)
        self.session.close()
        self.session.transport.close()
        self.rd.close()
        self.wr.close()
        os.close(self.slave)
