"""La Revancha's missiles (teg-la-revancha.txt, "Attack Conditions", "Attacks with Missiles").

A missile is worth 6 armies: placed as part of the new forces or replacing 6 armies already on the
map (one occupation army always stays). It reaches up to three borders and destroys 3, 2 or 1
enemy armies by distance, without dice, then leaves the board. It never conquers: "If a country
has fewer armies than the missile can destroy, it may not be attacked by a missile" (the Tasmania
example: 3 armies against 3 damage is refused, so the target needs more armies than the damage).
A country holding missiles cannot be hit unless the firing country holds more of them (the
Argentina / Australia example). Missiles never defend, never count as armies (the 4-dice rule),
are captured with their country and move only in the regroup stage.

Pacts: "they may not fly missiles over the borders of the pact" - the flight distance is measured
on the map without the pacted borders of the firing player (``distance``).
"""

ARMIES = 6
RANGE = 3
DESTROYS = (3, 2, 1)


def table(board):
    """(armies per missile, range, destroys by distance) from the board's ``tables.missile``."""
    t = board.tables.get("missile") if isinstance(board.tables, dict) else None
    if not isinstance(t, dict):
        return ARMIES, RANGE, DESTROYS
    return (t.get("armies", ARMIES), t.get("range", RANGE), tuple(t.get("destroys", DESTROYS)))


def damage(board, dist):
    """Armies a missile destroys at ``dist`` borders (0 when out of range)."""
    _, rng, hits = table(board)
    if dist is None or dist < 1 or dist > rng or dist > len(hits):
        return 0
    return hits[dist - 1]


def distance(board, f, to, closed=(), limit=RANGE):
    """Borders a missile crosses from ``f`` to ``to`` avoiding the ``closed`` borders (pairs of
    countries: a pact's airspace), or None beyond ``limit``."""
    if f == to:
        return 0
    if not closed:
        return board.distance(f, to, limit)
    shut = {}
    for a, b in closed:
        shut[(a, b)] = 1
        shut[(b, a)] = 1
    return board.distance(f, to, limit, shut)


def targets(board, f, closed=(), limit=RANGE):
    """[(country, distance)] a missile in ``f`` reaches (pacted borders closed)."""
    out = []
    for c, _d in board.within(f, limit):
        d = distance(board, f, c, closed, limit)
        if d is not None:
            out.append((c, d))
    return out
