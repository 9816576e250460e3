"""The laptop restarts mid-game and rebuilds its view and T.E.G. II secret book from the store
(issue 6: "Killing the host process mid-game and restarting it loses nothing"; "Secrets stay
secret: ... the host verifies [a reveal] against the commitment").

teg-ii.txt "How Combat Works": both players set their battle commands secretly, then reveal them
together. Here the laptop is killed between the two locks (entered on the device's buttons) and
the reveals; the new host process must check the honest reveals against the lock it had stored,
not call them tampering.
"""

import time

import pytest

from comando import session as Z
from comando.session import replay
from comando.rulesets.teg2 import commit as teg2_commit

from comando_host.link.host import HostLink
from comando_host.pico.simulator import Simulator
from comando_host.store.db import Store
from comando_host.link.transport import open_transport

pytestmark = pytest.mark.slow

POWERS = ["usa", "ussr", "china"]
NA, ND = "11" * 16, "22" * 16


def sync_until(s, cond, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not s.poll():
            s.transport.wait(0.01)
        if cond():
            return True
    return False


def battle_actions():
    """A T.E.G. II session up to a declared combat (dice-free: the device makes the same events)."""
    t = replay.Table("teg2", POWERS)
    out = []

    def do(a):
        t.act(a)
        out.append(a)

    while t.state.stage == Z.PLACE:
        do({"t": "place", "p": t.state.cur})
    do({"t": "round"})
    for p in list(t.state.order):
        do({"t": "place", "p": p})
    cur = t.state.cur
    do({"t": "declare", "p": cur, "d": (cur + 1) % 3, "rg": "Chile"})
    return out, t.state.battle["a"], t.state.battle["d"]


def test_host_killed_between_locks_and_reveals_rebuilds_from_the_store(tmp_path):
    # the locks and reveals are the device's buttons' (a laptop's are refused, issue 23:
    # test_link_button_only_sim): the USA locks while the first laptop is linked; it dies; the
    # USSR locks and the device reveals both while the second one is linked
    from test_link_button_only_sim import TO_THE_BATTLE, USA_LOCKS, USSR_LOCKS, press
    sim = Simulator(root=str(tmp_path / "dev"), script=TO_THE_BATTLE + USA_LOCKS, keys=True,
                    seed=11).start()
    db = str(tmp_path / "host.db")
    store = Store(db)
    t = open_transport(sim.port)
    try:
        s = HostLink(t, store)
        assert sync_until(s, lambda: sim.events() and sim.events()[-1]["t"] == "lock"
                          and s.sync.game and store.last_seq(s.sync.game) == len(sim.events()),
                          60), sim.log()[-1500:]
        s.settle()
        game = s.sync.game
        last = store.last_seq(game)
        # the laptop dies here: no goodbye, a new process with only the database
        s.writer.stop()
        t.close()
        store.close()

        store = Store(db)
        assert store.last_seq(game) == last
        t = open_transport(sim.port)
        s = HostLink(t, store)
        assert sync_until(s, lambda: s.sync.up and s.sync.game == game, 20)
        s.settle()
        # before anything new arrives, the view already shows the stored game
        # (the names are the view's wording: compare case-insensitively, by count)
        assert len(s.view.players) == 4 and s.view.ruleset == "teg2"
        assert "usa" in " ".join(s.view.players).lower()
        assert s.view.count == last and s.view.last_seq == last
        summary = "\n".join(s.view.summary())
        assert "players: -" not in summary and "events: %d" % last in summary
        assert not s.view.errors and s.secrets.tampering == []   # nothing to warn about
        press(sim, USSR_LOCKS)
        assert sync_until(s, lambda: store.last_seq(game) == last + 3, 20), sim.log()[-1500:]
        s.settle()
        assert s.secrets.tampering == [], s.secrets.tampering
        assert not [e for e in s.view.errors if "tampering" in e], list(s.view.errors)
        assert s.secrets.verified == 2
        assert len(s.view.players) == 4 and s.view.count == last + 3
        assert s.view.phase == "turn"
        journal = sim.events()
        assert [e["t"] for e in journal[-3:]] == ["lock", "reveal", "reveal"]
        assert len(journal) == last + 3
        assert store.events(game) == journal          # the DB equals the device journal
        s.close()
    finally:
        t.close()
        sim.stop()


def test_secret_book_starts_from_a_snapshot_mid_battle():
    """A snapshot taken between the locks and the reveals carries the commitments (battle.h):
    the reveals that follow are checked against them."""
    from comando_host.link.secrets import SecretBook
    t = replay.Table("teg2", POWERS)
    actions, a, d = battle_actions()
    for action in actions:
        t.act(action)
    t.act({"t": "lock", "p": a, "h": teg2_commit.commit("3/0/5", NA)})
    t.act({"t": "lock", "p": d, "h": teg2_commit.commit("1/1/1", ND)})
    book = SecretBook()
    book.snapshot(t.state.to_dict())
    assert book.event({"seq": 90, "t": "reveal", "p": a, "cmd": "3/0/5", "n": NA}) is None
    bad = book.event({"seq": 91, "t": "reveal", "p": d, "cmd": "2/1/0", "n": ND})
    assert bad and "does not match" in bad and book.verified == 1
