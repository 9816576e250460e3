"""Exact odds of a chain of attacks along a path of countries, and the armies a chance needs
(issue 26). Floats on the device; ``exact=True`` gives ``fractions.Fraction`` on the host.

A chain (docs/decisions/odds-chain-and-need.md): the attacker starts with ``att`` armies in the
first country and attacks the next country of the path until it falls or the attacker is down
to its occupation army; each conquest moves in the most armies the ruleset allows
(``move_in``), and the attack goes on from the country just taken against the next. Every
attack rolls every die it may (the policy comando.odds assumes); a La Revancha situation card
holds for the whole chain (it is in effect for the round).

``chain(...)``: P(taking every country), P(reaching each one), where the armies end.
``chain_values(...)``: P(taking every country) for every starting army count at once.
``need(...)``: the fewest starting armies giving P(taking every country) >= p.
"""

from comando import odds
from comando.combat import RULES, check_battle, max_dice, move_limits
from comando.errors import RulesError

_RING = 5  # a roll costs the attacker at most 4 armies: rows a .. a-4 are live
NEED_LIMIT = 5000  # `need` looks no further (an answer past it is "more than NEED_LIMIT")


def move_in(ruleset, left):
    """Armies the chain moves into a country it just took, the winning roll having left ``left``
    armies in the attacking country: the most ``comando.combat.move_limits`` allows.

    T.E.G. and La Revancha: at most 3; Risk: all but one; WAR: at most the armies of the last
    attack, and under the always-commit-the-most policy the last attack came from at least
    ``left`` armies, so it committed min(left - 1, 3) or more: the move is min(left - 1, 3)
    there too. (tests/core/test_odds_chain.py checks this against a reference that tracks the
    dice of the last roll.)"""
    top = RULES[ruleset]["att_max"]
    dice = left - 1 if left - 1 < top else top
    return move_limits(ruleset, left, dice)[1]


def check_chain(ruleset, defenders, mods=0):
    """Raise RulesError unless ``defenders`` (armies on each country of the path, in order) is a
    path the chain can attack under ``ruleset`` (+ situation)."""
    if not isinstance(defenders, (list, tuple)) or not defenders:
        raise RulesError("a chain needs at least one country to attack")
    for d in defenders:
        check_battle(ruleset, 2, d, mods)


def check_chance(p):
    """Raise RulesError unless ``p`` is a probability above 0 and at most 1."""
    if isinstance(p, bool) or not isinstance(p, (int, float)) and not _is_fraction(p):
        raise RulesError("the chance must be a number above 0 and at most 1, not %r" % (p,))
    if not 0 < p <= 1:
        raise RulesError("the chance must be above 0 and at most 1, not %s" % (p,))


def _is_fraction(p):
    return hasattr(p, "numerator") and hasattr(p, "denominator")


def chain(ruleset, att, defenders, mods=0, exact=False):
    """The chain from ``att`` armies against ``defenders`` (armies on each country, in path
    order). Returns a plain dict:

      p_all        P(every country is taken)
      p_reach[k]   P(the first k + 1 countries are taken); p_reach[-1] == p_all
      front[a]     P(every country is taken and the last one holds ``a`` armies)
      exp_front    E[armies on the last country | every country taken] (0 if p_all is 0)
      exp_left     E[the attacker's armies on the path at the end]: what stayed behind in each
                   country it attacked from, plus the front (its 1 army when the chain stopped)

    Forward: the armies on the front are a distribution, and each country is one DP pass over
    the whole mixture (comando.odds.conquest_mix)."""
    check_battle(ruleset, att, defenders[0] if defenders else 1, mods)
    check_chain(ruleset, defenders, mods)
    zero, one = odds._number(exact)[:2]
    start = [zero] * (att + 1)
    start[att] = one
    p_reach = []
    left = zero  # expected armies left behind so far (unconditional)
    for dfn in defenders:
        res = odds.conquest_mix(ruleset, start, dfn, mods, exact)
        left += res["fail_att"][1]  # (a stopped attack keeps its occupation army, 1)
        top = len(res["conquer_att"]) - 1
        nxt = [zero] * (top if top > 1 else 2)
        for a in range(2, top + 1):
            m = res["conquer_att"][a]
            if m:
                mv = move_in(ruleset, a)
                nxt[mv] += m
                left += (a - mv) * m
        p_reach.append(res["p_conquer"])
        while len(nxt) > 2 and not nxt[-1]:  # (a capped move-in leaves a short front: no
            nxt.pop()                           # DP rows for counts nothing reaches)
        start = nxt
    p_all = p_reach[-1]
    ef = zero
    for a in range(len(start)):
        ef += a * start[a]
    return {"rules": ruleset, "att": att, "defenders": list(defenders), "p_all": p_all,
            "p_reach": p_reach, "front": start,
            "exp_front": ef / p_all if p_all else zero, "exp_left": left + ef}


def chain_values(ruleset, defenders, top, mods=0, exact=False):
    """[P(every country of ``defenders`` is taken) starting with m armies, m = 0 .. top]: the
    whole curve in one backward pass per country (last country first).

    W(a, d) = P(taking the rest | a armies attack a country at d): W(a, 0) is the next country's
    value with move_in(a) armies on the front, W(1, d) = 0, and otherwise the roll's outcomes
    average W over the states they lead to. Rows a = 1 .. top in turn, each d = 1 .. D; only 5
    rows are live (a roll costs at most 4 armies) and V(m) = W(m, D)."""
    check_chain(ruleset, defenders, mods)
    if isinstance(top, bool) or not isinstance(top, int) or top < 0:
        raise RulesError("the most armies to look at must be a whole number, not %r" % (top,))
    zero, one, make = odds._number(exact)
    four = RULES[ruleset]["four"]
    kept = {}

    def outcomes(a, d):
        ad, dd = max_dice(ruleset, a, d, mods)
        acap = a - 1 if a < 5 else 4
        dcap = d if d < 4 else 4
        key = ((ad * 5 + dd) * 5 + acap) * 5 + dcap
        t = kept.get(key)
        if t is None:
            t = kept[key] = odds._outcomes(ad, dd, acap, dcap, make)
        return t

    nxt = [one] * (top + 1)  # past the last country: every count has taken them all
    for dfn in reversed(defenders):
        width = dfn + 1
        # (row 1, the occupation army alone, stays all zeros until row 6 takes its place)
        rows = [[zero] * width for _ in range(_RING)]
        cur = [zero] * (top + 1)
        for a in range(2, top + 1):
            row = rows[a % _RING]
            row[0] = nxt[move_in(ruleset, a)]
            # each outcome list bound to its source rows for this a
            small = [[]]
            for d in range(1, (dfn if dfn < 4 else 4) + 1):
                small.append([(rows[(a - al) % _RING], dl, p) for al, dl, p in outcomes(a, d)])
            big = four_t = []
            hi4 = 0  # d <= hi4 rolls La Revancha's four attack dice (att >= 2 * d, d >= 3)
            if dfn > 4:
                big = [(rows[(a - al) % _RING], dl, p) for al, dl, p in outcomes(a, a + 5)]
                if four and a >= 10:
                    four_t = [(rows[(a - al) % _RING], dl, p) for al, dl, p in outcomes(a, 5)]
                    hi4 = a // 2
            for d in range(1, width):
                if d <= 4:
                    t = small[d]
                elif d <= hi4:
                    t = four_t
                else:
                    t = big
                s = zero
                for src, dl, p in t:
                    s += p * src[d - dl]
                row[d] = s
            cur[a] = row[dfn]
        nxt = cur
    return nxt


def ceiling(ruleset, defenders, mods=0):
    """The most P(taking every country) any number of starting armies approaches (never
    reaches): 1 for one country, or where the move-in is all but one (Risk); where the rules
    cap the move at c armies (T.E.G., La Revancha, WAR: 3), a huge first country takes the
    first one with more than c + 1 left and moves c, so the limit is the rest of the chain
    from a front of c armies."""
    check_chain(ruleset, defenders, mods)
    cap = move_in(ruleset, 1000)
    if len(defenders) == 1 or cap >= 999:
        return 1.0
    return chain_values(ruleset, defenders[1:], cap, mods)[cap]


def need(ruleset, p, defenders, mods=0, limit=NEED_LIMIT):
    """The fewest armies on the first country giving P(taking every country) >= ``p``, or None
    when none up to ``limit`` does. p == 1 is never reached (every roll of an attack can go to
    the defender): None at once, not the first count whose float rounds to 1; nor is a p above
    ``ceiling`` (a chain whose move-in is capped). The curve is scanned from 2 armies up, so
    the answer is the fewest even where it does not rise at every step."""
    check_chance(p)
    check_chain(ruleset, defenders, mods)
    if p == 1 or ceiling(ruleset, defenders, mods) < p:
        return None
    top = 8  # (twice the defenders and 8 more: one pass holds most answers, e.g. 80% v 10 = 25)
    for d in defenders:
        top += 2 * d
    while True:
        if top > limit:
            top = limit
        vals = chain_values(ruleset, defenders, top, mods)
        for m in range(2, top + 1):
            if vals[m] >= p:
                return m
        if top >= limit:
            return None
        top *= 2
