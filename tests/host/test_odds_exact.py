"""Exact checks of comando.odds on CPython: fractions.Fraction against brute-force enumeration.

The reference here enumerates every ordered throw of the dice with itertools.product and recurses
over states with memoisation: nothing shared with the DP except comando.combat's rules
(max_dice, losses), which tests/core/test_combat.py checks against the rulebooks.
"""

import struct
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from comando.dice_mods import SNOW, TAILWIND
from comando import odds
from comando.combat import losses, max_dice


@lru_cache(None)
def _throws(ad, dd, acap, dcap):
    tab = {}
    for t in product(range(1, 7), repeat=ad + dd):
        k = losses(acap + 1, dcap, t[:ad], t[ad:])
        tab[k] = tab.get(k, 0) + 1
    tot = 6 ** (ad + dd)
    return {k: Fraction(c, tot) for k, c in tab.items()}


def _mods(snow, tw):
    """The cases' two flags as comando.dice_mods' one value."""
    return (SNOW if snow else 0) | (TAILWIND if tw else 0)


def single_roll(rs, a, d, snow=False, tw=False):
    """Every ordered throw enumerated (cached per dice counts and loss caps)."""
    ad, dd = max_dice(rs, a, d, _mods(snow, tw))
    return _throws(ad, dd, min(a - 1, 4), min(d, 4))


def reference(rs, A, D, snow=False, tw=False, stop=1):
    """{(attacker left, defender left): probability} of where the attack ends."""
    @lru_cache(None)
    def dist(a, d):
        if d == 0 or a <= stop:
            return {(a, d): Fraction(1)}
        out = {}
        for (al, dl), q in single_roll(rs, a, d, snow, tw).items():
            for st, p in dist(a - al, d - dl).items():
                out[st] = out.get(st, 0) + p * q
        return out

    return dist(A, D)


CASES = [
    ("teg", 2, 1, False, False, 1), ("teg", 4, 3, False, False, 1), ("teg", 9, 7, False, False, 1),
    ("teg", 12, 6, False, False, 4),
    ("revancha", 12, 5, False, False, 1), ("revancha", 9, 3, False, False, 1),
    ("revancha", 5, 4, True, False, 1), ("revancha", 3, 2, True, False, 1),
    ("revancha", 6, 5, False, True, 1), ("revancha", 2, 3, False, True, 1),
    ("revancha", 14, 6, False, True, 3),
    ("war", 10, 8, False, False, 1), ("war", 3, 1, False, False, 1),
    ("risk", 10, 9, False, False, 1), ("risk", 5, 2, False, False, 2),
]


@pytest.mark.parametrize("rs,A,D,snow,tw,stop", CASES)
def test_conquest_exact_matches_enumeration(rs, A, D, snow, tw, stop):
    ref = reference(rs, A, D, snow, tw, stop)
    res = odds.conquest(rs, A, D, _mods(snow, tw), stop, exact=True)
    conq = [Fraction(0)] * (A + 1)
    fail_att = [Fraction(0)] * (A + 1)
    fail_def = [Fraction(0)] * (D + 1)
    for (a, d), p in ref.items():
        if d == 0:
            conq[a] += p
        else:
            fail_att[a] += p
            fail_def[d] += p
    assert res["conquer_att"] == conq
    assert res["fail_att"] == fail_att
    assert res["fail_def"] == fail_def
    assert res["p_conquer"] == sum(conq)
    assert sum(res["att_left"]) == 1 and sum(res["def_left"]) == 1
    exp_a = sum(p * (A - a) for (a, d), p in ref.items())
    exp_d = sum(p * (D - d) for (a, d), p in ref.items())
    assert res["exp_att_loss"] == exp_a and res["exp_def_loss"] == exp_d
    # and the float run (what the device computes) agrees to double precision
    fl = odds.conquest(rs, A, D, _mods(snow, tw), stop)
    assert fl["p_conquer"] == pytest.approx(float(res["p_conquer"]), abs=1e-12)


@pytest.mark.parametrize("rs,a,d,snow,tw", [
    ("teg", 4, 3, False, False), ("teg", 4, 2, False, False), ("revancha", 6, 3, False, False),
    ("revancha", 8, 4, False, True), ("revancha", 2, 1, False, True), ("revancha", 5, 1, True, False),
    ("revancha", 9, 3, True, False), ("war", 4, 3, False, False), ("risk", 4, 2, False, False),
])
def test_roll_table_exact_matches_enumeration(rs, a, d, snow, tw):
    ref = single_roll(rs, a, d, snow, tw)
    got = {(al, dl): p for al, dl, p in odds.roll_table(rs, a, d, _mods(snow, tw), exact=True)}
    assert got == ref


def test_classic_3v3_and_3v2_tables_exact():
    """teg-classic.txt, DEVELOPMENT OF AN ATTACK (the situations of EXAMPLE 1 and 2) in numbers:
    the well-known 3-against-3 and 3-against-2 outcome tables."""
    t33 = {(al, dl): p for al, dl, p in odds.roll_table("teg", 4, 3, exact=True)}
    assert t33 == {(3, 0): Fraction(17871, 46656), (2, 1): Fraction(12348, 46656),
                   (1, 2): Fraction(10017, 46656), (0, 3): Fraction(6420, 46656)}
    t32 = {(al, dl): p for al, dl, p in odds.roll_table("teg", 4, 2, exact=True)}
    assert t32 == {(2, 0): Fraction(2275, 7776), (1, 1): Fraction(2611, 7776),
                   (0, 2): Fraction(2890, 7776)}
    # La Revancha's 4-against-3 (the rulebook's four-dice example)
    t43 = {(al, dl): p for al, dl, p in odds.roll_table("revancha", 6, 3, exact=True)}
    assert sum(t43.values()) == 1 and t43[(0, 3)] == Fraction(70293, 6 ** 7)


class F32:
    """A number rounded to IEEE single precision after every operation: the Pico's floats."""
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = struct.unpack("f", struct.pack("f", float(v)))[0]

    def _o(self, x):
        return x.v if isinstance(x, F32) else x

    def __add__(self, x):
        return F32(self.v + self._o(x))

    __radd__ = __add__

    def __mul__(self, x):
        return F32(self.v * self._o(x))

    __rmul__ = __mul__

    def __rsub__(self, x):
        return F32(self._o(x) - self.v)

    def __bool__(self):
        return self.v != 0.0


def test_single_precision_error_is_within_the_device_tolerance():
    """The Pico computes in float32: the documented tolerance (1e-5 absolute on every probability,
    docs/decisions/device-odds-fixed-point-tolerance.md) holds up to 200 against 200 (measured: about 1.5e-6)."""
    nums = (F32(0), F32(1), lambda n, t: F32(n / t))
    for rs, a, d, snow in (("teg", 200, 200, False), ("revancha", 200, 200, True),
                           ("risk", 200, 150, False), ("revancha", 60, 30, False),
                           ("war", 200, 60, False)):
        lo = odds.conquest(rs, a, d, _mods(snow, False), numbers=nums)
        hi = odds.conquest(rs, a, d, _mods(snow, False))
        assert abs(lo["p_conquer"].v - hi["p_conquer"]) < 1e-5
        for x, y in zip(lo["def_left"] + lo["att_left"], hi["def_left"] + hi["att_left"]):
            assert abs(x.v - y) < 1e-5
        assert abs(lo["exp_att_loss"].v - hi["exp_att_loss"]) < 1e-3  # armies, not probabilities
        assert abs(sum(x.v for x in lo["att_left"]) - 1.0) < 1e-5


def test_outcome_lists_kept_across_calls_never_change_an_answer():
    """The host keeps the per-roll outcome lists and its recent answers between calls (issue 28: a
    small attack spent most of its time building them, and the page asks the same one again). They depend only on the dice and the loss caps, so interleaving
    rulesets, situation cards and number types must give what a fresh, empty cache gives; the
    kept lists stay bounded (4 x 4 dice, 5 x 5 caps) and a caller changing its result changes no
    later one."""
    cases = [("risk", 10, 10, False, False), ("teg", 7, 3, False, False),
             ("revancha", 12, 5, True, False), ("revancha", 9, 4, False, True),
             ("war", 6, 6, False, False), ("risk", 3, 2, False, False)]

    def fresh(rs, a, d, snow, tw, exact):
        kept = odds._KEPT + odds._PLANS + (odds._RECENT,)
        saved = [dict(k) for k in kept]
        for k in kept:
            k.clear()
        try:
            return odds.conquest(rs, a, d, _mods(snow, tw), exact=exact)
        finally:
            for k, s in zip(kept, saved):
                k.clear()
                k.update(s)

    assert odds._KEEP  # CPython keeps them; the device builds them per call
    for exact in (False, True):
        for rs, a, d, snow, tw in cases + cases[::-1]:
            got = odds.conquest(rs, a, d, _mods(snow, tw), exact=exact)
            assert got == fresh(rs, a, d, snow, tw, exact), (rs, a, d, snow, tw, exact)
    first = odds.conquest("risk", 10, 10)
    first["conquer_att"][:] = [9.0] * len(first["conquer_att"])
    assert odds.conquest("risk", 10, 10) == fresh("risk", 10, 10, False, False, False)
    assert all(len(k) <= 4 * 4 * 5 * 5 for k in odds._KEPT)
    for a in range(2, 2 + 3 * odds._RECENT_MAX):  # oldest answers go first
        odds.conquest("teg", a, 3)
    assert len(odds._RECENT) == odds._RECENT_MAX
    assert odds.conquest("teg", 2, 3) == fresh("teg", 2, 3, False, False, False)
    assert odds.conquest("risk", 10, 10, exact=True)["p_conquer"] == fresh(
        "risk", 10, 10, False, False, True)["p_conquer"]
    assert all(isinstance(p, Fraction) for t in odds._KEPT[1].values() for _, _, p in t)
    assert all(isinstance(p, float) for t in odds._KEPT[0].values() for _, _, p in t)


def test_row_plans_kept_across_calls_serve_every_defender():
    """The host keeps each row's plan (which outcome list pushes which run of defenders) across
    calls, one plan for every defender above 4 armies and, in La Revancha, one per 4-dice
    threshold (teg-la-revancha.txt, "Attack Conditions": the attacker at least doubling a defender
    of 3 or more rolls 4 dice). Asked in any order, with any defender, every answer is the one an
    empty cache gives; the plans stay bounded."""
    def fresh(rs, a, d, snow, stop):
        kept = odds._KEPT + odds._PLANS + (odds._RECENT,)
        saved = [dict(k) for k in kept]
        for k in kept:
            k.clear()
        try:
            return odds.conquest(rs, a, d, snow, stop=stop)
        finally:
            for k, s in zip(kept, saved):
                k.clear()
                k.update(s)

    asked = [(rs, a, d, snow, stop)
             for rs, snow in (("revancha", False), ("revancha", True), ("risk", False),
                              ("teg", False))
             for a in (8, 10, 13, 21, 50) for d in (4, 5, 6, 9, 11, 23)
             for stop in (1, 3)]
    for order in (asked, asked[::-1], asked[1::2] + asked[::2]):
        for rs, a, d, snow, stop in order:
            odds._RECENT.clear()
            assert odds.conquest(rs, a, d, snow, stop=stop) == fresh(rs, a, d, snow, stop), (
                rs, a, d, snow, stop)
    for kept in odds._PLANS:
        assert len(kept) <= odds._PLANS_MAX
        assert all(len(plans) <= odds._PLANS_MAX for plans in kept.values())
