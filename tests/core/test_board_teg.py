"""The T.E.G. classic board (boards/teg.json) against rules/teg-classic.txt.

Runs under pytest and under MicroPython (tests/mpy_runner.py) with the heap capped.
"""

from comando.board import load_board, boards_dir, search_key
from comando.errors import BoardError
from mpytest import raises

MPY_HEAP = "320k"

_B = []


def board():
    if not _B:
        _B.append(load_board(boards_dir() + "/teg.json"))
    return _B[0]


def test_counts_pinned():
    # teg-classic.txt, "2. Game Components": 50 countries grouped into 6 continents.
    b = board()
    assert b.id == "teg" and "teg" in b.rulesets
    assert b.n == 50
    assert b.continents == 6
    assert len(b.borders()) == 89
    sizes = {}
    for c in range(b.continents):
        sizes[b.continent_id(c)] = len(b.members(c))
    assert sizes == {"america_del_sur": 6, "america_del_norte": 10, "africa": 6,
                     "oceania": 4, "europa": 9, "asia": 15}


def test_continent_bonuses_match_rulebook():
    # teg-classic.txt, "Adding Armies" B: Asia 7, Europe 5, North America 5, South America 3,
    # Africa 3, Oceania 2.
    b = board()
    want = {"Asia": 7, "Europe": 5, "North America": 5, "South America": 3, "Africa": 3,
            "Oceania": 2}
    for name in want:
        assert b.continent_bonus(b.find_continent(name)) == want[name], name


def test_graph_symmetric_and_connected():
    b = board()
    for a in range(b.n):
        assert a not in b.neighbours(a)
        for x in b.neighbours(a):
            assert a in b.neighbours(x), (b.cid(a), b.cid(x))
    seen = {0: 1}
    todo = [0]
    while todo:
        x = todo.pop()
        for y in b.neighbours(x):
            if y not in seen:
                seen[y] = 1
                todo.append(y)
    assert len(seen) == b.n


def test_named_borders_of_the_rulebook():
    # teg-classic.txt, "Attacking Foreign Countries" C: bridges over water such as Chile - Australia.
    # "Development of an attack": Green in France attacks Spain; Great Britain also borders Spain.
    # "Regrouping": France, Spain and Sahara - France-Spain and Spain-Sahara are borders,
    # France-Sahara is not (armies may not move France -> Spain -> Sahara in one regroup).
    b = board()
    assert b.is_border(b.find("France"), b.find("Spain"))
    assert b.is_border(b.find("Chile"), b.find("Australia"))
    assert b.is_border(b.find("Great Britain"), b.find("Spain"))
    assert b.is_border(b.find("Spain"), b.find("Sahara"))
    assert not b.is_border(b.find("France"), b.find("Sahara"))
    # "Pacts": Brazil - Sahara ; "International Zone Pact": California, Canada, Oregon.
    assert b.is_border(b.find("Brazil"), b.find("Sahara"))
    oregon = b.find("Oregon")
    assert b.is_border(oregon, b.find("California")) and b.is_border(oregon, b.find("Canada"))


def test_chile_australia_is_an_external_border():
    b = board()
    chile, aus = b.find("Chile"), b.find("Australia")
    assert b.is_external(chile, aus) and not b.is_internal(chile, aus)
    sa = b.find_continent("South America")
    assert (chile, aus) in b.external_borders(sa)
    for (x, y) in b.internal_borders(sa):
        assert b.continent_of(x) == sa and b.continent_of(y) == sa


def test_find_is_case_and_accent_insensitive():
    b = board()
    assert b.find("ESPAÑA") == b.find("espana") == b.find("Spain") == b.index("espana")
    assert b.find("gran bretaña") == b.index("gran_bretana")
    assert b.find("Japón") == b.find("japon")
    assert b.cid(b.find("Taymir")) == "taimir"
    with raises(BoardError, "'Atlantis'"):
        b.find("Atlantis")
    assert search_key("Gran Bretaña") == "granbretana"


def test_short_names_fit_the_oled():
    b = board()
    seen = {}
    for i in range(b.n):
        s = b.short(i)
        assert 0 < len(s) <= 10, s
        for ch in s:
            assert " " <= ch <= "~", s
        assert s not in seen
        seen[s] = i


def test_card_symbols_galleon_balloon_cannon():
    # teg-classic.txt, "2. Game Components": each card bears a galleon, a balloon or a cannon;
    # "Adding armies by trade-in": cards bearing the three symbols together act as jokers.
    b = board()
    tally = {}
    jokers = []
    for i in range(b.n):
        sym = b.symbol(i)
        if len(sym) == 3:
            jokers.append(b.cid(i))
        else:
            assert len(sym) == 1
            tally[sym[0]] = tally.get(sym[0], 0) + 1
    assert sorted(jokers) == ["argentina", "taimir"]
    assert tally == {"galeon": 16, "globo": 16, "canion": 16}


def test_objectives_fifteen_plus_common_thirty():
    # teg-classic.txt, "9. List of Secret Objectives" and "Common Objective".
    b = board()
    assert len(b.objectives) == 15
    kinds = [o["type"] for o in b.objectives]
    assert kinds.count("occupy") == 9 and kinds.count("destroy") == 6
    assert b.common_objective["type"] == "occupy" and b.common_objective["total"] == 30
    colours = [o["colour"] for o in b.objectives if o["type"] == "destroy"]
    assert colours == ["blue", "red", "black", "yellow", "green", "magenta"]
    for o in b.objectives:
        if o["type"] == "destroy":
            assert o["fallback"] == "right"


def test_every_objective_names_real_continents_and_countries():
    b = board()
    for o in b.objectives:
        for cid in o.get("continents", ()):
            b.continent_index(cid)
        for cid in o.get("countries_in", {}):
            assert o["countries_in"][cid] <= len(b.members(b.continent_index(cid)))
        for cid in o.get("countries", ()):
            b.index(cid)


def test_objective_one_evaluates():
    # Objective 1: Africa, 5 of North America and 4 of Europe.
    b = board()
    obj = b.objectives[0]
    owner = [0] * b.n
    for i in b.members(b.continent_index("africa")):
        owner[i] = 1
    assert not b.occupation_met(obj, owner, 1)
    na = b.members(b.continent_index("america_del_norte"))
    eu = b.members(b.continent_index("europa"))
    for i in na[:5] + eu[:4]:
        owner[i] = 1
    assert b.occupation_met(obj, owner, 1)
    owner[eu[0]] = 2
    assert not b.occupation_met(obj, owner, 1)


def test_objective_two_needs_three_bordering_countries_apart():
    # Objective 2: South America, 7 of Europe and 3 countries that border each other.
    b = board()
    obj = b.objectives[1]
    assert obj["bordering"] == 3
    owner = [0] * b.n
    for i in b.members(b.continent_index("america_del_sur")):
        owner[i] = 1
    eu = b.members(b.continent_index("europa"))
    for i in eu[:7]:
        owner[i] = 1
    assert not b.occupation_met(obj, owner, 1)
    # Egipto, Etiopia and Sahara border each other pairwise.
    tri = [b.index("egipto"), b.index("etiopia"), b.index("sahara")]
    assert b.is_border(tri[0], tri[1]) and b.is_border(tri[1], tri[2])
    assert b.is_border(tri[0], tri[2])
    for i in tri:
        owner[i] = 1
    assert b.occupation_met(obj, owner, 1)


def test_common_objective_thirty():
    b = board()
    owner = [1] * 29 + [0] * 21
    assert not b.occupation_met(b.common_objective, owner, 1)
    owner[40] = 1
    assert b.occupation_met(b.common_objective, owner, 1)


def test_tables_from_the_rulebook():
    # teg-classic.txt "Adding armies by trade-in": 4, 7, 10, then 5 more each time;
    # "4. Two Rounds to Add 8 Armies": 5 then 3; "Games of 2 or 3 Players": 12 / 8 and 50.
    t = board().tables
    assert t["trade_in"] == {"values": [4, 7, 10], "then_add": 5}
    assert t["seats"] == {"min": 2, "max": 6}
    assert t["starting_reserves"]["4"] == [5, 3]
    assert t["starting_reserves"]["2"] == [12] and t["starting_reserves"]["3"] == [8]
    assert t["small_table"]["objective"]["total"] == 50


def test_distance_and_within():
    b = board()
    arg, aus = b.find("Argentina"), b.find("Australia")
    assert b.distance(arg, arg) == 0
    assert b.distance(b.find("Chile"), aus) == 1
    assert b.distance(arg, aus) == 2
    assert b.distance(arg, b.find("Japan"), 3) is None
    near = dict(b.within(b.find("Chile"), 1))
    assert near == dict((x, 1) for x in b.neighbours(b.find("Chile")))


def test_owns_continent_and_chains():
    b = board()
    oc = b.continent_index("oceania")
    owner = [0] * b.n
    for i in b.members(oc):
        owner[i] = 3
    assert b.owns_continent(owner, 3, oc)
    assert b.continents_owned(owner, 3) == (oc,)
    owner[b.find("Chile")] = 3
    owner[b.find("Japan")] = 3
    chain = b.chain(owner, 3, b.find("Java"))
    assert b.find("Chile") in chain and b.find("Japan") not in chain
    assert len(b.chains(owner, 3)) == 2
    assert b.connected(owner, 3, b.find("Chile"), b.find("Sumatra"))
    assert not b.connected(owner, 3, b.find("Chile"), b.find("Japan"))
