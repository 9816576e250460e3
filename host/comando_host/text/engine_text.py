"""Text views of an engine game for the `play` and `replay` commands (host only)."""

from __future__ import annotations

from comando_host import games
from comando_host.text import colour_words
from comando_host.text.lang import N_, _, _n

# The phases by the engine's names, said in the table's language (the engine's stay English: logs)
PHASES = {"place": N_("place"), "add": N_("add"), "attack": N_("attack"), "regroup": N_("regroup"),
          "card": N_("card"), "claim": N_("claim"), "objectives": N_("objectives"),
          "over": N_("over")}
# The rules' verb for handing in cards (comando.engine.rules.Rules.trade_verb)
TRADE_VERBS = {"trades in": N_("trades in"), "exchanges": N_("exchanges")}


def phase_word(phase) -> str:
    return _(PHASES[phase]) if phase in PHASES else str(phase)


def armies(n: int) -> str:
    """"1 army", "3 ejércitos": a count of armies in the table's language."""
    return _n("{n} army", "{n} armies", n).format(n=n)


def events_word(n: int) -> str:
    return _n("{n} event", "{n} events", n).format(n=n)


def who(state, p):
    """"Ana (blanco)": a player and its colour in the table's words (text/colour_words.py)."""
    return colour_words.who(state.names[p], state.colours[p])


def status(state) -> str:
    """Whose turn, phase, armies to place, cards held counts (the `status` command)."""
    own = games.get(state.rules.id).text
    if own is not None:
        return own.status(state)
    b = state.board
    lines = []
    if state.phase == "over":
        from comando_host.text.outcome import engine_winners, result_said
        lines.append(_("Game over: {result}.").format(result=result_said(engine_winners(state, lambda p: who(state, p)))))
        why = getattr(state.rules, "win_reason", None)
        if why is not None and state.winner >= 0:
            lines.append(_("why: {why}").format(why=why(state, state.winner)))
    else:
        rnd = _("round {n}").format(n=state.round) if state.round else _("setup")
        lines.append(_("{round} - {who} to play - phase: {phase}").format(
            round=rnd, who=who(state, state.cur), phase=phase_word(state.phase)))
        if state.to_place():
            extra = [_("{n} on {continent}").format(n=state.cres[c], continent=b.continent_name(c))
                     for c in range(len(state.cres)) if state.cres[c]]
            lines.append(_("armies to place: {n}").format(n=state.to_place())
                         + (f" ({', '.join(extra)})" if extra else ""))
        if state.pending is not None:
            f, to, lo, hi = state.pending[:4]
            lines.append(_("conquest of {country}: move {lo}-{hi} armies in with 'move N' (now {lo})").format(
                country=b.name(to), lo=lo, hi=hi))
        if state.round:
            lines.append(_("conquered this turn: {n}; card taken: {taken}").format(
                n=state.conq, taken=_("yes") if state.drew else _("no")))
    lines.extend(ruleset_lines(state))
    w_c, w_a, w_k, w_t = _("countries"), _("armies"), _("cards"), _("trades")
    for p in range(state.np):
        mark = ">" if p == state.cur and state.phase != "over" else " "
        dead = "" if state.alive[p] else ("  " + _("(walked out)") if state.rules.walk_out and state.killer[p] < 0
                                          else "  " + _("(eliminated)"))
        lines.append(f"{mark} {who(state, p):<22} {w_c} {counted(state, p):>2}  {w_a} {armies_of(state, p):>4}"
                     f"  {w_k} {len(state.hands[p])}  {w_t} {state.trades[p]}{dead}")
    lines.append(_("deck {deck}, discard {discard}, pacts {pacts}").format(
        deck=len(state.deck), discard=len(state.discard), pacts=len(state.pacts)))
    return "\n".join(lines)


def ruleset_lines(state) -> list:
    """What matters for this ruleset besides the common counters: its game's ``status_lines``
    (comando_host/games/<id>: WAR's trades across the table, Risk's reserves and sets...)."""
    return games.get(state.rules.id).status_lines(state)


def diplomacy(state) -> str:
    """Risk's public diplomacy panel (non-binding)."""
    dip = state.x.get("dip") or []
    if not dip:
        return _("The diplomacy panel is empty (not binding: 'dip truce PLAYER', 'dip note TEXT' ...).")
    out = [_("Diplomacy panel (public, not binding):")]
    for seq, p, q, k, text in dip:
        to = f" -> {who(state, q)}" if q >= 0 else ""
        out.append(f"  #{seq} {who(state, p)}{to}: {k}" + (f": {text}" if text else ""))
    return "\n".join(out)


def countries(state, p=None) -> str:
    """The map as a table: country id, name, continent, owner (name and colour), armies."""
    own = games.get(state.rules.id).text
    if own is not None:
        return own.regions(state, p)
    b = state.board
    rows = [(_("country"), _("name"), _("continent"), _("owner"), _("armies"))]
    for c in range(state.n):
        o = state.owner[c]
        if p is not None and o != p:
            continue
        rows.append((b.cid(c), b.name(c), b.continent_name(b.continent_of(c)),
                     who(state, o) if o >= 0 else "-", str(state.armies[c])))
    if len(rows) == 1:
        return _("{who} holds no countries.").format(who=who(state, p)) if p is not None else _("No countries.")
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    return "\n".join("  ".join(r[k].ljust(widths[k]) for k in range(4)) + "  " + r[4].rjust(widths[4])
                     for r in rows)


def neighbours(state, c) -> str:
    """A country's neighbours with their owner and armies; those its owner could attack from it
    (another owner's) are marked."""
    b = state.board
    o = state.owner[c]
    head = f"{b.name(c)}: " + (f"{who(state, o)}, {armies(state.armies[c])}" if o >= 0 else _("nobody's"))
    rows = [head]
    for j in b.neighbours(c):
        q = state.owner[j]
        mark = "  <- " + _("enemy") if o >= 0 and q >= 0 and q != o else ""
        where = "" if b.continent_of(j) == b.continent_of(c) else f" ({b.continent_name(b.continent_of(j))})"
        rows.append(f"  {b.name(j)}{where}: " + (f"{who(state, q)}, {state.armies[j]}" if q >= 0
                                                  else _("nobody")) + mark)
    return "\n".join(rows)


def card_name(state, c) -> str:
    """A card's name: its country, or the ruleset's name for a wildcard (WAR, Risk: ints >= n)."""
    return state.rules.card_name(state, c)


def cards(state, p) -> str:
    b = state.board
    if not state.hands[p]:
        return (_("{who} holds no country cards.") if state.rules.continent_deck else
                _("{who} holds no cards.")).format(who=who(state, p)) + continent_cards(state, p)
    items = []
    for c in state.hands[p]:
        if c >= state.n:  # WAR/Risk wildcards are the ints after the countries
            items.append(f"  {card_name(state, c)}: " + _("any symbol"))
            continue
        sym = "/".join(b.symbol(c)) or "-"
        k = bonus_armies(state)
        if state.rules.trade_bonus:  # the +2 comes with a trade only
            mark = " " + _("(yours: +2 there when traded)") if state.owner[c] == p else ""
        else:
            mark = (" " + _("(+{k} taken)").format(k=k) if state.bonused[c] else
                    (" " + _("(+{k} available)").format(k=k) if state.owner[c] == p else ""))
        items.append(f"  {b.name(c)}: {sym}{mark}")
    return _("{who} holds:").format(who=who(state, p)) + "\n" + "\n".join(items) + continent_cards(state, p)


def bonus_armies(state) -> int:
    """Armies for holding a card's country: T.E.G. 2, La Revancha 3."""
    fn = getattr(state.rules, "card_bonus", None)
    return fn(state) if fn else 2


def continent_cards(state, p) -> str:
    """La Revancha: the continent cards ``p`` holds and those it used."""
    x = getattr(state, "x", {}) or {}
    cch = x.get("cch")
    if cch is None:
        return ""
    b = state.board
    tables = b.tables.get("continent_cards", {}) if isinstance(b.tables, dict) else {}
    held = [f"{b.continent_name(k)} ({'/'.join(tables.get(b.continent_id(k), ())) or '-'})"
            for k in range(len(cch)) if cch[k] == p]
    used = [b.continent_name(k) for k in range(len(cch)) if (x["ccu"][p] >> k) & 1]
    s = "\n  " + _("continent cards: {held}").format(held=", ".join(held) if held else _("none"))
    if used:
        s += "; " + _("used: {cards}").format(cards=", ".join(used))
    return s


def pacts(state) -> str:
    if not state.pacts:
        return _("No pacts in force.")
    return "\n".join(pact_text(state, x) for x in state.pacts)


def pact_text(state, pact) -> str:
    """A pact in the table's words: the core's describe_pact (comando.engine.pact_moves, La
    Revancha's pact_moves), the same English, said through the catalogues; a kind the laptop does
    not know is said as the core says it."""
    i, k, p, q = pact[0], pact[1], pact[2], pact[3]
    b = state.board
    if k == "a":   # La Revancha's aggression pact: its own round, no "broken" tail
        return _("pact #{i}: {p} and {q} attacked {c} together: they do not attack each other until "
                 "{q}'s turn of the next round").format(i=i, p=who(state, p), q=who(state, q),
                                                        c=b.name(pact[4]))
    if k == "w":
        s = _("pact #{i}: world non-aggression between {p} and {q}").format(i=i, p=who(state, p), q=who(state, q))
    elif k == "c":
        s = _("pact #{i}: {a} ({p}) and {b} ({q}) do not attack each other across that border").format(
            i=i, a=state.rules.cname(state, pact[4]), p=who(state, p), b=state.rules.cname(state, pact[5]),
            q=who(state, q))
    elif k == "z":
        s = _("pact #{i}: {c} is an international zone between {p} and {q}").format(
            i=i, c=state.rules.cname(state, pact[4]), p=who(state, p), q=who(state, q))
    elif k == "k":
        s = _("pact #{i}: {p} and {q} do not attack each other in {continent}").format(
            i=i, p=who(state, p), q=who(state, q), continent=b.continent_name(pact[4]))
    elif k == "b":
        s = _("pact #{i}: {p} and {q} do not attack each other across the {a} - {b} borders").format(
            i=i, p=who(state, p), q=who(state, q), a=b.continent_name(pact[4]), b=b.continent_name(pact[5]))
    else:
        return state.rules.describe_pact(state, pact)
    if pact[6] >= 0:
        s += _("; broken, binds until {who}'s next turn ends").format(who=who(state, pact[6]))
    return s


def event_line(state_before, state, ev) -> str:
    """One line describing what an event did (after it was applied)."""
    game = games.get(state.rules.id)
    if game.text is not None:
        return game.text.event_line(state_before, state, ev)
    own = game.event_line(state_before, state, ev)
    if own:
        return own
    b = state.board
    t = ev["t"]
    p = ev.get("p")
    lines = _EVENT_LINES.get(t)
    if lines is not None:
        return lines(state_before, state, ev)
    if t == "place":
        return _("{who} places {n} on {country}").format(who=who(state, p), n=ev['n'], country=b.name(ev['c'])) \
            + game.round_note(state_before, state)
    if t == "claim":
        return _("{who} occupies {country}").format(who=who(state, p), country=b.name(ev['c']))
    if t == "move":
        pe = state_before.pending
        return _("{armies} in {country}").format(armies=armies(ev['n']), country=b.name(pe[1])) if pe else ""
    if t == "end":
        who_ends = who(state_before, state_before.cur)
        s = (_("{who} ends the turn and takes a card") if "card" in ev else
             _("{who} ends the turn")).format(who=who_ends)
        return s + game.round_note(state_before, state)
    if t == "pact":
        return _("pact made: {pact}").format(pact=pact_text(state, state.pacts[-1]))
    if t == "undo":
        return _("undone back to event {n}").format(n=ev['to'])
    return ""


# (event_line's longer lines, one function per event type)
def _attack_line(state_before, state, ev) -> str:
    b = state.board
    p = ev.get("p")
    f, to = ev["f"], ev["to"]
    res = " ".join(map(str, sorted(ev["ad"], reverse=True))) + " vs " + " ".join(map(str, sorted(ev["dd"], reverse=True)))
    if ev.get("tb"):   # the table's own dice (comando.table_dice): its losses, or its faces
        res = (_("the table's dice {dice}").format(dice=res) if 0 not in ev["ad"] else
               _("the table's dice, {a} vs {d}: -{al} / -{dl}").format(
                   a=len(ev['ad']), d=len(ev['dd']), al=ev['al'], dl=ev['dl']))
    res = games.get(state.rules.id).attack_dice(ev, res)
    if state.owner[to] == p:
        s = _("{attacker} attacks {defender}: {dice} -> {defender} conquered").format(
            attacker=b.name(f), defender=b.name(to), dice=res)
        if state.pending is not None:
            n = state.armies[to]
            s += " " + _n("({n} army moved; 'move N' for up to {most})",
                          "({n} armies moved; 'move N' for up to {most})", n).format(n=n, most=state.pending[3])
        victim = state_before.owner[to]
        if victim >= 0 and not state.alive[victim]:
            s += "; " + _("{who} is eliminated").format(who=who(state, victim))
        return s
    return _("{attacker} attacks {defender}: {dice} -> {attacker} {a}, {defender} {d}").format(
        attacker=b.name(f), defender=b.name(to), dice=res, a=state.armies[f], d=state.armies[to])


def _regroup_line(state_before, state, ev) -> str:
    b = state.board
    s = _("{who} moves {n} from {source} to {target}").format(
        who=who(state, ev.get('p')), n=ev['n'], source=b.name(ev['f']), target=b.name(ev['to']))
    if state.rules.regroup_chain:
        s += "; " + (_("the turn is over (a card taken)") if "card" in ev else _("the turn is over"))
    return s


def _draw_line(state_before, state, ev) -> str:
    s = _("{who} takes the {card} card").format(who=who(state, ev.get('p')), card=card_name(state, ev['card']))
    k = bonus_armies(state)
    if ev["card"] < state.n and state.armies[ev["card"]] - state_before.armies[ev["card"]] == k:
        s += " " + _("(+{armies} there)").format(armies=armies(k))
    return s


def _trade_line(state_before, state, ev) -> str:
    b = state.board
    p = ev.get("p")
    names = [card_name(state, c) for c in ev.get("cards") or []]
    names += [_("the {continent} continent card").format(continent=b.continent_name(k))
              for k in ev.get("cc") or []]
    verb = state.rules.trade_verb
    verb = _(TRADE_VERBS[verb]) if verb in TRADE_VERBS else verb
    s = f"{who(state, p)} {verb} {', '.join(names)}"
    if state_before is not None:
        held = [c for c in ev["cards"] if c < state.n and state_before.owner[c] == p]
        bonus = state.rules.trade_bonus
        if bonus == "each" and held:
            s += " " + _("(+2 on {countries})").format(countries=", ".join(b.name(c) for c in held))
        elif bonus == "one" and held:
            s += " " + _("(+2 on {countries})").format(countries=b.name(ev.get('c', held[0])))
        gained = state.to_place() - state_before.to_place()
        if gained > 0:
            s += "; " + _("{armies} to place").format(armies=armies(gained))
    return s


def _walk_line(state_before, state, ev) -> str:
    p = ev.get("p")
    k = sum(1 for c in range(state.n) if state_before.owner[c] == p)
    s = _("{who} walks out: {n} territories stay neutral").format(who=who(state, p), n=k)
    if state.phase == "over":
        s += "; " + _("{who} is the last player standing").format(who=who(state, state.winner))
    return s


def _dip_line(state_before, state, ev) -> str:
    to = f" -> {who(state, ev['q'])}" if ev.get("q", -1) >= 0 else ""
    text = f": {ev['text']}" if ev.get("text") else ""
    ref = f" #{ev['ref']}" if "ref" in ev else ""
    return _("diplomacy #{seq}: {who}{to}: {kind}{ref}{text} (public, not binding)").format(
        seq=ev['seq'], who=who(state, ev.get('p')), to=to, kind=ev['k'], ref=ref, text=text)


_EVENT_LINES = {"attack": _attack_line, "regroup": _regroup_line, "draw": _draw_line,
                "trade": _trade_line, "walk": _walk_line, "dip": _dip_line}


SECRET = N_("Secret (revealed when the game ends).")   # the rules' words for a hidden objective


def objective(state, p) -> str:
    """Seat ``p``'s secret objective: the board's words in the table's language where the board
    file has them (games/<id>.objective_line), else the rules'."""
    fn = getattr(state.rules, "objective_text", None)
    if not fn:
        return _("(this ruleset has no secret objectives)")
    own = games.get(state.rules.id).objective_line(state, p)
    if own:
        return own
    text = fn(state, p)
    return _(SECRET) if text == SECRET else text


def counted(state, p):
    """Seat ``p``'s countries as the rules count them (La Revancha: table option condo decides
    whether a country in condominium counts for its holders)."""
    if state.rules.condominiums and state.x.get("cd"):
        from comando.rulesets.revancha import condominium as cdm
        return cdm.count(state, p)
    return state.count(p)


def armies_of(state, p):
    """Seat ``p``'s armies on the map, its shares of condominiums included."""
    n = state.total_armies(p)
    for r in state.x.get("cd") or ():
        if r[1] == p:
            n += r[2]
    return n
