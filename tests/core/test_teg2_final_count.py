"""T.E.G. II's final count: the table rules defining the objectives, the mushroom, ties, the
winner, and whole games played by the bot to the end (rules/teg-ii.txt, "What Each Objective
Means" with its transcriber's note, "Nuclear Rocket", "End of the Game", "Variants")."""

MPY_HEAP = "2m"  # whole games: the logs stay in RAM

from comando import engine
from comando.dice import SeededDice
from comando.engine.bot import Bot, play
from comando.rulesets.teg2 import objectives as objs
from teg2_fixtures import POWERS4, POWERS6, board, new, put, tokens, adds

IV1, IV3, IV4, NI2, CTL5 = 0, 1, 2, 3, 4


def test_aircraft_do_not_count_for_intervention():
    """Advanced Level Rules: "if at the end of the war we have 3 ships and 2 aircraft in a sea
    region, we do not achieve INTERVENTION, for which 4 or more ships had to be totalled"."""
    units = [3, 0]  # one region, two seats: the units list never holds aircraft
    assert not objs.achieved(objs.INTERVENTION, units, 0, 0, 2, 0)
    assert objs.achieved(objs.INTERVENTION, [4, 0], 0, 0, 2, 0)
    assert objs.achieved(objs.INTERVENTION, [2, 0], 0, 0, 2, 0, iv=2)  # a table's own threshold


def test_non_intervention_and_control_defaults():
    """The table rules (docs/decisions/teg2-table-rules.md): NON-INTERVENTION scores when nobody has
    intervention; CONTROL is being the only power with units there."""
    assert objs.achieved(objs.NON_INTERVENTION, [3, 3], 0, 0, 2, 0)
    assert not objs.achieved(objs.NON_INTERVENTION, [0, 4], 0, 0, 2, 0)
    assert not objs.achieved(objs.NON_INTERVENTION, [4, 0], 0, 0, 2, 0)
    assert objs.achieved(objs.NON_INTERVENTION, [4, 0], 0, 0, 2, 0, ni="others")
    assert objs.achieved(objs.CONTROL, [1, 0], 0, 0, 2, 0)
    assert not objs.achieved(objs.CONTROL, [9, 1], 0, 0, 2, 0)
    assert not objs.achieved(objs.CONTROL, [1, 0], 0, 0, 2, 0, ctl=2)


def test_the_mushroom_scores_for_nobody():
    """Nuclear Rocket: "if a player had NON-INTERVENTION as an objective in that region, they do
    not gain the two points, even if no one has intervention in that region"."""
    assert not objs.achieved(objs.NON_INTERVENTION, [0, 0], 0, 0, 2, 1)
    assert not objs.achieved(objs.CONTROL, [5, 0], 0, 0, 2, 1)
    pts, detail = objs.score([0, -1, -1, 0, -1] + [-1] * 5, [5, 0], 2, [1])
    assert pts == [0, 0] and detail == [[0, 0, 0, 0], [0, 3, 0, 0]]


def test_ties_shared_or_by_war_potential():
    """End of the Game: "The player with the highest total score wins"; a tie is shared unless the
    table picks the tie option wp (the higher war potential wins)."""
    assert objs.winners([5, 9, 9, 2]) == [1, 2]
    assert objs.winners([5, 9, 9, 2], [11, 6, 8, 3]) == [2]
    assert objs.winners([5, 9, 9, 2], [11, 8, 8, 3]) == [1, 2]


def end_all(g):
    """Every seat ends its turns (adding in its parking region) until the final count."""
    while g.state.phase != "over":
        if g.state.phase == "add":
            adds(g)
        else:
            g.act({"t": "end", "p": g.state.cur})
    return g.state


def test_final_count_on_the_map():
    """End of the Game: "the points of the objectives achieved by each player are counted"."""
    g = tokens(new())
    s = g.state
    tok = s.x["tok"]
    usa = [tok[k] for k in range(5)]
    # the USA: 4 units on its INTERVENTION 4 region, alone on its CONTROL region
    put(g, board().name(usa[IV4]), 0, 4)
    put(g, board().name(usa[CTL5]), 0, 2)
    for p in (1, 2, 3):
        put(g, board().name(usa[CTL5]), p, 0)
    s = end_all(g)
    assert s.phase == "over"
    assert s.x["pts"][0] == 4 + 5 + 2  # INTERVENTION 4, CONTROL 5, NON-INTERVENTION 2 (nobody has 4)
    lines = s.rules.standings(s)
    # the winners are marked (* NAME: N points); the host words the result (record.result_words)
    won = [ln for ln in lines if ln.startswith("* ")]
    assert [ln.split(":")[0][2:] for ln in won] == [s.rules.sides(s)[1][w] for w in s.x["win"]]
    assert "INTERVENTION: at least 4" in lines[0]


def bot_game(players, options=None, seed=5):
    g = engine.new_game(board(), "teg2", players, options=options, rng=SeededDice(seed))
    play(g, Bot(g.rng), limit=20000)
    s = g.state
    assert s.phase == "over" and s.winner >= 0 and s.x["win"]
    # the log alone folds (every event checked again) to the same final count
    f = engine.fold(g.log, board())
    assert f.x["pts"] == s.x["pts"] and f.x["win"] == s.x["win"]
    return g


def test_four_player_basic_game_to_the_final_count():
    g = bot_game(POWERS4, seed=5)
    s = g.state
    assert s.round == 4 and len(s.x["tot"]) == 4
    kinds = [e["t"] for e in g.log]
    assert kinds.count("token") == 20 and "fight" in kinds


def test_six_player_advanced_game():
    g = bot_game(POWERS6, {"level": "advanced"}, seed=3)
    assert g.state.x["R"] == 6
    assert any(e["t"] == "place" and e.get("f") == "a" for e in g.log)


def test_two_player_game_adds_each_players_two_powers():
    """For 2 Players: "each player adds up the points of the objectives achieved by the two
    powers they represent"."""
    g = bot_game([("Ana", "usa"), ("Beto", "ussr"), ("Ana", "china"), ("Beto", "japan")], seed=4)
    x = g.state.x
    assert x["tot"] == [x["pts"][0] + x["pts"][2], x["pts"][1] + x["pts"][3]]


def test_ten_player_game_on_both_boards():
    """Game with 10 and 12 People: 5 pairs, both boards, "the points of each pair are added"."""
    pl = [("A%d" % i, c) for i, c in enumerate(("usa", "ussr", "china", "japan", "weurope"))] \
        + [("B%d" % i, c) for i, c in enumerate(("usa", "ussr", "china", "japan", "weurope"))]
    g = bot_game(pl, seed=9)
    x = g.state.x
    assert len(x["tot"]) == 5 and x["tot"][0] == x["pts"][0] + x["pts"][5]
    assert g.state.round == 5


def test_a_board_the_table_describes_plays_to_the_end():
    """A board made from the partial teg2_americas file (comando boards new --from teg2_americas),
    filled in by the table: its land/sea continents and its one Objectives Table are what the
    engine reads."""
    import json
    from comando.board import board_path, load_board
    with open(board_path("teg2_americas")) as f:
        d = json.load(f)
    d["id"] = "mine"
    d["complete"] = True
    d.pop("counts", None)
    extra = [("brasil", "Brasil", "land"), ("peru", "Peru", "land"), ("bolivia", "Bolivia", "land"),
             ("uruguay", "Uruguay", "land"), ("venezuela", "Venezuela", "land")]
    for cid, name, cont in extra:
        d["countries"].append({"id": cid, "name": name, "short": name, "continent": cont})
    d["borders"] += [["argentina", "chile"], ["argentina", "brasil"], ["argentina", "bolivia"],
                     ["argentina", "uruguay"], ["argentina", "atlantic"], ["chile", "peru"],
                     ["chile", "bolivia"], ["chile", "pacific"], ["peru", "bolivia"],
                     ["peru", "brasil"], ["peru", "pacific"], ["brasil", "uruguay"],
                     ["brasil", "venezuela"], ["brasil", "atlantic"], ["venezuela", "caribbean"],
                     ["atlantic", "pacific"], ["uruguay", "atlantic"], ["bolivia", "brasil"]]
    d["tables"]["objective_regions"] = ["atlantic", "argentina", "chile", "brasil", "peru",
                                        "bolivia", "uruguay", "caribbean", "pacific"]
    b = load_board(d)
    g = engine.new_game(b, "teg2", POWERS4, rng=SeededDice(3))
    play(g, Bot(g.rng), limit=20000)
    assert g.state.phase == "over" and g.state.x["win"]
    assert [b.cid(c) for c in g.state.rules.table(g.state, 0)] == \
        ["atlantic", "argentina", "chile", "brasil", "peru", "bolivia"]
