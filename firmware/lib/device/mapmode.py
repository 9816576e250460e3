"""Map mode: the device plays the game on the map with the engine (``comando.engine``), the very
reducer ``comando play`` and the laptop fold, instead of the table session.

Imported only for a map game (the New game screen's board set to "map"), so a table that only
wants dice never loads the engine. A map game's journal starts with the engine's ``new`` event
(it names the ``board``); its events are the engine's own (deal, place, trade, attack, move,
regroup, draw, end), numbered and journaled by the device and published over the link as they are.
"""

from comando import engine
from comando.engine import secret


def is_map(ev):
    """True for the first event of a map game (the engine's ``new`` names a board)."""
    return ev.get("t") == "new" and "board" in ev


def new_action(rs, board_id, colours, opt=None):
    a = {"t": "new", "rs": rs, "board": board_id, "players": [{"n": c, "c": c} for c in colours]}
    if opt:
        a["opt"] = opt   # deck=1: the table's own card deck (the draw names the card)
    return a


def new_game(action, dice):
    """(events, state) of a new map game: ``new`` and the ruleset's setup (the deal, drawn from
    the device's dice)."""
    from comando.board import load_board
    board = load_board(action["board"])   # the whole file: objectives and tables play here
    if action.get("deal") == "table":
        # the table deals its own country cards: the laptop's page enters the deal (a command)
        g = engine.Game(board, dice)
        new = {"t": "new", "rs": action["rs"], "board": board.id, "players": action["players"]}
        if action.get("opt"):
            new["opt"] = action["opt"]
        g.record(new)
        return g.log, g.state
    players = [(p["n"], p["c"]) for p in action["players"]]
    g = engine.new_game(board, action["rs"], players, action.get("opt"), rng=dice)
    st = g.state
    for ev in g.log:
        if ev.get("t") == "deal" and "obj" in ev and st is not None:
            # secret objectives never leave the device unrevealed (comando.engine.secret)
            secret.seal(ev)
            st.sealed = ev["sec"]
            if st.winner >= 0:   # won at the deal: nothing left to hide
                ev["rv"] = {"obj": list(ev["sec"]["obj"]), "on": list(ev["sec"]["on"])}
    return g.log, g.state


def folder():
    """The fold the journal is restored with (no undo history: the device keeps none)."""
    return engine.Folder(verify=True, keep=False)


def make(state, action, dice):
    """check, then the event with its dice, numbered after the last one."""
    ev = engine.make(state, action, dice)
    ev["seq"] = state.seq + 1
    # the event that ends the game reveals every objective (comando.engine.secret)
    return secret.reveal_if_ending(state, ev, engine.apply)


def public(state_dict, sealed=None):
    """A map game's state as a snapshot may carry it over the link: sealed objectives unknown
    (targets and voids would tell them; the laptop recomputes them at the reveal), and the deal's
    commitments (``oh``), so a laptop that never saw the deal still checks the reveal."""
    if sealed:
        state_dict["oh"] = [secret.commit(sealed["obj"][i], sealed["on"][i])
                            for i in range(len(sealed["obj"]))]
    if "obj" in state_dict and state_dict.get("winner", -1) < 0:
        n = len(state_dict["obj"])
        state_dict["obj"] = [-1] * n
        state_dict["target"] = [-1] * n
        state_dict["void"] = [0] * n
        x = state_dict.get("x")
        if isinstance(x, dict) and x.get("o2"):
            x["o2"] = [-1] * len(x["o2"])
    return state_dict


def apply(state, ev):
    engine.apply(state, ev)
