"""Shared helpers for the La Revancha engine tests (core and host): the board, games past the
setup, rigged positions. Every test cites rules/teg-la-revancha.txt by section."""

from comando import engine
from comando.board import load_board, board_path
from comando.dice import SeededDice
from comando.rulesets.revancha.engine import RULES

COLOURS = ("white", "black", "red", "blue", "yellow", "green")
_BOARD = []


def board():
    if not _BOARD:
        _BOARD.append(load_board(board_path("revancha")))
    return _BOARD[0]


def c(name):
    return board().find(name)


def k(name):
    return board().find_continent(name)


def game(np_=4, seed=1, options=None):
    pl = [("P%d" % i, COLOURS[i]) for i in range(np_)]
    return engine.new_game(board(), "revancha", pl, options=options, rng=SeededDice(seed))


def play(state, ev):
    """Check then apply one event (tests supply dice themselves)."""
    engine.check(state, ev)
    engine.apply(state, ev)
    return state


def past_setup(np_=4, seed=1, options=None):
    """A game past the placement rounds (each seat put everything on its first country), with no
    situation deck (every round classic combat) unless ``options`` says otherwise."""
    opts = {"situations": 0}
    if options:
        opts.update(options)
    g = game(np_, seed, opts)
    while g.state.phase == "place" and g.state.round == 0:
        s = g.state
        g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    return g


def arrange(state, owners, armies=None, default_owner=None):
    """Give countries (names) to seats, with armies (1 unless given); ``default_owner`` takes
    every other country first."""
    if default_owner is not None:
        for i in range(state.n):
            state.owner[i] = default_owner
            state.armies[i] = 1
            state.x["mis"][i] = 0
    for name, p in owners.items():
        i = c(name)
        state.owner[i] = p
        state.armies[i] = (armies or {}).get(name, 1)
    for p in range(state.np):
        state.alive[p] = 1 if state.count(p) else 0
    return state


def turn(g, p, phase="attack", reserve=0, rnd=2):
    """Seat ``p`` on turn in ``phase`` (round ``rnd``), with ``reserve`` armies to place."""
    s = g.state
    s.round = rnd
    s.cur = p
    s.first = p
    RULES.begin_turn(s)
    s.phase = phase
    s.reserve = reserve
    s.cres = [0] * len(s.cres)
    return s


def hand(state, p, cards):
    state.hands[p] = list(cards)
    for x in cards:
        if x in state.deck:
            state.deck.remove(x)
    return state


def with_symbol(sym, n=3, skip=()):
    b = board()
    return [i for i in range(b.n) if b.symbol(i) == sym and i not in skip][:n]


def snapshot(state):
    return state.to_dict()
