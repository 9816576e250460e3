"""T.E.G. II on the live page (issue 23; rules/teg-ii.txt): what comando_host.web.pageview shows of a
game on the map (the engine, the bot playing every power) and of the device's table session:
each region's units per power (armies, ships at sea, aircraft, SU, rockets, mushrooms), the
players' counts, the war-potential track, the objective tokens (face down until the count
reveals them), the points at the count and the combats with their battle commands - never a
command before its reveal, in anything the page receives (the HTML, /api, the socket)."""

import json

import pytest
from websockets.sync.client import connect

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine.bot import Bot
from comando.session import replay as session_replay
from comando.rulesets.teg2 import tally
from comando.rulesets.teg2.commit import commit
from comando_host.web.pageview import PageGame
from comando_host.store.db import Store
from comando_host.web.app import Background

from test_web_app import get, recv

POWERS6 = [("USA", "usa"), ("USSR", "ussr"), ("China", "china"), ("Japan", "japan"),
           ("WEurope", "weurope"), ("EEurope", "eeurope")]


def map_game(seed=3, players=POWERS6, options=None):
    """A whole T.E.G. II game on the house map, the bot playing every power."""
    g = engine.new_game(load_board("teg2_house"), "teg2", players, options=options,
                        rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 1000))
    while g.state.phase != "over":
        g.act(bot.action(g.state))
    return list(g.log)


@pytest.fixture(scope="module")
def advanced():
    return map_game(3, options={"level": "advanced"})


def rows(events):
    return [("event", e) for e in events]


def test_every_region_shows_each_powers_units(advanced):
    pg = PageGame(rows(advanced), "t2")
    f = engine.Folder()
    seen_air = seen_su = seen_mix = seen_rocket = 0
    for k, ev in enumerate(advanced, 1):
        f.feed(ev)
        if k % 9 and k != len(advanced):
            continue
        st = f.state
        v = pg.view(k)
        if "u" not in st.x:
            continue
        x, np_ = st.x, st.np
        assert v["map"] and v["teg2"]["track"]["wp"] == [x["wp"][st.rules.power(st, p)]
                                                         for p in range(np_)]
        for c in range(st.n):
            here = [[p, x["u"][c * np_ + p], x["a"][c * np_ + p], x["s"][c * np_ + p]]
                    for p in range(np_) if x["u"][c * np_ + p] or x["a"][c * np_ + p]
                    or x["s"][c * np_ + p]]
            assert v["mix"][c] == here, (k, c)
            assert v["armies"][c] == sum(h[1] + h[3] for h in here)
            assert v["owner"][c] == (here[0][0] if len(here) == 1 else -1)
            badge = v["badges"][c].split()
            assert ("A%d" % sum(h[2] for h in here) in badge) == any(h[2] for h in here)
            assert ("SU" in badge) == any(h[3] for h in here)
            assert ("X" in badge) == bool(x["boom"][c])
            assert ("R" in badge) == any(e[1] == c for e in x["rk"])
            seen_air += any(h[2] for h in here)
            seen_su += any(h[3] for h in here)
            seen_mix += len(here) > 1
            seen_rocket += any(e[1] == c for e in x["rk"])
        for p, pl in enumerate(v["players"]):   # the players' counts: regions, units, aircraft, SU
            mine = [c for c in range(st.n) if any(st.rules.forces_at(st, c, p))]
            assert pl["countries"] == len(mine)
            assert pl["armies"] == sum(x["u"][c * np_ + p] for c in range(st.n))
            assert pl["air"] == sum(x["a"][c * np_ + p] for c in range(st.n))
            assert pl["su"] == sum(x["s"][c * np_ + p] for c in range(st.n))
            assert pl["wp"] == x["wp"][st.rules.power(st, p)]
        for p, mine in enumerate(v["teg2"]["tokens"]):   # public on the map: kind and region
            placed = [(k, c) for k, c in enumerate(x["tok"][p * 5:p * 5 + 5]) if c >= 0]
            assert [t["what"] for t in mine] == [tally.token_name(k) for k, _ in placed]
            assert [t["where"] for t in mine] == [st.board.name(c) for _, c in placed]
        assert v["off"] == [c for c in range(st.n) if st.rules.area(st, c) < 0]
        assert not any(v["mix"][c] for c in v["off"])
        sea = [r for r in v["teg2"]["regions"] if r["sea"]]
        assert all(st.rules.geo(st.board).sea[r["c"]] for r in sea)
    assert seen_air and seen_su and seen_mix and seen_rocket, (seen_air, seen_su, seen_mix, seen_rocket)
    assert any(p["armies"] for p in v["players"]) and all(p["countries"] >= 0 for p in v["players"])


def test_battles_with_their_commands_and_the_points_at_the_count(advanced):
    pg = PageGame(rows(advanced), "t2")
    fights = [e for e in advanced if e["t"] in ("fight", "retreat")]
    assert len(fights) >= 10
    k = advanced.index(fights[-1]) + 1
    v = pg.view(k)
    assert v["battles"] and v["battles"][0]["seq"] == fights[-1]["seq"]
    for b, ev in zip(v["battles"], fights[::-1]):
        assert b["seq"] == ev["seq"]
        st = engine.fold(advanced[:advanced.index(ev) + 1])
        if ev["t"] == "fight":   # the commands as the rules read them from the fight event
            last = st.x["last"]
            assert b["cmd"] == last[:2] and b["won"] == last[2:4] and (b["p"], b["d"]) == tuple(last[4:6])
            assert "commands %s against %s" % tuple(last[:2]) in b["text"]
        else:
            assert b["retreat"] and b["d"] == ev["p"]
    assert v["hot"] == [v["battles"][0]["c"]]
    last = pg.view()
    st = engine.fold(advanced)
    assert [p["points"] for p in last["players"]] == st.x["pts"]
    count = last["teg2"]["count"]
    assert count["tot"] == st.x["tot"] and count["win"] == st.x["win"]
    assert last["dice"] is False and "luck" in last


def _session(secret=False, extra=None):
    """The device's T.E.G. II session into round 1's combat: USA attacks USSR in Brazil, both lock
    (``extra`` fields added to each lock event, as a tampered import could carry), then reveal;
    returns (events, index of the first reveal, index of the second)."""
    opts = {"secret": 1} if secret else None
    t = session_replay.Table("teg2", ["usa", "ussr", "china"], opts, rng=SeededDice(2))
    rows_of = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [6, 5, 4, 3, 2]]
    nonces = {}
    while t.state.stage == "place":
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        if secret:
            n = "%032x" % (p * 5 + k + 1)
            nonces[p, k] = n
            t.act({"t": "place", "p": p, "row": rows_of[p][k], "h": tally.commit(k, rows_of[p][k], n)})
        else:
            t.act({"t": "place", "p": p, "k": k, "row": rows_of[p][k]})
    t.act({"t": "round"})
    while t.state.stage == "add":
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "declare", "p": 0, "d": 1, "rg": "Brazil"})
    t.act({"t": "lock", "p": 0, "h": commit("3/0/5", NONCE0)})
    t.act({"t": "lock", "p": 1, "h": commit("2/2/2", NONCE1)})
    events = [dict(e) for e in t.events]
    if extra:
        for e in events:
            if e["t"] == "lock":
                e.update(extra(e["p"]))
    first = len(events)
    t.act({"t": "reveal", "p": 0, "cmd": "3/0/5", "n": NONCE0, "k": 8})
    t.act({"t": "reveal", "p": 1, "cmd": "2/2/2", "n": NONCE1, "k": 6})
    events += [dict(e) for e in t.events[first:]]
    return events, first, first + 1, t, nonces


NONCE0, NONCE1 = "ab" * 16, "cd" * 16
SECRETS = ("3/0/5", "2/2/2", NONCE0, NONCE1)


def test_a_table_session_shows_the_track_the_tokens_and_the_commands_once_revealed():
    events, r1, r2, t, _ = _session()
    pg = PageGame(rows(events), "s")
    for at in range(r1 + 1):   # before any reveal: no command anywhere in the view
        blob = json.dumps(pg.view(at))
        assert not any(s in blob for s in SECRETS), at
    v = pg.view(r1)
    assert v["mode"] == "session" and v["teg2"]["war"]["state"] == "USA locked, USSR locked"
    assert v["teg2"]["track"]["wp"] == [7, 7, 7]
    assert v["teg2"]["tokens"][0][4] == {"what": "CONTROL 5", "where": "row 5", "hidden": False,
                                         "ok": None}
    assert v["battles"] == [] and v["columns"][0][0] == "wp"
    # the attacker's reveal is in the log: its command is public, the defender's is not
    blob = json.dumps(pg.view(r1 + 1))
    assert "3/0/5" in blob and "2/2/2" not in blob and NONCE1 not in blob
    v = pg.view(r2 + 1)
    b = v["battles"][0]
    assert b["cmd"] == ["3/0/5", "2/2/2"] and b["rg"] == "Brazil" and (b["p"], b["d"]) == (0, 1)
    assert v["teg2"]["war"] is None
    assert v["teg2"]["track"]["wp"] == list(t.state.track["wp"]) != [7, 7, 7]
    assert [p["wp"] for p in v["players"]] == list(t.state.track["wp"])


def test_secret_tokens_stay_face_down_until_the_count():
    events, _, _, t, nonces = _session(secret=True)
    v = PageGame(rows(events), "s").view()
    tokens = v["teg2"]["tokens"]
    assert all(k["what"] == "face down" and k["hidden"] for mine in tokens for k in mine)
    assert [k["where"] for k in tokens[0]] == ["row 1", "row 2", "row 3", "row 4", "row 5"]
    blob = json.dumps(v)
    assert "CONTROL" not in blob and "INTERVENTION" not in blob
    # play on to the count: each reveal turns its token face up with its answer
    from comando import session as Z
    while t.state.stage not in (Z.COUNT, Z.OVER):
        if t.state.stage == "turn":
            t.act({"t": "end", "p": t.state.cur})
        elif t.state.stage == "round":
            t.act({"t": "round"})
        else:
            t.act({"t": "place", "p": t.state.cur})
    start = len(t.events)
    p = t.state.cur
    i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0][0]
    row = t.state.tally["row"][p * 5 + i]
    k = [kk for (pp, kk), n in nonces.items() if pp == p and tally.commit(kk, row, n) == t.state.tally["h"][p * 5 + i]][0]
    t.act({"t": "score", "p": p, "i": i, "ok": 1, "k": k, "n": nonces[p, k]})
    v = PageGame(rows(t.events), "s").view()
    shown = v["teg2"]["tokens"][p][i]
    assert shown == {"what": tally.token_name(k), "where": "row %d" % row, "hidden": False, "ok": True}
    assert sum(not x["hidden"] for mine in v["teg2"]["tokens"] for x in mine) == 1
    assert len(t.events) == start + 1


@pytest.mark.parametrize("tampered", [False, True])
def test_an_unrevealed_command_reaches_nothing_the_page_receives(tmp_path, tampered):
    """Stored up to both locks (the reveals not yet made): the HTML, every /api answer and every
    socket message, live and at every point of the slider, carry neither command nor nonce -
    also when the stored lock events carry the command (the device's secret part, a clear cmd)."""
    extra = None
    if tampered:
        extra = lambda p: {"sec": {"cmd": SECRETS[p], "n": SECRETS[2 + p]}, "cmd": SECRETS[p],  # noqa: E731
                           "n": SECRETS[2 + p]}
    events, r1, _, _, _ = _session(extra=extra)
    db = str(tmp_path / "s.db")
    store = Store(db)
    store.ensure_game("s-teg2", ruleset="teg2", origin="device")
    store.add_events("s-teg2", events[:r1])
    store.close()
    srv = Background(db).start()
    got = []
    try:
        for path in ("", "api/games", "api/games/s-teg2/view", "api/games/s-teg2/map.svg",
                     "static/page.js"):
            got.append(get(srv.url + path)[2])
        for at in range(r1 + 1):
            got.append(get(srv.url + "api/games/s-teg2/view?at=%d" % at)[2])
        with connect(srv.url.replace("http", "ws") + "ws") as ws:
            ws.send(json.dumps({"op": "watch", "game": "s-teg2"}))
            got.append(json.dumps(recv(ws, "game")))
            live = recv(ws, "view")
            got.append(json.dumps(live))
            for at in range(r1 + 1):
                ws.send(json.dumps({"op": "seek", "at": at}))
                got.append(json.dumps(recv(ws, "view")))
    finally:
        srv.stop()
    assert live["at"] == r1 and live["teg2"]["war"]["state"] == "USA locked, USSR locked"
    assert any("locked a command (hidden)" in text for text in got)
    for text in got:
        for s in SECRETS:
            assert s not in text
