"""Text views of an engine game for the `play` and `replay` commands (host only)."""

from __future__ import annotations


def who(state, p):
    return f"{state.names[p]} ({state.colours[p]})"


def status(state) -> str:
    """Whose turn, phase, armies to place, cards held counts (the `status` command)."""
    b = state.board
    lines = []
    if state.phase == "over":
        lines.append(f"Game over: {who(state, state.winner)} won." if state.winner >= 0 else "Game over.")
    else:
        rnd = f"round {state.round}" if state.round else "setup"
        lines.append(f"{rnd} - {who(state, state.cur)} to play - phase: {state.phase}")
        if state.to_place():
            extra = [f"{state.cres[c]} on {b.continent_name(c)}" for c in range(len(state.cres)) if state.cres[c]]
            lines.append(f"armies to place: {state.to_place()}" + (f" ({', '.join(extra)})" if extra else ""))
        if state.pending is not None:
            f, to, lo, hi = state.pending[:4]
            lines.append(f"conquest of {b.name(to)}: move {lo}-{hi} armies in with 'move N' (now {lo})")
        if state.round:
            lines.append(f"conquered this turn: {state.conq}; card taken: {'yes' if state.drew else 'no'}")
    for p in range(state.np):
        mark = ">" if p == state.cur and state.phase != "over" else " "
        dead = "" if state.alive[p] else "  (eliminated)"
        lines.append(f"{mark} {who(state, p):<22} countries {state.count(p):>2}  armies {state.total_armies(p):>4}"
                     f"  cards {len(state.hands[p])}  trades {state.trades[p]}{dead}")
    lines.append(f"deck {len(state.deck)}, discard {len(state.discard)}, pacts {len(state.pacts)}")
    return "\n".join(lines)


def countries(state, p=None) -> str:
    b = state.board
    out = []
    for c in range(state.n):
        o = state.owner[c]
        if p is not None and o != p:
            continue
        owner = state.colours[o] if o >= 0 else "-"
        out.append(f"{b.cid(c):<16} {b.name(c):<20} {b.continent_name(b.continent_of(c)):<18} {owner:<8} {state.armies[c]:>4}")
    return "\n".join(out)


def card_name(state, c) -> str:
    """A card's name: its country, or the ruleset's name for a wildcard (WAR, Risk: ints >= n)."""
    f = getattr(state.rules, "card_name", None)
    return f(state, c) if f is not None else state.board.name(c)


def cards(state, p) -> str:
    b = state.board
    if not state.hands[p]:
        return f"{who(state, p)} holds no cards."
    items = []
    for c in state.hands[p]:
        if c >= state.n:  # WAR/Risk wildcards are the ints after the countries
            items.append(f"  {card_name(state, c)}: any symbol")
            continue
        sym = "/".join(b.symbol(c)) or "-"
        mark = " (+2 taken)" if state.bonused[c] else (" (+2 available)" if state.owner[c] == p else "")
        items.append(f"  {b.name(c)}: {sym}{mark}")
    return f"{who(state, p)} holds:\n" + "\n".join(items)


def pacts(state) -> str:
    if not state.pacts:
        return "No pacts in force."
    return "\n".join(state.rules.describe_pact(state, x) for x in state.pacts)


def event_line(state_before, state, ev) -> str:
    """One line describing what an event did (after it was applied)."""
    b = state.board
    t = ev["t"]
    p = ev.get("p")
    if t == "attack":
        f, to = ev["f"], ev["to"]
        res = " ".join(map(str, sorted(ev["ad"], reverse=True))) + " vs " + " ".join(map(str, sorted(ev["dd"], reverse=True)))
        if state.owner[to] == p:
            s = f"{b.name(f)} attacks {b.name(to)}: {res} -> {b.name(to)} conquered"
            if state.pending is not None:
                s += f" (1 army moved; 'move N' for up to {state.pending[3]})"
            victim = state_before.owner[to]
            if victim >= 0 and not state.alive[victim]:
                s += f"; {who(state, victim)} is eliminated"
            return s
        return f"{b.name(f)} attacks {b.name(to)}: {res} -> {b.name(f)} {state.armies[f]}, {b.name(to)} {state.armies[to]}"
    if t == "place":
        return f"{who(state, p)} places {ev['n']} on {b.name(ev['c'])}"
    if t == "claim":
        return f"{who(state, p)} occupies {b.name(ev['c'])}"
    if t == "move":
        pe = state_before.pending
        return f"{ev['n']} armies in {b.name(pe[1])}" if pe else ""
    if t == "regroup":
        return f"{who(state, p)} moves {ev['n']} from {b.name(ev['f'])} to {b.name(ev['to'])}"
    if t == "draw":
        s = f"{who(state, p)} takes the {card_name(state, ev['card'])} card"
        if ev["card"] < state.n and state.armies[ev["card"]] - state_before.armies[ev["card"]] == 2:
            s += " (+2 armies there)"
        return s
    if t == "trade":
        return f"{who(state, p)} trades in {', '.join(card_name(state, c) for c in ev['cards'])}"
    if t == "end":
        return f"{who(state_before, state_before.cur)} ends the turn"
    if t == "pact":
        return "pact made: " + state.rules.describe_pact(state, state.pacts[-1])
    if t == "undo":
        return f"undone back to event {ev['to']}"
    return ""


def objective(state, p) -> str:
    fn = getattr(state.rules, "objective_text", None)
    return fn(state, p) if fn else "(this ruleset has no secret objectives)"
