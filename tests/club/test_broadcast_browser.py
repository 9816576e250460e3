"""The club's broadcast page in a real headless browser (Debian's chromium through playwright,
tests/browser.py) on the real `comando club serve`, two processes on one real PostgreSQL database
(docs/club.md, "The broadcast page"). 12 tables play a tournament's round: each a real bot game
(comando.engine.bot) under the drawn players' names, sealed as `comando club join` seals it and
pushed over HTTP with the table's token, half to one server process, half to the other:
- every table is on the page, a page on either process sees every table, names are text;
- an event pushed shows up on its table's small map (the owner's colour, the armies);
- a table opens into the table page's full view of its game, read only, live;
- the projector view shows the standings after the round closes.
Screenshots go to $COMANDO_CLUB_SHOTS when it names a directory (docs/club.md shows them).
Under CI=true a missing browser or postgresql fails these tests."""

import os

import pytest
from browser import VIEWPORT, need_browser
from clubtools import Server, init_club, organiser_token
from test_tournament import bot_game_of

from comando import engine
from comando_host.club.pgcluster import free_port
from comando_host.club.seal import Sealer

TABLES = 12
# a player named with HTML, one with SQL: each shown as the text it is
PLAYERS = ["<b>Ana</b> & co", "<img src=x onerror=alert(1)>", "Robert'); DROP TABLE games;--"] + \
    ["player %02d" % i for i in range(4, 4 * TABLES + 1)]
TABLE_NAMES = ["<i>Mesa</i> %d" % i if i == 1 else "table %d" % i for i in range(1, TABLES + 1)]


class Table:
    """One table of the round: its token, its game, the sealed events pushed so far."""

    def __init__(self, number, token, names, seed):
        self.number, self.token = number, token
        self.gid = "r1-t%d" % number
        s = Sealer(b"table key " + self.gid.encode(), self.gid)
        self.clear = bot_game_of(names, seed)      # as the table's own store holds it
        self.events = [s.feed(dict(e)) for e in self.clear]
        self.sent = 0

    def push(self, server, upto):
        while self.sent < upto:
            end = min(upto, self.sent + 250)
            status, answer = server.call("POST", "/api/games/%s/events" % self.gid,
                                         {"events": self.events[self.sent:end]}, token=self.token)
            assert status == 200 and answer["acked"] == end, answer
            self.sent = end


@pytest.fixture(scope="module")
def club(pg_cluster):
    need_browser()
    url = init_club(pg_cluster, "Club Norte")
    a = Server(url, free_port()).start()
    b = Server(url, free_port()).start()
    try:
        org = organiser_token(a)
        status, answer = a.call("POST", "/api/tournaments", {"name": "Noche <b>abierta</b>",
                                                             "ruleset": "teg"}, token=org)
        assert status == 200, answer
        tid = answer["id"]
        assert a.call("POST", "/api/tournaments/%d/players" % tid, {"names": PLAYERS},
                      token=org)[0] == 200
        status, drawn = a.call("POST", "/api/tournaments/%d/rounds" % tid, {"seed": 7}, token=org)
        assert status == 200, drawn
        _, info = a.call("GET", "/api/tournaments/%d" % tid)
        tables = []
        for t, name in zip(info["rounds"][0]["tables"], TABLE_NAMES):
            status, made = a.call("POST", "/api/tables", {"name": name}, token=org)
            assert status == 200, made
            tables.append(Table(t["table"], made["token"], t["players"], seed=t["table"]))
        # each table half its game in, to one server process or the other
        for i, t in enumerate(tables):
            t.push(a if i % 2 else b, len(t.events) // 2)
        yield {"a": a, "b": b, "org": org, "tid": tid, "tables": tables}
    finally:
        a.stop()
        b.stop()


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright
    from browser import launch
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def open_page(chromium, url, size=VIEWPORT):
    page = chromium.new_page(viewport=size)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: (errors.append("a dialog: " + d.message), d.dismiss()))
    page.goto(url)
    return page, errors


def shot(page, name):
    where = os.environ.get("COMANDO_CLUB_SHOTS")
    if where and os.path.isdir(where):
        page.screenshot(path=os.path.join(where, name), full_page=True)


def wait_cards(page, tables):
    want = {t.gid: t.sent for t in tables}
    page.wait_for_function(
        "want => Object.entries(want).every(([g, s]) => document.querySelector("
        "`.tcard[data-game=\"${g}\"][data-seq=\"${s}\"] .tmap svg`))", arg=want, timeout=30000)


def fold(events):
    f = engine.Folder()
    for e in events:
        f.feed(e)
    return f.state


def test_every_table_on_the_page_live_and_names_as_text(club, chromium):
    tables = club["tables"]
    page, errors = open_page(chromium, club["a"].url + "/")
    try:
        wait_cards(page, tables)
        assert page.locator(".tcard").count() == TABLES
        names = page.eval_on_selector_all(".tname", "es => es.map(e => e.textContent)")
        assert sorted(names) == sorted(TABLE_NAMES)
        # the HTML in a table's or a player's name is text: no element of it on the page
        assert page.locator(".tcard i, .tcard b, .tcard img").count() == 0
        shown = page.eval_on_selector_all(".tp .nm", "es => es.map(e => e.textContent)")
        # (the table page's wording: a player is "name (colour)")
        assert set(PLAYERS) == {n.rsplit(" (", 1)[0] for n in shown}
        # an event pushed (to the other server process) shows up on its table's map
        t = tables[3]
        t.push(club["b"], t.sent + 25)
        wait_cards(page, [t])
        st = fold(t.events[:t.sent])
        card = page.locator('.tcard[data-game="%s"]' % t.gid)
        fills = card.locator(".country .disc").evaluate_all(
            "es => es.map(e => e.getAttribute('fill'))")
        armies = card.locator(".country .army").evaluate_all("es => es.map(e => e.textContent)")
        colours = page.evaluate("g => Object.values(window.__club.cards).find(c => c.game == g)"
                                ".players.map(p => p.fill)", t.gid)
        assert fills == [colours[o] for o in st.owner]
        assert armies == [str(n) for n in st.armies]
        assert card.locator(".tturn").text_content().startswith("Round %d - " % st.round)
        assert st.names[st.cur] + " (" in card.locator(".tturn").text_content()
        assert card.locator(".tbattle").text_content() != "no battle yet"
        page.wait_for_timeout(300)
        shot(page, "club-broadcast.png")
        assert not errors
    finally:
        page.close()


def test_the_page_holds_no_secret_and_refuses_in_one_line(club):
    """Sealed exactly as on a table: neither a card nor a game's view names an objective before
    the reveal; a bad request gets one line and its status."""
    import json
    a, t = club["a"], club["tables"][2]
    st = fold(t.clear[:t.sent])
    secrets = [st.rules.objective_text(st, p) for p in range(st.np)]
    assert all(secrets)
    for path in ("/api/broadcast", "/api/games/%s/view" % t.gid,
                 "/api/games/%s/view?at=%d" % (t.gid, t.sent)):
        status, answer = a.call("GET", path)
        assert status == 200
        text = json.dumps(answer, ensure_ascii=False)
        assert not [x for x in secrets if x in text], path
    for path, want in (("/api/games/nope/view", 404), ("/api/games/nope/map.svg", 404),
                       ("/games/nope", 404), ("/api/games/%s/view?at=x" % t.gid, 400),
                       ("/api/games/%s/view?at=999999" % t.gid, 400)):
        status, answer = a.call("GET", path)
        assert status == want and "\n" not in answer["error"] and answer["error"], path


def test_a_page_on_either_server_process_sees_every_table(club, chromium):
    tables = club["tables"]
    page, errors = open_page(chromium, club["b"].url + "/")
    try:
        wait_cards(page, tables)
        assert page.locator(".tcard").count() == TABLES
        t = tables[0]
        t.push(club["a"], t.sent + 10)   # stored by the other process, heard over NOTIFY
        wait_cards(page, [t])
        assert not errors
    finally:
        page.close()


def test_a_table_opens_into_its_full_page_read_only_and_live(club, chromium):
    t = club["tables"][5]
    page, errors = open_page(chromium, club["a"].url + "/")
    try:
        wait_cards(page, club["tables"])
        page.locator('.tcard[data-game="%s"]' % t.gid).click()
        page.wait_for_url("**/games/" + t.gid)
        page.wait_for_function("s => window.__comando && window.__comando.mapReady && "
                               "window.__comando.updates.some(u => u.seq == s)", arg=t.sent,
                               timeout=30000)
        # the table page's own view: its players, the map, the log; no input of any kind
        st = fold(t.events[:t.sent])
        armies = page.locator("#map .country .army").evaluate_all(
            "es => es.map(e => e.textContent)")
        assert armies == [str(n) for n in st.armies]
        shown = page.locator("#players .nm").evaluate_all("es => es.map(e => e.textContent)")
        assert [n.rsplit(" (", 1)[0] for n in shown] == list(st.names)
        assert page.locator("script[src*='input.js']").count() == 0
        assert not page.locator("#input").is_visible()
        assert not page.locator("#newgame").is_visible()
        # live: a push shows up on the full page
        t.push(club["b"], t.sent + 15)
        page.wait_for_function("s => window.__comando.updates.some(u => u.seq == s)",
                               arg=t.sent, timeout=30000)
        # the slider replays from the club's events
        page.evaluate("window.__comando.seek(10)")
        page.wait_for_function("window.__comando.updates.some(u => u.seq == 10 && u.at == 10)",
                               timeout=30000)
        shot(page, "club-game.png")
        assert not errors
    finally:
        page.close()


def test_the_projector_shows_the_standings_after_the_round(club, chromium):
    a, tables = club["a"], club["tables"]
    page, errors = open_page(chromium, a.url + "/tournaments/%d/projector" % club["tid"],
                             size={"width": 1920, "height": 1080})
    try:
        page.wait_for_function("window.__projector.loads >= 1", timeout=30000)
        assert "no round closed yet" in page.locator("#after").text_content()
        for i, t in enumerate(tables):   # every table's game played to its end
            t.push(club["b"] if i % 2 else a, len(t.events))
        status, answer = a.call("POST", "/api/tournaments/%d/rounds/1/close" % club["tid"],
                                {}, token=club["org"])
        assert status == 200, answer
        page.wait_for_function("window.__projector.standings && "
                               "window.__projector.standings.rounds_closed == 1", timeout=30000)
        _, table = a.call("GET", "/api/tournaments/%d/standings" % club["tid"])
        # 48 players: in columns side by side, read in order
        def column(cls):
            return page.locator("#standings td.%s" % cls).evaluate_all(
                "es => es.map(e => e.textContent)")
        assert column("pl") == [s["player"] for s in table["standings"]]
        assert [float(x) for x in column("pt")] == [s["points"] for s in table["standings"]]
        assert sum(int(x) for x in column("wn")) == TABLES        # one winner a table
        assert page.locator("#standings table").count() == 3
        # it fits the projector's screen: nothing below the fold
        assert page.evaluate("document.documentElement.scrollHeight") <= 1080
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        assert page.locator("#title").text_content() == "Noche <b>abierta</b>"
        assert "after round 1" in page.locator("#after").text_content()
        # big type: a row of the standings is readable across a room
        size = page.locator("#standings td.pl").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 26
        shot(page, "club-projector.png")
        assert not errors
    finally:
        page.close()
