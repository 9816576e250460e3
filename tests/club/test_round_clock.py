"""The round's clock on each table (issue 25: "the round's clock set by the organiser and shown
on each table ... with the tournament's end procedure"), end to end on a real throwaway
PostgreSQL cluster: the organiser draws a round and sets its clock; each table's token reads its
drawn table, players and clock (GET /api/table); the real `comando play --club` starts the game
with them, the real `comando club join` says the round and pushes the game; the club's stored
events carry the clock (the `new` event's options, every event's `ts` stamp) and the game is
linked to its drawn table. docs/decisions/club-round-at-the-table.md."""

import pytest
from clubtools import comando, new_table, organiser_token, stored_games
from test_tournament import bot_game_of, push_game


CLUB = "Round club"
PLAYERS = ["Ana", "Beto", "<i>Caro</i>", "Dani'; --", "Eva", "Fede", "Gus", "Hebe"]


@pytest.fixture(scope="module")
def club(club_server):
    """The module's club (CLUB) and its server: tests/club/conftest.py's club_server."""
    return club_server


def tour(server, *argv):
    return comando("club", "tournament", argv[0], "--db-url", server.db_url, "--club", CLUB,
                   *argv[1:])


def test_the_organisers_clock_reaches_the_tables_game_and_its_events(club, tmp_path):
    org = organiser_token(club)
    tables = [new_table(club, org, "table %d" % i) for i in (1, 2)]
    spare = new_table(club, org, "spare")           # a third table: no drawn table for it
    r = tour(club, "create", "Clock cup", "--ruleset", "teg")
    assert r.returncode == 0, r.stderr
    tid = int(r.stdout.split("(id ")[1].split(")")[0])
    assert tour(club, "register", "Clock cup", *PLAYERS).returncode == 0
    # before the draw the table plays no round: `comando play --club` says so in one line
    status, answer = club.call("GET", "/api/table", token=tables[0][1])
    assert status == 200 and answer == {"table": tables[0][0], "round": None}
    db = tmp_path / "table1.db"
    r = comando("play", "--club", club.url, "--token", tables[0][1], "--db", str(db),
                stdin="quit\n")
    assert r.returncode == 2 and "this table plays no open round" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr

    assert tour(club, "draw", "Clock cup", "--seed", "3").returncode == 0
    r = tour(club, "clock", "Clock cup", "1", "limit:90m,end:roll")
    assert r.returncode == 0, r.stderr
    status, info = club.call("GET", "/api/tournaments/%d" % tid)
    drawn = info["rounds"][0]["tables"]
    assert [t["at"] for t in drawn] == ["table 1", "table 2"]   # drawn table k: the k-th table
    for (table_id, token), t in zip(tables, drawn):
        status, answer = club.call("GET", "/api/table", token=token)
        assert status == 200 and answer["table"] == table_id
        rnd = answer["round"]
        assert rnd["tournament"] == "Clock cup" and rnd["round"] == 1 and rnd["ruleset"] == "teg"
        assert rnd["table_no"] == t["table"] and rnd["players"] == t["players"]
        assert rnd["clock"] == {"limit": 5400, "end": "roll"} and rnd["game"] is None
    assert club.call("GET", "/api/table", token=spare[1])[1]["round"] is None

    # the command line may not say otherwise than the round (one line each, exit 2)
    for extra, says in ((["--players", "x,y,z"], "the round seats"),
                        (["--ruleset", "war"], "the round is played with teg"),
                        (["--option", "clock=limit:30m,end:roll"], "the round's clock is the "
                                                                   "organiser's")):
        r = comando("play", "--club", club.url, "--token", tables[0][1], "--db", str(db), *extra,
                    stdin="quit\n")
        assert r.returncode == 2 and says in r.stderr, (extra, r.stderr)
        assert "Traceback" not in r.stderr
    r = comando("play", "--club", club.url, "--token", "not-a-token", "--db", str(db),
                stdin="quit\n")
    assert r.returncode == 2 and "refused this table's token" in r.stderr, r.stderr

    # another table's game of drawn table 1's players does not count for drawn table 1
    other = "table-2-plays-table-1s-players"
    push_game(club, tables[1][1], other, bot_game_of(drawn[0]["players"], seed=7))
    assert club.call("GET", "/api/games/%s" % other)[1]["winner"] in drawn[0]["players"]
    status, info = club.call("GET", "/api/tournaments/%d" % tid)
    assert [t["game"] for t in info["rounds"][0]["tables"]] == [None, None]
    # a wrong or revoked token reads no round: 401, one line
    status, answer = club.call("GET", "/api/table", token="made-up")
    assert status == 401 and "unknown table token" in answer["error"]
    assert club.call("POST", "/api/tables/%d/revoke" % spare[0], token=org)[0] == 200
    status, answer = club.call("GET", "/api/table", token=spare[1])
    assert status == 401 and "revoked" in answer["error"]

    # table 1 plays its round: a bot game under the drawn names, on the round's clock
    r = comando("play", "--club", club.url, "--token", tables[0][1], "--db", str(db), "--seed",
                "4", stdin="bot 2000\nquit\n", timeout=180)
    assert r.returncode == 0, r.stderr
    assert "the club's round 1 of 'Clock cup', table 1" in r.stdout
    assert "limit 1 h 30" in r.stdout and "end roll" in r.stdout
    gid = stored_games(db)[-1]
    r = comando("club", "join", club.url, "--token", tables[0][1], "--db", str(db), "--once",
                timeout=120)
    assert r.returncode == 0, r.stderr
    assert "round 1 of 'Clock cup', table 1: %s" % ", ".join(drawn[0]["players"]) in r.stderr
    assert "the round's clock: limit 1 h 30, end roll" in r.stderr

    # the club's copy of the game carries the clock: the new event's options, the stamps
    from comando_host.club.db import Club
    c = Club(club.db_url, max_size=1)
    try:
        events = c.events(gid)
    finally:
        c.close()
    new = events[0]
    assert new["t"] == "new" and new["opt"]["limit"] == 5400 and new["opt"]["end"] == "roll"
    assert [p["n"] for p in new["players"]] == drawn[0]["players"]     # seated as drawn
    # a clocked game stamps every event from the first turn on (comando.clock: the ts stamp)
    assert [e["t"] for e in events if "ts" not in e] == ["new", "deal"]
    status, pub = club.call("GET", "/api/games/%s" % gid)
    assert status == 200 and pub["players"] == drawn[0]["players"] and "winner" in pub
    # the game ended: its results recorded and the drawn table linked to it
    status, answer = club.call("GET", "/api/table", token=tables[0][1])
    assert answer["round"]["game"] == gid
    status, info = club.call("GET", "/api/tournaments/%d" % tid)
    assert info["rounds"][0]["tables"][0]["game"] == gid
    assert info["rounds"][0]["tables"][1]["game"] is None
