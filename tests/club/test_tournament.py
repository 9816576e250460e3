"""A club tournament end to end (issue 25): the real `comando club serve` on a real throwaway
PostgreSQL cluster, the organiser's `comando club tournament ...` commands, 16 players over 3
rounds whose every table plays a real bot game (comando.engine.bot) under the drawn players'
names, sealed as `comando club join` seals it and pushed over HTTP with the table's token; the
standings after each round, the ratings (openskill), `comando club stats`, the CSV and JSON."""

import csv
import io
import json
import urllib.parse

import pytest
from clubtools import comando, new_table, organiser_token

from comando_host.club.seal import Sealer

CLUB = "Club <b>'; DROP TABLE players;--"
# a player named with SQL and one with HTML: stored and shown as the text they are
PLAYERS = ["Robert'); DROP TABLE results;--", "<script>alert(1)</script>"] + \
    ["player %02d" % i for i in range(3, 17)]


@pytest.fixture(scope="module")
def club(club_server):
    """The module's club (CLUB) and its server: tests/club/conftest.py's club_server."""
    return club_server


def tour(server, *argv):
    """`comando club tournament ACTION --db-url URL --club CLUB ...`"""
    action, rest = argv[0], argv[1:]
    return comando("club", "tournament", action, "--db-url", server.db_url, "--club", CLUB, *rest)


def bot_game_of(names, seed, ruleset="teg"):
    """A whole bot game of these players, in the order seated (comando.engine's bot)."""
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando.engine.bot import Bot
    from comando_host import games
    cols = games.get(ruleset).demo_colours
    g = engine.new_game(load_board(ruleset), ruleset, [(n, cols[i]) for i, n in enumerate(names)],
                        rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 1000))
    while g.state.phase != "over":
        assert len(g.log) < 20000
        g.act(bot.action(g.state))
    return list(g.log)


def push_game(server, token, gid, events):
    s = Sealer(b"table key " + gid.encode(), gid)
    sealed = [s.feed(dict(e)) for e in events]
    for i in range(0, len(sealed), 250):
        status, answer = server.call("POST", "/api/games/%s/events" % gid,
                                     {"events": sealed[i:i + 250]}, token=token)
        assert status == 200, answer
    return sealed


def test_a_16_player_3_round_tournament_end_to_end(club):
    org = organiser_token(club)
    r = tour(club, "create", "Open night", "--ruleset", "teg", "--scheme", "risiko")
    assert r.returncode == 0 and "tournament 'Open night' made" in r.stdout, r.stderr
    tid = int(r.stdout.split("(id ")[1].split(")")[0])
    assert tour(club, "register", "Open night", *PLAYERS).returncode == 0
    tables = [new_table(club, org, "table %d" % i) for i in range(1, 5)]
    met, seen_rounds = set(), []
    for rnd in (1, 2, 3):
        r = tour(club, "draw", "Open night", "--seed", str(100 + rnd))
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith("round %d (seed %d):" % (rnd, 100 + rnd))
        status, info = club.call("GET", "/api/tournaments/%d" % tid)
        assert status == 200
        drawn = info["rounds"][-1]
        assert drawn["round"] == rnd and not drawn["closed"]
        seated = [p for t in drawn["tables"] for p in t["players"]]
        assert sorted(seated) == sorted(PLAYERS)                 # everyone once
        assert [len(t["players"]) for t in drawn["tables"]] == [4, 4, 4, 4]
        # 16 players at tables of 4: rounds 2 and 3 can avoid every repeat opponent, and do
        pairs = {frozenset((a, b)) for t in drawn["tables"] for a in t["players"]
                 for b in t["players"] if a != b}
        assert not pairs & met
        met |= pairs
        r = tour(club, "clock", "Open night", str(rnd), "limit:90m,end:roll")
        assert r.returncode == 0 and "limit 1 h 30" in r.stdout, r.stderr + r.stdout
        # closing a round before its games end: refused, one line naming the tables
        r = tour(club, "close", "Open night", str(rnd))
        assert r.returncode == 2 and "tables 1, 2, 3, 4 have no finished game yet" in r.stderr
        assert "Traceback" not in r.stderr
        for t, (table_id, token) in zip(drawn["tables"], tables):
            gid = "r%d-t%d" % (rnd, t["table"])
            push_game(club, token, gid, bot_game_of(t["players"], seed=rnd * 10 + t["table"]))
            status, pub = club.call("GET", "/api/games/%s" % gid)
            assert status == 200 and pub["winner"] in t["players"]
        status, info = club.call("GET", "/api/tournaments/%d" % tid)
        assert [t["game"] for t in info["rounds"][-1]["tables"]] == \
            ["r%d-t%d" % (rnd, i) for i in (1, 2, 3, 4)]          # each table linked to its game
        assert info["rounds"][-1]["clock"] == {"limit": 5400, "end": "roll"}
        r = tour(club, "close", "Open night", str(rnd))
        assert r.returncode == 0, r.stderr
        status, table = club.call("GET", "/api/tournaments/%d/standings" % tid)
        assert status == 200 and table["rounds_closed"] == rnd
        seen_rounds.append(table)
        rows = table["standings"]
        assert sorted(s["player"] for s in rows) == sorted(PLAYERS)
        assert all(s["games"] == rnd for s in rows)
        assert sum(s["wins"] for s in rows) == 4 * rnd             # one winner a table
        # the points are the scheme's: 10, 6, 3, 1 by place, +3 for a win by the objective
        total = sum(s["points"] for s in rows)
        bonus = sum(s["objectives"] for s in rows) * 3
        assert total == (10 + 6 + 3 + 1) * 4 * rnd + bonus
        assert [s["points"] for s in rows] == sorted((s["points"] for s in rows), reverse=True)
        assert rows[0]["rank"] == 1
    # after round 1 the standings are those of round 1 still (through=1)
    status, first = club.call("GET", "/api/tournaments/%d/standings?through=1" % tid)
    assert status == 200 and first["rounds_closed"] == 1
    assert all(s["games"] == 1 for s in first["standings"])
    assert {s["player"]: s["points"] for s in first["standings"]} == \
        {s["player"]: s["points"] for s in seen_rounds[0]["standings"]}
    # the export: CSV and JSON say the same standings as the route
    r = tour(club, "standings", "Open night", "--csv")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    final = seen_rounds[-1]["standings"]
    assert [row["player"] for row in rows] == [s["player"] for s in final]
    assert [float(row["points"]) for row in rows] == [s["points"] for s in final]
    assert rows[0].keys() == {"rank", "player", "points", "games", "wins", "objectives",
                              "countries", "rating"}
    r = tour(club, "standings", "Open night", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["standings"] == final
    # ratings: every player rated on 3 teg games; the best placed rate above the worst
    for s in final:
        q = "/api/players/%s?club=%s" % (urllib.parse.quote(s["player"], safe=""),
                                         urllib.parse.quote(CLUB, safe=""))
        status, st = club.call("GET", q)
        assert status == 200, st
        assert st["player"] == s["player"] and st["games"] == 3 and st["wins"] == s["wins"]
        assert st["ratings"]["teg"]["games"] == 3
        assert st["ratings"]["teg"]["ordinal"] == pytest.approx(s["rating"], abs=1e-3)
        assert len(st["luck"]) == 3 and sum(v["games"] for v in st["by_seat"].values()) == 3
        assert sum(r["games"] for r in st["rivals"]) == 9          # 3 opponents in each game
    winners = [s for s in final if s["wins"] >= 2]
    losers = [s for s in final if s["wins"] == 0]
    assert winners and losers and min(w["rating"] for w in winners) > min(x["rating"] for x in losers)
    r = comando("club", "stats", "--db-url", club.db_url, "--club", CLUB, PLAYERS[0])
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("%s: 3 games" % PLAYERS[0]) and "teg" in r.stdout
    assert "luck:" in r.stdout and "rival " in r.stdout


def test_tournament_refusals_one_line_and_right_status(club):
    org = organiser_token(club)
    # writes need the organiser's session
    assert club.call("POST", "/api/tournaments", {"name": "x", "ruleset": "teg"})[0] == 401
    status, answer = club.call("POST", "/api/tournaments", {"name": "Bad", "ruleset": "chess"},
                               token=org)
    assert status == 400 and answer["error"].startswith("unknown ruleset 'chess'")
    status, answer = club.call("POST", "/api/tournaments", {"name": "Bad", "ruleset": "teg",
                                                            "scheme": {"places": "ten"}}, token=org)
    assert status == 400 and "places is a list" in answer["error"]
    html = "<b>Cup</b>'; DROP TABLE tournaments;--"
    status, answer = club.call("POST", "/api/tournaments", {
        "name": html, "ruleset": "teg", "scheme": {"name": "custom", "places": [5, 2],
                                                   "tiebreak": ["wins"]}}, token=org)
    assert status == 200, answer
    tid = answer["id"]
    assert club.call("POST", "/api/tournaments", {"name": html, "ruleset": "teg"},
                     token=org)[0] == 409
    status, info = club.call("GET", "/api/tournaments/%d" % tid)
    assert info["name"] == html and info["scheme"]["places"] == [5, 2]
    assert club.call("POST", "/api/tournaments/%d/players" % tid, {"names": ["a"]})[0] == 401
    status, answer = club.call("POST", "/api/tournaments/%d/players" % tid,
                               {"names": ["a", "b\x00c"]}, token=org)
    assert status == 400 and "printable" in answer["error"]
    status, info = club.call("GET", "/api/tournaments/%d" % tid)
    assert info["entrants"] == []                                  # nothing of the batch stored
    assert club.call("POST", "/api/tournaments/%d/players" % tid, {"names": ["a", "b"]},
                     token=org)[0] == 200
    status, answer = club.call("POST", "/api/tournaments/%d/rounds" % tid, {}, token=org)
    assert status == 409 and "2 players cannot sit at tables of 3 to 6" in answer["error"]
    club.call("POST", "/api/tournaments/%d/players" % tid, {"names": ["c"]}, token=org)
    status, d = club.call("POST", "/api/tournaments/%d/rounds" % tid, {"seed": 5}, token=org)
    assert status == 200 and d["tables"] and sorted(d["tables"][0]) == ["a", "b", "c"]
    status, answer = club.call("POST", "/api/tournaments/%d/rounds" % tid, {}, token=org)
    assert status == 409 and "round 1 is open" in answer["error"]
    status, answer = club.call("POST", "/api/tournaments/%d/players" % tid, {"names": ["d"]},
                               token=org)
    assert status == 409 and "registration is closed" in answer["error"]
    status, answer = club.call("POST", "/api/tournaments/%d/rounds/1/clock" % tid,
                               {"clock": "limit:5s"}, token=org)
    assert status == 400 and answer["error"].startswith("the round's clock: the game time limit")
    assert club.call("POST", "/api/tournaments/%d/rounds/9/clock" % tid, {"clock": "limit:1h"},
                     token=org)[0] == 404
    assert club.call("GET", "/api/tournaments/999999")[0] == 404
    assert club.call("GET", "/api/tournaments/nope/standings")[0] == 404
    assert club.call("GET", "/api/tournaments/%d/standings?through=x" % tid)[0] == 400
    assert club.call("GET", "/api/players/nobody%%20here?club=%s" %
                     urllib.parse.quote(CLUB, safe=""))[0] == 404
    r = tour(club, "create", "Cup 2", "--ruleset", "teg", "--scheme", "/nonexistent.json")
    assert r.returncode == 2 and "no scoring scheme" in r.stderr and "Traceback" not in r.stderr
    r = comando("club", "stats", "--db-url", club.db_url, "--club", CLUB, "nobody")
    assert r.returncode == 2 and "no player 'nobody'" in r.stderr
