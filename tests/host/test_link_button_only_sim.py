"""A secret is its player's: only the device's buttons enter it (issue 23). On the real firmware
under the MicroPython unix port (the simulator on a pseudo-terminal), a laptop's command frame
that locks a T.E.G. II battle command, reveals one, places a hidden objective token or carries a
sealed part is refused with one line naming why; the device's journal (and the laptop's copy) do
not change; the same action made on the buttons still works.

rules/teg-ii.txt, "How Combat Works": "Each does so in secret, indicating it with the hands of
their clocks"; "Playing with Secret Objectives": "simply leave face down the objective tokens ...
They are turned over only when the game has ended". docs/decisions/link-button-only-actions.md.
"""

import subprocess
import sys
import time

import pytest

from comando.rulesets.teg2 import commit as teg2_commit
from comando.rulesets.teg2 import tally

from comando_host.link.host import HostLink
from comando_host.pico.simulator import Simulator
from comando_host.store.db import Store
from comando_host.link.transport import open_transport

pytestmark = pytest.mark.slow

# tests/device_scripts/teg2_round.txt up to its first combat: T.E.G. II, 4 players, the
# objective rounds, round 1's additions, then the USA declares war on the USSR (8 armies
# against 6) and the Battle screen asks "fight or retreat"
TO_THE_BATTLE = ["down", "roll", "ok x20", "ok", "ok", "ok x4", "roll", "ok", "ok", "ok", "roll"]
# the USSR fights, pass to the USA, which dials 3 / 0 / 5 and locks (as in teg2_round.txt)
USA_LOCKS = ["ok", "ok", "up x3", "ok", "ok", "up x5", "ok"]
# pass to the USSR, which dials 2 / 2 / + and locks: the device then reveals both
USSR_LOCKS = ["ok", "up x2", "ok", "up x2", "ok", "down", "ok"]
# tests/device_scripts/teg2_hidden.txt's new game: 3 players, hidden objectives (option secret)
HIDDEN_GAME = ["down", "ok", "down", "ok", "ok", "up x3", "roll"]

NONCE = "11" * 16
LOCK_REFUSED = "only the device's buttons may lock a battle command: it is its player's secret"
REVEAL_REFUSED = ("only the device's buttons may reveal a battle command: the device reveals what "
                  "they locked")
TOKEN_REFUSED = ("only the device's buttons may place a hidden objective token: it stays its "
                 "player's secret until the count")


def press(sim, lines):
    """Script lines ("up x3", "ok") pressed at run time."""
    for line in lines:
        words = line.split()
        n = int(words[1][1:]) if len(words) > 1 else 1
        for _ in range(n):
            sim.press(words[0])
            time.sleep(0.15)


def until(cond, timeout, s=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if s is not None:
            if not s.poll():
                s.transport.wait(0.01)
        else:
            time.sleep(0.05)
        if cond():
            return True
    return False


def linked(sim, store, t):
    """A laptop session holding every event the device journaled so far."""
    s = HostLink(t, store)
    assert until(lambda: s.sync.up and s.sync.game
                 and store.last_seq(s.sync.game) == len(sim.events()), 20, s), sim.log()[-1500:]
    s.settle()
    return s


def refused(s, action):
    """Send ``action`` as a laptop command; the device's one-line refusal."""
    cid = s.submit(action)
    assert until(lambda: cid in s.results, 10, s), action
    seq, why = s.results[cid]
    assert seq is None, "the device journaled %r as #%s" % (action, seq)
    return why


def test_laptop_locks_and_reveals_are_refused_the_buttons_lock_and_reveal(tmp_path):
    sim = Simulator(root=str(tmp_path / "dev"), script=TO_THE_BATTLE, keys=True, seed=7).start()
    store = Store(str(tmp_path / "host.db"))
    t = None
    try:
        assert until(lambda: [e["t"] for e in sim.events()][-1:] == ["declare"], 60), \
            sim.log()[-1500:]
        declare = sim.events()[-1]
        a, d = declare["p"], declare["d"]
        t = open_transport(sim.port)
        s = linked(sim, store, t)
        game = s.sync.game
        before = sim.events()
        # the frames: an all-zero commitment for the USSR, a command the laptop chose
        assert refused(s, {"t": "lock", "p": d, "h": "0" * 64}) == LOCK_REFUSED
        assert refused(s, {"t": "lock", "p": a, "h": teg2_commit.commit("3/0/5", NONCE)}) \
            == LOCK_REFUSED
        # (a lock carrying its command in a sealed part is refused too, for what it carries)
        why = refused(s, {"t": "lock", "p": a, "h": "0" * 64, "sec": {"cmd": "3/0/5", "n": NONCE}})
        assert why.startswith("only the device's buttons may enter a secret") and "'sec'" in why
        assert sim.events() == before and store.events(game) == before
        # the laptop shows each refusal in one line
        shown = [e for e in s.view.errors if "refused lock" in e]
        assert len(shown) == 3 and all("\n" not in e for e in shown)
        assert shown[0] == shown[1] == "the device refused lock: " + LOCK_REFUSED

        # the USA locks on the buttons: a commitment only, made by the device
        press(sim, USA_LOCKS)
        assert until(lambda: sim.events()[-1]["t"] == "lock", 20, s), sim.log()[-1500:]
        lock = sim.events()[-1]
        assert lock["p"] == a and set(lock) == {"seq", "t", "p", "h"} and len(lock["h"]) == 64
        # a reveal from the laptop, even one that would match a laptop lock, is refused
        before = sim.events()
        assert refused(s, {"t": "reveal", "p": a, "cmd": "3/0/5", "n": NONCE, "k": 8}) \
            == REVEAL_REFUSED
        assert refused(s, {"t": "lock", "p": d, "h": "0" * 64}) == LOCK_REFUSED
        assert sim.events() == before

        # the USSR locks on the buttons; the device reveals both commands, verified
        press(sim, USSR_LOCKS)
        assert until(lambda: [e["t"] for e in sim.events()][-3:] == ["lock", "reveal", "reveal"],
                     20, s), sim.log()[-1500:]
        events = sim.events()
        locks, reveals = events[-4:-2], events[-2:]
        assert [e["p"] for e in locks] == [a, d] and [e["cmd"] for e in reveals] == \
            ["3/0/5", "2/2/+"]
        for lk, rv in zip(locks, reveals):
            assert teg2_commit.verify(lk["h"], rv["cmd"], rv["n"])
        assert not any("cid" in e for e in events)   # nothing of the laptop's reached the journal
        assert until(lambda: store.last_seq(game) == len(events), 10, s)
        s.settle()
        assert store.events(game) == events
        assert s.secrets.verified == 2 and s.secrets.tampering == []
        s.close()
    finally:
        if t is not None:
            t.close()
        store.close()
        sim.stop()


def test_laptop_hidden_tokens_are_refused_the_buttons_place_them(tmp_path):
    sim = Simulator(root=str(tmp_path / "dev"), script=HIDDEN_GAME, keys=True, seed=7).start()
    store = Store(str(tmp_path / "host.db"))
    t = None
    try:
        assert until(lambda: sim.events()[:1] and sim.events()[0]["t"] == "new", 30), \
            sim.log()[-1500:]
        assert sim.events()[0]["o"]["secret"] == 1
        t = open_transport(sim.port)
        s = linked(sim, store, t)
        game = s.sync.game
        before = sim.events()
        # face down (its commitment, the laptop's nonce), or face up in a hidden game: refused
        assert refused(s, {"t": "place", "p": 0, "row": 1,
                           "h": tally.commit(4, 1, NONCE)}) == TOKEN_REFUSED
        assert refused(s, {"t": "place", "p": 0, "row": 1, "k": 4}) == TOKEN_REFUSED
        # a sealed part on any action
        why = refused(s, {"t": "place", "p": 0, "sec": {"k": 4, "n": NONCE}})
        assert "'sec'" in why
        assert sim.events() == before and store.events(game) == before
        # the device's buttons place it: only the commitment is journaled
        press(sim, ["ok"])
        assert until(lambda: len(sim.events()) == len(before) + 1, 20, s), sim.log()[-1500:]
        place = sim.events()[-1]
        assert place["t"] == "place" and place["p"] == 0 and "k" not in place
        assert len(place["h"]) == 64 and "cid" not in place
        assert until(lambda: store.last_seq(game) == len(before) + 1, 10, s)
        s.close()
    finally:
        if t is not None:
            t.close()
        store.close()
        sim.stop()


def test_connect_shows_the_refusal_in_one_line(tmp_path):
    """`comando connect --act`: the laptop's lock comes back refused, told in one line, no
    traceback, and the device's journal stays as it was."""
    sim = Simulator(root=str(tmp_path / "dev"), script=TO_THE_BATTLE, keys=True, seed=7).start()
    try:
        assert until(lambda: [e["t"] for e in sim.events()][-1:] == ["declare"], 60), \
            sim.log()[-1500:]
        before = sim.events()
        proc = subprocess.run([sys.executable, "-m", "comando_host.cli", "connect", sim.port,
                               "--db", str(tmp_path / "host.db"), "--seconds", "4",
                               "--act", 'lock p=%d h="%s"' % (before[-1]["d"], "0" * 64)],
                              capture_output=True, text=True, timeout=60)
        out = proc.stdout + proc.stderr
        assert proc.returncode == 0, out
        assert "Traceback" not in out
        lines = [ln for ln in out.splitlines() if "refused" in ln]
        assert len(lines) == 1 and lines[0].endswith("the device refused lock: " + LOCK_REFUSED), out
        assert sim.events() == before
    finally:
        sim.stop()
