"""Rules that are data: the shipped boards' ``tables`` equal the rulebooks, the rulebook fallbacks
(comando.rulebook) equal the rulebooks, and a house board with other tables changes the game
(trade-in values, starting armies, Risk's deployment step), in the engine and the table session.

The expected values here are written from the rulebooks, independently of the code:
- rules/teg-classic.txt "6. Continuation of the Game" ("C. By trade-in"): 4, 7, 10, then +5 per
  player; "4. Two Rounds to Add 8 Armies": 5 then 3; "8. Games of 2 or 3 Players": 12 / 8.
- rules/war.txt "Card Trading": 4, 6, 8, "and so on" (TABLE II: 10, 12, 15, 20, 25 ...), over the
  whole game.
- rules/risk-online-12-maps.txt (cards; the reserve): escalating 4, 6, 8, 10, 12, 15, +5; fixed 4
  infantry, 6 cavalry, 8 artillery, 10 mixed; reserves 40/35/30/25/20 for 2..6 on World; "three at
  a time in rotation".
- rules/teg-la-revancha.txt: 8 then 4; "5. Playing with 2 or 3 People": 18 with two.
"""

import json

import risk_board
import war_board
from comando import engine, rulebook, session, turns
from comando.session import replay
from comando.board import board_path, load_board
from comando.dice import SeededDice

MPY_HEAP = "1m"

TEG_TRADES = [4, 7, 10, 15, 20, 25, 30, 35, 40, 45]
WAR_TRADES = [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]
RISK_ESCALATING = [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]
RISK_FIXED = {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 10}
RISK_RESERVES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
TEG_SETUP = {2: [12], 3: [8], 4: [5, 3], 5: [5, 3], 6: [5, 3]}
REVANCHA_SETUP = {2: [18], 3: [8, 4], 4: [8, 4], 5: [8, 4], 6: [8, 4]}


def board_dict(bid):
    with open(board_path(bid)) as f:
        return json.load(f)


def house(d, **tables):
    d = dict(d)
    t = dict(d.get("tables") or {})
    t.update(tables)
    d["tables"] = t
    d["id"] = d["id"] + "_house"
    return load_board(d)


def sequence(tables, rs, k=10):
    table = rulebook.trade_in(tables, rs)
    return [rulebook.nth_trade(table, i) for i in range(k)]


# --- the shipped boards and the fallbacks equal the rulebooks ----------------------------------

def test_shipped_teg_tables_are_the_rulebooks():
    """teg-classic.txt "C. By trade-in" and "4. Two Rounds to Add 8 Armies" / "8. Games of 2 or 3"."""
    t = load_board("teg").tables
    assert sequence(t, "teg") == TEG_TRADES
    for n in range(2, 7):
        assert t["starting_reserves"][str(n)] == TEG_SETUP[n]
        assert list(rulebook.placement("teg", n, t)) == TEG_SETUP[n]


def test_shipped_war_tables_are_the_rulebooks():
    """war.txt "Card Trading": 4, 6, 8 and so on (TABLE II), counted over the game."""
    t = load_board("war").tables
    assert sequence(t, "war") == WAR_TRADES
    assert t["trade_in"].get("counter") == "game"


def test_shipped_risk_tables_are_the_rulebooks():
    """risk-online-12-maps.txt: escalating and fixed set values, reserves, three at a time."""
    t = load_board("risk").tables
    assert sequence(t, "risk") == RISK_ESCALATING
    assert t["fixed_trade_in"] == RISK_FIXED
    assert rulebook.fixed_sets(t) == (4, 6, 8, 10)
    for n in range(2, 7):
        assert t["starting_reserves"][str(n)] == [RISK_RESERVES[n]]
        assert rulebook.risk_reserve(n, 42, t) == RISK_RESERVES[n]
    assert t["placement"]["per_turn"] == 3 == rulebook.deploy_step(t)


def test_shipped_revancha_reserves_are_the_rulebooks():
    """teg-la-revancha.txt: 8 then 4; "5. Playing with 2 or 3 People": 18 each with two."""
    t = load_board("revancha").tables
    for n in range(2, 7):
        assert t["starting_reserves"][str(n)] == REVANCHA_SETUP[n]
        assert list(rulebook.placement("revancha", n, t)) == REVANCHA_SETUP[n]


def test_fallbacks_without_a_board_table_are_the_rulebooks():
    assert sequence({}, "teg") == TEG_TRADES
    assert sequence(None, "war") == WAR_TRADES
    assert sequence({}, "risk") == RISK_ESCALATING
    assert rulebook.fixed_sets({}) == (4, 6, 8, 10)
    assert rulebook.deploy_step({}) == 3
    for n in range(2, 7):
        assert rulebook.risk_reserve(n) == RISK_RESERVES[n]
        assert list(turns.placement_rounds("teg", n)) == TEG_SETUP[n]
        assert list(turns.placement_rounds("revancha", n)) == REVANCHA_SETUP[n]
    # "the proportional equivalent on the smaller maps"
    assert rulebook.risk_reserve(3, 21) == 17


def test_a_malformed_table_falls_back_to_the_rulebook():
    assert sequence({"trade_in": {"values": []}}, "teg") == TEG_TRADES
    assert sequence({"trade_in": {"values": [3, "x"]}}, "war") == WAR_TRADES
    assert sequence({"trade_in": {"values": [3]}}, "teg")[:3] == [3, 8, 13]  # step: the rulebook's
    assert rulebook.fixed_sets({"fixed_trade_in": {"infantry": 1}}) == (4, 6, 8, 10)


# --- the engine and the session read the same source --------------------------------------------

def test_risk_engine_and_session_agree_on_the_reserve():
    """One source for 40/35/30/25/20: the engine on World and the board-less device session."""
    b = load_board("risk")
    for n in range(2, 7):
        pl = [("p%d" % i, "c%d" % i) for i in range(n)]
        g = engine.new_game(b, "risk", pl, {"deploy": "hand"}, rng=SeededDice(n))
        assert g.state.x["left"] == [RISK_RESERVES[n]] * n
        t = replay.Table("risk", ["c%d" % i for i in range(n)], {"deploy": "hand"},
                          rng=SeededDice(n))
        t.act({"t": "first"})
        assert t.state.reserve == [RISK_RESERVES[n]] * n
        assert session.placement_armies(t.state) == 3


# --- a house board's tables change the game -----------------------------------------------------

def _teg_add_turn(g, hand):
    s = g.state
    s.round = 2
    s.rules.begin_turn(s)
    s.hands[s.cur] = list(hand)
    for k in hand:
        if k in s.deck:
            s.deck.remove(k)
    return s


def test_house_teg_board_changes_trade_values_and_setup_armies():
    b = house(board_dict("teg"), trade_in={"values": [2, 3], "then_add": 1},
              starting_reserves={"4": [6, 2], "5": [5, 3], "6": [5, 3]})
    pl = [("P%d" % i, c) for i, c in enumerate(("blue", "red", "black", "yellow"))]
    g = engine.new_game(b, "teg", pl, rng=SeededDice(5))
    s = g.state
    seen = []
    while s.phase == "place":
        seen.append(s.reserve)
        g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    assert seen == [6] * 4 + [2] * 4
    gal = [k for k in range(b.n) if b.symbol(k) == ("galeon",)]
    p = s.cur
    vals = []
    for k in range(4):
        _teg_add_turn(g, gal[:3])
        s.trades[p] = k
        left = s.to_place()
        g.act({"t": "trade", "p": p, "cards": gal[:3]})
        vals.append(s.to_place() - left)
        s.discard = []
    assert vals == [2, 3, 4, 5]


def test_house_war_board_changes_trade_values():
    d = war_board.board_dict()
    b = house(d, trade_in={"values": [3, 5], "then_add": 2, "counter": "game"})
    g = engine.new_game(b, "war", [("A", "white"), ("B", "red"), ("C", "black")],
                        rng=SeededDice(3))
    s = g.state
    vals = []
    for k in range(5):
        s.ttrades = k
        vals.append(s.rules.trade_value(s, 0))
    assert vals == [3, 5, 7, 9, 11]
    # and a trade made at the table pays it
    mx, w1, w2 = b.index("mexico"), b.n, b.n + 1
    for c in (mx, w1, w2):
        if c in s.deck:
            s.deck.remove(c)
    s.hands[0] = [mx, w1, w2]
    s.ttrades = 1
    s.round = 2
    s.cur = 0
    for i in range(b.n):
        s.owner[i] = 1
    s.owner[b.index("brasil")] = 0
    s.rules.begin_turn(s)
    left = s.to_place()
    g.act({"t": "trade", "p": 0, "cards": [mx, w1, w2]})
    assert s.to_place() == left + 5


def test_house_risk_board_changes_sets_reserves_and_deployment():
    d = risk_board.board_dict()
    b = house(d, trade_in={"values": [1, 2], "then_add": 10},
              fixed_trade_in={"infantry": 7, "cavalry": 8, "artillery": 9, "mixed": 11},
              starting_reserves={"3": [7]}, placement={"per_turn": 5})
    pl = [("A", "red"), ("B", "blue"), ("C", "green")]
    g = engine.new_game(b, "risk", pl, {"deploy": "hand"}, rng=SeededDice(4))
    s = g.state
    assert s.x["left"] == [7, 7, 7]
    seen = []
    while s.phase == "place":
        seen.append(s.reserve)
        g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    assert seen == [5] * 3 + [2] * 3
    al, ab, on = b.index("alaska"), b.index("alberta"), b.index("ontario")  # inf, cav, art
    vals = []
    for k in range(4):
        s.ttrades = k
        vals.append(s.rules.set_value(s, [al, ab, on]))
    assert vals == [1, 2, 12, 22]
    auto = engine.new_game(b, "risk", pl, {"deploy": "auto"}, rng=SeededDice(4)).state
    assert [auto.total_armies(p) - auto.count(p) for p in range(3)] == [7, 7, 7]
    fixed = engine.new_game(b, "risk", pl, {"sets": "fixed"}, rng=SeededDice(4)).state
    inf = [b.index(c) for c in ("alaska", "quebec", "brazil")]
    cav = [b.index(c) for c in ("alberta", "venezuela", "argentina")]
    art = [b.index(c) for c in ("ontario", "peru", "ural")]
    r = fixed.rules
    assert [r.set_value(fixed, x) for x in (inf, cav, art, [al, ab, on])] == [7, 8, 9, 11]
