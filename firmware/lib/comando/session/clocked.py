"""The game clock in the table session (comando.clock holds the clock itself): the stamps of
every event, the ``timeout`` and ``close`` events, the turn on the clock and the end at time.
Imported only by a clocked session (its code stays off a Pico's heap otherwise)."""

from comando import clock as C
from comando.errors import IllegalMove
from comando.session.rules import ROUND, TURN, label, need_cur, need_stage

TYPES = ("timeout", "close")


def _words(seconds):
    from comando.clock_options import words   # (a refusal's words: off the heap otherwise)
    return words(seconds)


def check(state, a):
    """The clock's part of checking ``a`` (every type but new/undo): its stamp, a turn already
    over time (only the time-out may follow), and the clock's own events."""
    ck = state.clock
    try:
        ts = C.stamp(ck, a)
    except C.ClockError as e:
        raise IllegalMove(str(e))
    t = a.get("t")
    if t == "timeout":
        need_stage(state, "timeout", TURN)
        p = need_cur(state, a)
        left = C.turn_left(ck, state.opts, ts)
        if left is None:
            raise IllegalMove("this table plays without a turn timer: no time-out")
        if left > 0:
            raise IllegalMove("%s still has %s of this turn: no time-out yet"
                              % (state.colours[p], _words(left)))
        return
    if t == "close":
        if not (state.stage == ROUND and ck["due"]):
            raise IllegalMove("the closing roll is not possible now: it comes after each round "
                              "once the game time limit is reached")
        r = a.get("r")
        if "seq" in a and r is None:
            raise IllegalMove("a stored closing roll must carry its dice (r)")
        if r is not None and (not isinstance(r, list) or len(r) != 2 or not all(
                not isinstance(d, bool) and isinstance(d, int) and 1 <= d <= 6 for d in r)):
            raise IllegalMove("the closing roll is two dice, 1 to 6 each, not %r" % (r,))
        return
    if ck["due"] and t == "round":
        raise IllegalMove("the game time limit is reached: the closing roll comes before the "
                          "next round (%d or less ends the game)" % C.threshold(ck))
    if state.stage == TURN and ck["on"] is not None:
        left = C.turn_left(ck, state.opts, ts)
        if left is not None and left < 0:
            raise IllegalMove("%s is not possible now: %s's time for the turn ran out (%s): "
                              "the time-out ends it" % (label(t), state.colours[state.cur],
                                                       _words(C.cap(ck, state.opts, state.cur))))


def make_close(state, a, rng):
    e = dict(a)
    if "r" not in e:
        e["r"] = [rng.d6(), rng.d6()]
    return e


def before(state, e):
    """The event's stamp, before the rules apply it: the time and the limit."""
    ck = dict(state.clock)
    ck["ts"] = e.get("ts", ck["ts"])
    lim = state.opts.get("limit")
    if lim is not None and ck["ts"] >= lim:
        ck["up"] = 1
    state.clock = ck


def apply_own(state, e):
    """Apply ``timeout`` or ``close`` (the clock's events)."""
    ck = state.clock
    if e["t"] == "timeout":
        ck["out"] = ck["out"] + [[e["p"], state.rnd]]
        state.rules.next_turn(state)
        return
    d1, d2 = e["r"]
    th = C.threshold(ck)
    ck["closes"] += 1
    ck["last"] = [d1, d2, th]
    ck["due"] = 0
    if d1 + d2 <= th:
        end_at_time(state)


def end_at_time(state):
    state.clock["at"] = 1
    state.clock["due"] = 0
    state.rules.end_at_time(state)


def after(state, e, was):
    """After the rules applied ``e`` (the stage was ``was``): the turn on the clock (the time a budget spent is charged
    when the turn changes hands) and a round ended over the limit (a closing roll owed, or the
    end)."""
    ck = state.clock
    on = [state.rnd, state.cur] if state.stage == TURN and state.cur >= 0 else None
    if on != ck["on"]:
        if ck["on"] is not None and ck["left"] is not None:
            s = ck["on"][1]
            left = list(ck["left"])
            left[s] = max(0, left[s] - (ck["ts"] - ck["t0"]))
            ck["left"] = left
        ck["on"] = on
        ck["t0"] = ck["ts"]
    if ck["up"] and not ck["at"] and state.stage == ROUND and was != ROUND:
        if state.opts.get("end", "roll") == "round":
            end_at_time(state)
        else:
            ck["due"] = 1
