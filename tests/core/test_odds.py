"""Exact odds (comando.odds): single-roll tables and the conquest DP, under both runtimes.

The exact-fraction and brute-force checks live in tests/host/test_odds_exact.py; here the float
code the Pico runs is checked against a plain recursive reference written independently below.
"""

from mpytest import approx, raises

from comando.dice_mods import SNOW, TAILWIND
from comando import odds
from comando.combat import compare, max_dice
from comando.errors import RulesError

MPY_HEAP = "512k"


def _sorted_throws(n):
    """Every throw of n dice as (highest-first tuple, how many ordered throws give it)."""
    out = []

    def rec(prefix, top, left):
        if not left:
            # multinomial count of this multiset
            c = 1
            for i in range(1, len(prefix) + 1):
                c *= i
            run = 1
            for i in range(1, len(prefix) + 1):
                if i < len(prefix) and prefix[i] == prefix[i - 1]:
                    run += 1
                else:
                    f = 1
                    for j in range(2, run + 1):
                        f *= j
                    c //= f
                    run = 1
            out.append((tuple(prefix), c))
            return
        for v in range(top, 0, -1):
            prefix.append(v)
            rec(prefix, v, left - 1)
            prefix.pop()

    rec([], 6, n)
    return out


def test_counts_table_matches_enumeration():
    """Every COUNTS entry (rules as data) recomputed from the throws, with ties to the defender."""
    throws = [None] + [_sorted_throws(n) for n in range(1, 5)]
    for a in range(1, 5):
        for d in range(1, 5):
            k = min(a, d)
            # collapse each side to its top-k dice first (the rest never compared)
            top_a = {}
            for t, c in throws[a]:
                top_a[t[:k]] = top_a.get(t[:k], 0) + c
            top_d = {}
            for t, c in throws[d]:
                top_d[t[:k]] = top_d.get(t[:k], 0) + c
            counts = [0] * (k + 1)
            for ta, ca in top_a.items():
                for td, cd in top_d.items():
                    al, dl = compare(list(ta), list(td))
                    counts[dl] += ca * cd
            assert tuple(counts) == odds.roll_counts(a, d), (a, d, counts)
            assert sum(counts) == 6 ** (a + d)


def test_classic_single_roll_known_values():
    """T.E.G. classic 1 die vs 1: the attacker wins 15 of 36 (ties to the defender)."""
    t = odds.roll_table("teg", 2, 1)
    assert [(al, dl) for al, dl, p in t] == [(1, 0), (0, 1)]
    assert approx(t[1][2], 15 / 36)
    # 3 vs 2 dice: defender loses 2 with 2890/7776 (the well-known 37.2%)
    t = odds.roll_table("risk", 4, 2)
    assert approx(dict(((al, dl), p) for al, dl, p in t)[(0, 2)], 2890 / 7776)


def test_roll_table_caps_losses_under_snow():
    """Snow: a 1-army country rolls 2 dice but can lose only its one army."""
    t = odds.roll_table("revancha", 4, 1, SNOW)
    assert max(dl for al, dl, p in t) == 1
    assert approx(sum(p for al, dl, p in t), 1.0)


def _reference(rs, a, d, mods, memo):
    """P(conquest) by plain recursion over the single-roll tables: independent of the DP's order."""
    key = (a, d)
    if key in memo:
        return memo[key]
    if d == 0:
        return 1.0
    if a <= 1:
        return 0.0
    p = 0.0
    for al, dl, q in odds.roll_table(rs, a, d, mods):
        p += q * _reference(rs, a - al, d - dl, mods, memo)
    memo[key] = p
    return p


def test_dp_matches_recursive_reference():
    cases = [("teg", 6, 5, 0), ("revancha", 12, 6, 0),
             ("revancha", 9, 7, SNOW), ("revancha", 8, 8, TAILWIND),
             ("war", 10, 9, 0), ("risk", 11, 10, 0)]
    for rs, a, d, mods in cases:
        res = odds.conquest(rs, a, d, mods)
        ref = _reference(rs, a, d, mods, {})
        assert approx(res["p_conquer"], ref, 1e-9), (rs, a, d, res["p_conquer"], ref)


def test_distributions_sum_to_one_and_are_consistent():
    for rs in ("teg", "revancha", "war", "risk"):
        for a, d in ((2, 1), (3, 3), (10, 4), (25, 30)):
            res = odds.conquest(rs, a, d)
            assert approx(sum(res["att_left"]), 1.0, 1e-9)
            assert approx(sum(res["def_left"]), 1.0, 1e-9)
            assert approx(sum(res["conquer_att"]), res["p_conquer"], 1e-9)
            assert res["def_left"][0] == res["p_conquer"]
            assert res["conquer_att"][0] == 0 and res["conquer_att"][1] == 0  # one army stays
            # stop at the last army: a failed attack always leaves exactly 1
            assert approx(sum(res["fail_att"]), 1.0 - res["p_conquer"], 1e-9)
            assert approx(res["fail_att"][1], 1.0 - res["p_conquer"], 1e-9)
            assert 0 <= res["exp_att_loss"] <= a - 1 + 1e-9
            assert 0 <= res["exp_def_loss"] <= d + 1e-9


def test_stop_early_ends_higher():
    full = odds.conquest("teg", 20, 10)
    early = odds.conquest("teg", 20, 10, stop=8)
    assert early["p_conquer"] < full["p_conquer"]
    for a in range(1, 21):
        if a > 8:
            assert early["fail_att"][a] == 0
    assert early["fail_att"][6] > 0  # a 3-dice roll can jump from 9 to 6
    assert approx(sum(early["att_left"]), 1.0, 1e-9)


def test_situations_help_their_side():
    base = odds.p_conquer("revancha", 10, 6)
    assert odds.p_conquer("revancha", 10, 6, SNOW) < base
    assert odds.p_conquer("revancha", 10, 6, TAILWIND) > base
    # the 4-dice rule makes La Revancha kinder to a big attacker than classic
    assert odds.p_conquer("revancha", 12, 5) > odds.p_conquer("teg", 12, 5)


def test_odds_bad_input():
    with raises(RulesError, "unknown ruleset"):
        odds.conquest("monopoly", 5, 5)
    with raises(RulesError, "at least 2 armies"):
        odds.conquest("teg", 1, 5)
    with raises(RulesError, "stops at 5"):
        odds.conquest("teg", 5, 5, stop=5)
    with raises(RulesError, "lowest"):
        odds.conquest("teg", 5, 5, stop=0)
    with raises(RulesError, "La Revancha"):
        odds.conquest("risk", 5, 5, SNOW)


def test_big_attack_fits_the_heap():
    res = odds.conquest("teg", 200, 200)
    assert approx(sum(res["att_left"]), 1.0, 1e-6)
    assert res["p_conquer"] < 1e-3
    assert max_dice("teg", 200, 200) == (3, 3)
