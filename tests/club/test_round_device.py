"""The round's clock and seats reach a DEVICE at a club table (issue 25: "the round's clock set by
the organiser and shown on each table (device and page) with the tournament's end procedure"),
end to end: a real throwaway PostgreSQL cluster and the real `club serve`; the simulated device
(the real firmware under the MicroPython unix port, on a pseudo-terminal) linked to the laptop.
The organiser draws a round and sets its clock; the laptop, joined to the club by the table's
token, offers the round to the device; its New game from the club screen asks the players (the
golden frames club-offer-*.png); OK starts the round's game (its ruleset, the seats in the drawn
order, the clock in its `new` event), BACK declines it, a game in progress refuses it. The club's
copy of the pushed game carries the clock and is linked to the drawn table.
docs/decisions/club-round-at-the-table.md.
"""

import contextlib
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
from clubtools import comando, new_table, organiser_token, stored_events, stored_games

from comando_host.commands.play.clubround import club_round
from comando_host.link.cluboffer import Offer
from comando_host.link.host import HostLink
from comando_host.link.transport import open_transport
from comando_host.pico.simulator import ROOT, Simulator
from comando_host.store.db import Store

pytestmark = pytest.mark.slow

CLUB = "Device club"
PLAYERS = ["Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gus", "Hebe"]


def _golden():
    spec = importlib.util.spec_from_file_location(
        "device_golden", os.path.join(ROOT, "tests", "host", "test_device_golden.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.frames_unlike_golden


@pytest.fixture(scope="module")
def club(club_server):
    s = club_server     # the module's club (CLUB) and its server: tests/club/conftest.py
    url = s.db_url
    org = organiser_token(s)
    s.tables = [new_table(s, org, "table %d" % i) for i in (1, 2)]
    r = comando("club", "tournament", "create", "Device cup", "--db-url", url, "--club", CLUB,
                "--ruleset", "teg")
    assert r.returncode == 0, r.stderr
    s.tid = int(r.stdout.split("(id ")[1].split(")")[0])
    for argv in (["register", "Device cup", *PLAYERS], ["draw", "Device cup", "--seed", "5"],
                 ["clock", "Device cup", "1", "limit:90m,end:roll"]):
        r = comando("club", "tournament", argv[0], "--db-url", url, "--club", CLUB, *argv[1:])
        assert r.returncode == 0, (argv, r.stderr)
    return s


def device(tmp_path, lang):
    root = str(tmp_path / "dev")
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "settings.json"), "w") as f:   # Settings > Language
        f.write('{"lang": "%s"}' % lang)
    return Simulator(root=root, keys=True, seed=5, png_dir=str(tmp_path / "png")).start()


@contextlib.contextmanager
def linked_device(tmp_path, lang, db):
    """(the simulated device, the laptop's store in ``db``, its HostLink to the device over the
    device's pty): each closed when the block ends, however it ends."""
    sim = device(tmp_path, lang)
    t = s = store = None
    try:
        store = Store(db)
        t = open_transport(sim.port)
        s = HostLink(t, store)
        yield sim, store, s
    finally:
        if s is not None:
            s.close()
        if t is not None:
            t.close()
        if store is not None:
            store.close()
        sim.stop()


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


def shown(sim, s=None, out=None):
    """Wait until the device put the club's offer on its glass (its log says so)."""
    assert until(lambda: "club offer" in sim.log(), 30, s), \
        (sim.log()[-1500:], out and (out.out, out.err))


def golden_shot(sim, tmp_path, name):
    """The glass as it is now, compared with tests/golden/NAME.png."""
    before = set(sim.frames())
    os.write(sim._keys_fd, b"p")   # the simulator's key p: the glass saved as a PNG
    assert until(lambda: set(sim.frames()) - before, 20), sim.log()[-1500:]
    (shot,) = set(sim.frames()) - before
    path = os.path.join(str(tmp_path), name + ".png")
    shutil.copyfile(shot, path)
    bad = _golden()([path])
    assert not bad, "frames differ from tests/golden (see build/golden-actual/): %s" % bad


def command(s, action):
    cid = s.submit(action)
    assert until(lambda: cid in s.results, 20, s), action
    seq, why = s.results[cid]
    assert why is None, (action, why)
    return seq


def test_the_device_table_starts_the_round_on_ok_and_the_club_links_it(club, tmp_path):
    token = club.tables[0][1]
    rnd = club_round(club.url, token)      # the laptop's reading of GET /api/table
    assert rnd["clock"] == {"limit": 5400, "end": "roll"} and len(rnd["players"]) == 4
    db = str(tmp_path / "table.db")
    with linked_device(tmp_path, "en", db) as (sim, store, s):
        offer = Offer(rnd)
        assert until(lambda: offer.step(s) or offer.cid is not None, 30, s), sim.log()[-1500:]
        shown(sim, s)
        assert sim.events() == []      # nothing started before the players say so
        golden_shot(sim, tmp_path, "club-offer-en")
        sim.press("ok")
        assert until(lambda: offer.cid in s.results, 30, s), sim.log()[-1500:]
        assert s.results[offer.cid] == (1, None)
        assert "started the club's round 1, table 1" in s.view.log[-1]
        new = sim.events()[0]
        assert new["t"] == "new" and new["rs"] == "teg"
        assert new["o"] == {"limit": 5400, "end": "roll"}
        assert new["p"] == ["blue", "red", "black", "yellow"]      # the seats in drawn order
        # the players play a few events: who starts on the buttons, the rest from the laptop
        sim.press("ok")
        assert until(lambda: len(sim.events()) >= 2, 20, s), sim.log()[-1500:]
        assert sim.events()[1]["t"] == "first"
        for _ in range(8):
            command(s, {"t": "place", "p": _cur(sim)})
        command(s, {"t": "round"})
        command(s, {"t": "win", "p": _cur(sim)})
        events = sim.events()
        assert all("ts" in e for e in events[1:])      # the clock stamps every event after new
        assert until(lambda: store.last_seq(s.sync.game) == len(events), 20, s)
        s.settle()
    gid = stored_games(db)[-1]
    assert stored_events(db, gid) == events
    r = comando("club", "join", club.url, "--token", token, "--db", db, "--once", timeout=120)
    assert r.returncode == 0, r.stderr
    from comando_host.club.db import Club
    c = Club(club.db_url, max_size=1)
    try:
        pushed = c.events(gid)
    finally:
        c.close()
    assert pushed[0]["o"] == {"limit": 5400, "end": "roll"}
    status, answer = club.call("GET", "/api/table", token=token)
    assert answer["round"]["game"] == gid          # linked to the drawn table
    status, info = club.call("GET", "/api/tournaments/%d" % club.tid)
    assert info["rounds"][0]["tables"][0]["game"] == gid


def _cur(sim):
    """Whose turn it is on the device: its journal folded by the session's reducer."""
    from comando.session import replay
    return replay.fold(sim.events()).cur


class Connect:
    """The real `comando connect PORT --club URL --token T`, its output read as it comes."""

    def __init__(self, port, db, *argv, lang="en"):
        import threading
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "comando_host", "connect", port, "--db", db, *argv],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            env=dict(os.environ, COMANDO_LANG=lang))
        self.out, self.err = [], []
        for stream, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=lambda f=stream, a=into: a.extend(f), daemon=True).start()

    def said(self, text, timeout=30):
        return until(lambda: any(text in line for line in self.out + self.err), timeout)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)    # Ctrl-C: connect stops in order
        self.proc.wait(30)
        time.sleep(0.2)    # (the readers take the last lines)
        return "Traceback" not in "".join(self.err)


# the laptop's lines in its own language (docs/decisions/laptop-languages.md): a Spanish laptop
# beside the Spanish device, an English one beside the Portuguese device
SAYS = {
    "es": ("del club, round 1 of 'Device cup', table 2: ",
           "los jugadores del dispositivo rechazaron la ronda", "juega una partida que no terminó"),
    "en": ("the club's round 1 of 'Device cup', table 2: ",
           "the device's players declined the round", "it plays a game that is not over"),
}


@pytest.mark.parametrize("lang,laptop", [("es", "es"), ("pt_BR", "en")])
def test_back_declines_the_round_and_a_game_in_progress_refuses_it(club, tmp_path, lang, laptop):
    token = club.tables[1][1]
    offered, declined, busy = SAYS[laptop]
    sim = device(tmp_path, lang)
    db = str(tmp_path / "table.db")
    try:
        c = Connect(sim.port, db, "--club", club.url, "--token", token, lang=laptop)
        try:
            assert c.said(offered), c.err
            shown(sim, out=c)
            golden_shot(sim, tmp_path, "club-offer-" + lang.split("_")[0])
            sim.press("back")
            assert c.said(declined), c.out
        finally:
            assert c.stop(), c.err
        assert sim.events() == []           # nothing was started

        # the players start a game of their own; the round offered mid-game is refused at once
        sim.press("roll")
        assert until(lambda: len(sim.events()) == 1, 20), sim.log()[-1500:]
        before = sim.events()
        # (connected to once more: a device with no game does not answer a second laptop's hello
        # until it sees the first one gone, comando.sync; one with a game does at once)
        # a wrong token: one line, the device left as it is (and mirrored as ever)
        c = Connect(sim.port, db, "--club", club.url, "--token", "made-up", "--seconds", "3")
        assert c.proc.wait(60) == 0 and c.stop()
        assert "link up\n" in c.out, c.out
        lines = [ln for ln in c.err if "--club" in ln]
        assert len(lines) == 1 and "refused this table's token" in lines[0], c.err
        assert "the device is left as it is" in lines[0] and "Traceback" not in "".join(c.err)
        assert sim.events() == before

        c = Connect(sim.port, db, "--club", club.url, "--token", token, lang=laptop)
        try:
            assert c.said(busy), c.out + c.err
        finally:
            assert c.stop(), c.err
        assert sim.events() == before and sim.log().count("club offer") == 1
    finally:
        sim.stop()


def test_the_round_on_the_map_names_its_players_on_the_device(club, tmp_path):
    """`connect --club --map`: the device plays the round on the ruleset's board, its players
    named as drawn (the engine's `new`), the clock in its options."""
    rnd = club_round(club.url, club.tables[0][1])
    with linked_device(tmp_path, "en", str(tmp_path / "table.db")) as (sim, store, s):
        offer = Offer(rnd, on_map=True)
        assert until(lambda: offer.step(s) or offer.cid is not None, 30, s), sim.log()[-1500:]
        shown(sim, s)
        sim.press("ok")
        assert until(lambda: offer.cid in s.results, 60, s), sim.log()[-1500:]
        assert s.results[offer.cid] == (1, None)
        new = sim.events()[0]
        assert new["t"] == "new" and new["rs"] == "teg" and new["board"] == "teg"
        assert [p["n"] for p in new["players"]] == rnd["players"]
        assert new["opt"] == {"limit": 5400, "end": "roll"}
        assert until(lambda: store.last_seq(s.sync.game) >= 2, 20, s)   # the deal came too
