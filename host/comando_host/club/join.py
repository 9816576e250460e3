"""`comando club join URL --token T`: a table pushes its games to the club, offline first.

The table's own store (SQLite, comando_host.store.db) is where every event is first: this reads it
and sends what the club has not acknowledged, game by game, in order, sealed (club/seal.py). How
far the club acknowledged each game is kept in the table's store too (``club_acks``, per club URL
and game): after a cut, a restart of the club or of this process, it sends again from there; the
club is idempotent by (game, seq), so an event sent twice is stored once. The table's sealing key
(``club_key``) is made once and never leaves the table.

Answers: 200 moves the acknowledgement on; 409 with ``missing`` (the club lacks earlier events,
e.g. its database was restored from a copy) sends again from there; 401 (a wrong or revoked
token) stops, one line, exit 2; 403/409 (differs)/422 (illegal, unsealed) refuse that game, one
line naming the event, and the others go on; the club unreachable or 503: one line, retried
every few seconds, nothing lost (the events wait in the table's store).
"""

from __future__ import annotations

import http.client
import json
import os
import sqlite3
import sys
import time
import urllib.error
import urllib.request

from comando_host.club.seal import Sealer

ACKS = """
CREATE TABLE IF NOT EXISTS club_acks (
    url TEXT NOT NULL,
    game TEXT NOT NULL,
    acked INTEGER NOT NULL DEFAULT 0,
    refused TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (url, game)
);
CREATE TABLE IF NOT EXISTS club_key (key TEXT NOT NULL);
"""

BATCH_EVENTS = 400
BATCH_BYTES = 600 * 1024
LOOK_EVERY = 15.0     # seconds between two reads of the table's round (a new draw, a clock)


class Fatal(RuntimeError):
    """Pushing cannot go on (a wrong or revoked token): one line, exit 2."""


class Unreachable(RuntimeError):
    """The club did not answer, or answered 503: retried."""


def say(text):
    print("comando club join: " + text, file=sys.stderr, flush=True)


class Table:
    """The table's store as this process reads it: its games, their events, the acks."""

    def __init__(self, path: str, url: str):
        from comando_host.store.db import Store
        Store(path, create=False).close()   # a missing or foreign file: StoreError, one line
        self.url = url
        self.db = sqlite3.connect(path, isolation_level=None, timeout=30)
        self.db.execute("PRAGMA busy_timeout=30000")
        self.db.executescript(ACKS)
        row = self.db.execute("SELECT key FROM club_key").fetchone()
        if row is None:
            self.db.execute("INSERT INTO club_key VALUES (?)", (os.urandom(32).hex(),))
            row = self.db.execute("SELECT key FROM club_key").fetchone()
        self.key = bytes.fromhex(row[0])

    def games(self):
        """(game, last seq stored, starts from a snapshot) of every stored game."""
        return self.db.execute(
            "SELECT game, MAX(seq), MAX(kind='snapshot') FROM events GROUP BY game"
            " ORDER BY MIN(received)").fetchall()

    def events_after(self, game, seq):
        return [json.loads(b) for (b,) in self.db.execute(
            "SELECT body FROM events WHERE game=? AND kind='event' AND seq>? ORDER BY seq",
            (game, seq))]

    def ack(self, game):
        row = self.db.execute("SELECT acked, refused FROM club_acks WHERE url=? AND game=?",
                              (self.url, game)).fetchone()
        return row or (0, "")

    def set_ack(self, game, acked, refused=""):
        self.db.execute("INSERT INTO club_acks(url, game, acked, refused) VALUES (?,?,?,?)"
                        " ON CONFLICT(url, game) DO UPDATE SET acked=excluded.acked,"
                        " refused=excluded.refused", (self.url, game, acked, refused))


def post(url, token, game, events, timeout=10.0):
    """(status, answer dict) of one push; Unreachable when no answer or 503."""
    from urllib.parse import quote
    body = json.dumps({"events": events}, separators=(",", ":"), sort_keys=True,
                      ensure_ascii=False).encode()
    return request(url.rstrip("/") + "/api/games/%s/events" % quote(game, safe=""), token, body,
                   timeout)


def request(url, token, body=None, timeout=10.0):
    req = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                 headers={"Authorization": "Bearer " + token,
                                          "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read() or b"{}")
        except ValueError:
            answer = {}
        if exc.code in (502, 503, 504):
            raise Unreachable(answer.get("error") or "HTTP %d" % exc.code) from None
        return exc.code, answer if isinstance(answer, dict) else {}
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as exc:
        # HTTPException: the answer cut short (the server killed while it answered); the push
        # is sent again, and the club's idempotence stores it once
        why = getattr(exc, "reason", None) or exc
        raise Unreachable(" ".join(str(why).split())[:120]) from None


class Pusher:
    def __init__(self, table: Table, url: str, token: str):
        self.table = table
        self.url = url
        self.token = token
        self.sealers = {}     # game -> (Sealer, last seq fed, sealed events not yet acked)
        self.told = set()     # games refused or skipped: said once
        self.told_round = None

    def pending(self, game, top):
        """The sealed events of ``game`` above its ack (the sealer fed from event 1 once)."""
        acked, _ = self.table.ack(game)
        entry = self.sealers.get(game)
        if entry is None:
            entry = [Sealer(self.table.key, game), 0, []]
            self.sealers[game] = entry
        if top > entry[1]:
            for ev in self.table.events_after(game, entry[1]):
                entry[2].append(entry[0].feed(ev))
                entry[1] = ev["seq"]
        entry[2] = [e for e in entry[2] if e["seq"] > acked]
        return entry[2]

    def rewind(self, game, acked):
        """The club holds less than we thought: seal from the start again."""
        self.sealers.pop(game, None)
        self.table.set_ack(game, acked)

    def hello(self):
        """The token checked once at start: a wrong or revoked one stops here (Fatal)."""
        status, answer = request(self.url.rstrip("/") + "/api/table", self.token)
        if status == 401:
            raise Fatal("the club refused this table's token: " + str(answer.get("error")))
        if status != 200:
            raise Unreachable("HTTP %d from %s/api/table: is it a comando club?" % (status, self.url))
        self.tell_round(answer.get("round"))

    def tell_round(self, rnd):
        """Say the tournament round this table plays (its players, the round's clock) when it
        is new to this process: the players start it with `comando play --club`."""
        key = None if not isinstance(rnd, dict) else (rnd.get("id"), rnd.get("round"),
                                                     json.dumps(rnd.get("clock"), sort_keys=True))
        if key is None or key == self.told_round:
            return
        self.told_round = key
        from comando_host.club.seating import words
        say(words(rnd) + " (comando play --club %s starts it)" % self.url)

    def look(self):
        """GET /api/table again now and then: a round drawn or a clock set since is said."""
        try:
            status, answer = request(self.url.rstrip("/") + "/api/table", self.token)
        except Unreachable:
            return
        if status == 200:
            self.tell_round(answer.get("round"))

    def round(self) -> int:
        """Push everything pending once; the count of events the club acknowledged."""
        sent = 0
        for game, top, snap in self.table.games():
            acked, refused = self.table.ack(game)
            if refused:
                continue
            if snap:
                if game not in self.told:
                    self.told.add(game)
                    say("game %s starts from a snapshot of the device: the club folds a game "
                        "from its first event, so it stays on this table" % game)
                continue
            if top <= acked:
                continue
            batch_max = BATCH_EVENTS
            while True:
                events = self.pending(game, top)
                if not events:
                    break
                batch, size = [], 0
                for ev in events[:batch_max]:
                    size += len(json.dumps(ev)) + 1
                    if batch and size > BATCH_BYTES:
                        break
                    batch.append(ev)
                status, answer = post(self.url, self.token, game, batch)
                if status == 200:
                    self.table.set_ack(game, int(answer["acked"]))
                    sent += len(batch)
                    continue
                msg = answer.get("error") or "HTTP %d" % status
                if status == 401:
                    raise Fatal("the club refused this table's token: " + msg)
                if status == 413 and batch_max > 1:
                    batch_max = max(1, len(batch) // 2)
                    continue
                if status == 409 and isinstance(answer.get("missing"), int):
                    self.rewind(game, answer["missing"] - 1)
                    continue
                self.table.set_ack(game, acked, refused=msg)
                say("game %s refused by the club (HTTP %d): %s" % (game, status, msg))
                break
        return sent


def run(url: str, token: str, db_path: str, once: bool = False, poll: float = 0.5,
        retry: float = 1.0) -> int:
    table = Table(db_path, url)
    pusher = Pusher(table, url, token)
    down_since = None
    greeted = False
    looked = time.monotonic()
    say("pushing the games of %s to %s%s" % (db_path, url, "" if once else
                                               " (and following it; Ctrl-C stops)"))
    while True:
        try:
            if not greeted:
                pusher.hello()
                greeted = True
            pusher.round()
        except Fatal as exc:
            say(str(exc))
            return 2
        except Unreachable as exc:
            if down_since is None:
                down_since = time.monotonic()
                say("the club at %s is unreachable (%s): retrying every %gs; the events wait in "
                    "the table's store" % (url, exc, retry))
            time.sleep(retry)
            continue
        if down_since is not None:
            say("the club answers again after %.0fs: sent what waited" % (time.monotonic() - down_since))
            down_since = None
        if once:
            refused = [g for g, _, _ in table.games() if table.ack(g)[1]]
            return 1 if refused else 0
        if time.monotonic() - looked > LOOK_EVERY:
            looked = time.monotonic()
            pusher.look()
        time.sleep(poll)
