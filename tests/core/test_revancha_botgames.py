"""Seeded La Revancha games played by the built-in bot (comando.rulesets.revancha.bot) from the
deal to a victory, for 2 to 6 players, checked at every event against the rulebook's invariants
(tests/core/revcheck.py) and replayed to the same state (rules/teg-la-revancha.txt: the winner
completes its secret objective - both of them with two players, plus 10 countries with three - or
occupies 45 countries)."""

import json

from comando import engine
from comando.dice import SeededDice
from comando.rulesets.revancha.bot import RevanchaBot
from gamecheck import replays
from mpytest import cpython_only
from revcheck import play_checked
from revfix import board, COLOURS

MPY_HEAP = "3m"


def finish(np_, seed, options=None):
    g = engine.new_game(board(), "revancha", [("P%d" % i, COLOURS[i]) for i in range(np_)],
                        options=options, rng=SeededDice(seed))
    s, lines = play_checked(g, RevanchaBot(SeededDice(seed + 1000)))
    assert s.phase == "over" and s.winner >= 0 and s.rules.victory(s, s.winner)
    assert replays(s, lines, board())
    return s, lines


def test_three_players_to_victory_with_missiles_and_exchanges():
    s, lines = finish(3, 3)
    kinds = set()
    for line in lines:
        for t in ("arm", "missile", "trade"):
            if '"t":"%s"' % t in line:
                kinds.add(t)
    assert kinds == {"arm", "missile", "trade"}, kinds
    assert s.rules.win_reason(s, s.winner) != "?"


def test_the_bot_makes_aggression_pacts_and_settles_their_condominiums():
    """"A player may join an opponent to conquer a country of a third party" and the conquered
    country "becomes a COUNTRY IN CONDOMINIUM"; its pact "may be broken when one of the parties
    announces its breaking", after which "they may attack each other within the borders" of it;
    a third party "must announce, before each roll, which of the occupants it is attacking"
    (teg-la-revancha.txt, Aggression Pacts and Condominiums; To attack a country in condominium).
    Every event is checked by tests/core/revcheck.py, and the game replays to the same state."""
    s, lines = finish(4, 7)
    n = {}
    for line in lines:
        e = json.loads(line)
        t = e["t"]
        if t == "attack" and "vs" in e:
            t = "inside" if e["f"] == e["to"] else "vs"
        elif t == "move" and "m" in e:
            t = "cmove"
        n[t] = n.get(t, 0) + 1
    for t in ("aggress", "cmove", "cbreak", "inside", "vs"):
        assert n.get(t, 0) >= 1, (t, n)


def test_without_pacts_the_bot_makes_no_aggression_pact():
    """Option pacts=0, a table that plays without pacts: "The rules allow pacts to be proposed
    between players" (teg-la-revancha.txt, 1. Pacts) and "A player may join an opponent to
    conquer a country of a third party" (Aggression Pacts and Condominiums) is such a pact, so
    the bot proposes none. The same seed with pacts makes them (the test above)."""
    s, lines = finish(4, 7, {"pacts": 0})
    kinds = {json.loads(line)["t"] for line in lines}
    assert "aggress" not in kinds and "pact" not in kinds, sorted(kinds)
    assert not s.x.get("cd")          # so no country in condominium either


@cpython_only  # a few thousand JSONL lines per game outgrow the MicroPython heap
def test_every_table_size_reaches_a_victory():
    for np_ in (2, 3, 4, 5, 6):
        for seed in (1, 2, 5):
            s = finish(np_, seed)[0]
            assert sum(s.alive) >= 1


@cpython_only
def test_without_the_situation_deck_and_with_the_other_right_seat():
    finish(4, 7, {"situations": 0})
    finish(5, 8, {"right": 1})


@cpython_only
def test_condominiums_counted_for_both_holders():
    """Option condo=1: a condominium counts for each holder's continents, so a holder expelled
    from inside loses the continent card it held through it (revcheck checks every event)."""
    for np_, seed in ((3, 12), (5, 14)):
        finish(np_, seed, {"condo": 1})
