"""kill -9 during a game through the CLI, 30 times at seeded random moments (issue 28: faster
must not mean lossy). `comando play --db X` runs on a fresh pty (a player at a terminal: the
prompt is printed before the command is read, after the batch before it was stored; see
docs/decisions/store-group-commits-and-summaries.md), a script of commands typed one at a time,
each once the prompt is back. After every kill: the store opens; at the end `comando games`
works and every game cut short is a legal log (folded with the engine), a prefix of the uncut
game of the same seed and script, and holds every event made before the last prompt printed
before its kill."""

import os
import pty
import random
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from comando import engine
from comando_host.cli import main
from comando_host.store.db import Store

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 11
KILLS = 30
# T.E.G. classic, three players: the claims (one event each), then the bot plays whole turns
# (many events a command, stored at each turn's end); an undo and a status between them. Then
# armies placed one at a time by hand (HAND): events in the middle of a turn, stored only by the
# batch before the next prompt; then the bot again.
HEAD = (["bot 3"] * 6 + ["status", "bot 2", "undo", "bot 4"] + ["bot 6"] * 6)
HAND = 4
TAIL = ["bot 1", "status", "bot 1"]
PROMPT = re.compile(rb"\w> ")          # "Ana (blue) claim> " (a status line starts "> Ana")
WAIT = 60.0                            # a generous bound per prompt: a loaded machine is slow


def _env():
    return dict(os.environ, TERM="dumb", COMANDO_COLOR="0",
                PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "host"),
                                            os.path.join(ROOT, "firmware", "lib")]))


LIVE = []     # the players started and not yet seen to end: none outlives the test


class Player:
    """`comando play` on a pty of its own, the test at its keyboard."""

    def __init__(self, db, log=None):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "comando_host", "play", "--ruleset", "teg", "--seed",
             str(SEED), "--players", "Ana,Beto,Caro", "--db", db]
            + (["--log", log] if log else []),
            stdin=slave, stdout=slave, stderr=slave, env=_env(), close_fds=True,
            start_new_session=True)
        os.close(slave)
        LIVE.append(self)
        self.out = b""

    def prompts(self) -> int:
        return len(PROMPT.findall(self.out))

    def _read(self, timeout) -> bool:
        r, _, _ = select.select([self.master], [], [], timeout)
        if not r:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:       # EIO: the process is gone
            return False
        if not data:
            return False
        self.out += data
        return True

    def wait_prompt(self, n):
        """Read until the ``n``-th prompt is printed and nothing follows it."""
        end = time.monotonic() + WAIT
        while not (self.prompts() >= n and self.out.endswith(b"> ")):
            assert time.monotonic() < end, self.out[-500:]
            assert self._read(0.2) or self.prompts() >= n, self.out[-500:]

    def type(self, line):
        os.write(self.master, line.encode() + b"\n")

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        while self._read(0.05):   # what it printed before it died, still in the pty
            if not select.select([self.master], [], [], 0)[0]:
                break
        os.close(self.master)
        self.master = None

    def finish(self):
        self.type("quit")
        while self._read(0.2) and self.proc.poll() is None:
            pass
        assert self.proc.wait(timeout=WAIT) == 0, self.out[-500:]
        os.close(self.master)
        self.master = None


@pytest.fixture(autouse=True)
def _no_player_left():
    """A failing check must not leave a `comando play` running, holding its pty."""
    yield
    while LIVE:
        p = LIVE.pop()
        if p.proc.poll() is None:
            p.proc.kill()
            p.proc.wait()
        if p.master is not None:       # (a closed one's number may be another file's now)
            os.close(p.master)


def _stored_events(db):
    """{game id: its events} of a store, read as another program would."""
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        rows = con.execute("SELECT game, body FROM events WHERE kind='event' ORDER BY game, seq")
        out = {}
        import json
        for gid, body in rows:
            out.setdefault(gid, []).append(json.loads(body))
        return out
    finally:
        con.close()


def _count(db) -> int:
    if not os.path.exists(db):
        return 0
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        return con.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    except sqlite3.OperationalError:   # no table yet
        return 0
    finally:
        con.close()


def _hand_placements(db):
    """HAND commands `place 1 COUNTRY` on a country of the player to play (the same in every
    run: the seed and the commands before are the same)."""
    (events,) = _stored_events(db).values()
    st = engine.fold(events)
    assert st.phase == "add" and st.to_place() > HAND, (st.phase, st.to_place())
    mine = [c for c in range(st.n) if st.owner[c] == st.cur]
    return ["place 1 %s" % st.board.cid(mine[k % len(mine)]) for k in range(HAND)]


def _made(log) -> int:
    """The events made so far: `--log` writes each one as it is made, whatever the store's
    batches (the count the store is checked against, not taken from it)."""
    with open(log, "rb") as f:
        return sum(1 for line in f if line.strip())


def uncut_run(db, log):
    """The game played to the end of the script: the script, its events, and how many events
    were made when each prompt was printed (before[k]: at the (k+1)-th prompt); the store
    holds all of them at every prompt."""
    p = Player(db, log)
    before, script = [], list(HEAD)
    k = 0
    while k < len(script):
        p.wait_prompt(k + 1)
        before.append(_made(log))
        assert _count(db) == before[-1], (k, script[k - 1:k])
        p.type(script[k])
        k += 1
        if k == len(HEAD):
            p.wait_prompt(k + 1)
            script += _hand_placements(db) + TAIL
    p.wait_prompt(len(script) + 1)
    before.append(_made(log))
    p.finish()
    (events,) = _stored_events(db).values()
    return script, events, before


def test_kill_9_thirty_times_leaves_legal_prefixes_with_nothing_the_player_saw_lost(tmp_path):
    script, full, before = uncut_run(str(tmp_path / "uncut.db"), str(tmp_path / "uncut.jsonl"))
    engine.fold(full)                                  # the uncut game is legal
    assert len(full) > 100 and before[-1] == len(full)
    assert any(ev["t"] == "undo" for ev in full)
    hand = len(HEAD) + 1                               # the prompts of the hand placements:
    assert before[hand:hand + HAND] == [before[hand - 1] + n for n in range(1, HAND + 1)]

    db = str(tmp_path / "killed.db")
    rng = random.Random(28)
    seen = {}                                          # game id -> prompts printed before its kill
    for i in range(KILLS):
        old = set(_stored_events(db)) if os.path.exists(db) else set()
        p = Player(db)
        typed = rng.randint(0, len(script))            # commands typed before the kill
        if typed == 0 and rng.random() < 0.5:
            time.sleep(rng.uniform(0, 0.8))            # killed while starting
        else:
            for k in range(typed):
                p.wait_prompt(k + 1)
                p.type(script[k])
            time.sleep(rng.choice((0, rng.uniform(0, 0.05), rng.uniform(0, 0.4))))
        p.kill()
        if os.path.exists(db):
            Store(db, create=False).close()            # it opens
        new = set(_stored_events(db)) - old if os.path.exists(db) else set()
        assert len(new) <= 1
        if new:
            seen[new.pop()] = p.prompts()
        else:                                          # nothing stored: nothing was shown
            assert p.prompts() == 0, p.out[-300:]

    assert len(seen) >= KILLS // 2                     # most runs got as far as a game
    assert main(["games", "--db", db]) == 0
    games = _stored_events(db)
    assert set(games) == set(seen)
    for gid, events in games.items():
        engine.fold(events)                            # legal
        assert events == full[:len(events)], gid       # a prefix of what was played
        prompts = seen[gid]
        if prompts:                                    # all made before the last prompt seen
            assert len(events) >= before[prompts - 1], (gid, prompts, len(events))
