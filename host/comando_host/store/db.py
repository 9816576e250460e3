"""The host's durable game log: one SQLite database per user, in WAL mode.

Tables: ``games`` (one row per game the laptop has seen), ``players`` (seats, from the game's
``new`` event), ``events`` (every event, by game and seq, as the JSON the device sent; snapshots
are rows of kind ``snapshot``); ``commands`` and ``links``, the live page's events on their way to
a linked device (``comando_host.web.pagecommands``). Every write is one transaction committed with
``synchronous=FULL``: when ``add_events`` returns, the events survive a crash of the laptop, and
only then does the link acknowledge them to the device. The one exception: ``comando play``'s
commits at each turn's end inside one command (``add_events(durable=False)``: the bot playing
many turns) are committed with ``synchronous=NORMAL``, which survives a crash of the program
(kill -9) but waits for the disk only at the next durable commit or ``sync``, made before every
prompt (docs/decisions/store-group-commits-and-summaries.md).

Where: ``$COMANDO_DB`` (a file path) if set, else ``platformdirs.user_data_dir("comando")``/
``comando.db``; every command that uses the store also takes ``--db PATH``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time

# (their own leaf module: `comando games` on a laptop with no games yet, and every command's
# --db option, need them without this module's imports: issue 28)
from comando_host.store.dbpath import ENV, default_path  # noqa: F401  (re-exported)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    board TEXT NOT NULL DEFAULT '',
    ruleset TEXT NOT NULL DEFAULT '',
    fw TEXT NOT NULL DEFAULT '',
    origin TEXT NOT NULL DEFAULT 'device',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    colour TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL DEFAULT 'event',
    t TEXT NOT NULL,
    body TEXT NOT NULL,
    received REAL NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    body TEXT NOT NULL,
    made REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'new',
    seq INTEGER,
    msg TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS commands_open ON commands(game, state);
CREATE TABLE IF NOT EXISTS links (
    game TEXT PRIMARY KEY,
    pid INTEGER NOT NULL,
    up INTEGER NOT NULL,
    since REAL NOT NULL
);
"""


SCHEMA_VERSION = 1


def new_game_info(ev: dict) -> tuple[str, str]:
    """(board, ruleset) from a game's ``new`` event: the board at the top (an engine game on a
    map) or in the options ``o`` (a device table session: ``o={"board": "teg"}``); the ruleset
    from ``rs``/``ruleset``. Empty strings when absent."""
    opts = ev.get("o") if isinstance(ev.get("o"), dict) else {}
    board = ev.get("board") or opts.get("board") or ""
    ruleset = ev.get("ruleset") or ev.get("rs") or opts.get("ruleset") or ""
    return (board if isinstance(board, str) else ""), (ruleset if isinstance(ruleset, str) else "")


_ENCODE = json.JSONEncoder(separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode


def dumps(obj) -> str:
    """A row's body: compact, keys sorted (json.dumps would make an encoder per call)."""
    return _ENCODE(obj)


class StoreError(ValueError):
    """The game database cannot be used as it is (not a database, damaged, a directory, not
    there): one line saying what is wrong and what to do. The file is left as it was."""


SQLITE_MAGIC = b"SQLite format 3\x00"
TABLES = ("games", "events")  # an older database may lack players


# Up to this size a store is checked whole (PRAGMA quick_check) at every open: ~0.2 s for 35 MB.
FULL_CHECK_BYTES = 32 * 1024 * 1024


def check_path(path: str, create: bool, made_dirs: bool) -> None:
    """Refuse, before sqlite3 touches anything, a path that is not (or cannot become) a game
    database: a directory, a file that is not SQLite, a damaged or foreign SQLite database; a
    missing file when ``create`` is False, a missing directory unless ``made_dirs``. An empty
    file named by --db or $COMANDO_DB is not a store either (only the default path's, which
    this program may have made and been stopped before it wrote, becomes one)."""
    if os.path.isdir(path):
        raise StoreError("%s is a directory, not a game database: give a file path "
                         "(--db DIR/comando.db)" % path)
    if not os.path.exists(path):
        if not create:
            raise StoreError("no game database at %s (nothing stored there yet, or a mistyped "
                             "--db path)" % path)
        d = os.path.dirname(os.path.abspath(path))
        if not made_dirs and not os.path.isdir(d):
            raise StoreError("no directory %s for the game database (a mistyped --db path? "
                             "create the directory first)" % d)
        return
    import stat
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):  # a FIFO would hang the open below, a device is no file
            raise StoreError("%s is not a regular file, so not a game database: give a file path"
                             % path)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            head = os.read(fd, len(SQLITE_MAGIC))
        finally:
            os.close(fd)
    except OSError as exc:
        raise StoreError("cannot read the game database %s: %s" % (path, exc.strerror)) from None
    if not head:
        if made_dirs:
            return  # the default path's empty file: this program made it and was stopped
        raise StoreError("%s is an empty file, not a game database; it was left as it is: remove "
                         "it (a new database is made where there is no file) or give another "
                         "--db path" % path)
    if head != SQLITE_MAGIC:
        raise StoreError("%s is not a game database (not an SQLite file); it was left as it is: "
                         "move it aside or give another --db path" % path)
    try:
        ro = read_only_connection(path)
        try:
            names = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if st.st_size <= FULL_CHECK_BYTES:
                bad = ro.execute("PRAGMA quick_check(1)").fetchone()[0]
            else:
                # a big store: every table but the events at open (a whole check would cost
                # every command a read of the file); a damaged events page is met when read and
                # is one line then too (cli._run)
                bad = "ok"
                for name in sorted(names - {"events"}):
                    if name.replace("_", "").isalnum():
                        bad = ro.execute("PRAGMA quick_check(%s)" % name).fetchone()[0]
                        if bad != "ok":
                            break
        finally:
            ro.close()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") not in DAMAGED:
            raise StoreError("cannot read the game database %s: %s" % (path, why(exc, path))) \
                from None
        bad = str(exc)
        names = set()
    if bad != "ok":
        bad = " ".join(str(bad).split())[:100]
        raise StoreError("%s is a damaged SQLite database (%s); it was left as it is: restore a "
                         "copy, or move it aside to start a new one" % (path, bad))
    if names and not set(TABLES) <= names:
        raise StoreError("%s is an SQLite database of something else (no games/events tables); "
                         "it was left as it is: give another --db path" % path)


# The sqlite error names that mean the file itself is damaged (every other error is about the
# disk, the directory, a lock: the file may be healthy).
DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")


def unwritable(path: str) -> str | None:
    """Why nothing can be written at ``path`` (a read-only file system, file or directory), or
    None. os.access answers for root too on a read-only mount or an immutable file."""
    d = os.path.dirname(os.path.abspath(path))
    try:
        if os.statvfs(d).f_flag & os.ST_RDONLY:
            return "it is on a read-only file system"
    except OSError:
        pass
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "the file is read-only"
    if not os.access(d, os.W_OK):
        return "its directory %s is read-only" % d
    return None


def disk_full(path: str) -> bool:
    try:
        st = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


def why(exc, path: str) -> str:
    """The reason of an sqlite3 error in words (one line), from its error name and the disk."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name == "SQLITE_FULL" or (name.startswith("SQLITE_IOERR") and disk_full(path)):
        return "the disk is full"
    if name.startswith("SQLITE_READONLY") or name.startswith("SQLITE_CANTOPEN"):
        ro = unwritable(path)
        if ro:
            return "it is read-only (%s)" % ro
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return "another program holds it locked (try again when it is done)"
    return " ".join(str(exc).split())[:120]


def cannot_write(path: str) -> str | None:
    """Why nothing can be written at ``path`` in words ("it is read-only (...)", "the disk is
    full"), or None: then the store is opened for reading only and every write refused."""
    ro = unwritable(path)
    if ro:
        return "it is read-only (%s)" % ro
    if disk_full(path):
        return "the disk is full"
    return None


def read_only_connection(path: str, check_same_thread: bool = True):
    """A connection that never writes. In a read-only directory, or on a full disk, a WAL
    database's -shm cannot be made: then, when no -wal holds frames the file lacks, it is read
    as immutable (nobody can write there either)."""
    uri = "file:%s?mode=ro" % _uri_path(path)
    try:
        db = sqlite3.connect(uri, uri=True, check_same_thread=check_same_thread)
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        return db
    except sqlite3.OperationalError as exc:
        name = str(getattr(exc, "sqlite_errorname", ""))
        if not name.startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_FULL")) \
                or not cannot_write(path):
            raise
        wal = path + "-wal"
        if os.path.exists(wal) and os.path.getsize(wal) > 0:
            raise
    return sqlite3.connect(uri + "&immutable=1", uri=True, check_same_thread=check_same_thread)


def _uri_path(path: str) -> str:
    from urllib.parse import quote
    return quote(os.path.abspath(path))


class Store:
    def __init__(self, path: str | None = None, create: bool = True):
        """Open (``create``: or make) the game database at ``path`` (default: $COMANDO_DB, else
        the per-user data directory, made if missing). StoreError when it cannot be used."""
        self.path = path or default_path()
        if self.path != ":memory:":
            made_dirs = not path and not os.environ.get(ENV)
            if made_dirs and create:
                os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            check_path(self.path, create, made_dirs)
        self.commits = 0
        self.unsynced = None      # the game of a commit made with durable=False the disk may not hold yet
        self._rdb = None
        self.readonly = None      # why nothing can be written (read-only, the disk full), or None
        self._pending = {}        # games filed but not yet stored: they go in with their events
        self._summaries = None    # the views of the games this store writes (summaries.Writer)
        # one connection, possibly used by the link's writer thread and the main thread: a
        # transaction holds the lock from BEGIN to COMMIT, reads take it too
        self.lock = threading.RLock()
        fresh = self.path == ":memory:" or not os.path.exists(self.path) \
            or os.path.getsize(self.path) == 0
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            from comando_host.store import summaries
            if fresh:   # a new store's tables in one transaction: one sync, not one per table
                self.db.executescript("BEGIN IMMEDIATE;\n%s%sPRAGMA user_version=%d;\nCOMMIT;"
                                      % (SCHEMA, summaries.SCHEMA, SCHEMA_VERSION))
            else:
                self.db.executescript(SCHEMA)
                self.db.executescript(summaries.SCHEMA)
            summaries.migrate(self.db)
            self._migrate()
        except (sqlite3.DatabaseError, StoreError) as exc:
            # a read-only store (or one on a full disk) still reads: open it so, and refuse
            # every write in one line
            ro = cannot_write(self.path) if self.path != ":memory:" else None
            if not ro or not os.path.exists(self.path):
                if isinstance(exc, StoreError):
                    raise
                raise StoreError("cannot open the game database %s: %s"
                                 % (self.path, why(exc, self.path))) from None
            self.readonly = ro
            try:
                self.db.close()
            except (AttributeError, sqlite3.Error):
                pass
            try:
                self.db = read_only_connection(self.path, check_same_thread=False)
                have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
            except sqlite3.DatabaseError as exc2:
                raise StoreError("cannot read the game database %s: %s"
                                 % (self.path, why(exc2, self.path))) from None
            if not {"board", "ruleset", "fw"} <= have:
                raise StoreError("the game database %s was made by an older version and needs "
                                 "an update, but %s" % (self.path, ro))

    def _migrate(self):
        """Bring a database made by an older version up to date (idempotent, in place):
        the games columns that may be missing, then (schema 1) each game's board and ruleset
        taken from its stored ``new`` event where they were left empty."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        with self._tx():
            for col in ("board", "ruleset", "fw"):
                if col not in have:
                    self.db.execute("ALTER TABLE games ADD COLUMN %s TEXT NOT NULL DEFAULT ''" % col)
            if self.db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                rows = self.db.execute(
                    "SELECT g.id, e.body FROM games g JOIN events e ON e.game=g.id"
                    " WHERE e.kind='event' AND e.t='new' AND (g.board='' OR g.ruleset='')").fetchall()
                for game, body in rows:
                    try:
                        ev = json.loads(body)
                    except ValueError:
                        continue
                    board, ruleset = new_game_info(ev)
                    self.db.execute("UPDATE games SET board=CASE WHEN board='' THEN ? ELSE board END,"
                                    " ruleset=CASE WHEN ruleset='' THEN ? ELSE ruleset END"
                                    " WHERE id=?", (board, ruleset, game))
                self.db.execute("PRAGMA user_version=%d" % SCHEMA_VERSION)

    def close(self):
        if self._rdb is not None:
            self._rdb.close()
        self.db.close()

    @property
    def journal_mode(self) -> str:
        return self.db.execute("PRAGMA journal_mode").fetchone()[0]

    # -- writing ---------------------------------------------------------------------------

    def ensure_game(self, game: str, board: str = "", ruleset: str = "", fw: str = "",
                    origin: str = "device") -> bool:
        """File a game (fills in board/fw if they were unknown). True if new. A new game is
        stored only with its first events, in their transaction (add_events): a crash between
        the two never leaves an empty game in the store."""
        with self.lock:
            row = self._query("SELECT board, fw FROM games WHERE id=?", (game,))
            if not row:
                old = self._pending.get(game)
                if old is None:
                    self._pending[game] = [board, ruleset, fw, origin, time.time()]
                else:
                    old[0] = old[0] or board
                    old[1] = old[1] or ruleset
                    old[2] = fw or old[2]
                return True
            row = row[0]
            if (board and not row[0]) or (fw and fw != row[1]):
                with self._tx():
                    self.db.execute("UPDATE games SET board=COALESCE(NULLIF(?, ''), board), fw=?"
                                    " WHERE id=?", (board, fw or row[1], game))
            return False

    def add_events(self, game: str, events, snapshot=None, durable: bool = True) -> int:
        """Store events (dicts with "seq") durably in one transaction; returns the highest seq.

        ``snapshot`` (seq, the device's state dict) is stored first when given. An event whose seq is already
        stored must be identical (else ValueError: the logs diverged). A game filed by
        ensure_game and not stored yet goes in with them. StoreError (one line) when the
        database cannot be written (the disk full, read-only): nothing of the batch is stored.
        ``durable=False``: committed without waiting for the disk (a crash of this program loses
        none of it, a power cut may, until the next durable commit or ``sync``).
        """
        now = time.time()
        events = list(events)
        with self._tx(durable):
            if events or snapshot is not None:
                self._file_pending(game)
            top = self._insert_snapshot(game, snapshot, now) if snapshot is not None else 0
            top = max(top, self._insert_events(game, events, now))
            self.db.execute("UPDATE games SET updated=? WHERE id=?", (now, game))
            try:
                self._summarize(game, events, snapshot)
            except BaseException:
                # the batch rolls back: the view fed with it is no longer the store's
                if self._summaries is not None:
                    self._summaries.forget(game)
                raise
        self._pending.pop(game, None)
        # (a durable commit syncs the WAL, and with it every frame before its own)
        self.unsynced = None if durable else game
        return top

    def sync(self) -> None:
        """Wait for the disk to hold every commit made with ``durable=False``: a durable commit
        (the last update of the game written so) whose WAL sync carries the frames before its
        own; nothing to do when there are none."""
        if self.unsynced is not None:
            with self._tx():
                self.db.execute("UPDATE games SET updated=? WHERE id=?", (time.time(), self.unsynced))
            self.unsynced = None

    def add_records(self, game: str, records, batch: int = 2000) -> int:
        """Store a whole game's ``records`` (("event", ev) or ("snapshot", seq, payload), in
        order; an iterable read as it goes) in one transaction, written ``batch`` rows at a
        time: a long import never holds them all, and a failure stores none of them (as
        add_events). Its summary row is folded once, at the end, from the rows stored."""
        from comando_host.text.view import GameView
        now = time.time()
        top = 0
        view = GameView(packed=True, texts=False)     # its summary, fed as the rows go in
        with self._tx():
            filed = False
            events = []
            for r in records:
                if not filed:
                    self._file_pending(game)
                    filed = True
                    g = self.game(game) or {"board": "", "fw": ""}
                    view.hello({"game": game, "board": g["board"], "fw": g["fw"]}, 0)
                view.replay((r,))
                if r[0] == "snapshot":
                    top = max(top, self._insert_events(game, events, now))
                    events = []
                    top = max(top, self._insert_snapshot(game, (r[1], r[2]), now))
                    continue
                events.append(r[1])
                if len(events) >= batch:
                    top = max(top, self._insert_events(game, events, now))
                    events = []
            top = max(top, self._insert_events(game, events, now))
            self.db.execute("UPDATE games SET updated=? WHERE id=?", (now, game))
            if self._summaries is not None:
                self._summaries.forget(game)     # the view fed above is the game's
            if not filed:                        # nothing stored: the view of the rows there
                view = None
            try:
                self._summarize(game, [], None, view)
            except BaseException:
                if self._summaries is not None:
                    self._summaries.forget(game)
                raise
        self._pending.pop(game, None)
        return top

    def _file_pending(self, game):
        """The games row of a game filed by ensure_game, in the transaction of its first rows."""
        pending = self._pending.get(game)
        if pending is not None and not self.db.execute(
                "SELECT 1 FROM games WHERE id=?", (game,)).fetchone():
            board, ruleset, fw, origin, created = pending
            self.db.execute("INSERT INTO games(id, board, ruleset, fw, origin, created, updated)"
                            " VALUES (?,?,?,?,?,?,?)",
                            (game, board, ruleset, fw, origin, created, time.time()))

    def _insert_snapshot(self, game, snapshot, now) -> int:
        seq, payload = snapshot
        self.db.execute("INSERT OR REPLACE INTO events(game, seq, kind, t, body, received)"
                        " VALUES (?,?,?,?,?,?)", (game, seq, "snapshot", "@snapshot",
                                                  dumps(payload), now))
        return seq

    def _insert_events(self, game, events, now) -> int:
        """Insert ``events`` (inside a transaction); an event already stored must be identical
        (ValueError). Their highest seq (0 for none)."""
        top = 0
        rows = []
        for ev in events:
            seq = ev["seq"]
            rows.append((game, seq, "event", ev["t"], dumps(ev), now))
            top = max(top, seq)
            if ev["t"] == "new":
                self._players(game, ev)
        if rows:
            try:
                self.db.executemany("INSERT INTO events(game, seq, kind, t, body, received)"
                                    " VALUES (?,?,?,?,?,?)", rows)
            except sqlite3.IntegrityError:
                for r in rows:
                    old = self.db.execute("SELECT body FROM events WHERE game=? AND seq=?",
                                          (game, r[1])).fetchone()
                    if old is None:
                        self.db.execute("INSERT INTO events(game, seq, kind, t, body, received)"
                                        " VALUES (?,?,?,?,?,?)", r)
                    elif old[0] != r[4]:
                        raise ValueError("game %s: event %d differs from the stored one"
                                         % (game, r[1]))
        return top

    def follow(self, game: str, view) -> None:
        """Keep ``game``'s summary row from ``view``, fed each batch this store writes (a game
        this process plays: ``text.view.PlayedGameView``); a game another writer touched in
        between is folded from the store again, as any."""
        from comando_host.store import summaries
        if self._summaries is None:
            self._summaries = summaries.Writer()
        self._summaries.follow(game, view)

    def _summarize(self, game, events, snapshot, view=None):
        """The game's summary row, in the events' transaction (summaries.py); ``view``: the
        game's view already folded (add_records), else it is kept or folded from the store."""
        from comando_host.store import summaries
        if self._summaries is None:
            self._summaries = summaries.Writer()
        try:
            self._summaries.fold(self.db, game, events, snapshot,
                                 self._fold if view is None else (lambda _game: view))
        except sqlite3.Error:
            raise
        except Exception:
            # a log the laptop's view cannot read is still stored: its row goes stale and the
            # listing shows it as it always did (folded, "-" where it cannot tell)
            self._summaries.forget(game)
            self.db.execute("DELETE FROM summaries WHERE game=?", (game,))

    def _fold(self, game):
        """The view of a stored game for its summary row, folded row by row with its history
        packed (a long game never all in memory as dicts)."""
        from comando_host.text.view import GameView
        g = self.game(game) or {"board": "", "fw": ""}
        view = GameView(packed=True, texts=False)   # (a row's fields: no line worded)
        view.hello({"game": game, "board": g["board"], "fw": g["fw"]}, 0)
        view.replay(self.iter_records(game))
        return view

    def summaries(self):
        """{game: (last seq folded, players list, result, board, ruleset, events or -1)} of the
        kept rows."""
        out = {}
        try:
            rows = self._query("SELECT game, seq, players, result, board, ruleset, events"
                               " FROM summaries")
        except sqlite3.Error:
            return out            # a read-only database made before summaries
        for game, seq, players, result, board, ruleset, events in rows:
            try:
                names = json.loads(players)
            except ValueError:
                continue          # a damaged row is stale: the listing folds that game
            out[game] = (seq, names if isinstance(names, list) else [], result, board, ruleset,
                         events)
        return out

    def listing(self):
        """Rows (id, board, ruleset, fw, origin, created, updated, last seq), newest first: what
        `comando games` needs besides the summaries, without counting every game's events (the
        last seq is one look in the events' key)."""
        return self._query(
            "SELECT g.id, g.board, g.ruleset, g.fw, g.origin, g.created, g.updated,"
            " (SELECT COALESCE(MAX(seq), 0) FROM events e WHERE e.game=g.id)"
            " FROM games g ORDER BY g.updated DESC")

    def event_count(self, game: str) -> int:
        return self._query("SELECT COUNT(*) FROM events WHERE game=? AND kind='event'",
                           (game,))[0][0]

    def keep_summaries(self, rows):
        """Write summary rows folded by a reader (``[(game, seq, view)]``), when the store may be
        written; a failure here loses nothing (the next listing folds again)."""
        from comando_host.store import summaries
        if self.readonly or not rows:
            return
        try:
            with self._tx():
                for game, seq, view in rows:
                    summaries.write(self.db, game, seq, view)
        except StoreError:
            pass

    def find_log(self, events) -> str | None:
        """The stored game whose events are the start of ``events`` (a log being resumed)."""
        if not events:
            return None
        first = dumps(events[0])
        for (gid,) in self._query("SELECT game FROM events WHERE seq=? AND kind='event' AND body=?",
                                  (events[0].get("seq", 1), first)):
            mine = self.events(gid)
            if len(mine) <= len(events) and [dumps(e) for e in mine] == \
                    [dumps(e) for e in events[:len(mine)]]:
                return gid
        return None

    def _players(self, game, ev):
        players = ev.get("players") or ev.get("p") or []
        if not isinstance(players, list):
            players = []
        colours = ev.get("colours") or []
        for seat, p in enumerate(players):
            if isinstance(p, dict):
                name = str(p.get("name", p.get("n", seat)))
                colour = str(p.get("colour", p.get("c", "")))
            else:
                name, colour = str(p), str(colours[seat]) if seat < len(colours) else ""
            self.db.execute("INSERT OR REPLACE INTO players(game, seat, name, colour) VALUES"
                            " (?,?,?,?)", (game, seat, name, colour))
        ruleset = ev.get("ruleset") or ev.get("rs")
        board = ev.get("board")
        if not board and isinstance(ev.get("o"), dict):  # a table session names it in its options
            board = ev["o"].get("board")
        if ruleset:
            self.db.execute("UPDATE games SET ruleset=? WHERE id=?", (str(ruleset), game))
        if board:
            self.db.execute("UPDATE games SET board=? WHERE id=?", (str(board), game))

    class _Tx:
        """BEGIN IMMEDIATE .. COMMIT under the store's lock. Any sqlite3 error on the way (the
        disk full, a read-only file, a lock) rolls back and becomes one StoreError line."""

        def __init__(self, store, durable=True):
            self.store = store
            self.durable = durable

        def __enter__(self):
            store = self.store
            if store.readonly:
                raise StoreError("cannot store in the game database %s: %s; nothing was stored "
                                 "(reading it works)" % (store.path, store.readonly))
            store.lock.acquire()
            try:
                if not self.durable:
                    store.db.execute("PRAGMA synchronous=NORMAL")
                store.db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                self._full()
                store.lock.release()
                raise store._failed(exc) from None
            except BaseException:
                self._full()
                store.lock.release()
                raise

        def __exit__(self, etype, exc, tb):
            store = self.store
            try:
                if etype is None:
                    try:
                        store.db.execute("COMMIT")
                    except sqlite3.Error as err:
                        self._rollback()
                        raise store._failed(err) from None
                    store.commits += 1
                else:
                    self._rollback()
                    if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                        raise store._failed(exc) from None
            finally:
                try:
                    self._full()
                finally:
                    store.lock.release()
            return False

        def _full(self):
            """Back to the store's own level after a commit that did not wait for the disk."""
            if not self.durable:
                try:
                    self.store.db.execute("PRAGMA synchronous=FULL")
                except sqlite3.Error:
                    pass   # (the next commit fails and says why)

        def _rollback(self):
            db = self.store.db
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass   # sqlite rolled back itself (a full disk at COMMIT may do that)

    def _failed(self, exc) -> StoreError:
        return StoreError("cannot store in the game database %s: %s; nothing of this write was "
                          "stored (what was stored before is intact)" % (self.path, why(exc, self.path)))

    def _tx(self, durable=True):
        return Store._Tx(self, durable)

    # -- reading ---------------------------------------------------------------------------

    def _query(self, sql, args=()):
        with self.lock:
            return self.db.execute(sql, args).fetchall()

    def last_seq(self, game: str) -> int:
        row = self._query("SELECT MAX(seq) FROM events WHERE game=?", (game,))[0]
        return row[0] or 0

    def committed_last_seq(self, game: str) -> int:
        """last_seq as committed to disk, from a connection of its own: safe to call while
        another thread is in the middle of a write transaction on ``db`` (what the link may tell
        the device it holds)."""
        if self.path == ":memory:":
            return self.last_seq(game)
        if self._rdb is None:
            self._rdb = (read_only_connection(self.path, check_same_thread=False) if self.readonly
                         else sqlite3.connect(self.path, isolation_level=None,
                                              check_same_thread=False))
        row = self._rdb.execute("SELECT MAX(seq) FROM events WHERE game=?", (game,)).fetchone()
        return row[0] or 0

    def games(self):
        """Rows (id, board, ruleset, fw, origin, created, updated, events, last seq)."""
        return self._query(
            "SELECT g.id, g.board, g.ruleset, g.fw, g.origin, g.created, g.updated,"
            " (SELECT COUNT(*) FROM events e WHERE e.game=g.id AND e.kind='event'),"
            " (SELECT COALESCE(MAX(seq), 0) FROM events e WHERE e.game=g.id)"
            " FROM games g ORDER BY g.updated DESC")

    def game(self, game: str):
        rows = self._query("SELECT id, board, ruleset, fw, origin, created, updated FROM games"
                           " WHERE id=?", (game,))
        if not rows:
            return None
        row = rows[0]
        keys = ("id", "board", "ruleset", "fw", "origin", "created", "updated")
        return dict(zip(keys, row))

    def find_game(self, text: str) -> str:
        """A game id from a full id or a unique prefix; ValueError naming it otherwise."""
        if self.game(text):
            return text
        rows = self._query("SELECT id FROM games WHERE id LIKE ? ESCAPE '\\'",
                           (text.replace("%", "\\%").replace("_", "\\_") + "%",))
        if len(rows) == 1:
            return rows[0][0]
        if not rows:
            raise ValueError("no stored game %r (comando games lists them)" % text)
        raise ValueError("%r matches %d games: %s" % (text, len(rows), ", ".join(r[0] for r in rows[:5])))

    def players(self, game: str):
        return self._query("SELECT seat, name, colour FROM players WHERE game=? ORDER BY seat",
                           (game,))

    def records(self, game: str):
        """Every stored row in order: ("event", event) or ("snapshot", seq, payload)."""
        out = []
        for seq, kind, body in self._query(
                "SELECT seq, kind, body FROM events WHERE game=? ORDER BY seq", (game,)):
            if kind == "snapshot":
                out.append(("snapshot", seq, json.loads(body)))
            else:
                out.append(("event", json.loads(body)))
        return out

    def iter_records(self, game: str):
        """``records`` one row at a time (a long game is never all in memory)."""
        with self.lock:
            cur = self.db.cursor()
            try:
                cur.execute("SELECT seq, kind, body FROM events WHERE game=? ORDER BY seq",
                            (game,))
                for seq, kind, body in cur:
                    if kind == "snapshot":
                        yield ("snapshot", seq, json.loads(body))
                    else:
                        yield ("event", json.loads(body))
            finally:
                cur.close()

    def first_event(self, game: str):
        """The game's first stored event, or None."""
        rows = self._query("SELECT body FROM events WHERE game=? AND kind='event' ORDER BY seq"
                           " LIMIT 1", (game,))
        return json.loads(rows[0][0]) if rows else None

    def has_snapshot(self, game: str) -> bool:
        return bool(self._query("SELECT 1 FROM events WHERE game=? AND kind='snapshot' LIMIT 1",
                                (game,)))

    def records_after(self, game: str, seq: int):
        """The rows of ``records`` whose seq is above ``seq`` (a live reader's next batch)."""
        out = []
        for seq_, kind, body in self._query(
                "SELECT seq, kind, body FROM events WHERE game=? AND seq>? ORDER BY seq",
                (game, seq)):
            if kind == "snapshot":
                out.append(("snapshot", seq_, json.loads(body)))
            else:
                out.append(("event", json.loads(body)))
        return out

    def newest_game(self):
        """The id of the game updated last, or None (cheap enough to poll)."""
        rows = self._query("SELECT id FROM games ORDER BY updated DESC LIMIT 1")
        return rows[0][0] if rows else None

    def events(self, game: str):
        return [r[1] for r in self.records(game) if r[0] == "event"]
