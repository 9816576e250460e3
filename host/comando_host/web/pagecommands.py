"""The live page's events on their way to a linked device, through the store.

The page's server (``comando web``, or the one ``make run`` starts) and the link (``comando
run``/``connect``: a ``HostLink``) may be two processes; the SQLite store they share carries
the page's actions between them:

- ``links``: the process holding a device's link writes ``(game, pid, up)`` when its link comes
  up on a game and when it goes down or the game changes (``LinkSide.linked``). The server calls a
  game linked while a row says up and its process is alive (``linked``).
- ``commands``: the server queues an action checked against its fold (``queue``); the link side
  claims the game's new ones every ``every`` seconds (``LinkSide.pump``), sends each to the device
  as a host command (``HostLink.submit``: a ``C`` frame, CRC-checked like every frame), and
  writes the answer back (``finish``: ``done`` with the event's seq the device gave it, or
  ``refused`` with the device's one line). The server reads the answers (``answers``) and tells
  the page; the event itself reaches the page as every event does: device -> link -> store.
- ``ANY`` ("*") stands for whichever device is linked, whatever its game: its ``links`` row says
  a device is linked at all, and a command filed under it (the page's New game on the device) is
  claimed by that link.
- A command no link claimed within ``STALE`` seconds is ``expired`` (the device went away): the
  server says so and the device never sees it.

The device numbers the events and its journal stays the truth: the laptop never writes an event
of a device's game.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time

STALE = 10.0
ANY = "*"      # the game a command names when it is for whichever device is linked (a new game)


def _connect(store):
    """A connection of its own (WAL: reads never wait for the link's writer thread), or the
    store's own for an in-memory database (tests)."""
    if store.path == ":memory:":
        return store.db
    return sqlite3.connect(store.path, isolation_level=None, check_same_thread=False, timeout=10)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    except OSError:
        return False
    return True


# -- the server's side --------------------------------------------------------------------------

def linked(store, game: str) -> bool:
    """True while a live process holds a link up on ``game``."""
    rows = store._query("SELECT pid FROM links WHERE game=? AND up=1", (game,))
    return bool(rows) and pid_alive(rows[0][0])


def queue(store, game: str, action: dict) -> int:
    """Queue ``action`` for the device of ``game``; returns the command's id."""
    with store._tx():
        cur = store.db.execute("INSERT INTO commands(game, body, made) VALUES (?,?,?)",
                               (game, json.dumps(action, sort_keys=True), time.time()))
        return int(cur.lastrowid)


def answers(store, ids, now: float | None = None):
    """{id: (state, seq, msg)} for the commands among ``ids`` that are settled (done, refused,
    expired); a command still new after ``STALE`` seconds is expired here."""
    if not ids:
        return {}
    now = time.time() if now is None else now
    marks = ",".join("?" * len(ids))
    rows = store._query("SELECT id, state, seq, msg, made FROM commands WHERE id IN (%s)" % marks,
                        tuple(ids))
    out = {}
    stale = []
    for cid, state, seq, msg, made in rows:
        if state in ("done", "refused", "expired"):
            out[cid] = (state, seq, msg)
        elif state == "new" and now - made > STALE:
            stale.append(cid)
    for cid in stale:
        with store._tx():
            n = store.db.execute("UPDATE commands SET state='expired', msg=? WHERE id=? AND "
                                 "state='new'", ("no linked device took it within %d s" % STALE,  # english: the store's
                                                 cid)).rowcount
        if n:
            from comando_host.text.lang import _
            out[cid] = ("expired", None, _("no linked device took it within {n} s").format(n=STALE))
    return out


# -- the link's side ----------------------------------------------------------------------------

class LinkSide:
    """What a ``HostLink`` does for the page: say which game its link is up on, and pass the
    page's commands for that game to the device."""

    def __init__(self, store, every: float = 0.02):
        self.store = store
        self.every = every
        self.db = None
        self.at = -1.0
        self.game = None          # the game this process said it is linked to
        self.device = False       # ... and whether a device is linked at all
        self.sent = {}            # link cid -> command id

    def _db(self):
        if self.db is None:
            self.db = _connect(self.store)
        return self.db

    def _read(self, sql, args):
        db = self._db()
        if db is self.store.db:   # the store's own connection (in memory): under its lock
            return self.store._query(sql, args)
        return db.execute(sql, args).fetchall()

    def _write(self, sql, args):
        db = self._db()
        if db is self.store.db:
            with self.store._tx():
                return db.execute(sql, args).rowcount
        db.execute("BEGIN IMMEDIATE")
        try:
            n = db.execute(sql, args).rowcount
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return n

    def linked(self, game):
        """The link is up on ``game`` (None: down)."""
        if game == self.game:
            return
        if self.game:
            self._write("UPDATE links SET up=0 WHERE game=? AND pid=?", (self.game, os.getpid()))
        if game:
            self._write("INSERT OR REPLACE INTO links(game, pid, up, since) VALUES (?,?,1,?)",
                        (game, os.getpid(), time.time()))
        self.game = game

    def pump(self, session, now: float):
        """At most every ``every`` seconds: note the link's game, submit the page's new
        commands for it."""
        if now - self.at < self.every:
            return
        self.at = now
        s = session.sync
        device = s.up and s.device is not None
        game = s.game if (device and s.game) else None
        try:
            self.linked(game)
            if device != self.device:   # a device, whatever its game (the page's New game)
                self._write("INSERT OR REPLACE INTO links(game, pid, up, since) VALUES (?,?,?,?)",
                            (ANY, os.getpid(), int(device), time.time()))
                self.device = device
            if not device:
                return
            rows = self._read("SELECT id, body FROM commands WHERE game IN (?, ?) AND "
                              "state='new' ORDER BY id", (game or ANY, ANY))
            for cid, body in rows:
                if not self._write("UPDATE commands SET state='sent' WHERE id=? AND state='new'",
                                   (cid,)):
                    continue   # expired meanwhile, or another link took it
                try:
                    action = json.loads(body)
                except ValueError:
                    self.finish(cid, None, "the queued command is not JSON")  # english: the store's (a fault, not a player's)
                    continue
                self.sent[session.submit(action)] = cid
        except sqlite3.Error as exc:   # a locked or busy store: the next round tries again
            session.log("page commands: %s" % exc)  # english: the link's log, a developer's

    def result(self, link_cid, seq, msg):
        """The device answered command ``link_cid``: record it for the page."""
        cid = self.sent.pop(link_cid, None)
        if cid is not None:
            self.finish(cid, seq, msg)

    def finish(self, cid, seq, msg):
        try:
            self._write("UPDATE commands SET state=?, seq=?, msg=? WHERE id=?",
                        ("refused" if msg else "done", seq, msg or "", cid))
        except sqlite3.Error:
            pass

    def close(self):
        try:
            self.linked(None)
            if self.device:
                self._write("UPDATE links SET up=0 WHERE game=? AND pid=?", (ANY, os.getpid()))
                self.device = False
        except sqlite3.Error:
            pass
        if self.db is not None and self.db is not self.store.db:
            self.db.close()
        self.db = None
