"""T.E.G. II war-potential track and round-start grants (rules/teg-ii.txt, "War Potential Level",
"Special Unit", "Nuclear Rocket", "War Potential Level Limits", advanced level "Additions")."""

from mpytest import raises

from comando.errors import RulesError
from comando.rulesets.teg2.battle import combat
from comando.rulesets.teg2.track import (ADVANCED, BASIC, MEDIUM, apply_combat, apply_retreat,
                                capture_rocket, grants, launch_rocket, level, move, new_track,
                                power_name, round_start, spend_su, take_rocket, units_for)


def test_every_power_starts_at_7():
    t = new_track()
    assert t["powers"] == ["usa", "ussr", "china", "japan", "weurope", "eeurope"]
    assert t["wp"] == [7] * 6
    assert power_name("weurope") == "Western Europe"


def test_units_by_game_level():
    """Basic/medium: as many as the level; advanced: 3 more ("if they are at level 8, they add 11";
    "at level 10 ... they add 13 units and the nuclear rocket")."""
    assert units_for(7) == 7
    assert units_for(7, MEDIUM) == 7
    assert units_for(8, ADVANCED) == 11
    assert grants(10, ADVANCED) == {"units": 13, "su": 0, "rocket": 1}
    with raises(RulesError, "unknown T.E.G. II game level 'expert'"):
        units_for(7, "expert")
    with raises(RulesError, "off the track"):
        units_for(2)


def test_grants_su_at_5_rocket_at_4_and_10():
    assert grants(5) == {"units": 5, "su": 1, "rocket": 0}
    assert grants(4) == {"units": 4, "su": 0, "rocket": 1}
    assert grants(10) == {"units": 10, "su": 0, "rocket": 1}
    assert grants(10, had_rocket=True)["rocket"] == 0
    for lvl in (3, 6, 7, 8, 9, 11):
        g = grants(lvl)
        assert g["su"] == 0 and g["rocket"] == 0 and g["units"] == lvl


def test_combat_moves_the_track_and_spends_the_su():
    t = new_track(["china", "japan"])
    move(t, "china", -2)
    assert level(t, "china") == 5
    g = round_start(t)
    assert g[0] == {"power": "china", "wp": 5, "units": 5, "su": 1, "rocket": 0}
    assert t["su"] == [1, 0]
    rec = combat("1/SU/5", "4/3/3", att_su=1)
    assert apply_combat(t, "china", "japan", rec) == (6, 6)
    assert t["su"] == [0, 0]
    with raises(RulesError, "played an SU it does not hold"):
        apply_combat(t, "china", "japan", rec)


def test_su_needs_level_5_at_the_round_start():
    """"it is not enough to pass through level 5": only the level when the round starts counts."""
    t = new_track(["usa", "ussr"])
    move(t, "usa", -2)   # passes through 5 during the round
    move(t, "usa", 1)
    assert level(t, "usa") == 6
    round_start(t)
    assert t["su"] == [0, 0]


def test_su_tokens_cap_at_3():
    t = new_track(["usa"], start=5)
    for _ in range(5):
        round_start(t)
    assert t["su"] == [3]
    spend_su(t, "usa")
    assert t["su"] == [2]
    t["su"][0] = 0
    with raises(RulesError, "holds no Special Unit"):
        spend_su(t, "usa")


def test_rocket_is_optional_and_only_once():
    t = new_track(["usa", "ussr"], start=4)
    g = round_start(t)
    assert [x["rocket"] for x in g] == [1, 1]
    take_rocket(t, "usa")            # the USSR declines
    assert t["rockets"] == [1, 0]
    launch_rocket(t, "usa")
    with raises(RulesError, "holds no rocket"):
        launch_rocket(t, "usa")
    g = round_start(t)
    assert [x["rocket"] for x in g] == [0, 1]  # declined: offered again; taken: never again
    with raises(RulesError, "already had its rocket"):
        take_rocket(t, "usa")
    take_rocket(t, "ussr")
    capture_rocket(t, "ussr", "usa")
    assert t["rockets"] == [1, 0]
    round_start(t)               # not launched in its round: gone
    assert t["rockets"] == [0, 0]
    with raises(RulesError, "was not offered a rocket"):
        take_rocket(new_track(["usa"]), "usa")


def test_retreat_moves_both_levels():
    """"A Special Case: Retreat": the attacker up one place, the retreating player down one."""
    t = new_track(["usa", "china"])
    assert apply_retreat(t, "usa", "china") == (8, 6)


def test_track_limits_and_errors():
    t = new_track(["usa"], start=11)
    assert move(t, "usa", 1) == 11
    t = new_track(["usa"], start=3)
    assert move(t, "usa", -1) == 3
    with raises(RulesError, "'mars' is not on the war-potential track"):
        level(t, "mars")
    with raises(RulesError, "appears twice"):
        new_track(["usa", "usa"])
    with raises(RulesError, "starting war potential 12"):
        new_track(["usa"], start=12)
    with raises(RulesError, "cannot fight itself"):
        apply_combat(new_track(["usa"]), "usa", "usa", combat("1/1/1", "1/1/1"))
    assert new_track(["usa"], BASIC)["game"] == "basic"
