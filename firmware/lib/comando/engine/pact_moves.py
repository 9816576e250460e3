"""The pacts' own code in the common rules (rules/teg.txt, "Pacts"; each ruleset's book where it
has them): checking a new pact or its breaking, and how a pact reads. ``rules.Rules`` keeps
one-line methods that load this module at the first of them, so a game without a pact (the
device's map mode offers none: they are the table's) never holds it in its heap (issue 22). Each
function takes the rules object as ``self``, as the method it stands for did."""

from comando.errors import IllegalMove
from comando.texts import refused


def check_pact(self, state, a):
    self.over(state)
    if state.round < 1 and state.phase == "claim":
        raise refused(IllegalMove, 70)
    p = self.player(state, a)
    q = a.get("q")
    if not isinstance(q, int) or q < 0 or q >= state.np or q == p:
        raise refused(IllegalMove, 71)
    if not state.alive[p] or not state.alive[q]:
        raise refused(IllegalMove, 72)
    k = a.get("k")
    b = state.board
    if k == "c":
        x = self.country(state, a, "a")
        y = self.country(state, a, "b")
        if state.owner[x] != p or state.owner[y] != q:
            raise refused(IllegalMove, 73, state.who(p), state.who(q))
        if not b.is_border(x, y):
            raise refused(IllegalMove, 74, self.cname(state, x), self.cname(state, y), self.cite("pacts"))
    elif k == "z":
        z = self.country(state, a, "a")
        np_ = nq = False
        for m in b.neighbours(z):
            if state.owner[m] == p:
                np_ = True
            if state.owner[m] == q:
                nq = True
        if not (np_ or state.owner[z] == p) or not (nq or state.owner[z] == q):
            raise refused(IllegalMove, 75, self.cname(state, z), state.who(p), state.who(q), self.cite("international zone pact"))
    elif k != "w":
        raise refused(IllegalMove, 76, k)
    for pact in state.pacts:
        if pact[1] == k and {pact[2], pact[3]} == {p, q} and (k == "w" or {pact[4], pact[5]} == {a.get("a", -1), a.get("b", -1)}):
            raise refused(IllegalMove, 77, pact[0])


def check_unpact(self, state, a):
    self.over(state)
    p = self.player(state, a)
    i = a.get("id")
    for pact in state.pacts:
        if pact[0] == i:
            if p != pact[2] and p != pact[3]:
                raise refused(IllegalMove, 78, state.who(pact[2]), state.who(pact[3]), i)
            if pact[6] >= 0:
                raise refused(IllegalMove, 79, i, state.who(pact[6]))
            return
    raise refused(IllegalMove, 80, i)


def describe_pact(self, state, pact):
    i, k, p, q, x, y = pact[0], pact[1], pact[2], pact[3], pact[4], pact[5]
    if k == "w":
        s = "pact #%d: world non-aggression between %s and %s" % (i, state.who(p), state.who(q))
    elif k == "c":
        s = "pact #%d: %s (%s) and %s (%s) do not attack each other across that border" % (
            i, self.cname(state, x), state.who(p), self.cname(state, y), state.who(q))
    else:
        s = "pact #%d: %s is an international zone between %s and %s" % (
            i, self.cname(state, x), state.who(p), state.who(q))
    if pact[6] >= 0:
        s += "; broken, binds until %s's next turn ends" % state.who(pact[6])
    return s
