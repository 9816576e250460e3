"""The club end to end: a real PostgreSQL cluster, the real `comando club serve` process on
loopback, the real `comando club join` process pushing a bot game `comando play --db` plays
(docs/club.md)."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from clubtools import (Server, comando, new_table, organiser_token, play_bot_game, serving_club, stored_events,
                       stored_games)

from comando_host.club.pgcluster import free_port
from comando_host.club.seal import Sealer

@pytest.fixture(scope="module")
def server(pg_cluster):
    """One club server for this module's tests (each makes tables of its own names): a server
    process costs a second to start."""
    with serving_club(pg_cluster, "Club <b>'; DROP TABLE clubs;--") as s:
        yield s


def oversized(server, path, body, token, chunked):
    """(status, answer) of a body the server refuses before it is all sent: the refusal may
    come while the client still writes (then the pipe breaks), and is read all the same."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        try:
            if chunked:
                conn.request("POST", path, body=iter([body[i:i + 65536] for i in
                                                      range(0, len(body), 65536)]),
                             headers={"Authorization": "Bearer " + token}, encode_chunked=True)
            else:
                conn.request("POST", path, body=body, headers={"Authorization": "Bearer " + token})
        except (BrokenPipeError, ConnectionResetError):
            pass
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def sealed_table_events(db, game):
    with sqlite3.connect(str(db)) as d:
        key = bytes.fromhex(d.execute("SELECT key FROM club_key").fetchone()[0])
    s = Sealer(key, game)
    return [s.feed(e) for e in stored_events(db, game)]


def test_who_may_do_what_over_http(server, tmp_path):
    status, answer = server.call("POST", "/api/login", {"login": "org", "password": "wrong one"})
    assert status == 401 and answer["error"] == "wrong login or password"
    assert server.call("POST", "/api/tables", {"name": "t"})[0] == 401          # not logged in
    org = organiser_token(server)
    # the session cookie a browser keeps works as the bearer does; a made-up one does not
    status, answer = server.call("POST", "/api/tables", {"name": "by cookie"},
                                 headers={"Cookie": "club_session=" + org})
    assert status == 200 and answer["name"] == "by cookie"
    assert server.call("POST", "/api/tables", {"name": "x"},
                       headers={"Cookie": "club_session=made-up"})[0] == 401
    html = "<img src=x onerror=alert(1)> '; DELETE FROM events;--"
    t1, token1 = new_table(server, org, html)
    _, token2 = new_table(server, org, "table 2 <i>")
    assert server.call("POST", "/api/tables", {"name": html}, token=org)[0] == 409
    gid = play_bot_game(tmp_path / "t.db", seed=3, players="a,b,c")
    evs = stored_events(tmp_path / "t.db", gid)
    push = "/api/games/%s/events" % gid
    assert server.call("POST", push, {"events": evs[:50]}, token="not a token")[0] == 401
    assert server.call("POST", push, raw=b"{not json", token=token1)[0] == 400
    assert server.call("POST", push, {"events": "no"}, token=token1)[0] == 400
    big = b'{"events": [' + b" " * (1024 * 1024 + 10) + b"]}"
    for chunked in (False, True):     # told by Content-Length, or counted as it streams
        status, answer = oversized(server, push, big, token1, chunked)
        assert status == 413 and "over 1048576 bytes" in answer["error"]
    assert server.call("POST", push, {"events": evs[:50]}, token=token1) == (200, {"acked": 50})
    assert server.call("POST", push, {"events": evs[:50]}, token=token1) == (200, {"acked": 50})
    status, answer = server.call("POST", push, {"events": evs[60:70]}, token=token1)
    assert status == 409 and answer["missing"] == 51 and "event 51 is missing" in answer["error"]
    status, answer = server.call("POST", push, {"events": evs[50:60]}, token=token2)
    assert status == 403 and "another table's" in answer["error"]
    forged = dict(evs[20], p=(evs[20]["p"] + 1) % 3) if "p" in evs[20] else dict(evs[20], x=1)
    status, answer = server.call("POST", push, {"events": [forged]}, token=token1)
    assert status == 409 and answer["seq"] == 21
    illegal = dict(evs[50], t="attack", a=0, b=1)
    status, answer = server.call("POST", push, {"events": [illegal]}, token=token1)
    assert status == 422 and answer["seq"] == 51 and "event 51 (attack)" in answer["error"]
    # spectators: no login, public fields only; the names come back as the text they are
    status, answer = server.call("GET", "/api/tables")
    mine = [t for t in answer["tables"] if t["name"] in (html, "table 2 <i>")]
    assert "token" not in answer["tables"][0] and "token_hash" not in answer["tables"][0]
    assert status == 200 and [t["name"] for t in mine] == [html, "table 2 <i>"]
    assert mine[0]["games"] == [gid] and mine[0]["club"] == "Club <b>'; DROP TABLE clubs;--"
    status, game = server.call("GET", "/api/games/" + gid)
    assert status == 200 and game["seq"] == 50 and game["players"] == ["a", "b", "c"]
    assert not {"deck", "obj", "hands", "events"} & set(game)
    assert server.call("GET", "/api/games/nope")[0] == 404
    assert server.call("POST", "/api/tables/%d/revoke" % t1, token=org)[0] == 200
    status, answer = server.call("POST", push, {"events": evs[50:60]}, token=token1)
    assert status == 401 and "revoked" in answer["error"]


def test_join_pushes_a_game_across_a_server_kill_nothing_lost_or_doubled(server, tmp_path):
    org = organiser_token(server)
    _, token = new_table(server, org, "table kill")
    db = tmp_path / "table.db"
    first = play_bot_game(db, seed=1)                  # a game stored before the table joins
    join = subprocess.Popen([sys.executable, "-m", "comando_host", "club", "join", server.url,
                             "--token", token, "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # a second game played while the table follows, in steps; the server killed mid-game
        play = subprocess.Popen([sys.executable, "-m", "comando_host", "play", "--db", str(db),
                                 "--seed", "2", "--players", "a,b,c,d"],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        killed = False
        for step in range(60):
            play.stdin.write("bot 1\n")
            play.stdin.flush()
            time.sleep(0.05)
            if step == 15:
                server.kill()
                killed = True
            if killed and step == 35:
                server.start()
        play.stdin.write("bot 600\nquit\n")
        play.stdin.close()
        assert play.wait(60) == 0, play.stderr.read()
        games = stored_games(db)
        assert games[0] == first and len(games) == 2
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with sqlite3.connect(str(db)) as d:
                try:
                    acks = dict(d.execute("SELECT game, acked FROM club_acks").fetchall())
                except sqlite3.OperationalError:   # join has had no answer of the club yet
                    acks = {}
            if all(acks.get(g) == stored_events(db, g)[-1]["seq"] for g in games):
                break
            time.sleep(0.2)
        from comando_host.club.db import Club
        club = Club(server.db_url, max_size=1)
        try:
            for g in games:
                want = sealed_table_events(db, g)
                got = club.events(g)
                assert got == want                          # 0 lost, 0 duplicated, the same bytes
                assert [e["seq"] for e in got] == list(range(1, len(want) + 1))
                assert club.game(g)["winner"] in ("a", "b", "c", "d")
        finally:
            club.close()
    finally:
        join.send_signal(signal.SIGINT)
        try:
            join.wait(10)
        except subprocess.TimeoutExpired:
            join.kill()
    err = join.stderr.read()
    assert "is unreachable" in err and "answers again" in err, err
    assert "Traceback" not in err


def test_join_says_one_line_for_a_wrong_token_and_waits_for_a_server_down(server, tmp_path,
                                                                           capsys):
    from comando_host.cli import main
    db = tmp_path / "table.db"
    play_bot_game(db, seed=3, players="a,b,c")
    port = free_port()
    # the server down when the table joins: one line, retried; it comes up, everything goes
    join = subprocess.Popen([sys.executable, "-m", "comando_host", "club", "join",
                             "http://127.0.0.1:%d" % port, "--token", "x", "--db", str(db),
                             "--once"], stderr=subprocess.PIPE, text=True)
    line = join.stderr.readline() + join.stderr.readline()
    assert "unreachable" in line and "wait in the table's store" in line, line
    second = Server(server.db_url, port).start()     # a second process on the module's club
    club = ["club", "table", "--db-url", server.db_url, "--club", "Club <b>'; DROP TABLE clubs;--"]
    try:
        assert join.wait(30) == 2
        err = join.stderr.read()
        assert "refused this table's token: unknown table token" in err and "Traceback" not in err
        assert main(club + ["table by the command line"]) == 0
        token = capsys.readouterr().out.strip()
        r = comando("club", "join", second.url, "--token", token, "--db", str(db), "--once")
        assert r.returncode == 0, r.stderr
        assert main(club + ["table by the command line", "--revoke"]) == 0
        assert "revoked" in capsys.readouterr().out
        r = comando("club", "join", second.url, "--token", token, "--db", str(db), "--once")
        assert r.returncode == 2 and "token was revoked" in r.stderr
        assert r.stderr.count("\n") == 2      # the line it starts with, the refusal
        assert main(club + ["no such table", "--revoke"]) == 2
        assert "no table 'no such table'" in capsys.readouterr().err
    finally:
        second.stop()


def test_serve_refuses_a_database_down_or_newer_in_one_line(pg_url):
    down = "postgresql://club@127.0.0.1:%d/none" % free_port()
    r = comando("club", "serve", "--db-url", down, "--port", "0")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "cannot reach the club database" in r.stderr
    import psycopg
    from comando_host.club import schema
    with psycopg.connect(pg_url) as conn:
        schema.migrate(conn)
        conn.execute("UPDATE schema_version SET version=99")
    r = comando("club", "serve", "--db-url", pg_url, "--port", "0")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "version 99" in r.stderr
    r = comando("club", "serve", "--db-url", "mysql://x", "--port", "0")
    assert r.returncode == 2 and "not a postgresql:// URL" in r.stderr


def test_database_gone_mid_round_is_503_and_the_table_sends_again(server, pg_cluster, tmp_path):
    org = organiser_token(server)
    _, token = new_table(server, org, "table db gone")
    db = tmp_path / "table.db"
    gid = play_bot_game(db, seed=3, players="a,b,c")
    evs = stored_events(db, gid)
    push = "/api/games/%s/events" % gid
    assert server.call("POST", push, {"events": evs[:100]}, token=token)[0] == 200
    pg_cluster.stop("fast")
    try:
        status, answer = server.call("POST", push, {"events": evs[100:]}, token=token)
        assert status == 503 and "database is unreachable" in answer["error"]
        assert "\n" not in answer["error"]
        # the table's round and a player's page: the same one line, 503
        status, answer = server.call("GET", "/api/table", token=token)
        assert status == 503 and "database is unreachable" in answer["error"]
        try:
            urllib.request.urlopen(server.url + "/players/a", timeout=10)
            raise AssertionError("a player's page with the database down")
        except urllib.error.HTTPError as exc:
            page = exc.read().decode()
            assert exc.code == 503 and "database is unreachable" in page, page
            assert "Traceback" not in page
        join = subprocess.Popen([sys.executable, "-m", "comando_host", "club", "join", server.url,
                                 "--token", token, "--db", str(db), "--once"],
                                stderr=subprocess.PIPE, text=True)
        line = join.stderr.readline() + join.stderr.readline()
        assert "unreachable (the club database is unreachable" in line, line
    finally:
        pg_cluster.pg_ctl_start()
    assert join.wait(30) == 0
    assert "answers again" in join.stderr.read()
    from comando_host.club.db import Club
    club = Club(server.db_url, max_size=1)
    try:
        assert club.events(gid) == sealed_table_events(db, gid)
    finally:
        club.close()


def test_two_server_processes_on_one_database_each_see_every_table(server, tmp_path):
    """The fan-out is PostgreSQL's LISTEN/NOTIFY (club/live.py): a spectator on the second
    process hears a push the first one stored, and reads the game there."""
    from websockets.sync.client import connect
    other = Server(server.db_url, free_port()).start()
    try:
        _, token = new_table(server, organiser_token(server), "table two servers")
        db = tmp_path / "t.db"
        gid = play_bot_game(db, seed=3, players="a,b,c")
        evs = stored_events(db, gid)
        with connect("ws://127.0.0.1:%d/ws" % other.port, open_timeout=10) as ws:
            push = "/api/games/%s/events" % gid
            assert server.call("POST", push, {"events": evs[:40]}, token=token)[0] == 200
            assert json.loads(ws.recv(timeout=10)) == {"game": gid, "seq": 40}
            assert other.call("POST", push, {"events": evs[40:90]}, token=token)[0] == 200
            assert json.loads(ws.recv(timeout=10)) == {"game": gid, "seq": 90}
        assert other.call("GET", "/api/games/" + gid)[1]["seq"] == 90
        assert server.call("GET", "/api/games/" + gid)[1]["seq"] == 90
    finally:
        other.stop()


def test_serve_demo_runs_a_cluster_of_its_own_and_removes_it(pg_cluster, tmp_path):
    import glob
    import shutil
    import tempfile
    # the demo's TMPDIR is this test's own (so another run's demo cluster is never counted): not
    # under tmp_path, which is root's alone (0700), as the cluster's postgres user must reach it
    tmp = tempfile.mkdtemp(prefix="comando-demo-test-")
    os.chmod(tmp, 0o755)
    demos = os.path.join(tmp, "comando-club-demo-*")
    proc = subprocess.Popen([sys.executable, "-m", "comando_host", "club", "serve", "--demo",
                             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, TMPDIR=tmp))
    try:
        demo = proc.stdout.readline()
        serving = proc.stdout.readline()
        assert "demo database postgresql://" in demo and "table 1's token " in demo, proc.stderr.read()
        token = demo.rsplit(" ", 1)[1].strip()
        url = serving.split("serving ")[1].split("/ ")[0]
        db = tmp_path / "t.db"
        gid = play_bot_game(db, seed=3, players="a,b,c")
        r = comando("club", "join", url, "--token", token, "--db", str(db), "--once")
        assert r.returncode == 0, r.stderr
        with urllib.request.urlopen(url + "/api/games/" + gid, timeout=10) as resp:
            assert json.loads(resp.read())["seq"] == stored_events(db, gid)[-1]["seq"]
        assert len(glob.glob(demos)) == 1
    finally:
        proc.terminate()
        proc.wait(30)
    try:
        assert proc.returncode == 0, proc.stderr.read()
        assert glob.glob(demos) == []   # gone with it
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_join_and_serve_refuse_bad_input_in_one_line(tmp_path, capsys, monkeypatch):
    from comando_host.cli import main
    monkeypatch.delenv("COMANDO_CLUB_TOKEN", raising=False)
    monkeypatch.delenv("COMANDO_CLUB_DB", raising=False)
    cases = [
        (["club", "join", "http://127.0.0.1:1", "--db", str(tmp_path / "none.db"), "--token", "t"],
         "no game database at"),
        (["club", "join", "http://127.0.0.1:1", "--db", str(tmp_path / "none.db")],
         "give this table's token"),
        (["club", "join", "ftp://club", "--token", "t"], "is not the club's address"),
        (["club", "serve"], "give the club's database"),
        (["club", "serve", "--demo", "--db-url", "postgresql://x@h/x"], "not both"),
        (["club", "init", "--db-url", "postgresql://x@h/x", "--club", "c"], "--organiser"),
    ]
    for argv, words in cases:
        try:
            code = main(argv)
        except SystemExit as exc:      # argparse's own refusals
            code = exc.code
        err = capsys.readouterr().err
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, (argv, err)
