"""The live page entering map events (issue 12), over the real server and WebSocket, no browser:
a game the laptop plays (started on the page, or `comando play`'s log) gets the engine's events
made and stored by the server; a hand-dealt deal is checked complete and legal; refusals are one
line and change nothing; read-only games stay read-only; the page's commands for a device's game
travel through the store to the link (comando_host.web.pagecommands)."""

import json
import time

import pytest
from websockets.sync.client import connect

from comando import engine
from comando_host import games
from comando_host.web import pagecommands
from comando_host.store.demo_games import bot_events, store_game
from comando_host.store.db import Store
from comando_host.web.app import Background
from webkit import page_key, played_db, recv, session_from

PLAYERS = [["Ana", "blue"], ["Beto", "red"], ["Caro", "black"], ["Dani", "yellow"]]


@pytest.fixture()
def served(tmp_path):
    db = str(tmp_path / "web.db")
    store = Store(db)
    srv = Background(db).start()
    yield srv, store
    srv.stop()
    store.close()


class Keyed:
    """A socket that sends the page's key with every object, as the page does."""

    def __init__(self, ws, key):
        self.ws, self.key = ws, key

    def send(self, text):
        try:
            msg = json.loads(text)
        except ValueError:
            msg = None
        if isinstance(msg, dict):
            text = json.dumps(dict(msg, token=self.key))
        self.ws.send(text)

    def recv(self, *a, **kw):
        return self.ws.recv(*a, **kw)

    def __enter__(self):
        self.ws.__enter__()
        return self

    def __exit__(self, *exc):
        self.ws.__exit__(*exc)


def socket(srv):
    return Keyed(connect(srv.url.replace("http", "ws") + "ws"), page_key(srv))


def new_game(ws, rs="teg", deal="laptop", players=PLAYERS):
    ws.send(json.dumps({"op": "new", "rs": rs, "players": players, "deal": deal}))
    gid = recv(ws, "created")["game"]
    return gid, recv(ws, "view")


def fold(store, gid):
    return engine.fold(store.events(gid))


def until_view(ws, seq):
    while True:
        v = recv(ws, "view")
        if v["seq"] >= seq:
            return v


def test_a_laptop_game_started_on_the_page_is_played_by_its_events(served):
    srv, store = served
    with socket(srv) as ws:
        gid, v = new_game(ws)
        assert v["input"]["mode"] == "laptop" and v["input"]["phase"] == "place"
        st = fold(store, gid)
        p = st.cur
        mine = st.owner.index(p)
        theirs = next(c for c in range(st.n) if st.owner[c] not in (p, -1))
        # "4. Two Rounds to Add 8 Armies" (teg-classic.txt): 5 armies in the first round
        assert v["input"]["place"] == 5
        ws.send(json.dumps({"op": "options", "f": mine}))
        o = recv(ws, "options")
        assert o["place"] == 5 and o["attack"] == []
        ws.send(json.dumps({"op": "act", "a": {"t": "place", "c": mine, "n": 2}}))
        done = recv(ws, "done")
        assert done["seq"] == st.seq + 1
        v = until_view(ws, done["seq"])
        assert v["armies"][mine] == st.armies[mine] + 2 and v["input"]["place"] == 3
        # a country the player does not hold: the engine's line, nothing stored
        last = store.last_seq(gid)
        ws.send(json.dumps({"op": "act", "a": {"t": "place", "c": theirs, "n": 1}}))
        err = recv(ws, "error")["error"]
        assert err.endswith("is not yours: place armies only on your own countries "
                            "(teg-classic.txt: adding armies)"), err
        ws.send(json.dumps({"op": "options", "f": theirs}))
        assert "is not yours" in recv(ws, "options")["why"]
        # attacking before the armies are placed
        ws.send(json.dumps({"op": "act", "a": {"t": "attack", "f": mine, "to": theirs}}))
        assert "not" in recv(ws, "error")["error"]
        assert store.last_seq(gid) == last
        # malformed actions: one line each, the socket stays open
        for a, why in (({"t": "fly"}, "unknown action 'fly'"),
                       ({"t": "place", "c": "Chile", "n": 1}, "'c' must be a whole number"),
                       ({"t": "place", "c": 999, "n": 1}, "there is no country 999"),
                       ({"t": "end", "x": 1}, "has no field 'x'"),
                       ("end", "must be an action object")):
            ws.send(json.dumps({"op": "act", "a": a}))
            assert why in recv(ws, "error")["error"]
        ws.send(json.dumps({"op": "options", "f": -3}))
        assert "country number" in recv(ws, "error")["error"]
        assert store.last_seq(gid) == last
        ws.send(json.dumps({"op": "live"}))
        assert recv(ws, "view")["seq"] == last


def test_an_attack_entered_on_the_page_follows_the_rules(served):
    # A `comando play` log (origin play): the page continues it, the server rolls the dice.
    srv, store = served
    events = bot_events("teg", 4, 3)[:60]
    store_game(store, "played", events)
    st = engine.fold(events)
    assert st.phase in ("add", "attack") and st.to_place() == 0, (st.phase, st.to_place())
    p = st.cur
    src = next(c for c in range(st.n) if st.owner[c] == p and st.armies[c] >= 2
               and any(st.owner[j] != p for j in st.board.neighbours(c)))
    far = next(c for c in range(st.n) if st.owner[c] != p and not st.board.is_border(src, c))
    near = next(j for j in st.board.neighbours(src) if st.owner[j] != p)
    with socket(srv) as ws:
        ws.send(json.dumps({"op": "watch", "game": "played"}))
        v = recv(ws, "view")
        assert v["input"]["mode"] == "laptop"
        ws.send(json.dumps({"op": "options", "f": src}))
        o = recv(ws, "options")
        assert near in o["attack"] and far not in o["attack"]
        # "attack only a neighbour" (teg-classic.txt: attacking)
        ws.send(json.dumps({"op": "act", "a": {"t": "attack", "f": src, "to": far}}))
        assert "does not border" in recv(ws, "error")["error"]
        assert store.last_seq("played") == st.seq
        ws.send(json.dumps({"op": "act", "a": {"t": "attack", "f": src, "to": near}}))
        done = recv(ws, "done")
        ev = store.events("played")[-1]
        assert ev["seq"] == done["seq"] == st.seq + 1 and (ev["f"], ev["to"]) == (src, near)
        assert len(ev["ad"]) >= 1 and len(ev["dd"]) >= 1
        engine.fold(store.events("played"))   # the stored log folds (checked) to its end


def test_read_only_games(served):
    srv, store = served
    events = bot_events("teg", 3, 5)
    store_game(store, "imported", events[:50], origin="import")
    store_game(store, "finished", events, origin="play")
    store_game(store, "on-device", events[:50], origin="device")
    with socket(srv) as ws:
        for gid, why in (("imported", "read-only: this game came by import"),
                         ("finished", "the game is over"),
                         ("on-device", "the device is not linked")):
            ws.send(json.dumps({"op": "watch", "game": gid}))
            v = recv(ws, "view")
            assert v["input"]["mode"] == "" and why in v["input"]["why"], v["input"]
            ws.send(json.dumps({"op": "act", "a": {"t": "end"}}))
            assert why in recv(ws, "error")["error"]
            assert store.last_seq(gid) == (len(events) if gid == "finished" else 50)
        # replaying an earlier event: nothing is entered there
        ws.send(json.dumps({"op": "watch", "game": "imported"}))
        recv(ws, "view")


def test_unknown_game_and_bad_new_game_are_refused(served):
    srv, store = served
    with socket(srv) as ws:
        ws.send(json.dumps({"op": "act", "a": {"t": "end"}}))
        assert "watch a game first" in recv(ws, "error")["error"]
        ws.send(json.dumps({"op": "watch", "game": "nope"}))
        assert recv(ws, "error")["error"] == "no stored game 'nope' (comando games lists them)"
        for msg, why in (({"rs": "chess", "players": PLAYERS}, "the page starts T.E.G."),
                         ({"rs": "teg", "players": "four"}, "[name, colour] pairs"),
                         ({"rs": "teg", "players": [["A", "pink"], ["B", "red"]]},
                          "unknown colour 'pink'"),
                         ({"rs": "teg", "players": PLAYERS, "deal": "maybe"}, "\"deal\" is")):
            ws.send(json.dumps(dict(msg, op="new")))
            assert why in recv(ws, "error")["error"]
        assert store.games() == []
        gid, _ = new_game(ws)   # still serving
        assert store.game(gid)["origin"] == "web"


@pytest.mark.parametrize("rs,players", [
    ("teg", PLAYERS + [["Eli", "green"]]),
    ("revancha", [["Ana", "white"], ["Beto", "red"], ["Caro", "black"], ["Dani", "blue"],
                  ["Eli", "green"]]),
    ("war", [["Ana", "blue"], ["Beto", "red"], ["Caro", "black"], ["Dani", "yellow"]]),
    ("risk", [["Ana", "red"], ["Beto", "blue"], ["Caro", "green"]]),
])
def test_a_hand_dealt_deal_is_checked_complete_and_legal(served, rs, players):
    srv, store = served
    with socket(srv) as ws:
        gid, v = new_game(ws, rs, "table", players)
        assert "deal" in v["input"]
        st = fold(store, gid)
        n, np_ = st.n, st.np
        first = 1
        seats, _ = games.get(rs).hand_deal.seats(st, first, [0] * st.np)
        # as the table dealt: cards in board order, seat after seat as the rules say
        owner = [-1] * n
        for k, s in enumerate(seats):
            owner[k] = s
        for k in range(len(seats), n):   # T.E.G.: the leftovers to the highest dice
            owner[k] = k - len(seats)
        # incomplete: refused, nothing stored
        partial = list(owner)
        partial[3] = -1
        ws.send(json.dumps({"op": "deal", "owner": partial, "first": first}))
        assert "1 country has no owner yet" in recv(ws, "error")["error"]
        # one country too many for one player: "teg-classic.txt, 2. Distribution of countries"
        wrong = list(owner)
        a = wrong.index(0)
        wrong[wrong.index(1)] = 0
        wrong[a] = 0
        ws.send(json.dumps({"op": "deal", "owner": wrong, "first": first}))
        assert "the rules deal" in recv(ws, "error")["error"]
        ws.send(json.dumps({"op": "deal", "owner": owner[:-1], "first": first}))
        assert "lists a seat for each" in recv(ws, "error")["error"]
        ws.send(json.dumps({"op": "deal", "owner": owner, "first": np_}))
        assert "\"first\" must be a seat" in recv(ws, "error")["error"]
        assert store.last_seq(gid) == 1
        ws.send(json.dumps({"op": "deal", "owner": owner, "first": first}))
        done = recv(ws, "done")
        assert done["seq"] == 2
        v = until_view(ws, 2)
        assert v["owner"] == owner and "deal" not in v["input"]
        ev = store.events(gid)[1]
        assert ev["t"] == "deal" and ev.get("obj", [-1]).count(-1) == len(ev.get("obj", [-1]))
        st = fold(store, gid)   # the stored deal folds (checked) to the table's owners
        assert st.owner == owner
        # dealt already
        ws.send(json.dumps({"op": "deal", "owner": owner, "first": first}))
        assert "dealt already" in recv(ws, "error")["error"]


def test_page_commands_travel_through_the_store(tmp_path):
    # The server's side queues, the link's side claims and answers (a fake session: the real
    # link is exercised in the browser test).
    store = Store(str(tmp_path / "q.db"))

    class Sync:
        up, device, game = True, {"v": 1}, "g1"

    class Session:
        sync = Sync()
        cids = []

        def submit(self, action):
            self.cids.append(action)
            return 40 + len(self.cids)

        def log(self, line):
            raise AssertionError(line)

    side = pagecommands.LinkSide(store)
    s = Session()
    assert not pagecommands.linked(store, "g1")
    a = pagecommands.queue(store, "g1", {"t": "end", "p": 0})
    b = pagecommands.queue(store, "g1", {"t": "draw", "p": 0})
    other = pagecommands.queue(store, "g2", {"t": "end", "p": 0})
    side.pump(s, 1.0)
    assert pagecommands.linked(store, "g1") and not pagecommands.linked(store, "g2")
    assert s.cids == [{"t": "end", "p": 0}, {"t": "draw", "p": 0}]
    side.pump(s, 2.0)
    assert len(s.cids) == 2          # claimed once
    assert pagecommands.answers(store, [a, b]) == {}
    side.result(41, 17, None)
    side.result(42, None, "You conquered no country this turn: no card")
    assert pagecommands.answers(store, [a, b, other], now=time.time()) == {
        a: ("done", 17, ""), b: ("refused", None, "You conquered no country this turn: no card")}
    # nobody took the other game's command: expired after STALE seconds
    late = time.time() + pagecommands.STALE + 1
    assert pagecommands.answers(store, [other], now=late)[other][0] == "expired"
    s.sync.up = False
    side.pump(s, 3.0)
    assert not pagecommands.linked(store, "g1")
    side.close()
    store.close()


def test_a_device_game_is_writable_while_linked_and_the_device_has_the_last_word(served):
    # The link (another process, as `comando connect` beside `comando web`) says it is linked
    # through the store; the page's act is queued for it; the device's answer comes back.
    import subprocess
    import sys
    srv, store = served
    events = bot_events("teg", 4, 3)[:60]
    store_game(store, "dev", events, origin="device")
    st = engine.fold(events)
    side = pagecommands.LinkSide(Store(store.path))
    with socket(srv) as ws:
        ws.send(json.dumps({"op": "watch", "game": "dev"}))
        assert recv(ws, "view")["input"]["mode"] == ""
        side.linked("dev")
        v = recv(ws, "view")           # the server notices within 250 ms and says so
        assert v["input"]["mode"] == "device" and v["seq"] == st.seq
        ws.send(json.dumps({"op": "act", "a": {"t": "end"}}))
        sent = recv(ws, "sent")
        assert sent["text"] == "end: sent to the device"
        rows = store._query("SELECT id, body, state FROM commands")
        assert [(r[0], json.loads(r[1]), r[2]) for r in rows] == [
            (sent["id"], {"t": "end", "p": st.cur}, "new")]
        assert store.last_seq("dev") == st.seq     # the laptop writes no event of a device's game
        side.finish(sent["id"], None, "It is P2 (red)'s turn, not P1 (blue)'s")
        assert recv(ws, "error")["error"] == "end: It is P2 (red)'s turn, not P1 (blue)'s"
        # a link whose process is gone is no link
        proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
        store._query("UPDATE links SET pid=? WHERE game='dev'", (int(proc.stdout),))
        assert not pagecommands.linked(store, "dev")
        v = recv(ws, "view")
        assert v["input"]["mode"] == "" and "not linked" in v["input"]["why"]
        ws.send(json.dumps({"op": "act", "a": {"t": "end"}}))
        assert "the device is not linked" in recv(ws, "error")["error"]
    side.close()


def test_another_machines_page_watches_but_does_not_enter(tmp_path):
    # A LAN address is an explicit flag (comando web --lan); entering events from another
    # machine's page is a second one (--lan-input). The socket's peer decides.
    from comando_host.web.app import Hub
    from comando_host.web.guard import is_loopback
    assert is_loopback("127.0.0.1") and is_loopback("::1") and not is_loopback("192.168.1.20")
    db = played_db(tmp_path, "lan.db")
    script = [{"op": "watch", "game": "played"}, {"op": "act", "a": {"t": "end"}},
              {"op": "new", "rs": "teg", "players": PLAYERS}]
    sent = session_from("192.168.1.20", Hub(db), script)
    assert sent[0]["type"] == "game" and sent[0]["enter"] is False
    assert [m["error"] for m in sent if m["type"] == "error"] == [
        "act: events are entered on this machine's page (another machine's needs comando web "
        "--lan-input)",
        "new: games are started on this machine's page (another machine's needs comando web "
        "--lan-input)"]
    sent = session_from("192.168.1.20", Hub(db, lan_input=True), script[:2])
    # the act's one reply is "done" (the push loop may send the new view after it)
    assert sent[0]["enter"] is True
    assert [m["type"] for m in sent[2:] if m["type"] != "view"] == ["done"], sent[2:]
