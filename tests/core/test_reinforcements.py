"""Armies for the countries held at the start of a turn: comando.turns.reinforcements, the one
source the engine (T.E.G., WAR, Risk) and the device's turn screen use."""

import mpytest
from comando import turns
from comando.errors import RulesError


def test_teg_classic_half_rounded_down_at_least_three():
    # teg-classic.txt "Adding Armies" A: "7 armies for 15 countries"; "With fewer than 6
    # countries a minimum of 3 armies is always added (even if the player has only one country)"
    assert turns.reinforcements("teg", 15) == 7
    assert turns.reinforcements("teg", 1) == 3 and turns.reinforcements("teg", 5) == 3
    assert turns.reinforcements("teg", 6) == 3 and turns.reinforcements("teg", 8) == 4
    # B: continents held add their bonus (Asia 7, Europe 5 on the board)
    assert turns.reinforcements("teg", 20, 7 + 5) == 22


def test_la_revancha_half_rounded_down_at_least_four():
    # teg-la-revancha.txt "B) Placing Armies on the Map" 1: "9 armies for 19 countries"; "With
    # fewer than 6 countries it always places a minimum of 4 armies"
    assert turns.reinforcements("revancha", 19) == 9
    assert turns.reinforcements("revancha", 1) == 4 and turns.reinforcements("revancha", 9) == 4
    assert turns.reinforcements("revancha", 10) == 5


def test_war_half_at_least_three():
    # war.txt "1) Territories Possessed": "8 territories, receives 4 ... 11 territories, receives
    # 5"; "Obs.: The minimum number of armies to receive is always 3"
    assert turns.reinforcements("war", 8) == 4 and turns.reinforcements("war", 11) == 5
    assert turns.reinforcements("war", 3) == 3


def test_risk_a_third_at_least_three():
    # risk-online-12-maps.txt: "one for every three territories you hold, with a minimum of three
    # even if you hold fewer, plus the bonus for each region you hold outright"
    assert turns.reinforcements("risk", 12) == 4 and turns.reinforcements("risk", 14) == 4
    assert turns.reinforcements("risk", 8) == 3 and turns.reinforcements("risk", 11, 2) == 5


def test_teg2_and_unknown_rulesets_are_refused():
    with mpytest.raises(RulesError):
        turns.reinforcements("teg2", 10)
    with mpytest.raises(RulesError):
        turns.reinforcements("chess", 10)
    with mpytest.raises(RulesError):
        turns.reinforcements("teg", -1)
