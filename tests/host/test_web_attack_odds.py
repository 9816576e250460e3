"""The page's attack panel (issue 26): the ``options`` answer for a country that can attack carries,
for each target, P(taking it), the fewest armies for 80% and the best chain one country further,
over the real server and WebSocket; and the page draws them in a real headless chromium. The
figures are checked against the core's other DP (comando.odds, forward) and a scan of it."""

import json

import pytest

from browser import open_page
from comando import engine, odds, odds_chain
from comando_host.store.demo_games import bot_events, store_game
from comando_host.web import attackodds
from test_web_input import served, socket  # noqa: F401 (served: a fixture)
from webkit import recv


def _attacking(rs, players=4, seed=3, limit=400):
    """A bot game's events up to a state where the seat to act may attack."""
    events = bot_events(rs, players, seed)
    for n in range(20, min(limit, len(events))):
        st = engine.fold(events[:n])
        if st.phase not in ("add", "attack") or st.to_place() != 0:
            continue
        p = st.cur
        for c in range(st.n):
            if st.owner[c] == p and st.armies[c] >= 3 and any(
                    st.owner[j] != p for j in st.board.neighbours(c)):
                return events[:n], st, c
    raise AssertionError(f"no attacking state in {rs}'s bot game")


def _check_entry(rs, st, f, to, x, mods=0):
    att, d = st.armies[f], st.armies[to]
    assert x["p"] == pytest.approx(odds.p_conquer(rs, att, d, mods), abs=1e-12)
    m = x["need"]
    assert odds.p_conquer(rs, m, d, mods) >= 0.8
    assert m == 2 or odds.p_conquer(rs, m - 1, d, mods) < 0.8
    on = x.get("on")
    if on is not None:
        q = on["to"]
        assert st.board.is_border(to, q) and q != f and st.owner[q] != st.owner[f]
        assert on["armies"] == st.armies[q]
        # the best of the onward chains, each the forward chain's P
        best = max(odds_chain.chain(rs, att, [d, st.armies[j]], mods)["p_all"]
                   for j in st.board.neighbours(to) if j != f and st.owner[j] != st.owner[f])
        assert on["p"] == pytest.approx(best, abs=1e-12)


@pytest.mark.parametrize("rs", ["teg", "revancha", "war", "risk"])
def test_options_carry_the_attack_panel_figures(served, rs):  # noqa: F811
    srv, store = served
    events, st, f = _attacking(rs)
    store_game(store, "g", events)
    mods = attackodds.situation(st)[1]
    with socket(srv) as ws:
        ws.send(json.dumps({"op": "watch", "game": "g"}))
        assert recv(ws, "view")["input"]["mode"] == "laptop"
        ws.send(json.dumps({"op": "options", "f": f}))
        o = recv(ws, "options")
    assert o["attack"] and set(o["odds"]) == {str(t) for t in o["attack"]}
    for t in o["attack"]:
        _check_entry(rs, st, f, t, o["odds"][str(t)], mods)


def test_page_draws_the_attack_panel(browser, served):  # noqa: F811
    srv, store = served
    events, st, f = _attacking("risk")
    store_game(store, "g", events)
    page, errors = open_page(browser, srv.url)
    try:
        page.wait_for_function("window.__comando && window.__comando.mapReady && "
                               "window.__comando.input.mode == 'laptop'", timeout=30000)
        assert page.is_hidden("#inodds")
        page.click(f"#c{f}")
        page.wait_for_function("window.__comando.input.odds && "
                               "window.__comando.input.odds.length > 0", timeout=15000)
        shown = page.evaluate("window.__comando.input.odds")
        text = page.inner_text("#inodds")
        assert page.is_visible("#inodds")
        for x in shown:
            _check_entry("risk", st, f, x["to"], x)
            assert f"{100 * x['p']:.2f}%" in text or x["p"] > 0.9999 or x["p"] < 0.0001
            assert f"{x['need']} armies" in text
            assert st.board.name(x["to"]) in text
        page.keyboard.press("Escape")
        page.wait_for_function("document.getElementById('inodds').hidden", timeout=5000)
    finally:
        page.close()
    assert not errors
