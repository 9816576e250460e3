"""Exact odds of dice combat: one roll, and a whole attack until conquest (or until the attacker
stops) by dynamic programming. Floats on the device; ``exact=True`` gives ``fractions.Fraction``
on the host (the same code, so the host tests check the very loop the Pico runs).

``roll_table(...)``: the outcomes of a single roll, [(attacker loss, defender loss, p), ...].
``conquest(...)``: the distribution of where a sustained attack ends; see its docstring.

The attacker always rolls every die it may (WAR: it commits the most armies it can) and the
defender every die it may (Risk's automatic defence); those are the policies the odds assume.
"""

from comando import dice_mods
from comando.combat import RULES, check_battle, check_stop, max_dice
from comando.errors import RulesError
# Rules as data: the single-roll outcome counts (tests/core/test_odds.py recomputes them)
from comando.combat import COUNTS

import sys

# Unboxed float arrays where a heap is small and a list of floats fragments it (MicroPython);
# CPython indexes a list faster than an array (no boxing on every read), and does not import
# array at all (it imports collections: a one-shot command's start, issue 28).
_ARRAYS = sys.implementation.name == "micropython"
array = None
if _ARRAYS:
    try:
        from array import array
    except ImportError:
        pass

_RING = 5  # an attack roll costs the attacker at most 4 armies: rows a .. a-4 are live

# Outcome lists kept across calls (floats, fractions), on CPython only: at most 4*4*5*5 of each.
_KEEP = not _ARRAYS
_KEPT = ({}, {})
# Recent answers, on CPython only: the page, the terminal and a mirrored device ask the same
# attack again and again while a player thinks. Oldest out first; each caller gets its own copy.
_RECENT = {}
_RECENT_MAX = 64
# Row plans (which outcome list pushes which run of a row, see _plan) kept across calls, on
# CPython only: per (ruleset, situation, defender class) a dict of at most _PLANS_MAX plans.
_PLANS = ({}, {})
_PLANS_MAX = 256
_LISTS = ("conquer_att", "fail_att", "fail_def", "att_left", "def_left")  # a result's lists


def _float_vec(n):
    """n zero floats, unboxed in an array where possible: on MicroPython a list of floats keeps a
    heap object per cell, scattered, and fragments a small heap; an array is one block."""
    if _ARRAYS and array is not None:
        for code in ("d", "f"):
            try:
                return array(code, [0.0] * n)
            except (ValueError, TypeError):
                pass
    return [0.0] * n


def _number(exact):
    """(zero, one, make(count, total)) for floats or exact fractions."""
    if exact:
        try:   # (here, not at import: a float-only caller such as `comando odds` starts without it)
            from fractions import Fraction
        except ImportError:  # MicroPython: floats only
            raise RulesError("exact fractions are not available on this runtime") from None
        return Fraction(0), Fraction(1), Fraction
    return 0.0, 1.0, lambda n, t: n / t


def roll_counts(att_dice, def_dice):
    """The COUNTS entry for att_dice vs def_dice (each 1..4), total 6 ** (att_dice + def_dice)."""
    if not (1 <= att_dice <= 4 and 1 <= def_dice <= 4):
        raise RulesError("dice counts go from 1 to 4, not %d against %d" % (att_dice, def_dice))
    return COUNTS[att_dice - 1][def_dice - 1]


def _outcomes(ad, dd, acap, dcap, make):
    """Merged [(al, dl, p)] for ad vs dd dice with losses capped at acap / dcap armies."""
    counts = COUNTS[ad - 1][dd - 1]
    k = len(counts) - 1
    total = 6 ** (ad + dd)
    merged = {}
    order = []
    for j in range(k + 1):
        al = k - j
        if al > acap:
            al = acap
        dl = j if j < dcap else dcap
        key = al * 8 + dl
        if key in merged:
            merged[key] += counts[j]
        else:
            merged[key] = counts[j]
            order.append(key)
    return [(key >> 3, key & 7, make(merged[key], total)) for key in order]


def roll_table(ruleset, att, dfn, mods=0, exact=False):
    """Outcomes of one roll with ``att`` vs ``dfn`` armies: [(att_loss, def_loss, p)], by def_loss.

    Losses are capped as comando.combat.losses caps them (a situation card can give a side more
    dice than it has armies to lose)."""
    check_battle(ruleset, att, dfn, mods)
    ad, dd = max_dice(ruleset, att, dfn, mods)
    return _outcomes(ad, dd, att - 1, dfn, _number(exact)[2])


def _push(rr, row, hi, lo, t):
    """Push the mass of row[d], d = hi .. lo+1, along the outcomes t = [(al, dl, p)] into the
    rows rr[al] (rr[0] is ``row`` itself, rr[k] the row k armies lower).

    The hot loop of the DP: unrolled for the 2 to 5 outcomes a roll has (the rows are looked up
    once per segment, not per state), generic otherwise. Zero cells (states a roll cannot reach)
    are skipped."""
    n = len(t)
    if n == 3:
        (a0, d0, p0), (a1, d1, p1), (a2, d2, p2) = t
        r0 = rr[a0]
        r1 = rr[a1]
        r2 = rr[a2]
        for d in range(hi, lo, -1):
            m = row[d]
            if m:
                r0[d - d0] += m * p0
                r1[d - d1] += m * p1
                r2[d - d2] += m * p2
    elif n == 4:
        (a0, d0, p0), (a1, d1, p1), (a2, d2, p2), (a3, d3, p3) = t
        r0 = rr[a0]
        r1 = rr[a1]
        r2 = rr[a2]
        r3 = rr[a3]
        for d in range(hi, lo, -1):
            m = row[d]
            if m:
                r0[d - d0] += m * p0
                r1[d - d1] += m * p1
                r2[d - d2] += m * p2
                r3[d - d3] += m * p3
    elif n == 2:
        (a0, d0, p0), (a1, d1, p1) = t
        r0 = rr[a0]
        r1 = rr[a1]
        for d in range(hi, lo, -1):
            m = row[d]
            if m:
                r0[d - d0] += m * p0
                r1[d - d1] += m * p1
    elif n == 5:
        (a0, d0, p0), (a1, d1, p1), (a2, d2, p2), (a3, d3, p3), (a4, d4, p4) = t
        r0 = rr[a0]
        r1 = rr[a1]
        r2 = rr[a2]
        r3 = rr[a3]
        r4 = rr[a4]
        for d in range(hi, lo, -1):
            m = row[d]
            if m:
                r0[d - d0] += m * p0
                r1[d - d1] += m * p1
                r2[d - d2] += m * p2
                r3[d - d3] += m * p3
                r4[d - d4] += m * p4
    else:
        for d in range(hi, lo, -1):
            m = row[d]
            if m:
                for al, dl, p in t:
                    rr[al][d - dl] += m * p


def _plan(a, dfn, four, outcomes):
    """Row a's pushes, highest d first: [(hi, lo, t)] pushes row[hi .. lo+1] along the outcome
    list t (hi -1 stands for dfn, so one plan serves every defender above 4).

    For d >= 5 the defender's losses are never capped and its dice are saturated; only La
    Revancha's 4-dice rule (att >= 2 * d) still depends on d. d <= 4 each get their own list, and
    neighbours whose lists are equal are one segment (Risk's two defence dice: d = dfn .. 2)."""
    segs = []
    if dfn > 4:
        hi4 = a // 2 if four else 0
        if hi4 > dfn:
            hi4 = dfn
        if hi4 < 5:
            hi4 = 4
        if hi4 < dfn:
            segs.append([-1, hi4, outcomes(a, a + 5)])
        if hi4 >= 5:
            segs.append([hi4 if hi4 < dfn else -1, 4, outcomes(a, 5)])
    for d in range(dfn if dfn < 4 else 4, 0, -1):
        t = outcomes(a, d)
        if segs and segs[-1][2] == t:
            segs[-1][1] = d - 1
        else:
            segs.append([d, d - 1, t])
    return [tuple(s) for s in segs]


def conquest(ruleset, att, dfn, mods=0, stop=1, exact=False, numbers=None):
    """Where an attack from ``att`` armies against ``dfn`` ends, rolling again and again until the
    defender has no army left (conquest) or the attacker is down to ``stop`` armies or fewer
    (1 by default: its last army, the occupation army). ``numbers``: an optional
    (zero, one, make(count, total)) triple to run the same DP on another number type (the host
    tests use a float32-rounding one to bound the Pico's single-precision error).

    Returns a plain dict; lists are indexed by a number of armies:
      p_conquer       P(the country is conquered)
      conquer_att[a]  P(conquered with ``a`` armies left in the attacking country, before moving in)
      fail_att[a]     P(the attack stops with the attacker at ``a`` armies) (a <= stop)
      fail_def[d]     P(the attack stops with ``d`` defending armies left) (d >= 1)
      att_left[a]     P(the attacker ends with ``a``) = conquer_att[a] + fail_att[a]
      def_left[d]     P(the defender ends with ``d``); def_left[0] == p_conquer
      exp_att_loss, exp_def_loss   expected armies lost by each side

    The DP pushes probability mass forward over states (a, d). A roll never raises a or d, so
    taking rows a = att .. stop+1 in turn, each row from d = dfn down, visits a state only after
    every state that feeds it. Only 5 rows are ever live (a roll costs at most 4 armies), so memory
    is 5 * (dfn + 1) numbers. The outcome lists of a row depend on d only for d <= 4 and, in La
    Revancha, on the 4-dice threshold; a row's plan (``_plan``: which list pushes which run of
    d) is the same for every row from 5 armies up (8 in La Revancha) but for that threshold, so it
    is built once per kind of row (once per process on the host), not per row or state, and
    unreachable states (zero mass, e.g. two of three diagonals in the 3v3 bulk) are skipped.
    """
    check_battle(ruleset, att, dfn, mods)
    check_stop(att, stop)
    key = None
    if _KEEP and not numbers:
        key = (ruleset, att, dfn, mods, stop, bool(exact))
        res = _RECENT.get(key)
        if res is not None:
            return _copy(res)
    res = _conquest(ruleset, att, dfn, mods, stop, exact, numbers)
    if key is not None:
        if len(_RECENT) >= _RECENT_MAX:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[key] = _copy(res)
    return res


def conquest_mix(ruleset, start, dfn, mods=0, exact=False):
    """``conquest`` from a mixture of starting armies: ``start[a]`` is the weight (probability
    mass, any total) of an attack from ``a`` armies against ``dfn`` (``start[0]`` must be 0;
    ``start[1]``, an attacker already at its occupation army, stops at once). One DP pass for
    the whole mixture: the mass of ``start[a]`` enters row a before that row is pushed (a row
    only takes mass from the rows above it, all pushed by then). The result is linear in
    ``start``: every list holds mass, not a probability, and ``p_conquer`` is the conquered
    mass; "mass" is the total. Stops at 1 army (comando.odds_chain's use)."""
    att = len(start) - 1
    if att < 1 or start[0]:
        raise RulesError("a mixture of attacks starts at 1 army or more")
    if att < 2:  # (nothing can attack: every start stops at once)
        check_battle(ruleset, 2, dfn, mods)
        zero = _number(exact)[0]
        fail_def = [zero] * (dfn + 1)
        fail_def[dfn] = start[1]
        return {"rules": ruleset, "att": att, "def": dfn, "stop": 1, "mass": start[1],
                "p_conquer": zero, "conquer_att": [zero, zero], "fail_att": [zero, start[1]],
                "fail_def": fail_def, "att_left": [zero, start[1]],
                "def_left": [zero] + fail_def[1:], "exp_att_loss": zero, "exp_def_loss": zero}
    check_battle(ruleset, att, dfn, mods)
    return _conquest(ruleset, att, dfn, mods, 1, exact, None, start)


def _copy(res):
    """A result whose lists a caller may change without changing anyone else's."""
    out = dict(res)
    for k in _LISTS:
        out[k] = out[k][:]
    return out


def _conquest(ruleset, att, dfn, mods, stop, exact, numbers, start=None):
    zero, one, make = numbers or _number(exact)
    if numbers or exact:
        def vec(n):
            return [zero] * n
    else:
        vec = _float_vec
    four = RULES[ruleset]["four"]
    ring = _RING
    width = dfn + 1
    rows = [vec(width) for _ in range(ring)]
    if start is None:  # (a mixture's starts enter their rows as those are reached, below)
        rows[att % ring][dfn] = one
    conquer_att = vec(att + 1)
    fail_att = vec(att + 1)
    fail_def = vec(width)
    zeros = vec(width)
    # Outcome lists depend only on the dice and the loss caps: on the host they are kept across
    # calls (small attacks spend most of their time building them); on the device per call only,
    # so the heap gets them back.
    if numbers:
        cache = {}
    else:
        cache = _KEPT[1 if exact else 0] if _KEEP else {}

    def outcomes(a, d):
        # the outcome list of a roll at (a, d), losses as (attacker's, defender's) armies
        ad, dd = max_dice(ruleset, a, d, mods)
        acap = a - 1 if a < 5 else 4
        dcap = d if d < 4 else 4
        key = ((ad * 5 + dd) * 5 + acap) * 5 + dcap
        t = cache.get(key)
        if t is None:
            t = cache[key] = _outcomes(ad, dd, acap, dcap, make)
        return t

    # A row's plan depends on a only through its loss cap and dice (constant from 5 armies, 8
    # with the 4-dice rule on the small defences) and the 4-dice threshold a // 2; on the
    # defender only through whether it has more than 4. Kept across calls on the host.
    dk = dfn if dfn < 5 else 5
    if numbers or not _KEEP:
        plans = {}
    else:
        ctx = (ruleset, mods, dk)
        kept = _PLANS[1 if exact else 0]
        plans = kept.get(ctx)
        if plans is None:
            if len(kept) >= _PLANS_MAX:
                kept.clear()
            plans = kept[ctx] = {}
        elif len(plans) >= _PLANS_MAX:
            plans.clear()
    top = 8 if four else 5
    for a in range(att, stop, -1):
        row = rows[a % ring]
        if start is not None:
            row[dfn] += start[a]
        pk = a if a < top else top
        if four and dfn > 4:
            hi4 = a // 2
            if hi4 >= dfn:
                hi4 = -1
            elif hi4 < 5:
                hi4 = 4
            pk += 16 * (hi4 + 2)
        plan = plans.get(pk)
        if plan is None:
            if not _KEEP and len(plans) >= 8:  # (the device: a few plans at a time)
                plans.clear()
            plan = plans[pk] = _plan(a, dfn, four, outcomes)
        rr = (row, rows[(a - 1) % ring], rows[(a - 2) % ring], rows[(a - 3) % ring],
              rows[(a - 4) % ring])
        for hi, lo, t in plan:
            _push(rr, row, dfn if hi < 0 else hi, lo, t)
        conquer_att[a] = row[0]
        row[:] = zeros  # in place: this list is row a - 5 next (no new allocation)
    # rows at or below the stop hold where the attack ended
    low = stop - ring + 2
    if low < 1:
        low = 1
    for a in range(low, stop + 1):
        row = rows[a % ring]
        if start is not None:  # (a start already at the stop never rolls)
            row[dfn] += start[a]
        conquer_att[a] += row[0]
        s = zero
        for d in range(1, width):
            m = row[d]
            if m:
                fail_def[d] += m
                s += m
        fail_att[a] = s
    rows = zeros = row = []  # let the heap have them back before the result lists are built
    if vec is _float_vec and _ARRAYS:  # (the device's arrays: the result holds plain lists)
        conquer_att = list(conquer_att)
        fail_att = list(fail_att)
        fail_def = list(fail_def)
    p_conquer = zero
    for v in conquer_att:
        p_conquer += v
    att_left = [conquer_att[i] + fail_att[i] for i in range(att + 1)]
    def_left = list(fail_def)
    def_left[0] = p_conquer
    ea = zero
    for i in range(att + 1):
        ea += i * att_left[i]
    ed = zero
    for i in range(width):
        ed += i * def_left[i]
    res = {"rules": ruleset, "att": att, "def": dfn, "stop": stop,
           "p_conquer": p_conquer, "conquer_att": conquer_att, "fail_att": fail_att,
           "fail_def": fail_def, "att_left": att_left, "def_left": def_left}
    if start is None:
        res["exp_att_loss"] = att - ea
        res["exp_def_loss"] = dfn - ed
    else:  # a mixture: its total mass and armies at the start
        mass = zero
        first = zero
        for i in range(att + 1):
            mass += start[i]
            first += i * start[i]
        res["mass"] = mass
        res["exp_att_loss"] = first - ea
        res["exp_def_loss"] = dfn * mass - ed
    if mods:
        dice_mods.mark(res, mods)
    return res


def p_conquer(ruleset, att, dfn, mods=0, stop=1):
    """Just the probability of conquest (a float), for screens that show one number."""
    return conquest(ruleset, att, dfn, mods, stop)["p_conquer"]
