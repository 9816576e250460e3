"""Dice combat rules (comando.combat): every worked example of the rulebooks' combat sections.

Runs under CPython and MicroPython. Each test names its rulebook file and section.
"""

from mpytest import raises

from comando.dice_mods import SNOW, TAILWIND
from comando import combat
from comando.combat import (after, attack, check_record, compare, conquered, dice_counts,
                            losses, move_limits, record, record_move_limits, roll)
from comando.dice import FixedDice, SeededDice
from comando.errors import RulesError


# --- T.E.G. classic: teg-classic.txt, "DEVELOPMENT OF AN ATTACK" -------------------------------

def test_teg_classic_example_1_three_against_three():
    """teg-classic.txt, DEVELOPMENT OF AN ATTACK, EXAMPLE 1: Green 5/3/1 vs Red 4/3/2:
    Green removes 2 armies from France, Red removes 1 from Spain."""
    rec = record("teg", 4, 3, [5, 3, 1], [4, 3, 2])
    assert (rec["al"], rec["dl"]) == (2, 1)
    assert after(rec) == (2, 2)
    assert compare([1, 3, 5], [2, 4, 3]) == (2, 1)  # order of the dice does not matter


def test_teg_classic_example_2_three_against_two():
    """teg-classic.txt, DEVELOPMENT OF AN ATTACK, EXAMPLE 2: Green 6/3/1 vs Red 4/3: the third
    die of Green is not taken into account; each player removes one army."""
    rec = record("teg", 4, 2, [6, 3, 1], [4, 3])
    assert (rec["al"], rec["dl"]) == (1, 1)


def test_teg_classic_dice_counts():
    """teg-classic.txt, Attacking Foreign Countries A/B and DEVELOPMENT OF AN ATTACK 2-3:
    attack dice = armies - 1 up to 3; defence dice = all armies up to 3."""
    assert dice_counts("teg", 2, 1) == (1, 1)
    assert dice_counts("teg", 3, 2) == (2, 2)
    assert dice_counts("teg", 4, 3) == (3, 3)
    assert dice_counts("teg", 30, 30) == (3, 3)
    assert dice_counts("teg", 30, 2) == (3, 2)


def test_teg_classic_ties_go_to_the_defender():
    """teg-classic.txt, DEVELOPMENT OF AN ATTACK 5: in case of a tie the defender's die wins."""
    assert compare([6, 6, 6], [6, 6, 6]) == (3, 0)
    assert compare([1], [1]) == (1, 0)


def test_teg_classic_move_in_after_conquest():
    """teg-classic.txt, after EXAMPLE 2, A: must move one army, may move one or two more at most
    (and the attacking country keeps its occupation army)."""
    assert move_limits("teg", 10, 3) == (1, 3)
    assert move_limits("teg", 3, 2) == (1, 2)
    assert move_limits("teg", 2, 1) == (1, 1)
    rec = record("teg", 5, 1, [6, 2, 2], [1])
    assert conquered(rec)
    assert record_move_limits(rec) == (1, 3)


def test_one_army_cannot_attack():
    """teg-classic.txt, Attacking Foreign Countries A: a country with one army cannot attack."""
    for rs in ("teg", "revancha", "war", "risk"):
        with raises(RulesError, "at least 2 armies"):
            dice_counts(rs, 1, 3)


# --- La Revancha: teg-la-revancha.txt, "Development of the Attack" and situation cards ----------

def test_revancha_example_three_against_three():
    """teg-la-revancha.txt, Examples: White 6/5/1 vs Black 6/4/2: White removes two, Black one."""
    rec = record("revancha", 4, 3, [6, 5, 1], [6, 4, 2])
    assert (rec["al"], rec["dl"]) == (2, 1)


def test_revancha_example_four_dice():
    """teg-la-revancha.txt, Examples: White with four dice 5/5/4/2 vs Black 4/5/2: the 4th die of
    White is not counted; Black removes two armies, White one."""
    assert dice_counts("revancha", 6, 3) == (4, 3)
    rec = record("revancha", 6, 3, [5, 5, 4, 2], [4, 5, 2])
    assert (rec["al"], rec["dl"]) == (1, 2)


def test_revancha_four_dice_rule_conditions():
    """teg-la-revancha.txt, Development of the Attack: 4 dice when Black has at least three armies
    and White at least doubles it in armies."""
    assert dice_counts("revancha", 5, 3) == (3, 3)   # 5 < 2 * 3
    assert dice_counts("revancha", 6, 3) == (4, 3)
    assert dice_counts("revancha", 8, 4) == (4, 3)
    assert dice_counts("revancha", 7, 4) == (3, 3)
    assert dice_counts("revancha", 20, 2) == (3, 2)  # the defender has fewer than three
    assert dice_counts("teg", 6, 3) == (3, 3)        # classic has no such rule
    with raises(RulesError, "rolls 4 dice"):
        record("revancha", 6, 3, [5, 5, 4], [4, 5, 2])


def test_revancha_tailwind_examples():
    """teg-la-revancha.txt, TAILWIND: two armies attack with two dice, three with three, four or
    more with four; never more than four; at least two armies to attack."""
    assert dice_counts("revancha", 2, 5, TAILWIND) == (2, 3)
    assert dice_counts("revancha", 3, 5, TAILWIND) == (3, 3)
    assert dice_counts("revancha", 4, 5, TAILWIND) == (4, 3)
    assert dice_counts("revancha", 40, 5, TAILWIND) == (4, 3)
    assert dice_counts("revancha", 8, 3, TAILWIND) == (4, 3)  # 4-dice rule + wind: still 4
    with raises(RulesError, "at least 2 armies"):
        dice_counts("revancha", 1, 5, TAILWIND)


def test_revancha_snow_examples():
    """teg-la-revancha.txt, SNOW: one token defends with two dice, two armies with three, three or
    more with four."""
    assert dice_counts("revancha", 10, 1, SNOW) == (3, 2)
    assert dice_counts("revancha", 10, 2, SNOW) == (3, 3)
    assert dice_counts("revancha", 10, 3, SNOW) == (4, 4)
    assert dice_counts("revancha", 5, 9, SNOW) == (3, 4)


def test_situations_only_in_revancha_and_one_at_a_time():
    """teg-la-revancha.txt, situation cards: one card per round, so never snow and tailwind."""
    with raises(RulesError, "La Revancha"):
        dice_counts("teg", 5, 3, SNOW)
    with raises(RulesError, "one situation card"):
        dice_counts("revancha", 5, 3, SNOW | TAILWIND)


def test_losses_capped_by_armies_under_situations():
    """Snow lets 1 army roll 2 dice; Tailwind lets 2 armies roll 2 dice. Losses never exceed the
    armies that can be lost (the defender's last, the attacker's all but its occupation army)."""
    rec = record("revancha", 5, 1, [6, 6, 6], [2, 1], SNOW)
    assert (rec["al"], rec["dl"]) == (0, 1)
    assert after(rec) == (5, 0)
    rec = record("revancha", 2, 4, [1, 1], [6, 6, 6], TAILWIND)
    assert (rec["al"], rec["dl"]) == (1, 0)
    assert after(rec) == (1, 4)
    assert losses(3, 1, [6, 1], [5, 4]) == (1, 1)


# --- WAR: war.txt, "How to Attack", "Battle", "Territory Conquest" ------------------------------

def test_war_example_1_four_against_three():
    """war.txt, Battle, 1) Attacker with 4 armies and defender with 3: 5/4/1 vs 6/3/1; the attack
    loses 2 and the defence 1; both are left with 2; the attacker may attack again with 1 army."""
    assert dice_counts("war", 4, 3) == (3, 3)
    rec = record("war", 4, 3, [5, 4, 1], [6, 3, 1])
    assert (rec["al"], rec["dl"]) == (2, 1)
    assert after(rec) == (2, 2)
    assert dice_counts("war", 2, 2) == (1, 2)


def test_war_example_2_three_against_one():
    """war.txt, Battle, 2) Attacker with 3 armies, defender with 1: 3/2 against 6; the lower die is
    rejected, the defence wins and the attacker removes only one army."""
    assert dice_counts("war", 3, 1) == (2, 1)
    rec = record("war", 3, 1, [3, 2], [6])
    assert (rec["al"], rec["dl"]) == (1, 0)


def test_war_example_3_ten_against_four():
    """war.txt, Battle, 3) Attacker with 10 armies and defender with 4: one victory for the attack
    and two for the defence leave 8 and 3; then three victories take the last 3 armies; the
    conqueror may move 1, 2 or at most 3 (Territory Conquest). The printed dice are pictures only,
    so these dice are chosen to give the printed winners."""
    assert dice_counts("war", 10, 4) == (3, 3)
    first = record("war", 10, 4, [6, 3, 2], [5, 4, 3])
    assert (first["al"], first["dl"]) == (2, 1)
    assert after(first) == (8, 3)
    second = record("war", 8, 3, [6, 5, 4], [3, 2, 1])
    assert (second["al"], second["dl"]) == (0, 3)
    assert conquered(second)
    assert record_move_limits(second) == (1, 3)


def test_war_attacker_chooses_armies_and_move_in_follows_them():
    """war.txt, How to Attack 3-4, 9 and Territory Conquest: the attacker announces 1-3 armies;
    the move-in is at most the armies of the last attack."""
    assert dice_counts("war", 10, 2, att_dice=1) == (1, 2)
    assert dice_counts("war", 10, 2, att_dice=2) == (2, 2)
    with raises(RulesError, "1 to 3"):
        dice_counts("war", 10, 2, att_dice=4)
    with raises(RulesError, "1 to 2"):
        dice_counts("war", 3, 2, att_dice=3)
    rec = record("war", 10, 1, [5, 2], [1])
    assert record_move_limits(rec) == (1, 2)
    with raises(RulesError, "defender rolls 2"):
        dice_counts("war", 10, 2, def_dice=1)


# --- Risk: risk-online-12-maps.txt ---------------------------------------------------------------

def test_risk_dice_and_defender_choice():
    """risk-online-12-maps.txt: attack one die per army beyond the garrison up to three; defence
    one per army up to two; the defender may be asked and roll fewer; ties to the defence."""
    assert dice_counts("risk", 2, 1) == (1, 1)
    assert dice_counts("risk", 3, 5) == (2, 2)
    assert dice_counts("risk", 9, 9) == (3, 2)
    assert dice_counts("risk", 9, 9, def_dice=1) == (3, 1)
    with raises(RulesError, "1 to 2"):
        dice_counts("risk", 9, 9, def_dice=3)
    with raises(RulesError, "attacker rolls 3"):
        dice_counts("risk", 9, 9, att_dice=2)
    rec = record("risk", 9, 9, [6, 6, 1], [6, 5])
    assert (rec["al"], rec["dl"]) == (1, 1)


def test_risk_move_in_at_least_the_dice_rolled():
    """risk-online-12-maps.txt: move in at least the dice just rolled, at most all bar one."""
    assert move_limits("risk", 9, 3) == (3, 8)
    assert move_limits("risk", 3, 2) == (2, 2)
    rec = record("risk", 9, 1, [6, 1, 1], [2])
    assert record_move_limits(rec) == (3, 8)


# --- rolling, records, replay, errors -------------------------------------------------------------

def test_roll_uses_the_injected_dice_and_records_everything():
    rec = roll("teg", 4, 3, FixedDice([1, 5, 3, 2, 4, 3]))
    assert rec == {"rs": "teg", "a": 4, "d": 3, "ad": [5, 3, 1], "dd": [4, 3, 2], "al": 2, "dl": 1}
    assert check_record(rec) is rec
    rec = roll("revancha", 2, 1, FixedDice([6, 1, 2]), SNOW)
    assert rec["snow"] == 1 and rec["ad"] == [6] and rec["dd"] == [2, 1]
    assert (rec["al"], rec["dl"]) == (0, 1)


def test_seeded_rolls_replay_identically():
    a = [roll("risk", 10, 6, SeededDice(5)) for _ in range(1)]
    d = SeededDice(11)
    recs = [roll("teg", 8, 8, d) for _ in range(20)]
    d = SeededDice(11)
    again = [roll("teg", 8, 8, d) for _ in range(20)]
    assert recs == again
    assert a[0] == roll("risk", 10, 6, SeededDice(5))
    for rec in recs:
        check_record(rec)


def test_check_record_catches_tampering():
    rec = record("teg", 4, 3, [5, 3, 1], [4, 3, 2])
    bad = dict(rec)
    bad["dl"] = 3
    with raises(RulesError, "losses"):
        check_record(bad)
    bad = dict(rec)
    bad["ad"] = [5, 3]
    with raises(RulesError, "rolls 3 dice"):
        check_record(bad)
    with raises(RulesError, "not a roll record"):
        check_record({"rs": "teg"})


def test_bad_input_messages():
    with raises(RulesError, "unknown ruleset 'chess'"):
        dice_counts("chess", 3, 3)
    with raises(RulesError, "battle commands"):
        dice_counts("teg2", 3, 3)
    with raises(RulesError, "negative"):
        dice_counts("teg", -3, 3)
    with raises(RulesError, "negative"):
        dice_counts("teg", 3, -1)
    with raises(RulesError, "at least 1 army"):
        dice_counts("teg", 3, 0)
    with raises(RulesError, "whole number"):
        dice_counts("teg", "3", 2)
    with raises(RulesError, "1 to 6"):
        record("teg", 4, 3, [7, 3, 1], [4, 3, 2])
    with raises(RulesError, "none can move in"):
        move_limits("teg", 1, 1)


def test_rules_table_is_plain_data():
    for rs in combat.RULESETS:
        r = combat.rules(rs)
        assert r["att_max"] == 3
        assert r["def_max"] in (2, 3)


def test_attack_rolls_until_conquest_or_stop():
    """teg-classic.txt, after EXAMPLE 2, possibility 2: attacking again from the same country,
    the dice follow the armies now left."""
    for seed in range(30):
        for rs, a, d, stop in (("teg", 12, 6, 1), ("risk", 9, 9, 3), ("war", 6, 2, 1)):
            recs = attack(rs, a, d, SeededDice(seed), stop=stop)
            assert recs
            for i, rec in enumerate(recs):
                check_record(rec)
                assert (rec["a"], rec["d"]) == ((a, d) if i == 0 else after(recs[i - 1]))
            end_a, end_d = after(recs[-1])
            assert end_d == 0 or end_a <= stop
            for rec in recs[:-1]:
                assert not conquered(rec) and after(rec)[0] > stop
    assert len(attack("teg", 50, 50, SeededDice(1), max_rolls=3)) == 3
    with raises(RulesError, "between 1 and 4"):
        attack("teg", 5, 5, SeededDice(1), stop=5)
