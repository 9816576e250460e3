"""La Revancha's aggression pacts and countries in condominium (rules/teg-la-revancha.txt,
"Aggression Pacts and Condominiums", "To attack a country in condominium"): plain-data helpers.

State (all in ``state.x``, copied and folded like the rest):

- ``cd``: one row per country in condominium, ``[c, q, n, w, started]``: ``state.owner[c]`` is
  the first holder (``state.armies[c]`` its own armies), ``q`` the co-holder with ``n`` armies
  there; ``w`` the condominium's non-aggression pact: -1 holds, a seat >= 0 when broken (it binds
  until that seat's next turn ends, ``started`` set when that turn begins), -2 no pact (a
  condominium born of an expulsion, or the pact lifted).
- ``ag``: the joint attack under way, ``[to, lead, ally, a, b, next, obliged]`` (sources ``a``
  of the leader, ``b`` of the ally; ``next`` the seat that must roll next), or None.
- ``cdm``: after a joint conquest, ``[c, a, b]`` while both may still add an army (1 or 2 each).
- ``cdq``: countries this turn's player conquered by aggression pact; ``cdr``: ``[c, ally]`` the
  ally may regroup into after the leader (this turn only).
"""

def quote(key):
    # (the words: quotes.txt, read when a refusal needs them)
    from comando.rulesets.revancha.quotes import quote as _words
    sec, text = _words(key)
    return ' (teg-la-revancha.txt, %s: "%s")' % (sec, text)


def rows(state):
    return state.x.get("cd") or []


def row(state, c):
    for r in state.x.get("cd") or ():
        if r[0] == c:
            return r
    return None


def holders(state, c):
    r = row(state, c)
    if r is None:
        return (state.owner[c],)
    return (state.owner[c], r[1])


def holds(state, c, p):
    return p in holders(state, c)


def own(state, c, p):
    """The armies of seat ``p`` in country ``c`` (its share of a condominium)."""
    r = row(state, c)
    if r is not None and r[1] == p:
        return r[2]
    return state.armies[c] if state.owner[c] == p else 0


def add_own(state, c, p, n):
    r = row(state, c)
    if r is not None and r[1] == p:
        r[2] += n
    else:
        state.armies[c] += n


def holds_any(state, p):
    for r in rows(state):
        if r[1] == p:
            return True
    return False


def swap(state, c):
    """The co-holder becomes the recorded holder (and back): a roll against one occupant or
    by one occupant then runs on ``state.owner``/``state.armies`` like any other country."""
    r = row(state, c)
    if r is None:
        return
    r[1], state.owner[c] = state.owner[c], r[1]
    r[2], state.armies[c] = state.armies[c], r[2]


def pact_holds(r):
    """The condominium's own non-aggression pact binds its two holders (held, or broken but
    still respected)."""
    return r[3] != -2


def other(state, c, p):
    r = row(state, c)
    if r is None:
        return -1
    return r[1] if state.owner[c] == p else state.owner[c]


def drop(state, c):
    state.x["cd"] = [r for r in rows(state) if r[0] != c]


def expel(state, c):
    """"4. The expulsion of one of the occupants ... automatically implies the breaking of all
    pacts linked to that condominium": the condominium's pact and the aggression pact's
    automatic one; the new pair has no pact."""
    r = row(state, c)
    if r is not None:
        r[3] = -2
        r[4] = 0
    state.pacts = [q for q in state.pacts if not (q[1] == "a" and q[4] == c)]


def turn_begins(state):
    """A broken condominium pact starts its last binding turn; the aggression pacts' one-round
    non-aggression ends when the ally's turn of the following round comes. Keys are touched only
    when a condominium was ever made (older logs fold to the same state)."""
    x = state.x
    if "cd" not in x:
        return
    cur = state.cur
    for r in x["cd"]:
        if r[3] == cur:
            r[4] = 1
    if state.pacts:
        state.pacts = [q for q in state.pacts
                       if not (q[1] == "a" and q[3] == cur and state.round > q[5])]
    x["cdq"] = 0
    x["cdr"] = []
    x["cdm"] = None
    x["ag"] = None


def ensure(state):
    x = state.x
    if "cd" not in x:
        x["cd"] = []
        x["cdq"] = 0
        x["cdr"] = []
        x["cdm"] = None
        x["ag"] = None


def turn_ends(state, p):
    for r in rows(state):
        if r[3] == p and r[4]:
            r[3] = -2
            r[4] = 0


def describe(state, r):
    c = r[0]
    s = "%s in condominium: %s %d, %s %d" % (state.board.name(c), state.who(state.owner[c]),
                                              state.armies[c], state.who(r[1]), r[2])
    if r[3] == -1:
        s += "; non-aggression inside"
    elif r[3] >= 0:
        s += "; pact broken, binds until %s's next turn ends" % state.who(r[3])
    else:
        s += "; no pact"
    return s


def owner_view(state, p):
    """The owners as seat ``p``'s countries are counted (reinforcements, continents, 45 countries,
    objectives). The book says a country in condominium "belongs equally to the two players" yet
    "neither has absolute control of it": table option ``condo`` decides (docs/architecture.md):
    0 (default) it counts for neither holder, 1 it counts for each holder."""
    if not state.x.get("cd"):
        return state.owner
    both = state.options.get("condo", 0) == 1
    o = list(state.owner)
    for r in state.x["cd"]:
        c = r[0]
        o[c] = p if both and (o[c] == p or r[1] == p) else -1
    return o


def count(state, p):
    o = owner_view(state, p)
    n = 0
    for x in o:
        if x == p:
            n += 1
    return n
