"""The page enters the table's own dice (issue 26) in a real headless browser (Debian's chromium
through playwright): in a game the laptop plays with ``dice`` table, a click on a target opens
the dice picker on the attack panel, the results the dice can give listed likeliest first; a
click on one sends the attack with the table's losses. With ``dice`` table-faces the faces are
clicked die by die and sent. The server's act checks it like any event (web/pageinput.py; the
page key and trust rules of web/guard.py are the same as for any act); a result the dice cannot
give is refused in one line, nothing stored. Rule source: teg-classic.txt "DEVELOPMENT OF AN
ATTACK" (highest against highest, one army lost per pair, ties to the defender).
Under CI=true a missing browser fails these tests (tests/browser.py)."""

from browser import open_page, same_picture
from engine_fixtures import hostilities

from comando import combat, engine, table_dice as TD
from comando.engine import picks
from comando_host.store.db import Store
from comando_host.store.demo_games import store_game
from comando_host.web.app import Background


def _game(db, gid, mode):
    """A 2-player T.E.G. game the laptop plays (origin web), past its placements."""
    g = hostilities(2, seed=3, options={"dice": mode})
    store = Store(db)
    store_game(store, gid, g.log, origin="web")
    store.close()
    return g.state


def _events(db, gid):
    store = Store(db)
    try:
        return store.events(gid)
    finally:
        store.close()


def _open(browser, srv, gid, st):
    page, errors = open_page(browser, srv.url + "?game=" + gid)
    page.wait_for_function("window.__comando.mapReady && window.__comando.input.mode == 'laptop'")
    p = st.cur
    f = picks.sources(st, p)[0]
    to = picks.targets(st, f, p)[0]
    _pick(page, f, to)
    return page, errors, f, to


def _pick(page, f, to):
    """Two clicks, the attacking country and its target: the picker opens."""
    page.click(f"#c{f}")
    page.wait_for_function(f"document.getElementById('c{to}').classList.contains('target')")
    page.click(f"#c{to}")
    page.wait_for_function("window.__comando.input.picker !== null && "
                           "!document.getElementById('intdice').hidden")


def test_the_tables_losses_clicked_on_the_attack_panel(browser, tmp_path):
    db = str(tmp_path / "tdice.db")
    st = _game(db, "w-tdice", "table")
    srv = Background(db).start()
    try:
        page, errors, f, to = _open(browser, srv, "w-tdice", st)
        na, nd = st.rules.attack_dice(st, f, to, {"t": "attack", "p": st.cur, "f": f, "to": to})
        outs = TD.results(st.armies[f], st.armies[to], na, nd)
        picker = page.evaluate("window.__comando.input.picker")
        assert (picker["f"], picker["to"], picker["a"], picker["d"]) == (f, to, na, nd)
        assert picker["outs"] == [list(o) for o in outs]     # likeliest first, as the device
        buttons = page.locator("#intdice button.tdloss")
        assert buttons.count() == len(outs)
        first = buttons.nth(0).inner_text()
        assert first.startswith("attacker %s, defender %s" % tuple(
            "-%d" % n if n else "0" for n in outs[0][:2]))
        png = page.screenshot(clip=_box(page))
        # the second likeliest clicked: the attack stored with the table's losses
        buttons.nth(1).click()
        page.wait_for_function("window.__comando.input.done.length == 1")
        page.wait_for_function("document.getElementById('intdice').hidden")
        page.close()
    finally:
        srv.stop()
    assert not errors
    ev = _events(db, "w-tdice")[-1]
    assert (ev["t"], ev["f"], ev["to"], ev["tb"]) == ("attack", f, to, 1)
    assert (ev["al"], ev["dl"]) == outs[1][:2] and ev["ad"] == [0] * na and ev["dd"] == [0] * nd
    assert engine.fold(_events(db, "w-tdice")).seq == ev["seq"]
    ok, why = same_picture(png, "page-table-dice-losses.png")
    assert ok, why


def test_the_tables_faces_clicked_die_by_die(browser, tmp_path):
    db = str(tmp_path / "tfaces.db")
    st = _game(db, "w-tfaces", "table-faces")
    srv = Background(db).start()
    try:
        page, errors, f, to = _open(browser, srv, "w-tfaces", st)
        picker = page.evaluate("window.__comando.input.picker")
        na, nd = picker["a"], picker["d"]
        assert picker["outs"] is None and page.locator("#intdice button.tdloss").count() == 0
        assert page.is_disabled("#tdsend")       # every die needs its face first
        # a result the dice cannot give (a die too many): one line, nothing stored
        n = len(_events(db, "w-tfaces"))
        page.evaluate("window.__page.send({op: 'act', a: {t: 'attack', f: %d, to: %d, "
                      "ad: %s, dd: %s}})" % (f, to, [6] * (na + 1), [1] * nd))
        page.wait_for_function("window.__comando.errors.some((e) => e.includes('dice'))")
        assert len(_events(db, "w-tfaces")) == n
        assert page.is_hidden("#intdice")       # the refusal closed the picker: open it again
        assert "attacker must roll %d dice" % na in page.inner_text("#error")
        page.evaluate("document.getElementById('error').hidden = true")   # (not in the picture)
        _pick(page, f, to)
        faces_a = [3, 6, 1][:na]
        faces_d = [5, 2][:nd]
        for side, faces in (("attacker", faces_a), ("defender", faces_d)):
            for i, v in enumerate(faces):
                page.get_by_role("button", name=f"{side}'s die {i + 1}: {v}", exact=True).click()
        page.wait_for_function("!document.getElementById('tdsend').disabled")
        png = page.screenshot(clip=_box(page))
        page.click("#tdsend")
        page.wait_for_function("window.__comando.input.done.length == 1")
        page.close()
    finally:
        srv.stop()
    ev = _events(db, "w-tfaces")[-1]
    assert ev["t"] == "attack" and ev["tb"] == 1 and "al" not in ev
    assert ev["ad"] == sorted(faces_a, reverse=True) and ev["dd"] == sorted(faces_d, reverse=True)
    al, dl = combat.losses(st.armies[f], st.armies[to], ev["ad"], ev["dd"])
    after = engine.fold(_events(db, "w-tfaces"))
    if dl < st.armies[to]:
        assert (after.armies[f], after.armies[to]) == (st.armies[f] - al, st.armies[to] - dl)
    else:   # conquered: the armies that move in are the attacker's (the move-in under way)
        assert after.owner[to] == st.cur
        assert after.armies[f] + after.armies[to] == st.armies[f] - al
    ok, why = same_picture(png, "page-table-dice-faces.png")
    assert ok, why


def _box(page):
    """The picker's box on the attack panel (the page scrolled to it)."""
    page.locator("#intdice").scroll_into_view_if_needed()
    return page.locator("#intdice").bounding_box()
