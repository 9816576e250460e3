"""The live page in a real headless browser (Debian's chromium through playwright):
- the device app plays a map-mode T.E.G. game by button presses, its link end over a pty to the
  host's store: the page, open before the game starts, shows each conquest with the new owner
  and armies;
- the replay slider; the page never shows a secret;
- screenshots of the page for T.E.G., La Revancha, WAR and Risk compared with tests/golden/web/.
Under CI=true a missing browser fails these tests (tests/browser.py)."""


import pytest

from browser import launch, need_browser, same_picture

from comando import engine
from comando.session import replay
from comando.board import load_board
from comando.dice import SeededDice
from comando_host import svgmap
from comando_host.demo_games import bot_events, store_game
from comando_host.store import Store
from comando_host.web.app import Background

VIEWPORT = {"width": 1440, "height": 960}


@pytest.fixture(scope="module")
def browser():
    need_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def open_page(browser, url):
    page = browser.new_page(viewport=VIEWPORT)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def test_a_map_game_played_by_presses_shows_each_conquest_on_the_page(browser, tmp_path):
    # The device app (its New game screen set to map mode, its map screen) plays a whole
    # 4-player T.E.G. game by button presses (tests/mapdriver.py); its link end talks to the
    # real HostSession over a pty; the page is open before the game starts.
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
