"""La Revancha's pacts: the code of the moves only a pact makes (rules/teg-la-revancha.txt,
"Pacts"): the pacts' kinds, how they read, and the international zone's "forgetting" penalty.
``pact_rules.PactRules`` keeps one-line methods that load this module at the first of them, so a
game without a pact (the device's map mode offers none) never holds it in its heap (issue 22).
Each function takes the rules object as ``self``, as the method it stands for did."""

from comando.errors import IllegalMove
from comando.texts import refused
from comando.engine import rand
from comando.engine.rules import Rules
from comando.rulesets.revancha import missiles


def zone_of(self, state, i):
    for pact in state.pacts:
        if pact[0] == i and pact[1] == "z":
            return pact
    return None


def check_forget(self, state, a):
    """"If a player 'forgets' ... to attack an International Zone or to leave the corresponding
    country with a token, it will be penalized": told by the harmed player ``p`` against
    ``q``, for zone pact ``id``; ``keep`` 1/0: the harmed player's choice to keep the zone."""
    self.over(state)
    p = self.player(state, a)
    q = a.get("q")
    z = zone_of(self, state, a.get("id"))
    if z is None:
        raise refused(IllegalMove, 234, a.get("id"))
    if not isinstance(q, int) or q == p or {p, q} != {z[2], z[3]}:
        raise refused(IllegalMove, 235, z[0])
    if a.get("keep") not in (0, 1):
        raise refused(IllegalMove, 236)
    card = a.get("card")
    if card is not None and card not in state.hands[q]:
        raise refused(IllegalMove, 237, state.who(q))


def make_forget(self, state, a, src):
    e = dict(a)
    h = state.hands[a["q"]]
    if h and "card" not in e:
        e["card"] = h[rand.below(src, len(h))]  # "One country card is taken from it at random"
    return e


def apply_forget(self, state, e):
    q = e["q"]
    card = e.get("card")
    if card is not None and card in state.hands[q]:
        state.hands[q].remove(card)
        state.deck.insert(0, card)  # "which returns to the deck" (at the bottom)
        state.bonused[card] = 0
    elif not state.hands[q]:
        state.x["nocard"][q] = 1
    if not e["keep"]:
        state.pacts = [x for x in state.pacts if x[0] != e["id"]]


def check_pact(self, state, a):
    k = a.get("k")
    if k not in ("c", "k", "b", "w", "z"):
        raise refused(IllegalMove, 238, k, self.cite("pacts"))
    if k == "c":
        _check_country_pact(self, state, a)
    elif k in ("k", "b"):
        _check_continent_pact(self, state, a, k)
    else:
        if k == "z":
            _check_zone_pact(self, state, a)
        Rules.check_pact(self, state, a)


def _check_country_pact(self, state, a):
    # "a non-aggression pact between one of its countries and a neighboring or
    # non-neighboring country that could be bombarded with a missile"
    self.over(state)
    p = self.player(state, a)
    x = self.country(state, a, "a")
    y = self.country(state, a, "b")
    d = state.board.distance(x, y, missiles.table(state.board)[1])
    if d is None:
        raise refused(IllegalMove, 239, self.cname(state, x), self.cname(state, y), self.quote("pact_range"))
    if d <= 1:
        Rules.check_pact(self, state, a)
        return
    q = a.get("q")
    if not isinstance(q, int) or q < 0 or q >= state.np or q == p:
        raise refused(IllegalMove, 240)
    if state.owner[x] != p or state.owner[y] != q:
        raise refused(IllegalMove, 241, state.who(p), state.who(q))
    for pact in state.pacts:
        if pact[1] == "c" and {pact[4], pact[5]} == {x, y}:
            raise refused(IllegalMove, 242, pact[0])


def _check_continent_pact(self, state, a, k):
    """A pact over a continent (``k``) or the borders of two (``b``)."""
    self.over(state)
    p = self.player(state, a)
    q = a.get("q")
    if not isinstance(q, int) or q < 0 or q >= state.np or q == p:
        raise refused(IllegalMove, 243)
    if not state.alive[p] or not state.alive[q]:
        raise refused(IllegalMove, 244)
    nc = state.board.continents
    for key in (("a",) if k == "k" else ("a", "b")):
        v = a.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v >= nc:
            raise refused(IllegalMove, 245, v)
    if k == "b" and a["a"] == a["b"]:
        raise refused(IllegalMove, 246)
    for pact in state.pacts:
        if pact[1] == k and {pact[2], pact[3]} == {p, q} and \
                {pact[4], pact[5]} == {a.get("a"), a.get("b", -1)}:
            raise refused(IllegalMove, 247, pact[0])


def _check_zone_pact(self, state, a):
    """An international zone's own conditions (the zones option): three exchanges each, one
    zone a player; the rest is the common pact check's."""
    p = self.player(state, a)
    q = a.get("q")
    if self.opt(state, "zones") and isinstance(q, int) and 0 <= q < state.np:
        for s in (p, q):
            if state.trades[s] < 3:
                raise refused(IllegalMove, 248, state.who(s), state.trades[s], self.quote("zone_third"))
        for pact in state.pacts:
            if pact[1] == "z" and (pact[2] in (p, q) or pact[3] in (p, q)):
                raise refused(IllegalMove, 249, state.who(pact[2] if pact[2] in (p, q) else pact[3]), pact[0], self.quote("zone_one"))


def describe_pact(self, state, pact):
    k = pact[1]
    if k == "a":
        return ("pact #%d: %s and %s attacked %s together: they do not attack each other until "
                "%s's turn of the next round" % (pact[0], state.who(pact[2]), state.who(pact[3]),
                                                 state.board.name(pact[4]), state.who(pact[3])))
    if k not in ("k", "b"):
        return Rules.describe_pact(self, state, pact)
    b = state.board
    i, p, q = pact[0], pact[2], pact[3]
    if k == "k":
        s = "pact #%d: %s and %s do not attack each other in %s" % (
            i, state.who(p), state.who(q), b.continent_name(pact[4]))
    else:
        s = "pact #%d: %s and %s do not attack each other across the %s - %s borders" % (
            i, state.who(p), state.who(q), b.continent_name(pact[4]), b.continent_name(pact[5]))
    if pact[6] >= 0:
        s += "; broken, binds until %s's next turn ends" % state.who(pact[6])
    return s
