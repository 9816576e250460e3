"""Issue 13: `make run` (comando run, the simulated device and the mirror) fits the terminal it
runs in: at 80x24 and 120x40 no row wraps (tmux, capture-pane -J joins wrapped rows), the
device picture shows, the mirror is beside it when there is room, a hint names the size that
gives the larger view, and a resize is followed."""

import os
import re
import shutil
import subprocess
import sys
import time

import pytest

from comando.link import TYPES
from comando_host.terminal.termfit import BRAILLE, HALF, layout
from device.hal.simterm import KEYS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMANDO = os.path.join(os.path.dirname(sys.executable), "comando")


@pytest.mark.parametrize("cols,rows", [(80, 24), (120, 40), (100, 30), (177, 36), (200, 60),
                                       (60, 20)])
def test_the_layout_fits_the_terminal(cols, rows):
    fit = layout(cols, rows)
    if (cols, rows) != (60, 20):            # too small for any picture: still the small one
        assert fit.dev_w <= cols and fit.dev_h <= rows
    if fit.region:
        r, c, h, w = fit.region
        assert c + w - 1 <= cols and r + h - 1 <= rows
        assert c > fit.dev_w or r > fit.dev_h          # beside or below, never over it
    assert len(fit.hint) <= fit.dev_w
    if fit.view == BRAILLE[0]:
        assert "larger view" in fit.hint or "mirror" in fit.hint
    assert layout(80, 24).view == "braille" and layout(80, 24).region is None
    assert layout(120, 40).view == "braille" and layout(120, 40).region[1] == BRAILLE[1] + 3
    assert layout(200, 60).view == HALF[0]
    assert layout(80, 24, want="half").view == "braille"      # asked, but it does not fit
    # the live page's address: printed before the picture wipes the screen, so the hint line
    # keeps it, within the picture's width, whatever the hint had to say
    url = "http://127.0.0.1:38833/"
    paged = layout(cols, rows, page=url)
    assert paged.hint.endswith("page " + url) and len(paged.hint) <= paged.dev_w
    assert (paged.view, paged.region) == (fit.view, fit.region)


def test_the_simulators_port_is_its_own_pty(monkeypatch):
    """The host opens the path the simulator names: it must be the device's pty, never another
    terminal's, even when /dev/pts/N names another pty (two devpts instances on /dev/pts, as in
    containers): else the host's hello frame is written on the glass of that terminal."""
    from comando_host.pico import simulator
    master, slave = os.openpty()
    other_m, other_s = os.openpty()
    try:
        assert simulator.slave_path(slave) == os.ttyname(slave)       # the usual case
        wrong = os.ttyname(other_s)
        monkeypatch.setattr(simulator.os, "ttyname", lambda fd: wrong)
        path = simulator.slave_path(slave)
        assert path != wrong
        with open(path, "wb", buffering=0) as f:
            f.write(b"~H 0 {} 0\n")
        time.sleep(0.1)
        assert os.read(master, 100) == b"~H 0 {} 0\r\n"     # (cooked pty: LF -> CRLF)
        os.set_blocking(other_m, False)
        with pytest.raises(BlockingIOError):
            os.read(other_m, 100)                               # nothing on the other one
    finally:
        for fd in (master, slave, other_m, other_s):
            os.close(fd)


def _tmux():
    if shutil.which("tmux") is None:
        msg = "tmux is not installed (apt-get install tmux): make run's fit is NOT checked here"
        if os.environ.get("CI"):
            pytest.fail(msg + " (CI must run every test: .ci/run installs it)")
        pytest.skip(msg)


class Pane:
    made = 0

    def __init__(self, tmp_path, cols, rows):
        Pane.made += 1   # a tmux server (socket) of its own each: the last may still be exiting
        self.sock = "comando-test-%d-%d" % (os.getpid(), Pane.made)
        self.cols, self.rows = cols, rows
        self.dev = tmp_path / ("dev%d" % Pane.made)
        cmd = ("cd %s && COMANDO_DB=%s %s run --sim --dir %s; sleep 60"
               % (ROOT, tmp_path / "g.db", COMANDO, self.dev))
        subprocess.run(["tmux", "-L", self.sock, "new-session", "-d", "-x", str(cols), "-y",
                        str(rows), cmd], check=True)

    def text(self):
        return subprocess.run(["tmux", "-L", self.sock, "capture-pane", "-p", "-J"],
                              capture_output=True, text=True, check=True).stdout

    def wait_for(self, words, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            t = self.text()
            if all(w in t for w in words):
                return t
            time.sleep(0.3)
        raise AssertionError("the pane never showed %r:\n%s" % (words, self.text()))

    def wait_linked(self, timeout=60):
        """Until the host and the device said hello (the frames that once reached the glass)."""
        end = time.monotonic() + timeout
        log = self.dev / "mirror.log"
        while time.monotonic() < end:
            if log.exists() and "link up" in log.read_text(errors="replace"):
                time.sleep(1.0)     # a redraw or two after it
                return
            if "Comando mirror" in self.text() and "link up" in self.text():
                time.sleep(1.0)
                return
            time.sleep(0.3)
        raise AssertionError("the link never came up:\n%s" % self.text())

    def resize(self, cols, rows):
        self.cols, self.rows = cols, rows
        subprocess.run(["tmux", "-L", self.sock, "resize-window", "-x", str(cols), "-y",
                        str(rows)], check=True)

    def close(self):
        subprocess.run(["tmux", "-L", self.sock, "send-keys", "q"], capture_output=True)
        time.sleep(0.5)
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True)
        # the next pane reuses the socket's name: wait until this server is really gone (under
        # load a new-session right after kill-server can find it still there and fail)
        end = time.monotonic() + 10
        while time.monotonic() < end and subprocess.run(
                ["tmux", "-L", self.sock, "has-session"], capture_output=True).returncode == 0:
            time.sleep(0.1)

    def check_fits(self, text):
        lines = text.split("\n")
        too_long = [(i, len(ln)) for i, ln in enumerate(lines) if len(ln.rstrip()) > self.cols]
        assert not too_long, "wrapped rows at %dx%d: %s" % (self.cols, self.rows, too_long)
        assert len([ln for ln in lines if ln.strip()]) <= self.rows
        self.check_clean(text)

    def check_clean(self, text):
        """Nothing on the glass but the picture, its key and hint lines and the mirror: no link
        frame (comando/link.py: ``~TYPE SEQ {json} CRC``), no stray line anywhere, and the live
        page's address in the hint line (the line printed before the picture is wiped)."""
        where = "at %dx%d:\n%s" % (self.cols, self.rows, text)
        assert not re.search(r"~[%s] \d+ " % TYPES, text), "a link frame on the glass " + where
        assert '"host":' not in text and "comando-host" not in text, "link text " + where
        lines = (text.split("\n") + [""] * self.rows)[:self.rows]
        page = re.search(r"page (http://127\.0\.0\.1:\d+/)", text)
        assert page, "the live page's address is not on the glass " + where
        fit = layout(self.cols, self.rows, page=page.group(1))
        w, h = fit.dev_w, fit.dev_h
        mirror_col = fit.region[1] - 1 if fit.region and fit.region[0] == 1 else None
        mirror_row = fit.region[0] - 1 if fit.region and fit.region[0] > 1 else None
        for i, line in enumerate(lines):
            left = line if mirror_col is None else line[:mirror_col]
            if mirror_row is not None and i >= mirror_row:
                continue                      # the mirror's rows, below the picture
            if i >= h:
                assert not left.strip(), "a stray line (row %d) %s" % (i + 1, where)
                continue
            pic, rest = left[:w], left[w:]
            assert not rest.strip(), "stray text beside the picture (row %d) %s" % (i + 1, where)
            if i in (0, h - 3):
                assert pic == "+" + "-" * (w - 2) + "+", "row %d %s" % (i + 1, where)
            elif i < h - 3:
                assert pic[0] == "|" and pic[w - 1] == "|", "row %d %s" % (i + 1, where)
            elif i == h - 2:
                assert pic.startswith(KEYS[fit.view][:20]), "the key line %s" % where
            else:
                assert pic.rstrip() == fit.hint, "the hint line %r %s" % (fit.hint, where)


def test_make_run_fits_80x24_and_120x40_and_follows_a_resize(tmp_path):
    _tmux()
    pane = Pane(tmp_path, 80, 24)
    try:
        text = pane.wait_for(["+" + "-" * 64 + "+", "I2C", "mirror: widen to", "page http"])
        pane.check_fits(text)
        pane.wait_linked()
        pane.check_fits(pane.text())       # the hellos were exchanged: still nothing else
        assert "\u2800" <= max(text) and "Comando mirror" not in text    # braille, no room
        pane.resize(120, 40)
        text = pane.wait_for(["Comando mirror", "larger view: a 177x36 terminal"])
        pane.check_fits(text)
        top = text.split("\n")[0]
        assert top.startswith("+" + "-" * 64 + "+") and "Comando mirror" in top   # beside
    finally:
        pane.close()
    pane = Pane(tmp_path, 120, 40)
    try:
        text = pane.wait_for(["+" + "-" * 64 + "+", "Comando mirror", "larger view"])
        pane.check_fits(text)
        pane.wait_linked()
        pane.check_fits(pane.text())
    finally:
        pane.close()
