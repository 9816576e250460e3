"""La Revancha's blockades (rules/teg-la-revancha.txt, "Blockades")."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine
from comando.errors import IllegalMove
from comando.rulesets.revancha import blockades
from mpytest import raises
from revfix import RULES, board, c, game, past_setup, arrange, turn, play, hand, snapshot

RING = {"brasil": 0, "bolivia": 0, "argentina": 0, "paraguay": 1, "chile": 1}


def _blockade():
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=2)
    arrange(s, RING, {"brasil": 2, "bolivia": 2, "argentina": 3, "paraguay": 4, "chile": 1})
    return g, s


def test_paraguay_surrounded_by_one_colour_with_two_armies_each_is_blockaded():
    """"All countries that have at least three neighboring countries become blockaded when they
    are surrounded on all their borders by enemy armies of a single color ... each of the
    blockading countries must have a minimum of 2 armies.\""""
    g, s = _blockade()
    assert len(board().neighbours(c("paraguay"))) == 3
    assert blockades.blockader(s, c("paraguay")) == 0
    assert blockades.all_blockades(s) == [(c("paraguay"), 1, 0)]
    # fewer than three neighbours: never blockaded (Tasmania borders two)
    arrange(s, {"tasmania": 1, "nueva_zelandia": 0, "australia": 0}, {"nueva_zelandia": 5, "australia": 5})
    assert blockades.blockader(s, c("tasmania")) == -1


def test_no_new_armies_not_even_the_cards_three():
    """"When a country is blockaded, it may not receive new armies, not even those which might
    correspond to it for holding its country card.\""""
    g, s = _blockade()
    turn(g, 1, "add", 6)
    before = snapshot(s)
    with raises(IllegalMove, "it may not receive new armies"):
        engine.check(s, {"t": "place", "p": 1, "c": c("paraguay"), "n": 1})
    with raises(IllegalMove, "no new forces may go there"):
        engine.check(s, {"t": "arm", "p": 1, "c": c("paraguay"), "k": 1, "src": "r"})
    assert snapshot(s) == before
    play(s, {"t": "place", "p": 1, "c": c("chile"), "n": 6})
    hand(s, 1, [c("paraguay")])
    s.phase = "attack"
    with raises(IllegalMove, "not even those which might correspond to it for holding its country card"):
        engine.check(s, {"t": "bonus", "p": 1, "c": c("paraguay")})
    arm = s.armies[c("paraguay")]
    g.act({"t": "end", "p": 1})
    assert s.armies[c("paraguay")] == arm and not s.bonused[c("paraguay")]


def test_a_blockaded_country_may_attack_its_blockaders():
    """"It may, however, attack any of the blockading countries with the tokens it has available.\""""
    g, s = _blockade()
    turn(g, 1)
    play(s, {"t": "attack", "p": 1, "f": c("paraguay"), "to": c("brasil"), "ad": [6, 6, 6], "dd": [1, 1]})
    assert s.owner[c("paraguay")] == 1 and s.owner[c("brasil")] == 1  # conquered: lifted (2.)
    assert blockades.blockader(s, c("paraguay")) == -1


def test_the_three_ways_a_blockade_is_lifted():
    """"The blockade is cancelled when: 1. The player who carries it out leaves at least one of the
    blockading countries with one token. 2. One of the blockading countries is conquered, either by
    the blockaded player or by a third party. 3. The blockaded country is the only one left to the
    player when its turn comes.\""""
    g, s = _blockade()
    turn(g, 0)
    play(s, {"t": "regroup", "p": 0, "f": c("argentina"), "to": c("brasil"), "n": 2})
    assert blockades.blockader(s, c("paraguay")) == -1            # 1. Argentina left with one
    g, s = _blockade()
    arrange(s, {"bolivia": 3}, {"bolivia": 2})
    assert blockades.blockader(s, c("paraguay")) == -1            # 2. a third colour holds Bolivia
    g, s = _blockade()
    arrange(s, {"chile": 0}, {"chile": 2})
    assert s.count(1) == 1 and blockades.blockader(s, c("paraguay")) == -1   # 3. its last country
    turn(g, 1, "add", 4)
    play(s, {"t": "place", "p": 1, "c": c("paraguay"), "n": 4})


def test_a_player_whose_every_country_is_surrounded_may_still_place():
    """"3. The blockaded country is the only one left to the player when its turn comes": the book
    lifts the blockade so that a player can always place; it is silent when two countries, all
    that a player has left, are surrounded at once. Decided (docs/decisions/revancha-last-countries-unblockaded.md): those
    blockades are lifted too, unless the player holds land elsewhere."""
    g, s = _blockade()  # Red (1) holds Paraguay, blockaded by White (0), and Chile
    arrange(s, {"australia": 0, "colombia": 0}, {"australia": 2, "colombia": 2})
    assert blockades.surrounder(s, c("chile")) == 0 and blockades.surrounder(s, c("paraguay")) == 0
    assert blockades.blockader(s, c("chile")) == -1 and blockades.blockader(s, c("paraguay")) == -1
    turn(g, 1, "add", 4)
    play(s, {"t": "place", "p": 1, "c": c("chile"), "n": 2})
    play(s, {"t": "place", "p": 1, "c": c("paraguay"), "n": 2})
    g, s = _blockade()  # the same two surrounded, and a third country free: both blockaded
    arrange(s, {"australia": 0, "colombia": 0, "alaska": 1}, {"australia": 2, "colombia": 2})
    assert blockades.blockaded_of(s, 1) == sorted([c("chile"), c("paraguay")])
    turn(g, 1, "add", 4)
    before = snapshot(s)
    with raises(IllegalMove, "blockaded"):
        engine.check(s, {"t": "place", "p": 1, "c": c("chile"), "n": 4})
    assert snapshot(s) == before


def test_setup_rounds_may_place_on_blockaded_countries():
    """"Only during the two initial army placement rounds (8 and 4) may players place armies in
    countries that were blockaded.\""""
    g = game(4, 1, {"situations": 0})
    s = g.state
    p = s.cur
    ring = dict((n, (p + 1) % 4) for n in ("brasil", "bolivia", "argentina"))
    ring["paraguay"] = p
    arrange(s, ring, {"brasil": 2, "bolivia": 2, "argentina": 2})
    assert blockades.blockader(s, c("paraguay")) >= 0
    play(s, {"t": "place", "p": p, "c": c("paraguay"), "n": 8})
    assert s.armies[c("paraguay")] == 9


def test_reinforcements_skip_a_blockaded_continent():
    """Armies for a continent "must go to the player's own countries of the same continent": a
    continent whose every country of the player is blockaded gives none (docs/decisions/revancha-blockade-reinforcements.md)."""
    g, s = _blockade()
    free, cres = RULES.reinforcements(s, 1)
    assert free == 4 and sum(cres) == 0


def test_a_blockaded_country_fires_missiles_only_at_its_blockaders():
    """"It may, however, attack any of the blockading countries": a missile from a blockaded
    country may not fly past them (docs/decisions/revancha-missiles-are-attacks.md)."""
    g, s = _blockade()
    arrange(s, {"uruguay": 2}, {"uruguay": 6})
    s.armies[c("brasil")] = 4
    s.x["mis"][c("paraguay")] = 1
    turn(g, 1)
    before = snapshot(s)
    with raises(IllegalMove, "It may, however, attack any of the blockading countries"):
        engine.check(s, {"t": "missile", "p": 1, "f": c("paraguay"), "to": c("uruguay")})
    assert snapshot(s) == before
    play(s, {"t": "missile", "p": 1, "f": c("paraguay"), "to": c("brasil")})
    assert s.armies[c("brasil")] == 1
