"""The live page in a real headless browser (Debian's chromium through playwright):
- the device app plays a map-mode T.E.G. game by button presses, its link end over a pty to the
  host's store: the page, open before the game starts, shows each conquest with the new owner
  and armies;
- the replay slider; the page never shows a secret;
- screenshots of the page for T.E.G., La Revancha, WAR and Risk compared with tests/golden/web/.
Under CI=true a missing browser fails these tests (tests/browser.py)."""


import pytest

from browser import open_page, same_picture

from comando import engine
from comando.session import replay
from comando.board import load_board
from comando.dice import SeededDice
from comando_host.maps import svgmap
from comando_host.store.demo_games import bot_events, store_game
from comando_host.store.db import Store
from comando_host.web.app import Background

def test_a_map_game_played_by_presses_shows_each_conquest_on_the_page(browser, tmp_path):
    # The device app (its New game screen set to map mode, its map screen) plays a whole
    # 4-player T.E.G. game by button presses (tests/mapdriver.py); its link end talks to the
    # real HostLink over a pty; the page is open before the game starts.
    import mapdriver
    from livemap_tools import LinkedDevice
    db = str(tmp_path / "host.db")
    Store(db).close()
    srv = Background(db).start()
    page, errors = open_page(browser, srv.url)
    link = LinkedDevice(db)
    try:
        page.wait_for_function("window.__comando && document.title")
        page.evaluate("window.__comando.record = []")
        # 0.015 s between actions (a person takes a second or more): on a loaded 2-core machine
        # 0.006 let pushes coalesce below "most conquests get a picture of their own"
        drv = mapdriver.play(seed=5, players=4, serial=link.serial(), pace=0.015)
        try:
            assert drv.app.state.phase == "over"
            assert link.settle(drv), "the host did not store the whole game"
            n = drv.app.state.seq
        finally:
            drv.close()
        page.wait_for_function(f"window.__comando.updates.length && window.__comando.updates"
                               f"[window.__comando.updates.length - 1].seq == {n}",
                               timeout=30000)
        record = page.evaluate("window.__comando.record")
        events = link.store.events(link.session.sync.game)
    finally:
        link.close()
        page.close()
        srv.stop()
    assert not errors
    assert len(events) == n and events[0]["board"] == "teg"
    # Fold the stored log here; at every conquest (an attack after which the attacker owns the
    # country) the first picture the page drew from that event on shows the owner's colour and
    # the armies the engine has there at that picture's event.
    colours = [p["c"] for p in events[0]["players"]]
    states = {}
    f = engine.Folder()
    conquests = []
    for ev in events:
        before = f.state.owner[ev["to"]] if ev["t"] == "attack" else None
        f.feed(ev)
        st = f.state
        states[ev["seq"]] = (list(st.owner), list(st.armies))
        if ev["t"] == "attack" and st.owner[ev["to"]] == ev["p"] and before != ev["p"]:
            conquests.append((ev["seq"], ev["to"], ev["p"]))
    assert len(conquests) >= 40
    shown = [r for r in record if r["cells"]]
    for seq, c, p in conquests:
        pic = next((r for r in shown if r["seq"] >= seq), None)
        assert pic is not None, (seq, len(record), len(shown))
        owner, armies = states[pic["seq"]]
        fill, text = pic["cells"][c]
        assert fill == svgmap.player_colour(colours[owner[c]], owner[c])[0], (seq, c)
        assert text == str(armies[c]), (seq, c)
        if pic["seq"] == seq:   # the picture of the conquest itself: the attacker's colour
            assert owner[c] == p
    # most conquests get a picture of their own
    own = sum(1 for seq, _, _ in conquests if any(r["seq"] == seq for r in shown))
    assert own >= len(conquests) // 2, (own, len(conquests))


def _stored(tmp_path):
    """A store holding a game of each kind the screenshots show."""
    db = str(tmp_path / "shots.db")
    store = Store(db)
    store_game(store, "teg-4p", bot_events("teg", 4, 3)[:300])
    store_game(store, "war-4p", bot_events("war", 4, 11)[:260])
    store_game(store, "risk-3p", bot_events("risk", 3, 7)[:240])
    b = load_board("revancha")
    t = replay.Table("revancha", ["blue", "red", "black", "yellow"], {"board": "revancha"},
                rng=SeededDice(4), board=b)
    t.act({"t": "first"})
    while t.state.stage != "turn":
        st = t.state
        act = {"place": {"t": "place", "p": st.cur}, "round": {"t": "round"},
               "crisis": {"t": "crisis"}, "extra": {"t": "extra", "p": st.cur, "c": 10}}
        t.act(act[st.stage])
    cur = t.state.cur
    for f, to, a, d in (("brasil", "argentina", 6, 3), ("chile", "bolivia", 4, 2),
                        ("china", "india", 5, 5)):
        t.act({"t": "roll", "p": cur, "d": (cur + 1) % 4, "a": a, "b": d, "f": b.index(f),
               "to": b.index(to)})
    store.ensure_game("revancha-session", board="revancha", ruleset="revancha", origin="device")
    store.add_events("revancha-session", t.events)
    store.close()
    return db


@pytest.fixture(scope="module")
def shots_db(tmp_path_factory):
    return _stored(tmp_path_factory.mktemp("shots"))


@pytest.mark.parametrize("gid", ["teg-4p", "revancha-session", "war-4p", "risk-3p"])
def test_screenshots_match_the_golden_pictures(browser, shots_db, gid):
    srv = Background(shots_db).start()
    page, errors = open_page(browser, srv.url + "?game=" + gid)
    try:
        page.wait_for_function("window.__comando.mapReady && window.__comando.applied > 0 "
                               "&& window.__comando.game")
        page.wait_for_timeout(150)
        png = page.screenshot()
    finally:
        page.close()
        srv.stop()
    assert not errors
    ok, why = same_picture(png, f"page-{gid}.png")
    assert ok, why


def test_slider_replays_and_no_secret_is_shown(browser, shots_db):
    board = load_board("teg")
    texts = [o["text"] for o in board.objectives if o.get("text")]
    srv = Background(shots_db).start()
    page, errors = open_page(browser, srv.url + "?game=teg-4p")
    try:
        page.wait_for_function("window.__comando.mapReady && window.__comando.applied > 0")
        # drag the slider to event 60 (an input event, as a hand would): the map goes back
        page.evaluate("""() => { const s = document.getElementById('slider'); s.value = 60;
                      s.dispatchEvent(new Event('input')); }""")
        page.wait_for_function("window.__comando.updates.at(-1).at == 60")
        assert page.inner_text("#mode") == "replay"
        assert page.inner_text("#pos") == "60 / 300"
        cells = page.evaluate("""Array.from(document.querySelectorAll('#map .army'),
                                 (t) => t.textContent)""")
        f = engine.Folder()
        for ev in bot_events("teg", 4, 3)[:60]:
            f.feed(ev)
        assert cells == [str(a) for a in f.state.armies]
        page.click("#live")
        page.wait_for_function("window.__comando.updates.at(-1).at == 300")
        assert page.inner_text("#mode") == "live"
        for at in (1, 2, 3, 150, 300):
            page.evaluate(f"window.__comando.seek({at})")
            page.wait_for_function(f"window.__comando.updates.at(-1).at == {at}")
            text = page.inner_text("body")
            assert not any(t in text for t in texts)
            assert "objective" not in text.lower()
    finally:
        page.close()
        srv.stop()
    assert not errors


def test_unknown_game_is_refused_on_the_page(browser, shots_db):
    srv = Background(shots_db).start()
    page, errors = open_page(browser, srv.url + "?game=nope")
    try:
        page.wait_for_function("window.__comando.errors.length > 0")
        assert page.evaluate("window.__comando.errors") == [
            "no stored game 'nope' (comando games lists them)"]
        assert page.is_visible("#error")
        # the server keeps serving: the same page opens a stored game next
        page.goto(srv.url + "?game=war-4p")
        page.wait_for_function("window.__comando.mapReady && window.__comando.applied > 0")
    finally:
        page.close()
        srv.stop()
    assert not errors


def test_a_map_asked_before_the_game_names_its_board_is_asked_again(browser, tmp_path):
    # A game listed before any event names its board (a store written before a game went in only
    # with its first events holds such rows: a device game was filed at its hello): the page's
    # first map request is refused (404). When the view naming the board arrives while that
    # request is still in flight, the page must ask again once it fails: no later view may come
    # (a table-dealt game waits for its deal). The request is held until that view is drawn, so
    # the order does not depend on the machine's speed.
    db = str(tmp_path / "early.db")
    store = Store(db)
    with store.db:   # the row such an older store holds: no board, no events yet
        store.db.execute("INSERT INTO games(id, board, ruleset, fw, origin, created, updated)"
                         " VALUES ('early', '', '', '', 'device', 0, 0)")
    srv = Background(db).start()
    page, errors = open_page(browser, "about:blank")
    held = []

    def hold(route):
        held.append((route, route.fetch()))   # the server's answer now: no board yet

    try:
        page.route("**/api/games/early/map.svg", hold, times=1)
        page.goto(srv.url)
        page.wait_for_function("window.__comando.game == 'early'")
        while not held:
            page.wait_for_timeout(20)
        assert held[0][1].status == 404
        store.add_events("early", bot_events("teg", 4, 3)[:1])   # "new": the board is known
        page.wait_for_function("window.__comando.updates.some((u) => u.seq == 1)")
        route, answer = held[0]
        route.fulfill(response=answer)
        page.wait_for_function("window.__comando.mapReady", timeout=10000)
        assert page.locator("#map .country").count() == 50
    finally:
        page.close()
        srv.stop()
        store.close()
    assert not errors


# issue 23: "a 48-character name pushes the page's tables off screen"
LONG_NAMES = ["Maximiliano Alejandro de la Santisima Trinidad R",
              "Bartolomeo" * 4 + "Anselmo!", "Ana", "Beto"]


def test_a_48_character_name_keeps_the_tables_on_screen(browser, tmp_path):
    # a game the laptop filed from elsewhere (comando play, a device): names up to 48 characters,
    # one without a space to break at; the page's width is the viewport's, every card and table
    # inside it, and each name shown whole in its title when it is cut short
    assert [len(n) for n in LONG_NAMES[:2]] == [48, 48]
    events = bot_events("teg", 4, 3)[:120]
    for p, name in zip(events[0]["players"], LONG_NAMES):
        p["n"] = name
    db = str(tmp_path / "long.db")
    store = Store(db)
    store_game(store, "long", events)
    store.close()
    srv = Background(db).start()
    page, errors = open_page(browser, srv.url + "?game=long")
    try:
        page.wait_for_function("window.__comando.mapReady && window.__comando.applied > 0")
        page.wait_for_function("document.querySelectorAll('#battles .b').length > 0")
        width = page.evaluate("window.innerWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        rights = page.evaluate("""Array.from(document.querySelectorAll(
            'aside .card, #players, #luckrows, #battles, #log, #players td, #luckrows > span'))
            .map((e) => [e.id || e.className || e.tagName, e.getBoundingClientRect().right])""")
        assert rights and all(r <= width for _, r in rights), [x for x in rights if x[1] > width]
        for where in ("#players td.who [title]", "#luckrows [title]"):
            shown = page.evaluate(f"Array.from(document.querySelectorAll('{where}'))"
                                  ".map((e) => [e.title, e.textContent])")
            assert len(shown) == 4 and all(title == text and name in title for (title, text), name
                                           in zip(shown, LONG_NAMES)), shown
    finally:
        page.close()
        srv.stop()
    assert not errors
