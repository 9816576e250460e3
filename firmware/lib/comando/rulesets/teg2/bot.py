"""A T.E.G. II player for the engine (``Teg2Rules.bot_action``): it places its tokens, adds its
units where its objectives need them, attacks where it is clearly stronger (bringing spare units
from neighbouring regions, within the basic cap or without attrition), retreats from hopeless
combats, splits its forces over the three clocks with seeded randomness, and launches its rocket
where it hurts the others most. Every action it proposes passes the engine's ``check``.
"""

from comando.errors import IllegalMove
from comando.engine import check, rand
from comando.rulesets.teg2 import objectives as objs
from comando.rulesets.teg2.command import CLOCK_MAX

TOKEN_ORDER = (4, 2, 1, 3, 0)  # CONTROL 5 first, INTERVENTION 1 last
MAX_ATTACKS = 4


def _legal(state, a):
    try:
        check(state, a)
        return True
    except IllegalMove:
        return False


def action(state, src):
    r = state.rules
    p = r.actor(state)
    x = state.x
    if p < 0:
        return None
    if x.get("must", -1) >= 0:
        return launch(state, p, src)
    if state.phase == "objectives":
        return token(state, p, src)
    if state.phase == "add":
        return add(state, p, src)
    w = x["war"]
    if w:
        if w[3] == 0:
            return answer(state, p, w, src)
        return fight(state, p, w, src)
    if r.rocket_of(state, p) is not None:
        return launch(state, p, src)
    a = attack(state, p, src)
    if a is not None:
        return a
    return {"t": "end", "p": p}


def my_tokens(state, p):
    """[(k, region)] of ``p``'s placed tokens outside mushrooms."""
    x = state.x
    out = []
    for k in range(objs.NTOKENS):
        c = x["tok"][p * objs.NTOKENS + k]
        if c >= 0 and not x["boom"][c]:
            out.append((k, c))
    return out


def token(state, p, src):
    r = state.rules
    x = state.x
    placed = x["tok"][p * objs.NTOKENS:(p + 1) * objs.NTOKENS]
    k = [t for t in TOKEN_ORDER if placed[t] < 0][0]
    free = [c for c in r.table(state, r.group_of(state, p)) if c not in placed]
    # CONTROL where the fewest others aim; the rest anywhere free
    if objs.TOKENS[k][0] == objs.CONTROL:
        crowd = [sum(1 for q in range(state.np) if c in x["tok"][q * objs.NTOKENS:
                                                                 (q + 1) * objs.NTOKENS])
                 for c in free]
        low = min(crowd)
        free = [free[i] for i in range(len(free)) if crowd[i] == low]
    return {"t": "token", "p": p, "k": k, "c": free[rand.below(src, len(free))]}


def enemy_max(state, c, p):
    np_ = state.np
    x = state.x
    best = 0
    for q in range(np_):
        if q != p:
            v = x["u"][c * np_ + q] + x["s"][c * np_ + q]
            if v > best:
                best = v
    return best


def need(state, p, k, c):
    """Units ``p`` still wants in ``c`` for token ``k``."""
    r = state.rules
    kind = objs.TOKENS[k][0]
    have = r.u(state, c, p) + state.x["s"][c * state.np + p]
    iv = r.opt(state, "iv")
    if kind == objs.INTERVENTION:
        return iv + 1 - have
    if kind == objs.CONTROL:
        return max(r.opt(state, "ctl"), enemy_max(state, c, p) * 3 // 2 + 2) - have
    return 0


def add(state, p, src):
    r = state.rules
    x = state.x
    mine = my_tokens(state, p)
    if x["rko"]:
        best, bu = -1, 0
        for c in range(state.n):
            u = r.u(state, c, p)
            if u > bu and r.in_area(state, p, c) and not x["boom"][c]:
                best, bu = c, u
        if best >= 0:
            return {"t": "rocket", "p": p, "c": best}
    if x["sul"]:
        cands = [c for k, c in mine if objs.TOKENS[k][0] != objs.NON_INTERVENTION
                 and not state.x["s"][c * state.np + p]]
        if not cands:
            cands = [c for c in range(state.n) if r.in_area(state, p, c) and not x["boom"][c]
                     and not state.x["s"][c * state.np + p]]
        if cands:
            return {"t": "place", "p": p, "c": cands[rand.below(src, len(cands))], "n": 1,
                    "f": "s"}
    left = x["left"]
    if left:
        if r.level(state) == "advanced" and left >= 3:
            for k, c in mine:
                u, a, s = r.forces_at(state, c, p)
                room = u - a
                if room >= 2:
                    return {"t": "place", "p": p, "c": c, "n": min(room, left // 3), "f": "a"}
        best, bn = -1, 0
        for k, c in mine:
            n = need(state, p, k, c)
            if n > bn:
                best, bn = c, n
        if best < 0:
            cands = [c for k, c in mine if objs.TOKENS[k][0] != objs.NON_INTERVENTION]
            if not cands:
                cands = [c for c in range(state.n) if r.in_area(state, p, c) and not x["boom"][c]]
            best, bn = cands[rand.below(src, len(cands))], left
        return {"t": "place", "p": p, "c": best, "n": min(left, bn), "f": "u"}
    return {"t": "end", "p": p}


def strength(state, c, p):
    u, a, s = state.rules.forces_at(state, c, p)
    return u + 2 * a + (4 if s else 0)


def keep(state, p, c):
    """Units ``p`` keeps in ``c`` (its objectives there), never moved as reinforcements."""
    for k, t in my_tokens(state, p):
        if t == c:
            kind = objs.TOKENS[k][0]
            if kind == objs.NON_INTERVENTION:
                return 0
            return state.rules.u(state, c, p)
    return 1


def bring_plan(state, p, c):
    """Moves [from, n, 0, 0] of spare units into ``c``: 2 from each neighbour (no attrition)."""
    r = state.rules
    sea = r.geo(state.board).sea
    basic = r.level(state) == "basic"
    moves = []
    for f in r.neighbours(state, c):
        if not basic and sea[f] != sea[c]:
            continue
        u, a, s = r.forces_at(state, f, p)
        spare = u - keep(state, p, f) - a
        if spare > 0:
            moves.append([f, min(2, spare), 0, 0])
    return moves


def attack(state, p, src):
    r = state.rules
    x = state.x
    if x["na"] >= MAX_ATTACKS:
        return None
    targets = [t for _, t in my_tokens(state, p)]
    best, bv = None, 0
    for c in range(state.n):
        if x["boom"][c] or not r.in_area(state, p, c):
            continue
        u, a, s = r.forces_at(state, c, p)
        if u + s < 1:
            continue
        plan = bring_plan(state, p, c)
        mine = strength(state, c, p) + sum(m[1] for m in plan)
        for q in range(state.np):
            if q == p or r.group_of(state, q) != r.group_of(state, p):
                continue
            qu, qa, qs = r.forces_at(state, c, q)
            if qu + qs < 1:
                continue
            theirs = strength(state, c, q) + 2 * len(bring_plan(state, q, c))
            if mine * 2 < theirs * 3 + 2:
                continue
            v = mine * 10 // (theirs + 1) + (10 if c in targets else 0)
            if v > bv:
                best, bv = {"t": "attack", "p": p, "c": c, "q": q, "b": plan}, v
    if best is not None and _legal(state, best):
        return best
    return None


def retreat_plan(state, p, c):
    r = state.rules
    sea = r.geo(state.board).sea
    basic = r.level(state) == "basic"
    u, a, s = r.forces_at(state, c, p)
    moves = []
    for t in r.neighbours(state, c):
        if u == 0 and s == 0 and a == 0:
            break
        tu, ta, ts = r.forces_at(state, t, p)
        if tu == 0 or (not basic and sea[t] != sea[c]):
            continue
        su = 1 if s else 0
        units = min(2 - su, u)
        room = tu + units - ta
        an = min(a, room if room > 0 else 0)
        if units + su + an == 0:
            continue
        moves.append([t, units, an, su])
        u -= units
        s -= su
        a -= an
    return moves


def answer(state, p, w, src):
    c, att = w[0], w[1]
    mine = strength(state, c, p)
    plan = bring_plan(state, p, c)
    if (mine + sum(m[1] for m in plan)) * 2 < strength(state, c, att):
        ret = {"t": "retreat", "p": p, "m": retreat_plan(state, p, c)}
        if _legal(state, ret):
            return ret
    d = {"t": "defend", "p": p, "b": plan}
    return d if _legal(state, d) else {"t": "defend", "p": p, "b": []}


def split(src, n, k):
    """``n`` armies over ``k`` clocks, seeded; at most one clock above 11 (it becomes '+')."""
    if k == 1:
        return [n]
    cuts = sorted(rand.below(src, n + 1) for _ in range(k - 1))
    vals = []
    prev = 0
    for cut in cuts:
        vals.append(cut - prev)
        prev = cut
    vals.append(n - prev)
    big = [i for i in range(k) if vals[i] > CLOCK_MAX]
    while len(big) > 1:
        big.sort(key=lambda i: vals[i])
        i, j = big[0], big[-1]
        vals[j] += vals[i] - CLOCK_MAX
        vals[i] = CLOCK_MAX
        big = [i for i in range(k) if vals[i] > CLOCK_MAX]
    return vals


def command(state, c, p, src):
    u, a, s = state.rules.forces_at(state, c, p)
    special = []
    if s:
        special.append("SU")
    if a:
        special.append("A%d" % a)
    vals = [str(v) if v <= CLOCK_MAX else "+" for v in split(src, u, 3 - len(special))]
    clocks = vals + special
    # shuffle the clocks so the specials are not always last
    out = []
    while clocks:
        out.append(clocks.pop(rand.below(src, len(clocks))))
    return "/".join(out)


def fight(state, p, w, src):
    return {"t": "fight", "p": p, "a": command(state, w[0], w[1], src),
            "d": command(state, w[0], w[2], src)}


def launch(state, p, src):
    r = state.rules
    x = state.x
    np_ = state.np
    best, bv = -1, None
    for c in range(state.n):
        if x["boom"][c] or not r.in_area(state, p, c):
            continue
        v = 0
        for q in range(np_):
            f = x["u"][c * np_ + q] + x["s"][c * np_ + q] * 3 + x["a"][c * np_ + q] * 2
            v += -3 * f if q == p else f
        if bv is None or v > bv:
            best, bv = c, v
    cl = -1
    for e in x["rk"]:
        q = e[0]
        if q != p and r.group_of(state, q) == r.group_of(state, p) \
                and x["u"][best * np_ + q] >= 3:
            cl = q
            break
    return {"t": "launch", "p": p, "c": best, "cl": cl}
