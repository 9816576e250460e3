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


def new_action(rs, board_id, colours, opt=None, bots=None):
    """``bots``: 1 for each seat the engine's bot plays (the new event's ``bot``; device.botturn)."""
    players = []
    for i, c in enumerate(colours):
        pl = {"n": c, "c": c}
        if bots and i < len(bots) and bots[i]:
            pl["bot"] = 1
        players.append(pl)
    a = {"t": "new", "rs": rs, "board": board_id, "players": players}
    if opt:
        a["opt"] = opt   # deck=1: the table's own card deck (the draw names the card)
    return a


def new_game(action, dice):
    """(events, state) of a new map game: ``new`` and the ruleset's setup (the deal, drawn from
    the device's dice)."""
    board = load(action["board"])
    if action.get("deal") == "table":
        # the table deals its own country cards: the laptop's page enters the deal (a command)
        g = engine.Game(board, dice)
        new = {"t": "new", "rs": action["rs"], "board": board.id, "players": action["players"]}
        if action.get("opt"):
            new["opt"] = action["opt"]
        g.record(new)
        return g.log, g.state
    players = action["players"]   # (dicts: a seat's ``bot`` goes into the new event)
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


def load(board_id):
    """A map game's board: the lean one (comando.board_map: the packed board `make firmware`
    writes, plus the file's symbols, objectives and tables) when the bundle has it, else the
    whole file through comando.board, without the aliases the device never reads (``find``: the
    laptop's typed names). A Pico's heap: docs/architecture.md, "Map mode on the device"."""
    from comando.board_map import load_map_board
    board = load_map_board(board_id)
    if board is None:
        from comando.board import load_board
        board = load_board(board_id)
        board._alias = board._calias = ()
    return board


def folder():
    """The fold the journal is restored with (no undo history: the device keeps none)."""
    f = engine.Folder(verify=True, keep=False)
    feed = f.feed

    def lean_feed(ev):   # the board the journal's new event names: loaded as a new game's
        if ev.get("t") == "new" and f.board is None and isinstance(ev.get("board"), str):
            f.board = load(ev["board"])
        return feed(ev)
    f.feed = lean_feed
    return f


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
