"""Text views of a T.E.G. II engine game (`comando play --ruleset teg2`, `comando replay`), in
the table's language (rules/teg-ii.txt's words: potencial bélico, unidad especial (UE), cohete
nuclear, hongo atómico)."""

from __future__ import annotations

from comando.rulesets.teg2 import objectives as objs
from comando.rulesets.teg2.track import POWER_NAMES
from comando_host.text.power_words import power
from comando_host.text.lang import N_, _, _n

# the game's levels (rules/teg-ii.txt, "Game Levels") and objective tokens ("Choosing
# Objectives") as the table says them; the core keeps them English (the events, the device)
LEVELS = {"basic": N_("basic"), "advanced": N_("advanced")}
TOKENS = (N_("INTERVENTION 1"), N_("INTERVENTION 3"), N_("INTERVENTION 4"), N_("NON-INTERVENTION 2"),
          N_("CONTROL 5"))


def token(k) -> str:
    return _(TOKENS[k]) if isinstance(k, int) and 0 <= k < len(TOKENS) else objs.token_name(k)


def units(n, what="u") -> str:
    if what == "a":
        return _n("{n} aircraft", "{n} aircraft", n).format(n=n)
    if what == "s":
        return _n("{n} SU", "{n} SU", n).format(n=n)
    return _n("{n} unit", "{n} units", n).format(n=n)


def seat(state, p):
    return state.rules.pname(state, p)


def status(state) -> str:
    r = state.rules
    x = state.x
    lines = []
    if state.phase == "over":
        from comando_host.text.outcome import engine_winners, result_said
        lines.append(_("Game over: {result}.").format(result=result_said(engine_winners(state))))
        lines.extend(r.standings(state))
    else:
        lvl = r.level(state)
        if state.phase == "objectives":
            lines.append(_("objectives: placement round {n} of 5 - {who} places a token "
                           "(token KIND REGION)").format(n=state.sround + 1, who=seat(state, state.cur)))
        else:
            lines.append(_("round {n} of {rounds} ({level} level) - {who} - {phase}").format(
                n=state.round, rounds=x['R'], level=_(LEVELS[lvl]) if lvl in LEVELS else lvl,
                who=seat(state, state.cur),
                phase=_("adding units") if state.phase == 'add' else _("movements and combats")))
        if state.phase == "add":
            extra = []
            if x["left"]:
                extra.append(_("{units} to add").format(units=units(x['left'])))
            if x["sul"]:
                extra.append(_("the SU to place (su REGION)"))
            if x["rko"]:
                extra.append(_("a rocket on offer (rocket REGION, or end without it)"))
            if extra:
                lines.append("  " + "; ".join(extra))
        w = x.get("war")
        if w:
            lines.append("  " + _("combat in {region}: {a} against {d} - {next}").format(
                region=r.cname(state, w[0]), a=seat(state, w[1]), d=seat(state, w[2]),
                next=_("the defender answers: defend [FROM N]... or retreat TO N ...") if w[3] == 0
                else _("fight ATTACKER/COMMAND DEFENDER/COMMAND")))
        if x.get("must", -1) >= 0:
            lines.append("  " + _("{who} must launch the captured rocket now").format(who=seat(state, x['must'])))
        for e in x["rk"]:
            lines.append("  " + _("rocket of {who} in {region}").format(who=seat(state, e[0]),
                                                                      region=r.cname(state, e[1])))
        booms = [r.cname(state, c) for c in range(state.n) if x["boom"][c]]
        if booms:
            lines.append("  " + _("atomic mushroom: {regions}").format(regions=", ".join(booms)))
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
                toks.append(f"{token(k)} {r.cname(state, c)}")
        # (the columns' words: "wp" potencial bélico, "units", "aircraft", "SU" unidad especial)
        wp, un, air, su = _("wp"), _("units"), _("aircraft"), _("SU")
        lines.append(f"{mark} {seat(state, p):<28} {wp} {x['wp'][r.power(state, p)]:>2}  {un} {u:>3}"
                     + (f"  {air} {a}" if a else "") + (f"  {su} {s}" if s else "")
                     + ("  " + _("objectives: {tokens}").format(tokens=", ".join(toks)) if toks else ""))
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
                here.append(f"{power(POWER_NAMES[r.power(state, q)])}{'#' + str(q) if state.np >= 8 else ''}"
                            f" {u}" + (f"+{a}air" if a else "") + ("+SU" if s else ""))
        if p is not None and not here:
            continue
        kind = _("sea ") if geo.sea[c] else _("land")
        boom = " [%s]" % _("atomic mushroom") if x["boom"][c] else ""
        rows.append(f"{b.cid(c):<16} {kind}  {', '.join(here) or '-'}{boom}")
    return "\n".join(rows) or _("No forces.")


def event_line(before, state, ev) -> str:
    r = state.rules
    t = ev["t"]
    p = ev.get("p")
    name = (lambda c: r.cname(state, c))
    if t == "token":
        return _("{who} places {token} in {region}").format(who=seat(state, p), token=token(ev['k']),
                                                            region=name(ev['c']))
    if t == "place":
        return _("{who} adds {units} in {region}").format(
            who=seat(state, p), units=units(ev['n'], ev.get("f", "u")), region=name(ev['c']))
    if t == "rocket":
        return _("{who} places the nuclear rocket in {region}").format(who=seat(state, p), region=name(ev['c']))
    if t == "attack":
        air, su = _("aircraft"), _("SU")
        b = "".join("; " + _("brings {forces} from {region}").format(
            forces=f"{m[1]}{'+' + str(m[2]) + ' ' + air if m[2] else ''}{'+' + su if m[3] else ''}",
            region=name(m[0])) for m in ev.get("b", []))
        return _("{who} attacks {whom} in {region}").format(
            who=seat(state, p), whom=seat(state, ev['q']), region=name(ev['c'])) + b
    if t == "defend":
        b = ", ".join(_("{n} from {region}").format(n=m[1], region=name(m[0])) for m in ev.get("b", []))
        return _("{who} defends").format(who=seat(state, p)) + \
            (", " + _("bringing {forces}").format(forces=b) if b else "")
    if t == "retreat":
        return _("{who} retreats to {regions}").format(
            who=seat(state, p), regions=", ".join(f"{name(m[0])} ({m[1]})" for m in ev["m"]))
    if t == "fight":
        last = state.x.get("last") or ["?", "?", 0, 0, -1, -1]
        if last[2] > last[3]:
            who = _("{who} wins the combat").format(who=seat(state, last[4]))
        elif last[3] > last[2]:
            who = _("{who} wins the combat").format(who=seat(state, last[5]))
        else:
            who = _("nobody wins the combat")
        return _("commands {a} against {d}: battles {won}-{lost}, {result}").format(
            a=last[0], d=last[1], won=last[2], lost=last[3], result=who)
    if t == "launch":
        if ev.get("cl", -1) >= 0:
            return _("{who} launches at {region}; {other} counter-launches: both rockets explode "
                     "in the air").format(who=seat(state, p), region=name(ev['c']), other=seat(state, ev['cl']))
        return _("{who} launches the rocket at {region}: every piece there is lost").format(
            who=seat(state, p), region=name(ev['c']))
    if t == "end":
        if before is not None and getattr(before, "phase", "") == "add":
            return _("{who} has added").format(who=seat(state, p))
        return _("{who} ends the turn").format(who=seat(state, p))
    if t == "undo":
        return _("undone back to event {n}").format(n=ev['to'])
    return ""
