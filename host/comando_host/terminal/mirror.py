"""The live mirror in the terminal: board summary, whose turn and phase, the last rolls and
battles, the link status and a log tail. Plain ANSI (no dependency): the screen is redrawn in
place at most every ``every`` seconds; without a terminal it prints one line per change instead.

Only GameView's public lines are drawn, so a secret objective never appears on the shared screen.
"""

from __future__ import annotations

import functools
import sys
import time

from comando_host.text.textsafe import printable

BOLD, DIM, RED, GREEN, YELLOW, RESET = "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[0m"


def _clip(text, width):
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(text, width, most=3):
    """An entry over at most ``most`` lines of ``width`` (continuations indented); control
    characters from the game (a name) made visible, never obeyed."""
    import textwrap
    text = printable(text)
    if width < 20 or len(text) <= width:
        return [text]
    lines = textwrap.wrap(text, width, subsequent_indent="    ", break_on_hyphens=False)
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = _clip(lines[-1] + " …", width)
    return lines


def render(session, width=100, color=True, port="", height=None):
    """The mirror screen as a list of lines (``height``: fit it, dropping the oldest log lines
    first, then older rolls and battles; long entries wrap instead of being cut)."""
    v = session.view
    st = session.status()
    c = (lambda code, s: code + s + RESET) if color else (lambda code, s: s)
    up = st["up"]
    link = c(GREEN, "● link up") if up else c(RED, "○ link down")
    inner = width - 2

    def block(entries, most=3):
        out = []
        for e in entries:
            out.append(["  " + x for x in _wrap(e, inner, most)])
        return out

    head = [c(BOLD, "Comando mirror") + "  " + link + "  " + port,
            "device holds #%d, laptop stored #%d (%d this session); bad frames %d, duplicates %d, "
            "link drops %d" % (st["device_last"], st["held"], st["stored"], st["bad_frames"],
                               st["duplicates"], st["downs"]),
            ""]
    game = [c(BOLD, "Game")] + [x for s in v.summary() for x in block([s], 2)[0]]
    rolls = block(list(v.rolls)[::-1])
    battles = block(list(v.battles)[::-1])
    warnings = block(list(v.errors), 2)
    log = block(list(v.log), 2)

    def assemble(rolls, battles, log, compact=False):
        gap = [] if compact else [""]
        lines = (head[:2] if compact else head) + game
        for title, entries, col in (("Last rolls", rolls, BOLD), ("Last battles", battles, BOLD),
                                    ("Warnings", warnings, YELLOW)):
            if entries or (not compact and title != "Warnings"):
                lines += gap + [c(col, title)] + ([x for e in entries for x in e] or ["  -"])
        lines += gap + [c(BOLD, "Log")] + ([x for e in log for x in e]
                                           or ["  (waiting for the device)"])
        return lines

    lines = assemble(rolls, battles, log)
    if height is not None and len(lines) > height:  # a small region: no blank lines, no empty parts
        assemble = functools.partial(assemble, compact=True)
        lines = assemble(rolls, battles, log)
    if height is not None:
        for part, keep in (("log", 3), ("rb", 2), ("log", 2), ("rb", 1), ("log", 1)):
            while part == "log" and len(lines) > height and len(log) > keep:
                log = log[1:]                               # the oldest log entries go first
                lines = assemble(rolls, battles, log)
            while part == "rb" and len(lines) > height and (len(rolls) > keep or len(battles) > keep):
                if len(rolls) >= len(battles):
                    rolls = rolls[:-1]
                else:
                    battles = battles[:-1]
                lines = assemble(rolls, battles, log)
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
                lines = render(self.session, width, True, self.port, height)[:height]
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
                size = shutil.get_terminal_size((100, 30))
                self.out.write("\x1b[H\x1b[2J" + "\n".join(
                    render(self.session, size.columns, True, self.port, size.lines - 1)) + "\n")
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
                self.out.write(printable(line) + "\n")
            self.printed = total
        errs = v.error_count
        if errs > self.errors_printed:
            for line in list(v.errors)[-min(errs - self.errors_printed, len(v.errors)):]:
                self.out.write("warning: " + printable(line) + "\n")
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
