"""The device's new-game screen plays Risk on any of its twelve maps (risk-online-12-maps.txt: "all
twelve are playable ... Whoever creates the room picks it"), and a table past the map's cap opens
on "the smallest map the whole table fits on": the table session gets that map, its size (the
reserves are proportional to it) and its seat cap. Runs on CPython and MicroPython."""

MPY_HEAP = "2m"

from device.app import App
from device.buttons import PRESS
from device.hal import UP, DOWN, ROLL
from device.screens import screen
from device.screens.base import RULESETS
import devicekit as K

MAPS = ["risk_spain", "risk_westeros", "risk", "risk_north_america", "risk_europe", "risk_asia",
        "risk_americas", "risk_africa", "risk_mediterranean", "risk_oceania", "risk_iberia",
        "risk_canaries"]


def _new_game(root, players):
    app = App(K.TestHal(root))
    app.boot()
    ng = screen(app, "NewGame")
    app.push(ng)
    ng.rs = RULESETS.index("risk")
    ng.n = players
    ng.reset_colours()
    ng.field = 2
    return app, ng


def test_the_board_field_steps_through_the_twelve_maps_then_no_map():
    root = K.tempdir("riskmaps")
    try:
        app, ng = _new_game(root, 4)
        assert ng.board_id() == "risk"          # World, the ruleset's own board, first
        seen = []
        for _ in range(12):
            ng.button(UP, PRESS)
            seen.append(ng.board_id())
        # from World on in the rulebook's order, no map after the Canaries, then Spain again
        assert seen[:9] == MAPS[3:] and seen[9] is None and seen[10:] == MAPS[:2]
        ng.button(DOWN, PRESS)
        assert ng.board_id() == "risk_spain"
    finally:
        K.rmtree(root)


def test_five_players_asking_for_the_canaries_open_on_oceania():
    root = K.tempdir("riskfit")
    try:
        app, ng = _new_game(root, 5)
        while ng.board_id() != "risk_canaries":
            ng.button(UP, PRESS)
        ng.button(ROLL, PRESS)
        st = app.state
        assert st.rs == "risk" and len(st.colours) == 5
        assert st.opts["board"] == "risk_oceania"
        assert st.opts["territories"] == 19 and st.opts["seats"] == 5
    finally:
        K.rmtree(root)


def test_a_table_that_fits_keeps_its_map():
    root = K.tempdir("riskkeep")
    try:
        app, ng = _new_game(root, 4)
        while ng.board_id() != "risk_canaries":
            ng.button(DOWN, PRESS)
        ng.button(ROLL, PRESS)
        assert app.state.opts["board"] == "risk_canaries"
        assert app.state.opts["territories"] == 14 and app.state.opts["seats"] == 4
    finally:
        K.rmtree(root)
