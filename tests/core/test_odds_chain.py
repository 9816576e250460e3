"""Chains of attacks and the armies a chance needs (comando.odds_chain, issue 26), under both
runtimes (tests/host/test_micropython.py runs this module on the MicroPython unix port too).

The reference here is written independently of the core's DPs: single-roll outcomes from an
enumeration of every multiset of dice (with combat.compare, ties to the defender), and a plain
memoised recursion over (country, attacker armies, defender armies, dice of the last roll) that
moves in what combat.move_limits allows after the winning roll, with the dice that roll really
had. A seeded Monte Carlo run of combat.attack checks the same numbers from the dice up.

The rules read (docs/decisions/odds-chain-and-need.md): attack again from the country just taken,
teg-classic.txt "Attacking Foreign Countries" (after the France/Spain example: "he may attack from
Spain to Sahara"), war.txt "Territory Conquest" ("may ... make a new attack from the conquered
territory, still in the same turn"); the move-in limits in comando.combat.RULES (teg-classic.txt,
teg-la-revancha.txt "Development of the Attack": "one or two more armies ... at most"; war.txt
"Territory Conquest": "at most equal to the number of armies that took part in the last attack";
risk-online-12-maps.txt: "at most everything in the attacking territory bar one").
"""

from mpytest import MICROPYTHON, approx, cpython_only, raises

from comando.dice_mods import SNOW, TAILWIND
from comando import odds, odds_chain, odds_need
from comando.combat import attack, compare, max_dice, move_limits
from comando.errors import RulesError
from comando.seeded_dice import SeededDice

MPY_HEAP = "1024k"

RULESETS = ("teg", "revancha", "war", "risk")


def _throws(n):
    """Every multiset of n dice, highest first, with how many ordered throws give it."""
    out = []

    def rec(prefix, top):
        if len(prefix) == n:
            c = 1
            for i in range(2, n + 1):
                c *= i
            for v in range(1, 7):
                k = prefix.count(v)
                for i in range(2, k + 1):
                    c //= i
            out.append((list(prefix), c))
            return
        for v in range(top, 0, -1):
            prefix.append(v)
            rec(prefix, v)
            prefix.pop()

    rec([], 6)
    return out


_ROLLS = {}


def _raw_roll(ad, dd):
    """{(att loss, def loss): probability} of ad dice against dd, uncapped, by enumeration."""
    key = (ad, dd)
    if key not in _ROLLS:
        counts = {}
        for ta, ca in _throws(ad):
            for td, cd in _throws(dd):
                k = compare(ta, td)
                counts[k] = counts.get(k, 0) + ca * cd
        total = 6 ** (ad + dd)
        _ROLLS[key] = [(al, dl, c / total) for (al, dl), c in counts.items()]
    return _ROLLS[key]


class _Reference:
    """P(taking every country) and E[armies left], by recursion over the chain's states."""

    def __init__(self, rs, defenders, mods=0):
        self.rs, self.defs, self.mods = rs, list(defenders), mods
        self.memo = {}

    def front(self, k, m):
        """(P(take countries k..), E[armies left on the path from here]) with m on the front."""
        if k == len(self.defs):
            return 1.0, float(m)
        if m < 2:
            return 0.0, float(m)  # the occupation army cannot attack
        return self.state(k, m, self.defs[k], 0)

    def state(self, k, a, d, last):
        key = (k, a, d, last)
        if key in self.memo:
            return self.memo[key]
        if d == 0:
            mv = move_limits(self.rs, a, last)[1]  # the most the rules allow after that roll
            p, e = self.front(k + 1, mv)
            res = (p, e + (a - mv))
        elif a <= 1:
            res = (0.0, 1.0)  # the attack stops: its occupation army stays
        else:
            ad, dd = max_dice(self.rs, a, d, self.mods)
            p = e = 0.0
            for al, dl, q in _raw_roll(ad, dd):
                al = al if al < a - 1 else a - 1  # losses capped as comando.combat.losses
                dl = dl if dl < d else d
                pp, ee = self.state(k, a - al, d - dl, ad)
                p += q * pp
                e += q * ee
            res = (p, e)
        self.memo[key] = res
        return res


CASES = [("teg", 15, [4, 3, 2]), ("teg", 9, [1, 1, 1, 1]), ("revancha", 14, [5, 2, 1]),
         ("war", 12, [3, 2, 1]), ("war", 6, [1, 1]), ("risk", 15, [4, 3, 2]),
         ("risk", 20, [3, 3, 3, 3, 3])]


def test_chain_matches_reference_every_ruleset():
    for rs, att, defs in CASES:
        res = odds_chain.chain(rs, att, defs)
        p, e = _Reference(rs, defs).front(0, att)
        assert approx(res["p_all"], p, 1e-9), (rs, att, defs, res["p_all"], p)
        assert approx(res["exp_left"], e, 1e-9), (rs, att, defs, res["exp_left"], e)
        for k in range(len(defs)):  # reaching country k: the chain cut after it
            pk = _Reference(rs, defs[:k + 1]).front(0, att)[0]
            assert approx(res["p_reach"][k], pk, 1e-9), (rs, defs, k)
        assert approx(sum(res["front"]), res["p_all"], 1e-9)


def test_chain_situations_match_reference():
    for mods in (SNOW, TAILWIND):
        res = odds_chain.chain("revancha", 16, [6, 3, 2], mods)
        p, e = _Reference("revancha", [6, 3, 2], mods).front(0, 16)
        assert approx(res["p_all"], p, 1e-9) and approx(res["exp_left"], e, 1e-9), (mods)
    # Snow helps every defender of the chain, Tailwind every attack of it
    base = odds_chain.chain("revancha", 16, [6, 3, 2])["p_all"]
    assert odds_chain.chain("revancha", 16, [6, 3, 2], SNOW)["p_all"] < base
    assert odds_chain.chain("revancha", 16, [6, 3, 2], TAILWIND)["p_all"] > base


def test_one_country_chain_is_the_conquest():
    for rs in RULESETS:
        res = odds_chain.chain(rs, 12, [7])
        assert approx(res["p_all"], odds.p_conquer(rs, 12, 7), 1e-12)


def test_curve_matches_reference_and_chain():
    """chain_values(m) for every m is the reference's P, and chain(m)'s."""
    for rs, att, defs in CASES:
        vals = odds_chain.chain_values(rs, defs, att)
        ref = _Reference(rs, defs)
        assert vals[0] == 0 and vals[1] == 0
        for m in range(2, att + 1):
            assert approx(vals[m], ref.front(0, m)[0], 1e-9), (rs, defs, m)
        assert approx(vals[att], odds_chain.chain(rs, att, defs)["p_all"], 1e-9)


def test_curve_of_big_revancha_attack_uses_four_dice():
    """40 v 20 in La Revancha: the 4-dice rule switches on and off inside the row."""
    vals = odds_chain.chain_values("revancha", [20], 40)
    for m in (20, 30, 39, 40):
        assert approx(vals[m], odds.p_conquer("revancha", m, 20), 1e-9), m


def _need_ref(rs, p, defs, top):
    ref = _Reference(rs, defs)
    for m in range(2, top + 1):
        if ref.front(0, m)[0] >= p:
            return m
    return None


def test_need_is_the_fewest_armies_by_reference():
    for rs, p, defs in (("teg", 0.8, [5]), ("risk", 0.8, [5]), ("revancha", 0.5, [8]),
                        ("war", 0.9, [3]), ("risk", 0.8, [4, 3, 2]), ("risk", 0.95, [2, 2]),
                        ("war", 0.05, [2, 2, 1])):
        got = odds_chain.need(rs, p, defs)
        assert got == _need_ref(rs, p, defs, 60), (rs, p, defs, got)
        ref = _Reference(rs, defs)
        assert ref.front(0, got)[0] >= p and ref.front(0, got - 1)[0] < p


def test_need_beyond_a_capped_chain_is_none():
    """T.E.G. moves at most 3 into a conquered country: a 3-country chain's chance stays under
    its ceiling whatever the first country holds."""
    top = odds_chain.ceiling("teg", [4, 3, 2])
    assert approx(top, _Reference("teg", [3, 2]).front(0, 3)[0], 1e-9)
    assert odds_chain.chain("teg", 200, [4, 3, 2])["p_all"] < top
    assert odds_chain.need("teg", 0.8, [4, 3, 2]) is None
    assert odds_chain.need("teg", top * 0.9, [4, 3, 2]) is not None
    assert odds_chain.need("risk", 1, [2]) is None  # certainty: never
    assert odds_chain.ceiling("risk", [4, 3, 2]) == 1.0


def test_conquest_mix_is_the_weighted_sum():
    start = [0.0, 0.1, 0.2, 0.0, 0.3, 0.0, 0.0, 0.4]
    mix = odds.conquest_mix("risk", start, 6)
    for key in ("conquer_att", "fail_att", "def_left"):
        want = [0.0] * len(mix[key])
        for a, w in enumerate(start):
            if w and a >= 2:
                one = odds.conquest("risk", a, 6)[key]
                for i in range(len(one)):
                    want[i] += w * one[i]
        if key == "fail_att":
            want[1] += 0.1
        if key == "def_left":
            want[6] += 0.1
        for i in range(len(want)):
            assert approx(mix[key][i], want[i], 1e-12), (key, i)
    assert approx(mix["mass"], 1.0, 1e-12)


def test_seeded_monte_carlo_agrees():
    """Chains rolled die by die with combat.attack (seeded): P(all) and the armies left agree
    with the exact figures within 4 standard errors."""
    runs = 600 if MICROPYTHON else 4000
    for rs, att, defs in (("risk", 15, [4, 3, 2]), ("war", 12, [3, 2, 1])):
        dice = SeededDice(26)
        won = 0
        left = 0
        left2 = 0
        for _ in range(runs):
            a = att
            behind = 0
            for d in defs:
                recs = attack(rs, a, d, dice) if a >= 2 else []
                if not recs or recs[-1]["d"] - recs[-1]["dl"] > 0:
                    a = 1
                    break
                last = recs[-1]
                after = last["a"] - last["al"]
                mv = move_limits(rs, after, len(last["ad"]))[1]
                behind += after - mv
                a = mv
            else:
                won += 1
            left += behind + a
            left2 += (behind + a) ** 2
        exact = odds_chain.chain(rs, att, defs)
        p = exact["p_all"]
        se = (p * (1 - p) / runs) ** 0.5
        assert abs(won / runs - p) < 4 * se, (rs, won / runs, p)
        mean = left / runs
        se_left = ((left2 / runs - mean * mean) / runs) ** 0.5
        assert abs(mean - exact["exp_left"]) < 4 * se_left, (rs, mean, exact["exp_left"], se_left)


def test_the_devices_lean_need_is_the_same():
    """comando.odds_need (the device's map screen) answers as odds_chain.need, every ruleset,
    the situation cards, 1 to 12 defenders."""
    for rs in RULESETS:
        for p in (0.5, 0.8, 0.95):
            for d in range(1, 13):
                assert odds_need.need(rs, p, d) == odds_chain.need(rs, p, [d]), (rs, p, d)
    for mods in (SNOW, TAILWIND):
        for d in (1, 3, 6, 10):
            assert (odds_need.need("revancha", 0.8, d, mods)
                    == odds_chain.need("revancha", 0.8, [d], mods)), (mods, d)
    assert odds_need.need("teg", 1, 3) is None
    assert odds_need.need("teg", 0.999, 30, limit=20) is None
    with raises(RulesError, "above 0 and at most 1"):
        odds_need.need("teg", 0, 3)


@cpython_only
def test_exact_fractions_agree_with_floats():
    from fractions import Fraction
    res = odds_chain.chain("revancha", 14, [5, 2, 1], exact=True)
    assert isinstance(res["p_all"], Fraction) and isinstance(res["exp_left"], Fraction)
    fl = odds_chain.chain("revancha", 14, [5, 2, 1])
    assert abs(float(res["p_all"]) - fl["p_all"]) < 1e-12
    vals = odds_chain.chain_values("revancha", [5, 2, 1], 14, exact=True)
    assert vals[14] == res["p_all"]  # two DPs, one exact number


def test_bad_input_names_the_rule():
    with raises(RulesError, "above 0 and at most 1"):
        odds_chain.need("teg", 0, [3])
    with raises(RulesError, "above 0 and at most 1"):
        odds_chain.need("teg", 1.5, [3])
    with raises(RulesError, "above 0 and at most 1"):
        odds_chain.need("teg", -0.2, [3])
    with raises(RulesError, "a number above 0"):
        odds_chain.need("teg", "0.8", [3])
    with raises(RulesError, "at least one country"):
        odds_chain.chain("teg", 5, [])
    with raises(RulesError, "at least 1 army"):
        odds_chain.chain("teg", 5, [3, 0])
    with raises(RulesError, "at least 2 armies"):
        odds_chain.chain("teg", 1, [3])
    with raises(RulesError, "unknown ruleset"):
        odds_chain.need("monopoly", 0.5, [3])
    with raises(RulesError, "situation cards"):
        odds_chain.chain("teg", 5, [3], SNOW)
