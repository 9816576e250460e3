"""La Revancha's setup, objectives, turn order and victory (rules/teg-la-revancha.txt:
"Dealing Countries", "Objectives", "First Round", "Second Round and Following",
"3. Accidental Destruction of a Color", "5. Playing with 2 or 3 People", "Appendix")."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine
from comando.errors import IllegalMove
from comando.rulesets.revancha import objectives
from mpytest import raises
from revfix import RULES, board, c, k, game, past_setup, arrange, turn, play, snapshot


def test_deal_every_country_one_army_and_five_players_leftovers():
    """"Dealing Countries": 72 cards dealt; with 5 players 2 are left over and go to the two
    highest dice; each country gets one army."""
    for np_, per in ((2, 36), (3, 24), (4, 18), (6, 12)):
        s = game(np_, 3).state
        assert [s.count(p) for p in range(np_)] == [per] * np_
        assert sum(s.armies) == 72 and min(s.armies) == 1
    g = game(5, 3)
    s = g.state
    counts = sorted(s.count(p) for p in range(5))
    assert counts == [14, 14, 14, 15, 15]
    deal = g.log[1]
    assert "xr" in deal  # the dice for the two leftover cards are in the log


def test_placement_rounds_8_then_4_and_18_for_two():
    """"First Round": 8 armies each, then 4; "5. Playing with 2 or 3 People": 18 for two, the 8
    and 4 kept for three."""
    for np_, rounds in ((2, [18]), (3, [8, 4]), (4, [8, 4]), (6, [8, 4])):
        g = game(np_, 1, {"situations": 0})
        seen = []
        while g.state.round == 0:
            s = g.state
            seen.append(s.reserve)
            g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
        assert seen == [r for r in rounds for _ in range(np_)]
        assert sum(g.state.armies) == 72 + np_ * sum(rounds)


def test_first_player_is_the_highest_die_and_places_first():
    g = game(4, 5)
    deal = g.log[1]
    rolls = deal["fr"][-1]
    best = max(rolls[1::2])
    assert g.state.first == rolls[rolls.index(best, 1) - 1] and g.state.cur == g.state.first


def test_objective_pools_by_table_size():
    """"5. Playing with 2 or 3 People" 3: "remove from the deck the destruction objectives and the
    objective of occupying 35 countries"; 4: two objectives each for two players."""
    b = board()
    full = objectives.pool(b, 4)
    small = objectives.pool(b, 3)
    assert len(full) == 19
    assert 12 not in small and all(o <= 11 for o in small) and len(small) == 11
    s = game(2, 4).state
    assert len(s.x["o2"]) == 2 and len(set(s.obj + s.x["o2"])) == 4
    assert all(o in small for o in s.obj + s.x["o2"])
    s = game(3, 4).state
    assert "o2" not in s.x and all(o in small for o in s.obj)


def test_destroy_fallback_own_colour_or_absent_colour_is_the_player_on_the_right():
    """"Objectives": a destruction objective impossible from the start "becomes that of
    eliminating the armies of the player seated to its right"; "Destroy the player on the left"."""
    s = game(4, 1).state
    right = RULES.opt(s, "right")
    o_white = objectives.by_id(board(), 13)   # Destroy the White army
    o_green = objectives.by_id(board(), 18)   # green does not play with 4
    o_left = objectives.by_id(board(), 19)
    assert objectives.target(s, 0, o_white, right) == 3    # white holds it: the previous seat
    assert objectives.target(s, 2, o_white, right) == 0    # red must destroy white
    assert objectives.target(s, 1, o_green, right) == 0
    assert objectives.target(s, 1, o_left, right) == 2
    s2 = game(4, 1, {"right": 1}).state
    assert objectives.target(s2, 0, o_white, 1) == 1


def test_common_objective_45_countries_wins_at_once():
    """"Common Objective": "the player who comes to occupy 45 countries automatically wins the
    game"; victory is checked by the conquest that makes it."""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    names = [board().cid(i) for i in range(72)]
    mine = names[:44]
    arrange(s, dict((n, 0) for n in mine), dict((n, 5) for n in mine))
    s.obj[0] = 1
    target = [i for i in range(72) if s.owner[i] == 1 and any(s.owner[m] == 0 for m in board().neighbours(i))][0]
    f = [m for m in board().neighbours(target) if s.owner[m] == 0][0]
    arrange(s, {names[target]: 1, names[f]: 0}, {names[target]: 1, names[f]: 5})
    s.obj[0] = 2  # Europe and South America: not met
    turn(g, 0)
    play(s, {"t": "attack", "p": 0, "f": f, "to": target, "ad": [6, 6, 6], "dd": [1]})
    assert s.phase == "over" and s.winner == 0
    assert "common objective: 45 countries" in RULES.win_reason(s, 0)


def test_occupation_objective_wins_and_reason_names_it():
    """Appendix: "Occupy Asia and Central America." (objective 4)."""
    g = past_setup(4)
    s = g.state
    b = board()
    arrange(s, {}, default_owner=1)
    want = [b.cid(i) for i in list(b.members(k("asia"))) + list(b.members(k("america_central")))]
    last = "mexico"
    arrange(s, dict((n, 0) for n in want if n != last), dict((n, 4) for n in want))
    s.obj[0] = 4
    turn(g, 0)
    f = [m for m in b.neighbours(c(last)) if s.owner[m] == 0][0]
    play(s, {"t": "attack", "p": 0, "f": f, "to": c(last), "ad": [6, 6, 6], "dd": [1]})
    assert s.phase == "over" and s.winner == 0
    assert RULES.win_reason(s, 0).startswith("secret objective: Occupy Asia and Central America.")


def test_two_players_need_both_objectives():
    """"5. Playing with 2 or 3 People" 4: "the winner will be the one who first completes both
    together"."""
    g = past_setup(2)
    s = g.state
    b = board()
    arrange(s, {}, default_owner=1)
    s.obj[0], s.x["o2"][0] = 4, 2
    asia_ca = [b.cid(i) for i in list(b.members(k("asia"))) + list(b.members(k("america_central")))]
    arrange(s, dict((n, 0) for n in asia_ca))
    assert not RULES.victory(s, 0)
    eu_sa = [b.cid(i) for i in list(b.members(k("europa"))) + list(b.members(k("america_del_sur")))]
    s.options["common"] = 72  # the 45 countries aside: the two objectives alone
    arrange(s, dict((n, 0) for n in eu_sa))
    assert s.count(0) == 46 and RULES.victory(s, 0)
    arrange(s, {eu_sa[0]: 1})
    assert not RULES.victory(s, 0)
    arrange(s, {}, default_owner=1)
    arrange(s, dict((n, 0) for n in eu_sa))
    assert not RULES.victory(s, 0)  # the second objective alone is not enough


def test_three_players_objective_plus_ten_countries():
    """"5. Playing with 2 or 3 People" 5: "completed its objective plus a minimum of 10 extra
    countries". Objective 4 names Asia (16) and Central America (6): 32 countries win, 31 do not."""
    g = past_setup(3)
    s = g.state
    b = board()
    arrange(s, {}, default_owner=1)
    s.obj[0] = 4
    core = [b.cid(i) for i in list(b.members(k("asia"))) + list(b.members(k("america_central")))]
    others = [b.cid(i) for i in range(72) if b.cid(i) not in core]
    arrange(s, dict((n, 0) for n in core + others[:9]))
    assert s.count(0) == 31 and not RULES.victory(s, 0)
    arrange(s, {others[9]: 0})
    assert s.count(0) == 32 and RULES.victory(s, 0)


def test_accidental_destruction_voids_destroy_objective_and_inherits_cards():
    """"3. Accidental Destruction of a Color": the eliminator inherits the cards; whoever had to
    destroy that colour switches to the common objective."""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"argentina": 0, "chile": 2}, {"argentina": 6, "chile": 1})
    s.obj[3] = 15  # Destroy the Red army (seat 2)
    s.target[3] = 2
    s.hands[2] = [c("alaska")]
    s.deck.remove(c("alaska"))
    turn(g, 0)
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("chile"), "ad": [6, 6, 6], "dd": [1]})
    assert not s.alive[2] and s.hands[0] == [c("alaska")] and s.void[3] == 1
    assert "occupy 45 countries" in RULES.objective_text(s, 3)


def test_order_rotates_every_round():
    """"Second Round and Following": "the player who started the hostilities will now be the last
    to play, and the one who was second to play during the initial round will now be the first"."""
    g = past_setup(4, 2)
    s = g.state
    f = s.first
    order = []
    for _ in range(8):
        order.append(s.cur)
        g.act({"t": "end", "p": s.cur})
        if s.phase == "add":
            g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.to_place()})
    assert order[:4] == [f, (f + 1) % 4, (f + 2) % 4, (f + 3) % 4]
    assert order[4:8] == [(f + 1) % 4, (f + 2) % 4, (f + 3) % 4, f]
    assert s.round == 3


def test_first_round_has_no_reinforcements_the_second_half_the_countries_at_least_four():
    """"Phases of the Turn" (first round: attack, regroup, card) and "B) Placing Armies on the Map"
    1: "9 armies for 19 countries", "a minimum of 4 armies"; 2: the continent table."""
    g = past_setup(4)
    s = g.state
    assert s.round == 1 and s.phase == "attack" and s.to_place() == 0
    arrange(s, {}, default_owner=1)
    oc = [board().cid(i) for i in board().members(k("oceania"))]
    arrange(s, dict((n, 0) for n in oc))
    free, cres = RULES.reinforcements(s, 0)
    assert free == 4 and cres[k("oceania")] == 3
    names = [board().cid(i) for i in range(19)]
    arrange(s, {}, default_owner=1)
    arrange(s, dict((n, 0) for n in names))
    assert RULES.reinforcements(s, 0)[0] == 9


def test_bad_deal_refused_state_unchanged():
    g = game(4, 1)
    s = g.state
    before = snapshot(s)
    with raises(IllegalMove, "already dealt"):
        engine.check(s, dict(g.log[1]))
    assert snapshot(s) == before


def test_regroup_one_step_the_argentina_brazil_sahara_example():
    """"B) Regrouping Forces": "if a player has armies in Argentina, Brazil and Sahara, it may move
    armies from Argentina to Brazil, and from Brazil to Sahara, but it may not move to Sahara armies
    that have just been moved from Argentina to Brazil"; once it regroups it may not attack."""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"argentina": 0, "brasil": 0, "sahara": 0}, {"argentina": 5, "brasil": 2, "sahara": 1})
    turn(g, 0)
    play(s, {"t": "regroup", "p": 0, "f": c("argentina"), "to": c("brasil"), "n": 4})
    before = snapshot(s)
    with raises(IllegalMove, "4 of them moved there this turn and may not move again: you may move 2"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("brasil"), "to": c("sahara"), "n": 5})
    with raises(IllegalMove, "attack is not allowed now"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("brasil"), "to": c("uruguay")})
    assert snapshot(s) == before
    play(s, {"t": "regroup", "p": 0, "f": c("brasil"), "to": c("sahara"), "n": 2})
    assert s.armies[c("brasil")] == 4 and s.armies[c("sahara")] == 3


def test_move_in_one_to_three_armies():
    """"Development of the Attack": after a conquest "White must move one army from New Zealand to
    Tasmania. If it wishes, it may move one or two more armies to Tasmania, at most.\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"nueva_zelandia": 0}, {"nueva_zelandia": 9})
    turn(g, 0)
    play(s, {"t": "attack", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    assert s.pending[2:4] == [1, 3]
    with raises(IllegalMove, "Move 1 to 3 armies"):
        engine.check(s, {"t": "move", "p": 0, "n": 4})


def test_table_options_are_checked():
    """Where tables may differ the choice is an option (docs/decisions/); a bad one is
    refused before the game starts."""
    from comando.errors import RulesError
    for bad in ({"right": 2}, {"situations": 3}, {"common": 99}, {"zones": -1}):
        with raises(RulesError, "option"):
            game(4, 1, bad)
    assert game(4, 1, {"right": 1, "situations": 0, "zones": 0, "common": 40}).state.np == 4
