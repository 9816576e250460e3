"""A tournament round's table draw: every registered player seated once, at tables of 3 to 6
seats within the ruleset's own limits, balanced by rating, avoiding opponents met already.

Deterministic given its seed (``random.Random(seed)``): the organiser's draw can be made again
and checked. The method: table sizes as equal as possible, nearest ``TARGET`` seats; the players
dealt by rating in a serpentine (best to table 1, 2, ... k, then k ... 1), so each table holds
one of each rating band; then swaps of two players at different tables, in a seeded order, kept
while they lower the cost: repeat pairs first (each pair that met before), rating spread second
(the spread of the tables' mean ratings). A swap never raises the cost, so the draw is never
worse than the serpentine deal. Swaps can stop short of a seating without repeats that exists;
for up to EXACT players every seating is then tried (tests/club/test_draw_properties.py
compares the draw with such a brute force).
"""

from __future__ import annotations

import random

SEATS = (3, 6)      # issue 25: tables of 3 to 6 seats, within the ruleset's limits
TARGET = 4          # the table size sought when several fit
PASSES = 40         # swap passes at most (each tries every pair of players at two tables)
EXACT = 10          # players at most for which every seating is tried when the swaps leave a
                    # repeat pair (10 at 4 + 3 + 3: 4,200 seatings)


class DrawError(ValueError):
    """A draw that cannot be made: one line naming why."""


def limits(min_players: int, max_players: int) -> tuple[int, int]:
    lo, hi = max(SEATS[0], min_players), min(SEATS[1], max_players)
    if lo > hi:
        raise DrawError("this ruleset seats %d to %d players: no table of 3 to 6 fits"
                        % (min_players, max_players))
    return lo, hi


def table_sizes(n: int, lo: int, hi: int) -> list[int]:
    """The sizes of the tables for ``n`` players, as equal as possible, nearest TARGET."""
    best = None
    for k in range(1, n + 1):
        small, extra = divmod(n, k)
        if small < lo:
            break
        if small + (extra > 0) > hi:
            continue
        sizes = [small + 1] * extra + [small] * (k - extra)
        score = (sum(abs(s - TARGET) for s in sizes), extra)
        if best is None or score < best[0]:
            best = (score, sizes)
    if best is None:
        raise DrawError("%d players cannot sit at tables of %d to %d (register %s)"
                        % (n, lo, hi, "at least %d" % lo if n < lo else "one more or one fewer"))
    return best[1]


def pair(a, b):
    return (a, b) if a <= b else (b, a)


def repeats(tables, met) -> int:
    """How many pairs at the same table met before (``met``: a set of ``pair``s)."""
    return sum(1 for t in tables for i, a in enumerate(t) for b in t[i + 1:] if pair(a, b) in met)


def spread(tables, rating) -> float:
    means = [sum(rating[p] for p in t) / len(t) for t in tables]
    return max(means) - min(means)


def cost(tables, rating, met):
    return (repeats(tables, met), round(spread(tables, rating), 9))


def draw(players, rating=None, met=(), seed=0, lo=SEATS[0], hi=SEATS[1]):
    """The tables (lists of players) of one round. ``players``: distinct names; ``rating``:
    name -> a number (higher: stronger; default 0); ``met``: pairs of names that met already."""
    players = list(players)
    if len(set(players)) != len(players):
        raise DrawError("a player is registered twice")
    rating = {p: float((rating or {}).get(p, 0.0)) for p in players}
    met = {pair(a, b) for a, b in met}
    sizes = table_sizes(len(players), lo, hi)
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)                                   # ties in rating: the seed decides
    order.sort(key=lambda p: -rating[p])                 # stable: the shuffle breaks ties
    tables = [[] for _ in sizes]
    k, i, step = len(sizes), 0, 1
    for p in order:
        while len(tables[i]) >= sizes[i]:
            i, step = _next(i, step, k)
        tables[i].append(p)
        i, step = _next(i, step, k)
    best = cost(tables, rating, met)
    for _ in range(PASSES):
        improved = False
        slots = [(t, s) for t in range(k) for s in range(sizes[t])]
        rng.shuffle(slots)
        for x, (ta, sa) in enumerate(slots):
            for tb, sb in slots[x + 1:]:
                if ta == tb:
                    continue
                tables[ta][sa], tables[tb][sb] = tables[tb][sb], tables[ta][sa]
                c = cost(tables, rating, met)
                if c < best:
                    best, improved = c, True
                else:
                    tables[ta][sa], tables[tb][sb] = tables[tb][sb], tables[ta][sa]
        if not improved or best == (0, 0.0):
            break
    if best[0] and len(players) <= EXACT:
        # the swaps can stop at a seating no single swap improves while another has fewer
        # repeats (7 players at 4 + 3 already): few players, so every seating is tried
        tables = exact(sorted(players), sizes, rating, met)
    return [sorted(t, key=lambda p: (-rating[p], p)) for t in tables]


def exact(players, sizes, rating, met):
    """The seating of least cost among all of them (the first found of equal cost)."""
    best = None
    for tables in _seatings(players, sizes):
        c = cost(tables, rating, met)
        if best is None or c < best[0]:
            best = (c, tables)
            if c[0] == 0 and c[1] == 0.0:
                break
    return [list(t) for t in best[1]]


def _seatings(players, sizes):
    from itertools import combinations
    if not sizes:
        yield []
        return
    for table in combinations(players, sizes[0]):
        left = [p for p in players if p not in table]
        for rest in _seatings(left, sizes[1:]):
            yield [table] + rest


def _next(i, step, k):
    """The serpentine's next table: 0, 1, .. k-1, k-1, .. 0, 0, 1 .."""
    if k == 1:
        return 0, 1
    j = i + step
    if j == k or j < 0:
        return i, -step
    return j, step
