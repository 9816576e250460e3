"""Map mode's attack picks (comando.engine.picks): only what the rules allow (teg-classic.txt,
ATTACKING: from a country of two armies or more to a bordering country of another colour; 7.
Pacts), the usual choice first. Runs under CPython and MicroPython."""

from mpytest import raises
from comando import engine
from comando.engine import picks
from engine_fixtures import c, hostilities, arrange

MPY_HEAP = "512k"


def _brute_sources(s, p):
    out = []
    for f in range(s.n):
        for to in range(s.n):
            try:
                engine.check(s, {"t": "attack", "p": p, "f": f, "to": to})
            except Exception:
                continue
            out.append(f)
            break
    return out


def test_lists_hold_exactly_the_legal_attacks():
    g = hostilities(4, seed=2)
    s = g.state
    p = s.cur
    src = picks.sources(s, p)
    assert sorted(src) == sorted(_brute_sources(s, p))
    for f in src:
        want = []
        for to in s.board.neighbours(f):
            try:
                engine.check(s, {"t": "attack", "p": p, "f": f, "to": to})
                want.append(to)
            except Exception:
                pass
        assert sorted(picks.targets(s, f)) == sorted(want) and want


def test_usual_choice_first_and_pacts_respected():
    g = hostilities(4, seed=2)
    s = g.state
    arrange(s, {"brasil": 0, "sahara": 1, "peru": 0, "argentina": 2, "chile": 1, "uruguay": 3,
                "colombia": 0, "mexico": 2},
            {"brasil": 9, "sahara": 2, "peru": 4, "argentina": 1, "chile": 3, "uruguay": 5,
             "colombia": 2, "mexico": 2}, default_owner=1)
    s.cur = 0
    s.phase = "attack"
    B, SA, P, AR, U, CH = (c(x) for x in ("brasil", "sahara", "peru", "argentina", "uruguay",
                                          "chile"))
    # Brasil (9 against a weakest neighbour of 1) before Peru (4 against 1), Colombia (2 v 2) last
    assert picks.sources(s, 0) == [B, P, c("colombia")]
    # Brasil's enemies, weakest first; same continent before Sahara at equal armies
    assert picks.targets(s, B) == [AR, SA, U]
    assert picks.targets(s, P) == [AR, CH]
    # a pact between Brasil and Sahara takes Sahara off Brasil's list (7. Pacts)
    g.act({"t": "pact", "p": 0, "q": 1, "k": "c", "a": B, "b": SA})
    assert picks.targets(s, B) == [AR, U]
    # a one-army country is never offered, nor a country with no enemy neighbour
    s.armies[P] = 1
    assert P not in picks.sources(s, 0)


def test_presses_on_a_wrapping_list():
    assert picks.presses(0, 5) == 1          # OK on the first entry
    assert picks.presses(1, 5) == 2          # DOWN, OK
    assert picks.presses(4, 5) == 2          # UP wraps to the last, OK
    assert picks.presses(2, 5) == 3
    with raises(ValueError, "no entry 5 in a list of 5"):
        picks.presses(5, 5)
