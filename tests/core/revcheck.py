"""Invariants of a La Revancha engine game, written from rules/teg-la-revancha.txt (not from the
engine), checked after every event of seeded bot games (tests/core/test_revancha_botgames.py and
bench/bench_revancha.py):

- "At all times the 72 countries on the map must be occupied": one live owner, at least one army;
- forces (armies + 6 per missile, "Each missile is equivalent to 6 armies") change only by
  placing, by dice losses, by a detonation (the missile leaves with the 3/2/1 armies it destroys,
  by distance, and the target keeps an army) and by the three armies of a held card's country;
- dice: up to 3 (4 when the defender has at least 3 armies and the attacker at least doubles it;
  +1 with tailwind / snow, never more than 4); missiles never count;
- a blockaded country (at least 3 neighbours, all of one enemy colour with 2 armies or more; not
  the owner's last country) receives no new armies after the setup rounds;
- the rest colour neither attacks nor regroups; open / closed borders hold;
- one exchange per player and round, worth 6, 10, 15, 20 ...; continent cards are held only by
  the player holding the whole continent; the 72 country cards are conserved;
- a finished game has a winner with 45 countries or its objective(s) met;
- "Aggression Pacts and Condominiums": a country in condominium has two different live holders,
  each with its own armies there (both count as forces); each side rolls with its own armies; the
  joint conquest puts "a minimum of one and a maximum of two armies each" in; while their pact
  holds, holders neither attack their condominium nor, from it, "the neighboring countries of
  their allies"; a single conquest by aggression pact gives no card; a player keeping only a
  share of a condominium is still in the game.
"""

from comando.rulesets.revancha import situations as sit
from comando.rulesets.revancha import objectives

MISSILE = 6
DAMAGE = (3, 2, 1)
CARD = 3
VALUES = (6, 10)


def book_value(nth):
    return VALUES[nth] if nth < len(VALUES) else VALUES[-1] + 5 * (nth - len(VALUES) + 1)


def rows(state):
    return state.x.get("cd") or []


def row(state, c):
    for r in rows(state):
        if r[0] == c:
            return r
    return None


def own(state, c, p):
    """Seat ``p``'s armies in ``c`` (its share when ``c`` is in condominium)."""
    r = row(state, c)
    if r is not None and r[1] == p:
        return r[2]
    return state.armies[c] if state.owner[c] == p else 0


def view(state, p):
    """Owners as ``p``'s countries count: a condominium counts for neither holder, or for both
    with table option condo=1 (docs/decisions/revancha-condominium-counts.md, the book: "belongs equally to the two
    players" / "neither has absolute control of it")."""
    o = list(state.owner)
    both = state.options.get("condo", 0) == 1
    for r in rows(state):
        o[r[0]] = p if both and p in (o[r[0]], r[1]) else -1
    return o


def forces(state):
    return sum(state.armies) + sum(r[2] for r in rows(state)) + MISSILE * sum(state.x["mis"])


def surrounded(state, c):
    b = state.board
    nb = b.neighbours(c)
    if len(nb) < 3:
        return False
    q = state.owner[c]
    p = state.owner[nb[0]]
    if p == q:
        return False
    for m in nb:
        if state.owner[m] != p or state.armies[m] < 2:
            return False
    return True


def as_holder(state, c, q):
    """``state`` as its co-holder ``q`` of condominium ``c`` sees it: ``q`` the owner of ``c``, the
    other holder in the condominium's row (a copy: ``state`` is not touched)."""
    s = state.copy()
    s.owner = list(s.owner)
    s.armies = list(s.armies)
    s.x = dict(s.x)
    s.x["cd"] = [list(r) for r in rows(state)]
    for r in s.x["cd"]:
        if r[0] == c and r[1] == q:
            r[1], r[2], s.owner[c], s.armies[c] = s.owner[c], s.armies[c], q, r[2]
    return s


def blockaded(state, c, q=None):
    """Surrounded, outside the setup, and not all the player has left: its last country, or
    (docs/decisions/revancha-last-countries-unblockaded.md) every country it has left surrounded with no condominium share. For
    holder ``q`` (default: the owner): a condominium is blockaded for each holder on its own, as a
    blockade takes the blockaded player's right to place there (teg-la-revancha.txt, Blockades:
    "the player regains its right to place armies in that country"; docs/decisions/revancha-condominium-blockade-per-holder.md)."""
    if q is not None and q != state.owner[c]:
        return blockaded(as_holder(state, c, q), c)
    if state.round == 0 or not surrounded(state, c):
        return False
    q = state.owner[c]
    if state.count(q) <= 1:
        return False
    for r in state.x.get("cd") or ():
        if r[1] == q:
            return True
    for d in range(state.n):
        if state.owner[d] == q and not surrounded(state, d):
            return True
    return False


def dice(att, dfn, card):
    a = min(att - 1, 3)
    if dfn >= 3 and att >= 2 * dfn:
        a = min(att - 1, 4)
    d = min(dfn, 3)
    if card is not None and sit.kind(card) == sit.TAILWIND:
        a = min(a + 1, 4)
    if card is not None and sit.kind(card) == sit.SNOW:
        d = min(d + 1, 4)
    return a, d


class Checker:
    def __init__(self):
        self.exchanges = {}  # (seat, round) -> count

    def step(self, prev, state, ev):
        t = ev["t"]
        if t in ("new", "deal"):
            return
        b = state.board
        p = ev.get("p")
        card = prev.x.get("sit")
        card = card if card is not None and card >= 0 else None
        delta = forces(state) - forces(prev)
        if t == "place":
            assert delta == ev["n"], ev
            assert not blockaded(prev, ev["c"], p), ("placed on a blockaded country", ev)
        elif t == "arm":
            assert delta == (MISSILE * ev["k"] if ev["src"] == "r" else 0), ev
            if ev["src"] == "r":
                assert not blockaded(prev, ev["c"], p), ev
            assert state.armies[ev["c"]] >= 1
        elif t == "missile":
            d = b.distance(ev["f"], ev["to"], 3)
            assert d is not None and prev.x["mis"][ev["f"]] > prev.x["mis"][ev["to"]], ev
            hit = DAMAGE[d - 1]
            assert prev.armies[ev["to"]] > hit, ev
            assert delta == -MISSILE - hit, (ev, delta)
            assert card is None or sit.kind(card) != sit.REST or sit.rest_colour(card) != prev.colours[p]
        elif t == "attack" and (rows(prev) or prev.x.get("ag")):
            self.condo_attack(prev, state, ev, card, delta)
        elif t == "attack":
            a, d = dice(prev.armies[ev["f"]], prev.armies[ev["to"]], card)
            assert len(ev["ad"]) == a and len(ev["dd"]) == d, (ev, a, d)
            assert delta == -(prev.armies[ev["f"]] + prev.armies[ev["to"]]
                              - state.armies[ev["f"]] - state.armies[ev["to"]]), ev
            assert delta < 0
            assert b.is_border(ev["f"], ev["to"])
            if card is not None:
                assert sit.attack_error(card, prev.colours[p], None, b.is_internal(ev["f"], ev["to"])) is None, ev
        elif t in ("draw", "bonus", "end"):
            if t == "draw":
                q = prev.x.get("cdq") or 0
                assert prev.conq + (q if q >= 2 else 0) >= 1, ("a card for one conquest by aggression pact", ev)
            assert delta % CARD == 0 and delta >= 0, (ev, delta)
            for c in range(state.n):
                if state.armies[c] > prev.armies[c]:
                    assert not blockaded(prev, c), ("card armies on a blockaded country", ev)
                    assert c in prev.hands[prev.cur] or c == ev.get("card"), ev
        elif t == "regroup":
            assert delta == 0
            if p != prev.cur:  # "the only case in which a player may regroup armies outside its turn"
                assert [ev["to"], p] in (prev.x.get("cdr") or []), ev
            assert card is None or sit.regroup_error(card, prev.colours[p]) is None
        elif t == "trade":
            assert delta == 0
            key = (p, prev.round)
            self.exchanges[key] = self.exchanges.get(key, 0) + 1
            assert self.exchanges[key] == 1, ("two exchanges in a round", ev)
            assert state.to_place() - prev.to_place() == book_value(prev.trades[p]), ev
        elif t == "aggress":
            assert delta == 0
            to = ev["to"]
            assert prev.owner[to] not in (p, ev["q"]) and row(prev, to) is None, ev
            assert own(prev, ev["a"], p) >= 1 and own(prev, ev["b"], ev["q"]) >= 1, ev
            assert b.is_border(ev["a"], to) and b.is_border(ev["b"], to), ev
        else:
            assert delta == 0, ev
            if t == "move" and prev.x.get("cdm"):
                c = prev.x["cdm"][0]
                for s in set((state.owner[c],) + ((row(state, c)[1],) if row(state, c) else ())):
                    assert 1 <= own(state, c, s) - own(prev, c, s) + 1 <= 2, ("move-in per holder", ev)
        self.always(state, ev)

    def condo_attack(self, prev, state, ev, card, delta):
        p, f, to = ev["p"], ev["f"], ev["to"]
        b = prev.board
        rt = row(prev, to)
        rf = row(prev, f)
        vs = ev.get("vs")
        if f == to:
            assert rt is not None and rt[3] == -2, ("a fight inside a condominium under its pact", ev)
            vs = rt[1] if prev.owner[to] == p else prev.owner[to]
        else:
            assert b.is_border(f, to), ev
            if rt is not None:
                assert vs in (prev.owner[to], rt[1]), ("an attack on a condominium names no occupant", ev)
                if p in (prev.owner[to], rt[1]):
                    assert rt[3] == -2, ("a holder attacked its condominium under its pact", ev)
            if rf is not None and rf[3] != -2:
                ally = rf[1] if prev.owner[f] == p else prev.owner[f]
                assert prev.owner[to] != ally, ("attacked an ally's neighbour from the condominium", ev)
        dfn = own(prev, to, vs) if rt is not None else prev.armies[to]
        a, d = dice(own(prev, f, p), dfn, card)
        assert len(ev["ad"]) == a and len(ev["dd"]) == d, (ev, a, d)
        assert delta < 0

    def always(self, state, ev):
        b = state.board
        for c in range(state.n):
            o = state.owner[c]
            assert o >= 0 and state.alive[o] and state.armies[c] >= 1, (ev, c)
            assert state.x["mis"][c] >= 0
        shares = []
        for r in rows(state):
            c = r[0]
            assert r[1] != state.owner[c] and state.alive[r[1]] and r[2] >= 1, ("condominium", r, ev)
            shares.append(r[1])
        for p in range(state.np):
            assert bool(state.alive[p]) == (state.count(p) > 0 or p in shares)
        cards = list(state.deck) + list(state.discard)
        for h in state.hands:
            cards.extend(h)
        cards.sort()
        assert cards == list(range(state.n)), ev
        cch = state.x["cch"]
        for k in range(b.continents):
            if cch[k] >= 0:
                assert b.owns_continent(view(state, cch[k]), cch[k], k), ("continent card without the continent", ev)
        if state.phase == "over":
            w = state.winner
            ov = view(state, w)
            n = ov.count(w)
            ok = n >= 45
            if not ok:
                objs = state.rules.objs_of(state, w)
                ok = all(objectives.met(state, w, o, None, ov) for o in objs)
                if state.np == 3:
                    ok = ok and n >= objectives.size(b, objectives.by_id(b, objs[0])) + 10
            assert ok, ("a winner without 45 countries or its objective", ev)
        else:
            assert state.alive[state.cur] and state.winner == -1


def play_checked(game, bot, limit=20000):
    """Play to a victory with ``bot`` at every seat, checking every event; returns (state, lines)."""
    from comando import engine
    from comando.engine import log as elog
    src = game.rng
    live = engine.Folder(game.board, True, False)
    chk = Checker()
    lines = []
    for ev in game.log:
        prev = live.state.copy() if live.state is not None else None
        live.feed(ev)
        if prev is not None:
            chk.step(prev, live.state, ev)
        lines.append(elog.dumps(ev))
    seq = game.log[-1]["seq"]
    game = None
    made = 0
    while live.state.phase != "over" and made < limit:
        st = live.state
        ev = engine.make(st, bot.action(st), src)
        seq += 1
        ev["seq"] = seq
        prev = st.copy()
        live.feed(ev)
        chk.step(prev, live.state, ev)
        lines.append(elog.dumps(ev))
        made += 1
    return live.state, lines
