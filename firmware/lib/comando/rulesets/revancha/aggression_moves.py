"""La Revancha's aggression pacts and condominiums: the moves' own code (rules/teg-la-revancha.txt,
"Aggression Pacts and Condominiums", "To attack a country in condominium"). ``aggression.JointRules``
keeps one-line methods that load this module at the first such move, so a game that never makes
one (the device's map mode: it offers none) never holds this code in its heap (issue 22). Each
function takes the rules object as ``self``, as the method it stands for did."""

from comando.errors import IllegalMove
from comando.texts import refused
from comando.engine.rules import Rules
from comando import combat
from comando.rulesets.revancha import condominium as cdm


def ag_source(self, ag, p):
    return ag[3] if p == ag[1] else ag[4]


def check_aggress(self, state, a):
    """``aggress``: seat ``p`` (on turn, it leads) and ally ``q`` attack ``to`` from ``a``
    (``p``'s) and ``b`` (``q``'s); ``a == b`` is their condominium attacking a third party."""
    p = self.turn(state, a, ("add", "attack"))
    self.leave_add(state, p, "attack")
    self.rest_check(state, p, "attack")
    if state.x.get("ag") or state.x.get("cdm"):
        raise refused(IllegalMove, 203, cdm.quote("ag_order"))
    q = a.get("q")
    if not isinstance(q, int) or isinstance(q, bool) or q < 0 or q >= state.np or q == p or not state.alive[q]:
        raise refused(IllegalMove, 204)
    self.rest_check(state, q, "attack")  # the REST card: the resting colour may not attack
    to = self.country(state, a, "to")
    fa = self.country(state, a, "a")
    fb = self.country(state, a, "b")
    if cdm.row(state, to) is not None:
        raise refused(IllegalMove, 205, self.cname(state, to), cdm.quote("cd_name"))
    if state.owner[to] in (p, q):
        raise refused(IllegalMove, 206, cdm.quote("ag_border"))
    for who, f in ((p, fa), (q, fb)):
        if not cdm.holds(state, f, who):
            raise refused(IllegalMove, 207, self.cname(state, f), state.who(who), cdm.quote("ag_border"))
        if not state.board.is_border(f, to):
            raise refused(IllegalMove, 208, self.cname(state, f), self.cname(state, to), cdm.quote("ag_border"))
        # each ally's attack is an attack: the round's border card binds both (decided,
        # docs/architecture.md)
        self.border_card_check(state, who, f, to)
        rf = cdm.row(state, f)
        if rf is not None and cdm.pact_holds(rf) and state.owner[to] == cdm.other(state, f, who):
            raise refused(IllegalMove, 209, state.who(who), self.cname(state, to), self.cname(state, f), cdm.quote("cd_from"))
    if (fa == fb) != (cdm.row(state, fa) is not None and cdm.holds(state, fa, q)):
        raise refused(IllegalMove, 210, cdm.quote("ag_border"))
    for f in (fa, fb):
        pact = self.blocking_pact(state, f, to) if cdm.row(state, f) is None else None
        if pact is not None:
            raise refused(IllegalMove, 211, self.cname(state, f), self.cname(state, to), self.describe_pact(state, pact))
    if cdm.own(state, fa, p) < 2:
        raise refused(IllegalMove, 212, self.cname(state, fa), state.who(p), cdm.quote("ag_order"))


def apply_aggress(self, state, e):
    self.close_pending(state)
    cdm.ensure(state)
    p, q, to = e["p"], e["q"], e["to"]
    state.phase = "attack"
    # "there is no obligation to attack the new target to the end" from a condominium
    state.x["ag"] = [to, p, q, e["a"], e["b"], p, 0 if e["a"] == e["b"] else 1]
    # "Aggression pacts automatically establish a non-aggression pact between the allied
    # countries, which must be respected for one round."
    for pact in state.pacts:
        if pact[1] == "a" and pact[2] == p and pact[3] == q and pact[5] == state.round:
            return
    state.pacts.append([e.get("seq", state.seq), "a", p, q, to, state.round, -1, 0])


def check_joint(self, state, a, ag):
    self.over(state)
    p = self.player(state, a)
    f = self.country(state, a, "f")
    if p != ag[5]:
        raise refused(IllegalMove, 213, state.who(ag[5]), self.cname(state, ag[0]), cdm.quote("ag_order"))
    if f != ag_source(self, ag, p):
        raise refused(IllegalMove, 214, state.who(p), self.cname(state, ag[0]), self.cname(state, ag_source(self, ag, p)), cdm.quote("ag_border"))
    if "ad" in a or "dd" in a:
        na, nd = self.attack_dice(state, f, ag[0], a)
        self.check_dice(a.get("ad"), na, "attacker")
        self.check_dice(a.get("dd"), nd, "defender")


def apply_joint(self, state, e, ag):
    Rules.close_pending(self, state)
    state.phase = "attack"
    p, f, to = e["p"], e["f"], ag[0]
    la, ld = combat.losses(cdm.own(state, f, p), state.armies[to], e["ad"], e["dd"])
    cdm.add_own(state, f, p, -la)
    state.armies[to] -= ld
    if state.armies[to] <= 0:
        joint_conquer(self, state, p, ag, e)
        return
    o = ag[2] if p == ag[1] else ag[1]
    if cdm.own(state, ag_source(self, ag, o), o) >= 2:
        ag[5] = o
    elif cdm.own(state, f, p) < 2:
        state.x["ag"] = None  # "until only one token remains in each attacking country"


def joint_conquer(self, state, roller, ag, e):
    """"If the country is conquered, it becomes a COUNTRY IN CONDOMINIUM": one army of each
    moves in now, a second one each with the ``move`` that follows. When the other party's
    attacking country is down to one army (it cannot move one in), the roller takes it alone
    (docs/architecture.md)."""
    to, lead, ally, fa, fb = ag[0], ag[1], ag[2], ag[3], ag[4]
    x = state.x
    victim = state.owner[to]
    self.taken_from(state, to, victim)
    both = cdm.own(state, fa, lead) >= 2 and cdm.own(state, fb, ally) >= 2
    if both:
        state.owner[to] = lead
        state.armies[to] = 1
        cdm.add_own(state, fa, lead, -1)
        x["cd"].append([to, ally, 1, -1, 0])
        cdm.add_own(state, fb, ally, -1)
        x["cdm"] = [to, fa, fb]
        x["cdr"].append([to, ally])
    else:
        src = ag_source(self, ag, roller)
        state.owner[to] = roller
        state.armies[to] = 1
        cdm.add_own(state, src, roller, -1)
        x["cdm"] = [to, src if roller == lead else -1, src if roller == ally else -1]
    x["ag"] = None
    x["cdq"] += 1
    self.pacts_after_conquest(state, to, state.owner[to])
    if victim >= 0 and state.count(victim) == 0 and not cdm.holds_any(state, victim):
        self.eliminate(state, victim, roller)
    for s in (lead, ally):
        if state.phase != "over" and self.victory(state, s):
            self.win(state, s)


def check_cmove(self, state, a, m):
    p = self.turn(state, a, ("attack",))
    to, fa, fb = m
    ally = cdm.other(state, to, p) if cdm.row(state, to) is not None else -1
    for key, who, f in (("n", p, fa), ("m", ally, fb)):
        if f < 0:
            if a.get(key) not in (None, 1):
                raise refused(IllegalMove, 215, self.cname(state, to))
            continue
        n = a.get(key, 1)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1 or n > 2:
            raise refused(IllegalMove, 216, state.who(who), self.cname(state, to), n, cdm.quote("cd_move"))
        if n == 2 and cdm.own(state, f, who) < 2:
            raise refused(IllegalMove, 217, self.cname(state, f), state.who(who), self.cite("attacking armies"))


def apply_cmove(self, state, e, m):
    to, fa, fb = m
    for key, f in (("n", fa), ("m", fb)):
        if f >= 0 and e.get(key, 1) == 2:
            who = state.cur if key == "n" else cdm.other(state, to, state.cur)
            cdm.add_own(state, f, who, -1)
            cdm.add_own(state, to, who, 1)
    state.x["cdm"] = None


def attack_swaps(self, state, a):
    """Countries to swap so that ``state.owner``/``armies`` show the two sides of the roll."""
    out = []
    f, to, p = a.get("f"), a.get("to"), a.get("p")
    if cdm.row(state, f) is not None and state.owner[f] != p:
        out.append(f)
    if cdm.row(state, to) is not None and state.owner[to] != a.get("vs"):
        out.append(to)
    return out


def check_condo_attack(self, state, a):
    p = self.player(state, a)
    f = self.country(state, a, "f")
    to = self.country(state, a, "to")
    rt = cdm.row(state, to)
    if rt is not None:
        vs = a.get("vs")
        if vs not in cdm.holders(state, to):
            raise refused(IllegalMove, 218, self.cname(state, to), state.who(state.owner[to]), state.who(rt[1]), cdm.quote("cd_name"))
        if cdm.holds(state, to, p):
            if cdm.pact_holds(rt):
                raise refused(IllegalMove, 219, self.cname(state, to), state.who(vs), cdm.quote("cd_inside"))
            if vs == p:
                raise refused(IllegalMove, 220, self.cname(state, to))
    rf = cdm.row(state, f)
    if rf is not None and cdm.holds(state, f, p) and cdm.pact_holds(rf) \
            and state.owner[to] == cdm.other(state, f, p):
        raise refused(IllegalMove, 221, state.who(p), self.cname(state, to), self.cname(state, f), cdm.quote("cd_from"))


def with_swaps(self, state, cs, fn, *args):
    for c in cs:
        cdm.swap(state, c)
    try:
        return fn(*args)
    finally:
        for c in cs:
            cdm.swap(state, c)


def check_cbreak(self, state, a):
    """``cbreak``: holder ``p`` announces the breaking of the non-aggression inside
    condominium ``c`` ("may be broken when one of the parties announces its breaking")."""
    self.over(state)
    p = self.player(state, a)
    c = self.country(state, a)
    r = cdm.row(state, c)
    if r is None or not cdm.holds(state, c, p):
        raise refused(IllegalMove, 222, self.cname(state, c), state.who(p))
    if r[3] != -1:
        raise refused(IllegalMove, 223, self.cname(state, c))


def apply_cbreak(self, state, e):
    r = cdm.row(state, e["c"])
    if r is None:
        return
    r[3] = cdm.other(state, e["c"], e["p"])  # binds "until the next turn of the other party ends"
    r[4] = 0


def check_inside(self, state, a):
    """"After the pact is broken, they may attack each other within the borders of Ukraine":
    an attack with ``f == to`` and ``vs`` the other holder, each side with its own armies."""
    p = self.turn(state, a, ("add", "attack"))
    self.leave_add(state, p, "attack")
    self.rest_check(state, p, "attack")
    c = a["f"]
    r = cdm.row(state, c)
    if r is None or not cdm.holds(state, c, p):
        raise refused(IllegalMove, 224, self.cname(state, c))
    vs = cdm.other(state, c, p)
    if a.get("vs", vs) != vs:
        raise refused(IllegalMove, 225, self.cname(state, c), state.who(vs))
    if cdm.pact_holds(r):
        raise refused(IllegalMove, 226, state.who(p), state.who(vs), self.cname(state, c), cdm.quote("cd_broken" if r[3] >= 0 else "cd_inside"))
    if cdm.own(state, c, p) < 2:
        raise refused(IllegalMove, 227, self.cname(state, c), self.cite("attacking armies"))
    if "ad" in a or "dd" in a:
        b = dict(a)
        b["vs"] = vs
        na, nd = self.attack_dice(state, c, c, b)
        self.check_dice(a.get("ad"), na, "attacker")
        self.check_dice(a.get("dd"), nd, "defender")


def apply_inside(self, state, e):
    self.close_pending(state)
    state.phase = "attack"
    p, c = e["p"], e["f"]
    vs = cdm.other(state, c, p)
    la, ld = combat.losses(cdm.own(state, c, p), cdm.own(state, c, vs), e["ad"], e["dd"])
    cdm.add_own(state, c, p, -la)
    cdm.add_own(state, c, vs, -ld)
    if cdm.own(state, c, vs) > 0:
        return
    # "When a player conquers for itself a country in condominium, it may count it among
    # those necessary for drawing a card."
    n = cdm.own(state, c, p)
    cdm.drop(state, c)
    state.owner[c] = p
    state.armies[c] = n
    state.conq += 1
    state.last = c
    self.taken_from(state, c, vs)  # with option condo=1 the share counted for vs's continent
    if state.count(vs) == 0 and not cdm.holds_any(state, vs):
        self.eliminate(state, vs, p)
    if self.victory(state, p):
        self.win(state, p)


def regroup_swaps(self, state, a):
    """The condominiums a co-holder regroups into or out of (its own share moves)."""
    p = a.get("p")
    out = []
    for c in (a.get("f"), a.get("to")):
        if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < state.n \
                and cdm.row(state, c) is not None:
            if a.get("m"):
                raise refused(IllegalMove, 228)
            if state.owner[c] != p and cdm.holds(state, c, p):
                out.append(c)
    return out


def check_ally_regroup(self, state, a):
    """"its ally may also regroup armies (from its attacking country and/or from any other
    neighbor) toward the country in condominium": after the leader's regroups (they end)."""
    self.over(state)
    p = a["p"]
    to = a["to"]
    if state.phase not in ("attack", "regroup", "card") or state.x.get("cdm") or self.ag_live(state):
        raise refused(IllegalMove, 229, state.who(p), self.cname(state, to), state.who(state.cur), cdm.quote("cd_ally_regroup"))
    f = self.country(state, a, "f")
    n = a.get("n")
    if state.owner[f] != p or cdm.row(state, f) is not None:
        raise refused(IllegalMove, 230, self.cname(state, f), state.who(p))
    if not state.board.is_border(f, to):
        raise refused(IllegalMove, 231, self.cname(state, f), self.cname(state, to), cdm.quote("cd_ally_regroup"))
    if a.get("m"):
        raise refused(IllegalMove, 232, cdm.quote("cd_ally_regroup"))
    if not isinstance(n, int) or isinstance(n, bool) or n < 1 or n > state.armies[f] - 1:
        from comando.wording import count
        raise refused(IllegalMove, 233, self.cname(state, f), count(state.armies[f], "army"), state.armies[f] - 1, self.cite("regrouping"))
