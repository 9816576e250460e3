"""A simple deterministic player for scripted engine games (WAR, Risk) and the invariants every
step must keep. Shared by tests/core (one seeded game, also under MicroPython) and tests/host
(hypothesis over seeds)."""

from comando import engine
from comando.errors import IllegalMove


def total_cards(state, wild=2):
    n = len(state.deck) + len(state.discard)
    for h in state.hands:
        n += len(h)
    return n


def snapshot(state):
    return (sum(state.armies), state.to_place())


def check_invariants(state, rs, ncards):
    """Every country owned by one live player (Risk: or neutral after a walk-out) with at least
    one army; cards conserved; the active player live and the phase legal."""
    for c in range(state.n):
        o = state.owner[c]
        assert state.armies[c] >= 1, "country %d has %d armies" % (c, state.armies[c])
        if o >= 0:
            assert state.alive[o], "country %d owned by eliminated seat %d" % (c, o)
        else:
            assert rs == "risk" and state.x.get("walked"), "country %d has no owner" % c
    assert total_cards(state) == ncards, "cards not conserved: %d != %d" % (total_cards(state), ncards)
    assert state.phase in ("place", "add", "attack", "regroup", "card", "over")
    if state.phase != "over":
        assert state.alive[state.cur], "the active player is out"
    else:
        assert state.winner >= 0
    for p in range(state.np):
        if not state.alive[p]:
            assert not state.hands[p]
            assert state.count(p) == 0


def choose_set(state, hand):
    r = state.rules
    k = len(hand)
    for i in range(k):
        for j in range(i + 1, k):
            for m in range(j + 1, k):
                cards = [hand[i], hand[j], hand[m]]
                if r.is_set(state, cards):
                    return cards
    return None


def next_action(state, rng):
    """A legal-looking action for the player on turn: trade when allowed, place everything,
    attack the weakest neighbour from the strongest country, move in all it can, draw, end."""
    p = state.cur
    ph = state.phase
    mine = [c for c in range(state.n) if state.owner[c] == p]
    if state.x.get("must"):  # Risk: the mid-assault trade after an elimination
        return {"t": "trade", "p": p, "cards": choose_set(state, state.hands[p])}
    if ph in ("place", "add"):
        a = _placing(state, p, mine, rng)
        if a is not None:
            return a
    if state.pending is not None:
        return {"t": "move", "p": p, "n": state.pending[3]}
    a = None
    if ph in ("add", "attack") and state.round > 1 or (ph == "attack"):
        a = _attack(state, p, mine)
    if a is None and ph in ("attack", "regroup") and state.last >= 0 \
            and state.owner[state.last] == p and not state.x.get("botmoved"):
        a = _push_in(state, p)
    if a is None and not state.drew and state.conq:
        a = _legal(state, {"t": "draw", "p": p})
    return a if a is not None else {"t": "end", "p": p}


def _legal(state, a):
    """``a`` when the engine takes it, else None."""
    try:
        engine.check(state, a)
        return a
    except IllegalMove:
        return None


def _placing(state, p, mine, rng):
    """A trade now and then, then every army placed: a continent's own first, then all on the
    strongest front country; None when nothing is left to place."""
    b = state.board
    if state.phase == "add" and len(state.hands[p]) >= 3:
        cards = choose_set(state, state.hands[p])
        if cards is not None and (len(state.hands[p]) >= 4 or rng.d6() > 3):
            a = _legal(state, {"t": "trade", "p": p, "cards": cards})
            if a is not None:
                return a
    if not state.to_place():
        return None
    for cont in range(len(state.cres)):
        if state.cres[cont]:
            c = [x for x in b.members(cont) if state.owner[x] == p][0]
            return {"t": "place", "p": p, "c": c, "n": state.cres[cont]}
    front = [c for c in mine if any(state.owner[m] != p for m in b.neighbours(c))] or mine
    c = front[0]
    for x in front:  # pile everything on the strongest front country
        if state.armies[x] > state.armies[c]:
            c = x
    return {"t": "place", "p": p, "c": c, "n": state.reserve}


def _attack(state, p, mine):
    """The attack with the biggest army lead on a neighbour, or None."""
    b = state.board
    best = None
    for c in mine:
        if state.armies[c] < 2:
            continue
        for m in b.neighbours(c):
            if state.owner[m] != p and (state.armies[c] > state.armies[m] or state.armies[c] >= 4):
                score = state.armies[c] - state.armies[m]
                if best is None or score > best[0]:
                    best = (score, c, m)
    if best is None or state.turns >= 4000:
        return None
    return _legal(state, {"t": "attack", "p": p, "f": best[1], "to": best[2]})


def _push_in(state, p):
    """Push the biggest neighbouring stack into the last conquest, or None."""
    to = state.last
    src = None
    for c in state.board.neighbours(to):
        if state.owner[c] == p and state.rules.regroup_movable(state, c) > 0:
            if src is None or state.armies[c] > state.armies[src]:
                src = c
    if src is None:
        return None
    return _legal(state, {"t": "regroup", "p": p, "f": src, "to": to,
                          "n": state.rules.regroup_movable(state, src)})


def play(game, rs, ncards, max_events=20000, check_every=1):
    """Play the game to its end; checks invariants and army accounting at every step.
    Returns the number of events made."""
    made = 0
    state = game.state
    while state.phase != "over" and made < max_events:
        a = next_action(state, game.rng)
        before_armies, before_place = snapshot(state)
        ev = game.act(a)
        state = game.state
        made += 1
        after_armies, after_place = snapshot(state)
        t = ev["t"]
        if t == "place":
            assert after_armies == before_armies + ev["n"]
        elif t == "attack":
            lost = before_armies - after_armies
            assert 0 <= lost <= len(ev["ad"]) + 1
        elif t in ("move", "regroup", "end", "draw") and rs == "war":
            assert after_armies == before_armies or t == "end" or t == "draw"
        if made % check_every == 0:
            check_invariants(state, rs, ncards)
    return made
