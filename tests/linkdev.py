"""Spawn the MicroPython stand-in device (tests/link_device.py) on a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import subprocess
import tty

from micropython_tools import ROOT, micropython_argv


class PtyDevice:
    """Owns a pty pair: the device process gets the master as stdin/stdout; ``port`` is the
    slave's path, which the host opens like /dev/ttyACM0. The master stays open here, so the
    device can be killed and started again on the same port."""

    def __init__(self, root, heap="2m"):
        self.root = root
        self.heap = heap
        self.master, self.slave = pty.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.proc = None
        self.stderr_path = os.path.join(root, "device.err")

    def start(self, *args):
        env = dict(os.environ)
        env["MICROPYPATH"] = ".frozen:" + os.path.join(ROOT, "firmware", "lib")
        self.err = open(self.stderr_path, "ab")
        self.proc = subprocess.Popen(
            [*micropython_argv(self.heap), "tests/link_device.py", self.root,
             *[str(a) for a in args]],
            cwd=ROOT, env=env, stdin=self.master, stdout=self.master, stderr=self.err)
        return self

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        if self.proc:
            self.err.close()

    def close(self):
        self.kill()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def acked(self):
        """The highest seq the host acknowledged to the device (from its stderr)."""
        top = 0
        with open(self.stderr_path) as f:
            for line in f:
                if line.startswith("acked "):
                    top = max(top, int(line.split()[1]))
        return top

    def link_events(self):
        """[(up, ticks_ms)] as the device saw its link come and go."""
        out = []
        with open(self.stderr_path) as f:
            for line in f:
                if line.startswith("link "):
                    _, state, ms = line.split()
                    out.append((state == "up", int(ms)))
        return out

    def journal(self):
        from comando import journal_read
        path = os.path.join(self.root, "journal.log")
        if not os.path.exists(path):
            return []
        return journal_read.read_file(path)[0]

    def game(self):
        try:
            with open(os.path.join(self.root, "game.id")) as f:
                return f.read().split()[0]
        except OSError:
            return None
