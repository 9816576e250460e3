"""The game clock (issue 26): a turn timer (a countdown per turn, or a chess-clock budget per
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

# What each winner-at-time rule means, in a player's words (the device and the REPL show it)
RULE_WORDS = {
    "countries": "most countries wins (a tie: most armies)",
    "armies": "most armies wins (a tie: most countries)",
    "points": "the objectives' points are counted (teg-ii.txt End of the Game)",
}


class ClockError(ValueError):
    """A clock option out of its rule: one line naming it."""


def words(seconds):
    """A duration as the table says it: 45 s, 1:30 (minutes:seconds), 2 min, 1 h 05 (hours,
    minutes), 1 h,
    2 d (days: only in a refusal)."""
    s = int(seconds)
    if s < 0:
        s = 0
    if s >= DAY and s % DAY == 0:
        return "%d d" % (s // DAY)
    if s >= 3600:
        if s % 3600 == 0:
            return "%d h" % (s // 3600)
        return "%d h %02d" % (s // 3600, s % 3600 // 60)
    if s >= 60:
        if s % 60 == 0:
            return "%d min" % (s // 60)
        return "%d:%02d" % (s // 60, s % 60)
    return "%d s" % s


def short(seconds):
    """A countdown for a small screen: m:ss, or h:mm once an hour or more."""
    s = max(0, int(seconds))
    if s >= 3600:
        return "%d:%02dh" % (s // 3600, s % 3600 // 60)
    return "%d:%02d" % (s // 60, s % 60)


def duration(text):
    """Seconds of a duration typed as ``90s``, ``30m``, ``1h``, ``1h30m``, ``2d``; ClockError for
    anything else (a bare number is refused: minutes or seconds?)."""
    t = text.strip().lower()
    if not t:
        raise ClockError("a clock time needs a number and a unit (s, m, h), like 30m or 90s")
    total = 0
    num = ""
    units = {"s": 1, "m": 60, "h": 3600, "d": DAY}
    for ch in t:
        if "0" <= ch <= "9":
            num += ch
        elif ch in units and num:
            total += int(num) * units[ch]
            num = ""
        else:
            raise ClockError("%r is not a clock time: a number and a unit (s, m, h), like 30m or 90s"
                             % text)
    if num:
        raise ClockError("%r needs a unit: s, m or h (30m is thirty minutes, 90s ninety seconds)"
                         % text)
    return total


def parse(text):
    """The options of ``--option clock=...``: comma-separated ``KIND:VALUE`` items, KIND one of
    turn, budget, limit (durations), end (roll/round), attime (a rule's name). Returns the option
    dict (seconds); ClockError for a malformed item. Ranges are check_options'."""
    out = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        k, sep, v = item.partition(":")
        k = k.strip().lower()
        v = v.strip()
        if not sep or k not in KEYS:
            raise ClockError("clock item %r: expected KIND:VALUE, KIND one of %s (like limit:30m)"
                             % (item, ", ".join(KEYS)))
        out[k] = v.lower() if k in ("end", "attime") else duration(v)
    if not out:
        raise ClockError("the clock option is empty: give at least limit:, turn: or budget:")
    return out


def _in_range(opts, key, lo, hi, what):
    v = opts.get(key)
    if v is None:
        return
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
        shown = words(v) if isinstance(v, int) and not isinstance(v, bool) else repr(v)
        raise ClockError("%s must be from %s to %s, not %s" % (what, words(lo), words(hi), shown))


def check_options(opts, at_time=("countries",)):
    """ClockError (one line naming the rule) unless the clock options in ``opts`` are sound.
    ``at_time``: the ruleset's winner-at-time rules (its table plug-in's ``at_time``)."""
    _in_range(opts, "turn", TURN_RANGE[0], TURN_RANGE[1], "the turn timer")
    _in_range(opts, "budget", LONG_RANGE[0], LONG_RANGE[1], "each player's time (budget)")
    _in_range(opts, "limit", LONG_RANGE[0], LONG_RANGE[1], "the game time limit")
    if "turn" in opts and "budget" in opts:
        raise ClockError("a turn timer is a countdown per turn or a budget per player, not both")
    if opts.get("end", "roll") not in ENDS:
        raise ClockError("the end at the time limit is 'roll' (the closing roll) or 'round' "
                         "(finish the round), not %r" % (opts.get("end"),))
    rule = opts.get("attime", at_time[0])
    if rule not in at_time:
        raise ClockError("the winner at time in this game is by %s, not %r"
                         % (" or ".join(at_time), rule))
    if ("end" in opts or "attime" in opts) and "limit" not in opts:
        raise ClockError("the end procedure needs a game time limit (limit)")


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
        raise ClockError("the clock's stamp jumps %s ahead: a game clock keeps a game's hours, "
                         "not days" % words(ts - clock["ts"]))
    return ts


def winners(rule, rows):
    """The seats that win at time by ``rule``: ``rows`` {seat: (countries, armies, points)} of
    the players still in; the first measure, then the tie-break; a tie left is shared (all)."""
    if rule == "points":
        keys = (2,)
    elif rule == "armies":
        keys = (1, 0)
    else:
        keys = (0, 1)
    best = None
    out = []
    for s in sorted(rows):
        v = tuple(rows[s][k] for k in keys)
        if best is None or v > best:
            best = v
            out = [s]
        elif v == best:
            out.append(s)
    return out
