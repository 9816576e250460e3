"""The device's fixed-point odds (comando.odds_fixed) against the float DP (comando.odds), under
both runtimes: under MicroPython the hot loop is the viper kernel, under CPython the same source
as plain Python; tests/host/test_odds_fixed_exact.py checks that both give the same integers and
that they agree with exact fractions.
"""

from mpytest import approx, raises

from comando.dice_mods import SNOW, TAILWIND
from comando import odds, odds_fixed
from comando.errors import RulesError

MPY_HEAP = "512k"

# every ruleset, both La Revancha situation cards, the 4-dice rule on both sides of its threshold
# (attacker at least double, defender >= 3: teg-la-revancha.txt, "Development of the Attack"),
# a stop above the last army, and the d <= 4 rows where the defender's losses are capped
CASES = [("teg", 2, 1, 0, 1), ("teg", 6, 5, 0, 1),
         ("teg", 30, 30, 0, 1), ("teg", 20, 10, 0, 8),
         ("revancha", 12, 6, 0, 1), ("revancha", 13, 6, 0, 1),
         ("revancha", 9, 7, SNOW, 1), ("revancha", 8, 8, TAILWIND, 1),
         ("revancha", 2, 3, TAILWIND, 1), ("revancha", 40, 12, 0, 3),
         ("revancha", 25, 30, SNOW, 1), ("war", 10, 9, 0, 1),
         ("war", 3, 1, 0, 1), ("risk", 11, 10, 0, 1),
         ("risk", 5, 2, 0, 2), ("risk", 60, 45, 0, 1)]


def _run(c, cells):
    steps = 0
    while not c.step(cells):
        steps += 1
    return steps


def test_fixed_point_matches_the_float_dp():
    for rs, a, d, mods, stop in CASES:
        ref = odds.conquest(rs, a, d, mods, stop)["p_conquer"]
        got = odds_fixed.p_conquer_fixed(rs, a, d, mods, stop)
        assert approx(got, ref, 1e-7), (rs, a, d, mods, stop, got, ref)


def test_percent_is_the_rounded_float_percent():
    """What the Dice screen shows: the same whole percent as the float odds gave."""
    for rs, a, d, mods, stop in CASES:
        ref = odds.conquest(rs, a, d, mods, stop)["p_conquer"]
        c = odds_fixed.Conquest(rs, a, d, mods, stop)
        _run(c, 1 << 20)
        assert c.percent() == int(ref * 100 + 0.5), (rs, a, d, c.percent(), ref)


def test_slices_give_the_same_integers_as_one_run():
    """Chunked (a few rows per slice, as the device spreads a big attack) or in one go: the same
    state order, so the same Q29 result to the last bit."""
    for rs, a, d, mods, stop in CASES:
        whole = odds_fixed.Conquest(rs, a, d, mods, stop)
        assert _run(whole, 1 << 20) == 0
        sliced = odds_fixed.Conquest(rs, a, d, mods, stop)
        steps = _run(sliced, 1)  # one row per slice
        assert steps == a - stop - 1
        assert sliced.q == whole.q and sliced.done
        assert sliced.step(1)  # stays done


def test_a_big_attack_in_bounded_slices():
    c = odds_fixed.Conquest("teg", 200, 200)
    steps = _run(c, 2000)
    assert steps >= 15  # 40,000 states in slices of about 2,000
    assert approx(c.p(), odds.conquest("teg", 200, 200)["p_conquer"], 1e-7)


def test_fixed_point_bad_input():
    with raises(RulesError, "unknown ruleset"):
        odds_fixed.Conquest("monopoly", 5, 5)
    with raises(RulesError, "at least 2 armies"):
        odds_fixed.Conquest("teg", 1, 5)
    with raises(RulesError, "stops at 5"):
        odds_fixed.Conquest("teg", 5, 5, stop=5)
    with raises(RulesError, "La Revancha"):
        odds_fixed.Conquest("risk", 5, 5, SNOW)
    with raises(RulesError, "whole number"):
        odds_fixed.Conquest("teg", 5.0, 5)
    # the programs are 16-bit words: the device's odds stop at MAX_DEF defending armies
    with raises(RulesError, "up to 16000 defending armies"):
        odds_fixed.Conquest("teg", 5, odds_fixed.MAX_DEF + 1)
