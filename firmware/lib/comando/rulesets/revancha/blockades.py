"""La Revancha's blockades (teg-la-revancha.txt, "Blockades").

"All countries that have at least three neighbouring countries become blockaded when they are
surrounded on all their borders by enemy armies of a single color. For the blockade to be carried
out, each of the 'blockading' countries must have a minimum of 2 armies." A blockaded country may
not receive new armies (not even its card's three); it may still attack its blockaders.

Lifted (computed, never stored, so every way is covered): 1. a blockading country is left with one
army; 2. a blockading country is conquered (its owner changes); 3. the blockaded country is the
only one its player has left (decided: likewise when every country its player has left is
surrounded and it holds no share of a condominium: the book lifts the last country's blockade so
that a player can always place, and is silent on two or more surrounded at once). The setup
placement rounds (8 and 4, or the 18 of two players) may place on blockaded countries (the engine
asks ``applies`` first).
"""

MIN_NEIGHBOURS = 3
MIN_ARMIES = 2
_LEAST = {}  # board id -> the board's tables.blockade_min_neighbours (read once)


def least(board):
    k = _LEAST.get(board.id)
    if k is None:
        t = board.tables if isinstance(board.tables, dict) else {}
        k = t.get("blockade_min_neighbours", MIN_NEIGHBOURS)
        _LEAST[board.id] = k
    return k


def blockader(state, c, count=None):
    """The seat blockading country ``c``, or -1. ``count``: the countries its owner holds, when
    the caller knows it (a loop over one player's countries)."""
    p = surrounder(state, c)
    if p < 0:
        return -1
    if (count if count is not None else state.count(state.owner[c])) <= 1:
        return -1  # "3. The blockaded country is the only one left to the player"
    if not _free_somewhere(state, state.owner[c]):
        return -1  # 3. as the book means it: every country it has left is surrounded (decided)
    return p


def _free_somewhere(state, q):
    """Whether seat ``q`` may still receive armies somewhere: a country not surrounded, or its
    share of a condominium."""
    for r in state.x.get("cd") or ():
        if r[1] == q:
            return True
    owner = state.owner
    for d in range(state.n):
        if owner[d] == q and surrounder(state, d) < 0:
            return True
    return False


def surrounder(state, c):
    """The seat whose armies (two or more each) stand on every border of country ``c`` (three
    borders at least), or -1: a blockade before the rule that lifts it for a player's last land."""
    b = state.board
    nb = b.neighbours(c)
    owner = state.owner
    q = owner[c]
    p = owner[nb[0]]
    if p == q or p < 0 or len(nb) < least(b):
        return -1
    armies = state.armies
    for m in nb:
        if owner[m] != p or armies[m] < MIN_ARMIES:
            return -1
    return p


def applies(state):
    """Blockades stop placements outside the setup rounds ("Only during the two initial army
    placement rounds (8 and 4) may players place armies in countries that were blockaded")."""
    return state.round > 0


def blockaded(state, c, count=None):
    return applies(state) and blockader(state, c, count) >= 0


def blockaded_of(state, p):
    """The countries of ``p`` under blockade now (sorted)."""
    mine = state.countries_of(p)
    k = len(mine)
    return [c for c in mine if blockader(state, c, k) >= 0]


def all_blockades(state):
    """[(country, blockaded seat, blockading seat)] over the whole map."""
    out = []
    counts = [state.count(p) for p in range(state.np)]
    for c in range(state.n):
        q = state.owner[c]
        if q < 0:
            continue
        p = blockader(state, c, counts[q])
        if p >= 0:
            out.append((c, q, p))
    return out
