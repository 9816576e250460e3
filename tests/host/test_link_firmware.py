"""End to end with the REAL firmware (firmware/main.py, device.app, sim HAL) under the
MicroPython unix port on one end of a pseudo-terminal and the host on the other (issue 6 "Must
show"): the host database ends equal, event for event, to the device journal; a host command
comes back as a numbered event; the device restarted on its journal is caught up with.
"""

import time

import pytest

from comando_host.link.host import HostLink
from comando_host.pico.simulator import Simulator
from comando_host.store.db import Store
from comando_host.link.transport import open_transport

pytestmark = pytest.mark.slow

GAME = ["roll", "wait 150", "roll", "wait 150"] + ["ok", "wait 80", "roll", "wait 80"] * 6


def sync_until(s, cond, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not s.poll():
            s.transport.wait(0.01)
        if cond():
            return True
    return False


def test_scripted_game_on_the_real_firmware(tmp_path):
    sim = Simulator(root=str(tmp_path / "dev"), script=GAME + ["wait 60000"], seed=5).start()
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(sim.port)
    try:
        s = HostLink(t, store)
        # the script ends; then the host holds every journaled event
        assert sync_until(s, lambda: len(sim.events()) >= 4 and s.sync.game
                          and store.last_seq(s.sync.game) == len(sim.events())
                          and s.sync.device_last == len(sim.events()), 30), sim.log()[-1500:]
        time.sleep(0.5)
        sync_until(s, lambda: False, 0.5)
        journal = sim.events()
        assert store.events(s.sync.game) == journal
        assert journal[0]["t"] == "new" and s.view.players
        # the game's board and ruleset, from the new event's options, are filed with the game
        row = store.game(s.sync.game)
        assert row["ruleset"] == journal[0]["rs"]
        assert row["board"] == journal[0]["o"]["board"] != ""
        # a command typed on the laptop: checked by the device's rules, numbered, journaled
        cid = s.submit({"t": "end", "p": 0})
        assert sync_until(s, lambda: cid in s.results, 10)
        seq, refused = s.results[cid]
        if refused is None:
            assert sync_until(s, lambda: store.last_seq(s.sync.game) == seq, 5)
            assert sim.events()[seq - 1]["cid"] == cid
        else:
            assert refused  # the device's IllegalMove message
        assert store.events(s.sync.game) == sim.events()
        assert s.sync.bad_frames == 0
    finally:
        t.close()
        sim.stop()


def test_real_device_restart_resumes_and_the_host_catches_up(tmp_path):
    root = str(tmp_path / "dev")
    store = Store(str(tmp_path / "host.db"))
    sim = Simulator(root=root, script=GAME[:8] + ["wait 60000"], seed=6).start()
    t = open_transport(sim.port)
    s = HostLink(t, store)
    try:
        assert sync_until(s, lambda: s.sync.game and len(sim.events()) >= 3
                          and store.last_seq(s.sync.game) == len(sim.events()), 30)
        game = s.sync.game
    finally:
        t.close()
        sim.stop()
    before = len(sim.events())
    # the device reboots on its journal (same game id), plays on while nobody listens...
    sim2 = Simulator(root=root, script=["ok", "wait 80", "roll", "wait 80", "ok", "wait 80", "roll",
                                        "wait 60000"], seed=7).start()
    try:
        time.sleep(1.5)
        # ... and the host (a new session on the new port) catches up
        t2 = open_transport(sim2.port)
        s2 = HostLink(t2, store)
        assert sync_until(s2, lambda: s2.sync.game == game and len(sim2.events()) > before
                          and store.last_seq(game) == len(sim2.events()), 30), sim2.log()[-1500:]
        assert store.events(game) == sim2.events()
        t2.close()
    finally:
        sim2.stop()


def test_a_game_started_from_the_laptop(tmp_path):
    """A fresh device (no game yet) is linked; the laptop starts a game on it by command."""
    sim = Simulator(root=str(tmp_path / "dev"), script=["wait 60000"], seed=8).start()
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(sim.port)
    try:
        s = HostLink(t, store)
        assert sync_until(s, lambda: s.sync.up and s.sync.game == "", 15)
        new = s.submit({"t": "new", "rs": "teg", "p": ["blue", "red", "black"]})
        assert sync_until(s, lambda: new in s.results, 10)
        first = s.submit({"t": "first"})
        assert sync_until(s, lambda: first in s.results and s.sync.game
                          and store.last_seq(s.sync.game) == 2, 10)
        assert s.results[new] == (1, None) and s.results[first] == (2, None)
        journal = sim.events()
        assert store.events(s.sync.game) == journal and journal[1]["cid"] == first
    finally:
        t.close()
        sim.stop()
