"""Board walks shared by ``comando.board.Board`` and the map game's lean board
(``comando.board_map.MapBoard``): missile ranges (``distance``, ``within``), occupy objectives
(``occupation_met``) and Risk's chains of own countries (``chain``, ``chains``, ``connected``).
Functions of a board, written against the public Board API (``n``, ``continents``,
``neighbours``, ``members``, ``island``, ``index``, ``continent_index``, ``owns_continent``);
each board class takes them as its methods."""


def distance(board, a, b, limit=3, shut=None):
    """Borders crossed from a to b (0 for a itself), or None when more than ``limit``
    (La Revancha missiles reach 3 borders away). ``shut``: ordered pairs ``(x, y)`` of borders
    not to cross (a pact's airspace), as a dict or set."""
    if a == b:
        return 0
    seen = bytearray(board.n)
    seen[a] = 1
    frontier = [a]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for x in frontier:
            for y in board.neighbours(x):
                if not seen[y] and (shut is None or (x, y) not in shut):
                    if y == b:
                        return d
                    seen[y] = 1
                    nxt.append(y)
        frontier = nxt
    return None


def within(board, a, limit=3):
    """Countries 1..limit borders away from a: tuple of (country, distance), nearest first."""
    seen = bytearray(board.n)
    seen[a] = 1
    frontier = [a]
    out = []
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for x in frontier:
            for y in board.neighbours(x):
                if not seen[y]:
                    seen[y] = 1
                    nxt.append(y)
                    out.append((y, d))
        frontier = nxt
    return tuple(out)


def occupation_met(board, obj, owner_of, player, armies=None):
    """Whether the player meets an occupy objective (a dict from ``objectives`` or
    ``common_objective``). The clauses are met by disjoint countries: whole continents
    first; "countries_in" counts use the player's other countries of that continent;
    "islands"/"bordering" need countries not already used above (non-islands are used for
    the counts first). "min_armies" (Risk/WAR "18 territories with 2 armies") needs
    ``armies``, a sequence of army counts. Destroy objectives are the engine's (they need the
    players and colours): this returns False for them."""
    if obj.get("type") != "occupy":
        return False
    mine = _mine(board.n, obj, owner_of, player, armies)
    if "total" in obj and sum(mine) < obj["total"]:
        return False
    for cid in obj.get("countries", ()):
        if not mine[board.index(cid)]:
            return False
    used = bytearray(board.n)
    whole = _whole_continents(board, obj, mine, used)
    if whole is None or not _any_continents_ok(board, obj, mine, whole):
        return False
    need = {}
    for cid in obj.get("countries_in", {}):
        need[board.continent_index(cid)] = obj["countries_in"][cid]
    # free[i]: own countries not taken by whole continents or specific countries
    for cid in obj.get("countries", ()):
        used[board.index(cid)] = 1
    isl_n = obj.get("islands", 0)
    tri = obj.get("bordering", 0)
    if not isl_n and not tri:
        return _counts_ok(board, mine, used, need)
    if tri:
        return _bordering_ok(board, mine, used, need, tri, isl_n,
                                  obj.get("islands_continents", 1))
    return _islands_ok(board, mine, used, need, isl_n, obj.get("islands_continents", 1))


def _mine(n, obj, owner_of, player, armies):
    """1 for each country of ``player`` that counts (with ``min_armies``, those holding that many)."""
    mine = bytearray(n)
    floor = obj.get("min_armies", 1)
    for i in range(n):
        if owner_of[i] == player and (armies is None or floor <= 1 or armies[i] >= floor):
            mine[i] = 1
    return mine


def _whole_continents(board, obj, mine, used):
    """The continents the objective names, their countries marked in ``used``; None when the
    player lacks one of their countries."""
    whole = []
    for cid in obj.get("continents", ()):
        c = board.continent_index(cid)
        whole.append(c)
        for i in board.members(c):
            if not mine[i]:
                return None
            used[i] = 1
    return whole


def _any_continents_ok(board, obj, mine, whole):
    """``any_continents``: that many whole continents besides those named (``whole``)."""
    extra = obj.get("any_continents", 0)
    if not extra:
        return True
    got = 0
    for c in range(board.continents):
        if c not in whole and board.owns_continent(mine, 1, c):
            got += 1
    return got >= extra


def _counts_ok(board, mine, used, need):
    """``countries_in``: the player's unused countries of each continent reach its count."""
    for c in need:
        have = 0
        for i in board.members(c):
            if mine[i] and not used[i]:
                have += 1
        if have < need[c]:
            return False
    return True


def _islands_ok(board, mine, used, need, isl_n, spread):
    spare_total = 0
    spare_conts = 0
    for c in range(board.continents):
        land = isl = 0
        for i in board.members(c):
            if mine[i] and not used[i]:
                if board.island(i):
                    isl += 1
                else:
                    land += 1
        k = need.get(c, 0)
        if land + isl < k:
            return False
        spare = isl if land >= k else isl - (k - land)
        if spare > 0:
            spare_total += spare
            spare_conts += 1
    return spare_total >= isl_n and spare_conts >= min(spread, isl_n)


def _bordering_ok(board, mine, used, need, size, isl_n, spread):
    # every clique of `size` own, unused countries; try each against the counts
    cand = [i for i in range(board.n) if mine[i] and not used[i]]
    cset = bytearray(board.n)
    for i in cand:
        cset[i] = 1

    def grow(clique, start):
        if len(clique) == size:
            for i in clique:
                used[i] = 1
            if isl_n:
                ok = _islands_ok(board, mine, used, need, isl_n, spread)
            else:
                ok = True
                for c in need:
                    have = 0
                    for i in board.members(c):
                        if mine[i] and not used[i]:
                            have += 1
                    if have < need[c]:
                        ok = False
            for i in clique:
                used[i] = 0
            return ok
        for j in board.neighbours(clique[-1]) if clique else cand:
            if j < start or not cset[j]:
                continue
            good = True
            for k in clique:
                if j not in board.neighbours(k):
                    good = False
            if good and grow(clique + [j], j + 1):
                return True
        return False

    return grow([], 0)


def chain(board, owner_of, player, start):
    """The connected own-territory chain holding ``start`` (Risk's regroup: armies move along
    a chain of your own ground). Empty tuple if ``start`` is not the player's."""
    if owner_of[start] != player:
        return ()
    seen = bytearray(board.n)
    seen[start] = 1
    stack = [start]
    out = [start]
    while stack:
        x = stack.pop()
        for y in board.neighbours(x):
            if not seen[y] and owner_of[y] == player:
                seen[y] = 1
                stack.append(y)
                out.append(y)
    out.sort()
    return tuple(out)


def chains(board, owner_of, player):
    """All of a player's connected chains, each a sorted tuple, ordered by first country."""
    seen = bytearray(board.n)
    out = []
    for i in range(board.n):
        if owner_of[i] == player and not seen[i]:
            ch = chain(board, owner_of, player, i)
            for x in ch:
                seen[x] = 1
            out.append(ch)
    return out


def connected(board, owner_of, player, a, b):
    """True when a and b are joined by a chain of the player's own countries."""
    return b in chain(board, owner_of, player, a)
