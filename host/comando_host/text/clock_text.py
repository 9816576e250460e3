"""The game clock in words for the laptop (the REPL's prompt and status, replay): time left, the
limit, the closing roll, who ran out. The clock itself is the core's (comando.clock)."""

from comando import clock as C
from comando.clock_options import RULE_WORDS, words


def _who(state, p):
    return state.who(p) if hasattr(state, "who") else state.colours[p]


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
        parts.append(f"{C.short(left)} of the turn" if left > 0 else "turn time out")
    g = C.game_left(ck, o, ts)
    if g is not None:
        parts.append(f"{C.short(g)} of the game" if g > 0 else "time limit reached")
    return ", " + ", ".join(parts) if parts else ""


def status_lines(state, ts=None) -> list:
    """The clock's lines of `status`."""
    ck = state.clock
    if ck is None:
        return []
    o = _opts(state)
    rule = RULE_WORDS.get(o.get("attime", state.rules.at_time[0]), "")
    lines = []
    if ck["at"]:
        how = "by the closing roll %d + %d = %d (%d or less)" % (
            ck["last"][0], ck["last"][1], ck["last"][0] + ck["last"][1], ck["last"][2]) \
            if ck["last"] and sum(ck["last"][:2]) <= ck["last"][2] else "at the end of the round"
        lines.append(f"clock: the game ended at time {how}; at time {rule}")
    else:
        g = C.game_left(ck, o, ts)
        if g is not None:
            end = "the closing roll after each round" if o.get("end", "roll") == "roll" \
                else "the round is finished"
            if g > 0:
                lines.append(f"clock: {words(g)} of the game left (limit {words(o['limit'])}; "
                             f"then {end}; at time {rule})")
            elif ck["due"]:
                lines.append(f"clock: the time limit is reached: the closing roll now "
                             f"({C.threshold(ck)} or less ends the game)")
            else:
                lines.append(f"clock: the time limit is reached: this round is finished, then {end}")
        left = C.turn_left(ck, o, ts)
        if left is not None:
            kind = "budget" if ck["left"] is not None else "turn timer"
            lines.append(f"clock: {words(max(0, left))} left of this turn ({kind})")
        if ck["left"] is not None:
            lines.append("clock: time left - " + ", ".join(
                f"{state.colours[s]} {words(ck['left'][s])}" for s in range(len(ck["left"]))))
    for p, rnd in ck["out"]:
        lines.append(f"clock: {_who(state, p)} ran out of time in round {rnd}")
    return lines


def event_line(state, ev, who=None):
    """One line for a clock event (None for another); ``who(seat)``: a seat's name."""
    if ev["t"] == "timeout":
        name = who(ev["p"]) if who is not None else _who(state, ev["p"])
        return f"{name} ran out of time: the turn ends"
    if ev["t"] == "close":
        d1, d2 = ev["r"]
        th = state.clock["last"][2]
        if state.clock["at"]:
            return f"closing roll {d1} + {d2} = {d1 + d2}, {th} or less: the game ends at time"
        return (f"closing roll {d1} + {d2} = {d1 + d2}, over {th}: another round "
                f"(then {C.threshold(state.clock)} or less ends it)")
    return None
