"""Map mode on the device (issue 12): the New game screen's board set to "map" makes the device
play the game on the map with the engine; every event is the engine's own, journaled, restored
on reboot, and the same game the laptop folds. A whole 4-player T.E.G. game is played here by
button presses on the real app (tests/mapdriver.py); the simulator runs the firmware under
MicroPython for the first presses."""

import devicekit as K
import mapdriver

from comando import engine
from comando import journal_read
from comando.engine import picks
from device.app import App
from device.buttons import LONG, PRESS
from device.hal import OK, ROLL


def journal_events(app):
    evs = []
    with open(app.journal.path, "rb") as f:
        for line in f:
            evs.append(journal_read.decode(line))
    return evs


def test_a_whole_game_by_presses_is_the_engines_game():
    d = mapdriver.play(seed=5, players=4)
    try:
        app = d.app
        st = app.state
        assert st.phase == "over" and st.winner >= 0
        evs = journal_events(app)
        assert evs[0]["t"] == "new" and evs[0]["board"] == "teg" and evs[1]["t"] == "deal"
        # the laptop's fold of the journal (comando.engine, as `comando play`) is the device's game
        assert engine.fold(evs).to_dict() == st.to_dict()
        # the counts the bench reports: every repeat one press, new attacks a few
        assert d.repeats and set(d.repeats) == {1}
        assert min(d.new) >= 2
        assert not d.toasts, d.toasts[:3]
        # a reboot restores the map game from the journal
        again = App(K.TestHal(d.root))
        again.boot()
        assert again.map and again.state.to_dict() == st.to_dict()
        assert type(again.top()).__name__ == "MapTurn"
    finally:
        d.close()


def test_the_attack_lists_are_the_picks():
    d = mapdriver.Driver(seed=9, players=4)
    try:
        app = d.app
        while app.state.phase == "place" or app.state.to_place():
            d.press(OK, LONG)   # a hold: everything on the first country
        st = app.state
        scr = app.top()
        scr.sync()
        assert scr.mode() == "attack" and scr.items() == picks.sources(st, st.cur)
        f = scr.items()[0]
        d.press(OK)
        assert scr.level == 1 and scr.items() == picks.targets(st, f, st.cur)
        seq = st.seq
        d.press(ROLL)                      # attacks the first (the usual choice)
        assert app.state.seq == seq + 1 and journal_events(app)[-1]["t"] == "attack"
    finally:
        d.close()


def test_the_default_new_game_is_still_the_table_session(tmp_path):
    root = K.tempdir("nomap")
    try:
        app = App(K.TestHal(root))
        app.boot()
        app.press(ROLL, PRESS)             # New game with its defaults: start
        app.run_after_press()
        assert not app.map and app.state.stage is not None
        assert "board" not in journal_events(app)[0]
    finally:
        K.rmtree(root)


def test_map_mode_runs_on_micropython():
    from comando_host.pico.simulator import Simulator
    # New game: OK through the fields and the four seats to Map, UP: on, ROLL
    script = ["ok", "wait 50"] * 7 + ["up", "wait 50", "roll", "wait 1500"] + ["long ok", "wait 300"] * 8 + ["ok", "wait 200", "ok", "wait 300",
                                                             "quit"]
    sim = Simulator(script=script, seed=5, fresh=True, serial=False).start()
    try:
        assert sim.wait(120) == 0, sim.log()
        evs = sim.events()
    finally:
        sim.stop()
        sim.cleanup()
    types = [e["t"] for e in evs]
    assert types[:2] == ["new", "deal"] and evs[0]["board"] == "teg"
    # eight placement turns (5 then 3 armies each): a hold places one, then the rest
    assert types.count("place") == 16 and types[-1] == "attack"
    assert engine.fold(evs).seq == len(evs)


def test_war_and_risk_and_a_small_table_play_to_the_end_too():
    # WAR (war.txt) and Risk (risk-online-12-maps.txt: regroup along a chain, sets forced after
    # an elimination) on their boards; T.E.G. with 3 players starts by claiming countries.
    for rs, players, seed in (("war", 3, 2), ("risk", 3, 2), ("risk", 5, 2), ("teg", 3, 4)):
        d = mapdriver.play(seed=seed, players=players, ruleset=rs)
        try:
            st = d.app.state
            assert st.phase == "over" and st.rules.id == rs, (rs, players)
            evs = journal_events(d.app)
            assert evs[0]["board"] == rs
            assert engine.fold(evs).to_dict() == st.to_dict()
            assert set(d.repeats) <= {1} and not d.toasts
        finally:
            d.close()


def test_the_target_list_says_the_armies_needed_for_80_percent(monkeypatch):
    """Issue 26: on the attack screen's target list the footer says the fewest armies giving 80%
    against the country under the cursor: the forward DP's (comando.odds) scan agrees."""
    from comando import odds
    from device import canvas, ui
    from device.screens.map import NEED_MAX_DEF
    d = mapdriver.Driver(seed=9, players=4)
    try:
        app = d.app
        while app.state.phase == "place" or app.state.to_place():
            d.press(OK, LONG)
        st = app.state
        scr = app.top()
        d.press(OK)
        assert scr.level == 1
        footers = []
        shown = 0
        monkeypatch.setattr(ui, "footer", lambda fb, text: footers.append(text))
        for k, to in enumerate(scr.items()):
            scr.sel = k
            scr.draw(canvas.new()[1])
            dfn = st.armies[to]
            if dfn > NEED_MAX_DEF:   # (too long a DP for the Pico's loop: the plain hint)
                assert footers[-1] == "OK/ROLL attack"
                continue
            want = next(a for a in range(2, 200) if odds.p_conquer("teg", a, dfn) >= 0.8)
            assert footers[-1] == "need %d for 80%%" % want, (to, dfn, footers[-1])
            shown += 1
        assert shown
        # more defenders than the screen computes for: the plain hint
        big = scr.items()[0]
        st.armies[big] = NEED_MAX_DEF + 1
        scr.sel = scr.items().index(big)   # (the list is sorted by armies)
        scr.draw(canvas.new()[1])
        assert footers[-1] == "OK/ROLL attack"
    finally:
        d.close()
