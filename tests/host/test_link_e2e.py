"""End to end over a pseudo-terminal: the device end (device/link.py) under the MicroPython unix
port, the host end (pyserial transport, HostLink, SQLite store) on CPython.

Issue 6 "Must show": a scripted game whose host database ends equal, event for event, to the
device journal; killing the host mid-game and restarting it loses nothing acknowledged;
restarting the device mid-game resumes from its journal and the host catches up.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

from linkdev import PtyDevice
from micropython_tools import ROOT

from comando_host.link.host import HostLink
from comando_host.store.db import Store
from comando_host.link.transport import open_transport

pytestmark = pytest.mark.slow


def wait_until(cond, timeout, session=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if session is not None:
            if not session.poll():
                session.transport.wait(0.005)
        else:
            time.sleep(0.02)
        if cond():
            return True
    return False


@pytest.fixture
def device(tmp_path):
    d = PtyDevice(str(tmp_path))
    yield d
    d.close()


def test_scripted_game_host_db_equals_device_journal(device, tmp_path):
    device.start("--play", 150, "--every", 3, "--seconds", 20)
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(device.port)
    s = HostLink(t, store)
    assert wait_until(lambda: len(device.journal()) == 150 and s.sync.game
                      and store.last_seq(s.sync.game) == 150, 20, s)
    game = device.game()
    assert s.sync.game == game
    assert store.events(game) == device.journal()
    s.settle()                       # the writer's last commit acknowledged and mirrored
    assert s.view.count == 150 and s.sync.up and s.sync.held == 150
    t.close()


def test_killing_the_host_loses_nothing_acknowledged(device, tmp_path):
    db = str(tmp_path / "host.db")
    device.start("--play", 400, "--every", 4, "--seconds", 30)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    cmd = [sys.executable, "-m", "comando_host.cli", "connect", device.port, "--db", db,
           "--seconds", "30"]
    host = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    time.sleep(1.2)
    host.send_signal(signal.SIGKILL)  # mid-game, no goodbye
    host.wait(5)
    store = Store(db)
    game = device.game()
    kept = store.events(game)
    journal = device.journal()
    assert 0 < len(kept) < 400
    assert 0 < device.acked() <= len(kept)       # nothing acknowledged was lost
    assert kept == journal[: len(kept)]          # what was stored is exactly the device's
    # restart: the host catches up from what it kept
    t = open_transport(device.port)
    s = HostLink(t, store)
    assert wait_until(lambda: len(device.journal()) == 400 and store.last_seq(game) == 400, 25, s)
    assert store.events(game) == device.journal()
    t.close()


def test_restarting_the_device_resumes_from_its_journal(device, tmp_path):
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(device.port)
    device.start("--play", 1000, "--every", 2, "--seconds", 30)
    s = HostLink(t, store)
    assert wait_until(lambda: s.sync.game and store.last_seq(s.sync.game) >= 100, 20, s)
    device.kill()                                 # power cut mid-game
    game = device.game()
    before = len(device.journal())
    assert before < 1000
    # the device reboots on the same port, resumes its journal (same game) and plays on
    device.start("--play", 50, "--every", 2, "--seconds", 20)
    assert wait_until(lambda: store.last_seq(game) == before + 50, 20, s)
    assert device.game() == game
    assert store.events(game) == device.journal()
    assert [e["seq"] for e in store.events(game)] == list(range(1, before + 51))
    t.close()


def test_host_commands_over_the_pty(device, tmp_path):
    device.start("--play", 3, "--every", 1, "--seconds", 15)
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(device.port)
    s = HostLink(t, store)
    assert wait_until(lambda: s.sync.game and store.last_seq(s.sync.game) == 3, 10, s)
    cid = s.submit({"t": "conquer", "c": 12})
    bad = s.submit({"t": "bad"})
    assert wait_until(lambda: cid in s.results and bad in s.results, 10, s)
    assert s.results[cid] == (4, None)
    assert s.results[bad][1] == "bad is not a move"
    assert wait_until(lambda: store.last_seq(s.sync.game) == 4, 5, s)
    assert store.events(s.sync.game)[3]["cid"] == cid
    assert store.events(s.sync.game) == device.journal()
    t.close()


def test_both_ends_see_a_lost_link_within_3s(device, tmp_path):
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(device.port)
    device.start("--play", 5, "--every", 1, "--seconds", 30)
    s = HostLink(t, store)
    assert wait_until(lambda: s.sync.up and s.sync.game and store.last_seq(s.sync.game) == 5, 10, s)
    assert wait_until(lambda: device.link_events()[-1:] and device.link_events()[-1][0], 5)
    # the device freezes: the host says the link is down within 3 s
    device.proc.send_signal(signal.SIGSTOP)
    t0 = time.monotonic()
    assert wait_until(lambda: not s.sync.up, 3.5, s)
    assert time.monotonic() - t0 < 3.0
    device.proc.send_signal(signal.SIGCONT)
    assert wait_until(lambda: s.sync.up, 5, s)
    # the host goes quiet: the device says the link is down within 3 s of the last frame it heard
    assert wait_until(lambda: False, 1.5, s) is False   # keep polling a moment: link steady
    quiet_from = len(device.link_events())
    t_quiet = time.monotonic()                           # nobody polls the host session now
    seen = None
    while time.monotonic() - t_quiet < 5 and seen is None:
        ev = device.link_events()[quiet_from:]
        if ev and ev[0][0] is False:
            seen = time.monotonic() - t_quiet
        time.sleep(0.05)
    assert seen is not None and seen < 3.0, seen
    t.close()


def test_connect_sends_actions_typed_on_the_laptop(device, tmp_path):
    device.start("--play", 2, "--every", 1, "--seconds", 20)
    db = str(tmp_path / "host.db")
    proc = subprocess.run([sys.executable, "-m", "comando_host.cli", "connect", device.port,
                           "--db", db, "--seconds", "3", "--act", "conquer c=12 who=blue",
                           "--act", "bad"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert "#3 conquer c=12 who=blue" in proc.stdout
    assert "conquer became #3" in proc.stdout
    assert "warning: the device refused bad: bad is not a move" in proc.stdout
    ev = device.journal()[2]
    assert ev["t"] == "conquer" and ev["c"] == 12 and ev["who"] == "blue" and "cid" in ev


def test_ctrl_c_garbage_loses_nothing_and_the_stop_frame_ends_the_device(device, tmp_path):
    # issue 14, "Bad input": garbage on the serial port, raw 0x03 bytes included, while events
    # flow: the device keeps running and the host still ends equal to its journal; then the
    # deliberate stop-for-REPL frame (comando_host.pico.repl_stop) ends it cleanly
    import random
    from comando_host.pico import repl_stop
    device.start("--play", 60, "--every", 20, "--seconds", 30)
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(device.port)
    s = HostLink(t, store)
    rng = random.Random(14)
    fd = os.open(device.port, os.O_RDWR | os.O_NOCTTY)
    try:
        for _ in range(20):
            os.write(fd, bytes(rng.choice((3, 3, 3, 1, 4, 10, 126, rng.randrange(256)))
                               for _ in range(64)) + b"\r\x03\x03\r\x01")
            wait_until(lambda: False, 0.05, s)
        assert wait_until(lambda: s.sync.game and store.last_seq(s.sync.game) == 60, 20, s)
        assert device.proc.poll() is None  # still running
        assert store.events(s.sync.game) == device.journal()
        os.write(fd, repl_stop.stop_frame())
        device.proc.wait(10)
    finally:
        os.close(fd)
        t.close()
    assert device.proc.returncode == 0
    with open(device.stderr_path) as f:
        err = f.read()
    assert "stopped for the REPL 60" in err and "Traceback" not in err, err
