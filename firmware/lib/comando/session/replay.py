"""A table session from its log, for the laptop and the tests: ``fold`` (a fresh Session from a
whole log), ``Table`` (a session with its log), ``from_dict`` (a Session from ``to_dict()``'s plain
form) and ``knows`` (an event type this session's rules know).

The device never imports this module: it journals each event as it makes it and restores its
journal event by event (device.app_start), so this code is not in its heap (issue 14)."""

from comando.errors import IllegalMove
from comando.session import FIELDS, LABEL, Session, apply, check, copied, make, new_session

# Event types carrying dice or shuffles (an undo cannot take those back and re-roll them).
RANDOM = ("new", "first", "round", "crisis", "roll")


def fold(events, board=None):
    """A fresh Session from a log; raises IllegalMove naming the first bad event's seq."""
    state = Session()
    for e in events:
        seq = e.get("seq") if isinstance(e, dict) else None
        if seq != state.seq + 1:
            raise IllegalMove("event %r: expected seq %d" % (seq, state.seq + 1))
        try:
            check(state, e, board)
        except IllegalMove as exc:
            raise IllegalMove("event %d (%s): %s" % (seq, e.get("t"), exc))
        apply(state, e)
    return state


def from_dict(d):
    """A Session from its plain form (``Session.to_dict()``)."""
    s = Session()
    for k in FIELDS:
        setattr(s, k, copied(d[k]) if k in d else None)  # a snapshot from before "tally"
    return s


def knows(t):
    """True for an event type this session's rules know (a newer firmware may send others)."""
    return t == "new" or t == "undo" or t in LABEL or t in ("timeout", "close")   # (the clock's)


class Table:
    """Convenience: a session with its log (host tools and tests; the device journals instead)."""

    def __init__(self, ruleset, colours, options=None, rng=None, board=None):
        self.state = Session()
        self.events = []
        self.rng = rng
        self.board = board
        self.act(new_session(ruleset, colours, options))

    def act(self, action):
        e = make(self.state, action, self.rng, self.board)
        apply(self.state, e)
        self.events.append(e)
        return e
