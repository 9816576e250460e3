"""The game clock on the live page (comando_host.web.pageview) and the mirror (comando_host.text.view):
the time left as of each event's stamp, the warning, the closing rolls and the end at time, who
ran out - from the events alone (issue 26)."""

from comando import session as S
from comando import engine
from comando.board import board_path, load_board
from comando.dice import FixedDice, SeededDice
from comando.engine.bot import Bot
from comando.session import replay
from comando import turns
from comando_host.web.pageview import PageGame
from comando_host.text.view import GameView


def rows(events):
    return [("event", e) for e in events]


def revancha_session():
    """A La Revancha table session, 30 minutes then the closing roll: rounds of four 200 s turns;
    closing rolls 3+4 (over 4: on), then 2+2 (5 or less: over); a turn timed out on the way."""
    t = replay.Table("revancha", ["white", "black", "red", "blue"], {"limit": 1800, "budget": 700},
                     SeededDice(5))
    t.act({"t": "first", "r": [[6, 1, 1, 1]], "ts": 10})
    for _ in turns.placement_rounds("revancha", 4):
        for p in list(t.state.order):
            t.act({"t": "place", "p": p, "ts": 20})
    ts = 20

    def a_round():
        nonlocal ts
        t.act({"t": "round", "ts": ts})
        while t.state.stage in (S.CRISIS, S.EXTRA):
            t.act({"t": "crisis", "ts": ts} if t.state.stage == S.CRISIS
                  else {"t": "extra", "p": t.state.cur, "c": 10, "ts": ts})
        for p in list(t.state.order):
            left = t.state.clock["left"][p]
            if left <= 200:   # its budget runs out: the time-out
                ts += left
                t.act({"t": "timeout", "p": p, "ts": ts})
            else:
                ts += 200
                t.act({"t": "end", "p": p, "ts": ts})

    while not t.state.clock["up"]:
        a_round()
    t.rng = FixedDice([3, 4])
    t.act({"t": "close", "ts": ts})
    a_round()
    t.rng = FixedDice([2, 2])
    t.act({"t": "close", "ts": ts})
    assert t.state.stage == S.OVER
    return t.events


def test_page_shows_the_clock_of_a_table_session():
    events = revancha_session()
    pg = PageGame(rows(events), "g")
    v = pg.view(3)
    assert v["clock"]["game"] == 1800 - 20 and v["clock"]["warn"] is False
    assert any("of the game left" in x for x in v["clock"]["lines"])
    # under 5 minutes of the game: the warning
    at = next(i for i, e in enumerate(events) if e.get("ts", 0) >= 1500) + 1
    assert pg.view(at)["clock"]["warn"] is True
    end = pg.view()
    assert end["clock"]["at"] == 1 and end["clock"]["warn"] is False
    assert any("ended at time by the closing roll 2 + 2 = 4 (5 or less)" in x
               for x in end["clock"]["lines"])
    logs = [x[1] for x in end["log"]]
    assert any("closing roll 3 + 4 = 7, over 4: another round" in x for x in logs)
    assert any("closing roll 2 + 2 = 4, 5 or less: the game ends at time" in x for x in logs)
    outs = [e["p"] for e in events if e["t"] == "timeout"]
    assert outs and [p for p, _ in end["clock"]["out"]] == outs, "who ran out, from the events"
    assert any("ran out of time: the turn ends" in x for x in logs)


def test_mirror_shows_the_clock():
    events = revancha_session()
    v = GameView()
    for e in events[:6]:
        v.event(e)
    assert any(x.startswith("clock: ") and "of the game left" in x for x in v.summary())
    for e in events[6:]:
        v.event(e)
    summary = v.summary()
    assert any("the game ended at time by the closing roll" in x for x in summary)
    assert any("ran out of time in round" in x for x in summary)
    assert "the game ends at time" in list(v.log)[-1]


def test_page_shows_the_clock_of_a_map_game():
    b = load_board(board_path("revancha"))
    g = engine.new_game(b, "revancha", [("A", "white"), ("B", "black"), ("C", "red")],
                        {"situations": 0, "limit": 900}, rng=SeededDice(3))
    bot = Bot(SeededDice(4))
    ts = 0
    for _ in range(3000):
        if g.state.phase == "over":
            break
        ts += 10
        if g.state.clock["due"]:
            g.act({"t": "close", "ts": ts})
            continue
        a = dict(bot.action(g.state))
        a["ts"] = ts
        g.act(a)
    assert g.state.clock["at"] == 1
    v = PageGame(rows(g.log), "m").view()
    assert v["map"] and v["clock"]["at"] == 1
    assert any("ended at time" in x for x in v["clock"]["lines"])
    assert any("closing roll" in x[1] for x in v["log"])


def test_the_page_in_a_browser_shows_the_clock_and_its_warning(browser, tmp_path):
    """Real chromium: the clock's panel says the time left, turns to the warning's colours under
    5 minutes, and says the end at time."""
    from browser import open_page
    from comando_host.store.demo_games import store_game
    from comando_host.store.db import Store
    from comando_host.web.app import Background
    events = revancha_session()
    db = str(tmp_path / "g.db")
    store = Store(db)
    store_game(store, "clocked", events, origin="device")
    store.close()
    srv = Background(db).start()
    page, errors = open_page(browser, srv.url + "?game=clocked")
    try:
        page.wait_for_function("window.__comando.applied > 0 && window.__comando.game")
        page.wait_for_function("window.__comando.updates.at(-1).at == %d" % len(events))
        text = page.inner_text("#clock")
        assert "the game ended at time by the closing roll 2 + 2 = 4" in text
        assert "ran out of time in round" in text
        assert "warn" not in page.get_attribute("#clock", "class")
        at = next(i for i, e in enumerate(events) if e.get("ts", 0) >= 1500) + 1
        page.evaluate(f"window.__comando.seek({at})")
        page.wait_for_function(f"window.__comando.updates.at(-1).at == {at}")
        assert "of the game left" in page.inner_text("#clock")
        assert "warn" in page.get_attribute("#clock", "class")
    finally:
        page.close()
        srv.stop()
    assert not errors
