"""Text views of a T.E.G. II engine game (`comando play --ruleset teg2`, `comando replay`)."""

from __future__ import annotations

from comando.rulesets.teg2 import objectives as objs
from comando.rulesets.teg2.track import POWER_NAMES
from comando_host.text.wording import count


def seat(state, p):
    return state.rules.pname(state, p)


def status(state) -> str:
    r = state.rules
    x = state.x
    lines = []
    if state.phase == "over":
        from comando_host.text.lang import _
        from comando_host.text.outcome import engine_winners, result_said
        lines.append(_("Game over: {result}.").format(result=result_said(engine_winners(state))))
        lines.extend(r.standings(state))
    else:
        lvl = r.level(state)
        if state.phase == "objectives":
            lines.append(f"objectives: placement round {state.sround + 1} of 5 - {seat(state, state.cur)}"
                         " places a token (token KIND REGION)")
        else:
            lines.append(f"round {state.round} of {x['R']} ({lvl} level) - {seat(state, state.cur)} - "
                         f"{'adding units' if state.phase == 'add' else 'movements and combats'}")
        if state.phase == "add":
            extra = []
            if x["left"]:
                extra.append(f"{count(x['left'], 'unit')} to add")
            if x["sul"]:
                extra.append("the SU to place (su REGION)")
            if x["rko"]:
                extra.append("a rocket on offer (rocket REGION, or end without it)")
            if extra:
                lines.append("  " + "; ".join(extra))
        w = x.get("war")
        if w:
            lines.append(f"  combat in {r.cname(state, w[0])}: {seat(state, w[1])} against "
                         f"{seat(state, w[2])} - " + ("the defender answers: defend [FROM N]... or "
                                                      "retreat TO N ..." if w[3] == 0 else
                                                      "fight ATTACKER/COMMAND DEFENDER/COMMAND"))
        if x.get("must", -1) >= 0:
            lines.append(f"  {seat(state, x['must'])} must launch the captured rocket now")
        for e in x["rk"]:
            lines.append(f"  rocket of {seat(state, e[0])} in {r.cname(state, e[1])}")
        booms = [r.cname(state, c) for c in range(state.n) if x["boom"][c]]
        if booms:
            lines.append("  atomic mushroom: " + ", ".join(booms))
    for p in range(state.np):
        mark = ">" if p == state.cur and state.phase != "over" else " "
        u = a = s = 0
        for c in range(state.n):
            i = c * state.np + p
            u += x["u"][i]
            a += x["a"][i]
            s += x["s"][i]
        toks = []
        for k in range(objs.NTOKENS):
            c = x["tok"][p * objs.NTOKENS + k]
            if c >= 0:
                toks.append(f"{objs.token_name(k)} {r.cname(state, c)}")
        lines.append(f"{mark} {seat(state, p):<28} wp {x['wp'][r.power(state, p)]:>2}  units {u:>3}"
                     + (f"  aircraft {a}" if a else "") + (f"  SU {s}" if s else "")
                     + ("  objectives: " + ", ".join(toks) if toks else ""))
    return "\n".join(lines)


def regions(state, p=None) -> str:
    """Each region in play with the forces of every power there (of one seat with ``p``)."""
    r = state.rules
    x = state.x
    b = state.board
    geo = r.geo(b)
    rows = []
    for c in range(state.n):
        if r.area(state, c) < 0:
            continue
        here = []
        for q in range(state.np):
            if p is not None and q != p:
                continue
            u, a, s = r.forces_at(state, c, q)
            if u or a or s:
                here.append(f"{POWER_NAMES[r.power(state, q)]}{'#' + str(q) if state.np >= 8 else ''}"
                            f" {u}" + (f"+{a}air" if a else "") + ("+SU" if s else ""))
        if p is not None and not here:
            continue
        kind = "sea " if geo.sea[c] else "land"
        boom = " [atomic mushroom]" if x["boom"][c] else ""
        rows.append(f"{b.cid(c):<16} {kind}  {', '.join(here) or '-'}{boom}")
    return "\n".join(rows) or "No forces."


def event_line(before, state, ev) -> str:
    r = state.rules
    t = ev["t"]
    p = ev.get("p")
    name = (lambda c: r.cname(state, c))
    if t == "token":
        return f"{seat(state, p)} places {objs.token_name(ev['k'])} in {name(ev['c'])}"
    if t == "place":
        what = {"u": "unit", "a": "aircraft", "s": "SU"}[ev.get("f", "u")]
        return f"{seat(state, p)} adds {count(ev['n'], what)} in {name(ev['c'])}"
    if t == "rocket":
        return f"{seat(state, p)} places the nuclear rocket in {name(ev['c'])}"
    if t == "attack":
        b = "".join(f"; brings {m[1]}{'+' + str(m[2]) + ' aircraft' if m[2] else ''}"
                    f"{'+SU' if m[3] else ''} from {name(m[0])}" for m in ev.get("b", []))
        return f"{seat(state, p)} attacks {seat(state, ev['q'])} in {name(ev['c'])}{b}"
    if t == "defend":
        b = ", ".join(f"{m[1]} from {name(m[0])}" for m in ev.get("b", []))
        return f"{seat(state, p)} defends" + (f", bringing {b}" if b else "")
    if t == "retreat":
        return f"{seat(state, p)} retreats to " + ", ".join(f"{name(m[0])} ({m[1]})" for m in ev["m"])
    if t == "fight":
        last = state.x.get("last") or ["?", "?", 0, 0, -1, -1]
        if last[2] > last[3]:
            who = f"{seat(state, last[4])} wins the combat"
        elif last[3] > last[2]:
            who = f"{seat(state, last[5])} wins the combat"
        else:
            who = "nobody wins the combat"
        return f"commands {last[0]} against {last[1]}: battles {last[2]}-{last[3]}, {who}"
    if t == "launch":
        if ev.get("cl", -1) >= 0:
            return (f"{seat(state, p)} launches at {name(ev['c'])}; {seat(state, ev['cl'])} "
                    "counter-launches: both rockets explode in the air")
        return f"{seat(state, p)} launches the rocket at {name(ev['c'])}: every piece there is lost"
    if t == "end":
        if before is not None and getattr(before, "phase", "") == "add":
            return f"{seat(state, p)} has added"
        return f"{seat(state, p)} ends the turn"
    if t == "undo":
        return f"undone back to event {ev['to']}"
    return ""
