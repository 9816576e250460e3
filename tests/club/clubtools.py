"""Helpers of the club's tests: a bot game played by the real `comando play --db`; a club made
by the real `comando club init` and served by the real `comando club serve`."""

import atexit
import contextlib
import json
import os
import sqlite3
import shutil
import subprocess
import signal
import sys
import tempfile
import urllib.error
import urllib.request
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


PASSWORD = "organiser's long password"


def comando(*argv, stdin="", timeout=60):
    return subprocess.run([sys.executable, "-m", "comando_host", *argv], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


class Server:
    def __init__(self, url, port):
        self.db_url, self.port = url, port
        self.url = "http://127.0.0.1:%d" % port
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "comando_host", "club", "serve",
                                      "--db-url", self.db_url, "--port", str(self.port)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        assert "serving http://127.0.0.1:%d/" % self.port in line, self.proc.stderr.read()
        return self

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def call(self, method, path, body=None, token=None, raw=None, headers=None):
        """(status, answer) of one request."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        h = dict(headers or {}, **({"Authorization": "Bearer " + token} if token else {}))
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=h)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())


def organiser_token(server):
    status, answer = server.call("POST", "/api/login", {"login": "org", "password": PASSWORD})
    assert status == 200
    return answer["token"]


def new_table(server, org, name):
    status, answer = server.call("POST", "/api/tables", {"name": name}, token=org)
    assert status == 200, answer
    return answer["id"], answer["token"]


def init_club(cluster, name) -> str:
    """A fresh database of ``cluster`` holding the club ``name`` (`comando club init`, organiser
    'org' with PASSWORD): its URL."""
    url = new_database(cluster)
    r = comando("club", "init", "--db-url", url, "--club", name, "--organiser", "org",
                stdin=PASSWORD + "\n")
    assert r.returncode == 0, r.stderr
    return url


@contextlib.contextmanager
def serving_club(cluster, name):
    """The club ``name`` in a database of its own and one `comando club serve` of it on a free
    port (a Server), stopped when the block ends, however it ends."""
    from comando_host.club.pgcluster import free_port
    s = Server(init_club(cluster, name), free_port()).start()
    try:
        yield s
    finally:
        s.stop()
