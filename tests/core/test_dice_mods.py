"""The dice modifiers as one value (comando.dice_mods, issue 27): La Revancha's Snow and Tailwind
(teg-la-revancha.txt, "Hostilities - Situation Cards": SNOW, the defender rolls one die more;
TAILWIND, the attacker rolls one die more; never more than four) travel as one int through
comando.combat and the odds, and logs keep the keys they always had ("snow": 1, "tw": 1)."""

from comando import combat, dice_mods, odds
from comando.dice import FixedDice
from comando.dice_mods import NONE, SNOW, TAILWIND
from comando.texts import text


def test_each_modifier_changes_one_side_up_to_four():
    assert dice_mods.dice(NONE, 3, 2) == (3, 2)
    assert dice_mods.dice(SNOW, 3, 2) == (3, 3)
    assert dice_mods.dice(SNOW, 3, 3) == (3, 4)
    assert dice_mods.dice(TAILWIND, 3, 3) == (4, 3)
    assert dice_mods.dice(TAILWIND, 4, 3) == (4, 3)   # "never more than 4"
    assert dice_mods.dice(SNOW, 1, 1) == (1, 2)


def test_old_log_keys_read_into_the_one_value_and_back():
    assert dice_mods.of_record({"snow": 1}) == SNOW
    assert dice_mods.of_record({"tw": 1}) == TAILWIND
    assert dice_mods.of_record({"rs": "teg"}) == NONE
    assert dice_mods.mark({}, SNOW) == {"snow": 1}
    assert dice_mods.mark({}, TAILWIND) == {"tw": 1}
    assert dice_mods.mark({}, NONE) == {}
    # a stored roll of an old log checks as it did (the record's keys name the modifier)
    rec = {"rs": "revancha", "a": 5, "d": 1, "ad": [6, 6, 6], "dd": [2, 1], "al": 0, "dl": 1,
           "snow": 1}
    assert combat.check_record(dict(rec)) == rec
    again = combat.record("revancha", 5, 1, [6, 6, 6], [2, 1], dice_mods.of_record(rec))
    assert again == rec


def test_words_name_the_modifiers():
    assert dice_mods.words(SNOW) == ["snow"] and dice_mods.words(TAILWIND) == ["tailwind"]
    assert dice_mods.words(NONE) == []
    assert dice_mods.of_words({"snow": True, "tailwind": False, "json": True}) == SNOW
    assert dice_mods.of_words(["tailwind"]) == TAILWIND
    assert dice_mods.of_words([""]) == NONE
    assert dice_mods.several(SNOW | TAILWIND) and not dice_mods.several(SNOW)
    assert not dice_mods.several(NONE)


def test_every_modifier_has_its_screen_line_and_its_own_bit():
    bits = [row[0] for row in dice_mods.MODS]
    assert len(set(bits)) == len(bits) and all(b & (b - 1) == 0 for b in bits)
    keys = [row[2] for row in dice_mods.MODS]
    assert len(set(keys)) == len(keys)
    for row in dice_mods.MODS:
        assert dice_mods.line(row[0]) == row[4]
        assert text(row[4]) != row[4]   # the texts file has the line
    assert dice_mods.line(NONE) is None


def test_combat_and_the_odds_take_the_one_argument():
    rec = combat.roll("revancha", 4, 3, FixedDice([6, 6, 6, 1, 1, 1, 1]), SNOW)
    assert len(rec["dd"]) == 4 and rec["snow"] == 1 and "tw" not in rec
    res = odds.conquest("revancha", 10, 4, TAILWIND)
    assert res["tw"] == 1 and "snow" not in res
    assert odds.conquest("revancha", 10, 4)["p_conquer"] < res["p_conquer"]
