"""T.E.G. II combat resolution: every battle-command example of rules/teg-ii.txt.

Sections: "How Combat Works" (American 3/0/5 v Chinese 1/2/2; American 1/4/3 v Japanese 4/4/2;
Soviet 2/+/1 v Japanese 5/5/0), "Special Unit" (Chinese 1/SU/5 v Japanese 4/3/3),
"How Aircraft Fight" (Chinese 3/A(2)/5 v Russian 8/4/A(4); "2 aircraft against 3 ships is a tie";
excess aircraft lost), "War Potential Level Limits" (3..11).
"""

from mpytest import raises

from comando.errors import BattleCommandError
from comando.rulesets.teg2.battle import battle, combat, move_wp, total_lost


def summary(rec):
    return [(b["att"], b["def"], b["win"], b["att_lost"], b["def_lost"]) for b in rec["battles"]]


def test_american_3_0_5_v_chinese_1_2_2():
    """"How Combat Works": the American (8) wins 3-1 and 5-2, the Chinese (5) wins 2-0; 3 lost each;
    the American wins the combat and moves up one place, the Chinese down one."""
    rec = combat("3/0/5", "1/2/2", att_armies=8, def_armies=5, att_wp=7, def_wp=7)
    assert summary(rec) == [("3", "1", "att", 1, 1), ("0", "2", "def", 0, 0),
                            ("5", "2", "att", 2, 2)]
    assert rec["att_lost"]["armies"] == 3 and rec["def_lost"]["armies"] == 3
    assert (rec["att_won"], rec["def_won"], rec["winner"]) == (2, 1, "att")
    assert (rec["att_move"], rec["def_move"]) == (1, -1)
    assert rec["att_wp"] == [7, 8] and rec["def_wp"] == [7, 6]
    assert rec["att_left"] == {"armies": 5, "aircraft": 0}
    assert rec["def_left"] == {"armies": 2, "aircraft": 0}


def test_american_1_4_3_v_japanese_4_4_2_no_winner():
    """"How Combat Works": 4-1 Japan, 4-4 tie (both lose 4), 3-2 USA; nobody wins the combat,
    levels unchanged, each lost 7."""
    rec = combat("1/4/3", "4/4/2", att_armies=8, def_armies=10, att_wp=6, def_wp=9)
    assert summary(rec) == [("1", "4", "def", 1, 1), ("4", "4", "", 4, 4), ("3", "2", "att", 2, 2)]
    assert rec["winner"] == ""
    assert (rec["att_move"], rec["def_move"]) == (0, 0)
    assert rec["att_wp"] == [6, 6] and rec["def_wp"] == [9, 9]
    assert rec["att_lost"]["armies"] == 7 and rec["def_lost"]["armies"] == 7


def test_soviet_2_plus_1_v_japanese_5_5_0():
    """"How Combat Works": the Soviet (16) '+' is 13; Japan wins 5-2, the Soviet 13-5 and 1-0."""
    rec = combat("2/+/1", "5/5/0", att_armies=16, def_armies=10)
    assert rec["att"] == "2/+/1" and rec["att_cmd"] == "2/13/1"
    assert summary(rec) == [("2", "5", "def", 2, 2), ("13", "5", "att", 5, 5),
                            ("1", "0", "att", 0, 0)]
    assert rec["winner"] == "att" and (rec["att_move"], rec["def_move"]) == (1, -1)
    assert rec["att_lost"]["armies"] == 7 and rec["def_lost"]["armies"] == 7


def test_chinese_1_su_5_v_japanese_4_3_3():
    """"Special Unit": Japan wins 4-1, the SU beats 3 (the SU is spent, Japan loses 3), China wins
    5-3; China wins the combat."""
    rec = combat("1/SU/5", "4/3/3", att_armies=6, att_su=True, def_armies=10)
    assert summary(rec) == [("1", "4", "def", 1, 1), ("SU", "3", "att", 1, 3),
                            ("5", "3", "att", 3, 3)]
    assert rec["att_lost"] == {"armies": 4, "aircraft": 0, "su": 1, "excess": 0}
    assert rec["def_lost"]["armies"] == 7
    assert rec["winner"] == "att"


def test_chinese_3_a2_5_v_russian_8_4_a4():
    """"How Aircraft Fight": Russia wins 8-3; A(2) v 4 is a tie (China loses 2 aircraft, Russia 4
    armies); A(4) beats 5 spending 3 aircraft. Russia lost 7 armies and 3 aircraft, China 8 armies
    and 2 aircraft; Russia wins the combat."""
    rec = combat("3/A(2)/5", "8/4/A(4)", att_armies=8, att_aircraft=2, def_armies=12,
                 def_aircraft=4, att_wp=7, def_wp=7)
    assert summary(rec) == [("3", "8", "def", 3, 3), ("A2", "4", "", 2, 4),
                            ("5", "A4", "def", 5, 3)]
    assert rec["att_lost"] == {"armies": 8, "aircraft": 2, "su": 0, "excess": 0}
    assert rec["def_lost"] == {"armies": 7, "aircraft": 3, "su": 0, "excess": 0}
    assert rec["winner"] == "def"
    assert rec["att_wp"] == [7, 6] and rec["def_wp"] == [7, 8]
    assert rec["def_left"] == {"armies": 5, "aircraft": 1}


def test_two_aircraft_against_three_ships_is_a_tie():
    """"How Aircraft Fight": 2 aircraft v 3 ships is a tie; one loses the 2 aircraft, the other the
    3 ships."""
    assert battle("A2", "3") == ("", 2, 3)
    assert battle("3", "A2") == ("", 3, 2)


def test_aircraft_battles():
    assert battle("A1", "1") == ("", 1, 1)     # one aircraft spent to equal one army
    assert battle("A1", "2") == ("", 1, 2)     # 2 v 2: a tie
    assert battle("A1", "3") == ("def", 1, 2)  # 3 > 2: the armies win, losing 2
    assert battle("A3", "2") == ("att", 1, 2)
    assert battle("A3", "0") == ("att", 0, 0)
    assert battle("A2", "A3") == ("def", 2, 2)
    assert battle("A2", "A2") == ("", 2, 2)


def test_su_battles():
    """"Special Unit": it beats any number of armies; SU v SU is decided here as a tie."""
    assert battle("SU", "11") == ("att", 1, 11)
    assert battle("40", "SU") == ("def", 40, 1)
    assert battle("SU", "0") == ("att", 1, 0)
    assert battle("SU", "A3") == ("att", 1, 3)
    assert battle("SU", "SU") == ("", 1, 1)


def test_zero_against_zero_is_nobodys():
    assert battle("0", "0") == ("", 0, 0)


def test_excess_aircraft_lost_after_combat():
    """"How Aircraft Fight": more aircraft than armies left after a combat: the excess is lost."""
    rec = combat("6/A3/0", "6/0/4", att_armies=6, att_aircraft=3, def_armies=10)
    # 6 v 6 tie (both lose 6); A3 v 0 wins; 0 v 4 loses. Attacker left 0 armies, 3 aircraft.
    assert rec["att_lost"]["armies"] == 6 and rec["att_lost"]["aircraft"] == 0
    assert rec["att_lost"]["excess"] == 3
    assert rec["att_left"] == {"armies": 0, "aircraft": 0}
    assert total_lost(rec["att_lost"]) == 9


def test_war_potential_clamped_3_to_11():
    """"War Potential Level Limits": no higher than 11, no lower than 3."""
    assert move_wp(11, 1) == 11 and move_wp(11, -1) == 10
    assert move_wp(3, -1) == 3 and move_wp(3, 1) == 4
    rec = combat("5/0/0", "0/1/1", att_wp=11, def_wp=3)
    assert rec["winner"] == "def"
    assert rec["att_wp"] == [11, 10] and rec["def_wp"] == [3, 4]
    rec = combat("5/5/0", "0/1/1", att_wp=11, def_wp=3)
    assert rec["att_wp"] == [11, 11] and rec["def_wp"] == [3, 3]


def test_bad_levels_and_commands_name_the_side():
    with raises(BattleCommandError, "attacker war potential level 12 is off the track"):
        combat("1/1/1", "1/1/1", att_wp=12)
    with raises(BattleCommandError, "defender: armies not all committed"):
        combat("1/1/1", "1/1/1", def_armies=5)
    with raises(BattleCommandError, "Chinese: two SUs"):
        combat("SU/SU/1", "1/1/1", att_name="Chinese")
    with raises(BattleCommandError, "unresolved"):
        battle("+", "3")
