"""Attack picks for map mode: which countries a player is offered, usual choice first.

A device (or any small screen) names an attack's two countries from two short lists instead of
scrolling the whole board: ``sources(state, p)`` the player's countries that can attack now (two
armies or more, an enemy neighbour the rules let it attack: pacts and situation cards are the
engine's ``check``), then ``targets(state, f)`` the enemy neighbours of the one picked. Orders,
so the usual choice is first:

- sources: the best advantage first (its armies minus the weakest enemy neighbour's), then the
  most armies, then board order;
- targets: the weakest first (fewest armies), a country of the attacker's own continent before
  another, then board order.

``presses(k, n)``: the presses to pick entry ``k`` of ``n`` on a list whose cursor starts on the
first entry and wraps (DOWN k times or UP n - k times, then OK). Plain ints, no allocation beyond
the lists returned: both runtimes run it.
"""

from comando.errors import IllegalMove


def _legal(state, p, f, to):
    try:
        check_attack(state, {"t": "attack", "p": p, "f": f, "to": to})
    except IllegalMove:
        return False
    return True


def check_attack(state, a):
    """The engine's check of the attack ``a`` (IllegalMove naming the rule), before its dice are
    rolled. A game of the table's own dice refuses an attack without the table's result: there
    it is asked with a result its dice can give (any will do: the rest of the check is the
    same). ``a`` is not changed."""
    from comando import engine
    if state.options.get("dice", "device") != "device":
        a = _told(state, dict(a))
    engine.check(state, a)


def _told(state, a):
    from comando import table_dice
    if state.armies[a["f"]] < 2:
        return a   # (the check says why it cannot attack: its dice are not asked)
    na, nd = state.rules.attack_dice(state, a["f"], a["to"], a)
    a["tb"] = 1
    if state.options["dice"] == "table-faces":
        a["ad"] = [6] * na
        a["dd"] = [1] * nd
    else:
        o = table_dice.results(state.armies[a["f"]], state.armies[a["to"]], na, nd)[0]
        a["al"], a["dl"] = o[0], o[1]
    return a


def targets(state, f, p=None):
    """The countries ``f`` may attack now, usual choice first."""
    if p is None:
        p = state.owner[f]
    b = state.board
    own = b.continent_of(f)
    out = []
    for to in b.neighbours(f):
        q = state.owner[to]
        if q != p and _legal(state, p, f, to):
            out.append(to)
    out.sort(key=lambda to: (state.armies[to], 0 if b.continent_of(to) == own else 1, to))
    return out


def sources(state, p):
    """``p``'s countries that can attack now, usual choice first."""
    b = state.board
    scored = []
    for f in range(state.n):
        if state.owner[f] != p or state.armies[f] < 2:
            continue
        weakest = -1
        for to in b.neighbours(f):
            q = state.owner[to]
            if q != p and (weakest < 0 or state.armies[to] < weakest):
                if _legal(state, p, f, to):
                    weakest = state.armies[to]
        if weakest >= 0:
            scored.append((weakest - state.armies[f], -state.armies[f], f))
    scored.sort()
    return [x[2] for x in scored]


def presses(k, n):
    """Presses to pick entry k (0-based) of an n-entry wrapping list, OK included."""
    if n <= 0 or k < 0 or k >= n:
        raise ValueError("no entry %d in a list of %d" % (k, n))
    down = k
    up = n - k
    return (down if down < up else up) + 1
