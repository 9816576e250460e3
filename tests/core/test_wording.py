"""Counts in words (comando.wording), under CPython and MicroPython: a count of one takes the
singular, in the rules' own refusals too (issue 23, "Small ones": "1 armies", "1 points")."""

from mpytest import raises

from comando.errors import IllegalMove
from comando.wording import count, noun, plural
from engine_fixtures import game

MPY_HEAP = "512k"   # (the engine's game, as tests/core/test_engine_teg.py)


def test_count_agrees_with_its_noun():
    assert count(1, "army") == "1 army" and count(2, "army") == "2 armies"
    assert count(0, "point") == "0 points" and count(1, "point") == "1 point"
    assert count(-1, "unit") == "-1 unit" and count(5, "unit") == "5 units"
    assert count(1, "aircraft") == "1 aircraft" and count(3, "aircraft") == "3 aircraft"
    assert count(1, "country") == "1 country" and count(4, "country") == "4 countries"
    assert count(2, "press") == "2 presses" and count(2, "box") == "2 boxes"
    assert count(3, "more army", "more armies") == "3 more armies"
    assert noun(1, "event") == "event" and plural("event") == "events"


def _placing(g):
    """The state at the first placement with its player's own country."""
    s = g.state
    p = s.cur
    return s, p, s.countries_of(p)[0]


def test_a_refusal_with_one_army_to_place_says_army():
    g = game(seed=3)
    s, p, c = _placing(g)
    left = s.to_place()
    g.act({"t": "place", "p": p, "c": c, "n": left - 1})
    assert g.state.to_place() == 1
    with raises(IllegalMove, "You have 1 army to place, not 2"):
        g.act({"t": "place", "p": p, "c": c, "n": 2})
    with raises(IllegalMove, "has 1 army to place"):
        g.act({"t": "attack", "p": p, "f": c, "to": c})


def test_combat_refusals_count_one_army():
    from comando import combat
    from comando.errors import RulesError
    with raises(RulesError, "the attacking country has 1 army left: none can move in"):
        combat.move_limits("teg", 1, 1)
    rec = {"rs": "teg", "a": 3, "d": 2, "al": 0, "dl": 1, "ad": [6, 5], "dd": [3, 2]}
    with raises(RulesError, "the defender still has 1 army: nothing was conquered"):
        combat.record_move_limits(rec)


def test_combat_dice_refusals_count_one_die_and_one_army():
    from comando import combat
    from comando.errors import RulesError
    with raises(RulesError, "the defender rolls 1 die with 1 army, not 2"):
        combat.dice_counts("teg", 3, 1, def_dice=2)
    with raises(RulesError, "with 1 army the defender may roll 1 to 1 die, not 2"):
        combat.dice_counts("risk", 3, 1, def_dice=2)
