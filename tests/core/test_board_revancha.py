"""The T.E.G. La Revancha board (boards/revancha.json) against rules/teg-la-revancha.txt."""

from comando.board import load_board, boards_dir
from comando.errors import BoardError
from mpytest import raises, cpython_only

MPY_HEAP = "480k"

_B = []


def board():
    if not _B:
        _B.append(load_board(boards_dir() + "/revancha.json"))
    return _B[0]


def test_counts_pinned():
    # teg-la-revancha.txt, "Materials": 72 countries grouped into 7 continents.
    b = board()
    assert b.n == 72 and b.continents == 7
    assert len(b.borders()) == 135
    sizes = dict((b.continent_id(c), len(b.members(c))) for c in range(b.continents))
    assert sizes == {"america_del_norte": 12, "america_central": 6, "america_del_sur": 8,
                     "europa": 16, "asia": 16, "africa": 8, "oceania": 6}


def test_fifteen_islands():
    b = board()
    isl = sorted(b.cid(i) for i in b.islands())
    assert isl == ["cuba", "filipinas", "gran_bretana", "groenlandia", "irlanda",
                   "isla_victoria", "islandia", "jamaica", "japon", "labrador", "madagascar",
                   "nueva_zelandia", "sumatra", "tasmania", "tonga"]
    assert b.island(b.find("Tasmania")) and not b.island(b.find("Australia"))


def test_continent_bonuses_match_rulebook():
    # "2) For occupied continents": Asia 8, Europe 8, North America 6, South America 4,
    # Africa 4, Central America 3, Oceania 3.
    b = board()
    want = {"Asia": 8, "Europe": 8, "North America": 6, "South America": 4, "Africa": 4,
            "Central America": 3, "Oceania": 3}
    for name in want:
        assert b.continent_bonus(b.find_continent(name)) == want[name], name


def test_graph_symmetric_and_connected():
    b = board()
    for a in range(b.n):
        assert a not in b.neighbours(a)
        for x in b.neighbours(a):
            assert b.is_border(x, a)
    assert len(b.chain([1] * b.n, 1, 0)) == b.n


def test_missile_example_distances():
    # "Attacks with Missiles", Example: a missile in New Zealand destroys three armies in
    # Tasmania, two in Australia, one in Sumatra, the Philippines or Tonga.
    b = board()
    nz = b.find("New Zealand")
    assert b.distance(nz, b.find("Tasmania")) == 1
    assert b.distance(nz, b.find("Australia")) == 2
    for name in ("Sumatra", "Philippines", "Tonga"):
        assert b.distance(nz, b.find(name)) == 3, name
    near = dict(b.within(nz, 2))
    assert near == {b.find("Tasmania"): 1, b.find("Australia"): 2}
    destroys = b.tables["missile"]["destroys"]
    assert [destroys[b.distance(nz, b.find(x)) - 1] for x in ("Tasmania", "Australia", "Tonga")] \
        == [3, 2, 1]
    assert b.distance(nz, b.find("Argentina")) is None  # beyond 3 borders
    # "Missiles serve to prevent missile attacks": Argentina -> Australia is in range.
    assert b.distance(b.find("Argentina"), b.find("Australia")) <= 3


def test_named_borders_of_the_rulebook():
    b = board()
    # "Attack Conditions": joined by bridges over water (Mauritania - Uruguay).
    assert b.is_border(b.find("Mauritania"), b.find("Uruguay"))
    # "Development of the Attack": New Zealand attacks Tasmania; Australia neighbours Tasmania.
    assert b.is_border(b.find("New Zealand"), b.find("Tasmania"))
    assert b.is_border(b.find("Australia"), b.find("Tasmania"))
    # Situation cards: OPEN BORDERS "Chile to Australia or Alaska to Chukchi";
    # CLOSED BORDERS "Argentina to Brazil or Spain to Portugal".
    for x, y in (("Chile", "Australia"), ("Alaska", "Chukchi")):
        assert b.is_external(b.find(x), b.find(y)), (x, y)
    for x, y in (("Argentina", "Brazil"), ("Spain", "Portugal")):
        assert b.is_internal(b.find(x), b.find(y)), (x, y)
    # Regrouping: Argentina, Brazil and Sahara.
    assert b.is_border(b.find("Argentina"), b.find("Brazil"))
    assert b.is_border(b.find("Brazil"), b.find("Sahara"))
    # Pacts between borders: Turkey and Israel (Asia) with Egypt (Africa).
    assert b.is_border(b.find("Israel"), b.find("Egypt"))
    assert b.is_border(b.find("Turkey"), b.find("Israel"))
    # Aggression pacts: Iran and Russia both border Ukraine.
    assert b.is_border(b.find("Iran"), b.find("Ukraine"))
    assert b.is_border(b.find("Russia"), b.find("Ukraine"))
    # Pacts and missiles: Colombia and Nicaragua; El Salvador within a missile's reach.
    assert b.is_border(b.find("Colombia"), b.find("Nicaragua"))
    assert b.distance(b.find("Colombia"), b.find("El Salvador")) == 2


def test_edition_options_switch_disputed_borders():
    path = boards_dir() + "/revancha.json"
    ids = [o[0] for o in board().edition_options]
    assert ids == ["uruguay_nigeria", "no_irak_ucrania", "no_albania_iran",
                   "gran_bretana_francia"]
    src = load_board(path, options=("uruguay_nigeria",))
    assert src.options == ("uruguay_nigeria",)
    assert src.is_border(src.find("Uruguay"), src.find("Nigeria"))
    assert not src.is_border(src.find("Uruguay"), src.find("Mauritania"))
    gbf = load_board(path, options=("gran_bretana_francia", "no_irak_ucrania"))
    assert gbf.is_border(gbf.find("Great Britain"), gbf.find("France"))
    assert not gbf.is_border(gbf.find("Iraq"), gbf.find("Ukraine"))
    assert len(gbf.borders()) == 135
    with raises(BoardError, "unknown edition option 'atlantis_bridge'"):
        load_board(path, options=("atlantis_bridge",))


def test_card_symbols_follow_the_rulebook():
    # "3) By exchange" and "Equivalence of COUNTRY and CONTINENT CARDS": soldiers are
    # wildcards; cards with airplane, ship and tank are super cards; South America = airplane +
    # tank, Africa = airplane + ship, Central America = tank, Oceania = ship.
    b = board()
    tally = {}
    for i in range(b.n):
        key = "+".join(b.symbol(i))
        tally[key] = tally.get(key, 0) + 1
    assert tally == {"airplane": 21, "ship": 21, "tank": 21, "airplane+ship+tank": 5,
                     "soldiers": 4}
    assert b.symbol(b.find("Alaska")) == ("soldiers",)
    assert b.symbol(b.find("Argentina")) == ("airplane", "ship", "tank")
    cc = b.tables["continent_cards"]
    assert cc["america_del_sur"] == ["airplane", "tank"]
    assert cc["africa"] == ["airplane", "ship"]
    assert cc["america_central"] == ["tank"] and cc["oceania"] == ["ship"]
    for c in ("america_del_norte", "europa", "asia"):
        assert cc[c] == ["airplane", "ship", "tank"]


def test_objectives_nineteen_plus_common_45():
    # "1. List of Objectives" (19 printed) and "Common Objective": occupy 45 countries.
    b = board()
    assert len(b.objectives) == 19
    assert b.common_objective["total"] == 45
    destroy = [o for o in b.objectives if o["type"] == "destroy"]
    assert [o.get("colour") for o in destroy] == ["white", "black", "red", "blue", "yellow",
                                                   "green", None]
    assert destroy[-1]["target"] == "left"
    for o in b.objectives:
        for cid in o.get("continents", ()):
            b.continent_index(cid)
        for cid in o.get("countries_in", {}):
            assert o["countries_in"][cid] <= len(b.members(b.continent_index(cid)))
        for cid in o.get("countries", ()):
            b.index(cid)


def test_islands_objective():
    # "Occupy Africa, 4 countries of Europe, 4 countries of Asia and 6 islands, spread over at
    # least three continents." Islands are extra to Africa and to the 4 + 4.
    b = board()
    obj = [o for o in b.objectives if o.get("islands")][0]
    owner = [0] * b.n
    for i in b.members(b.find_continent("Africa")):
        owner[i] = 1
    for name in ("Spain", "France", "Italy", "Germany", "China", "Korea", "India", "Iran"):
        owner[b.find(name)] = 1
    for name in ("Cuba", "Jamaica", "Tasmania", "Tonga", "Iceland"):
        owner[b.find(name)] = 1
    assert not b.occupation_met(obj, owner, 1)  # 5 islands (Madagascar counts for Africa)
    owner[b.find("Greenland")] = 1
    assert b.occupation_met(obj, owner, 1)
    # six islands in only two continents do not do
    for name in ("Cuba", "Jamaica", "Tasmania", "Tonga", "Iceland", "Greenland"):
        owner[b.find(name)] = 0
    for name in ("Cuba", "Jamaica", "Tasmania", "Tonga", "Sumatra", "Philippines"):
        owner[b.find(name)] = 1
    assert not b.occupation_met(obj, owner, 1)


def test_open_and_closed_borders_of_a_continent():
    b = board()
    sa = b.find_continent("South America")
    ext = b.external_borders(sa)
    assert (b.find("Chile"), b.find("Australia")) in ext
    assert (b.find("Uruguay"), b.find("Mauritania")) in ext
    for (x, y) in b.internal_borders(sa):
        assert b.continent_of(x) == sa and b.continent_of(y) == sa
    arg, bra = b.find("Argentina"), b.find("Brazil")
    assert (min(arg, bra), max(arg, bra)) in b.internal_borders(sa)


def test_tables():
    t = board().tables
    assert t["trade_in"] == {"values": [6, 10], "then_add": 5}
    assert t["starting_reserves"]["6"] == [8, 4]
    assert t["seats"] == {"min": 2, "max": 6}
    assert t["missile"]["armies"] == 6


@cpython_only  # sixteen loads of the board
def test_rulebook_examples_hold_with_every_edition_option():
    """The disputed borders are edition options (boards/README.md); with any of them the
    rulebook's examples hold: the New Zealand missile ranges ("Attacks with Missiles": Tasmania 1,
    Australia 2, Sumatra / Philippines / Tonga 3), Argentina -> Australia in range, the
    Colombia - Nicaragua - El Salvador pact example, the Mauritania - Uruguay bridge (unless the
    sources' Uruguay - Nigeria is chosen)."""
    from comando.board import board_path
    opts = ("uruguay_nigeria", "no_irak_ucrania", "no_albania_iran", "gran_bretana_francia")
    for mask in range(16):
        chosen = tuple(o for i, o in enumerate(opts) if mask >> i & 1)
        b = load_board(board_path("revancha"), options=chosen)
        nz = b.find("New Zealand")
        assert [b.distance(nz, b.find(x)) for x in ("Tasmania", "Australia", "Sumatra",
                                                     "Philippines", "Tonga")] == [1, 2, 3, 3, 3], chosen
        assert b.distance(b.find("Argentina"), b.find("Australia")) == 2
        assert b.distance(b.find("Colombia"), b.find("El Salvador")) == 2
        assert b.is_border(b.find("Uruguay"), b.find("Mauritania")) == ("uruguay_nigeria" not in chosen)
