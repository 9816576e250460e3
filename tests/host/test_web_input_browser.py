"""The page's input half in a real headless browser (Debian's chromium through playwright):
- a map-mode T.E.G. game on the device app, its link end over a pty to the real HostLink:
  placements (a number typed) and an attack entered by clicks on the page reach the device as
  host commands; the device's own journal holds them, numbered by the device, and the page shows
  them when they come back through the link;
- refusals on the page: a country the player does not hold, a country that does not border, a
  malformed socket message: one line, the device's journal unchanged, the page keeps working;
- a table's own deal entered a colour at a time, checked and stored; a golden screenshot of it.
Under CI=true a missing browser fails these tests (tests/browser.py)."""

import json
import time


from browser import open_page, same_picture

from comando import engine
from comando import journal_read as codec
from comando.engine import picks
from comando_host.store.demo_games import store_game
from comando_host.store.db import Store
from comando_host.web import pageinput
from comando_host.web.app import Background

def journal(app):
    """The device's own journal, as it is on its flash."""
    with app.hal.open(app.journal.path, "rb") as f:
        return [codec.decode(line) for line in f.read().splitlines(keepends=True)]


class Table:
    """The device app and the page, pumped together: the device's loop runs between the page's
    polls (the app is single-threaded, as on the Pico)."""

    def __init__(self, drv, link, page):
        self.drv, self.link, self.page = drv, link, page

    def until(self, js, timeout=60.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.drv.pump(8)
            if self.page.evaluate(js):
                return
            time.sleep(0.003)
        raise AssertionError("timed out waiting for %s; the link: %s; the page: %s" % (
            js, self.link.state(), self.page.evaluate(
                "JSON.stringify([window.__comando.input, window.__comando.game, "
                "window.__comando.mapReady, window.__comando.errors])")))

    def done(self, k):
        self.until(f"window.__comando.input.done.length >= {k}")
        # ... and the page drew the event the device made
        seq = self.page.evaluate("window.__comando.input.done.at(-1).seq")
        self.until(f"window.__comando.updates.at(-1).seq >= {seq}")
        return seq


def test_clicks_on_the_page_reach_the_device_as_host_commands(browser, tmp_path):
    import mapdriver
    from livemap_tools import LinkedDevice
    db = str(tmp_path / "host.db")
    Store(db).close()
    srv = Background(db).start()
    link = LinkedDevice(db)
    drv = mapdriver.Driver(seed=7, players=4, serial=link.serial())
    page, errors = open_page(browser, srv.url)
    t = Table(drv, link, page)
    app = drv.app
    try:
        assert link.settle(drv)
        t.until("window.__comando.mapReady && window.__comando.input.mode == 'device'")
        assert "sent to the device" in page.inner_text("#input")
        made = 0
        # the setup placements (teg-classic.txt, "4. Two Rounds to Add 8 Armies"), a number
        # typed in the armies box, then a click on one of the player's countries
        refused_hold = False
        while app.state.phase == "place":
            st = app.state
            p = st.cur
            if not refused_hold:
                # a country the player does not hold: the engine's line, nothing sent
                theirs = next(c for c in range(st.n) if st.owner[c] != p)
                before = len(journal(app))
                page.click(f"#c{theirs}")
                t.until("document.getElementById('inmsg').classList.contains('bad')")
                assert page.inner_text("#inmsg").endswith(
                    "is not yours: place armies only on your own countries "
                    "(teg-classic.txt: adding armies)")
                assert len(journal(app)) == before
                refused_hold = True
            c = next(c for c in range(st.n) if st.owner[c] == p
                     and any(st.owner[j] != p for j in st.board.neighbours(c)))
            page.fill("#innum", str(st.to_place()))
            if made % 2:
                page.click(f"#c{c}")
            else:   # by keyboard: the country focused (Tab reaches it), Enter
                page.focus(f"#c{c}")
                page.keyboard.press("Enter")
            made += 1
            seq = t.done(made)
            ev = journal(app)[-1]
            assert (ev["t"], ev["p"], ev["c"], ev["seq"]) == ("place", p, c, seq)
            assert "cid" in ev   # it came as a host command
        # the turn starts: place what the turn adds (if any), then attack by two clicks
        st = app.state
        while st.to_place():
            c = next(c for c in range(st.n) if st.owner[c] == st.cur)
            page.fill("#innum", str(st.to_place()))
            page.click(f"#c{c}")
            made += 1
            t.done(made)
            st = app.state
        p = st.cur
        f = picks.sources(st, p)[0]
        to = picks.targets(st, f, p)[0]
        far = next(c for c in range(st.n) if st.owner[c] != p and not st.board.is_border(f, c))
        page.click(f"#c{f}")
        t.until(f"document.getElementById('c{to}').classList.contains('target')")
        # a country that does not border: the engine's refusal, the device's journal unchanged
        before = journal(app)
        page.click(f"#c{far}")
        t.until("document.getElementById('inmsg').classList.contains('bad')")
        assert "does not border" in page.inner_text("#inmsg")
        # a malformed socket message: one line; the page and the server carry on
        page.evaluate("window.__page.send({op: 'act', a: {t: 'attack', f: 'Chile'}})")
        t.until("window.__comando.errors.some((e) => e.includes('must be a whole number'))")
        page.evaluate("window.__page.send({op: 'levitate'})")
        t.until("window.__comando.errors.some((e) => e.includes('unknown op'))")
        for _ in range(20):
            drv.pump(8)
        assert journal(app) == before
        page.click(f"#c{f}")
        t.until(f"document.getElementById('c{to}').classList.contains('target')")
        page.click(f"#c{to}")
        made += 1
        seq = t.done(made)
        ev = journal(app)[-1]
        assert (ev["t"], ev["p"], ev["f"], ev["to"], ev["seq"]) == ("attack", p, f, to, seq)
        assert len(ev["ad"]) >= 1 and "cid" in ev     # the device rolled the dice
        # "End attack": no attack offered any more; armies move between the player's countries
        st = app.state
        if st.pending is not None:
            page.get_by_role("button", name="Move in").first.click()
            made += 1
            t.done(made)
            st = app.state
        pair = next(((a, b) for a in range(st.n) if st.owner[a] == p and st.armies[a] >= 2
                     for b in st.board.neighbours(a) if st.owner[b] == p), None)
        assert pair is not None   # (seed 7: the game has one)
        enemy = next((b for b in st.board.neighbours(pair[0]) if st.owner[b] != p), None)
        assert enemy is not None
        t.until("!!document.querySelector('#inbuttons button')")
        page.get_by_role("button", name="End attack").click()
        page.click(f"#c{pair[0]}")
        t.until(f"document.getElementById('c{pair[1]}').classList.contains('dest')")
        page.click(f"#c{enemy}")
        t.until("document.getElementById('inmsg').textContent.includes('attacks are over')")
        page.fill("#innum", "1")
        page.click(f"#c{pair[0]}")
        t.until(f"document.getElementById('c{pair[1]}').classList.contains('dest')")
        page.click(f"#c{pair[1]}")
        made += 1
        seq = t.done(made)
        ev = journal(app)[-1]
        assert (ev["t"], ev["f"], ev["to"], ev["n"], ev["seq"]) == \
            ("regroup", pair[0], pair[1], 1, seq)
        # the laptop's store holds the device's events as they are in its journal
        assert link.settle(drv)
        stored = link.store.events(link.session.sync.game)
        assert [e["seq"] for e in stored] == [e["seq"] for e in journal(app)]
        assert stored[-1] == json.loads(json.dumps(journal(app)[-1]))
        # the page shows the attack's result from the device's own state
        t.until(f"window.__comando.updates.at(-1).seq == {app.state.seq}")
        cells = page.evaluate("Array.from(document.querySelectorAll('#map .army'), "
                              "(x) => x.textContent)")
        assert cells == [str(a) for a in app.state.armies]
    finally:
        page.close()
        drv.close()
        link.close()
        srv.stop()
    assert not errors


def _deal_game(db):
    """A 4-player T.E.G. game the laptop plays, started with the table dealing its own cards."""
    store = Store(db)
    events = pageinput.new_game("teg", "", [["Ana", "blue"], ["Beto", "red"], ["Caro", "black"],
                                            ["Dani", "yellow"]], True)
    store_game(store, "w-table-deal", events, origin="web")
    store.close()
    return engine.fold(events)


def test_a_hand_dealt_deal_is_entered_a_colour_at_a_time(browser, tmp_path):
    db = str(tmp_path / "deal.db")
    st = _deal_game(db)
    n = st.n
    # as the table dealt it: 12 each, the two left over to the two highest dice (seats 2, 3)
    # ("teg-classic.txt, 2. Distribution of countries")
    owner = [k % 4 for k in range(48)] + [2, 3]
    srv = Background(db).start()
    page, errors = open_page(browser, srv.url + "?game=w-table-deal")
    try:
        page.wait_for_function("window.__comando.mapReady && document.getElementById('indeal')"
                               " && !document.getElementById('indeal').hidden")
        assert "12 countries each, 2 left over to the highest dice" in page.inner_text("#indeal")
        for seat in range(4):
            page.check(f'input[name="dealseat"][value="{seat}"]')
            for c in range(n):
                if owner[c] == seat and not (seat == 3 and c == 49):
                    page.click(f"#c{c}")
        # one country missing: refused, nothing stored
        assert "1 left" in page.inner_text("#indeal")
        page.select_option("#dealfirst", "1")
        page.get_by_role("button", name="Deal").click()
        page.wait_for_function("window.__comando.errors.some((e) => e.includes('no owner yet'))")
        png = page.screenshot()
        page.check('input[name="dealseat"][value="3"]')
        page.click("#c49")
        page.get_by_role("button", name="Deal").click()
        page.wait_for_function("window.__comando.input.done.length == 1")
        page.wait_for_function("window.__comando.updates.at(-1).seq == 2")
        fills = page.evaluate("Array.from(document.querySelectorAll('#map .disc'), "
                              "(d) => d.getAttribute('fill'))")
        assert page.is_hidden("#indeal")
    finally:
        page.close()
        srv.stop()
    assert not errors
    store = Store(db)
    events = store.events("w-table-deal")
    store.close()
    assert [e["t"] for e in events] == ["new", "deal"]
    st = engine.fold(events)
    assert st.owner == owner and st.cur == 1
    from comando_host.maps import svgmap
    assert fills == [svgmap.player_colour(st.colours[o], o)[0] for o in owner]
    ok, why = same_picture(png, "page-input-deal.png")
    assert ok, why


def test_a_new_game_started_on_the_page_is_played_there(browser, tmp_path):
    # New game (the laptop deals): the page switches to it, and a click places the armies typed
    db = str(tmp_path / "new.db")
    Store(db).close()
    srv = Background(db).start()
    page, errors = open_page(browser, srv.url)
    try:
        page.wait_for_function("window.__comando.errors.length == 0 && document.getElementById"
                               "('title').textContent.includes('no game yet')")
        page.click("#newgame")
        page.select_option("#newrs", "war")
        page.fill("#newplayers", "Ana blue\nBeto red\nCaro black")
        page.click("#newstart")
        page.wait_for_function("window.__comando.mapReady && window.__comando.input.mode == "
                               "'laptop'")
        store = Store(db)
        gid = store.newest_game()
        assert store.game(gid)["origin"] == "web" and f"?game={gid}" in page.url
        st = engine.fold(store.events(gid))
        c = st.owner.index(st.cur)
        page.fill("#innum", "2")
        page.focus(f"#c{c}")
        page.keyboard.press("Enter")
        page.wait_for_function("window.__comando.input.done.length == 1")
        ev = store.events(gid)[-1]
        store.close()
        assert (ev["t"], ev["c"], ev["n"], ev["seq"]) == ("place", c, 2, st.seq + 1)
        page.wait_for_function(f"document.querySelector('#c{c} .army').textContent == "
                               f"'{st.armies[c] + 2}'")
    finally:
        page.close()
        srv.stop()
    assert not errors


def test_a_device_game_whose_table_deals_its_own_cards_gets_the_deal_from_the_page(browser,
                                                                                   tmp_path):
    # New game on the linked device with "the table deals its own country cards": the device
    # starts the map game without its deal; the page enters the deal a colour at a time; the
    # device checks it, numbers and journals it (teg-classic.txt, "2. Distribution of countries")
    import devicekit as K
    from livemap_tools import LinkedDevice

    from comando.dice import SeededDice
    from device.app import App
    db = str(tmp_path / "host.db")
    Store(db).close()
    srv = Background(db).start()
    link = LinkedDevice(db)
    root = K.tempdir("pagedeal")
    hal = K.TestHal(root)
    hal.serial = link.serial()
    app = App(hal, dice=SeededDice(3))
    app.boot()
    app.start_link()

    import threading
    running = [True]

    def device_loop():   # the device's link task runs on while the page is clicked
        while running[0]:
            for _ in range(8):
                if not app.link.step():
                    break
            time.sleep(0.002)

    class Idle:
        def pump(self, rounds=8):
            pass

    pumper = threading.Thread(target=device_loop, daemon=True)
    pumper.start()
    page, errors = open_page(browser, srv.url)
    t = Table(Idle(), link, page)
    try:
        t.until("document.getElementById('title').textContent.includes('no game yet')")
        page.click("#newgame")
        page.select_option("#newon", "device")
        page.fill("#newplayers", "Ana blue\nBeto red\nCaro black\nDani yellow")
        page.check("#newtable")
        page.click("#newstart")
        t.until("window.__comando.input.done.length == 1")
        assert [e["t"] for e in journal(app)] == ["new"] and app.map
        t.until("window.__comando.mapReady && document.getElementById('indeal') && "
                "!document.getElementById('indeal').hidden")
        assert "sent to the device" in page.inner_text("#input")
        owner = [(k + 1) % 4 for k in range(48)] + [0, 2]
        for seat in range(4):
            page.check(f'input[name="dealseat"][value="{seat}"]')
            for c in range(app.state.n):
                if owner[c] == seat:
                    page.click(f"#c{c}")
        page.select_option("#dealfirst", "2")
        page.get_by_role("button", name="Deal").click()
        t.done(2)
        ev = journal(app)[-1]
        assert ev["t"] == "deal" and ev["seq"] == 2 and "cid" in ev
        assert app.state.owner == owner and app.state.cur == 2
        assert ev["obj"] == [-1] * 4    # drawn at the table: the device does not know them
        t.until("window.__comando.updates.at(-1).seq == 2")
        assert page.is_hidden("#indeal")
    finally:
        running[0] = False
        pumper.join(5)
        page.close()
        link.close()
        srv.stop()
        K.rmtree(root)
    assert not errors
