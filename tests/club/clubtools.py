"""Helpers of the club's tests: a bot game played by the real `comando play --db`."""

import atexit
import json
import os
import sqlite3
import shutil
import subprocess
import sys
import tempfile
import uuid


_PLAYED = {}   # (seed, players) -> (a store holding that game, its id): played once a session


def play_bot_game(db, seed=1, players="a,b,c,d", turns=600):
    """A whole bot game stored in ``db`` (a new file) by `comando play`; its game id. The same
    game asked again is the store `comando play` made, copied, the game under a new id (the
    tests share a club server, where a game id is one table's)."""
    key = (seed, players, turns)
    if key in _PLAYED and not os.path.exists(str(db)):
        src, gid = _PLAYED[key]
        shutil.copyfile(src, str(db))
        new = "%s-%s" % (gid, uuid.uuid4().hex[:6])
        with sqlite3.connect(str(db)) as d:
            for (table,) in d.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
                cols = [r[1] for r in d.execute("PRAGMA table_info(%s)" % table)]
                if "game" in cols:
                    d.execute("UPDATE %s SET game=? WHERE game=?" % table, (new, gid))
            d.execute("UPDATE games SET id=? WHERE id=?", (new, gid))
        return new
    fresh = not os.path.exists(str(db))
    r = subprocess.run([sys.executable, "-m", "comando_host", "play", "--db", str(db), "--seed",
                        str(seed), "--players", players], input="bot %d\nquit\n" % turns,
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, COMANDO_DB=str(db)))
    assert r.returncode == 0, r.stderr
    gid = stored_games(db)[-1]
    if fresh:
        where = tempfile.mkdtemp(prefix="comando-club-games-")
        atexit.register(shutil.rmtree, where, True)
        keep = os.path.join(where, "g.db")
        with sqlite3.connect(str(db)) as a, sqlite3.connect(keep) as b:
            a.backup(b)
        _PLAYED[key] = (keep, gid)
    return gid


def stored_games(db):
    with sqlite3.connect(str(db)) as d:
        return [r[0] for r in d.execute("SELECT id FROM games ORDER BY created")]


def stored_events(db, game):
    with sqlite3.connect(str(db)) as d:
        return [json.loads(b) for (b,) in d.execute(
            "SELECT body FROM events WHERE game=? AND kind='event' ORDER BY seq", (game,))]


def new_database(cluster) -> str:
    """A fresh, empty database in ``cluster``: its URL."""
    import psycopg
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(cluster.url, autocommit=True) as conn:
        # FILE_COPY: the template's files copied, not written through the WAL (PostgreSQL 15's
        # default): less to write, and to remove when the cluster goes
        conn.execute("CREATE DATABASE %s STRATEGY = FILE_COPY" % name)
    return "postgresql://%s@127.0.0.1:%d/%s" % (cluster.user, cluster.port, name)
