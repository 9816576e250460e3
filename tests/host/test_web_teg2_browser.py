"""T.E.G. II on the live page in Debian's chromium (issue 23): a game on the house map half-way
through, drawn from its stored log - regions shared by several powers in bands of their colours,
the war-potential track, the objectives, the regions' units and the last combats with their
battle commands - compared with tests/golden/web/page-teg2-6p.png; and a table session's page
with both commands locked shows neither (the page's DOM, not only its data)."""

import pytest

from browser import browser, open_page, same_picture  # noqa: F401  (the module's chromium)

from comando_host.store.demo_games import store_game
from comando_host.store.db import Store
from comando_host.web.app import Background

from test_pageview_teg2 import SECRETS, _session, map_game


@pytest.fixture(scope="module")
def teg2_db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("teg2shots") / "t2.db")
    store = Store(db)
    events = map_game(3, options={"level": "advanced"})
    half = [i for i, e in enumerate(events) if e["t"] == "fight"][12] + 1
    store_game(store, "teg2-6p", events[:half])
    session, r1, _, _, _ = _session()
    store.ensure_game("teg2-session", ruleset="teg2", origin="device")
    store.add_events("teg2-session", session[:r1])
    store.close()
    return db


def test_teg2_page_matches_the_golden_picture(browser, teg2_db):  # noqa: F811
    srv = Background(teg2_db).start()
    page, errors = open_page(browser, srv.url + "?game=teg2-6p")
    try:
        page.wait_for_function("window.__comando.mapReady && window.__comando.applied > 0 "
                               "&& window.__comando.game")
        page.wait_for_timeout(150)
        assert page.is_visible("#teg2card") and page.is_hidden("#luckcard")
        assert page.locator("#track .pawn").count() == 6
        assert page.locator("#battles .clock").count() >= 6
        fills = page.evaluate("""Array.from(document.querySelectorAll('#map .disc'),
                                 (d) => d.getAttribute('fill'))""")
        assert any(f.startswith("url(#mix") for f in fills)
        png = page.screenshot()
    finally:
        page.close()
        srv.stop()
    assert not errors
    ok, why = same_picture(png, "page-teg2-6p.png")
    assert ok, why


def test_locked_commands_are_not_on_the_page(browser, teg2_db):  # noqa: F811
    srv = Background(teg2_db).start()
    page, errors = open_page(browser, srv.url + "?game=teg2-session")
    try:
        page.wait_for_function("window.__comando.applied > 0 && window.__comando.game")
        page.wait_for_timeout(100)
        assert "USA locked, USSR locked" in page.inner_text("#war")
        html = page.content()
    finally:
        page.close()
        srv.stop()
    assert not errors
    assert "locked a command (hidden)" in html
    for s in SECRETS:
        assert s not in html
