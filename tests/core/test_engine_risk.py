"""Risk, the online ruleset (rules/risk-online-12-maps.txt), on the engine: comando.rulesets.risk.engine.
The rulebook has no headings: each test quotes the rule it checks."""

from mpytest import raises

import botplay
import risk_board
from comando import engine
from comando.dice import FixedDice, SeededDice
from comando.rulesets.risk import engine as risk
from comando.errors import IllegalMove, RulesError

MPY_HEAP = "1m"

P3 = [("Ana", "red"), ("Beto", "blue"), ("Caio", "green")]


def game(seed=3, players=P3, opts=None, b=None):
    return engine.new_game(b or risk_board.board(), "risk", players, opts, rng=SeededDice(seed))


def illegal(g, action, msg):
    before = g.state.to_dict()
    with raises(IllegalMove, msg):
        engine.check(g.state, action)
    assert g.state.to_dict() == before


def own(g, owner_of, armies=None):
    b = g.board
    s = g.state
    for cid, p in owner_of.items():
        i = b.index(cid)
        s.owner[i] = p
        s.armies[i] = (armies or {}).get(cid, 1)


def to_turn(g, p, placed=True):
    s = g.state
    s.round = 2
    s.cur = p
    s.rules.begin_turn(s)
    if placed:
        s.reserve = 0
        s.cres = [0] * len(s.cres)
    return s


def test_seat_cap_and_smallest_map_that_fits():
    """"The small maps cap how many players they seat ... If the room fills past that cap, the game
    opens on the smallest map the whole table fits on.\""""
    six = [("p%d" % i, "c%d" % i) for i in range(6)]
    with raises(RulesError, "seats at most 5 players, not 6"):
        game(players=six)
    maps = {"small": risk_board.board(5, "small"), "big": risk_board.board(6, "big")}
    assert risk.choose_board(6, ["small", "big"], maps.get).id == "big"
    assert risk.choose_board(4, ["small", "big"], maps.get).id == "small"
    with raises(RulesError, "no map seats 7"):
        risk.choose_board(7, ["small", "big"], maps.get)


def test_deal_and_automatic_deployment():
    """"Territories are dealt out at random ... each starting with a single army"; the reserve,
    "the proportional equivalent on the smaller maps" (35 for three on World -> 10 on 12
    territories); automatic deployment scatters it and the game opens on the first turn."""
    g = game()
    s = g.state
    assert s.rules.reserve_for(s) == 10
    counts = [s.count(p) for p in range(3)]
    assert counts == [4, 4, 4]
    for p in range(3):
        assert s.total_armies(p) == counts[p] + 10
    assert s.round == 1 and s.phase == "add" and s.cur == s.first


def test_deployment_by_hand_three_at_a_time_in_rotation():
    """"With deployment by hand, players place three at a time in rotation until nobody has any
    left.\""""
    g = game(opts={"deploy": "hand"})
    s = g.state
    assert s.phase == "place" and s.reserve == 3
    seen = []
    while s.phase == "place":
        p = s.cur
        seen.append((p, s.reserve))
        illegal(g, {"t": "place", "p": p, "c": s.countries_of(p)[0], "n": 4}, "not 4")
        g.act({"t": "place", "p": p, "c": s.countries_of(p)[0], "n": s.reserve})
    f = seen[0][0]
    assert [x[0] for x in seen[:6]] == [f, (f + 1) % 3, (f + 2) % 3] * 2
    assert [x[1] for x in seen] == [3] * 9 + [1] * 3  # 10 = 3 + 3 + 3 + 1 each
    assert s.round == 1 and s.phase == "add"


def test_reinforcements_third_of_territories_plus_region_bonus():
    """"one for every three territories you hold, with a minimum of three even if you hold fewer,
    plus the bonus for each region you hold outright.\""""
    g = game()
    s = g.state
    own(g, dict((g.board.cid(i), 0) for i in range(12)))
    own(g, {"india": 1, "ural": 2, "siberia": 2})
    assert s.rules.reinforcements(s, 0) == (3 + 3 + 2, [0, 0, 0])  # 9 territories, north + south
    assert s.rules.reinforcements(s, 2)[0] == 3


def test_all_armies_placed_before_attacking():
    """"You cannot attack until every one of them is on the board.\""""
    g = game()
    own(g, {"alaska": 0, "siberia": 1}, {"alaska": 5})
    to_turn(g, 0, placed=False)
    illegal(g, {"t": "attack", "p": 0, "f": g.board.index("alaska"), "to": g.board.index("siberia")},
            "remaining armies")


def test_sets_values_and_plus_two_on_a_held_territory():
    """"Three cards of the same symbol, one of each symbol, or any combination including a wild
    make a set ... If one of the three cards names a territory you hold at that moment, two of
    those armies are placed directly on it ... 4, 6, 8, 10, 12, 15, and five more each time.\""""
    g = game()
    b = g.board
    s = g.state
    al, ab, on = b.index("alaska"), b.index("alberta"), b.index("ontario")  # inf, cav, art
    own(g, {"alaska": 0, "alberta": 1, "ontario": 1})
    s.hands[0] = [al, ab, on]
    to_turn(g, 0, placed=False)
    base = s.reserve
    g.act({"t": "trade", "p": 0, "cards": [al, ab, on]})
    assert s.reserve == base + 4 - 2 and s.armies[al] == 3
    vals = []
    for k in range(1, 9):
        s.ttrades = k
        vals.append(s.rules.set_value(s, [al, ab, on]))
    assert vals == [6, 8, 10, 12, 15, 20, 25, 30]


def test_fixed_set_values():
    """"With fixed values ... 4 for infantry, 6 for cavalry, 8 for artillery and 10 for a mixed set.\""""
    g = game(opts={"sets": "fixed"})
    b = g.board
    s = g.state
    inf = [b.index(c) for c in ("alaska", "quebec", "brazil")]
    cav = [b.index(c) for c in ("alberta", "venezuela", "argentina")]
    art = [b.index(c) for c in ("ontario", "peru", "ural")]
    r = s.rules
    assert r.set_value(s, inf) == 4
    assert r.set_value(s, cav) == 6
    assert r.set_value(s, art) == 8
    assert r.set_value(s, [inf[0], cav[0], art[0]]) == 10
    assert r.set_value(s, [inf[0], inf[1], 12]) == 4
    assert r.set_value(s, [inf[0], 12, 13]) == 10


def test_illegal_sets_and_late_trades():
    """"Sets are handed in for armies at the start of your turn, before placing.\""""
    g = game()
    b = g.board
    s = g.state
    al, qu, ab = b.index("alaska"), b.index("quebec"), b.index("alberta")  # inf, inf, cav
    s.hands[0] = [al, qu, ab, 12]
    own(g, {"alaska": 0})
    to_turn(g, 0, placed=False)
    illegal(g, {"t": "trade", "p": 0, "cards": [al, qu, ab]}, "a set is three of a symbol")
    illegal(g, {"t": "trade", "p": 0, "cards": [al, qu, 13]}, "do not hold the wild card")
    illegal(g, {"t": "trade", "p": 0, "cards": [al, qu, 12], "c": ab}, "The 2 armies go on")
    g.act({"t": "place", "p": 0, "c": al, "n": 1})
    illegal(g, {"t": "trade", "p": 0, "cards": [al, qu, 12]}, "already placed armies")


def test_five_cards_force_a_set_before_placing():
    """"Holding five cards forces you to hand in a set before you may place anything.\""""
    g = game()
    s = g.state
    own(g, {"alaska": 0})
    s.hands[0] = [0, 1, 2, 3, 4]
    for c in range(5):
        s.deck.remove(c)
    to_turn(g, 0, placed=False)
    illegal(g, {"t": "place", "p": 0, "c": 0, "n": 1}, "hand in a set before you may place")
    g.act({"t": "trade", "p": 0, "cards": [0, 1, 2]})
    g.act({"t": "place", "p": 0, "c": 0, "n": 1})


def test_mid_assault_trade_after_an_elimination():
    """"if eliminating somebody leaves you holding six or more, you trade there and then, in the
    middle of the assault: that set's armies land in the same turn\"; "whoever took their last one
    keeps all of their territory cards\"."""
    g = game()
    b = g.board
    s = g.state
    ids = [b.cid(i) for i in range(12)]
    own(g, dict((c, 0) for c in ids), dict((c, 3) for c in ids))
    own(g, {"siberia": 1, "india": 2})
    s.hands[0] = [0, 1, 2]
    s.hands[1] = [3, 4, 5]
    for c in range(6):
        s.deck.remove(c)
    to_turn(g, 0)
    g.rng = FixedDice([6, 6, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia")})
    assert not s.alive[1] and len(s.hands[0]) == 6 and s.x["must"] == 1
    illegal(g, {"t": "attack", "p": 0, "f": b.index("china"), "to": b.index("india")}, "trade a set now")
    illegal(g, {"t": "end", "p": 0}, "trade a set now")
    g.act({"t": "trade", "p": 0, "cards": [0, 1, 2]})
    assert s.x["must"] == 0 and s.phase == "add" and s.to_place() > 0
    illegal(g, {"t": "attack", "p": 0, "f": b.index("china"), "to": b.index("india")}, "remaining armies")


def test_move_in_at_least_the_dice_rolled():
    """"you choose how many armies move in: at least as many as the dice you just rolled, and at
    most everything in the attacking territory bar one.\""""
    g = game()
    b = g.board
    own(g, {"alaska": 0, "siberia": 1, "india": 1}, {"alaska": 8})
    s = to_turn(g, 0)
    g.rng = FixedDice([6, 6, 6, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia")})
    assert s.armies[b.index("siberia")] == 3  # the 3 dice moved in at least
    assert s.pending[2:] == [3, 7]
    illegal(g, {"t": "move", "p": 0, "n": 8}, "Move 3 to 7")
    g.act({"t": "move", "p": 0, "n": 7})
    assert s.armies[b.index("alaska")] == 1


def test_defenders_dice_choice():
    """"Who decides the defender's dice is picked before the game starts. Automatic defence always
    rolls every die the garrison allows ... The other option ... asks whoever is being attacked.\""""
    g = game(opts={"defdice": "choose"})
    b = g.board
    own(g, {"alaska": 0, "siberia": 1}, {"alaska": 5, "siberia": 3})
    to_turn(g, 0)
    illegal(g, {"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia"), "dn": 3},
            "1 to 2")
    ev = g.act({"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia"), "dn": 1})
    assert len(ev["dd"]) == 1 and len(ev["ad"]) == 3
    g2 = game()
    own(g2, {"alaska": 0, "siberia": 1}, {"alaska": 5, "siberia": 3})
    to_turn(g2, 0)
    illegal(g2, {"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia"), "dn": 1},
            "Defence is automatic")
    illegal(g2, {"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia"), "n": 2},
            "one die per army")


def test_chain_regroup_ends_the_turn_and_the_card():
    """"Once you are done attacking you may move armies once: from one of your territories to any
    other territory of yours connected to it by a chain of your own ground ... Regrouping ends your
    turn"; "If you take at least one territory during your turn, you draw a card when it ends.\""""
    g = game()
    b = g.board
    own(g, {"venezuela": 0, "peru": 0, "argentina": 0, "brazil": 1, "india": 0},
        {"venezuela": 6})
    s = to_turn(g, 0)
    ve, ar, ind = b.index("venezuela"), b.index("argentina"), b.index("india")
    illegal(g, {"t": "regroup", "p": 0, "f": ve, "to": ind, "n": 2}, "not joined by a chain")
    illegal(g, {"t": "regroup", "p": 0, "f": ve, "to": ar, "n": 6}, "one always stays behind")
    illegal(g, {"t": "draw", "p": 0}, "drawn by itself")
    s.conq = 1  # a conquest this turn (set-up)
    n = len(s.hands[0])
    g.act({"t": "regroup", "p": 0, "f": ve, "to": ar, "n": 5})
    assert s.armies[ar] == 6 and s.cur != 0 and len(s.hands[0]) == n + 1


def test_walk_out_leaves_neutral_territories_and_last_standing_wins():
    """"If somebody walks out mid-game, their territories stay on the board unowned with their
    armies still in place"; "The winner is whoever is left as the only player holding territory.\""""
    g = game()
    b = g.board
    s = g.state
    ids = [b.cid(i) for i in range(12)]
    own(g, dict((c, 0) for c in ids), dict((c, 4) for c in ids))
    own(g, {"siberia": 1, "ural": 2}, {"siberia": 2, "ural": 1})
    to_turn(g, 0)
    g.act({"t": "walk", "p": 2})
    assert s.owner[b.index("ural")] == -1 and s.armies[b.index("ural")] == 1 and not s.alive[2]
    illegal(g, {"t": "walk", "p": 2}, "already out")
    g.rng = FixedDice([6, 6, 6, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("china"), "to": b.index("ural")})
    assert s.owner[b.index("ural")] == 0 and s.phase != "over"
    g.rng = FixedDice([6, 6, 6, 1, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia")})
    assert s.phase == "over" and s.winner == 0


def test_diplomacy_panel_is_public_and_not_binding():
    """"the table carries a Diplomacy panel ... truces are proposed there, continents are carved up
    there, and that is where they get broken ... Nobody is bound by it.\""""
    g = game()
    b = g.board
    e = g.act({"t": "dip", "p": 0, "q": 1, "k": "truce", "text": "no attacks on South"})
    s = g.state
    assert s.x["dip"][0][1:] == [0, 1, "truce", "no attacks on South"]
    illegal(g, {"t": "dip", "p": 0, "q": 0, "k": "truce"}, "another player")
    illegal(g, {"t": "dip", "p": 0, "q": 1, "k": "alliance"}, "takes truce")
    illegal(g, {"t": "dip", "p": 2, "q": 1, "k": "break", "ref": e["seq"]}, "no truce")
    g.act({"t": "dip", "p": 1, "q": 0, "k": "break", "ref": e["seq"]})
    own(g, {"alaska": 0, "siberia": 1}, {"alaska": 5})
    to_turn(g, 0)
    g.act({"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia")})


def test_seeded_games_from_deal_to_last_player_standing():
    """Whole seeded games (automatic and by-hand deployment): invariants at every step; the log
    folds back to the same state twice."""
    for opts, seed in (({"deploy": "auto"}, 5), ({"deploy": "hand", "sets": "fixed"}, 8)):
        g = game(seed=seed, opts=opts)
        botplay.play(g, "risk", 14)
        s = g.state
        assert s.phase == "over" and sum(s.alive) == 1 and s.alive[s.winner]
        a = engine.fold(g.log, g.board)
        assert a.to_dict() == s.to_dict()
        assert engine.fold(g.log, g.board).to_dict() == a.to_dict()


def test_more_illegal_actions_at_the_table():
    """Regrouping or ending before every army is placed, attacking with five cards in hand, acting
    out of turn, an eliminated player on the diplomacy panel, an unknown option."""
    g = game()
    b = g.board
    s = g.state
    own(g, {"alaska": 0, "alberta": 0, "siberia": 1}, {"alaska": 5})
    to_turn(g, 0, placed=False)
    illegal(g, {"t": "regroup", "p": 0, "f": b.index("alaska"), "to": b.index("alberta"), "n": 1},
            "remaining armies")
    illegal(g, {"t": "end", "p": 0}, "remaining armies")
    illegal(g, {"t": "end", "p": 1}, "turn")
    s.reserve = 0
    s.hands[0] = [0, 1, 2, 3, 4]
    illegal(g, {"t": "attack", "p": 0, "f": b.index("alaska"), "to": b.index("siberia")},
            "trade three in")
    s.alive[2] = 0
    illegal(g, {"t": "dip", "p": 2, "q": 0, "k": "truce"}, "out of the game")
    with raises(RulesError, "unknown option"):
        game(opts={"fog": 1})
    with raises(RulesError, "deploy is"):
        game(opts={"deploy": "fast"})
