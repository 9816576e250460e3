"""Shared helpers for the engine tests (core and host): the classic board, games, rigged events."""

from comando import engine
from comando.board import load_board, board_path
from comando.dice import SeededDice

COLOURS = ("blue", "red", "black", "yellow", "green", "magenta")
_BOARD = []


def board():
    if not _BOARD:
        _BOARD.append(load_board(board_path("teg")))
    return _BOARD[0]


def game(np_=4, seed=1, options=None):
    pl = [("P%d" % i, COLOURS[i]) for i in range(np_)]
    return engine.new_game(board(), "teg", pl, options=options, rng=SeededDice(seed))


def c(name):
    return board().find(name)


def play(state, ev):
    """Check then apply one event (tests supply dice themselves)."""
    engine.check(state, ev)
    engine.apply(state, ev)
    return state


def hostilities(np_=4, seed=1, options=None):
    """A game past the two placement rounds (every seat placed everything on its first country)."""
    g = game(np_, seed, options)
    while g.state.phase in ("place", "claim"):
        s = g.state
        if s.phase == "claim":
            free = [k for k in range(s.n) if s.owner[k] < 0]
            g.act({"t": "claim", "p": s.cur, "c": free[0]})
        else:
            g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    return g


def arrange(state, owners, armies=None, default_owner=None):
    """Test set-up: give countries (names) to seats, with armies. Other countries keep their owner,
    or go to ``default_owner`` when given. Every country keeps at least one army."""
    if default_owner is not None:
        for k in range(state.n):
            state.owner[k] = default_owner
            state.armies[k] = 1
    for name, p in owners.items():
        k = c(name)
        state.owner[k] = p
        if armies and name in armies:
            state.armies[k] = armies[name]
        elif state.armies[k] < 1:
            state.armies[k] = 1
    for p in range(state.np):
        state.alive[p] = 1 if state.count(p) else 0
    return state


def snapshot(state):
    return state.to_dict()
