"""T.E.G. classic on the engine: rulebook examples and rules (rules/teg-classic.txt, sections cited
per test). Runs under CPython and MicroPython."""

from mpytest import raises
from comando import engine
from comando.errors import IllegalMove
from comando.rulesets.teg import engine as teg
from engine_fixtures import board, game, c, play, hostilities, arrange, snapshot

MPY_HEAP = "512k"
RULES = teg.RULES


def test_deal_four_players():
    """3. Distribution of Countries: 50 cards dealt, two leftover cards to the two highest rolls."""
    g = game(4, seed=3)
    s = g.state
    counts = sorted(s.count(p) for p in range(4))
    assert counts == [12, 12, 13, 13]
    deal = g.log[1]
    assert deal["t"] == "deal"
    extra = teg.resolve_rolls(deal["xr"], range(4), 2)
    assert sorted(p for p in range(4) if s.count(p) == 13) == sorted(extra)
    assert all(a == 1 for a in s.armies)
    assert sorted(s.deck) == list(range(50))
    assert len(set(s.obj)) == 4 and all(1 <= o <= 15 for o in s.obj)
    assert s.phase == "place" and s.reserve == 5 and s.cur == s.first


def test_five_players_no_leftover():
    g = game(5, seed=2)
    assert [g.state.count(p) for p in range(5)] == [10] * 5
    assert "xr" not in g.log[1]


def test_pick_top_rerolls_ties():
    class Fixed:
        def __init__(self, v):
            self.v = list(v)

        def d6(self):
            return self.v.pop(0)
    # seats 0..3 roll 6, 6, 6, 2: three tie for two places -> they roll again: 5, 3, 5 -> 0 and 2
    rounds, chosen = teg.pick_top(Fixed([6, 6, 6, 2, 5, 3, 5]), range(4), 2)
    assert len(rounds) == 2 and sorted(chosen) == [0, 2]
    assert teg.resolve_rolls(rounds, range(4), 2) == chosen
    # 6, 4, 4, 1: seat 0 is sure; seats 1 and 2 roll for the last card: 2, 5 -> seat 2
    rounds, chosen = teg.pick_top(Fixed([6, 4, 4, 1, 2, 5]), range(4), 2)
    assert chosen == [0, 2] and rounds[1] == [1, 2, 2, 5]
    with raises(IllegalMove, "the die rolls do not settle who is chosen"):
        teg.resolve_rolls(rounds[:1], range(4), 2)


def test_destroy_objective_falls_back_to_the_right():
    """3. Secret Objectives B: own colour or absent colour -> the player seated to his right."""
    g = game(4, seed=1)
    s = g.state
    for p in range(4):
        o = s.obj[p]
        if o in teg.DESTROY:
            col = teg.DESTROY[o]
            if col in s.colours and s.colours.index(col) != p:
                assert s.target[p] == s.colours.index(col)
            else:
                assert s.target[p] == (p - 1) % 4
    # force it: seat 2 holds "destroy yellow" while absent (4 players: blue red black yellow)
    ev = dict(g.log[1])
    ev["obj"] = [1, 2, 15, 3]  # magenta is absent
    st = engine.fold([g.log[0], ev], board())
    assert st.target[2] == 1
    ev["obj"] = [10, 2, 3, 4]  # blue is seat 0 itself -> seat 3 (to the right of seat 0)
    st = engine.fold([g.log[0], ev], board())
    assert st.target[0] == 3


def test_two_placement_rounds_five_then_three():
    """4. Two Rounds to Add 8 Armies."""
    g = game(4, seed=5)
    s = g.state
    first = s.first
    order = [(first + k) % 4 for k in range(4)]
    for p in order:
        assert s.cur == p and s.reserve == 5 and s.sround == 0
        mine = s.countries_of(p)
        g.act({"t": "place", "p": p, "c": mine[0], "n": 2})
        g.act({"t": "place", "p": p, "c": mine[1], "n": 3})
    for p in order:
        assert s.cur == p and s.reserve == 3 and s.sround == 1
        g.act({"t": "place", "p": p, "c": s.countries_of(p)[0], "n": 3})
    assert s.round == 1 and s.cur == first and s.phase == "attack"  # no adding in the first round
    assert sum(s.armies) == 50 + 8 * 4


def test_reinforcements_fifteen_countries_give_seven():
    """6. Adding Armies A: "7 armies for 15 countries"; fewer than 6 countries: minimum 3."""
    g = hostilities(4)
    s = g.state
    names = ["alaska", "oregon", "california", "groenlandia", "sahara", "zaire", "egipto",
             "espana", "francia", "italia", "arabia", "israel", "china", "india", "japon"]
    arrange(s, dict((n, 0) for n in names), default_owner=1)
    assert s.count(0) == 15
    free, cres = RULES.reinforcements(s, 0)
    assert free == 7 and sum(cres) == 0
    arrange(s, {"chile": 2, "peru": 2})
    assert RULES.reinforcements(s, 2) == (3, [0] * 6)


def test_continent_bonus_goes_on_that_continent():
    """6. Adding Armies B: South America +3, placed there."""
    g = hostilities(4)
    s = g.state
    sa = ["argentina", "brasil", "chile", "colombia", "peru", "uruguay"]
    arrange(s, dict((n, 0) for n in sa + ["francia", "espana"]), default_owner=1)
    arrange(s, {"japon": 2, "china": 3})
    free, cres = RULES.reinforcements(s, 0)
    cont = board().continent_of(c("brasil"))
    assert free == 4 and cres[cont] == 3
    # start seat 0's turn in the add phase
    s.round = 2
    s.cur = 0
    RULES.begin_turn(s)
    assert s.phase == "add" and s.to_place() == 7
    before = snapshot(s)
    with raises(IllegalMove, "You may place 4 more armies on Francia, not 7: 3 must go to other continents"):
        engine.check(s, {"t": "place", "p": 0, "c": c("francia"), "n": 7})
    assert snapshot(s) == before
    play(s, {"t": "place", "p": 0, "c": c("francia"), "n": 4})
    with raises(IllegalMove, "You may place 0 more armies on Francia"):
        engine.check(s, {"t": "place", "p": 0, "c": c("francia"), "n": 1})
    play(s, {"t": "place", "p": 0, "c": c("brasil"), "n": 3})
    assert s.to_place() == 0


def test_trade_in_sequence():
    """6. Adding armies by trade-in: 4, 7, 10, then 15, 20, 25 ..."""
    g = hostilities(4)
    s = g.state
    vals = []
    for k in range(7):
        s.trades[0] = k
        vals.append(RULES.trade_value(s, 0))
    assert vals == [4, 7, 10, 15, 20, 25, 30]


def test_sets_and_wildcards():
    s = hostilities(4).state
    b = board()
    gal = [k for k in range(50) if b.symbol(k) == ("galeon",)]
    glo = [k for k in range(50) if b.symbol(k) == ("globo",)]
    can = [k for k in range(50) if b.symbol(k) == ("canion",)]
    wild = [k for k in range(50) if len(b.symbol(k)) == 3]
    assert len(wild) == 2
    assert RULES.is_set(s, gal[:3]) and RULES.is_set(s, [gal[0], glo[0], can[0]])
    assert not RULES.is_set(s, [gal[0], gal[1], can[0]])
    assert RULES.is_set(s, [gal[0], can[0], wild[0]])


def _add_phase(g, p=None, hand=None):
    s = g.state
    s.round = 2
    if p is not None:
        s.cur = p
    RULES.begin_turn(s)
    if hand is not None:
        s.hands[s.cur] = list(hand)
        for k in hand:
            if k in s.deck:
                s.deck.remove(k)
    return s


def test_trade_in_event_adds_armies_and_discards():
    g = hostilities(4)
    b = board()
    gal = [k for k in range(50) if b.symbol(k) == ("galeon",)]
    s = _add_phase(g, hand=gal[:3])
    p = s.cur
    left = s.to_place()
    ev = g.act({"t": "trade", "p": p, "cards": gal[:3]})
    assert s.to_place() == left + 4 and s.hands[p] == [] and s.discard == gal[:3] and s.trades[p] == 1
    assert ev["seq"] == g.log[-1]["seq"]


def test_five_cards_oblige_no_trade_but_a_sixth_card_needs_one():
    """teg-classic.txt, 6. Continuation of the Game, adding armies by trade-in: "While he holds 5
    or fewer cards there is no obligation to carry out a trade-in; but it is obligatory to do so
    before receiving the 6th card." (issue 13: `end`, `attack` and `regroup` were refused at five
    cards; only the sixth card is.)"""
    g = hostilities(4)
    b = board()
    gal = [k for k in range(50) if b.symbol(k) == ("galeon",)]
    s = _add_phase(g, hand=gal[:5])
    p = s.cur
    mine = s.countries_of(p)
    g.act({"t": "place", "p": p, "c": mine[0], "n": s.to_place()})
    foe = [n for n in board().neighbours(mine[0]) if s.owner[n] != p]
    s.armies[mine[0]] = 4
    for a in ({"t": "end", "p": p}, {"t": "attack", "p": p, "f": mine[0], "to": foe[0]}):
        engine.check(s, a)          # no obligation to trade at five cards
    s.conq = 1                      # a country conquered: the card is earned, but not a sixth one
    before = snapshot(s)
    with raises(IllegalMove, "You hold 5 cards: trade three in before you take another"):
        engine.check(s, {"t": "draw", "p": p})
    assert snapshot(s) == before
    g2 = hostilities(4)
    s2 = _add_phase(g2, hand=gal[:5])
    g2.act({"t": "trade", "p": s2.cur, "cards": gal[:3]})   # trading at the start still works
    assert s2.hands[s2.cur] == gal[3:5]


def _conquest_setup(arm_from=5, arm_to=1, f="francia", to="espana"):
    g = hostilities(4)
    s = g.state
    arrange(s, {f: 0, to: 1}, {f: arm_from, to: arm_to})
    s.cur = 0
    s.round = 1
    RULES.begin_turn(s)
    return g, s


def test_conquest_move_in_one_to_three():
    """5. "must move one army ... he may move one or two more armies at most"."""
    g, s = _conquest_setup(5, 1)
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    assert s.owner[c("espana")] == 0 and s.armies[c("espana")] == 1 and s.armies[c("francia")] == 4
    assert s.pending == [c("francia"), c("espana"), 1, 3]
    before = snapshot(s)
    for n, text in ((4, "Move 1 to 3 armies into España, not 4"), (0, "Move 1 to 3 armies into España, not 0")):
        with raises(IllegalMove, text):
            engine.check(s, {"t": "move", "p": 0, "n": n})
        assert snapshot(s) == before
    play(s, {"t": "move", "p": 0, "n": 3})
    assert s.armies[c("espana")] == 3 and s.armies[c("francia")] == 2 and s.pending is None
    # with 3 armies in the attacker only 2 can move (one stays)
    g, s = _conquest_setup(3, 1)
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5], "dd": [3]})
    assert s.pending[3] == 2
    # with 2 armies exactly one moves: nothing pending
    g, s = _conquest_setup(2, 1)
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6], "dd": [3]})
    assert s.pending is None and s.armies[c("francia")] == 1 and s.armies[c("espana")] == 1


def test_attack_dice_examples():
    """5. Example 1 (3 v 3: 5-4, 3-3, 1-2 -> attacker loses 2, defender 1) and Example 2."""
    g, s = _conquest_setup(4, 3)
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [5, 3, 1], "dd": [4, 3, 2]})
    assert s.armies[c("francia")] == 2 and s.armies[c("espana")] == 2
    g, s = _conquest_setup(4, 2)
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 3, 1], "dd": [4, 3]})
    assert s.armies[c("francia")] == 3 and s.armies[c("espana")] == 1


def test_regroup_france_spain_sahara():
    """5. Regrouping: "he may move armies from Spain to Sahara, and from France to Spain, but he may
    not move to Sahara armies that have just been moved from France to Spain"."""
    g = hostilities(4)
    s = g.state
    arrange(s, {"francia": 0, "espana": 0, "sahara": 0}, {"francia": 4, "espana": 3, "sahara": 1})
    s.cur = 0
    s.round = 1
    RULES.begin_turn(s)
    play(s, {"t": "regroup", "p": 0, "f": c("espana"), "to": c("sahara"), "n": 2})
    play(s, {"t": "regroup", "p": 0, "f": c("francia"), "to": c("espana"), "n": 3})
    before = snapshot(s)
    with raises(IllegalMove, "3 of them moved there this turn and may not move again: you may move 1"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("espana"), "to": c("sahara"), "n": 2})
    assert snapshot(s) == before
    # the 2 armies moved to Sahara may not go on either (its own army may; one army must stay)
    with raises(IllegalMove, "Sahara has 3 armies, 2 of them moved there this turn and may not move again: you may move 1"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("sahara"), "to": c("espana"), "n": 2})
    # non-neighbours, even in steps: France to Sahara directly
    with raises(IllegalMove, "Francia does not border Sahara"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("francia"), "to": c("sahara"), "n": 1})
    # after regrouping, no more attacks
    with raises(IllegalMove, "attack is not allowed now"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("espana"), "to": c("italia") if s.owner[c("italia")] else c("gran_bretana"), })
    assert snapshot(s) == before


def test_card_right_and_bonus():
    """5. Requesting a Country Card; What the card is for A (+2 once)."""
    g, s = _conquest_setup(5, 1)
    with raises(IllegalMove, "You conquered no country this turn: no card"):
        engine.check(s, {"t": "draw", "p": 0})
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    # the deck's top card is one of seat 0's countries: +2 there at once
    top = s.deck[-1]
    if s.owner[top] != 0:
        s.deck.remove(c("espana"))
        s.deck.append(c("espana"))
        top = c("espana")
    a0 = s.armies[top]
    ev = engine.make(s, {"t": "draw", "p": 0}, None)
    assert ev["card"] == top
    play(s, ev)
    assert s.hands[0] == [top] and s.armies[top] == a0 + 2 and s.bonused[top] == 1 and s.phase == "card"
    before = snapshot(s)
    with raises(IllegalMove, "You already took your card this turn"):
        engine.check(s, {"t": "draw", "p": 0})
    with raises(IllegalMove, "You already placed the 2 armies for the España card"):
        engine.check(s, {"t": "bonus", "p": 0, "c": top})
    assert snapshot(s) == before


def test_two_conquests_after_the_third_trade():
    """6. Requesting a Country Card B: at least two countries after 3 trade-ins."""
    g, s = _conquest_setup(5, 1)
    s.trades[0] = 3
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    before = snapshot(s)
    with raises(IllegalMove, "After your third trade-in a card needs 2 conquests in the turn; you made 1"):
        engine.check(s, {"t": "draw", "p": 0})
    assert snapshot(s) == before


def test_held_card_bonus_when_country_conquered_later():
    """What the card is for A: conquered later while holding the card -> +2 at the end of the turn."""
    g, s = _conquest_setup(5, 1)
    es = c("espana")
    s.hands[0] = [es]
    s.deck.remove(es)
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": es, "ad": [6, 5, 2], "dd": [3]})
    play(s, {"t": "move", "p": 0, "n": 2})
    assert s.armies[es] == 2
    play(s, {"t": "end", "p": 0})
    assert s.armies[es] == 4 and s.bonused[es] == 1


def test_defensive_trade_in():
    """6. DEFENSIVE TRADE-IN: after attacking, armies go to the last country conquered."""
    g = hostilities(4, options={"deftrade": 1})
    b = board()
    gal = [k for k in range(50) if b.symbol(k) == ("galeon",)]
    arrange(g.state, {"francia": 0, "espana": 1}, {"francia": 5, "espana": 1})
    s = _add_phase(g, p=0, hand=gal[:3])
    play(s, {"t": "place", "p": 0, "c": c("francia"), "n": s.to_place()})
    s.phase = "attack"
    before = snapshot(s)
    with raises(IllegalMove, "A defensive trade-in needs a country conquered this turn"):
        engine.check(s, {"t": "trade", "p": 0, "cards": gal[:3]})
    assert snapshot(s) == before
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    play(s, {"t": "trade", "p": 0, "cards": gal[:3]})
    assert s.armies[c("espana")] == 1 + 4 and s.trades[0] == 1


def test_defensive_trade_refused_without_the_option():
    g, s = _conquest_setup(5, 1)
    b = board()
    gal = [k for k in range(50) if b.symbol(k) == ("galeon",)]
    s.hands[0] = gal[:3]
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    before = snapshot(s)
    with raises(IllegalMove, "Trade cards in at the start of your turn"):
        engine.check(s, {"t": "trade", "p": 0, "cards": gal[:3]})
    assert snapshot(s) == before


def _elimination_setup():
    g = hostilities(4)
    s = g.state
    arrange(s, {"francia": 0, "espana": 1}, {"francia": 5, "espana": 1}, default_owner=2)
    arrange(s, {"francia": 0, "espana": 1, "japon": 3}, {"francia": 5, "espana": 1})
    s.cur = 0
    s.round = 1
    RULES.begin_turn(s)
    return g, s


def test_elimination_inherits_cards():
    """8. Accidental Destruction of a Colour: the destroyer inherits the cards."""
    g, s = _elimination_setup()
    s.hands[1] = [c("chile"), c("peru")]
    s.obj[0] = 1
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    assert s.alive[1] == 0 and s.killer[1] == 0
    assert s.hands[0] == [c("chile"), c("peru")] and s.hands[1] == []


def test_destroy_target_killed_by_another_switches_to_common():
    g, s = _elimination_setup()
    s.obj[2] = 11
    s.target[2] = 1   # seat 2 must destroy red (seat 1); seat 0 does it
    s.obj[0] = 1
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    assert s.void[2] == 1 and s.phase != "over"
    assert "occupy 30 countries" in RULES.objective_text(s, 2)


def test_victory_by_destroying_the_target():
    g, s = _elimination_setup()
    s.obj[0] = 11
    s.target[0] = 1
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2], "dd": [3]})
    assert s.phase == "over" and s.winner == 0
    with raises(IllegalMove, "The game is over: P0 (blue) won"):
        engine.check(s, {"t": "end", "p": 0})


def test_victory_by_thirty_countries():
    """3. Common Objective: occupy 30 countries."""
    g = hostilities(4)
    s = g.state
    mine = ["argentina", "brasil", "chile", "colombia", "peru", "uruguay", "mexico", "california",
            "oregon", "nueva_york", "alaska", "yukon", "canada", "terranova", "labrador",
            "sahara", "zaire", "etiopia", "egipto", "madagascar", "sudafrica", "australia",
            "borneo", "java", "sumatra", "espana", "alemania", "italia", "polonia"]
    arrange(s, dict((n, 0) for n in mine), default_owner=1)
    arrange(s, {"francia": 1})
    s.obj[0] = 3  # Asia + 2 of South America: not fulfilled
    s.armies[c("espana")] = 4
    s.cur = 0
    s.round = 1
    RULES.begin_turn(s)
    assert s.count(0) == 29 and not RULES.victory(s, 0)
    play(s, {"t": "attack", "p": 0, "f": c("espana"), "to": c("francia"), "ad": [6, 6, 6], "dd": [1]})
    assert s.count(0) == 30 and s.phase == "over" and s.winner == 0


def test_victory_by_occupation_objective():
    """9. Objective 3: Asia and 2 countries of South America."""
    g = hostilities(4)
    s = g.state
    asia = [k for k in range(50) if board().continent_of(k) == board().continent_of(c("china"))]
    arrange(s, {"argentina": 0, "chile": 1}, {"argentina": 4}, default_owner=1)
    for k in asia:
        s.owner[k] = 0
    s.obj[0] = 3
    s.cur = 0
    s.round = 1
    RULES.begin_turn(s)
    assert not RULES.victory(s, 0)
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("chile"), "ad": [6, 6, 6], "dd": [1]})
    assert s.phase == "over" and s.winner == 0


def test_two_player_variant():
    """8. Games of 2 or 3 Players: claims one at a time, 50% of the countries in armies, all 50 to win."""
    g = game(2, seed=4)
    s = g.state
    assert s.phase == "claim" and "order" not in g.log[1] and s.obj == [0, 0]
    first = s.first
    k = 0
    while s.phase == "claim":
        p = s.cur
        assert p == (first + k) % 2
        free = [x for x in range(50) if s.owner[x] < 0]
        if k == 1:
            before = snapshot(s)
            with raises(IllegalMove, "is already occupied by"):
                engine.check(s, {"t": "claim", "p": p, "c": [x for x in range(50) if s.owner[x] >= 0][0]})
            assert snapshot(s) == before
        g.act({"t": "claim", "p": p, "c": free[0]})
        k += 1
    assert s.phase == "place" and s.reserve == 12 and s.cur == first
    g.act({"t": "place", "p": first, "c": s.countries_of(first)[0], "n": 12})
    g.act({"t": "place", "p": 1 - first, "c": s.countries_of(1 - first)[0], "n": 12})
    assert s.round == 1 and s.phase == "attack"
    s.trades[0] = 0
    assert "every country" in RULES.objective_text(s, 0)


def test_three_player_variant_places_eight():
    g = game(3, seed=4)
    s = g.state
    while s.phase == "claim":
        g.act({"t": "claim", "p": s.cur, "c": [x for x in range(50) if s.owner[x] < 0][0]})
    assert sorted(s.count(p) for p in range(3)) == [16, 17, 17]
    assert s.reserve == 8


def test_illegal_actions_leave_state_unchanged():
    """Everything a player could try at a real table that the rules forbid: error text + no change."""
    g = hostilities(4, seed=2)
    s = g.state
    arrange(s, {"francia": 0, "espana": 1, "italia": 0, "alemania": 2, "sahara": 0},
            {"francia": 4, "espana": 2, "italia": 1, "alemania": 3, "sahara": 2})
    s.cur = 0
    RULES.begin_turn(s)
    F, E, I, A, J = c("francia"), c("espana"), c("italia"), c("alemania"), c("japon")
    cases = [
        ({"t": "attack", "p": 1, "f": E, "to": F}, "It is P0 (blue)'s turn, not P1 (red)'s"),
        ({"t": "attack", "p": 0, "f": I, "to": A}, "Italia has 1 army and cannot attack"),
        ({"t": "attack", "p": 0, "f": F, "to": J}, "Francia does not border Japón" if board().name(J) == "Japón" else "does not border"),
        ({"t": "attack", "p": 0, "f": F, "to": I}, "Italia is yours: attack a country of another colour"),
        ({"t": "attack", "p": 0, "f": E, "to": F}, "España is not yours: attack from one of your countries"),
        ({"t": "attack", "p": 0, "f": F, "to": 99}, "attack: unknown country 99"),
        ({"t": "place", "p": 0, "c": F, "n": 1}, "place is not allowed now"),
        ({"t": "regroup", "p": 0, "f": F, "to": E, "n": 1}, "España is not yours: regroup only between your own countries"),
        ({"t": "regroup", "p": 0, "f": F, "to": I, "n": 4}, "Francia has 4 armies: you may move 3, one must stay"),
        ({"t": "regroup", "p": 0, "f": F, "to": I, "n": 0}, "Move at least 1 army"),
        ({"t": "draw", "p": 0}, "You conquered no country this turn: no card"),
        ({"t": "move", "p": 0, "n": 2}, "There is no conquest to move armies into"),
        ({"t": "trade", "p": 0, "cards": [1, 2, 3]}, "You do not hold the"),
        ({"t": "trade", "p": 0, "cards": [1, 1, 3]}, "three different cards"),
        ({"t": "bonus", "p": 0, "c": F}, "You do not hold the Francia card"),
        ({"t": "claim", "p": 0, "c": F}, "claim is not allowed now"),
        ({"t": "fly", "p": 0}, "Unknown action 'fly'"),
        ({"t": "end", "p": 7}, "end: unknown player 7"),
        ({"t": "pact", "p": 0, "q": 1, "k": "c", "a": E, "b": F}, "A pact between countries joins a country of"),
        ({"t": "pact", "p": 0, "q": 0, "k": "w"}, "A pact is between two different players"),
        ({"t": "pact", "p": 0, "q": 1, "k": "x"}, "Unknown pact kind"),
        ({"t": "unpact", "p": 0, "id": 5}, "There is no pact #5"),
        ({"t": "deal", "order": list(range(50))}, "The countries were already dealt"),
    ]
    for action, text in cases:
        before = snapshot(s)
        with raises(IllegalMove, text):
            engine.check(s, action)
        assert snapshot(s) == before, action
        # the Game refuses it too and writes nothing
        n = len(g.log)
        with raises(IllegalMove, text):
            g.act(action)
        assert len(g.log) == n and snapshot(s) == before


def test_add_phase_illegal_actions():
    g = hostilities(4, seed=2)
    s = _add_phase(g, p=0)
    mine = s.countries_of(0)
    foreign = [k for k in range(50) if s.owner[k] == 1][0]
    left = s.to_place()
    cases = [
        ({"t": "place", "p": 0, "c": foreign, "n": 1}, "is not yours: place armies only on your own countries"),
        ({"t": "place", "p": 0, "c": mine[0], "n": left + 1}, "You have %d armies to place, not %d" % (left, left + 1)),
        ({"t": "end", "p": 0}, "Place your %d remaining armies" % left),
        ({"t": "attack", "p": 0, "f": mine[0], "to": board().neighbours(mine[0])[0]}, "Place your %d remaining armies" % left),
        ({"t": "trade", "p": 0, "cards": [1, 2]}, "A trade-in is three cards"),
    ]
    for action, text in cases:
        before = snapshot(s)
        with raises(IllegalMove, text):
            engine.check(s, action)
        assert snapshot(s) == before


def test_pacts_between_countries_world_and_zone():
    """7. Pacts: enforced when the table asks (option pacts=1, the default), listed, broken."""
    g = hostilities(4, seed=2)
    s = g.state
    arrange(s, {"brasil": 0, "sahara": 1, "peru": 0, "argentina": 2, "chile": 1, "uruguay": 3},
            {"brasil": 5, "sahara": 2, "peru": 4, "argentina": 1, "chile": 1, "uruguay": 2})
    s.cur = 0
    RULES.begin_turn(s)
    B, SA, P, AR, U = c("brasil"), c("sahara"), c("peru"), c("argentina"), c("uruguay")
    pe = g.act({"t": "pact", "p": 0, "q": 1, "k": "c", "a": B, "b": SA})
    before = snapshot(s)
    with raises(IllegalMove, "Brasil may not attack Sahara: pact #%d: Brasil (P0 (blue)) and Sahara (P1 (red)) do not attack each other" % pe["seq"]):
        engine.check(s, {"t": "attack", "p": 0, "f": B, "to": SA})
    assert snapshot(s) == before
    with raises(IllegalMove, "That pact already exists"):
        engine.check(s, {"t": "pact", "p": 1, "q": 0, "k": "c", "a": SA, "b": B})
    # world-wide pact with seat 3
    pw = g.act({"t": "pact", "p": 0, "q": 3, "k": "w"})
    with raises(IllegalMove, "world non-aggression"):
        engine.check(s, {"t": "attack", "p": 0, "f": B, "to": U})
    # international zone: Argentina between seat 0 and seat 1
    pz = g.act({"t": "pact", "p": 0, "q": 1, "k": "z", "a": AR})
    assert [x[0] for x in s.pacts] == [pe["seq"], pw["seq"], pz["seq"]]
    g.record({"t": "attack", "p": 0, "f": P, "to": AR, "ad": [6, 6, 6], "dd": [1]})
    assert s.owner[AR] == 0 and s.armies[AR] == 1 and s.pending is None  # one army only
    with raises(IllegalMove, "international zone (pact #%d): you may not regroup onto it" % pz["seq"]):
        engine.check(s, {"t": "regroup", "p": 0, "f": P, "to": AR, "n": 1})
    # breaking: seat 0 announces; it still binds until seat 3's next turn ends
    g.act({"t": "unpact", "p": 0, "id": pw["seq"]})
    with raises(IllegalMove, "binds until P3 (yellow)'s next turn ends"):
        engine.check(s, {"t": "attack", "p": 0, "f": B, "to": U})
    while True:
        who = s.cur
        finish_turn(g)
        if who == 3:
            break
        assert pw["seq"] in [x[0] for x in s.pacts]
    assert pw["seq"] not in [x[0] for x in s.pacts]


def finish_turn(g):
    s = g.state
    if s.phase == "add":
        if RULES.must_trade(s, s.cur):
            h = s.hands[s.cur]
            for i in range(len(h)):
                for j in range(i + 1, len(h)):
                    for k in range(j + 1, len(h)):
                        if RULES.is_set(s, [h[i], h[j], h[k]]) and RULES.must_trade(s, s.cur):
                            g.act({"t": "trade", "p": s.cur, "cards": [h[i], h[j], h[k]]})
        if s.to_place():
            for k in s.countries_of(s.cur):
                n = s.reserve + s.cres[board().continent_of(k)]
                if n:
                    g.act({"t": "place", "p": s.cur, "c": k, "n": n})
    g.act({"t": "end", "p": s.cur})


def test_pact_broken_when_a_third_colour_takes_a_country():
    """7. A Pact Is Broken When B: Brazil occupied by a third colour breaks Brazil-Sahara."""
    g = hostilities(4, seed=2)
    s = g.state
    arrange(s, {"brasil": 0, "sahara": 1, "uruguay": 2}, {"brasil": 1, "sahara": 2, "uruguay": 5})
    s.cur = 2
    RULES.begin_turn(s)
    g.act({"t": "pact", "p": 0, "q": 1, "k": "c", "a": c("brasil"), "b": c("sahara")})
    assert len(s.pacts) == 1
    g.record({"t": "attack", "p": 2, "f": c("uruguay"), "to": c("brasil"), "ad": [6, 6, 6], "dd": [1]})
    assert s.pacts == []


def test_undo_is_an_event_and_fold_agrees():
    g = hostilities(4, seed=3)
    s0 = snapshot(g.state)
    n = len(g.log)
    p = g.state.cur
    g.act({"t": "end", "p": p})
    assert snapshot(g.state) != s0
    ev = g.undo()
    assert ev["t"] == "undo" and len(g.log) == n + 2
    d = snapshot(g.state)
    d0 = dict(s0)
    d["seq"] = d0["seq"] = 0
    assert d == d0
    again = engine.fold(g.log, board())
    assert again.to_dict() == g.state.to_dict()
    # the deal cannot be undone
    g2 = game(4, seed=3)
    with raises(IllegalMove, "Nothing to undo"):
        g2.undo()


def test_fold_reports_the_first_illegal_event():
    g = hostilities(4, seed=3)
    log = list(g.log)
    bad = {"seq": log[-1]["seq"] + 1, "t": "attack", "p": (g.state.cur + 1) % 4, "f": 0, "to": 1,
           "ad": [6], "dd": [1]}
    with raises(IllegalMove, "event %d (attack): It is" % bad["seq"]):
        engine.fold(log + [bad], board())


def test_pacts_listed_but_not_enforced_when_the_table_says_so():
    """7. Pacts are public; with option pacts=0 the ledger is kept (listable) but not enforced."""
    g = hostilities(4, seed=2, options={"pacts": 0})
    s = g.state
    arrange(s, {"brasil": 0, "sahara": 1}, {"brasil": 5, "sahara": 1})
    s.cur = 0
    RULES.begin_turn(s)
    pe = g.act({"t": "pact", "p": 0, "q": 1, "k": "c", "a": c("brasil"), "b": c("sahara")})
    assert RULES.describe_pact(s, s.pacts[0]).startswith("pact #%d: Brasil (P0 (blue)) and Sahara" % pe["seq"])
    engine.check(s, {"t": "attack", "p": 0, "f": c("brasil"), "to": c("sahara")})
    # Sahara taken by the other party: the pact is broken (a pact country occupied by another colour)
    g.record({"t": "attack", "p": 0, "f": c("brasil"), "to": c("sahara"), "ad": [6, 5, 4], "dd": [1]})
    assert s.pacts == []


def test_unknown_option_and_colour_are_refused():
    from comando.errors import RulesError
    with raises(RulesError, "unknown option 'fog'"):
        game(4, options={"fog": 1})
    with raises(RulesError, "unknown colour 'pink'"):
        engine.new_game(board(), "teg", [("a", "pink"), ("b", "red")])
    with raises(RulesError, "played by 2 to 6 players, not 7"):
        engine.new_game(board(), "teg", [("p%d" % i, "red") for i in range(7)])


def test_dice_rolled_by_hand_are_checked_not_drawn():
    """Dice rolled at the table may come with the action: checked against the armies, then kept."""
    g, s = _conquest_setup(4, 2)
    F, E = c("francia"), c("espana")
    before = snapshot(s)
    for ad, dd, text in (([6, 6], [1, 1], "the attacker must roll 3 dice"),
                         ([6, 6, 6], [1], "the defender must roll 2 dice"),
                         ([7, 6, 6], [1, 1], "7 is not a die")):
        with raises(IllegalMove, text):
            g.act({"t": "attack", "p": 0, "f": F, "to": E, "ad": ad, "dd": dd})
        assert snapshot(s) == before
    ev = g.act({"t": "attack", "p": 0, "f": F, "to": E, "ad": [6, 6, 6], "dd": [1, 1]})
    assert ev["ad"] == [6, 6, 6] and s.owner[E] == 0


def test_setup_phase_illegal_actions():
    """4. Two Rounds to Add 8 Armies: during setup only placement, on one's own countries, 5 then 3."""
    g = game(4, seed=6)
    s = g.state
    p = s.cur
    mine = s.countries_of(p)
    other = [k for k in range(50) if s.owner[k] != p][0]
    cases = [
        ({"t": "place", "p": p, "c": mine[0], "n": 6}, "You have 5 armies to place, not 6"),
        ({"t": "place", "p": p, "c": other, "n": 1}, "is not yours: place armies only on your own countries"),
        ({"t": "place", "p": (p + 1) % 4, "c": mine[0], "n": 1}, "It is P%d (%s)'s turn" % (p, s.colours[p])),
        ({"t": "attack", "p": p, "f": mine[0], "to": board().neighbours(mine[0])[0]},
         "attack is not allowed now: P%d (%s) is in the place phase and has 5 armies to place" % (p, s.colours[p])),
        ({"t": "end", "p": p}, "end is not allowed now"),
        ({"t": "draw", "p": p}, "draw is not allowed now"),
        ({"t": "regroup", "p": p, "f": mine[0], "to": mine[1], "n": 1}, "regroup is not allowed now"),
        ({"t": "claim", "p": p, "c": mine[0]}, "claim is not allowed now"),
    ]
    for action, text in cases:
        before = snapshot(s)
        with raises(IllegalMove, text):
            g.act(action)
        assert snapshot(s) == before


def test_first_round_has_no_adding_and_no_trade():
    """5. Beginning of Hostilities: attack, regroup, card; trade-ins come with adding armies (6.)."""
    g = hostilities(4, seed=6)
    s = g.state
    p = s.cur
    assert s.round == 1 and s.phase == "attack" and s.to_place() == 0
    s.hands[p] = [s.deck.pop(), s.deck.pop(), s.deck.pop()]
    cards = list(s.hands[p])
    before = snapshot(s)
    if RULES.is_set(s, cards):
        with raises(IllegalMove, "Trade cards in at the start of your turn"):
            g.act({"t": "trade", "p": p, "cards": cards})
    with raises(IllegalMove, "place is not allowed now"):
        g.act({"t": "place", "p": p, "c": s.countries_of(p)[0], "n": 1})
    one = [k for k in s.countries_of(p) if s.armies[k] == 1][0]
    friend = [m for m in board().neighbours(one) if s.owner[m] == p]
    if friend:
        with raises(IllegalMove, "has 1 army: you may move 0, one must stay"):
            g.act({"t": "regroup", "p": p, "f": one, "to": friend[0], "n": 1})
    assert snapshot(s) == before


def test_objectives_agree_with_the_board_file():
    """9. List of Secret Objectives: the ruleset's table matches boards/teg.json."""
    b = board()
    objs = dict((o["id"], o) for o in b.objectives)
    for oid in teg.OCCUPY:
        whole, counts, extra = teg.OCCUPY[oid]
        o = objs[oid]
        assert sorted(b.continent_id(RULES.continent_index(b, k)) for k in whole) == sorted(o.get("continents") or [])
        want = o.get("countries_in") or {}
        got = dict((b.continent_id(RULES.continent_index(b, k)), n) for k, n in counts)
        assert got == want, (oid, got, want)
        assert bool(extra) == ("bordering" in o)
    for oid in teg.DESTROY:
        assert objs[oid]["type"] == "destroy" and objs[oid]["colour"] == teg.DESTROY[oid]
