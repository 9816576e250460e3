"""The club's data layer on a real PostgreSQL database (club/db.py, club/schema.py)."""

import time

import psycopg
import pytest
from clubtools import play_bot_game, stored_events

from comando_host.club import schema
from comando_host.club.db import Club, ClubError
from comando_host.club.seal import Sealer


def sealed(db, gid, key=b"k"):
    s = Sealer(key, gid)
    return [s.feed(e) for e in stored_events(db, gid)]


def test_schema_is_migrated_once_and_a_newer_one_is_refused(pg_url):
    club = Club(pg_url)
    club.close()
    with psycopg.connect(pg_url) as conn:
        assert schema.current(conn) == schema.VERSION
        assert schema.migrate(conn) == (schema.VERSION, schema.VERSION)   # a second start
        conn.execute("UPDATE schema_version SET version=%s", (schema.VERSION + 1,))
        conn.commit()
    with pytest.raises(schema.SchemaTooNew, match="newer than this comando"):
        Club(pg_url)


def test_push_is_idempotent_ordered_owned_and_folded(pg_url, tmp_path):
    club = Club(pg_url)
    cid = club.create_club("Club'; DROP TABLE games;--", "org<b>", "a long password")
    t1, token1 = club.create_table(cid, "<script>alert(1)</script>")
    t2, _ = club.create_table(cid, "table two")
    assert club.table(token1) == t1
    gid = play_bot_game(tmp_path / "t.db", seed=1)
    evs = sealed(tmp_path / "t.db", gid)
    assert club.push(t1, gid, evs[:100]) == 100
    assert club.push(t1, gid, evs[50:120]) == 120              # the overlap again: fine
    with pytest.raises(ClubError) as e:
        club.push(t1, gid, evs[130:140])
    assert e.value.status == 409 and e.value.extra["missing"] == 121 and "event 121 is missing" in str(e.value)
    forged = dict(evs[10], c=(evs[10].get("c", 0) + 1) % 50)
    with pytest.raises(ClubError) as e:
        club.push(t1, gid, [forged])
    assert e.value.status == 409 and "event 11 differs" in str(e.value)
    with pytest.raises(ClubError) as e:
        club.push(t2, gid, evs[120:125])
    assert e.value.status == 403
    bad = dict(evs[120])
    bad["t"] = "claim"
    with pytest.raises(ClubError) as e:
        club.push(t1, gid, [bad])
    assert e.value.status == 422 and "event 121" in str(e.value)
    leak = dict(evs[120], sec={"obj": [1]})
    with pytest.raises(ClubError) as e:
        club.push(t1, gid, [leak])
    assert e.value.status == 422 and "sealed secret" in str(e.value)
    assert club.push(t1, gid, evs[120:]) == len(evs)
    assert club.events(gid) == evs
    pub = club.game(gid)
    assert pub["table"] == "<script>alert(1)</script>" and pub["winner"] in pub["players"]
    assert [t["name"] for t in club.tables()] == ["<script>alert(1)</script>", "table two"]
    club.revoke_table(cid, t1)
    with pytest.raises(ClubError, match="revoked"):
        club.table(token1)
    with pytest.raises(ClubError) as e:
        club.login("org<b>", "wrong password")
    assert e.value.status == 401
    assert club.organiser(club.login("org<b>", "a long password"))[1] == cid
    club.close()
    with psycopg.connect(pg_url) as conn:   # the SQL in the name was a name, nothing more
        assert conn.execute("SELECT name FROM clubs").fetchone()[0] == "Club'; DROP TABLE games;--"
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        assert "a long password" not in conn.execute("SELECT pwhash FROM organisers").fetchone()[0]
        assert token1 not in str(conn.execute("SELECT token_hash FROM tables").fetchall())


def test_a_device_table_session_is_folded_by_the_session_rules(pg_url):
    """A device's table session (its new names no board) is folded by comando.session, as
    `comando replay` folds one; an illegal roll is refused naming it."""
    from devicekit import teg_events
    events = teg_events(seed=3)
    club = Club(pg_url, max_size=1)
    try:
        tid, _ = club.create_table(club.create_club("c", "o", "password!"), "device table")
        assert club.push(tid, "dev-1", events[:-3]) == len(events) - 3
        bad = dict(events[-3], p=(events[-3]["p"] + 2) % 4)    # a roll by a seat not to play
        with pytest.raises(ClubError) as e:
            club.push(tid, "dev-1", [bad])
        assert e.value.status == 422 and "event %d (roll)" % bad["seq"] in str(e.value)
        assert club.push(tid, "dev-1", events) == len(events)
        assert club.events("dev-1") == events
        pub = club.game("dev-1")
        assert pub["players"] == ["blue", "red", "black", "yellow"] and pub["ruleset"] == "teg"
    finally:
        club.close()


def test_a_push_by_token_is_checked_in_its_own_transaction_and_a_refusal_stores_nothing(
        pg_url, tmp_path):
    """The server's push (token checked in the push's pipelined transaction, the events, the
    game's row and the notification in one statement): a forged, replayed-but-changed,
    out-of-order, illegal or unsealed batch, another table's game, an unknown or revoked token
    store nothing of it and notify nothing; each stored push is one notification."""
    club = Club(pg_url, max_size=2)
    cid = club.create_club("pipelined", "org", "a long password")
    t1, token1 = club.create_table(cid, "one")
    _, token2 = club.create_table(cid, "two")
    gid = play_bot_game(tmp_path / "t.db", seed=2)
    evs = sealed(tmp_path / "t.db", gid)
    listen = psycopg.connect(pg_url, autocommit=True)
    listen.execute("LISTEN club_events")

    def heard():
        return [n.payload for n in listen.notifies(timeout=0.3)]

    def refused(token, batch, status, words):
        with pytest.raises(ClubError) as e:
            club.push(None, gid, batch, token)
        assert e.value.status == status and words in str(e.value), str(e.value)

    def stored():
        with psycopg.connect(pg_url) as conn:
            last = conn.execute("SELECT last_seq FROM games WHERE id=%s", (gid,)).fetchone()
            n = conn.execute("SELECT count(*) FROM events WHERE game=%s", (gid,)).fetchone()[0]
        return (last[0] if last else None), n

    try:
        refused("not a token", evs[:10], 401, "unknown table token")
        refused(token1, evs[1:10], 409, "send from event 1")
        assert stored() == (None, 0) and heard() == []
        assert club.push(None, gid, evs[:10], token1) == 10
        assert club.push(None, gid, evs[10:20], token1) == 20
        assert heard() == ["%s 10" % gid, "%s 20" % gid]
        assert club.push(None, gid, evs[5:20], token1) == 20       # replayed as it was: fine
        forged = dict(evs[15], c=(evs[15].get("c", 0) + 1) % 50)
        refused(token1, evs[14:15] + [forged] + evs[16:24], 409, "event 16 differs")
        refused(token1, evs[21:25], 409, "event 21 is missing")
        illegal = dict(evs[23], t="claim")
        refused(token1, evs[20:23] + [illegal], 422, "event 24")   # 21-23 legal: none kept
        refused(token1, evs[20:22] + [dict(evs[22], sec={"obj": [1]})], 422, "sealed secret")
        refused(token2, evs[20:24], 403, "another table's")
        assert stored() == (20, 20) and heard() == []
        club.revoke_table(cid, t1)
        refused(token1, evs[20:24], 401, "revoked")
        assert stored() == (20, 20) and heard() == []
        assert club.events(gid) == evs[:20]
    finally:
        listen.close()
        club.close()


def test_the_clubs_games_share_one_board_and_a_board_that_does_not_load_is_refused(
        pg_url, tmp_path):
    """A new game's first fold reads no board file again (fold.shared_board: one of each per
    process, for the pushes' folds and the page's cards alike); a board that does not load is
    refused by the game's own fold, naming its event, and nothing of it is stored."""
    from comando_host.club.clubgames import ClubGames
    club = Club(pg_url, max_size=2)
    cid = club.create_club("boards", "org", "a long password")
    games = {}
    for seed in (1, 2):
        table, _ = club.create_table(cid, "table %d" % seed)
        gid = play_bot_game(tmp_path / ("t%d.db" % seed), seed=seed)
        games[gid] = sealed(tmp_path / ("t%d.db" % seed), gid)
        assert club.push(table, gid, games[gid][:10]) == 10
    a, b = (club._folds[g].state.board for g in games)
    assert a is b and a.id == next(iter(games.values()))[0]["board"]
    page = ClubGames(club)
    cards = page.latest_cards(club.latest_games())
    assert len(cards) == 2 and all(page.games[g]._seek(10).rec.board is a for g in games)
    bad = dict(next(iter(games.values()))[0], board="no-such-board")
    with pytest.raises(ClubError) as e:
        club.push(table, "bad-board", [bad])
    assert e.value.status == 422 and "event 1 (new)" in str(e.value), str(e.value)
    assert club.game("bad-board") is None
    club.close()


def test_a_pool_connection_the_database_closed_is_replaced_before_use(pg_url):
    """db.idle_check, the pool's check without a round trip: a connection whose backend the
    database ended (a restart, an administrator's pg_terminate_backend) has its goodbye on its
    socket; it is closed and a new one given, so the next request works, not a 503."""
    club = Club(pg_url, max_size=1)
    try:
        cid = club.create_club("replaced", "org", "a long password")
        with club.pool.connection() as conn:
            pid = conn.info.backend_pid
        with psycopg.connect(pg_url, autocommit=True) as admin:
            assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]
        for _ in range(100):    # the backend's goodbye reaching the socket
            with club.pool.connection() as conn:
                if conn.info.backend_pid != pid:
                    break
            time.sleep(0.05)
        assert club.club_id("replaced") == cid
        with club.pool.connection() as conn:
            assert conn.info.backend_pid != pid
    finally:
        club.close()
