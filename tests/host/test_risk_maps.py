"""Risk's twelve maps (rules/risk-online-12-maps.txt, "Game rules"): the eleven boards besides World
(boards/risk_*.json), as the rulebook sizes them, balanced by one region-bonus method, seated,
reserved and played to a victory by the bot.

The rulebook has no section headings: tests cite its words.
"""

import copy
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "core"))

from comando import engine, rulebook, session as S  # noqa: E402
from comando.session import replay
from comando.board import BoardError, board_path, check_board, load_board  # noqa: E402
from comando.dice import SeededDice  # noqa: E402
from comando.rulesets.risk import engine as risk  # noqa: E402
from comando.engine.bot import Bot  # noqa: E402
from comando.errors import IllegalMove, RulesError  # noqa: E402
from comando_host.maps import region_bonus  # noqa: E402
from gamecheck import play_checked, replays  # noqa: E402

BOOK = "risk-online-12-maps.txt"
# "Spain (52 territories in nine regions ...), Westeros (43 in ten ...), World (42 in six), North
# America (30 in six ...), Europe (25 in five), Asia (24 in five), the Americas (21 in four),
# Africa (21 in five), the Mediterranean (21 in five ...), Oceania (19 in five ...), Iberia (19 in
# five ...) and the Canaries (14 in four ...)"; "The small maps cap how many players they seat
# (the Canaries 4; the Americas, Africa, Oceania, the Mediterranean and Iberia 5)" - the others
# seat the six the reserves are given for.
MAPS = {  # id: (territories, regions, seat cap), in the rulebook's order
    "risk_spain": (52, 9, 6),
    "risk_westeros": (43, 10, 6),
    "risk": (42, 6, 6),
    "risk_north_america": (30, 6, 6),
    "risk_europe": (25, 5, 6),
    "risk_asia": (24, 5, 6),
    "risk_americas": (21, 4, 5),
    "risk_africa": (21, 5, 5),
    "risk_mediterranean": (21, 5, 5),
    "risk_oceania": (19, 5, 5),
    "risk_iberia": (19, 5, 5),
    "risk_canaries": (14, 4, 4),
}
NEW = [m for m in MAPS if m != "risk"]
WORLD_RESERVE = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
COLOURS = ("red", "blue", "green", "yellow", "black", "grey")


def raw(bid):
    with open(board_path(bid), encoding="utf-8") as f:
        return json.load(f)


def players(n):
    return [("P%d" % i, COLOURS[i]) for i in range(n)]


@pytest.mark.parametrize("bid", list(MAPS))
def test_counts_as_the_rulebook_states(bid):
    terr, regions, _ = MAPS[bid]
    b = load_board(bid)
    assert (b.n, b.continents) == (terr, regions)
    assert check_board(board_path(bid)) == []
    assert b.rulesets == ("risk",) or list(b.rulesets) == ["risk"]


def test_spain_is_the_fifty_provinces_plus_ceuta_and_melilla():
    """"Spain (52 territories in nine regions: all fifty provinces plus Ceuta and Melilla)"."""
    b = load_board("risk_spain")
    for name in ("Ceuta", "Melilla", "A Coruña", "Illes Balears", "Las Palmas", "Santa Cruz de Tenerife"):
        b.find(name)
    # the cities in Africa reach the mainland over the strait / the Alboran sea
    assert b.is_border(b.find("Ceuta"), b.find("Cadiz"))
    assert b.is_border(b.find("Melilla"), b.find("Malaga"))
    assert not b.is_border(b.find("Ceuta"), b.find("Melilla"))


def test_iberia_is_spain_by_region_and_portugal_in_two():
    """"Iberia (19 in five, Spain by region and Portugal in two)": the 17 autonomous communities."""
    d = raw("risk_iberia")
    portugal = [c for c in d["countries"] if c["continent"] == "portugal"]
    assert len(portugal) == 2 and len(d["countries"]) - len(portugal) == 17


def test_canaries_and_oceania_cross_water():
    """The Canaries are islands linked over the sea; "Oceania ... where almost every border is
    water": its only land borders are inside Australia."""
    b = load_board("risk_canaries")
    assert all(b.island(i) for i in range(b.n))
    d = raw("risk_oceania")
    land = [p for p in d["borders"] if all(raw_c["continent"] == "australia" for raw_c in d["countries"]
                                           if raw_c["id"] in p)]
    assert len(land) * 2 < len(d["borders"])  # most borders are sea links


@pytest.mark.parametrize("bid", NEW)
def test_borders_symmetric_and_every_territory_reachable(bid):
    b = load_board(bid)
    for i in range(b.n):
        nb = list(b.neighbours(i))
        assert nb, "%s: %s is isolated" % (bid, b.cid(i))
        for j in nb:
            assert i in b.neighbours(j), (bid, b.cid(i), b.cid(j))
    seen, todo = {0}, [0]
    while todo:
        for j in b.neighbours(todo.pop()):
            if j not in seen:
                seen.add(j)
                todo.append(j)
    assert len(seen) == b.n
    # the file lists each border once, never a territory with itself
    pairs = [tuple(sorted(p)) for p in raw(bid)["borders"]]
    assert len(set(pairs)) == len(pairs) and all(a != c for a, c in pairs)


def test_region_bonus_method_reproduces_world():
    """World's printed bonuses (boards/risk.json: 5/2/5/3/7/2) come out of the method, and 7 is the
    only divisor of the border ends that gives all six."""
    d = raw("risk")
    assert region_bonus.region_bonuses(d) == {"north_america": 5, "south_america": 2, "europe": 5,
                                              "africa": 3, "asia": 7, "australia": 2}
    assert region_bonus.differences(d) == []
    ends = region_bonus.border_ends(d)
    assert ends == {"north_america": 35, "south_america": 12, "europe": 32, "africa": 24,
                    "asia": 52, "australia": 11}
    fits = [k for k in range(2, 30)
            if all(max(1, (2 * e + k) // (2 * k)) == c["bonus"] for e, c in zip(ends.values(), d["continents"]))]
    assert fits == [7]


@pytest.mark.parametrize("bid", NEW)
def test_every_new_board_declares_the_methods_bonuses(bid):
    d = raw(bid)
    assert region_bonus.differences(d) == []
    assert all(c["bonus"] >= 1 for c in d["continents"])


def test_region_bonus_tool_exits_1_on_a_wrong_bonus(tmp_path, capsys):
    d = raw("risk_canaries")
    d["continents"][0]["bonus"] = 9
    p = tmp_path / "c.json"
    p.write_text(json.dumps(d))
    assert region_bonus.main([str(p)]) == 1
    assert "orientales: declared 9, the method gives 1" in capsys.readouterr().out
    assert region_bonus.main([board_path(b) for b in MAPS]) == 0


@pytest.mark.parametrize("bid", list(MAPS))
def test_seat_caps(bid):
    """"The small maps cap how many players they seat (the Canaries 4; the Americas, Africa,
    Oceania, the Mediterranean and Iberia 5)"; one more is refused, naming the map."""
    cap = MAPS[bid][2]
    b = load_board(bid)
    assert risk.RULES.seat_cap(b) == cap
    if cap < 6:
        with pytest.raises(RulesError, match="%s seats at most %d players, not %d" % (b.name, cap, cap + 1)):
            engine.new_game(b, "risk", players(cap + 1), rng=SeededDice(1))


def test_the_smallest_map_the_whole_table_fits_on():
    """"If the room fills past that cap, the game opens on the smallest map the whole table fits
    on": five asking for the Canaries get a 19-territory map (Oceania, first of the two in the
    rulebook's order), six get Asia (24, the smallest six-seat map); a map that seats the table is
    kept; seven fit on no map (the reserves stop at six)."""
    assert risk.maps() == list(MAPS)
    assert risk.table_board(4, "risk_canaries").id == "risk_canaries"
    assert risk.table_board(5, "risk_canaries").id == "risk_oceania"
    assert risk.table_board(6, "risk_canaries").id == "risk_asia"
    assert risk.table_board(6, "risk_iberia").id == "risk_asia"
    assert risk.table_board(5, "risk_iberia").id == "risk_iberia"
    assert risk.table_board(6, "risk_spain").id == "risk_spain"
    with pytest.raises(RulesError, match="no map seats 7 players"):
        risk.table_board(7, "risk_canaries")


@pytest.mark.parametrize("bid", list(MAPS))
def test_reserves_proportional_to_worlds(bid):
    """"40 for two, 35 for three, 30 for four, 25 for five and 20 for six on the world board, and
    the proportional equivalent on the smaller maps" (rounded down): the board's table, the
    rulebook function and the engine agree."""
    terr, _, cap = MAPS[bid]
    b = load_board(bid)
    for n in range(2, cap + 1):
        want = WORLD_RESERVE[n] * terr // 42
        assert b.tables["starting_reserves"][str(n)] == [want]
        assert rulebook.risk_reserve(n, terr) == want
        g = engine.new_game(b, "risk", players(n), {"deploy": "hand"}, rng=SeededDice(n))
        assert g.state.rules.reserve_for(g.state) == want
    assert set(b.tables["starting_reserves"]) == {str(n) for n in range(2, cap + 1)}


@pytest.mark.parametrize("bid", NEW)
def test_card_deck_per_map(bid):
    """"Each card names a territory on the map and carries a symbol - infantry, cavalry or
    artillery - and there are two wild cards": one card per territory, the symbols as even as the
    count allows, plus two wilds in the deal's deck."""
    b = load_board(bid)
    syms = [c["symbols"] for c in raw(bid)["countries"]]
    assert all(len(s) == 1 for s in syms)
    counts = [sum(1 for s in syms if s[0] == k) for k in ("infantry", "cavalry", "artillery")]
    assert sum(counts) == b.n and max(counts) - min(counts) <= 1
    g = engine.new_game(b, "risk", players(2), rng=SeededDice(3))
    assert len(g.state.deck) == b.n + 2


@pytest.mark.parametrize("bid", list(MAPS))
def test_bot_games_to_victory_for_two_and_the_cap(bid):
    """"The winner is whoever is left as the only player holding territory on the map": the bot
    plays every map from the deal to that victory for every table size up to the map's cap, every
    event checked (tests/core/gamecheck.py) and the log folding back to the same state."""
    b = load_board(bid)
    cap = MAPS[bid][2]
    for n in range(2, cap + 1):  # every table size the map seats; both option sets at 2 and the cap
        for opts in ({}, {"deploy": "hand", "sets": "fixed"})[:2 if n in (2, cap) else 1]:
            g = engine.new_game(b, "risk", players(n), opts, rng=SeededDice(n + len(opts)))
            s, lines = play_checked(g, Bot(SeededDice(1000 + n)), 8000)
            assert s.phase == "over" and sum(s.alive) == 1 and s.count(s.winner) == b.n
            assert replays(s, lines, b)


def test_comando_play_opens_on_the_smallest_map_and_plays_to_victory():
    """`comando play --ruleset risk --board canaries` with five players: the short id works, the
    game opens on Oceania and the bot plays it to a victory; seven players are refused in one line."""
    cli = [sys.executable, "-m", "comando_host", "play", "--ruleset", "risk", "--seed", "4"]
    r = subprocess.run(cli + ["--board", "canaries", "--players", "A,B,C,D,E"], input="bot 6000\n",
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert ("Risk: Canaries seats at most 4 players: the game opens on Risk: Oceania "
            "(risk_oceania), the smallest map that seats 5.") in r.stdout
    assert "Game over:" in r.stdout
    r = subprocess.run(cli + ["--board", "spain", "--players", "A,B"], input="bot 6000\n",
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "board Risk: Spain" not in r.stderr and "Game over:" in r.stdout
    r = subprocess.run(cli + ["--board", "canaries", "--players", "A,B,C,D,E,F,G"], input="",
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines()[-1].endswith(
        "--players: no map seats 7 players (the largest Risk tables seat 6)")


def test_table_session_opens_on_the_chosen_map():
    """The table session (comando.session) of six asking for the Canaries: the options name Asia,
    its size and cap; the reserve by hand is Asia's proportional one (20 x 24 / 42 = 11); a
    session that names a cap below its table is refused."""
    o = risk.table_options(6, "risk_canaries")
    assert o == {"board": "risk_asia", "territories": 24, "seats": 6}
    t = replay.Table("risk", list(COLOURS), dict(o, deploy="hand"), rng=SeededDice(5))
    t.act({"t": "first", "r": [[1, 4, 2, 3, 5, 2]]})  # the opening roll: one die each
    assert t.state.reserve == [11] * 6 and t.state.opts["board"] == "risk_asia"
    st = S.Session()
    st = S.Session()
    with pytest.raises(IllegalMove, match="risk_canaries seats at most 4 players, not 5"):
        S.make(st, S.new_session("risk", list(COLOURS[:5]), {"board": "risk_canaries", "territories": 14, "seats": 4}))
    with pytest.raises(IllegalMove, match="seats is the map's seat cap"):
        S.make(st, S.new_session("risk", list(COLOURS[:2]), {"seats": "four"}))


# -- bad input: one line naming the board, the entry and the problem --------------------------

def _broken(tmp_path, mutate):
    d = copy.deepcopy(raw("risk_canaries"))
    mutate(d)
    p = tmp_path / "risk_canaries.json"
    p.write_text(json.dumps(d))
    return str(p)


def test_a_board_that_breaks_a_count(tmp_path):
    p = _broken(tmp_path, lambda d: d["counts"].update(countries=15))
    errs = check_board(p)
    assert any(e.startswith(p + ": counts") and "15" in e for e in errs), errs
    r = subprocess.run([sys.executable, "-m", "comando_host", "boards", "check", p],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout


def test_an_isolated_territory(tmp_path):
    def cut(d):
        d["borders"] = [b for b in d["borders"] if "el_hierro" not in b]
        d["counts"]["borders"] = len(d["borders"])
    errs = check_board(_broken(tmp_path, cut))
    assert any("el_hierro" in e for e in errs), errs
    with pytest.raises(BoardError, match="risk_canaries.json: .*el_hierro"):
        load_board(_broken(tmp_path, cut))


def test_a_region_bonus_that_is_not_a_number(tmp_path):
    def bad(d):
        d["continents"][1]["bonus"] = "two"
    errs = check_board(_broken(tmp_path, bad))
    # one line: the file, the region entry, the problem and the bad value
    assert any(e.startswith(tmp_path.as_posix()) and "continents[1] 'gran_canaria'" in e
               and "bonus must be" in e and '"two"' in e for e in errs), errs


# -- the printable sheets: schematic geometry for the live map's renderer ------------------------

@pytest.mark.parametrize("bid", NEW)
def test_layouts_place_every_territory_on_an_a3_sheet(bid):
    """boards/layout/ID.json (schema comando-layout/1) for each new map: one point per territory
    and a colour and label per region on a 1200x850 canvas (A3's 1.41:1), one territory a line.
    The checker and the SVG renderer are comando_host.maps.geometry / svgmap (the live-map work); where
    they exist they must accept every layout and draw it."""
    path = os.path.join(os.path.dirname(board_path(bid)), "layout", bid + ".json")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    data = json.loads(text)
    b = load_board(bid)
    assert data["schema"] == "comando-layout/1" and data["board"] == bid and data["size"] == [1200, 850]
    assert sorted(data["countries"]) == sorted(b.cid(i) for i in range(b.n))
    assert sorted(data["continents"]) == sorted(b.continent_id(c) for c in range(b.continents))
    for i in range(b.n):
        assert sum(1 for ln in text.splitlines() if ln.strip().startswith('"%s": [' % b.cid(i))) == 1
    try:
        from comando_host.maps import geometry, svgmap
    except ImportError:
        return  # before the live-map work is merged: the format checks above only
    lay = geometry.read_layout(path, b)
    svg = svgmap.render(lay, title=str(b.name))
    assert svg.count('class="country"') == b.n


@pytest.mark.parametrize("bid", list(MAPS))
def test_a_printable_a3_sheet_per_map(bid, tmp_path, capsys):
    """"A printable sheet per map (SVG, A3)": `comando boards svg ID --paper a3` draws every
    territory from the board's layout on a sheet sized to A3 (420 x 297 mm, proportions kept)."""
    import re
    from comando_host.cli import main
    out = tmp_path / (bid + ".svg")
    assert main(["boards", "svg", bid, "--paper", "a3", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    m = re.search(r'<svg [^>]*width="([0-9.]+)mm" height="([0-9.]+)mm"', text)
    assert m, text[:200]
    w, h = float(m.group(1)), float(m.group(2))
    assert w <= 420 and h <= 297 and (w >= 419 or h >= 296.9)
    assert text.count('class="country"') == load_board(bid).n
    assert "no layout" not in capsys.readouterr().err  # drawn from the shipped layout


def test_packed_headers_carry_the_seat_caps_and_the_map_list(tmp_path):
    """What the device reads to pick a map (rulesets/risk/maps.py): each packed board's first
    line holds its size and seat cap; World's also the twelve ids."""
    from comando import board_pack, board_packer
    for bid in MAPS:
        (tmp_path / (bid + board_pack.EXT)).write_bytes(board_packer.pack(load_board(bid)))
    for bid, (terr, regions, cap) in MAPS.items():
        h = board_pack.header(bid, str(tmp_path))
        assert (h["id"], h["n"], h["k"], h["seats"]) == (bid, terr, regions, cap)
    assert board_pack.header("risk", str(tmp_path))["maps"] == list(MAPS)
    assert board_pack.header("nowhere", str(tmp_path)) is None
    # the packed board still loads whole
    assert board_pack.load_packed("risk_canaries", str(tmp_path)).n == 14
