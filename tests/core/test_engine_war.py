"""WAR (rules/war.txt) on the engine: comando.rulesets.war.engine. Sections cited per test."""

from mpytest import raises

import botplay
import war_board
from comando import engine
from comando.dice import FixedDice, SeededDice
from comando.errors import IllegalMove

MPY_HEAP = "1m"

PLAYERS = [("Ana", "white"), ("Beto", "red"), ("Caio", "black")]


def game(seed=3, players=PLAYERS):
    return engine.new_game(war_board.board(), "war", players, rng=SeededDice(seed))


def illegal(g, action, msg):
    before = g.state.to_dict()
    with raises(IllegalMove, msg):
        engine.check(g.state, action)
    assert g.state.to_dict() == before


def own(g, owner_of, armies=None):
    """Set a position (test set-up): owner per country id, armies default 1."""
    b = g.board
    s = g.state
    for cid, p in owner_of.items():
        i = b.index(cid)
        s.owner[i] = p
        s.armies[i] = (armies or {}).get(cid, 1)


def to_turn(g, p, phase="add"):
    """Make it seat p's turn in round 2+ (test set-up)."""
    s = g.state
    s.round = 2
    s.cur = p
    s.rules.begin_turn(s)
    return s


def test_deal_distributor_first_player_and_objectives():
    """"Distribution of Armies and Territories": highest die distributes, dealt clockwise from the
    distributor's left; "The Game": the player after the last card opens; "Objective Cards":
    objectives of colours not in play are removed from the draw."""
    g = game()
    s = g.state
    deal = g.log[1]
    dist = s.x["dist"]
    for k, c in enumerate(deal["order"]):
        assert s.owner[c] == (dist + 1 + k) % 3
    assert s.first == (dist + 12 + 1) % 3 and s.cur == s.first
    pool = s.rules.objective_pool(s)
    assert 7 not in pool and 8 not in pool  # destroy blue / yellow: nobody plays them
    assert 4 in pool and 5 in pool and 6 in pool
    assert all(o in pool for o in s.obj) and len(set(s.obj)) == 3
    assert sorted(s.deck) == list(range(14))  # 12 territory cards + 2 wildcards


def test_first_round_only_places():
    """"The Game": in the first round each player receives armies and places them."""
    g = game()
    s = g.state
    p = s.cur
    assert s.phase == "add" and s.reserve == max(3, s.count(p) // 2)
    mine = s.countries_of(p)
    g.act({"t": "place", "p": p, "c": mine[0], "n": s.reserve})
    if s.to_place():
        for cont in range(3):
            if s.cres[cont]:
                c = [x for x in g.board.members(cont) if s.owner[x] == p][0]
                g.act({"t": "place", "p": p, "c": c, "n": s.cres[cont]})
    enemy = [m for m in g.board.neighbours(mine[0]) if s.owner[m] != p]
    if enemy:
        illegal(g, {"t": "attack", "p": p, "f": mine[0], "to": enemy[0]}, "only receives and places")
    illegal(g, {"t": "draw", "p": p}, "only receives and places")
    g.act({"t": "end", "p": p})
    assert s.round == 1 and s.phase == "add"


def test_reinforcements_territories_over_two_min_three_and_continent_bonus():
    """"Receiving Armies": 8 territories -> 4, 11 -> 5, minimum 3; a whole continent adds TABLE I
    armies that must go on that continent (South America: 2)."""
    g = game()
    b = g.board
    s = g.state
    r = s.rules
    ids = [b.cid(i) for i in range(12)]
    own(g, dict((c, 0) for c in ids[:8]))
    own(g, dict((c, 1) for c in ids[8:]))
    free, cres = r.reinforcements(s, 0)
    assert free == 4
    assert cres[b.continent_index("america_do_sul")] == 2
    assert cres[b.continent_index("america_do_norte")] == 5
    own(g, dict((c, 0) for c in ids[:11]))
    own(g, {ids[11]: 1})
    assert r.reinforcements(s, 0)[0] == 5
    assert r.reinforcements(s, 1)[0] == 3


def test_continent_armies_must_go_on_that_continent():
    g = game()
    b = g.board
    own(g, {"argentina": 0, "brasil": 0, "chile": 0, "colombia": 0, "mexico": 1, "california": 1,
            "nova_york": 1, "labrador": 1, "argelia": 2, "egito": 2, "congo": 2, "sudao": 0})
    s = to_turn(g, 0)
    assert s.reserve == 3 and s.cres[b.continent_index("america_do_sul")] == 2
    illegal(g, {"t": "place", "p": 0, "c": b.index("sudao"), "n": 5}, "must go to other continents")
    illegal(g, {"t": "place", "p": 0, "c": b.index("mexico"), "n": 1}, "is not yours")
    g.act({"t": "place", "p": 0, "c": b.index("brasil"), "n": 5})
    assert s.to_place() == 0


def test_trades_count_over_the_whole_table_and_plus_two_on_owned_cards():
    """"Card Trading": the first trade of the game 4, the second 6, the third 8, whoever trades;
    2 extra armies on each traded card's territory the player owns."""
    g = game()
    b = g.board
    s = g.state
    br, ch, co = b.index("brasil"), b.index("chile"), b.index("colombia")
    s.hands[0] = [br, ch, co]  # circulo? symbols cycle: one of each figure
    own(g, {"brasil": 0, "chile": 1, "colombia": 2})
    to_turn(g, 0)
    base = s.reserve
    g.act({"t": "trade", "p": 0, "cards": [br, ch, co]})
    assert s.reserve == base + 4
    assert s.armies[br] == 3  # +2 placed on Brazil, which seat 0 owns
    assert s.armies[ch] == 1 and s.armies[co] == 1
    s.hands[1] = [b.index("mexico"), 12, 13]  # a card and two wildcards
    own(g, {"mexico": 1})
    to_turn(g, 1)
    base = s.reserve
    g.act({"t": "trade", "p": 1, "cards": [b.index("mexico"), 12, 13]})
    assert s.reserve == base + 6
    vals = []
    for k in range(2, 9):
        s.ttrades = k
        vals.append(s.rules.trade_value(s, 0))
    assert vals == [8, 10, 12, 15, 20, 25, 30]


def test_illegal_trades():
    g = game()
    b = g.board
    s = g.state
    a, c2 = b.index("argentina"), b.index("mexico")  # argentina circulo, mexico circulo
    br = b.index("brasil")
    s.hands[0] = [a, br, c2]
    to_turn(g, 0)
    illegal(g, {"t": "trade", "p": 0, "cards": [a, br, c2]}, "different figures or 3 with the same")
    illegal(g, {"t": "trade", "p": 0, "cards": [a, br]}, "three cards")
    illegal(g, {"t": "trade", "p": 0, "cards": [a, a, br]}, "three different cards")
    illegal(g, {"t": "trade", "p": 0, "cards": [a, br, 12]}, "do not hold the wildcard")
    illegal(g, {"t": "trade", "p": 0, "cards": [a, br, 99]}, "unknown card")
    illegal(g, {"t": "trade", "p": 1, "cards": [a, br, c2]}, "turn")


def test_forced_trade_at_five_cards():
    """"Card Trading": a player holding 5 cards is obliged, on their turn, to trade 3."""
    g = game()
    b = g.board
    s = g.state
    own(g, {"argentina": 0, "brasil": 1})
    s.hands[0] = [0, 1, 2, 3, 4]
    s2 = to_turn(g, 0)
    for c in s2.countries_of(0):
        pass
    g.act({"t": "place", "p": 0, "c": s.countries_of(0)[0], "n": s.reserve})
    while s.to_place():
        cont = [k for k in range(3) if s.cres[k]][0]
        g.act({"t": "place", "p": 0, "c": [x for x in b.members(cont) if s.owner[x] == 0][0],
               "n": s.cres[cont]})
    illegal(g, {"t": "end", "p": 0}, "trade three in")
    g.act({"t": "trade", "p": 0, "cards": botplay.choose_set(s, s.hands[0])})
    assert len(s.hands[0]) == 2


def test_attack_with_announced_armies_and_move_in_limit():
    """"How to Attack": the attacker announces 1-3 armies; "Territory Conquest": move in at most
    the armies of the last attack."""
    g = game()
    b = g.board
    s = g.state
    own(g, {"brasil": 0, "argentina": 1}, {"brasil": 10, "argentina": 1})
    to_turn(g, 0)
    s.reserve = 0
    s.cres = [0, 0, 0]
    illegal(g, {"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("argentina"), "n": 4},
            "1 to 3")
    g.rng = FixedDice([6, 5, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("argentina"), "n": 2})
    assert s.owner[b.index("argentina")] == 0
    assert s.pending is not None and s.pending[3] == 2  # at most the 2 armies of the last attack
    illegal(g, {"t": "move", "p": 0, "n": 3}, "Move 1 to 2 armies")
    g.act({"t": "move", "p": 0, "n": 2})
    assert s.armies[b.index("argentina")] == 2 and s.armies[b.index("brasil")] == 8


def test_attack_needs_two_armies_and_a_border():
    """"Attacks": at least 2 armies to attack; "How to Attack": only an adjacent territory."""
    g = game()
    b = g.board
    own(g, {"brasil": 0, "argentina": 1, "mexico": 1, "chile": 0}, {"brasil": 5, "chile": 1})
    s = to_turn(g, 0)
    s.reserve = 0
    s.cres = [0, 0, 0]
    illegal(g, {"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("mexico")},
            "does not border")
    illegal(g, {"t": "attack", "p": 0, "f": b.index("chile"), "to": b.index("argentina")},
            "needs at least 2")
    illegal(g, {"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("chile")}, "is yours")


def test_regroup_brazil_venezuela_mexico():
    """"Moves" 2: "A player who possesses Brazil, Venezuela and Mexico may move their armies from
    Brazil to Venezuela, but may not, in the same turn, move those same armies from Venezuela to
    Mexico."""
    g = game()
    b = g.board
    br, ve, mx = b.find("Brazil"), b.find("Venezuela"), b.index("mexico")
    own(g, {"brasil": 0, "colombia": 0, "mexico": 0}, {"brasil": 5, "colombia": 1, "mexico": 1})
    s = to_turn(g, 0)
    s.reserve = 0
    s.cres = [0, 0, 0]
    g.act({"t": "regroup", "p": 0, "f": br, "to": ve, "n": 4})
    # Venezuela holds its own army and the 4 from Brazil: only its own army may go on to Mexico
    illegal(g, {"t": "regroup", "p": 0, "f": ve, "to": mx, "n": 2}, "may not move again")
    illegal(g, {"t": "regroup", "p": 0, "f": br, "to": ve, "n": 1}, "one must stay")
    g.act({"t": "regroup", "p": 0, "f": ve, "to": mx, "n": 1})
    assert g.state.armies[ve] == 4 and g.state.armies[mx] == 2
    illegal(g, {"t": "attack", "p": 0, "f": ve, "to": b.index("argentina")}, "not allowed now")


def test_one_card_per_turn_only_after_a_conquest():
    """"Card Conquest": one territory card per turn, only after conquering at least one."""
    g = game()
    b = g.board
    own(g, {"brasil": 0, "argentina": 1, "chile": 1}, {"brasil": 10})
    s = to_turn(g, 0)
    s.reserve = 0
    s.cres = [0, 0, 0]
    illegal(g, {"t": "draw", "p": 0}, "conquered no country")
    g.rng = FixedDice([6, 6, 6, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("argentina"), "n": 3})
    g.act({"t": "move", "p": 0, "n": 3})
    g.rng = FixedDice([6, 6, 6, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("chile"), "n": 3})
    g.act({"t": "draw", "p": 0})
    assert len(s.hands[0]) == 1
    illegal(g, {"t": "draw", "p": 0}, "already took your card")


def test_elimination_inherits_cards_and_draws_down_to_five():
    """"Elimination of a Competitor": the cards of the eliminated player pass to the eliminator;
    over five, cards are removed without looking to leave five."""
    g = game()
    b = g.board
    s = g.state
    ids = [b.cid(i) for i in range(12)]
    own(g, dict((c, 0) for c in ids), dict((c, 3) for c in ids))
    own(g, {"argentina": 1, "mexico": 2})
    s.hands[0] = [4, 5, 6]
    s.hands[1] = [7, 8, 9]
    s.deck = [x for x in s.deck if x not in (4, 5, 6, 7, 8, 9)]
    ncards = botplay.total_cards(s)
    to_turn(g, 0)
    s.reserve = 0
    s.cres = [0, 0, 0]
    g.rng = FixedDice([6, 6, 1, 4, 4, 4, 4])
    ev = g.act({"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("argentina"), "n": 2})
    assert not s.alive[1] and s.killer[1] == 0
    assert len(s.hands[0]) == 5 and len(ev["rm"]) == 1 and s.hands[1] == []
    assert ev["rm"][0] in s.discard
    assert botplay.total_cards(s) == ncards


def test_victory_by_objective_and_destroy_fallback():
    """"End of the Game": the game ends when a player achieves their objective. A destroy target
    that falls to another hand (or one's own colour) becomes the fallback (10 here, 24 on the
    printed board)."""
    g = game()
    b = g.board
    s = g.state
    s.obj = [1, 4, 2]  # South America + Africa; destroy white (seat 1 is red); 10 territories
    s.target = [-1, 0, -1]
    sa_af = ["argentina", "brasil", "chile", "colombia", "argelia", "egito", "congo"]
    own(g, dict((c, 0) for c in sa_af), dict((c, 2) for c in sa_af))
    own(g, {"sudao": 1, "mexico": 2, "california": 2, "nova_york": 2, "labrador": 2},
        {"sudao": 1, "mexico": 1})
    to_turn(g, 0)
    s.reserve = 0
    s.cres = [0, 0, 0]
    g.rng = FixedDice([6, 1])
    g.act({"t": "attack", "p": 0, "f": b.index("egito"), "to": b.index("sudao"), "n": 1})
    assert s.phase == "over" and s.winner == 0
    illegal(g, {"t": "end", "p": 0}, "The game is over")


def test_destroy_objective_switches_to_fallback_when_another_hand_destroys():
    g = game()
    b = g.board
    s = g.state
    s.obj = [2, 4, 3]
    s.target = [-1, 0, -1]  # seat 1 must destroy white (seat 0)
    own(g, dict((b.cid(i), 2) for i in range(12)), dict((b.cid(i), 3) for i in range(12)))
    own(g, {"brasil": 2, "argentina": 0, "mexico": 1}, {"brasil": 5, "argentina": 1})
    to_turn(g, 2)
    s.reserve = 0
    s.cres = [0, 0, 0]
    g.rng = FixedDice([6, 1])
    g.act({"t": "attack", "p": 2, "f": b.index("brasil"), "to": b.index("argentina"), "n": 1})
    assert not s.alive[0] and s.void[1] == 1
    assert "impossible" in s.rules.objective_text(s, 1)


def test_seeded_game_from_deal_to_victory():
    """A whole seeded game: deal, first round, trades, attacks, eliminations, a victory; the
    invariants hold at every step and the log folds back to the same state (twice)."""
    g = game(seed=11)
    made = botplay.play(g, "war", 14)
    assert g.state.phase == "over" and g.state.winner >= 0, made
    a = engine.fold(g.log, g.board)
    assert a.to_dict() == g.state.to_dict()
    assert engine.fold(g.log, g.board).to_dict() == a.to_dict()


def test_more_illegal_actions_at_the_table():
    """What players try at a real table: placing on an enemy territory, more armies than they have,
    trading after the add phase, moving in without a conquest, ending with armies unplaced, acting
    out of turn, the +2 bonus outside a trade."""
    g = game()
    b = g.board
    s = g.state
    own(g, {"brasil": 0, "argentina": 1, "chile": 0}, {"brasil": 6})
    to_turn(g, 0)
    left = s.to_place()
    illegal(g, {"t": "place", "p": 0, "c": b.index("argentina"), "n": 1}, "is not yours")
    illegal(g, {"t": "place", "p": 0, "c": b.index("brasil"), "n": 99}, "not 99")
    illegal(g, {"t": "place", "p": 0, "c": b.index("brasil"), "n": 0}, "at least 1")
    illegal(g, {"t": "end", "p": 0}, "Place your %d remaining armies" % left)
    illegal(g, {"t": "place", "p": 1, "c": b.index("argentina"), "n": 1}, "turn")
    illegal(g, {"t": "move", "p": 0, "n": 1}, "not allowed now")
    illegal(g, {"t": "bonus", "p": 0, "c": b.index("brasil")}, "only when it is traded")
    s.reserve = 0
    s.cres = [0, 0, 0]
    g.rng = FixedDice([1, 6])
    g.act({"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("argentina"), "n": 1})
    illegal(g, {"t": "move", "p": 0, "n": 1}, "no conquest")
    s.hands[0] = [0, 1, 2]
    illegal(g, {"t": "trade", "p": 0, "cards": [0, 1, 2]}, "not allowed now")
    illegal(g, {"t": "attack", "p": 0, "f": b.index("chile"), "to": b.index("argentina")}, "needs at least 2")
