"""The live mirror in the terminal: board summary, whose turn and phase, the last rolls and
battles, the link status and a log tail. Plain ANSI (no dependency): the screen is redrawn in
place at most every ``every`` seconds; without a terminal it prints one line per change instead.

Only GameView's public lines are drawn, so a secret objective never appears on the shared screen.
"""

from __future__ import annotations

import sys
import time

BOLD, DIM, RED, GREEN, YELLOW, RESET = "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[0m"


def _clip(text, width):
    return text if len(text) <= width else text[: width - 1] + "…"


def render(session, width=100, color=True, port=""):
    """The mirror screen as a list of lines."""
    v = session.view
    st = session.status()
    c = (lambda code, s: code + s + RESET) if color else (lambda code, s: s)
    up = st["up"]
    link = c(GREEN, "● link up") if up else c(RED, "○ link down")
    lines = [c(BOLD, "Comando mirror") + "  " + link + "  " + port,
             "device holds #%d, laptop stored #%d (%d this session); bad frames %d, duplicates %d, "
             "link drops %d" % (st["device_last"], st["held"], st["stored"], st["bad_frames"],
                                st["duplicates"], st["downs"]),
             ""]
    lines += [c(BOLD, "Game")] + ["  " + s for s in v.summary()]
    lines += ["", c(BOLD, "Last rolls")] + (["  " + s for s in list(v.rolls)[::-1]] or ["  -"])
    lines += ["", c(BOLD, "Last battles")] + (["  " + s for s in list(v.battles)[::-1]] or ["  -"])
    if v.errors:
        lines += ["", c(YELLOW, "Warnings")] + ["  " + s for s in v.errors]
    lines += ["", c(BOLD, "Log")] + (["  " + s for s in v.log] or ["  (waiting for the device)"])
    return [_clip(s, width + (len(s) - len(_strip(s)))) for s in lines]


def _strip(s):
    import re
    return re.sub(r"\x1b\[[0-9;]*m", "", s)


class Mirror:
    """``region=(row, col, height, width)`` (1-based): draw only there, leaving the rest of the
    terminal alone (``comando run`` puts the mirror beside or below the simulated device)."""

    def __init__(self, session, out=None, tty=None, every=0.2, port="", region=None):
        self.session = session
        self.region = region
        self.out = out or sys.stdout
        self.tty = self.out.isatty() if tty is None else tty
        self.every = every
        self.port = port
        self.drawn = 0.0
        self.printed = 0
        self.errors_printed = 0
        self.last_up = False

    def update(self, force=False):
        if self.tty and self.region is not None:
            now = time.monotonic()
            if force or now - self.drawn >= self.every:
                row, col, height, width = self.region
                lines = render(self.session, width, True, self.port)[:height]
                lines += [""] * (height - len(lines))
                buf = ["\x1b7"]
                for i, line in enumerate(lines):
                    pad = width - len(_strip(line))
                    buf.append("\x1b[%d;%dH%s%s" % (row + i, col, line, " " * max(0, pad)))
                buf.append("\x1b8")
                self.out.write("".join(buf))
                self.out.flush()
                self.drawn = now
            return
        if self.tty:
            now = time.monotonic()
            if force or now - self.drawn >= self.every:
                import shutil
                width = shutil.get_terminal_size((100, 30)).columns
                self.out.write("\x1b[H\x1b[2J" + "\n".join(render(self.session, width, True, self.port)) + "\n")
                self.out.flush()
                self.drawn = now
            return
        # no terminal: a plain line per change
        v = self.session.view
        if self.session.sync.up != self.last_up:
            self.last_up = self.session.sync.up
            self.out.write("link %s\n" % ("up" if self.last_up else "down"))
        log = list(v.log)
        total = v.logged
        if total < self.printed or v.error_count < self.errors_printed:  # another game began
            self.printed = self.errors_printed = 0
        new = total - self.printed
        if new > 0:
            for line in log[-min(new, len(log)):]:
                self.out.write(line + "\n")
            self.printed = total
        errs = v.error_count
        if errs > self.errors_printed:
            for line in list(v.errors)[-min(errs - self.errors_printed, len(v.errors)):]:
                self.out.write("warning: " + line + "\n")
            self.errors_printed = errs
        self.out.flush()

    def run(self, seconds=None, stop=None):
        end = None if seconds is None else time.monotonic() + seconds
        t = self.session.transport
        while end is None or time.monotonic() < end:
            if stop is not None and stop():
                break
            if not self.session.poll():
                t.wait(0.01)
            self.update()
            if getattr(t, "broken", None):
                if stop is not None and stop():
                    return 0  # the device was stopped on purpose
                self.update(force=True)
                if self.region is None:
                    self.out.write("\nthe port closed: %s\n" % t.broken)
                    self.out.flush()
                return 1
        self.update(force=True)
        return 0
