"""T.E.G. II in the engine, rule by rule (rules/teg-ii.txt; each test names its section)."""

MPY_HEAP = "1m"  # the engine and the house map (the engine runs on the laptop, not the Pico)

from mpytest import raises

from comando.errors import RulesError
from teg2_fixtures import (POWERS4, POWERS6, adds, board, forces, new, put, r, refused,
                           to_attack, tokens)

USA, USSR, CHINA, JAPAN = 0, 1, 2, 3


def names(g, regions):
    return [board().cid(c) for c in regions]


def test_objectives_table_cut_by_players():
    """Choosing Objectives: 6 -> every region; 5 -> the last 2 out (CARIBBEAN and PACIFIC;
    INDOCHINA and PACIFIC); 3 or 4 -> the last 3 out."""
    g6 = new(POWERS6)
    assert len(g6.state.rules.table(g6.state, 0)) == 9
    g5 = new(POWERS6[:5])
    t5 = names(g5, g5.state.rules.table(g5.state, 0))
    assert len(t5) == 7 and "caribbean" not in t5 and "pacific" not in t5
    g5o = new(POWERS6[:5], {"map": "old_world"})
    t5o = names(g5o, g5o.state.rules.table(g5o.state, 0))
    assert len(t5o) == 8 and "indochina" not in t5o and "pacific_ow" not in t5o
    for players in (POWERS4, POWERS4[:3]):
        g = new(players)
        assert len(g.state.rules.table(g.state, 0)) == 6
    # Playing on the Whole World Map: 6 players, the first 5 of each table; 4 or 5, the first 4
    gw = new(POWERS6, {"map": "world"})
    tw = names(gw, gw.state.rules.table(gw.state, 0))
    assert len(tw) == 10 and "north_africa" in tw and "atlantic" in tw
    gw4 = new(POWERS4, {"map": "world"})
    assert len(gw4.state.rules.table(gw4.state, 0)) == 8


def test_tokens_placed_one_per_round_usa_first_then_ussr_starts():
    """Choosing Objectives: "The first to place is the American player, followed by the Soviet
    player ... After everyone has placed an objective, it is the Soviet player's turn to start a
    new round"."""
    g = new()
    s = g.state
    assert s.phase == "objectives" and s.cur == USA
    g.act({"t": "token", "p": USA, "k": 4, "c": r("argentina")})  # CONTROL in Argentina
    assert g.state.cur == USSR
    # "Others may also place objectives in South Africa": another power in the same region
    g.act({"t": "token", "p": USSR, "k": 0, "c": r("argentina")})
    g.act({"t": "token", "p": CHINA, "k": 0, "c": r("chile")})
    g.act({"t": "token", "p": JAPAN, "k": 0, "c": r("chile")})
    assert g.state.cur == USSR and g.state.sround == 1
    g.act({"t": "token", "p": USSR, "k": 1, "c": r("chile")})
    g.act({"t": "token", "p": CHINA, "k": 1, "c": r("brazil")})
    g.act({"t": "token", "p": JAPAN, "k": 1, "c": r("brazil")})
    assert g.state.cur == USA
    refused(g, {"t": "token", "p": USA, "k": 2, "c": r("argentina")},
            "second objective in Argentina",
            "The same player may not have more than one objective per region")
    refused(g, {"t": "token", "p": USA, "k": 4, "c": r("chile")}, "already on the table")
    refused(g, {"t": "token", "p": USA, "k": 2, "c": r("caribbean")},
            "not on the Objectives Table in play")
    refused(g, {"t": "token", "p": USSR, "k": 2, "c": r("chile")}, "turn")


def test_rounds_by_table_size():
    """Length of a Game: 6 -> 6, 5 -> 5, 4 -> 4 or 8 (decided before starting), 3 -> 6."""
    assert new(POWERS6).state.x["R"] == 6
    assert new(POWERS6[:5]).state.x["R"] == 5
    assert new(POWERS4).state.x["R"] == 4
    assert new(POWERS4, {"rounds": 8}).state.x["R"] == 8
    assert new(POWERS4[:3]).state.x["R"] == 6
    with raises(RulesError, "If 4 play, there are 4 or 8 rounds"):
        new(POWERS4, {"rounds": 5})
    with raises(RulesError, "6 rounds"):
        new(POWERS6, {"rounds": 8})


def test_first_round_adds_seven_and_the_next_round_starts_with_the_ussr():
    """War Potential Level: "in the first round each one adds 7 armies"; How the Game Continues:
    "The second is started by the Soviet player ... The last in this round will be the American
    player"."""
    g = tokens(new())
    s = g.state
    assert s.phase == "add" and s.round == 1 and s.cur == USA and s.x["left"] == 7
    refused(g, {"t": "end", "p": USA}, "add your 7 units", "ADDITION")
    refused(g, {"t": "place", "p": USA, "c": r("chile"), "n": 8}, "7 units to add, not 8")
    adds(g)
    s = g.state
    assert s.phase == "attack" and s.cur == USA  # "the American player also begins the combat"
    for p in (USA, USSR, CHINA, JAPAN):
        g.act({"t": "end", "p": p})
    s = g.state
    assert s.round == 2 and s.phase == "add" and s.cur == USSR
    assert s.rules.order(s) == [USSR, CHINA, JAPAN, USA]


def test_special_unit_at_level_5_and_rocket_at_4_or_10():
    """Special Unit: at level 5 "they add 5 armies and also one SPECIAL UNIT"; Nuclear Rocket: at
    level 10 or 4 "they add a nuclear rocket in addition to the armies"; advanced Additions:
    "if they are at level 8, they add 11" and "at level 10 ... 13 units and the nuclear rocket"."""
    g = to_attack()
    s = g.state
    s.x["wp"][1] = 5   # USSR
    s.x["wp"][2] = 4   # China
    for p in (USA, USSR, CHINA, JAPAN):
        g.act({"t": "end", "p": p})
    s = g.state
    assert s.cur == USSR and s.x["left"] == 5 and s.x["sul"] == 1 and s.x["rko"] == 0
    refused(g, {"t": "end", "p": USSR}, "and the SU")
    g.act({"t": "place", "p": USSR, "c": r("paraguay"), "n": 5})
    g.act({"t": "place", "p": USSR, "c": r("paraguay"), "n": 1, "f": "s"})
    g.act({"t": "end", "p": USSR})
    s = g.state
    assert s.cur == CHINA and s.x["left"] == 4 and s.x["rko"] == 1 and s.x["sul"] == 0
    g.act({"t": "place", "p": CHINA, "c": r("bolivia"), "n": 4})
    g.act({"t": "end", "p": CHINA})  # "they may prefer not to add the rocket"
    assert g.state.x["hr"][CHINA] == 0
    adv = to_attack(options={"level": "advanced"})
    adv.state.x["wp"][0] = 10
    adv.state.x["wp"][1] = 8
    for p in (USA, USSR, CHINA, JAPAN):
        adv.act({"t": "end", "p": p})
    assert adv.state.cur == USSR and adv.state.x["left"] == 11
    adds_until(adv, USA)
    assert adv.state.x["left"] == 13 and adv.state.x["rko"] == 1


def adds_until(g, seat):
    s = g.state
    while s.cur != seat:
        p = s.cur
        g.act({"t": "place", "p": p, "c": r("peru"), "n": s.x["left"]})
        if s.x["sul"]:
            g.act({"t": "place", "p": p, "c": r("peru"), "n": 1, "f": "s"})
        g.act({"t": "end", "p": p})
        s = g.state


def fight(g, region, att, dfn, a, d):
    g.act({"t": "attack", "p": att, "c": r(region), "q": dfn, "b": []})
    g.act({"t": "defend", "p": dfn, "b": []})
    g.act({"t": "fight", "p": att, "a": a, "d": d})
    return g.state


def test_combat_example_usa_8_against_china_5():
    """How Combat Works: American 3/0/5 against Chinese 1/2/2: "The total losses in this example
    are 3 armies per side"; the American moves up one place and the Chinese down one."""
    g = to_attack()
    put(g, "argentina", USA, 8)
    put(g, "argentina", CHINA, 5)
    s = fight(g, "argentina", USA, CHINA, "3/0/5", "1/2/2")
    assert forces(g, "argentina", USA) == (5, 0, 0)
    assert forces(g, "argentina", CHINA) == (2, 0, 0)
    assert s.x["wp"][0] == 8 and s.x["wp"][2] == 6


def test_combat_example_tie_usa_8_against_japan_10():
    """How Combat Works: 1/4/3 against 4/4/2: "each won one battle ... the war potential levels are
    not changed. Each lost 7 armies in total"."""
    g = to_attack()
    put(g, "chile", USA, 8)
    put(g, "chile", JAPAN, 10)
    s = fight(g, "chile", USA, JAPAN, "1/4/3", "4/4/2")
    assert forces(g, "chile", USA)[0] == 1 and forces(g, "chile", JAPAN)[0] == 3
    assert s.x["wp"][0] == 7 and s.x["wp"][3] == 7


def test_combat_example_plus_clock_ussr_16_against_japan_10():
    """How Combat Works: Soviet 2/+/1 (13 in the second battle) against Japanese 5/5/0."""
    g = to_attack()
    g.act({"t": "end", "p": USA})
    put(g, "brazil", USSR, 16)
    put(g, "brazil", JAPAN, 10)
    s = fight(g, "brazil", USSR, JAPAN, "2/+/1", "5/5/0")
    assert forces(g, "brazil", USSR)[0] == 9 and forces(g, "brazil", JAPAN)[0] == 3
    assert s.x["wp"][1] == 8 and s.x["wp"][3] == 6


def test_special_unit_example_china_against_japan():
    """Special Unit: Chinese 1/SU/5 against Japanese 4/3/3: "the Chinese lose their SU and the
    Japanese lose their 3 armies"; the Chinese win 2 of 3."""
    g = to_attack()
    g.act({"t": "end", "p": USA})
    g.act({"t": "end", "p": USSR})
    put(g, "colombia", CHINA, 6, su=1)
    put(g, "colombia", JAPAN, 10)
    refused(g, {"t": "fight", "p": CHINA, "a": "1/0/5", "d": "4/3/3"}, "declare war")
    g.act({"t": "attack", "p": CHINA, "c": r("colombia"), "q": JAPAN, "b": []})
    g.act({"t": "defend", "p": JAPAN, "b": []})
    # "When a combatant has an SU in the place of combat, they must play it"
    refused(g, {"t": "fight", "p": CHINA, "a": "1/0/5", "d": "4/3/3"}, "must be played")
    g.act({"t": "fight", "p": CHINA, "a": "1/SU/5", "d": "4/3/3"})
    s = g.state
    assert forces(g, "colombia", CHINA) == (2, 0, 0)
    assert forces(g, "colombia", JAPAN) == (3, 0, 0)
    assert s.x["wp"][2] == 8 and s.x["wp"][3] == 6


def test_aircraft_example_china_against_the_russian():
    """How Aircraft Fight: Chinese 3 / Aircraft (2) / 5 against Russian 8 / 4 / Aircraft (4): "The
    Russian lost 7 armies and 3 aircraft. The Chinese lost 8 armies and 2 aircraft"."""
    g = to_attack(options={"level": "advanced"})
    g.act({"t": "end", "p": USA})
    g.act({"t": "end", "p": USSR})
    put(g, "brazil", CHINA, 8, air=2)
    put(g, "brazil", USSR, 12, air=4)
    s = fight(g, "brazil", CHINA, USSR, "3/A/5", "8/4/A")
    assert forces(g, "brazil", CHINA) == (0, 0, 0)
    assert forces(g, "brazil", USSR) == (5, 1, 0)
    assert s.x["wp"][1] == 8 and s.x["wp"][2] == 6


def test_excess_aircraft_lost_after_combat():
    """How Aircraft Fight: "after a combat a player has more aircraft than armies ... the excess
    aircraft are lost"."""
    g = to_attack(options={"level": "advanced"})
    put(g, "argentina", USA, 4, air=2)
    put(g, "argentina", CHINA, 10)
    fight(g, "argentina", USA, CHINA, "A/4/0", "0/5/5")
    # the aircraft won their battle, the 4 armies lost theirs: 2 aircraft over 0 armies are lost
    assert forces(g, "argentina", USA) == (0, 0, 0)
    assert forces(g, "argentina", CHINA) == (6, 0, 0)


def test_aircraft_never_above_own_units():
    """Advanced Level Rules: "There may never be more aircraft than the player's own armies"."""
    g = tokens(new(options={"level": "advanced"}))
    assert g.state.x["left"] == 10  # 7 + 3 ("Additions")
    g.act({"t": "place", "p": USA, "c": r("chile"), "n": 2})
    refused(g, {"t": "place", "p": USA, "c": r("chile"), "n": 3, "f": "a"},
            "3 aircraft in Chile refused", "There may never be more aircraft")
    g.act({"t": "place", "p": USA, "c": r("chile"), "n": 2, "f": "a"})
    basic = tokens(new())
    refused(basic, {"t": "place", "p": USA, "c": r("chile"), "n": 1, "f": "a"}, "ADVANCED LEVEL")


def test_reinforcements_two_per_neighbour_at_the_basic_level():
    """Movements and Combats: "From each neighbouring region the player may bring up to 2
    armies. The attacker brings theirs first, then the defender"."""
    g = to_attack()
    put(g, "argentina", USA, 3)
    put(g, "brazil", USA, 5)
    put(g, "chile", USA, 2)
    put(g, "argentina", CHINA, 4)
    put(g, "bolivia", CHINA, 3)
    refused(g, {"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA,
                "b": [[r("brazil"), 3, 0, 0]]}, "3 from Brazil refused",
            "may bring up to 2 armies")
    refused(g, {"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA,
                "b": [[r("peru"), 1, 0, 0]]}, "does not border")
    g.act({"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA,
           "b": [[r("brazil"), 2, 0, 0], [r("chile"), 2, 0, 0]]})
    assert forces(g, "argentina", USA)[0] == 7 and forces(g, "brazil", USA)[0] == 3
    refused(g, {"t": "fight", "p": USA, "a": "7/0/0", "d": "4/0/0"}, "defender answers first")
    g.act({"t": "defend", "p": CHINA, "b": [[r("bolivia"), 2, 0, 0]]})
    assert forces(g, "argentina", CHINA)[0] == 6


def test_attrition_at_the_medium_level():
    """Attrition Rule: "if 6 armies or ships are going to cross a border, only 4 pass ... if 9 ...
    only 5 pass"; Ships: armies and ships never mix."""
    g = to_attack(options={"level": "medium"})
    put(g, "argentina", USA, 1)
    put(g, "brazil", USA, 6)
    put(g, "chile", USA, 9)
    put(g, "atlantic", USA, 5)
    put(g, "argentina", CHINA, 4)
    refused(g, {"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA,
                "b": [[r("atlantic"), 2, 0, 0]]}, "ships from Atlantic Ocean",
            "At no time are armies and ships")
    # beyond what the border can be crossed by: more than the own units there
    refused(g, {"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA,
                "b": [[r("brazil"), 7, 0, 0]]}, "Brazil holds 6 units", "bring their own armies",
            "only half plus one passes")
    g.act({"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA,
           "b": [[r("brazil"), 6, 0, 0], [r("chile"), 9, 0, 0]]})
    assert forces(g, "argentina", USA)[0] == 1 + 4 + 5
    assert forces(g, "brazil", USA)[0] == 0 and forces(g, "chile", USA)[0] == 0


def test_retreat_two_per_region_with_own_armies():
    """A Special Case: Retreat: up to 2 to each neighbouring region where the retreater already
    has an army; all or nothing; the attacker up one place, the retreater down one."""
    g = to_attack()
    put(g, "argentina", USA, 6)
    put(g, "argentina", JAPAN, 5)
    put(g, "chile", JAPAN, 1)
    put(g, "brazil", JAPAN, 1)
    g.act({"t": "attack", "p": USA, "c": r("argentina"), "q": JAPAN, "b": []})
    refused(g, {"t": "retreat", "p": JAPAN, "m": [[r("chile"), 2, 0, 0], [r("brazil"), 2, 0, 0]]},
            "retreat refused", "5 of yours in Argentina but room for 4",
            "If they cannot get all their armies out")
    put(g, "argentina", JAPAN, 4)
    refused(g, {"t": "retreat", "p": JAPAN, "m": [[r("chile"), 3, 0, 0], [r("brazil"), 1, 0, 0]]},
            "3 to Chile refused", "maximum of 2")
    refused(g, {"t": "retreat", "p": JAPAN, "m": [[r("uruguay"), 2, 0, 0], [r("brazil"), 2, 0, 0]]},
            "no units there")
    g.act({"t": "retreat", "p": JAPAN, "m": [[r("chile"), 2, 0, 0], [r("brazil"), 2, 0, 0]]})
    s = g.state
    assert forces(g, "argentina", JAPAN) == (0, 0, 0)
    assert forces(g, "chile", JAPAN)[0] == 3 and forces(g, "brazil", JAPAN)[0] == 3
    assert s.x["wp"][0] == 8 and s.x["wp"][3] == 6 and s.x["war"] is None


def round2_usa_rocket(where="brazil"):
    """Round 2 with the USA at level 10: it adds last, takes its rocket in ``where``."""
    g = to_attack()
    g.state.x["wp"][0] = 10
    for p in (USA, USSR, CHINA, JAPAN):
        g.act({"t": "end", "p": p})
    adds_until(g, USA)
    s = g.state
    assert s.x["left"] == 10 and s.x["rko"] == 1
    refused(g, {"t": "rocket", "p": USA, "c": r("chile")}, "no army there",
            "where the player has at least one army")
    g.act({"t": "place", "p": USA, "c": r(where), "n": 1})
    g.act({"t": "rocket", "p": USA, "c": r(where)})
    g.act({"t": "place", "p": USA, "c": r("uruguay"), "n": 9})
    g.act({"t": "end", "p": USA})
    assert g.state.phase == "attack" and g.state.cur == USSR
    return g


def test_rocket_launched_in_its_round_all_pieces_lost_and_the_mushroom():
    """Nuclear Rocket: launched in the round it was added, in the owner's attack turn; "all the
    pieces in that region are lost"; the mushroom blocks it; one rocket per player."""
    g = round2_usa_rocket()
    refused(g, {"t": "launch", "p": USA, "c": r("argentina"), "cl": -1}, "attack turn")
    for p in (USSR, CHINA, JAPAN):
        g.act({"t": "end", "p": p})
    put(g, "argentina", CHINA, 6)
    put(g, "argentina", JAPAN, 2, su=1)
    wp = list(g.state.x["wp"])
    refused(g, {"t": "end", "p": USA}, "It must be launched in the same round")
    g.act({"t": "launch", "p": USA, "c": r("argentina"), "cl": -1})
    s = g.state
    for p in range(4):
        assert forces(g, "argentina", p) == (0, 0, 0)
    assert s.x["boom"][r("argentina")] == 1 and s.x["wp"] == wp  # no war-potential change
    g.act({"t": "end", "p": USA})
    s = g.state
    assert s.round == 3 and s.cur == CHINA
    refused(g, {"t": "place", "p": CHINA, "c": r("argentina"), "n": 1}, "atomic mushroom")
    # a round late: the rocket is gone, and a player never has a second one
    s.x["wp"][0] = 10
    adds_until(g, USA)
    assert g.state.x["rko"] == 0


def test_counter_launch_both_explode_in_the_air():
    """Nuclear Rocket: "it is permitted to launch your own rocket immediately, even off turn.
    Consequence: both rockets explode in the air and nothing else happens"."""
    g = to_attack()
    g.state.x["wp"][0] = 10
    g.state.x["wp"][1] = 4
    for p in (USA, USSR, CHINA, JAPAN):
        g.act({"t": "end", "p": p})
    s = g.state
    assert s.cur == USSR and s.x["rko"] == 1 and s.x["left"] == 4
    g.act({"t": "place", "p": USSR, "c": r("chile"), "n": 4})
    g.act({"t": "rocket", "p": USSR, "c": r("chile")})
    g.act({"t": "end", "p": USSR})
    adds_until(g, USA)
    g.act({"t": "place", "p": USA, "c": r("brazil"), "n": 10})
    g.act({"t": "rocket", "p": USA, "c": r("brazil")})
    g.act({"t": "end", "p": USA})
    before = forces(g, "brazil", USA)
    g.act({"t": "launch", "p": USSR, "c": r("brazil"), "cl": USA})
    s = g.state
    assert s.x["rk"] == [] and s.x["boom"][r("brazil")] == 0
    assert forces(g, "brazil", USA) == before


def test_rocket_captured_by_eliminating_the_owners_armies():
    """Nuclear Rocket: "Eliminate all the armies that the rocket's owner has in the region where it
    is placed. The player who achieves this takes possession of the rocket and must launch it in
    this same round"."""
    g = round2_usa_rocket("brazil")
    put(g, "brazil", USSR, 5)
    s = fight(g, "brazil", USSR, USA, "5/0/0", "1/0/0")
    assert forces(g, "brazil", USA) == (0, 0, 0)
    assert s.x["rk"] == [[USSR, r("brazil")]]
    refused(g, {"t": "end", "p": USSR}, "still hold a rocket")
    g.act({"t": "launch", "p": USSR, "c": r("chile"), "cl": -1})
    assert g.state.x["boom"][r("chile")] == 1


def test_captured_rocket_launched_at_once_when_the_takers_turn_is_over():
    """A rocket captured by a power whose attack turn already passed this round is launched at
    once (table rule: "must launch it in this same round")."""
    g = round2_usa_rocket("brazil")
    for p in (USSR, CHINA, JAPAN):
        g.act({"t": "end", "p": p})
    put(g, "brazil", CHINA, 6)
    fight(g, "brazil", USA, CHINA, "1/0/0", "2/2/2")
    s = g.state
    assert s.x["must"] == CHINA and s.x["rk"] == [[CHINA, r("brazil")]]
    refused(g, {"t": "end", "p": USA}, "must launch the captured rocket now")
    g.act({"t": "launch", "p": CHINA, "c": r("uruguay"), "cl": -1})
    assert g.state.x["must"] == -1 and forces(g, "uruguay", USA) == (0, 0, 0)


def test_attack_needs_an_army_in_the_region():
    """Movements and Combats: "to attack, they must have at least one army in that region"."""
    g = to_attack()
    put(g, "argentina", CHINA, 3)
    refused(g, {"t": "attack", "p": USA, "c": r("argentina"), "q": CHINA, "b": []},
            "at least one army in that region")
    refused(g, {"t": "trade", "p": USA, "cards": [1, 2, 3]}, "no trade")


def test_seating_and_variants():
    """Powers in the rulebook's order; For 2 Players (USA+China against USSR+Japan); For More
    Than 6 Players (pairs on two boards)."""
    with raises(RulesError, "rulebook's order"):
        new([("A", "ussr"), ("B", "usa"), ("C", "china")])
    with raises(RulesError, "USA and China"):
        new([("A", "usa"), ("B", "ussr"), ("A", "china"), ("B", "japan")][:2])
    two = new([("Ana", "usa"), ("Beto", "ussr"), ("Ana", "china"), ("Beto", "japan")])
    assert two.state.rules.two_player(two.state) and two.state.x["R"] == 4
    ten = new([("A%d" % i, c) for i, c in enumerate(("usa", "ussr", "china", "japan", "weurope"))]
              + [("B%d" % i, c) for i, c in enumerate(("usa", "ussr", "china", "japan", "weurope"))])
    s = ten.state
    assert s.x["R"] == 5 and len(s.rules.groups(s)) == 2
    assert len(s.rules.table(s, 1)) == 8  # the Old World table for 5 powers
    with raises(RulesError, "pairs"):
        new([("A%d" % i, "usa") for i in range(8)])
    from comando.board import load_board
    from comando import engine
    with raises(RulesError, "partial"):
        engine.new_game(load_board("teg2_americas"), "teg2", POWERS4)


def test_shared_war_potential_with_more_than_6_players():
    """Game with 8 People: "if a power raises or lowers its war potential level on one board ...
    the war potential level of that power is also raised or lowered on the other board"."""
    pl = [("A%d" % i, c) for i, c in enumerate(("usa", "ussr", "china", "japan"))] \
        + [("B%d" % i, c) for i, c in enumerate(("usa", "ussr", "china", "japan"))]
    g = adds(tokens(new(pl)))
    s = g.state
    assert s.phase == "attack" and s.cur == 0
    put(g, "argentina", 0, 8)
    put(g, "argentina", 2, 5)
    fight(g, "argentina", 0, 2, "3/0/5", "1/2/2")
    s = g.state
    assert s.x["wp"][0] == 8 and s.x["wp"][2] == 6
    # seat 4 (the second USA) adds 8 when its board's round comes
    for p in (0, 1, 2, 3):
        g.act({"t": "end", "p": p})
    s = g.state
    assert s.x["g"] == 1 and s.cur == 4 and s.phase == "add" and s.x["left"] == 8
    refused(g, {"t": "place", "p": 4, "c": r("argentina"), "n": 1}, "not on the board in play")


def test_choosing_objectives_example_control_of_south_africa():
    """Choosing Objectives: "if the American player intends CONTROL of South Africa (supposing we
    are playing on the Old World board), they place their token reading "CONTROL" ... facing the
    name "SOUTH AFRICA" ... Others may also place objectives in South Africa"."""
    g = new(POWERS4, {"map": "old_world"})
    g.act({"t": "token", "p": USA, "k": 4, "c": r("south_africa")})
    g.act({"t": "token", "p": USSR, "k": 4, "c": r("south_africa")})
    s = g.state
    assert s.x["tok"][USA * 5 + 4] == r("south_africa") == s.x["tok"][USSR * 5 + 4]
    # the Americas' regions are not on the table in play
    refused(g, {"t": "token", "p": CHINA, "k": 0, "c": r("argentina")},
            "not on the Objectives Table in play")


def test_medium_level_units_split_between_armies_and_ships():
    """Medium Level Rules, Ships: "the player adds as many units as their WAR POTENTIAL LEVEL
    indicates, choosing between ships and armies. For example: in the first round, which adds 7
    units, a player may place 5 armies and 2 ships, or 6 ships and 1 army"."""
    g = tokens(new(options={"level": "medium"}))
    s = g.state
    assert s.phase == "add" and s.cur == USA and s.x["left"] == 7
    g.act({"t": "place", "p": USA, "c": r("chile"), "n": 5})      # 5 armies on land
    g.act({"t": "place", "p": USA, "c": r("pacific"), "n": 2})    # 2 ships at sea
    assert forces(g, "chile", USA)[0] == 5 and forces(g, "pacific", USA)[0] == 2
    refused(g, {"t": "place", "p": USA, "c": r("atlantic"), "n": 1}, "0 units to add, not 1")
    g.act({"t": "end", "p": USA})
    s = g.state
    assert s.cur == USSR and s.x["left"] == 7
    g.act({"t": "place", "p": USSR, "c": r("atlantic"), "n": 6})  # 6 ships
    g.act({"t": "place", "p": USSR, "c": r("brazil"), "n": 1})    # 1 army
    assert forces(g, "atlantic", USSR)[0] == 6 and forces(g, "brazil", USSR)[0] == 1
    sea = s.rules.geo(s.board).sea
    assert sea[r("atlantic")] and sea[r("pacific")] and not sea[r("brazil")]
