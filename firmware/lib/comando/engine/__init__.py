"""The rules engine: events, check/make/apply, fold, undo, and ruleset plug-ins.

    from comando import engine
    game = engine.new_game(board, "teg", [("Ana", "red"), ("Beto", "blue"), ...], rng=dice)
    ev = game.act({"t": "place", "p": game.state.cur, "c": 3, "n": 5})
    state = engine.fold(game.log, board)          # the same state, from the log alone

See docs/architecture.md, "Engine: events, reducer, rulesets".

Entry points:
- `new_game(board, ruleset, players, options=None, rng=None)`: a `Game` whose log holds `new` and
  the setup events the ruleset makes (deal, objectives, first player)
- `check(state, action)`: raises `IllegalMove("Chile has 1 army and cannot attack: it needs at
  least 2 (teg-classic.txt: attacking armies)")` and never changes state
- `make(state, action, rng)`: `check`, then the event: random fields drawn here (dice, reshuffles)
  and stored
- `apply(state, event)`: mutates `state`, trusting the event (never draws, never validates)
- `fold(events, board=None, verify=True)`: a fresh state from a log (`new` first; `undo` handled
  here; the board is loaded by id when not given); raises `IllegalMove` naming the first bad
  event's `seq`
- `state.to_dict()`: a plain comparable dict (replaying twice gives equal dicts)
- `Game.act(action)` / `Game.undo()`: check + make + apply + append with the next `seq`; undo
  appends `{"t": "undo", "to": seq}`
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import refused
from comando.engine.state import State
from comando.engine import rand
from comando.engine import secret
from comando.registry import ENGINE, IDS

_RULES = {}
# The rulesets with a full engine (the registry's ENGINE), for messages and help: module
# comando.rulesets.<id>.engine defining RULES.
RULESETS = ENGINE


def unknown_ruleset(ruleset):
    """The RulesError for a ruleset the engine does not play, naming those it plays."""
    return refused(RulesError, 1, ruleset, ", ".join(RULESETS))


def get_rules(ruleset):
    """The ``RULES`` object of ruleset module ``comando.rulesets.<ruleset>.engine`` (the id in any
    case)."""
    r = _RULES.get(ruleset)
    if r is not None:
        return r
    if not isinstance(ruleset, str) or ruleset.lower() not in IDS:
        raise unknown_ruleset(ruleset)
    try:
        mod = __import__("comando.rulesets.%s.engine" % ruleset.lower(), None, None, ["RULES"])
        r = mod.RULES
    except (ImportError, AttributeError):
        raise unknown_ruleset(ruleset)
    _RULES[ruleset] = r
    return r


def _method(rules, kind, t):
    """``rules.<kind>_<t>`` (bound), cached per rules object and type; None when there is none."""
    cache = getattr(rules, "_dispatch", None)
    if cache is None:
        cache = {}
        rules._dispatch = cache
    key = (kind, t)
    if key in cache:
        return cache[key]
    fn = getattr(rules, kind + "_" + t, None) if isinstance(t, str) else None
    cache[key] = fn
    return fn


def check(state, action):
    """Raise IllegalMove (a message a player understands) unless ``action`` is legal now.
    Never changes ``state``."""
    t = action.get("t") if isinstance(action, dict) else None
    if state.clock is not None and isinstance(t, str):
        from comando.engine import clocked
        clocked.check(state, action)
        if t in clocked.TYPES:
            return
    fn = _method(state.rules, "check", t) if isinstance(t, str) else None
    if fn is None:
        raise refused(IllegalMove, 2, t)
    fn(state, secret.opened(action) if t == "deal" else action)


def make(state, action, src):
    """``check`` the action, then the event to store: randomness drawn from ``src`` (dice source)."""
    check(state, action)
    if action["t"] == "close" and state.clock is not None:
        from comando.engine import clocked
        return clocked.make_close(state, action, src)
    fn = _method(state.rules, "make", action["t"])
    if fn is None:
        return dict(action)
    return fn(state, action, src)


def apply(state, event):
    """Apply a checked event to ``state`` (mutates it; trusts the event; never draws)."""
    t = event["t"]
    if t == "undo" or t == "new":
        raise refused(RulesError, 3, t)
    if state.clock is not None:
        from comando.engine import clocked
        rnd = clocked.before(state, event)
        if t in clocked.TYPES:
            clocked.apply_own(state, event)
        else:
            _apply_rules(state, event, t)
        clocked.after(state, event, rnd)
    else:
        _apply_rules(state, event, t)
    if "seq" in event:
        state.seq = event["seq"]
    return state


def _apply_rules(state, event, t):
    fn = _method(state.rules, "apply", t)
    if fn is None:
        raise refused(RulesError, 4, t)
    rv = event.get("rv")
    if rv is not None:
        # the game-ending event of a sealed deal (comando.engine.secret): objectives first
        if not isinstance(rv, dict) or not isinstance(rv.get("obj"), list) \
                or len(rv["obj"]) < state.np:
            raise refused(RulesError, 5, event.get("seq"))
        state.rules.reveal(state, rv["obj"])
    if t == "deal":
        fn(state, secret.opened(event))
        if "sec" in event:
            state.sealed = event["sec"]   # the device's: not a State field, never in a snapshot
    else:
        fn(state, event)


def _load_board(ev, board):
    if board is not None:
        if ev.get("board") not in (None, board.id):
            raise refused(RulesError, 6, ev.get("board"), board.id)
        return board
    from comando.board import load_board, board_path
    return load_board(board_path(ev["board"]))


def new_state(ev, board=None):
    """The state right after a ``new`` event."""
    board = _load_board(ev, board)
    rules = get_rules(ev.get("rs"))
    players = ev.get("players")
    if not isinstance(players, list) or not players:
        raise refused(RulesError, 7)
    rules.check_new(board, players, ev.get("opt") or {})
    return State(board, rules, ev)


class Folder:
    """Incremental fold: ``feed(event)`` checks (when ``verify``) and applies one event.

    ``undo`` events re-fold the effective log without its undone tail. ``effective`` is the list
    of events that make the current state (``new`` first). ``keep=False`` keeps no history (a
    long log streamed on the device): an undo event then raises RulesError."""

    def __init__(self, board=None, verify=True, keep=True):
        self.board = board
        self.verify = verify
        self.keep = keep
        self.state = None
        self.effective = []
        self.base = 0  # the seq of the last setup event: undo never goes before it

    def feed(self, ev):
        t = ev.get("t")
        if t == "new":
            if self.state is not None:
                raise refused(IllegalMove, 8)
            self.state = new_state(ev, self.board)
            self.board = self.state.board
            self.effective = [ev]
            self.base = ev.get("seq", 0)
            return self.state
        st = self.state
        if st is None:
            raise refused(IllegalMove, 9)
        if t == "undo":
            if not self.keep:
                raise refused(RulesError, 10)
            to = ev.get("to")
            if not isinstance(to, int) or to < self.base or to >= st.seq:
                raise refused(IllegalMove, 11, to)
            keep = [e for e in self.effective if e.get("seq", 0) <= to]
            f = Folder(self.board, verify=False)
            for e in keep:
                f.feed(e)
            if f.state is None:
                raise refused(IllegalMove, 12)
            self.state = f.state
            self.effective = keep
            self.state.seq = ev.get("seq", st.seq)
            return self.state
        if self.verify:
            check(st, ev)
        apply(st, ev)
        if self.keep:
            self.effective.append(ev)
        if t in st.rules.setup_types:
            self.base = ev.get("seq", 0)
        return st


def fold(events, board=None, verify=True):
    """The state a log folds to. Raises IllegalMove naming the first bad event's seq."""
    f = Folder(board, verify)
    for ev in events:
        try:
            f.feed(ev)
        except IllegalMove as exc:
            raise refused(IllegalMove, 13, ev.get("seq", "?"), ev.get("t"), exc)
    return f.state


def players_list(players):
    out = []
    for pl in players:
        if isinstance(pl, dict):
            if pl.get("bot"):   # the engine's bot plays this seat (map mode; docs/device.md)
                out.append({"n": str(pl["n"]), "c": str(pl["c"]), "bot": 1})
            else:
                out.append({"n": str(pl["n"]), "c": str(pl["c"])})
        else:
            out.append({"n": str(pl[0]), "c": str(pl[1])})
    return out


class Game:
    """A log being written: one writer numbers events. ``act`` = check + make + apply + append."""

    def __init__(self, board=None, rng=None, events=None, verify=True):
        self.folder = Folder(board, verify)
        self.rng = rng if rng is not None else rand.default_source()
        self.log = []
        for ev in events or ():
            self.folder.feed(ev)
            self.log.append(ev)

    @property
    def state(self):
        return self.folder.state

    @property
    def board(self):
        return self.folder.board

    def next_seq(self):
        return self.log[-1]["seq"] + 1 if self.log else 1

    def record(self, ev, checked=False):
        """Number ``ev``, fold it and append it; ``checked``: made by ``make`` from an action it
        checked, so the fold does not check it again (issue 28: the check is a third of a bot
        turn's cost)."""
        ev = dict(ev)
        ev["seq"] = self.next_seq()
        folder = self.folder
        if checked and folder.verify:
            folder.verify = False
            try:
                folder.feed(ev)
            finally:
                folder.verify = True
        else:
            folder.feed(ev)
        self.log.append(ev)
        return ev

    def act(self, action):
        """Check, make (draw randomness) and apply one action; returns the numbered event."""
        if action.get("t") in ("new", "undo"):
            raise refused(IllegalMove, 14, action.get("t"))
        ev = make(self.state, action, self.rng)
        return self.record(ev, True)

    def can_undo(self):
        return len(self.folder.effective) >= 2 and self.folder.effective[-1].get("seq", 0) > self.folder.base

    def undo(self):
        """Append ``{"t": "undo", "to": N}`` that takes the game back before its last effective event."""
        eff = self.folder.effective
        if not self.can_undo():
            raise refused(IllegalMove, 15)
        return self.record({"t": "undo", "to": eff[-2].get("seq", 0)})


def new_game(board, ruleset, players, options=None, rng=None, seed=None):
    """A Game whose log holds ``new`` and the ruleset's setup events (deal, objectives, first)."""
    if rng is None:
        rng = rand.default_source(seed)
    g = Game(board, rng)
    ev = {"t": "new", "rs": ruleset, "board": board.id, "players": players_list(players)}
    if options:
        ev["opt"] = dict(options)
    g.record(ev)
    for e in get_rules(ruleset).setup(g.state, rng):
        g.record(e)
    g.folder.base = g.log[-1]["seq"]
    return g
