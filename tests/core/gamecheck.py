"""Invariants every event of an engine game keeps, for every ruleset (teg, war, risk), and a driver
that plays a seeded bot game from the deal to the victory checking each step. Shared by
tests/core (both runtimes) and tests/host.

The invariants (issue 4, "Must show"):
- every country is owned by exactly one live player with at least one army (Risk: or neutral,
  owner -1, after a walk-out);
- army totals change only by placement and losses (and the card armies each rulebook grants:
  T.E.G.'s +2 for a held card's country, WAR's +2 per traded territory held, Risk's +2 on a held
  territory of the set, T.E.G.'s defensive trade-in), and armies still to place change only by
  placing, trading and a new turn's reinforcements;
- cards are conserved between deck, hands and discard;
- the active player is live and the phase legal; a finished game has a winner whose victory the
  rules confirm.
"""

import book
from comando import combat, engine
from comando.engine.state import PHASES


def card_total(state):
    return state.n + state.rules.wilds(state)


def army_delta(prev, ev):
    """Armies the event puts on the map (not in reserve) minus the losses."""
    t = ev["t"]
    p = ev.get("p")
    rid = prev.rules.id
    if t == "place":
        return ev["n"]
    if t == "claim":
        return 1
    if t == "attack":
        la, ld = combat.losses(prev.armies[ev["f"]], prev.armies[ev["to"]], ev["ad"], ev["dd"])
        return -(la + ld)
    if t == "trade":
        held = [c for c in ev["cards"] if c < prev.n and prev.owner[c] == p]
        if rid == "war":
            return 2 * len(held)
        if rid == "risk":
            return 2 if held else 0
        return 0 if prev.phase == "add" else book.trade_armies(prev, p, ev["cards"])
    if rid == "teg":
        if t == "draw":
            card = ev["card"]
            return 2 if prev.owner[card] == p and not prev.bonused[card] else 0
        if t == "bonus":
            return 2
        if t == "end":
            return book.unclaimed_card_bonus(prev, prev.cur)
    return 0


def reserve_delta(prev, state, ev):
    """What armies still to place must have changed by, or None when a turn or setup round
    changed hands (new reinforcements)."""
    t = ev["t"]
    if prev.cur != state.cur or prev.phase != state.phase and state.phase in ("add", "place"):
        return None
    if t == "place":
        return -ev["n"]
    if t == "trade":
        rid = prev.rules.id
        v = book.trade_armies(prev, ev["p"], ev["cards"])
        if rid == "risk":
            return v - army_delta(prev, ev)
        if rid == "war" or prev.phase == "add":
            return v
        return 0
    return 0


def check_step(prev, state, ev):
    """The invariants after ``ev`` took ``prev`` to ``state`` (``prev`` is a copy)."""
    t = ev["t"]
    rid = state.rules.id
    if t not in ("new", "deal"):
        got = sum(state.armies) - sum(prev.armies)
        assert got == army_delta(prev, ev), (ev, got, army_delta(prev, ev))
        want = reserve_delta(prev, state, ev)
        if want is not None:
            assert state.to_place() - prev.to_place() == want, (ev, state.to_place(), prev.to_place())
    dealt = state.phase != "claim" and t != "new"
    for c in range(state.n):
        o = state.owner[c]
        if not dealt:
            continue
        assert state.armies[c] >= 1, (ev, c, state.armies[c])
        if o >= 0:
            assert o < state.np and state.alive[o], (ev, c, o)
        else:
            assert rid == "risk" and state.x.get("walked"), (ev, c)
    if dealt:
        for p in range(state.np):
            assert bool(state.alive[p]) == (state.count(p) > 0), (ev, p)
            if not state.alive[p]:
                assert not state.hands[p], (ev, p)
    if state.deck or state.discard or any(state.hands):
        cards = list(state.deck) + list(state.discard)
        for h in state.hands:
            cards.extend(h)
        cards.sort()
        assert cards == list(range(card_total(state))), ev
    assert state.phase in PHASES
    assert 0 <= state.cur < state.np
    if state.phase == "over":
        assert state.winner >= 0 and state.rules.victory(state, state.winner), ev
    else:
        assert state.alive[state.cur] and state.winner == -1, ev
        if state.phase not in ("place", "add", "claim"):
            assert state.to_place() == 0, ev
    if state.pending is not None:
        assert state.phase == "attack"
    assert state.reserve >= 0 and min(state.cres) >= 0


def play_checked(game, bot, limit=6000):
    """Play ``game`` (fresh from ``new_game``) with ``bot`` at every seat until a victory (or
    ``limit`` events), checking the setup events and then every event made. Like the device, it
    keeps the log as JSONL lines, not as dicts (the MicroPython heap), and folds without undo
    history. Returns (final state, lines)."""
    from comando.engine import log as elog
    src = game.rng
    live = engine.Folder(game.board, True, False)
    lines = []
    for ev in game.log:
        prev = live.state.copy() if live.state is not None else None
        live.feed(ev)
        if prev is not None:
            check_step(prev, live.state, ev)
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
        check_step(prev, live.state, ev)
        lines.append(elog.dumps(ev))
        made += 1
    return live.state, lines


def replays(final, lines, board):
    """The JSONL log folds twice to equal states, equal to the live one."""
    from comando.engine import log as elog
    want = final.to_dict()
    for _ in range(2):
        f = engine.Folder(board, True, False)
        for line in lines:
            f.feed(elog.loads(line))
        if f.state.to_dict() != want:
            return False
    return True
