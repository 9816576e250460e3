"""Helpers for the T.E.G. II engine tests: games on the house map, positions, refusals."""

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.errors import IllegalMove

POWERS4 = [("USA", "usa"), ("USSR", "ussr"), ("China", "china"), ("Japan", "japan")]
POWERS6 = POWERS4 + [("WEurope", "weurope"), ("EEurope", "eeurope")]
# Regions no example uses: each seat parks its round-1 additions there.
PARK = ("uruguay", "paraguay", "bolivia", "venezuela", "mexico", "peru")
_B = []


def board():
    if not _B:
        _B.append(load_board("teg2_house"))
    return _B[0]


def r(name):
    return board().find(name)


def new(players=POWERS4, options=None, seed=1):
    return engine.new_game(board(), "teg2", players, options=options, rng=SeededDice(seed))


def tokens(g):
    """Every seat places its five tokens on the first free regions of the table, in order."""
    s = g.state
    while s.phase == "objectives":
        p = s.cur
        table = s.rules.table(s, s.rules.group_of(s, p))
        mine = s.x["tok"][p * 5:p * 5 + 5]
        k = mine.index(-1)
        free = [t for t in table if t not in mine]
        c = free[(p + s.sround) % len(free)]
        g.act({"t": "token", "p": p, "k": k, "c": c})
        s = g.state
    return g


def adds(g, park=PARK):
    """Every seat adds its units in its parking region (the SU there too) and ends."""
    s = g.state
    while s.phase == "add":
        p = s.cur
        c = r(park[p % len(park)])
        if s.x["left"]:
            g.act({"t": "place", "p": p, "c": c, "n": s.x["left"], "f": "u"})
        if s.x["sul"]:
            g.act({"t": "place", "p": p, "c": c, "n": 1, "f": "s"})
        g.act({"t": "end", "p": p})
        s = g.state
    return g


def to_attack(players=POWERS4, options=None):
    """A game in round 1's movements and combats, the USA to play."""
    g = adds(tokens(new(players, options)))
    assert g.state.phase == "attack"
    return g


def put(g, region, seat, units, air=0, su=0):
    """Test position: ``seat``'s forces in ``region`` (a name)."""
    s = g.state
    i = r(region) * s.np + seat
    s.x["u"][i] = units
    s.x["a"][i] = air
    s.x["s"][i] = su


def forces(g, region, seat):
    return g.state.rules.forces_at(g.state, r(region), seat)


def deep(v):
    if isinstance(v, dict):
        return {k: deep(v[k]) for k in v}
    if isinstance(v, list):
        return [deep(e) for e in v]
    return v


def refused(g, action, *words):
    """The action is refused with every word in the message, and the state is unchanged."""
    before = deep(g.state.to_dict())
    try:
        g.act(action)
    except IllegalMove as exc:
        for w in words:
            assert w in str(exc), (w, str(exc))
        assert deep(g.state.to_dict()) == before
        return str(exc)
    raise AssertionError("not refused: %r" % (action,))
