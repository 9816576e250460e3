"""The club's PostgreSQL schema, versioned: ``MIGRATIONS[i]`` brings a database from version i
to i+1; ``migrate`` runs the missing ones at start, in one transaction under an advisory lock
(several server processes may start at once on one database). A database of a newer version
than this program knows is refused in one line (SchemaTooNew), never written.

Tables:
    schema_version  one row: the version the database is at
    clubs           a club (its name)
    organisers      who runs a club: login and an argon2 hash of the password
    sessions        an organiser's logins: sha256 of the session token, until when
    tables          a club's tables: name, sha256 of the table's token (the token itself is
                    shown once, when made), revoked (a time, or NULL)
    games           one row per game a table pushed: its table, ruleset, board, last seq stored
    events          every event of a game, PRIMARY KEY (game, seq), as canonical JSON text
                    (idempotence compares the text: the same event again is the same bytes)

Version 2 (tournaments, ratings, statistics; docs/club.md):
    players         a club's players, by the name they sit at a table with
    results         one row per seat of a finished game: place, won, by objective, countries
                    held, armies lost and the dice's expected losses (luck), rating after
    ratings         a player's openskill rating per ruleset (mu, sigma), games rated
    tournaments     a club's tournament: ruleset, its scoring scheme (the data file's JSON, copied
                    when made: a later edit of the file does not rewrite its standings)
    entrants        who registered
    rounds          a tournament's rounds: the draw's seed, the round's clock options, closed
    seats           the draw: a round's tables (1..), each player's seat
    round_games     the game each drawn table played (linked when it ends)

Version 3 (the round's clock on each table; docs/decisions/club-round-at-the-table.md):
    round_tables    which of the club's tables (its laptop, its token) plays each drawn table
                    of a round: assigned at the draw, in the tables' order
"""

from __future__ import annotations

MIGRATIONS = [
    # 0 -> 1
    """
    CREATE TABLE clubs (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE organisers (
        id BIGSERIAL PRIMARY KEY,
        club BIGINT NOT NULL REFERENCES clubs(id),
        login TEXT NOT NULL UNIQUE,
        pwhash TEXT NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        organiser BIGINT NOT NULL REFERENCES organisers(id),
        expires TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE tables (
        id BIGSERIAL PRIMARY KEY,
        club BIGINT NOT NULL REFERENCES clubs(id),
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created TIMESTAMPTZ NOT NULL DEFAULT now(),
        revoked TIMESTAMPTZ,
        UNIQUE (club, name)
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        table_id BIGINT NOT NULL REFERENCES tables(id),
        ruleset TEXT NOT NULL DEFAULT '',
        board TEXT NOT NULL DEFAULT '',
        last_seq INTEGER NOT NULL DEFAULT 0,
        created TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX games_table ON games(table_id);
    CREATE TABLE events (
        game TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        received TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (game, seq)
    );
    """,
    # 1 -> 2
    """
    CREATE TABLE players (
        id BIGSERIAL PRIMARY KEY,
        club BIGINT NOT NULL REFERENCES clubs(id),
        name TEXT NOT NULL,
        UNIQUE (club, name)
    );
    CREATE TABLE results (
        game TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        player BIGINT NOT NULL REFERENCES players(id),
        place INTEGER NOT NULL,
        won BOOLEAN NOT NULL,
        objective BOOLEAN NOT NULL,
        countries INTEGER NOT NULL,
        lost INTEGER NOT NULL,
        expected DOUBLE PRECISION NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        ended TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (game, seat)
    );
    CREATE INDEX results_player ON results(player);
    CREATE TABLE ratings (
        player BIGINT NOT NULL REFERENCES players(id),
        ruleset TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player, ruleset)
    );
    CREATE TABLE tournaments (
        id BIGSERIAL PRIMARY KEY,
        club BIGINT NOT NULL REFERENCES clubs(id),
        name TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        scheme TEXT NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now(),
        UNIQUE (club, name)
    );
    CREATE TABLE entrants (
        tournament BIGINT NOT NULL REFERENCES tournaments(id),
        player BIGINT NOT NULL REFERENCES players(id),
        PRIMARY KEY (tournament, player)
    );
    CREATE TABLE rounds (
        tournament BIGINT NOT NULL REFERENCES tournaments(id),
        number INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        clock TEXT NOT NULL DEFAULT '{}',
        closed TIMESTAMPTZ,
        PRIMARY KEY (tournament, number)
    );
    CREATE TABLE seats (
        tournament BIGINT NOT NULL,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        player BIGINT NOT NULL REFERENCES players(id),
        PRIMARY KEY (tournament, round, player),
        FOREIGN KEY (tournament, round) REFERENCES rounds(tournament, number)
    );
    CREATE TABLE round_games (
        tournament BIGINT NOT NULL,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        game TEXT NOT NULL UNIQUE REFERENCES games(id),
        PRIMARY KEY (tournament, round, table_no),
        FOREIGN KEY (tournament, round) REFERENCES rounds(tournament, number)
    );
    """,
    # 2 -> 3
    """
    CREATE TABLE round_tables (
        tournament BIGINT NOT NULL,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        table_id BIGINT NOT NULL REFERENCES tables(id),
        PRIMARY KEY (tournament, round, table_no),
        UNIQUE (tournament, round, table_id),
        FOREIGN KEY (tournament, round) REFERENCES rounds(tournament, number)
    );
    CREATE INDEX round_tables_table ON round_tables(table_id);
    """,
]

VERSION = len(MIGRATIONS)
LOCK_KEY = 0x636C7562  # "club": the advisory lock every starting server takes to migrate


class SchemaTooNew(RuntimeError):
    """The database was made by a newer comando: one line, nothing written."""


def current(conn) -> int:
    """The database's schema version (0: empty)."""
    row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if not row[0]:
        return 0
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    return row[0] if row else 0


def migrate(conn) -> tuple[int, int]:
    """Bring the database to VERSION; (version before, after). ``conn`` in autocommit off."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        before = current(conn)
        if before > VERSION:
            raise SchemaTooNew(
                "the club database is at schema version %d, newer than this comando knows (%d): "
                "upgrade comando; nothing was changed" % (before, VERSION))
        if before == 0:
            conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            conn.execute("INSERT INTO schema_version VALUES (0)")
        for i in range(before, VERSION):
            conn.execute(MIGRATIONS[i])
        conn.execute("UPDATE schema_version SET version=%s", (VERSION,))
    return before, VERSION
