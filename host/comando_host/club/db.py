"""The club's data on PostgreSQL: a psycopg 3 connection pool, the schema migrated at start
(club/schema.py), and every read and write the server makes. Each push of a table is one
transaction that locks its game's row (SELECT ... FOR UPDATE): several server processes on one
database serialise on it, so a game's events are stored once, in order, whoever receives them.
"""

from __future__ import annotations

import threading

from comando_host.club import auth, schema
from comando_host.club.fold import GameFold, Illegal, sealed_problem
from comando_host.store.db import dumps, new_game_info

MAX_EVENTS = 1000        # events in one push
MAX_NAME = 80            # a club's, a table's, a login's characters


class ClubError(ValueError):
    """A request the club refuses: ``status`` (the HTTP status), one line, and fields for the
    client (``missing``: the seq the club waits for; ``seq``: the event that differs)."""

    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status = status
        self.extra = extra


class DatabaseDown(RuntimeError):
    """The club database cannot be reached: one line."""


def one_line(exc) -> str:
    text = " ".join(str(exc).split())
    return text[:200] or type(exc).__name__


def connect_check(url: str) -> None:
    """Reach the database once and migrate it (DatabaseDown, SchemaTooNew: one line each)."""
    import psycopg
    try:
        conn = psycopg.connect(url, connect_timeout=5)
    except psycopg.Error as exc:
        raise DatabaseDown("cannot reach the club database: %s" % one_line(exc)) from None
    try:
        schema.migrate(conn)
    finally:
        conn.close()


def check_name(text, what: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ClubError(400, "%s: give a name" % what)
    text = text.strip()
    if len(text) > MAX_NAME or any(ord(c) < 32 for c in text):
        raise ClubError(400, "%s: a name of at most %d printable characters" % (what, MAX_NAME))
    return text


def idle_check(conn) -> None:
    """The pool's check of a connection before use, without a round trip: one the database
    closed (restarted, terminated) has its goodbye waiting on the socket (or is closed): it is
    replaced, so the server carries on once the database is back. A pool connection never
    LISTENs, so nothing else arrives on it between requests."""
    import select

    import psycopg
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    if select.select([conn.fileno()], [], [], 0)[0]:
        conn.close()    # (closed, the pool makes a new one in its place)
        raise psycopg.OperationalError("the database closed the connection")


class Club:
    def __init__(self, url: str, max_size: int = 8, min_size: int = 1):
        from psycopg_pool import ConnectionPool
        connect_check(url)
        self.url = url
        # check: a connection the database dropped (restarted, gone a while) is replaced before
        # use, so the server carries on once the database is back
        self.pool = ConnectionPool(url, min_size=min(min_size, max_size), max_size=max_size,
                                   open=True, timeout=2, kwargs={"connect_timeout": 3},
                                   check=idle_check)
        self._folds = {}          # game -> GameFold of its stored events (this process's cache)
        self._lock = threading.Lock()

    def close(self):
        self.pool.close()

    def _conn(self):
        return self.pool.connection()

    # -- organisers ----------------------------------------------------------------------

    def create_club(self, name: str, login: str, password: str) -> int:
        name = check_name(name, "club")
        login = check_name(login, "organiser login")
        if not isinstance(password, str) or len(password) < 8:
            raise ClubError(400, "organiser password: at least 8 characters")
        import psycopg
        with self._conn() as conn:
            try:
                with conn.transaction():
                    cid = conn.execute("INSERT INTO clubs(name) VALUES (%s) RETURNING id",
                                       (name,)).fetchone()[0]
                    conn.execute("INSERT INTO organisers(club, login, pwhash) VALUES (%s,%s,%s)",
                                 (cid, login, auth.hash_password(password)))
            except psycopg.errors.UniqueViolation:
                raise ClubError(409, "a club %r or an organiser %r exists already"
                                % (name, login)) from None
        return cid

    def login(self, login: str, password: str) -> str:
        """A new session token for the organiser, or ClubError 401."""
        if not isinstance(login, str) or not isinstance(password, str):
            raise ClubError(400, "login: give login and password")
        with self._conn() as conn:
            row = conn.execute("SELECT id, pwhash FROM organisers WHERE login=%s",
                               (login,)).fetchone()
            if row is None:
                auth.dummy_verify(password)
                raise ClubError(401, "wrong login or password")
            if not auth.verify_password(row[1], password):
                raise ClubError(401, "wrong login or password")
            token = auth.new_token()
            conn.execute("INSERT INTO sessions(token_hash, organiser, expires) VALUES"
                         " (%s, %s, now() + make_interval(hours => %s))",
                         (auth.token_hash(token), row[0], auth.SESSION_HOURS))
        return token

    def organiser(self, token: str):
        """(organiser id, club id) of a live session token, else ClubError 401."""
        with self._conn() as conn:
            row = conn.execute("SELECT o.id, o.club FROM sessions s JOIN organisers o ON"
                               " o.id=s.organiser WHERE s.token_hash=%s AND s.expires > now()",
                               (auth.token_hash(token or ""),)).fetchone()
        if row is None:
            raise ClubError(401, "log in as the club's organiser first (POST /api/login)")
        return row

    # -- tables --------------------------------------------------------------------------

    def create_table(self, club: int, name: str):
        """(table id, token): the token is shown this once; the club keeps its hash."""
        import psycopg
        name = check_name(name, "table")
        token = auth.new_token()
        with self._conn() as conn:
            try:
                tid = conn.execute("INSERT INTO tables(club, name, token_hash) VALUES (%s,%s,%s)"
                                   " RETURNING id", (club, name, auth.token_hash(token))).fetchone()[0]
            except psycopg.errors.UniqueViolation:
                raise ClubError(409, "the club has a table %r already" % name) from None
        return tid, token

    def club_id(self, name: str) -> int:
        with self._conn() as conn:
            row = conn.execute("SELECT id FROM clubs WHERE name=%s", (name,)).fetchone()
        if row is None:
            raise ClubError(404, "no club %r in this database (comando club init makes it)" % name)
        return row[0]

    def club_for(self, name=None) -> int:
        """The club of that name, or the database's only club when no name is given."""
        if name:
            return self.club_id(name)
        with self._conn() as conn:
            rows = conn.execute("SELECT id FROM clubs ORDER BY id LIMIT 2").fetchall()
        if len(rows) != 1:
            raise ClubError(400 if rows else 404, "name the club (?club=NAME): this database "
                            "holds %s" % ("several" if rows else "none"))
        return rows[0][0]

    def table_id(self, club: int, name: str) -> int:
        with self._conn() as conn:
            row = conn.execute("SELECT id FROM tables WHERE club=%s AND name=%s",
                               (club, name)).fetchone()
        if row is None:
            raise ClubError(404, "no table %r at this club" % name)
        return row[0]

    def revoke_table(self, club: int, table: int) -> None:
        with self._conn() as conn:
            n = conn.execute("UPDATE tables SET revoked=COALESCE(revoked, now()) WHERE id=%s"
                             " AND club=%s", (table, club)).rowcount
        if not n:
            raise ClubError(404, "no table %s at this club" % table)

    def table(self, token: str) -> int:
        """The id of the table a token is of; ClubError 401 when unknown or revoked."""
        with self._conn() as conn:
            row = conn.execute("SELECT id, revoked FROM tables WHERE token_hash=%s",
                               (auth.token_hash(token or ""),)).fetchone()
        if row is None:
            raise ClubError(401, "unknown table token (ask the organiser for this table's token)")
        if row[1] is not None:
            raise ClubError(401, "this table's token was revoked by the organiser")
        return row[0]

    # -- a table's events ----------------------------------------------------------------

    def push(self, table, game: str, events, token=None) -> int:
        """Store a table's events of ``game`` (each with its seq); the last seq the club holds.

        ``table``: the table's id, or None with ``token``: the table's token, checked in the
        push's own transaction (ClubError 401 when unknown or revoked), so a push is two round
        trips to the database (docs/club.md, "A push").

        Idempotent by (game, seq): an event stored already must be the same (else 409 naming
        its seq); the first new one must follow the last stored (else 409 naming the missing
        seq); each new one must keep the sealed secrets sealed and be legal in the game's fold
        (else 422 naming it). A refused push stores nothing of its batch."""
        if not isinstance(game, str) or not game or len(game) > 200:
            raise ClubError(400, "a game id of 1 to 200 characters")
        if not isinstance(events, list) or len(events) > MAX_EVENTS:
            raise ClubError(400, "events: a list of at most %d events" % MAX_EVENTS)
        for ev in events:
            if not isinstance(ev, dict) or not isinstance(ev.get("seq"), int) \
                    or isinstance(ev.get("seq"), bool) or not isinstance(ev.get("t"), str):
                raise ClubError(400, "every event is a JSON object with an integer seq and a type t")
        events = sorted(events, key=lambda e: e["seq"])
        for a, b in zip(events, events[1:]):
            if b["seq"] == a["seq"]:
                raise ClubError(400, "event %d twice in one push" % a["seq"])
        import psycopg
        from psycopg_pool import PoolTimeout
        try:
            return self._push(table, game, events, token)
        except (psycopg.OperationalError, PoolTimeout) as exc:
            self._forget(game)
            raise DatabaseDown("the club database is unreachable: %s" % one_line(exc)) from None
        except BaseException:
            self._forget(game)
            raise

    def _forget(self, game):
        with self._lock:
            self._folds.pop(game, None)

    @staticmethod
    def _owned(conn, table, game, token):
        """(table, last seq) of ``game`` under its row's lock, the token's table checked in the
        same round trip; the game made if new (a first push, from event 1 only)."""
        if token is not None:
            tcur = conn.execute("SELECT id, revoked FROM tables WHERE token_hash=%s",
                                (auth.token_hash(token or ""),))
        gcur = conn.execute("SELECT table_id, last_seq FROM games WHERE id=%s FOR UPDATE",
                            (game,))
        if token is not None:
            trow = tcur.fetchone()      # (the pipeline's first sync: both answers)
            if trow is None:
                raise ClubError(401, "unknown table token (ask the organiser for this table's "
                                "token)")
            if trow[1] is not None:
                raise ClubError(401, "this table's token was revoked by the organiser")
            table = trow[0]
        row = gcur.fetchone()
        return table, row

    def _push(self, table, game, events, token=None) -> int:
        # pipeline mode: BEGIN, the token's table and the game's locked row go in one round
        # trip; the fold is checked here; the events, the game's row, the notification and
        # COMMIT go in a second
        with self._conn() as conn, conn.pipeline(), conn.transaction():
            table, row = self._owned(conn, table, game, token)
            if row is None:
                if not events or events[0]["seq"] != 1:
                    raise ClubError(409, "game %s: the club has none of its events: send from "
                                    "event 1" % game, missing=1, acked=0)
                board, ruleset = new_game_info(events[0])
                inserted = conn.execute(
                    "INSERT INTO games(id, table_id, ruleset, board) VALUES (%s,%s,%s,%s)"
                    " ON CONFLICT (id) DO NOTHING RETURNING id",
                    (game, table, str(ruleset)[:40], str(board)[:40])).fetchone()
                row = conn.execute("SELECT table_id, last_seq FROM games WHERE id=%s FOR UPDATE",
                                   (game,)).fetchone()
                if inserted is None and row[0] != table:
                    raise ClubError(403, "game %s is another table's: a table pushes only its "
                                    "own games" % game)
            owner, last = row
            if owner != table:
                raise ClubError(403, "game %s is another table's: a table pushes only its own "
                                "games" % game)
            old = [e for e in events if e["seq"] <= last]
            new = [e for e in events if e["seq"] > last]
            if old:
                stored = dict(conn.execute(
                    "SELECT seq, body FROM events WHERE game=%s AND seq = ANY(%s)",
                    (game, [e["seq"] for e in old])).fetchall())
                for e in old:
                    if stored.get(e["seq"]) != dumps(e):
                        raise ClubError(409, "game %s: event %d differs from the one the club "
                                        "holds (a forged or rewritten event)" % (game, e["seq"]),
                                        seq=e["seq"], acked=last)
            if not new:
                return last
            want = last + 1
            for e in new:
                if e["seq"] != want:
                    raise ClubError(409, "game %s: event %d is missing (the club holds up to %d; "
                                    "got %d)" % (game, want, last, e["seq"]), missing=want,
                                    acked=last)
                want += 1
            # this push owns the fold while it feeds it: a reader meanwhile folds its own from
            # the committed events; the fold goes back to the cache once the events are committed
            fold = self._fold(conn, game, last, take=True)
            for e in new:
                why = sealed_problem(e)
                if why:
                    raise ClubError(422, "game %s: %s" % (game, why), seq=e["seq"], acked=last)
                try:
                    fold.feed(e)
                except Illegal as exc:
                    raise ClubError(422, "game %s: %s" % (game, exc), seq=e["seq"],
                                    acked=last) from None
            top = new[-1]["seq"]
            # one statement: the events, the game's last seq, the notification (at commit)
            conn.execute(
                "WITH ev AS (INSERT INTO events(game, seq, body) SELECT %(g)s, s, b FROM"
                " unnest(%(seqs)s::int[], %(bodies)s::text[]) AS u(s, b)),"
                " up AS (UPDATE games SET last_seq=%(top)s, updated=now() WHERE id=%(g)s)"
                " SELECT pg_notify('club_events', %(note)s)",
                {"g": game, "seqs": [e["seq"] for e in new], "bodies": [dumps(e) for e in new],
                 "top": top, "note": "%s %d" % (game, top)})
            result = fold.result()
            if result is not None:
                # the game ended in this push: its seats' results, ratings and tournament table
                # in the same transaction as its last events (nothing half recorded)
                from comando_host.club import results
                results.record(conn, game, table, result)
        with self._lock:
            self._folds[game] = fold
        return top

    def _fold(self, conn, game, last, take=False) -> GameFold:
        """The game's fold at ``last``: this process's, or folded again from the database (another
        server process stored events since); ``take``: out of the cache, for the caller alone."""
        with self._lock:
            fold = self._folds.pop(game, None) if take else self._folds.get(game)
        if fold is None or fold.seq != last:
            import json
            fold = GameFold()
            for (body,) in conn.execute("SELECT body FROM events WHERE game=%s ORDER BY seq",
                                        (game,)):
                fold.feed(json.loads(body))
            if not take:
                with self._lock:
                    self._folds[game] = fold
        return fold

    # -- what spectators read --------------------------------------------------------------

    def tables(self):
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT t.id, t.name, c.name, t.revoked IS NOT NULL,"
                " COALESCE(array_agg(g.id ORDER BY g.updated DESC) FILTER (WHERE g.id IS NOT NULL),"
                " '{}') FROM tables t JOIN clubs c ON c.id=t.club LEFT JOIN games g ON"
                " g.table_id=t.id GROUP BY t.id, c.name ORDER BY t.id").fetchall()
        return [{"id": r[0], "name": r[1], "club": r[2], "revoked": r[3], "games": list(r[4])}
                for r in rows]

    def latest_games(self):
        """(game, last seq stored) of each table's latest game, in the tables' order: what the
        broadcast page's snapshot shows, in one query."""
        with self._conn() as conn:
            return [tuple(r) for r in conn.execute(
                "SELECT DISTINCT ON (table_id) id, last_seq FROM games"
                " ORDER BY table_id, updated DESC").fetchall()]

    def game(self, game: str):
        """A game's public fields, or None."""
        with self._conn() as conn:
            row = conn.execute("SELECT g.id, t.name, g.ruleset, g.board, g.last_seq FROM games g"
                               " JOIN tables t ON t.id=g.table_id WHERE g.id=%s",
                               (game,)).fetchone()
            if row is None:
                return None
            fold = self._fold(conn, game, row[4])
        out = {"id": row[0], "table": row[1], "ruleset": row[2], "board": row[3], "seq": row[4]}
        out.update(fold.public())
        return out

    def events(self, game: str):
        """Every stored event of a game, as stored (the tests compare them with the table's)."""
        import json
        with self._conn() as conn:
            return [json.loads(b) for (b,) in conn.execute(
                "SELECT body FROM events WHERE game=%s ORDER BY seq", (game,))]
