"""`comando web`'s server (comando_host.web.app) over real HTTP and a real WebSocket, no browser:
refusals for bad requests (the server keeps serving), the push of new events, localhost only."""

import json
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from comando_host.cli import main
from comando_host.commands.web import host_for
from comando_host.store.demo_games import bot_events, store_game
from comando_host.store.db import Store
from comando_host.web.app import Background
from webkit import recv


@pytest.fixture(scope="module")
def events():
    return bot_events("teg", 3, 5, limit=400)


@pytest.fixture()
def served(tmp_path, events):
    db = str(tmp_path / "web.db")
    store = Store(db)
    store_game(store, "game-one", events[:120])
    srv = Background(db).start()
    yield srv, store
    srv.stop()
    store.close()


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("content-type", ""), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("content-type", ""), e.read().decode()


def test_http_answers_and_refusals(served):
    srv, _ = served
    code, ctype, body = get(srv.url)
    assert code == 200 and "text/html" in ctype and "/static/page.js" in body
    code, _, body = get(srv.url + "api/games")
    assert code == 200 and json.loads(body)[0]["id"] == "game-one"
    code, ctype, body = get(srv.url + "api/games/game-one/map.svg")
    assert code == 200 and ctype.startswith("image/svg+xml") and body.count('class="country') == 50
    code, _, body = get(srv.url + "api/games/game-one/view?at=10")
    v = json.loads(body)
    assert code == 200 and v["at"] == 10 and v["total"] == 120
    code, ctype, body = get(srv.url + "api/games/nope/view")
    assert code == 404 and "application/json" in ctype
    assert json.loads(body) == {"error": "no stored game 'nope' (comando games lists them)"}
    assert get(srv.url + "api/games/nope/map.svg")[0] == 404
    code, _, body = get(srv.url + "api/games/game-one/view?at=abc")
    assert code == 400 and json.loads(body)["error"] == "at must be an integer from 0 to 120"
    assert get(srv.url + "api/games/game-one/view?at=121")[0] == 400
    assert get(srv.url + "api/games/game-one/view")[0] == 200   # still serving


def test_socket_refuses_bad_messages_and_keeps_serving(served):
    srv, _ = served
    with connect(srv.url.replace("http", "ws") + "ws") as ws:
        ws.send("not json")
        assert recv(ws)["error"].startswith("not JSON")
        ws.send("[1, 2]")
        assert "an object with an \"op\"" in recv(ws)["error"]
        ws.send(json.dumps({"op": "seek", "at": 3}))
        assert recv(ws)["error"].startswith("seek: watch a game first")
        ws.send(json.dumps({"op": "watch", "game": "nope"}))
        assert recv(ws)["error"] == "no stored game 'nope' (comando games lists them)"
        ws.send("x" * 5000)
        assert "too long" in recv(ws)["error"]
        ws.send(json.dumps({"op": "watch", "game": "game-one"}))
        hello = recv(ws)
        # ("lang": the table's language the page's "the game's" switch follows: $COMANDO_LANG=en)
        assert hello == {"type": "game", "game": "game-one", "board": "teg", "ruleset": "teg",
                         "origin": "play", "total": 120, "enter": True, "lang": "en"}
        assert recv(ws)["at"] == 120
        ws.send(json.dumps({"op": "seek", "at": 500}))
        assert recv(ws)["error"] == "seek: \"at\" must be an integer from 0 to 120"
        ws.send(json.dumps({"op": "dance"}))
        assert recv(ws)["error"] == ("unknown op 'dance': watch, seek, live, options, act, deal "
                                      "or new")
        ws.send(json.dumps({"op": "seek", "at": 7, "t0": 1.5}))
        v = recv(ws)
        assert (v["type"], v["at"], v["t0"]) == ("view", 7, 1.5)
        ws.send(json.dumps({"op": "live"}))
        assert recv(ws)["at"] == 120


def test_new_events_are_pushed(served, events):
    srv, store = served
    with connect(srv.url.replace("http", "ws") + "ws") as ws:
        ws.send(json.dumps({"op": "watch", "game": "latest"}))
        assert recv(ws, "view")["at"] == 120
        writer = Store(store.path)   # as the link would: another connection writes
        for a, b in ((120, 121), (121, 122), (122, 140)):   # one event, one, then a batch
            writer.add_events("game-one", events[a:b])
            v = recv(ws, "view")
            assert v["at"] == b and v["seq"] == events[b - 1]["seq"]
        # a new game: a page following "latest" switches to it
        store_game(writer, "game-two", events[:5])
        hello = recv(ws, "game")
        assert hello["game"] == "game-two"
        writer.close()


def test_localhost_unless_told(capsys):
    assert host_for(None) == "127.0.0.1"
    assert host_for("0.0.0.0") == "0.0.0.0"
    assert main(["web", "--lan", "my-laptop"]) == 2
    assert capsys.readouterr().err.strip() == (
        "comando web: error: --lan 'my-laptop' is not an IP address of this machine")
    assert main(["web", "--port", "70000"]) == 2
    assert "is not a TCP port" in capsys.readouterr().err
