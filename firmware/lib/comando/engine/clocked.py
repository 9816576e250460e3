"""The game clock in the map engine (comando.clock holds the clock itself; the table session's
twin is comando.session.clocked). The engine has no stage between rounds: a round ends when the
turn wraps past the first player, so a closing roll owed is the first event of the next round's
first turn, and the winner at time is counted on the map (countries, armies).

``state.clock`` (None without a clock option): comando.clock's dict, plus ``won`` (the seats
that won at time: a tie is shared). Imported only by a clocked game."""

from comando import clock as C
from comando.errors import IllegalMove, RulesError
from comando.texts import refused

TYPES = ("timeout", "close")


def _words(seconds):
    from comando.clock_options import words   # (a refusal's words: off the heap otherwise)
    return words(seconds)


def options(rules, options):
    """RulesError (one line) unless the clock options of ``options`` are sound for ``rules``."""
    if rules.at_time is None:
        raise refused(RulesError, 81, rules.name)
    from comando import clock_options
    try:
        clock_options.check_options(options, rules.at_time)
    except C.ClockError as e:
        raise RulesError(str(e))


def on_turn(state):
    return [state.round, state.cur] if state.round >= 1 and state.phase != "over" else None


def check(state, a):
    ck = state.clock
    try:
        ts = C.stamp(ck, a)
    except C.ClockError as e:
        raise IllegalMove(str(e))
    t = a.get("t")
    if state.phase == "over" and t in TYPES:
        raise refused(IllegalMove, 82)
    if t == "close":
        if not ck["due"]:
            raise refused(IllegalMove, 83)
        r = a.get("r")
        if "seq" in a and r is None:
            raise refused(IllegalMove, 84)
        if r is not None and (not isinstance(r, list) or len(r) != 2 or not all(
                not isinstance(d, bool) and isinstance(d, int) and 1 <= d <= 6 for d in r)):
            raise refused(IllegalMove, 85, r)
        return
    if ck["due"]:
        raise refused(IllegalMove, 86, C.threshold(ck))
    if t == "timeout":
        p = a.get("p")
        if ck["on"] is None:
            raise refused(IllegalMove, 87)
        if p != state.cur:
            raise refused(IllegalMove, 88, state.who(state.cur))
        left = C.turn_left(ck, state.options, ts)
        if left is None:
            raise refused(IllegalMove, 89)
        if left > 0:
            raise refused(IllegalMove, 90, state.who(p), _words(left))
        return
    if ck["on"] is not None:
        left = C.turn_left(ck, state.options, ts)
        if left is not None and left < 0:
            raise refused(IllegalMove, 91, state.who(state.cur), _words(C.cap(ck, state.options, state.cur)))


def make_close(state, a, src):
    e = dict(a)
    if "r" not in e:
        e["r"] = [src.d6(), src.d6()]
    return e


def before(state, e):
    ck = dict(state.clock)
    ck["ts"] = e.get("ts", ck["ts"])
    lim = state.options.get("limit")
    if lim is not None and ck["ts"] >= lim:
        ck["up"] = 1
    state.clock = ck
    return state.round


def apply_own(state, e):
    ck = state.clock
    if e["t"] == "timeout":
        ck["out"] = ck["out"] + [[e["p"], state.round]]
        # the turn ends where it is (armies not yet placed are lost: the time ran out)
        state.rules.apply_end(state, e)
        return
    d1, d2 = e["r"]
    th = C.threshold(ck)
    ck["closes"] += 1
    ck["last"] = [d1, d2, th]
    ck["due"] = 0
    if d1 + d2 <= th:
        end_at_time(state)


def end_at_time(state):
    ck = state.clock
    rule = state.options.get("attime", state.rules.at_time[0])
    rows = {}
    for s in range(state.np):
        if state.alive[s]:
            rows[s] = (state.count(s), state.total_armies(s), 0)
    from comando.clock_options import winners
    won = winners(rule, rows)
    ck["won"] = won
    ck["at"] = 1
    ck["due"] = 0
    state.winner = won[0]
    state.phase = "over"


def after(state, e, rnd):
    """After the rules applied ``e`` (the round was ``rnd``): the turn on the clock (a budget is
    charged when the turn changes hands) and a round ended over the limit."""
    ck = state.clock
    on = on_turn(state)
    if on != ck["on"]:
        if ck["on"] is not None and ck["left"] is not None:
            s = ck["on"][1]
            left = list(ck["left"])
            left[s] = max(0, left[s] - (ck["ts"] - ck["t0"]))
            ck["left"] = left
        ck["on"] = on
        ck["t0"] = ck["ts"]
    if ck["up"] and not ck["at"] and state.phase != "over" and rnd >= 1 and state.round > rnd:
        if state.options.get("end", "roll") == "round":
            end_at_time(state)
            ck["on"] = None
        else:
            ck["due"] = 1
