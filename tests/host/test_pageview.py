"""What the live page shows of a stored game (comando_host.web.pageview.PageGame), without a browser."""

import itertools
import json

import pytest

from comando.session import replay
from comando.board import load_board
from comando.combat import compare
from comando.dice import SeededDice
from comando_host.store.demo_games import bot_events
from comando_host.web.pageview import CHECKPOINT, PageGame, expected_losses


@pytest.fixture(scope="module")
def teg_game():
    return bot_events("teg", 4, 3)   # a whole 4-player game, to its victory


def rows(events):
    return [("event", e) for e in events]


def test_expected_losses_are_exact():
    # teg-classic.txt, ATTACKING: highest die against highest, ties to the defender. Enumerate
    # every throw of a against d dice and average the losses: the page's expectation must agree.
    for a in (1, 2, 3):
        for d in (1, 2, 3):
            la = ld = 0
            n = 0
            for ad in itertools.product(range(1, 7), repeat=a):
                for dd in itertools.product(range(1, 7), repeat=d):
                    x, y = compare(list(ad), list(dd))
                    la += x
                    ld += y
                    n += 1
            ea, ed = expected_losses(a, d)
            assert ea == pytest.approx(la / n, abs=1e-12)
            assert ed == pytest.approx(ld / n, abs=1e-12)


def test_the_map_follows_every_event(teg_game):
    pg = PageGame(rows(teg_game), "g")
    board = load_board("teg")
    conquests = 0
    for k, ev in enumerate(teg_game, 1):
        if ev["t"] != "attack" or k % 3:
            continue
        v = pg.view(k)
        assert v["at"] == k and v["seq"] == ev["seq"] and v["map"]
        assert v["hot"] == [ev["f"], ev["to"]]
        assert v["battles"][0]["seq"] == ev["seq"]
        assert v["battles"][0]["ad"] == sorted(ev["ad"], reverse=True)
        if v["owner"][ev["to"]] == ev["p"]:
            conquests += 1
            assert "conquered" in v["battles"][0]["text"]
            assert board.name(ev["to"]) in v["battles"][0]["text"]
    assert conquests > 10
    last = pg.view()
    assert last["turn"]["phase"] == "over" and last["turn"]["winner"] >= 0
    won = last["players"][last["turn"]["winner"]]
    assert won["alive"] and won["countries"] == sum(1 for o in last["owner"] if o == last["turn"]["winner"])
    assert sum(p["countries"] for p in last["players"]) == board.n


def test_seeking_back_equals_folding_afresh(teg_game):
    pg = PageGame(rows(teg_game), "g")
    n = len(teg_game)
    assert n > CHECKPOINT + 100
    for at in (n, 3, CHECKPOINT + 7, 1, n - 1, CHECKPOINT, 0, 77, CHECKPOINT - 1):
        assert pg.view(at) == PageGame(rows(teg_game), "g").view(at), at


def test_luck_counts_each_players_losses(teg_game):
    v = PageGame(rows(teg_game), "g").view()
    lost = [0, 0, 0, 0]
    folder_owner = None
    from comando import engine
    f = engine.Folder()
    for ev in teg_game:
        if ev["t"] == "attack":
            folder_owner = f.state.owner[ev["to"]]
            al, dl = compare(ev["ad"], ev["dd"])
            lost[ev["p"]] += al
            lost[folder_owner] += dl
        f.feed(ev)
    assert [x["lost"] for x in v["luck"]] == lost
    for x in v["luck"]:
        assert x["series"][-1][1] == pytest.approx(x["lost"] - x["expected"], abs=0.01)
        assert len(x["series"]) <= 200


def test_the_page_never_shows_a_secret(teg_game):
    # The deal holds each player's secret objective (teg-classic.txt, OBJECTIVES): no view may
    # carry the field or the text of any objective.
    board = load_board("teg")
    texts = [o["text"] for o in board.objectives if o.get("text")]
    assert texts
    pg = PageGame(rows(teg_game), "g")
    for at in range(0, len(teg_game) + 1, 7):
        blob = json.dumps(pg.view(at), ensure_ascii=False)
        assert '"obj' not in blob
        for t in texts:
            assert t not in blob


def _revancha_session():
    b = load_board("revancha")
    t = replay.Table("revancha", ["blue", "red", "black", "yellow"], {"board": "revancha"},
                rng=SeededDice(4), board=b)
    t.act({"t": "first"})
    while t.state.stage != "turn":
        st = t.state
        if st.stage == "place":
            t.act({"t": "place", "p": st.cur})
        elif st.stage == "round":
            t.act({"t": "round"})
        elif st.stage == "crisis":
            t.act({"t": "crisis"})
        elif st.stage == "extra":
            t.act({"t": "extra", "p": st.cur, "c": 10})
    cur = t.state.cur
    t.act({"t": "roll", "p": cur, "d": (cur + 1) % 4, "a": 5, "b": 2,
           "f": b.index("brasil"), "to": b.index("argentina")})
    return t, b


def test_a_table_session_shows_turn_situation_and_battles():
    # The device's default game tracks no map: the page shows the turn, La Revancha's situation
    # card (teg-la-revancha.txt, SITUATION CARDS) and the battles with their dice and countries.
    t, b = _revancha_session()
    v = PageGame(rows(t.events), "s").view()
    assert v["mode"] == "session" and not v["map"] and v["board"] == "revancha"
    assert v["situation"]["card"] == t.state.sit
    from comando.rulesets.revancha import situations
    assert v["situation"]["name"] == situations.label(t.state.sit)
    assert v["situation"]["text"] == situations.describe(t.state.sit)
    r = t.events[-1]["r"]
    battle = v["battles"][0]
    assert (battle["ad"], battle["dd"], battle["al"], battle["dl"]) == (r["ad"], r["dd"], r["al"], r["dl"])
    assert v["hot"] == [b.index("brasil"), b.index("argentina")]
    assert [p["colour"] for p in v["players"]] == ["blue", "red", "black", "yellow"]
    assert v["turn"]["cur"] == t.state.cur
