"""Issue 13, "Rules read wrong": four rules the engine read wrong, each with the rulebook's own
words (tests/host/test_rule_quotes.py checks that every quote below is in its rulebook)."""

from mpytest import raises

import war_board
from comando import engine
from comando.dice import FixedDice, SeededDice
from comando.errors import IllegalMove
from engine_fixtures import arrange, board, c, hostilities, play, snapshot
from comando.rulesets.teg.engine import RULES

MPY_HEAP = "1m"

QUOTES = {
    "teg-classic.txt": [
        "If the country is conquered in a later turn, and the card is still held, the two armies "
        "are added at the end of that turn, in the stage of requesting a card.",
        "While he holds 5 or fewer cards there is no obligation to carry out a trade-in; but it "
        "is obligatory to do so before receiving the 6th card.",
        "This allows armies to be added at a later moment, after attacking and before requesting "
        "a card.",
        "he adds the armies that correspond to him for countries or continents, begins his "
        "attacks, regroups if he wishes, and now, if he conquered any country, carries out the "
        "trade-in.",
    ],
    "war.txt": [
        "A player who conquers one or more territories during their turn is entitled to one "
        "territory card at the end of the turn (after having carried out the moves).",
        "If, when adding the cards received from the eliminated player to their own, the player "
        "would end up with more than 5 cards, a draw is held: the player removes, without "
        "looking, the number of cards needed to complete five.",
    ],
}


def _turn(options=None):
    """Seat 0 at the start of its attacks: Francia (6 armies) borders Espana (1, seat 1) and
    Alemania (1, seat 0's own, to regroup into)."""
    g = hostilities(4, options=options)
    s = g.state
    arrange(s, {"francia": 0, "espana": 1, "alemania": 0, "italia": 1},
            {"francia": 6, "espana": 1, "alemania": 1, "italia": 1})
    s.cur = 0
    s.round = 1
    RULES.begin_turn(s)
    return g, s


def _conquer_espana(s):
    play(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("espana"), "ad": [6, 5, 2],
             "dd": [3]})
    if s.pending is not None:
        play(s, {"t": "move", "p": 0, "n": s.pending[2]})


def test_teg_card_country_bonus_only_at_the_card_stage():
    """teg-classic.txt, What the card is for: "the two armies are added at the end of that turn,
    in the stage of requesting a card". The +2 ends the attacks and regroups: those armies
    neither attack nor move (before, `bonus` mid-attack let them do both)."""
    g, s = _turn()
    s.hands[0] = [c("francia")]
    _conquer_espana(s)
    play(s, {"t": "bonus", "p": 0, "c": c("francia")})
    assert s.phase == "card"
    before = snapshot(s)
    with raises(IllegalMove, "attack is not allowed now"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("francia"), "to": c("italia"),
                         "ad": [6, 6, 6], "dd": [1]})
    with raises(IllegalMove, "regroup is not allowed now"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("francia"), "to": c("alemania"), "n": 2})
    assert snapshot(s) == before
    play(s, {"t": "draw", "p": 0, "card": s.deck[-1]})     # the card request follows
    play(s, {"t": "end", "p": 0})


def test_teg_five_cards_do_not_stop_attacks_regroups_or_the_end():
    """teg-classic.txt: "While he holds 5 or fewer cards there is no obligation to carry out a
    trade-in; but it is obligatory to do so before receiving the 6th card." """
    g, s = _turn()
    gal = [k for k in range(50) if board().symbol(k) == ("galeon",)][:5]
    s.hands[0] = list(gal)
    s.phase, s.reserve, s.cres = "add", 0, [0] * len(s.cres)   # every army placed
    for a in ({"t": "end", "p": 0},
              {"t": "regroup", "p": 0, "f": c("francia"), "to": c("alemania"), "n": 1}):
        engine.check(s, a)        # refused "You hold 5 cards: trade three in" before
    _conquer_espana(s)
    play(s, {"t": "regroup", "p": 0, "f": c("francia"), "to": c("alemania"), "n": 1})
    before = snapshot(s)
    with raises(IllegalMove, "trade three in before you take another"):
        engine.check(s, {"t": "draw", "p": 0})
    assert snapshot(s) == before
    play(s, {"t": "end", "p": 0})
    assert s.cur != 0


def test_teg_a_hand_over_five_must_trade_before_the_turn_goes_on():
    """Decision (docs/decisions/teg-sixth-card-refused.md): the obligation "before receiving the 6th card" also
    binds a hand already over five (an eliminated player's cards came with the conquest)."""
    g, s = _turn()
    gal = [k for k in range(50) if board().symbol(k) == ("galeon",)][:6]
    s.hands[0] = list(gal)
    s.phase, s.reserve, s.cres = "add", 0, [0] * len(s.cres)
    with raises(IllegalMove, "You hold 6 cards: trade three in before you end your turn"):
        engine.check(s, {"t": "end", "p": 0})


def test_teg_defensive_trade_in_comes_after_the_attacks_and_regroups():
    """teg-classic.txt, DEFENSIVE TRADE-IN: "begins his attacks, regroups if he wishes, and now,
    if he conquered any country, carries out the trade-in" - "after attacking and before
    requesting a card". The traded armies go to the last conquest and neither attack nor move
    (before, the trade mid-attack let them attack on, or be regrouped away)."""
    g, s = _turn({"deftrade": 1})
    gal = [k for k in range(50) if board().symbol(k) == ("galeon",)][:3]
    s.hands[0] = list(gal)
    _conquer_espana(s)
    at = s.armies[c("espana")]
    play(s, {"t": "trade", "p": 0, "cards": gal})
    assert s.armies[c("espana")] == at + 4 and s.phase == "card"
    before = snapshot(s)
    with raises(IllegalMove, "attack is not allowed now"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("espana"), "to": c("italia"),
                         "ad": [6, 6, 6], "dd": [1]})
    with raises(IllegalMove, "regroup is not allowed now"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("espana"), "to": c("francia"), "n": 3})
    assert snapshot(s) == before
    play(s, {"t": "draw", "p": 0, "card": s.deck[-1]})   # "Afterwards ... he requests a card"
    # and the trade stays refused once the card was taken
    g2, s2 = _turn({"deftrade": 1})
    s2.hands[0] = list(gal)
    _conquer_espana(s2)
    play(s2, {"t": "draw", "p": 0, "card": s2.deck[-1]})
    with raises(IllegalMove, "before you take your card"):
        engine.check(s2, {"t": "trade", "p": 0, "cards": gal})


def test_war_card_after_an_elimination_that_brings_the_hand_to_five():
    """war.txt, Card Conquest: "A player who conquers one or more territories during their turn is
    entitled to one territory card at the end of the turn (after having carried out the moves)."
    Elimination of a Competitor draws the inherited hand down to five; the conquest's card is
    still earned (before, it was refused with a T.E.G. quotation that is not in war.txt)."""
    g = engine.new_game(war_board.board(), "war", [("Ana", "white"), ("Beto", "red"),
                                                   ("Caio", "black")], rng=SeededDice(3))
    b = g.board
    s = g.state
    ids = [b.cid(i) for i in range(12)]
    for cid in ids:
        s.owner[b.index(cid)] = 0
        s.armies[b.index(cid)] = 3
    for cid, p in (("argentina", 1), ("mexico", 2)):
        s.owner[b.index(cid)] = p
        s.armies[b.index(cid)] = 1
    s.hands[0] = [4, 5, 6]
    s.hands[1] = [7, 8, 9]
    s.deck = [x for x in s.deck if x not in (4, 5, 6, 7, 8, 9)]
    for o in b.objectives:     # seat 0 must not win by this elimination: destroy black instead
        if o.get("type") == "destroy" and o.get("colour") == "black":
            s.obj[0], s.target[0], s.void[0] = o["id"], 2, 0
    s.round = 2
    s.cur = 0
    s.rules.begin_turn(s)
    s.reserve = 0
    s.cres = [0, 0, 0]
    g.rng = FixedDice([6, 6, 1, 4, 4, 4, 4])
    g.act({"t": "attack", "p": 0, "f": b.index("brasil"), "to": b.index("argentina"), "n": 2})
    if s.pending is not None:
        g.act({"t": "move", "p": 0, "n": s.pending[2]})
    assert not s.alive[1] and len(s.hands[0]) == 5
    ev = g.act({"t": "draw", "p": 0})
    assert len(s.hands[0]) == 6 and ev["card"] in s.hands[0]
    g.act({"t": "end", "p": 0})
    # five or more cards: the trade is due at the start of the next turn (Card Trading)
    assert s.rules.must_trade(s, 0) or not s.rules.has_set(s, s.hands[0])
