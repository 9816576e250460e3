"""The fewest armies for a chance of conquering one country, lean enough for the device's map
screen (issue 26: "needed for 80%" on the attack screen).

comando.odds_chain.need answers the same question, chains too, on the host; it brings
comando.odds with it (about 25 KB of heap on the unix port). This module needs only
comando.combat, which a game has loaded already, so the Pico's heap pays for a few hundred bytes
of code. tests/core/test_odds_chain.py checks that both give the same answers.

The DP runs backwards: V(a, d) = P(conquest | a attacking armies, d defending), V(a, 0) = 1,
V(1, d) = 0; rows a = 2, 3, ... in turn (a roll costs at most 4 armies: 5 rows live), each
d = 1 .. D; the first row whose V(a, D) reaches p is the answer (the fewest, by the scan).
"""

from comando.combat import COUNTS, check_battle, max_dice
from comando.errors import RulesError


def need(ruleset, p, dfn, mods=0, limit=200):
    """The fewest armies (occupation army included) giving P(conquest of ``dfn``) >= ``p``, or
    None when none up to ``limit`` does; p == 1 is never reached (None)."""
    check_battle(ruleset, 2, dfn, mods)
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 < p <= 1:
        raise RulesError("the chance must be above 0 and at most 1, not %r" % (p,))
    if p >= 1:
        return None
    w = dfn + 1
    rows = [[0.0] * w for _ in range(5)]
    rows[1][0] = 1.0  # (a conquest that leaves the attacker 1 army still conquers)
    for a in range(2, limit + 1):
        row = rows[a % 5]
        row[0] = 1.0
        for d in range(1, w):
            ad, dd = max_dice(ruleset, a, d, mods)
            counts = COUNTS[ad - 1][dd - 1]
            k = len(counts) - 1
            s = 0.0
            for j in range(k + 1):
                al = k - j if k - j < a - 1 else a - 1  # losses capped as comando.combat.losses
                dl = j if j < d else d
                s += counts[j] * rows[(a - al) % 5][d - dl]
            row[d] = s / 6 ** (ad + dd)
        if row[dfn] >= p:
            return a
    return None
