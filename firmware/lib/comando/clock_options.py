"""The game clock's options (comando.clock is the running clock): durations typed and worded,
``--option clock=...`` parsed, the options' ranges checked, the winner-at-time rules. Apart from
comando.clock so that a device's running game does not keep them on its heap."""

from comando.clock import DAY, KEYS, ENDS, TURN_RANGE, LONG_RANGE, ClockError

# What each winner-at-time rule means, in a player's words (the device and the REPL show it)
RULE_WORDS = {
    "countries": "most countries wins (a tie: most armies)",
    "armies": "most armies wins (a tie: most countries)",
    "points": "the objectives' points are counted (teg-ii.txt End of the Game)",
}



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
