"""La Revancha's pacts as a public ledger the engine enforces (rules/teg-la-revancha.txt,
"1. Pacts", "2. Special Pacts": International Zone Pacts)."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine
from comando.errors import IllegalMove
from mpytest import raises
from revfix import c, k, past_setup, arrange, turn, play, hand, snapshot


def test_continent_pact_south_america_takes_in_uruguay():
    """"Suppose Argentina and Chile belong to White and Brazil belongs to Black. They sign a
    non-aggression pact in South America. It is the turn of White, which conquers Uruguay (Green)
    from Argentina. Uruguay is thus incorporated into the pact.\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=3)
    arrange(s, {"argentina": 0, "chile": 0, "brasil": 1, "uruguay": 2},
            {"argentina": 6, "chile": 2, "brasil": 6, "uruguay": 1})
    turn(g, 0)
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "k", "a": k("america_del_sur")})
    with raises(IllegalMove, "do not attack each other in"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil")})
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("uruguay"), "ad": [6, 6, 6], "dd": [1]})
    play(s, {"t": "move", "p": 0, "n": 1})
    turn(g, 1)
    before = snapshot(s)
    with raises(IllegalMove, "do not attack each other in"):
        engine.check(s, {"t": "attack", "p": 1, "f": c("brasil"), "to": c("uruguay")})
    assert snapshot(s) == before
    # outside the continent the pact does not bind: Brazil - Sahara? (a border pact would)
    arrange(s, {"sahara": 0}, {"sahara": 1})
    engine.check(s, {"t": "attack", "p": 1, "f": c("brasil"), "to": c("sahara")})


def test_border_pact_asia_africa():
    """"White has Turkey and Israel, and Black has Egypt. They sign an Asia - Africa pact.\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=3)
    arrange(s, {"turquia": 0, "israel": 0, "egipto": 1}, {"turquia": 4, "israel": 4, "egipto": 4})
    turn(g, 0)
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "b", "a": k("asia"), "b": k("africa")})
    with raises(IllegalMove, "across the Asia - "):
        engine.check(s, {"t": "attack", "p": 0, "f": c("israel"), "to": c("egipto")})


def test_pact_broken_when_a_third_colour_occupies_a_country():
    """"2. One of the countries involved in the pact is occupied by another color ... even if Black
    later recovers Brazil, White may attack it (unless a new pact is established).\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=3)
    arrange(s, {"argentina": 0, "brasil": 1, "uruguay": 2}, {"argentina": 4, "brasil": 1, "uruguay": 5})
    turn(g, 0)
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "c", "a": c("argentina"), "b": c("brasil")})
    turn(g, 2)
    play(s, {"t": "attack", "p": 2, "f": c("uruguay"), "to": c("brasil"), "ad": [6, 6, 6], "dd": [1]})
    assert s.pacts == []
    arrange(s, {"brasil": 1}, {"brasil": 1})
    turn(g, 0)
    engine.check(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil")})


def test_international_zone_tasmania():
    """"White occupies New Zealand (with many forces) and Black is in Australia (with many
    forces); Tasmania has only one army. White occupies Tasmania and proposes to Black an
    International Zone in Tasmania ... it will occupy Tasmania without reinforcing it." Zones come
    "From the third exchange on", one per player; the zone's card gives no three armies."""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=3)
    arrange(s, {"nueva_zelandia": 0, "australia": 1, "tasmania": 0},
            {"nueva_zelandia": 20, "australia": 20, "tasmania": 1})
    turn(g, 0)
    before = snapshot(s)
    with raises(IllegalMove, "From the third exchange on"):
        engine.check(s, {"t": "pact", "p": 0, "q": 1, "k": "z", "a": c("tasmania")})
    assert snapshot(s) == before
    s.trades[0] = s.trades[1] = 3
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "z", "a": c("tasmania")})
    with raises(IllegalMove, "may not have two or more International Zones"):
        engine.check(s, {"t": "pact", "p": 0, "q": 1, "k": "z", "a": c("australia")})
    turn(g, 1)
    play(s, {"t": "attack", "p": 1, "f": c("australia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    assert s.owner[c("tasmania")] == 1 and s.armies[c("tasmania")] == 1 and s.pending is None
    with raises(IllegalMove, "international zone"):
        engine.check(s, {"t": "regroup", "p": 1, "f": c("australia"), "to": c("tasmania"), "n": 3})
    hand(s, 1, [c("tasmania")])
    with raises(IllegalMove, "it may not place the three armies while this zone remains in force"):
        engine.check(s, {"t": "bonus", "p": 1, "c": c("tasmania")})


def test_forgetting_an_international_zone():
    """"If a player 'forgets' ... it will be penalized. One country card is taken from it at random,
    which returns to the deck. And if the player has no cards, it may not pick up a new one when it
    again conquers the two necessary countries. The player harmed by the 'forgetting' of the
    International Zone decides whether it remains in force or not.\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=3)
    arrange(s, {"nueva_zelandia": 0, "australia": 1, "tasmania": 0},
            {"nueva_zelandia": 20, "australia": 20, "tasmania": 1})
    s.trades[0] = s.trades[1] = 3
    turn(g, 0)
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "z", "a": c("tasmania")})
    zid = s.pacts[-1][0]
    hand(s, 1, [c("alaska"), c("chile")])
    with raises(IllegalMove, "one party of zone"):
        engine.check(s, {"t": "forget", "p": 2, "q": 1, "id": zid, "keep": 1})
    ev = g.act({"t": "forget", "p": 0, "q": 1, "id": zid, "keep": 1})
    assert ev["card"] in (c("alaska"), c("chile")) and len(s.hands[1]) == 1 and s.deck[0] == ev["card"]
    assert s.pacts and s.pacts[-1][0] == zid  # the harmed player kept the zone
    s.hands[1] = []
    g.act({"t": "forget", "p": 0, "q": 1, "id": zid, "keep": 0})
    assert s.x["nocard"][1] == 1 and not [x for x in s.pacts if x[0] == zid]
    arrange(s, {"sumatra": 1, "filipinas": 2}, {"sumatra": 9, "filipinas": 1})
    turn(g, 1)
    s.trades[1] = 3
    play(s, {"t": "attack", "p": 1, "f": c("australia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    play(s, {"t": "move", "p": 1, "n": 1})
    play(s, {"t": "attack", "p": 1, "f": c("australia"), "to": c("filipinas"), "ad": [6, 6, 6], "dd": [1]})
    before = snapshot(s)
    with raises(IllegalMove, "it may not pick up a new one when it again conquers the two necessary countries"):
        engine.check(s, {"t": "draw", "p": 1})
    assert snapshot(s) == before
    g.act({"t": "end", "p": 1})
    assert s.x["nocard"][1] == 0  # that card was the one lost
