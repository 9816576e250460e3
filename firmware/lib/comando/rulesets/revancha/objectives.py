"""La Revancha's objectives (teg-la-revancha.txt, "Objectives", "3. Accidental Destruction of a
Color", "5. Playing with 2 or 3 People", "Appendix: 1. List of Objectives"), read from the
board's ``objectives`` and ``common_objective``.

- Occupation objectives: ``board.occupation_met``.
- Destruction objectives: the colour on the card; "impossible from the start" (one's own colour or
  a colour nobody plays) becomes "the player seated to its right"; "Destroy the player on the
  left" names a seat. If another player wipes the colour out, the holder passes to the common
  objective (``void``).
- Common objective: 45 countries (the board's ``common_objective.total``).
- 2 players: no destroy objectives and no "35 countries"; two objectives each, both needed.
  3 players: the same cards removed; the objective plus "a minimum of 10 extra countries".

Seats are clockwise in turn order (the next seat plays next). Which neighbour is "on the right"
is an option (``right``: -1, the previous seat, as T.E.G. classic reads it, the default; 1: the
next seat, as "the next one is the player to its right" of the placement rounds reads it).
"""

COMMON = 45
EXTRA_3P = 10


_BY_ID = {}  # (board id, objective id) -> the board's objective


def by_id(board, oid):
    key = (board.id, oid)
    o = _BY_ID.get(key)
    if o is None:
        for x in board.objectives:
            if x.get("id") == oid:
                o = x
                _BY_ID[key] = o
    return o


def pool(board, np_):
    """Objective ids in the draw for ``np_`` players."""
    out = []
    for o in board.objectives:
        if np_ <= 3 and (o.get("type") == "destroy" or o.get("total")):
            continue  # "remove from the deck the destruction objectives and ... 35 countries"
        out.append(o["id"])
    return out


def common_total(board, option=None):
    if isinstance(option, int) and option > 0:
        return option
    co = getattr(board, "common_objective", None)
    if isinstance(co, dict) and isinstance(co.get("total"), int):
        return co["total"]
    return COMMON


def target(state, p, o, right):
    """The seat a destroy objective ``o`` aims at for seat ``p``."""
    np_ = state.np
    if o.get("target") == "left":
        return (p - right) % np_
    col = o.get("colour")
    t = state.colours.index(col) if col in state.colours else -1
    if t < 0 or t == p:
        t = (p + right) % np_  # "the player seated to its right"
    return t


_SIZE = {}  # (board id, objective id) -> size


def size(board, o):
    """Countries an occupation objective names (whole continents, counts, islands, total)."""
    key = (board.id, o.get("id"))
    n = _SIZE.get(key)
    if n is None:
        n = _size(board, o)
        _SIZE[key] = n
    return n


def _size(board, o):
    n = 0
    for cid in o.get("continents") or ():
        n += len(board.members(board.continent_index(cid)))
    ci = o.get("countries_in") or {}
    for cid in ci:
        n += ci[cid]
    n += o.get("islands", 0) or 0
    n += len(o.get("countries") or ())
    t = o.get("total") or 0
    return n if n > t else t


def met(state, p, oid, count=None, owner=None):
    """Whether seat ``p`` has completed objective ``oid`` (destroy: it wiped out its target)."""
    o = by_id(state.board, oid)
    if o is None:
        return False
    if o.get("type") == "destroy":
        if state.void[p]:
            return False  # another hand destroyed the colour: the common objective only
        t = state.target[p]
        return t >= 0 and not state.alive[t] and state.killer[t] == p
    if count is not None and count < size(state.board, o):
        return False  # fewer countries than the objective names: not met (cheap, every conquest)
    return state.board.occupation_met(o, state.owner if owner is None else owner, p)
