"""The compact game state the reducer folds into. Lists indexed by country and by seat."""

PHASES = ("claim", "place", "add", "attack", "regroup", "card", "over")


def _copy(v):
    """A field's value, its lists (one level of nested lists) and dicts copied; a dict's values are
    copied the same way (a ruleset's ``x`` holds per-country lists, e.g. La Revancha's missiles)."""
    if isinstance(v, list):
        return [list(e) if isinstance(e, list) else e for e in v]
    if isinstance(v, dict):
        d = {}
        for k in v:
            d[k] = _copy(v[k])
        return d
    return v


class State:
    """Built by ``apply`` of a ``new`` event; every field is an int, a string, a list of those or
    None, so ``to_dict()`` gives a comparable plain form. ``board`` and ``rules`` are references."""

    def __init__(self, board, rules, new_event):
        self.board = board
        self.rules = rules
        n = board.n
        self.n = n
        players = new_event["players"]
        self.np = len(players)
        self.names = [pl["n"] for pl in players]
        self.colours = [pl["c"] for pl in players]
        # the seats the engine's bot plays (map mode); not a field: the new event says it
        self.bots = [1 if pl.get("bot") else 0 for pl in players]
        self.options = dict(new_event.get("opt") or {})
        self.seq = new_event.get("seq", 0)
        self.owner = [-1] * n
        self.armies = [0] * n
        self.alive = [1] * self.np
        self.killer = [-1] * self.np
        self.phase = "place"
        self.cur = 0
        self.first = 0
        self.round = 0          # 0: setup; 1: first round of hostilities; then 2, 3, ...
        self.sround = 0         # setup placement round index
        self.turns = 0
        self.reserve = 0
        self.cres = [0] * board.continents
        self.hands = [[] for _ in range(self.np)]
        self.deck = []
        self.discard = []
        self.bonused = [0] * n  # 1 when the +2 for holding this card's country was taken
        self.trades = [0] * self.np
        self.ttrades = 0        # trades over the whole table
        self.conq = 0
        self.last = -1
        self.drew = 0
        self.moved = [0] * n
        self.pending = None     # [from, to, lo, hi, moved_so_far] after a conquest
        self.obj = [0] * self.np
        self.target = [-1] * self.np
        self.void = [0] * self.np  # destroy objective made impossible: common objective only
        self.winner = -1
        self.pacts = []         # [id, kind, p, q, a, b, wait, started]
        self.x = {}
        self.sealed = None      # map mode: the deal's secret part (comando.engine.secret), not a field
        self.clock = None       # the game clock (comando.engine.clocked), in to_dict only when set
        o = self.options
        if "turn" in o or "budget" in o or "limit" in o:
            from comando import clock
            self.clock = clock.start(o, self.np)

    FIELDS = ("seq", "np", "names", "colours", "options", "owner", "armies", "alive", "killer",
              "phase", "cur", "first", "round", "sround", "turns", "reserve", "cres", "hands",
              "deck", "discard", "bonused", "trades", "ttrades", "conq", "last", "drew", "moved",
              "pending", "obj", "target", "void", "winner", "pacts", "x")

    def to_dict(self):
        d = {"board": self.board.id, "ruleset": self.rules.id}
        for k in self.FIELDS:
            v = _copy(getattr(self, k))
            d[k] = v
        if self.clock is not None:
            d["clock"] = _copy(self.clock)
        return d

    def copy(self):
        s = object.__new__(State)  # MicroPython: classes have no __new__ attribute
        s.board = self.board
        s.rules = self.rules
        s.n = self.n
        for k in self.FIELDS:
            v = _copy(getattr(self, k))
            setattr(s, k, v)
        s.clock = _copy(self.clock)
        s.bots = getattr(self, "bots", None)
        return s

    # -- small queries used by rules, the CLI and the device --
    def countries_of(self, p):
        o = self.owner
        return [c for c in range(self.n) if o[c] == p]

    def count(self, p):
        c = 0
        for o in self.owner:
            if o == p:
                c += 1
        return c

    def total_armies(self, p):
        t = 0
        a = self.armies
        o = self.owner
        for c in range(self.n):
            if o[c] == p:
                t += a[c]
        return t

    def to_place(self):
        t = self.reserve
        for v in self.cres:
            t += v
        return t

    def who(self, p):
        return "%s (%s)" % (self.names[p], self.colours[p])
