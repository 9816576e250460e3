"""Issue 23, "The page can be driven by any web site", in Debian's chromium (tests/browser.py):
a page served from another origin (http://127.0.0.2:PORT) and a ``file://`` page, in the same
browser as the real page, open a socket to ``comando web`` and try to enter a move (and start a
game): each socket gets the one-line refusal and is closed (1008), reading the page's HTML to
steal its key fails, and no game changes; the real page then enters its move."""

import http.server
import json
import threading

from browser import VIEWPORT

from comando import engine
from comando_host.store.demo_games import store_game
from comando_host.store.db import Store
from comando_host.web import pageinput
from comando_host.web.app import Background

PLAYERS = [["Ana", "blue"], ["Beto", "red"], ["Caro", "black"]]

# What a hostile page would run: a socket to the comando page's server, a watch, a placement
# with a guessed key and one without, a new game; and a read of the page's HTML (for its key).
ATTACK = """<!doctype html><html><body><script>
window.result = {opened: false, msgs: [], closed: null, read: null};
const ws = new WebSocket("ws://127.0.0.1:%(port)d/ws");
ws.onopen = () => {
  window.result.opened = true;
  for (const m of [{op: "watch", game: "%(gid)s"},
                   {op: "act", a: {t: "place", c: %(c)d, n: 2}, token: "0".repeat(32)},
                   {op: "act", a: {t: "place", c: %(c)d, n: 2}},
                   {op: "new", rs: "war", players: %(players)s}]) ws.send(JSON.stringify(m));
};
ws.onmessage = (m) => window.result.msgs.push(JSON.parse(m.data));
ws.onclose = (e) => { window.result.closed = e.code; };
fetch("http://127.0.0.1:%(port)d/").then((r) => r.text()).then(
  (t) => { window.result.read = "read " + t.length; },
  (e) => { window.result.read = "failed: " + e; });
</script></body></html>"""


class ForeignSite:
    """Another web site on this machine: http://127.0.0.2:PORT/ serves ``html``."""

    def __init__(self, html: str):
        body = html.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.2", 0), Handler)
        self.url = "http://127.0.0.2:%d/" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def snapshot(db):
    store = Store(db)
    try:
        return {row[0]: store.events(row[0]) for row in store.games()}
    finally:
        store.close()


def test_a_page_of_another_origin_cannot_enter_a_move_and_the_real_page_still_can(browser,
                                                                               tmp_path):
    db = str(tmp_path / "web.db")
    store = Store(db)
    store_game(store, "played", pageinput.new_game("war", "", PLAYERS, False), origin="web")
    st = engine.fold(store.events("played"))
    store.close()
    c = st.owner.index(st.cur)       # a country of the player to place: a legal move
    before = snapshot(db)
    srv = Background(db).start()
    html = ATTACK % {"port": srv.port, "gid": "played", "c": c, "players": json.dumps(PLAYERS)}
    site = ForeignSite(html)
    local = tmp_path / "attack.html"
    local.write_text(html)
    context = browser.new_context(viewport=VIEWPORT)
    try:
        for url, origin in ((site.url, site.url.rstrip("/")), (local.as_uri(), "null")):
            page = context.new_page()
            page.goto(url)
            # closed, or (where nothing refuses it) every message answered
            page.wait_for_function(
                "window.result.read !== null && (window.result.closed !== null || "
                "window.result.msgs.filter((m) => m.type != 'game' && m.type != 'view')"
                ".length >= 3)", timeout=20000)
            got = page.evaluate("window.result")
            page.close()
            assert snapshot(db) == before, got               # no game changed, none started
            # the socket: the one-line refusal naming the origin, then closed; nothing answered
            assert [m["type"] for m in got["msgs"]] == ["error"], (url, got)
            assert got["msgs"][0]["error"].startswith(
                f"refused: a page of another origin ({origin}) may not use this server"), got
            assert got["closed"] == 1008, got
            assert got["read"].startswith("failed"), got   # the key stays in the page's HTML
        # the real page, in the same browser, enters the same move
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.url + "?game=played")
        page.wait_for_function("window.__comando.mapReady && window.__comando.input.mode == "
                               "'laptop'")
        page.fill("#innum", "2")
        page.focus(f"#c{c}")
        page.keyboard.press("Enter")
        page.wait_for_function("window.__comando.input.done.length == 1")
        after = snapshot(db)
        assert set(after) == set(before) and after["played"][:-1] == before["played"]
        ev = after["played"][-1]
        assert (ev["t"], ev["c"], ev["n"], ev["seq"]) == ("place", c, 2, st.seq + 1)
        assert not errors
    finally:
        context.close()
        site.close()
        srv.stop()
