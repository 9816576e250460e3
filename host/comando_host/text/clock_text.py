"""The game clock in words for the laptop (the REPL's prompt and status, replay): time left, the
limit, the closing roll, who ran out; in the table's language (text/lang.py). The clock itself
is the core's (comando.clock); its durations (45 s, 1:30, 2 min, 1 h 05) read alike in the three
languages."""

from comando import clock as C
from comando.clock_options import words
from comando_host.text import colour_words
from comando_host.text.lang import N_, _

# comando.clock_options.RULE_WORDS said in the table's language (the same keys, the same words)
RULES = {
    "countries": N_("most countries wins (a tie: most armies)"),
    "armies": N_("most armies wins (a tie: most countries)"),
    "points": N_("the objectives' points are counted (teg-ii.txt End of the Game)"),
}


def _who(state, p):
    if hasattr(state, "names"):
        return colour_words.who(state.names[p], state.colours[p])
    return colour_words.colour(state.colours[p])


def _opts(state):
    return state.options if hasattr(state, "options") else state.opts


def prompt_part(state, ts=None):
    """A short part for the prompt: ", 1:20 of the turn, 12:00 of the game" ("" without a clock)."""
    ck = state.clock
    if ck is None or ck["at"]:
        return ""
    o = _opts(state)
    parts = []
    left = C.turn_left(ck, o, ts)
    if left is not None:
        parts.append(_("{time} of the turn").format(time=C.short(left)) if left > 0
                     else _("turn time out"))
    g = C.game_left(ck, o, ts)
    if g is not None:
        parts.append(_("{time} of the game").format(time=C.short(g)) if g > 0
                     else _("time limit reached"))
    return ", " + ", ".join(parts) if parts else ""


def status_lines(state, ts=None) -> list:
    """The clock's lines of `status`, each opened by "clock: " in the table's language."""
    head = _("clock: ")
    return [head + line for line in lines(state, ts)]


def lines(state, ts=None) -> list:
    """The clock's lines without their opening word (the page's clock box)."""
    ck = state.clock
    if ck is None:
        return []
    o = _opts(state)
    key = o.get("attime", state.rules.at_time[0])
    rule = _(RULES[key]) if key in RULES else ""
    out = []
    if ck["at"]:
        last = ck["last"]
        how = _("by the closing roll {d1} + {d2} = {sum} ({most} or less)").format(
            d1=last[0], d2=last[1], sum=last[0] + last[1], most=last[2]) \
            if last and sum(last[:2]) <= last[2] else _("at the end of the round")
        out.append(_("the game ended at time {how}; at time {rule}").format(how=how, rule=rule))
    else:
        g = C.game_left(ck, o, ts)
        if g is not None:
            end = _("the closing roll after each round") if o.get("end", "roll") == "roll" \
                else _("the round is finished")
            if g > 0:
                out.append(_("{time} of the game left (limit {limit}; then {end}; at time {rule})")
                           .format(time=words(g), limit=words(o['limit']), end=end, rule=rule))
            elif ck["due"]:
                out.append(_("the time limit is reached: the closing roll now "
                             "({most} or less ends the game)").format(most=C.threshold(ck)))
            else:
                out.append(_("the time limit is reached: this round is finished, then {end}")
                           .format(end=end))
        left = C.turn_left(ck, o, ts)
        if left is not None:
            kind = _("budget") if ck["left"] is not None else _("turn timer")
            out.append(_("{time} left of this turn ({kind})").format(time=words(max(0, left)), kind=kind))
        if ck["left"] is not None:
            out.append(_("time left - {seats}").format(seats=", ".join(
                f"{colour_words.colour(state.colours[s])} {words(ck['left'][s])}" for s in range(len(ck["left"])))))
    for p, rnd in ck["out"]:
        out.append(_("{who} ran out of time in round {round}").format(who=_who(state, p), round=rnd))
    return out


def event_line(state, ev, who=None):
    """One line for a clock event (None for another); ``who(seat)``: a seat's name."""
    if ev["t"] == "timeout":
        name = who(ev["p"]) if who is not None else _who(state, ev["p"])
        return _("{who} ran out of time: the turn ends").format(who=name)
    if ev["t"] == "close":
        d1, d2 = ev["r"]
        th = state.clock["last"][2]
        if state.clock["at"]:
            return _("closing roll {d1} + {d2} = {sum}, {most} or less: the game ends at time").format(
                d1=d1, d2=d2, sum=d1 + d2, most=th)
        return _("closing roll {d1} + {d2} = {sum}, over {most}: another round "
                 "(then {next} or less ends it)").format(
            d1=d1, d2=d2, sum=d1 + d2, most=th, next=C.threshold(state.clock))
    return None
