"""T.E.G. II battle commands: parsing, the canonical form and validation against the region.

Spec: rules/teg-ii.txt, "How Combat Works" (three clocks 0-11, '+', all armies committed),
"Special Unit" (the SU must be played), "How Aircraft Fight" (all aircraft on one clock, armies on
the other two; never more aircraft than armies).
"""

from mpytest import raises

from comando.errors import BattleCommandError
from comando.rulesets.teg2.command import canonical, parse, resolve


def test_parse_gives_canonical_text():
    assert parse("3/0/5").text == "3/0/5"
    assert parse(" 3 / 0 / 5 ").text == "3/0/5"
    assert parse("2/+/1").text == "2/+/1"
    assert parse("1/su/5").text == "1/SU/5"
    assert parse("3/a(2)/5").text == "3/A2/5"
    assert parse("3/Aircraft (2)/5").text == "3/A2/5"
    assert parse("8/4/A(4)").text == "8/4/A4"
    assert parse("8/4/A").text == "8/4/A"
    assert parse("03/0/11").text == "3/0/11"
    assert canonical("3 / a2 / 5") == "3/A2/5"
    assert str(parse("1/SU/5")) == "1/SU/5"
    assert parse("3/0/5") == parse("3 /0/ 5")


def test_describe_reads_like_the_rulebook():
    assert parse("3/A2/5").describe() == "3 / aircraft (2) / 5"
    assert parse("1/SU/5").describe() == "1 / SU / 5"


def test_wrong_number_of_clocks():
    with raises(BattleCommandError, "3 clocks"):
        parse("3/5")
    with raises(BattleCommandError, "got 4"):
        parse("1/1/1/1")


def test_negative_values():
    with raises(BattleCommandError, "negative value -1"):
        parse("-1/2/3")
    with raises(BattleCommandError, "negative value -2 (aircraft)"):
        parse("1/A-2/3")


def test_values_over_11():
    with raises(BattleCommandError, "12 is over 11"):
        parse("12/0/0")
    with raises(BattleCommandError, "use '+'"):
        parse("0/0/15")


def test_bad_tokens():
    with raises(BattleCommandError, "clock 2: 'x' is not a clock value"):
        parse("1/x/2")
    with raises(BattleCommandError, "clock 3 of '1/2/' is empty"):
        parse("1/2/")
    with raises(BattleCommandError, "not an aircraft count"):
        parse("1/Ax/2")
    with raises(BattleCommandError, "A0 puts no aircraft"):
        parse("1/A0/2")
    with raises(BattleCommandError, "clock 1: '+5' is not a clock value"):
        parse("+5/0/0")
    with raises(BattleCommandError, "text like '3/0/5'"):
        parse(305)


def test_two_sus():
    with raises(BattleCommandError, "two SUs"):
        parse("SU/SU/5")


def test_two_pluses_and_two_aircraft_clocks():
    with raises(BattleCommandError, "2 '+' clocks"):
        parse("+/+/1")
    with raises(BattleCommandError, "aircraft on 2 clocks"):
        parse("A1/A2/5")


def test_side_prefixes_messages():
    with raises(BattleCommandError, "attacker: two SUs"):
        parse("SU/SU/1", side="attacker")
    with raises(BattleCommandError, "defender: clock 1: 12 is over 11"):
        parse("12/0/0", side="defender")


def test_resolve_plus_soviet_example():
    """teg-ii.txt "How Combat Works": Soviet 2/+/1 with 16 armies risks 13 in the second battle."""
    r = resolve("2/+/1", armies=16)
    assert r.text == "2/13/1"
    assert r.entered == "2/+/1"
    assert r.armies == 16 and r.aircraft == 0 and r.su == 0


def test_resolve_infers_forces_from_the_clocks():
    r = resolve("3/A2/5")
    assert (r.armies, r.aircraft, r.su) == (8, 2, 0)
    r = resolve("1/SU/5")
    assert (r.armies, r.aircraft, r.su) == (6, 0, 1)
    r = resolve("8/4/A", aircraft=4)
    assert r.text == "8/4/A4" and r.entered == "8/4/A"


def test_plus_may_be_zero_or_small():
    assert resolve("5/+/3", armies=8).text == "5/0/3"
    assert resolve("+/0/0", armies=4).text == "4/0/0"


def test_armies_not_all_committed():
    with raises(BattleCommandError, "armies not all committed: the clocks hold 5 of the 8"):
        resolve("1/2/2", armies=8)


def test_more_armies_than_in_the_region():
    with raises(BattleCommandError, "the clocks hold 9 armies but only 8"):
        resolve("4/4/1", armies=8)
    with raises(BattleCommandError, "hold 9 armies besides '+', but only 8"):
        resolve("4/+/5", armies=8)


def test_plus_needs_the_armies_in_the_region():
    with raises(BattleCommandError, "give the number of armies in the region"):
        resolve("2/+/1")


def test_su_must_be_played():
    with raises(BattleCommandError, "the SU in the region must be played"):
        resolve("1/2/3", su=True)


def test_su_played_without_one():
    with raises(BattleCommandError, "SU played but the side has no Special Unit"):
        resolve("1/SU/3", su=False)


def test_two_sus_in_the_region():
    with raises(BattleCommandError, "2 SUs in the region"):
        resolve("1/SU/3", su=2)


def test_aircraft_without_armies():
    with raises(BattleCommandError, "aircraft without armies"):
        resolve("0/A2/0")
    with raises(BattleCommandError, "aircraft without armies"):
        resolve("SU/A1/0", su=1)


def test_more_aircraft_than_the_side_has():
    with raises(BattleCommandError, "more aircraft than the side has: A3 on the clock, 2"):
        resolve("3/A3/5", aircraft=2)


def test_aircraft_not_all_committed():
    with raises(BattleCommandError, "aircraft not all committed: A1 on the clock but 2"):
        resolve("3/A1/5", aircraft=2)
    with raises(BattleCommandError, "no aircraft clock"):
        resolve("3/0/5", aircraft=2)


def test_aircraft_clock_without_aircraft():
    with raises(BattleCommandError, "the side has no aircraft"):
        resolve("3/A/5", aircraft=0)
    with raises(BattleCommandError, "needs the number of aircraft"):
        resolve("3/A/5")


def test_more_aircraft_than_armies():
    with raises(BattleCommandError, "more aircraft (3) than armies (2)"):
        resolve("1/A3/1")


def test_no_forces_and_bad_counts():
    with raises(BattleCommandError, "no forces in the region"):
        resolve("0/0/0")
    with raises(BattleCommandError, "negative armies in the region: -3"):
        resolve("1/2/3", armies=-3)
    with raises(BattleCommandError, "must be a whole number"):
        resolve("1/2/3", armies="6")


def test_su_alone_is_a_force():
    r = resolve("0/SU/0")
    assert (r.armies, r.su) == (0, 1)
