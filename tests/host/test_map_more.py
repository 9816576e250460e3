"""Map mode on the device for Risk (on its maps) and La Revancha, with the device as the card deck
or the table's own deck (issue 12). Whole games are played by button presses on the real device
app (tests/mapdriver.py: the New game screen's Board and Map fields, the map screen), its link end
talking to the real HostLink over a pty (tests/livemap_tools.py LinkedDevice); the laptop folds
the stored events with the engine to the device's state, and the page's view shows owners, armies
and card counts, never a card in a hand.

Rules: risk-online-12-maps.txt ("all twelve are playable"; a card at the end of a turn with a
conquest); teg-la-revancha.txt (exchanges, MISSILES, blockades, situation cards); teg-classic.txt
"Requesting a country card"."""

import json

import pytest

import devicekit as K
import mapdriver
from comando import engine
from comando_host.web.pageview import PageGame
from device.app import App
from device.buttons import PRESS, LONG
from device.hal import OK, ROLL, UP
from device.screens import screen
from device.screens.base import RULESETS
from device.screens.map import card_text
from device.ui import fit
from test_device_mapmode import journal_events

GAMES = {
    # id: (ruleset, players, seed, Risk's map, Map field: 1 the device's deck, 2 the table's)
    "risk-europe-device-deck": ("risk", 4, 3, "risk_europe", 1),
    "risk-asia-own-deck": ("risk", 3, 2, "risk_asia", 2),
    "revancha-device-deck": ("revancha", 4, 3, None, 1),
    "revancha-own-deck": ("revancha", 3, 4, None, 2),
}


def public(d):
    d = dict(d)
    for k in ("obj", "target", "void"):
        d.pop(k, None)
    x = dict(d.get("x") or {})
    x.pop("o2", None)
    d["x"] = x
    return d


def drawn_cards(evs):
    """The cards the events took: a draw's, or Risk's end or regroup carrying the turn's card."""
    return [e["card"] for e in evs if e["t"] in ("draw", "end", "regroup") and "card" in e]


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request, tmp_path_factory):
    from livemap_tools import LinkedDevice
    rs, players, seed, board, deck = GAMES[request.param]
    db = str(tmp_path_factory.mktemp("more") / "host.db")
    link = LinkedDevice(db)
    try:
        drv = mapdriver.play(seed=seed, players=players, ruleset=rs, board=board, deck=deck,
                             serial=link.serial(), draw=True)
        try:
            assert drv.app.state.phase == "over", request.param
            assert link.settle(drv), "the host did not store the whole game"
            out = {"journal": journal_events(drv.app), "state": drv.app.state.to_dict(),
                   "shown": list(drv.shown), "dialled": list(drv.dialled), "new": list(drv.new),
                   "repeats": list(drv.repeats), "toasts": list(drv.toasts),
                   "frames": list(drv.frames)}
        finally:
            drv.close()
        game = link.session.sync.game
        out["rows"] = link.store.records(game)
        out["game"] = game
    finally:
        link.close()
    out["id"] = request.param
    out["spec"] = GAMES[request.param]
    return out


def test_a_whole_game_by_presses_is_folded_by_the_laptop_at_every_event(played):
    rs, players, seed, board, deck = played["spec"]
    journal = played["journal"]
    assert journal[0]["t"] == "new" and journal[0]["rs"] == rs
    assert journal[0]["board"] == (board or rs)
    assert (journal[0].get("opt") or {}).get("deck", 0) == (1 if deck == 2 else 0)
    events = [r[1] for r in played["rows"] if r[0] == "event"]
    assert [e["seq"] for e in events] == [e["seq"] for e in journal]
    dev, lap = engine.Folder(), engine.Folder()
    for d_ev, l_ev in zip(journal, events):
        dev.feed(d_ev)
        lap.feed(l_ev)
        assert public(lap.state.to_dict()) == public(dev.state.to_dict()), d_ev["seq"]
    assert lap.state.to_dict() == played["state"]
    assert played["state"]["winner"] >= 0
    assert not played["toasts"], played["toasts"][:3]
    # presses: a repeat attack is one ROLL, a new attack a few
    assert set(played["repeats"]) == {1}
    assert 2 <= sum(played["new"]) / len(played["new"]) <= 6


def test_the_page_shows_the_map_and_card_counts_never_a_card(played):
    events = [r[1] for r in played["rows"] if r[0] == "event"]
    st = engine.fold(events)
    v = PageGame(played["rows"], played["game"]).view(len(events))
    assert v["owner"] == st.owner and v["armies"] == st.armies
    assert [pl["cards"] for pl in v["players"]] == [len(h) for h in st.hands]
    # the log tells who took a card, not which one
    names = set(st.board.name(c) for h in st.hands for c in h if c < st.n)
    for s, text in v["log"]:
        if "country card" in text:
            assert not any(n in text for n in names), text
    assert "hands" not in json.dumps(v)


def test_the_card_decks(played):
    rs, players, seed, board, deck = played["spec"]
    cards = drawn_cards(played["journal"])
    assert cards, "no card was taken"
    if deck == 1:
        # the device is the deck: every card it dealt was shown (country and symbol)
        assert played["shown"] == cards and not played["dialled"]
    else:
        # the table's deck: the card each player dialled is the card recorded, no reshuffle
        assert played["dialled"] == cards and not played["shown"]
        assert not any("sh" in e for e in played["journal"])
    # trades worked from those hands
    assert any(e["t"] == "trade" for e in played["journal"])
    # what the screen said: the device's deck shows each card's country and symbol; the table's
    # deck asks for the card drawn
    b = engine.fold(played["journal"][:1] + played["journal"][1:2]).board
    frames = played["frames"]
    if deck == 1:
        for c in set(cards):
            name, sym = card_text_of(b, c)
            name, sym = fit(name, 16), fit(sym, 16)   # as the screen cuts them
            assert any("'s card" in f and name in f and sym in f for f in frames), name
    else:
        assert any("card?" in f and "OK: the card drawn" in f for f in frames)


def test_la_revancha_plays_its_missiles_and_situation_cards_on_the_device(played):
    rs = played["spec"][0]
    types = [e["t"] for e in played["journal"]]
    if rs != "revancha":   # Risk has no missiles: the screen offers none
        assert "arm" not in types and "missile" not in types
        return
    # teg-la-revancha.txt, MISSILES: bought from the new forces and fired
    assert "arm" in types and "missile" in types
    # the situation card turned with each round (the event that opens a round carries it) and
    # the first attack list's footer names it
    from comando.rulesets.revancha import situations
    st = engine.fold(played["journal"])
    assert st.x["sit"] >= 0
    labels = set(situations.label(c) for c in range(situations.DECK_SIZE))
    assert any(any(f.endswith(lab) for lab in labels) for f in played["frames"])
    # the missile lists were drawn
    assert any("missile" in f and "OK fire" in f for f in played["frames"])


def card_text_of(board, c):
    class St:
        pass
    st = St()
    st.board = board
    st.n = board.n
    return card_text(st, c)


def test_a_shown_card_names_its_country_and_symbol():
    from comando.board import load_board
    from comando.engine import State  # noqa: F401
    g = engine.new_game(load_board("teg"), "teg", [("a", "blue"), ("b", "red")], rng=None, seed=3)
    st = g.state
    c = st.board.index("argentina") if hasattr(st.board, "index") else 0
    name, sym = card_text(st, c)
    assert name == st.board.name(c)
    assert sym in ("galleon", "balloon", "cannon") or "+" in sym or sym == ""


def new_game(root, rs, players):
    app = App(K.TestHal(root))
    app.boot()
    ng = screen(app, "NewGame")
    app.push(ng)
    ng.rs = RULESETS.index(rs)
    ng.n = players
    ng.reset_colours()
    return app, ng


def test_risk_map_mode_on_a_map_the_table_outgrows_opens_on_the_smallest_that_fits():
    # risk-online-12-maps.txt: "If the room fills past that cap, the game opens on the smallest
    # map the whole table fits on" - map mode too
    root = K.tempdir("riskmapmode")
    try:
        app, ng = new_game(root, "risk", 5)
        ng.field = 2
        while ng.board_id() != "risk_canaries":
            ng.button(UP, PRESS)
        ng.field = ng.MAP
        ng.button(UP, PRESS)
        assert ng.mapmode == 1
        ng.button(ROLL, PRESS)
        assert app.map and app.state.board.id == "risk_oceania"
        assert journal_events(app)[0]["board"] == "risk_oceania"
    finally:
        K.rmtree(root)


def test_no_map_turns_map_mode_off_and_teg2_skips_the_map_field():
    root = K.tempdir("mapfield")
    root2 = K.tempdir("mapfield2")
    try:
        app, ng = new_game(root, "revancha", 4)
        ng.field = ng.MAP
        ng.button(UP, PRESS)
        ng.button(UP, PRESS)
        assert ng.mapmode == 2
        ng.field = 2
        ng.button(UP, PRESS)           # no map: the table plays by counts, no map mode
        assert ng.board_id() is None and ng.mapmode == 0
        ng.field = ng.MAP
        ng.button(UP, PRESS)           # map mode brings its board back
        assert ng.mapmode == 1 and ng.board_id() == "revancha"
        # T.E.G. II: OK skips the Map field (its map game is not on this screen)
        app2, ng2 = new_game(root2, "teg2", 4)
        ng2.field = ng2.SEATS
        ng2.button(OK, PRESS)
        assert ng2.field == ng2.START
    finally:
        K.rmtree(root)
        K.rmtree(root2)


def test_refusals_are_one_line_and_change_nothing():
    d = mapdriver.Driver(seed=9, players=4, ruleset="revancha", deck=2)
    try:
        app = d.app
        while app.state.phase == "place" or app.state.to_place():
            d.press(OK, LONG)
        st = app.state
        p = st.cur
        b = st.board
        mine = [c for c in range(st.n) if st.owner[c] == p and st.armies[c] > 1]
        theirs = [c for c in range(st.n) if st.owner[c] != p]
        f = mine[0]
        far = next(c for c in theirs if not b.is_border(f, c))
        near = next((c for c in b.neighbours(f) if st.owner[c] != p), theirs[0])
        held = [c for h in st.hands for c in h]
        bad = [
            {"t": "attack", "p": p, "f": theirs[0], "to": near},          # not held
            {"t": "attack", "p": p, "f": f, "to": far},                   # does not border
            {"t": "place", "p": p, "c": theirs[0], "n": 1},
            {"t": "regroup", "p": p, "f": f, "to": far, "n": 1},
            {"t": "missile", "p": p, "f": f, "to": far},                  # no missile there
        ]
        if held:
            bad.append({"t": "draw", "p": p, "card": held[0]})        # a card in a hand
        before = st.to_dict()
        n_journal = len(journal_events(app))
        for a in bad:
            app.toast = None
            assert app.act(a) is None, a
            msg = app.toast[0]
            assert msg and "\n" not in msg and "Traceback" not in msg, (a, msg)
            assert app.state.to_dict() == before
            assert len(journal_events(app)) == n_journal
    finally:
        d.close()


def start_revancha_map_game(app, ng):
    """On the New game screen ``ng``: La Revancha, Map on, ROLL (the press and its after-work)."""
    ng.rs = RULESETS.index("revancha")
    ng.reset_colours()
    ng.field = ng.MAP
    ng.button(UP, PRESS)
    app.press(ROLL, PRESS)
    app.run_after_press()


def test_a_map_game_that_does_not_fit_the_heap_changes_nothing(monkeypatch):
    # on a Pico, La Revancha's engine and 72-country board may not fit the heap: the device
    # names it in one line, journals nothing and shows the New game screen again
    from device import mapmode

    def no_room(action, dice):
        raise MemoryError("memory allocation failed, allocating 512 bytes")
    monkeypatch.setattr(mapmode, "new_game", no_room)
    root = K.tempdir("noroom")
    try:
        app = App(K.TestHal(root))
        app.boot()
        ng = app.top()
        assert type(ng).__name__ == "NewGame"
        start_revancha_map_game(app, ng)
        assert not app.map and app.state.stage is None
        assert app.toast[0] == "not enough memory for a map game on revancha"
        assert type(app.top()).__name__ == "NewGame"
        import os
        assert not os.path.exists(app.journal.path)   # nothing journaled
    finally:
        K.rmtree(root)


def test_a_map_game_whose_deal_cannot_be_journaled_keeps_the_previous_game(monkeypatch):
    # the Pico's heap may fail while the deal (a long line) is written: the previous game's
    # journal comes back whole, nothing is published, the New game screen shows one line
    root = K.tempdir("nodeal")
    try:
        app = App(K.TestHal(root))
        app.boot()
        app.press(ROLL, PRESS)             # a table session with the defaults
        app.run_after_press()
        before = journal_events(app)
        assert before and not app.map
        journal = app.journal
        real = journal.append

        def append(ev):
            if ev.get("t") == "deal":
                raise MemoryError("memory allocation failed, allocating 2048 bytes")
            return real(ev)
        monkeypatch.setattr(journal, "append", append)
        from device.screens import screen
        ng = screen(app, "NewGame")
        app.push(ng)
        start_revancha_map_game(app, ng)
        assert app.toast[0] == "not enough memory for a map game on revancha"
        assert not app.map and journal_events(app) == before
        assert app.journal.count == len(before)
        assert type(app.top()).__name__ == "NewGame"
    finally:
        K.rmtree(root)
