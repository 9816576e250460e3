"""WAR and Risk on the shipped boards (boards/war.json, boards/risk.json): the rulebook examples
that need the real map, and seeded games from the deal to a victory."""

import botplay
from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.errors import IllegalMove
from mpytest import cpython_only, raises

MPY_HEAP = "3m"

WAR = [("Ana", "white"), ("Beto", "red"), ("Caio", "black"), ("Dora", "blue")]


def illegal(g, action, msg):
    before = g.state.to_dict()
    with raises(IllegalMove, msg):
        engine.check(g.state, action)
    assert g.state.to_dict() == before


def test_war_19_territories_with_south_america_gives_9_plus_2():
    """war.txt "2) Continent Conquered": 19 territories, 15 spread and the 4 of South America:
    9 armies (19 / 2 = 9.5) and 2 for South America, which must go on that continent."""
    b = load_board("war")
    g = engine.new_game(b, "war", WAR, rng=SeededDice(1))
    s = g.state
    sa = b.continent_index("america_do_sul")
    mine = list(b.members(sa))
    for c in range(b.n):
        if len(mine) < 19 and c not in mine and b.continent_of(c) not in (sa,) and \
                len([x for x in mine if b.continent_of(x) == b.continent_of(c)]) < len(b.members(b.continent_of(c))) - 1:
            mine.append(c)
    assert len(mine) == 19
    for c in range(b.n):
        s.owner[c] = 0 if c in mine else 1
    free, cres = s.rules.reinforcements(s, 0)
    assert free == 9 and cres[sa] == 2 and sum(cres) == 2


def test_war_brazil_venezuela_mexico_on_the_board():
    """war.txt "Moves" 2: Brazil -> Venezuela, but not those same armies on to Mexico."""
    b = load_board("war")
    g = engine.new_game(b, "war", WAR, rng=SeededDice(2))
    s = g.state
    br, ve, mx = b.find("Brazil"), b.find("Venezuela"), b.find("Mexico")
    assert b.is_border(br, ve) and b.is_border(ve, mx)
    for c, n in ((br, 6), (ve, 1), (mx, 1)):
        s.owner[c] = 0
        s.armies[c] = n
    s.round = 2
    s.cur = 0
    s.rules.begin_turn(s)
    s.reserve = 0
    s.cres = [0] * len(s.cres)
    g.act({"t": "regroup", "p": 0, "f": br, "to": ve, "n": 5})
    illegal(g, {"t": "regroup", "p": 0, "f": ve, "to": mx, "n": 2}, "may not move again")


def test_war_objectives_without_absent_colours():
    """war.txt "Objective Cards": with four players the yellow and green objectives leave the draw."""
    b = load_board("war")
    g = engine.new_game(b, "war", WAR, rng=SeededDice(7))
    s = g.state
    pool = s.rules.objective_pool(s)
    colours = [o.get("colour") for o in b.objectives if o["id"] in pool]
    assert "yellow" not in colours and "green" not in colours and "blue" in colours
    assert len(pool) == 12
    assert sorted(s.deck) == list(range(44))  # 42 territory cards and 2 wildcards


@cpython_only
def test_war_full_game_on_the_board():
    """A seeded game from the deal to a victory, invariants at every step (a 2,500-event log: the
    small-board games run under MicroPython in test_engine_war)."""
    b = load_board("war")
    g = engine.new_game(b, "war", WAR, rng=SeededDice(6))
    s = g.state
    botplay.play(g, "war", 44, max_events=8000)
    assert s.phase == "over" and s.winner >= 0
    assert engine.fold(g.log, b).to_dict() == s.to_dict()


def test_risk_world_reserves_and_a_full_game():
    """risk-online-12-maps.txt: "40 for two, 35 for three, 30 for four, 25 for five and 20 for six
    on the world board"; a seeded game to the last player standing."""
    b = load_board("risk")
    for k, want in ((2, 40), (3, 35), (4, 30), (5, 25), (6, 20)):
        g = engine.new_game(b, "risk", [("p%d" % i, "c%d" % i) for i in range(k)],
                            rng=SeededDice(k))
        s = g.state
        assert s.rules.reserve_for(s) == want
        assert sum(s.total_armies(p) for p in range(k)) == 42 + k * want
    g = engine.new_game(b, "risk", [("a", "red"), ("b", "blue"), ("c", "green")],
                        {"deploy": "hand"}, rng=SeededDice(4))
    botplay.play(g, "risk", 44, max_events=8000)
    s = g.state
    assert s.phase == "over" and sum(s.alive) == 1
    assert engine.fold(g.log, b).to_dict() == s.to_dict()
