"""T.E.G. II reinforcement and retreat (rules/teg-ii.txt, "Movements and Combats", "Attrition Rule"
of the medium level, "A Special Case: Retreat", "How Aircraft Fight")."""

from mpytest import raises

from comando.errors import IllegalMove, RulesError
from comando.rulesets.teg2.moves import (attrition, can_retreat, check_retreat, reinforce,
                                retreat_capacity, retreat_problem)

# "Attrition Rule": If crossing / Arrive / Lost, the rulebook's table for 1..9.
ATTRITION_TABLE = ((1, 1, 0), (2, 2, 0), (3, 2, 1), (4, 3, 1), (5, 3, 2), (6, 4, 2), (7, 4, 3),
                   (8, 5, 3), (9, 5, 4))


def test_attrition_table_1_to_9():
    for crossing, arrive, lost in ATTRITION_TABLE:
        assert attrition(crossing) == (arrive, lost), crossing
    assert attrition(0) == (0, 0)


def test_attrition_text_examples():
    """"if 6 ... cross, only 4 pass ... and 2 are lost"; "if 9 ..., only 5 pass ... and 4 are lost"."""
    assert attrition(6) == (4, 2)
    assert attrition(9) == (5, 4)
    with raises(RulesError, "0 or more"):
        attrition(-1)


def test_reinforcements_by_level():
    assert reinforce(2) == (2, 0)
    with raises(IllegalMove, "at most 2 armies come from each neighbouring region (3 asked)"):
        reinforce(3)
    assert reinforce(9, "medium") == (5, 4)
    assert reinforce(7, "advanced", aircraft=True) == (7, 0)
    with raises(IllegalMove, "only at the advanced level"):
        reinforce(1, "medium", aircraft=True)


def test_retreat_capacity_two_per_region_with_own_armies():
    assert retreat_capacity([3, 0, 1]) == 4
    assert can_retreat(4, [3, 0, 1])
    assert not can_retreat(5, [3, 0, 1])
    assert retreat_problem(5, [3, 0, 1]) == (
        "5 armies cannot all get out: 2 neighbouring regions with your armies take at most 4 "
        "(2 each), so there is no retreat and you must fight")
    assert not can_retreat(1, [0, 0])
    assert "1 neighbouring region with" in retreat_problem(3, [1])


def test_retreat_with_aircraft():
    # 2 armies leave to a region with 1 army: 3 armies there, room for 3 aircraft.
    assert can_retreat(2, [1], aircraft=3)
    assert not can_retreat(2, [1], aircraft=4)
    assert "4 aircraft cannot all get out" in retreat_problem(2, [1], aircraft=4)
    assert not can_retreat(2, [1], aircraft=3, aircraft_in_neighbours=[1])


def test_check_retreat_plan():
    check_retreat(3, [2, 1], [1, 4])
    check_retreat(2, [2, 0], [1, 0], aircraft=3, air_moves=[3, 0])
    with raises(IllegalMove, "moves ALL the armies out: 2 of 3"):
        check_retreat(3, [1, 1], [1, 4])
    with raises(IllegalMove, "at most 2 armies retreat to each region: 3 to region 1"):
        check_retreat(3, [3, 0], [1, 4])
    with raises(IllegalMove, "region 2 has none"):
        check_retreat(3, [2, 1], [1, 0])
    with raises(IllegalMove, "ALL the aircraft out too: 1 of 2"):
        check_retreat(2, [2, 0], [1, 1], aircraft=2, air_moves=[1, 0])
    with raises(IllegalMove, "region 1 would hold more aircraft (4) than armies (3)"):
        check_retreat(2, [2, 0], [1, 1], aircraft=4, air_moves=[4, 0])
    with raises(RulesError, "one entry per neighbouring region"):
        check_retreat(2, [2], [1, 1])
