"""WAR, Risk World and the partial T.E.G. II boards; properties every shipped board shares."""

from comando.board import load_board, boards_dir, list_boards, board_path, set_boards_dir
from comando.errors import BoardError
from mpytest import raises

MPY_HEAP = "320k"

SHIPPED = ["revancha", "risk", "risk_africa", "risk_americas", "risk_asia", "risk_canaries", "risk_europe",
           "risk_iberia", "risk_mediterranean", "risk_north_america", "risk_oceania", "risk_spain",
           "risk_westeros", "teg", "teg2_americas", "teg2_house", "teg2_old_world", "war"]


def test_every_shipped_board_is_listed_and_named_after_its_file():
    assert list_boards() == SHIPPED
    for bid in SHIPPED:
        b = load_board(bid)
        assert b.id == bid
        assert board_path(bid).endswith("/" + bid + ".json")


def test_every_board_is_symmetric_and_objectives_are_real():
    for bid in SHIPPED:
        b = load_board(bid)
        for a in range(b.n):
            for x in b.neighbours(a):
                assert a in b.neighbours(x), (bid, b.cid(a), b.cid(x))
            assert 0 < len(b.short(a)) <= 10
        if b.complete:
            assert len(b.chain([0] * b.n, 0, 0)) == b.n, bid  # connected
        colours = b.tables.get("colours", [])
        objs = list(b.objectives)
        if b.common_objective:
            objs.append(b.common_objective)
        for o in objs:
            for cid in o.get("continents", ()):
                b.continent_index(cid)
            for cid in o.get("countries_in", {}):
                b.continent_index(cid)
            for cid in o.get("countries", ()):
                b.index(cid)
            if o["type"] == "destroy" and "colour" in o:
                assert o["colour"] in colours, (bid, o)


def test_war_counts_bonuses_and_objectives():
    # war.txt "Components": 14 objective cards, 44 territory cards (2 wildcards); six colours.
    b = load_board("war")
    assert b.n == 42 and b.continents == 6 and len(b.borders()) == 79
    bonus = dict((b.continent_id(c), b.continent_bonus(c)) for c in range(b.continents))
    # "2) Continent Conquered": TABLE I; the example gives South America 2.
    assert bonus == {"america_do_norte": 5, "america_do_sul": 2, "europa": 5, "africa": 3,
                     "asia": 7, "oceania": 2}
    assert len(b.members(b.find_continent("South America"))) == 4
    assert len(b.objectives) == 14
    assert b.tables["colours"] == ["white", "red", "black", "blue", "yellow", "green"]
    assert b.tables["wildcards"] == 2
    assert b.tables["trade_in"]["values"][:3] == [4, 6, 8]  # "Card Trading" example


def test_war_other_edition_names_are_aliases():
    b = load_board("war")
    assert b.find("Peru") == b.index("chile")
    assert b.find("Venezuela") == b.index("colombia")
    assert b.find("França") == b.find("franca") == b.index("portugal")
    assert b.find("Nigéria") == b.index("argelia")
    # "How to Attack" example: Mexico attacks New York? they are not neighbours in WAR, the
    # caption shows the dice only. Battle examples: Congo-South Africa, Moscow-Aral.
    assert b.is_border(b.find("Congo"), b.find("South Africa"))
    assert b.is_border(b.find("Moscow"), b.find("Aral"))
    # "Moves" example: Brazil, Venezuela and Mexico in a row.
    assert b.is_border(b.find("Brasil"), b.find("Venezuela"))
    assert b.is_border(b.find("Venezuela"), b.find("Mexico"))


def test_war_objective_with_armies_and_third_continent():
    b = load_board("war")
    eighteen = [o for o in b.objectives if o.get("min_armies")][0]
    owner = [1] * 18 + [0] * 24
    armies = [2] * 17 + [1] + [1] * 24
    assert not b.occupation_met(eighteen, owner, 1, armies)
    armies[17] = 2
    assert b.occupation_met(eighteen, owner, 1, armies)
    third = b.objectives[0]
    assert third["continents"] == ["europa", "oceania"] and third["any_continents"] == 1
    owner = [0] * b.n
    for c in ("europa", "oceania"):
        for i in b.members(b.continent_index(c)):
            owner[i] = 1
    assert not b.occupation_met(third, owner, 1)
    for i in b.members(b.continent_index("america_do_sul")):
        owner[i] = 1
    assert b.occupation_met(third, owner, 1)


def test_risk_world_counts_and_tables():
    # risk-online-12-maps.txt: World, 42 territories in six regions; reserves 40/35/30/25/20.
    b = load_board("risk")
    assert b.n == 42 and b.continents == 6 and len(b.borders()) == 83
    assert b.tables["starting_reserves"] == {"2": [40], "3": [35], "4": [30], "5": [25],
                                             "6": [20]}
    assert b.tables["trade_in"] == {"values": [4, 6, 8, 10, 12, 15], "then_add": 5,
                                    "counter": "game"}
    assert b.objectives == [] and b.common_objective is None
    assert b.is_border(b.find("Alaska"), b.find("Kamchatka"))
    assert b.is_border(b.find("East Africa"), b.find("Middle East"))
    assert b.find("South East Asia") == b.index("siam")


def test_risk_regroup_chains():
    # "you may move armies once: from one of your territories to any other territory of yours
    # connected to it by a chain of your own ground."
    b = load_board("risk")
    owner = [0] * b.n
    for name in ("Alaska", "Northwest Territory", "Alberta", "Kamchatka", "Brazil"):
        owner[b.find(name)] = 1
    chain = b.chain(owner, 1, b.find("Alberta"))
    assert set(chain) == set([b.find("Alaska"), b.find("Northwest Territory"),
                              b.find("Alberta"), b.find("Kamchatka")])
    assert not b.connected(owner, 1, b.find("Alaska"), b.find("Brazil"))
    assert len(b.chains(owner, 1)) == 2
    assert b.chain(owner, 1, b.find("Peru")) == ()


def test_teg2_boards_are_partial():
    # teg-ii.txt "Board" and "Choosing Objectives": the tables have 9 and 10 regions; the
    # Indian Ocean borders the Atlantic and the Pacific; the Middle East borders North Africa;
    # "Medium level": the Caribbean is a sea region neighbouring the Atlantic.
    am = load_board("teg2_americas")
    ow = load_board("teg2_old_world")
    assert not am.complete and not ow.complete
    assert "teg2" in am.rulesets and "teg2" in ow.rulesets
    assert len(am.tables["objective_regions"]) == 9
    assert len(ow.tables["objective_regions"]) == 10
    assert am.is_border(am.find("Caribbean"), am.find("Atlantic Ocean"))
    assert ow.is_border(ow.find("Indian Ocean"), ow.find("Atlantic"))
    assert ow.is_border(ow.find("Indian Ocean"), ow.find("Pacific"))
    assert ow.is_border(ow.find("Middle East"), ow.find("North Africa"))
    sea = ow.continent_index("sea")
    assert ow.continent_of(ow.find("Pacific")) == sea
    assert ow.tables["war_potential"]["start"] == 7


def test_boards_dir_is_configurable():
    here = boards_dir()
    try:
        set_boards_dir("/nonexistent/boards")
        assert boards_dir() == "/nonexistent/boards"
        with raises(BoardError, "unknown board 'teg'"):
            load_board("teg")
    finally:
        set_boards_dir(None)
    assert boards_dir() == here
    with raises(BoardError, "unknown board 'atlantis'"):
        load_board("atlantis")


def test_default_board_per_ruleset():
    from comando.board import default_board_id
    for ruleset in ("teg", "revancha", "war", "risk", "teg2"):
        b = load_board(default_board_id(ruleset))
        assert ruleset in b.rulesets
    with raises(BoardError, "no default board for ruleset 'chess'"):
        default_board_id("chess")
