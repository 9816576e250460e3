"""The game clock (issue 26), what a running game needs (the options' parsing and checks, the
durations in words and the winner at time are comando.clock_options, loaded when needed): a turn timer (a countdown per turn, or a chess-clock budget per
player), a game time limit and the end procedure (finish the round; or the closing roll).

The core has no clock of its own. The device or the laptop stamps every event of a clocked game
with ``ts``, the whole seconds of play since the game began; this module only reads those stamps,
so a replay of the log gives the same clock, the same time-outs and the same end.

Table options (in ``new``'s ``o``; all in whole seconds but ``end`` and ``attime``):
- ``turn``: a countdown per turn of play (10 s .. 1 h)
- ``budget``: a chess clock, each player's time for the whole game (1 min .. 12 h)
- ``limit``: the game's time limit (1 min .. 12 h)
- ``end``: at the limit, ``roll`` (default; RisiKo!'s official closing roll) or ``round``
- ``attime``: who wins at time, one of the ruleset's rules (its table plug-in's ``at_time``;
  the first is the default). docs/decisions/game-clock.md says why each.

The events (comando.session) that are the clock's:
- any event: optional ``ts`` (never back in time, never a day ahead of the last)
- ``timeout``: ``p`` - the player on turn ran out of time (the countdown, or its whole budget);
  the turn ends there and ``clock["out"]`` records ``[seat, round]``
- ``close``: *``r`` [two dice]* - after each round once the limit is reached (``end`` ``roll``):
  the game ends at time when the dice sum to the threshold or less: 4, one higher each closing
  roll, up to 7

The state, ``state.clock`` (None without a clock option), a dict replaced on every change (an
undo snapshot may share it): ``ts`` the last stamp, ``t0`` when the turn on the clock began,
``on`` that turn ([round, seat], or None between turns), ``left`` each seat's budget (seconds),
``up`` 1 once the limit is reached, ``due`` 1 while a closing roll is owed, ``closes`` the rolls
made, ``last`` the last one [d1, d2, threshold], ``out`` the time-outs, ``at`` 1 once the game
ended at time.
"""

DAY = 86400
TURN_RANGE = (10, 3600)
LONG_RANGE = (60, 43200)
CLOSE_FIRST = 4     # the closing roll ends the game at 4 or less after the first round over time,
CLOSE_MAX = 7       # one more each round, up to 7 (RisiKo! official rules, quoted by issue 26)
KEYS = ("turn", "budget", "limit", "end", "attime")
ENDS = ("roll", "round")

class ClockError(ValueError):
    """A clock option out of its rule: one line naming it."""


def short(seconds):
    """A countdown for a small screen: m:ss, or h:mm once an hour or more."""
    s = max(0, int(seconds))
    if s >= 3600:
        return "%d:%02dh" % (s // 3600, s % 3600 // 60)
    return "%d:%02d" % (s // 60, s % 60)


def wanted(opts):
    """True when ``opts`` ask for a clock."""
    return "turn" in opts or "budget" in opts or "limit" in opts


def start(opts, n):
    """The clock state of a new game of ``n`` seats (None without a clock)."""
    if not wanted(opts):
        return None
    b = opts.get("budget")
    return {"ts": 0, "t0": 0, "on": None, "left": [b] * n if b else None, "up": 0, "due": 0,
            "closes": 0, "last": None, "out": [], "at": 0}


def cap(clock, opts, seat):
    """The seconds ``seat``'s turn may last in all (None: no turn timer)."""
    if opts.get("turn"):
        return opts["turn"]
    if clock["left"] is not None:
        return clock["left"][seat]
    return None


def used(clock, ts=None):
    """Seconds the turn on the clock has used at ``ts`` (default: the last stamp)."""
    if clock["on"] is None:
        return 0
    return (clock["ts"] if ts is None else ts) - clock["t0"]


def turn_left(clock, opts, ts=None):
    """Seconds left of the turn on the clock (None without a turn timer or between turns)."""
    if clock["on"] is None:
        return None
    c = cap(clock, opts, clock["on"][1])
    return None if c is None else c - used(clock, ts)


def game_left(clock, opts, ts=None):
    """Seconds left before the game's time limit (None without one; 0 once reached)."""
    lim = opts.get("limit")
    if lim is None:
        return None
    return max(0, lim - (clock["ts"] if ts is None else ts))


def threshold(clock):
    """The sum at or under which the next closing roll ends the game."""
    return min(CLOSE_FIRST + clock["closes"], CLOSE_MAX)


def stamp(clock, a):
    """The stamp of action ``a``: its ``ts``, or the last one (an action without it took no time);
    ClockError when it goes back or jumps more than a day."""
    ts = a.get("ts", clock["ts"])
    if isinstance(ts, bool) or not isinstance(ts, int):
        raise ClockError("the clock's stamp ts must be whole seconds, not %r" % (ts,))
    if ts < clock["ts"]:
        raise ClockError("the clock's stamp goes back in time: %d s after %d s" % (ts, clock["ts"]))
    if ts - clock["ts"] > DAY:
        # (worded here, not by clock_options, which imports this module)
        raise ClockError("the clock's stamp jumps %d h ahead: a game clock keeps a game's hours, "
                         "not days" % ((ts - clock["ts"]) // 3600))
    return ts
