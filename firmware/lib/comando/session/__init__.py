"""The table session: the reducer the device runs by default.

The device on the table does not track the map. A session is the players (colours, seat order),
the ruleset, rounds and turns (La Revancha and T.E.G. II rotate the opener), the situation card of
each La Revancha round, the dice rolls (comando.combat records), the crisis roll, T.E.G. II battle
commands (commit, then reveal) and the T.E.G. II war-potential track.

Same conventions as comando.engine: an event is a plain dict ``{"seq": n, "t": type, ...}`` (ints,
strings, lists); an action is the same without ``seq`` and without the random fields.

    state = fold(events)                 # a fresh Session from a log
    check(state, action)                 # IllegalMove with a player-readable message; no change
    event = make(state, action, rng)     # check, then draw what is random (rng: .d6()), add seq
    apply(state, event)                  # trusts what was checked
    state.to_dict()                      # plain comparable form

Event types (docs/architecture.md, "Table session (device default)"):
new, first, place, round, crisis, extra, roll, card, end, out, win, declare, retreat, lock,
reveal, rocket, launch, score, walk, undo.
"""

from comando.rulesets.revancha import situations as S
from comando import turns as T
from comando.errors import ComandoError, IllegalMove, RulesError

UNDO_DEPTH = 8

# Stages
OPEN = "open"        # waiting for the opening roll ("first")
PLACE = "place"      # placement rounds before play (incl. Risk deployment, T.E.G. II objectives)
ROUND = "round"      # between rounds: the next event is "round"
CRISIS = "crisis"    # La Revancha crisis: everybody rolls
EXTRA = "extra"      # La Revancha extra reinforcements, one player at a time in round order
ADD = "add"          # T.E.G. II: every power adds its armies in round order
TURN = "turn"        # a player's turn
BATTLE = "battle"    # T.E.G. II: a declared combat waiting for commands
COUNT = "count"      # T.E.G. II: the final count, asked token by token
OVER = "over"

TEG2_OBJECTIVES = 5

_FIELDS = ("seq", "rs", "colours", "opts", "alive", "stage", "first", "pround", "pdone", "rnd",
           "opener", "order", "ti", "reserve", "deck", "sit", "turned", "crisis", "barred",
           "extra", "rolls", "last", "carded", "track", "grants", "battle", "lastbattle",
           "winner", "at", "tally")


class Session:
    """State of a table session (see the module docstring). Fields are plain data."""

    def __init__(self):
        self.seq = 0
        self.rs = None
        self.colours = ()
        self.opts = {}
        self.alive = []
        self.stage = None
        self.first = -1          # opener of the game (after the opening roll)
        self.pround = 0          # placement round index (0-based)
        self.pdone = 0           # players done in this placement round / add phase
        self.rnd = 0             # round of play (1-based; 0 before play)
        self.opener = -1         # opener of the current round
        self.order = []          # seats in the current round's order
        self.ti = 0              # index in order of the player whose turn it is
        self.reserve = []        # Risk deployment by hand: armies left per seat
        self.deck = []           # La Revancha situation cards left, top first
        self.sit = -1            # the situation card ruling this round (-1: none)
        self.turned = []         # cards turned this round (rest cards of absent colours first)
        self.crisis = []         # crisis dice per seat (empty when no crisis)
        self.barred = []         # seats that may not draw a country card this round
        self.extra = []          # extra reinforcements per seat this round (-1: not placed yet)
        self.rolls = 0           # dice rolls so far
        self.last = None         # the last roll record
        self.carded = 0          # the current player drew a country card this turn
        self.track = None        # T.E.G. II war-potential track (comando.rulesets.teg2.track), by seat
        self.grants = []         # T.E.G. II this round's start: units each power adds
        self.battle = None       # T.E.G. II declared combat
        self.lastbattle = None   # T.E.G. II last combat record
        self.winner = -1
        self.tally = None        # T.E.G. II objective tokens and the final count (rulesets.teg2.tally)
        self.at = 0              # seq of the last event in effect (differs from seq after undo)
        self.hist = []           # (seq, snapshot) for undo, newest last

    # -- views --------------------------------------------------------------------------------
    @property
    def n(self):
        return len(self.colours)

    @property
    def cur(self):
        """Seat whose turn (or placement) it is, or -1."""
        if self.stage in (TURN, BATTLE, EXTRA, ADD, PLACE) and self.ti < len(self.order):
            return self.order[self.ti]
        if self.stage == COUNT:
            from comando.rulesets.teg2 import tally
            q = tally.question(self.tally)
            return q[0] if q else -1
        return -1

    def name(self, seat):
        return self.colours[seat]

    def situation(self):
        return None if self.sit < 0 else self.sit

    def to_dict(self):
        d = {}
        for k in _FIELDS:
            v = getattr(self, k)
            d[k] = _copy(v)
        return d

    @classmethod
    def from_dict(cls, d):
        s = cls()
        for k in _FIELDS:
            setattr(s, k, _copy(d[k]) if k in d else None)  # a snapshot from before "tally"
        return s


# Fields an apply changes in place (the others are scalars or replaced whole, so an undo snapshot
# may share them): only these are copied for a snapshot, which keeps a fold fast.
_MUTABLE = ("opts", "reserve", "extra", "alive", "order", "barred", "battle", "track")


def _snapshot(state):
    # a tuple in _FIELDS order (a dict of 29 keys costs about three times the heap, and the
    # device keeps UNDO_DEPTH + 1 of them)
    return tuple(_copy(getattr(state, k)) if k in _MUTABLE else getattr(state, k)
                 for k in _FIELDS)


def _copy(v):
    if isinstance(v, list) or isinstance(v, tuple):
        return [_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    return v


# --- helpers ----------------------------------------------------------------------------------

def _get(action, key, what=None):
    try:
        return action[key]
    except (KeyError, TypeError):
        raise IllegalMove("%s: missing %s" % (action.get("t", "action") if isinstance(action, dict)
                                               else "action", what or key))


def _int(action, key, lo, hi, what=None):
    v = _get(action, key, what)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
        raise IllegalMove("%s must be a whole number from %d to %d, not %r"
                          % (what or key, lo, hi, v))
    return v


def _seat(state, action, key="p", what="player"):
    s = _int(action, key, 0, state.n - 1, what)
    return s


def _live_seat(state, action, key="p", what="player"):
    s = _seat(state, action, key, what)
    if not state.alive[s]:
        raise IllegalMove("%s is out of the game" % state.colours[s])
    return s


def _need_stage(state, t, *stages):
    if state.stage not in stages:
        raise IllegalMove("%s is not possible now: %s" % (_LABEL.get(t, t), _waiting(state)))


def _need_cur(state, action):
    p = _live_seat(state, action)
    if p != state.cur:
        raise IllegalMove("it is %s's turn, not %s's" % (state.colours[state.cur], state.colours[p]))
    return p


_LABEL = {"first": "the opening roll", "place": "ending a placement", "round": "starting a round",
          "crisis": "the crisis roll", "extra": "extra reinforcements", "roll": "an attack roll",
          "card": "drawing a country card", "end": "ending a turn", "out": "an elimination",
          "win": "a victory", "declare": "declaring a combat", "retreat": "a retreat",
          "lock": "locking a battle command", "reveal": "revealing a battle command",
          "rocket": "taking the nuclear rocket", "launch": "launching a rocket", "undo": "undo",
          "score": "the final count",
          "walk": "a walk-out"}


def _waiting(state):
    st = state.stage
    if st == OPEN:
        return "the players first roll for who starts"
    if st == PLACE:
        return "%s is placing (%s)" % (state.colours[state.cur], _place_label(state))
    if st == ROUND:
        return "the next round has not started"
    if st == CRISIS:
        return "the crisis roll comes first"
    if st == EXTRA:
        return "%s places extra reinforcements first" % state.colours[state.cur]
    if st == ADD:
        return "%s is adding armies" % state.colours[state.cur]
    if st == TURN:
        return "it is %s's turn" % state.colours[state.cur]
    if st == BATTLE:
        return "a combat between %s and %s is under way" % (
            state.colours[state.battle["a"]], state.colours[state.battle["d"]])
    if st == COUNT:
        return "the final count asks %s about its objectives" % state.colours[state.cur]
    if st == OVER:
        return "the game is over"
    return "no game has started"


def _place_label(state):
    if state.rs == "risk":
        return "deployment"
    if state.rs == "teg2":
        return "objective %d of %d" % (state.pround + 1, TEG2_OBJECTIVES)
    if state.rs == "war":
        return "first round"
    return "placement round %d" % (state.pround + 1)


def _rounds_total(state):
    if state.rs != "teg2":
        return 0
    return T.teg2_rounds(state.opts.get("players", state.n), bool(state.opts.get("long")))


# --- new --------------------------------------------------------------------------------------

def new_session(ruleset, colours, options=None):
    """The ``new`` action that opens a session (apply it to ``Session()``, or put it first in a log).

    ``colours``: one per seat, in clockwise seat order (T.E.G. II: power ids from
    comando.turns.TEG2_POWERS). ``options``: ``territories`` (WAR/Risk board size, default 42),
    ``deploy`` ("auto"/"hand", Risk), ``defdice`` ("auto"/"choose", Risk), ``long`` (T.E.G. II with
    four players: 8 rounds), ``players`` (T.E.G. II: people at the table, 2 plays 4 powers)."""
    a = {"t": "new", "rs": ruleset, "p": list(colours)}
    if options:
        a["o"] = dict(options)
    return a


def _check_new(state, a):
    if state.stage is not None:
        raise IllegalMove("a session is already under way: start a new log for a new game")
    rs = _get(a, "rs", "ruleset")
    try:
        T.check_ruleset(rs)
    except RulesError as e:
        raise IllegalMove(str(e))
    cols = _get(a, "p", "players")
    if not isinstance(cols, list) or not all(isinstance(c, str) and c for c in cols):
        raise IllegalMove("players must be a list of colour names")
    for i, c in enumerate(cols):
        if c in cols[:i]:
            raise IllegalMove("%s is taken twice: every player has their own colour" % c)
    opts = a.get("o", {})
    if not isinstance(opts, dict):
        raise IllegalMove("options must be a dict")
    n = len(cols)
    if rs == "teg2":
        for c in cols:
            if c not in T.TEG2_POWERS:
                raise IllegalMove("%r is not a T.E.G. II power: one of %s" % (c, ", ".join(T.TEG2_POWERS)))
        people = opts.get("players", n)
        if people == 2:
            if n != 4:
                raise IllegalMove("two players command four powers (USA+China, USSR+Japan)")
        elif people != n:
            raise IllegalMove("each player commands one power: %d players, %d powers" % (people, n))
        try:
            T.check_players("teg2", people)
        except RulesError as e:
            raise IllegalMove(str(e))
        ordered = sorted(cols, key=T.TEG2_POWERS.index)
        if ordered != cols:
            raise IllegalMove("T.E.G. II powers play in the order %s" % ", ".join(ordered))
        if opts.get("rows", 9) not in (9, 10):
            raise IllegalMove("the Objectives Table has 9 rows (the Americas) or 10 (the Old World)")
        if opts.get("secret", 0) not in (0, 1) or opts.get("tie", "share") not in ("share", "wp"):
            raise IllegalMove("options: secret 0/1 (hidden objectives), tie share/wp")
    else:
        try:
            T.check_players(rs, n)
        except RulesError as e:
            raise IllegalMove(str(e))
    if rs == "revancha":
        for c in cols:
            if c not in S.COLOURS:
                raise IllegalMove("%r is not a La Revancha colour: one of %s" % (c, ", ".join(S.COLOURS)))
    terr = opts.get("territories", 42)
    if isinstance(terr, bool) or not isinstance(terr, int) or terr < n:
        raise IllegalMove("the board needs at least one territory per player, not %r" % (terr,))
    if opts.get("deploy", "hand") not in ("hand", "auto"):
        raise IllegalMove("deployment is 'hand' or 'auto', not %r" % (opts.get("deploy"),))
    if opts.get("defdice", "auto") not in ("auto", "choose"):
        raise IllegalMove("the defender's dice are 'auto' or 'choose', not %r" % (opts.get("defdice"),))


def _apply_new(state, e):
    state.rs = e["rs"]
    state.colours = list(e["p"])
    state.opts = dict(e.get("o", {}))
    n = len(state.colours)
    state.alive = [1] * n
    state.winner = -1
    if state.rs == "teg2":
        from comando.rulesets.teg2 import track as teg2_track
        state.track = teg2_track.new_track(state.colours, state.opts.get("level", "basic"))
        state.first = 0
        state.stage = PLACE  # the objective-placing rounds, USA first, rotating
        state.pround = 0
        state.order = list(T.order_from(0, state.alive))
        state.ti = 0
        from comando.rulesets.teg2 import tally
        people = state.opts.get("players", n)
        state.tally = tally.new(n, tally.rows_in_play(state.opts.get("rows", 9),
                                                      4 if people == 2 else n),
                                state.opts.get("secret", 0))
    else:
        state.stage = OPEN
    if state.rs == "revancha":
        state.deck = list(e.get("deck", ()))


def _make_new(state, a, rng):
    e = dict(a)
    if a["rs"] == "revancha" and "deck" not in a:
        e["deck"] = S.shuffle(rng)
    return e


def _check_new_random(a):
    if a["rs"] == "revancha" and "deck" in a:
        try:
            S.check_order(a["deck"])
        except RulesError as e:
            raise IllegalMove(str(e))


# --- first ------------------------------------------------------------------------------------

def _check_first(state, a):
    _need_stage(state, "first", OPEN)
    if "r" in a:
        try:
            T.opening_winner(a["r"])
        except (RulesError, TypeError) as e:
            raise IllegalMove(str(e))
        for rnd in a["r"]:
            if len(rnd) != state.n:
                raise IllegalMove("the opening roll has one die per player (%d)" % state.n)


def _make_first(state, a, rng):
    e = dict(a)
    if "r" not in a:
        e["r"] = T.roll_opening(rng, state.n)
    return e


def _apply_first(state, e):
    w = T.opening_winner(e["r"])
    n = state.n
    if state.rs == "war":
        state.opts["distributor"] = w
        state.first = T.war_first(w, n, state.opts.get("territories", 42))
    else:
        state.first = w
    state.pround = 0
    state.pdone = 0
    rounds = _placement(state)
    if state.rs == "risk":
        if state.opts.get("deploy", "hand") == "auto":
            _to_round(state)
            return
        # "Each player also gets a reserve of armies to place" besides the army on each territory.
        state.reserve = [T.risk_reserve(n, state.opts.get("territories", 42))] * n
        state.stage = PLACE
        state.order = list(T.order_from(state.first, state.alive))
        state.ti = 0
        _skip_empty_reserves(state)
        return
    if rounds or state.rs == "war":
        state.stage = PLACE
        state.order = list(T.order_from(state.first, state.alive))
        state.ti = 0
    else:
        _to_round(state)


def _placement(state):
    if state.rs in ("teg", "revancha"):
        return T.placement_rounds(state.rs, state.n)
    return ()


def placement_armies(state):
    """Armies the current player places in this placement turn (None when not fixed)."""
    if state.stage != PLACE:
        return None
    if state.rs in ("teg", "revancha"):
        return _placement(state)[state.pround]
    if state.rs == "risk":
        r = state.reserve[state.cur]
        return r if r < T.RISK_DEPLOY_STEP else T.RISK_DEPLOY_STEP
    return None


def _skip_empty_reserves(state):
    """Risk deployment: pass over players whose reserve is spent; end when all are."""
    n = len(state.order)
    for _ in range(n + 1):
        if any(state.reserve[s] > 0 for s in state.order):
            if state.reserve[state.order[state.ti]] > 0:
                return
            state.ti = (state.ti + 1) % n
        else:
            _to_round(state)
            return


def _to_round(state):
    state.stage = ROUND
    state.order = []
    state.ti = 0


# --- place ------------------------------------------------------------------------------------

def _check_place(state, a):
    _need_stage(state, "place", PLACE, ADD)
    p = _need_cur(state, a)
    if state.rs == "teg2" and state.stage == PLACE:
        secret = state.opts.get("secret", 0)
        if secret or "row" in a or "k" in a or "h" in a:
            from comando.rulesets.teg2 import tally
            tally.check_token(state.tally, p, a, secret)


def _apply_place(state, e):
    if state.stage == ADD:
        state.ti += 1
        if state.ti >= len(state.order):
            state.stage = TURN
            state.ti = 0
            state.carded = 0
        return
    if state.rs == "risk":
        p = state.cur
        r = state.reserve[p]
        state.reserve[p] = r - (r if r < T.RISK_DEPLOY_STEP else T.RISK_DEPLOY_STEP)
        state.ti = (state.ti + 1) % len(state.order)
        _skip_empty_reserves(state)
        return
    if state.rs == "teg2" and state.tally is not None:
        from comando.rulesets.teg2 import tally
        t = state.tally = tally.copy(state.tally)  # replaced, not changed: snapshots share it
        if "row" not in e:  # a placement without its row (an older log): the next token, row 0
            e = {"row": 0, "k": tally.free_token(t, e["p"])}
        tally.add_token(t, state.cur, e)
    state.ti += 1
    if state.ti < len(state.order):
        return
    state.ti = 0
    state.pround += 1
    if state.rs == "teg2":
        if state.pround >= TEG2_OBJECTIVES:
            _to_round(state)
        else:  # each objective round is opened by the next power
            state.order = list(T.order_from(T.next_alive(state.order[0], state.alive), state.alive))
        return
    if state.rs == "war" or state.pround >= len(_placement(state)):
        _to_round(state)
        if state.rs == "war":
            state.rnd = 1  # WAR's first round was the placement round
            state.opener = state.first


# --- round ------------------------------------------------------------------------------------

def _colours_in_play(state):
    return [c for s, c in enumerate(state.colours) if state.alive[s]]


def _check_round(state, a):
    _need_stage(state, "round", ROUND)
    if state.rs == "revancha" and ("c" in a or "o" in a):
        deck = list(a["o"]) if "o" in a else list(state.deck)
        if "o" in a:
            try:
                S.check_order(deck)
            except (RulesError, TypeError) as e:
                raise IllegalMove(str(e))
        c = a.get("c")
        if not isinstance(c, list) or not c:
            raise IllegalMove("a round of La Revancha turns over a situation card")
        want = S.draw(deck, _colours_in_play(state))
        if not want or not S.playable(want[-1], _colours_in_play(state)):
            raise IllegalMove("the situation deck has no playable card left: it must be reshuffled")
        if c != want:
            raise IllegalMove("the situation cards turned (%s) are not the top of the deck (%s)"
                              % (",".join(S.name(x) for x in c if 0 <= x < 50), ",".join(S.name(x) for x in want)))


def _make_round(state, a, rng):
    e = dict(a)
    if state.rs == "revancha" and "c" not in a:
        live = _colours_in_play(state)
        want = S.draw(state.deck, live)
        if not want or not S.playable(want[-1], live):
            e["o"] = S.shuffle(rng)
            want = S.draw(e["o"], live)
        e["c"] = want
    return e


def _apply_round(state, e):
    if state.rnd == 0:
        state.opener = T.first_alive_from(state.first, state.alive)
    else:
        state.opener = T.next_round_first(state.rs, state.opener, state.alive)
    state.rnd += 1
    state.order = list(T.order_from(state.opener, state.alive))
    state.ti = 0
    state.carded = 0
    state.crisis = []
    state.barred = []
    state.extra = []
    state.sit = -1
    state.turned = []
    state.stage = TURN
    if state.rs == "revancha":
        if "o" in e:
            state.deck = list(e["o"])
        cards = e["c"]
        state.deck = state.deck[len(cards):]
        state.turned = list(cards)
        state.sit = cards[-1]
        if S.needs_crisis_roll(state.sit):
            state.stage = CRISIS
        elif S.needs_extra(state.sit):
            state.stage = EXTRA
            state.extra = [-1] * state.n
    elif state.rs == "teg2":
        # "At the start of the next round, each one adds as many armies as their war potential
        # level indicates"; level 5: one SU; level 10 or 4: the rocket is offered (once per game).
        from comando.rulesets.teg2 import track as teg2_track
        state.grants = [g["units"] for g in teg2_track.round_start(state.track)]
        state.stage = ADD


def teg2_adds(state, seat):
    """Armies a T.E.G. II power adds this round (its war-potential level)."""
    return state.grants[seat] if state.grants else 0


# --- crisis -----------------------------------------------------------------------------------

def _check_crisis(state, a):
    _need_stage(state, "crisis", CRISIS)
    if "r" in a:
        r = a["r"]
        if not isinstance(r, list) or len(r) != state.n:
            raise IllegalMove("the crisis roll has one die per player (%d)" % state.n)
        for s, d in enumerate(r):
            if state.alive[s]:
                if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                    raise IllegalMove("%s's crisis die shows %r, not 1 to 6" % (state.colours[s], d))
            elif d != 0:
                raise IllegalMove("%s is out of the game and does not roll" % state.colours[s])


def _make_crisis(state, a, rng):
    e = dict(a)
    if "r" not in a:
        e["r"] = [rng.d6() if state.alive[s] else 0 for s in range(state.n)]
    return e


def _apply_crisis(state, e):
    state.crisis = list(e["r"])
    state.barred = list(S.crisis_barred(e["r"]))
    state.stage = TURN


# --- extra ------------------------------------------------------------------------------------

def _check_extra(state, a):
    _need_stage(state, "extra", EXTRA)
    _need_cur(state, a)
    _int(a, "c", 1, 999, "the countries held")


def _apply_extra(state, e):
    state.extra[state.cur] = S.extra_armies(e["c"])
    state.ti += 1
    if state.ti >= len(state.order):
        state.ti = 0
        state.stage = TURN


# --- roll (dice combat) -----------------------------------------------------------------------

def _combat():
    from comando import combat
    return combat


def _flags(state):
    if state.rs == "revancha":
        return S.dice_flags(state.situation())
    return (False, False)


def _check_roll(state, a, board=None):
    if state.rs == "teg2":
        raise IllegalMove("T.E.G. II has no dice: declare a combat and set the battle commands")
    _need_stage(state, "roll", TURN)
    p = _need_cur(state, a)
    d = _seat(state, a, "d", "defender")
    if d == p:
        raise IllegalMove("%s cannot attack its own armies" % state.colours[p])
    if not state.alive[d]:
        raise IllegalMove("%s is out of the game and holds no country" % state.colours[d])
    att = _int(a, "a", 0, 9999, "the attacking armies")
    dfn = _int(a, "b", 0, 9999, "the defending armies")
    internal = None
    if "in" in a:
        internal = bool(a["in"])
    if board is not None and "f" in a and "to" in a:
        f = _int(a, "f", 0, board.n - 1, "the attacking country")
        to = _int(a, "to", 0, board.n - 1, "the attacked country")
        if not board.is_border(f, to):
            raise IllegalMove("%s does not border %s" % (board.name(f), board.name(to)))
        internal = S.border_internal(board, f, to)
    if state.rs == "revancha":
        S.check_attack(state.situation(), state.colours[p], state.colours[d], internal)
    snow, tw = _flags(state)
    combat = _combat()
    na = a.get("na")
    nd = a.get("nd")
    if nd is not None and state.opts.get("defdice", "auto") != "choose":
        raise IllegalMove("the defender's dice are automatic at this table")
    try:
        combat.dice_counts(state.rs, att, dfn, snow, tw, na, nd)
    except RulesError as e:
        raise IllegalMove(str(e))
    if "r" in a:
        rec = a["r"]
        try:
            combat.check_record(rec)
        except (RulesError, TypeError, KeyError) as e:
            raise IllegalMove(str(e))
        if rec.get("rs") != state.rs or rec.get("a") != att or rec.get("d") != dfn:
            raise IllegalMove("the roll record does not match this attack")
        if bool(rec.get("snow")) != snow or bool(rec.get("tw")) != tw:
            raise IllegalMove("the roll record does not match this round's situation card")
        a_n, d_n = combat.dice_counts(state.rs, att, dfn, snow, tw, na, nd)
        if len(rec["ad"]) != a_n or len(rec["dd"]) != d_n:
            raise IllegalMove("the roll record has %d/%d dice, the attack %d/%d"
                              % (len(rec["ad"]), len(rec["dd"]), a_n, d_n))


def _make_roll(state, a, rng):
    e = dict(a)
    if "r" not in a:
        snow, tw = _flags(state)
        e["r"] = _combat().roll(state.rs, a["a"], a["b"], rng, snow, tw, a.get("na"), a.get("nd"))
    return e


def _apply_roll(state, e):
    state.rolls += 1
    rec = dict(e["r"])
    rec["p"] = e["p"]
    rec["q"] = e["d"]
    state.last = rec


# --- card -------------------------------------------------------------------------------------

def _check_card(state, a):
    _need_stage(state, "card", TURN)
    p = _need_cur(state, a)
    if state.carded:
        raise IllegalMove("%s already drew a country card this turn: one card per turn"
                          % state.colours[p])
    if p in state.barred:
        raise IllegalMove("%s rolled the lowest in the crisis: no country card this round"
                          % state.colours[p])
    if state.rs == "teg2":
        raise IllegalMove("T.E.G. II has no country cards")


def _apply_card(state, e):
    state.carded = 1


# --- end --------------------------------------------------------------------------------------

def _check_end(state, a):
    _need_stage(state, "end", TURN)
    _need_cur(state, a)


def _apply_end(state, e):
    _next_turn(state)


def _next_turn(state):
    state.ti += 1
    state.carded = 0
    if state.ti < len(state.order):
        return
    if state.rs == "teg2" and state.rnd >= _rounds_total(state):
        # "When the last round ends, the points of the objectives achieved by each player are
        # counted": the device asks the table token by token (rulesets/teg2/table.py)
        state.stage = COUNT
        state.order = []
        state.ti = 0
        from comando.rulesets.teg2 import table
        table.count_done(state)
        return
    _to_round(state)


# --- out / walk / win -------------------------------------------------------------------------

def _check_out(state, a):
    t = a["t"]
    if state.rs == "teg2":
        raise IllegalMove("in T.E.G. II no power leaves the game: it plays every round")
    if t == "out":
        _need_stage(state, t, TURN)
    else:
        _need_stage(state, t, TURN, ROUND, PLACE, CRISIS, EXTRA)
        if state.rs != "risk":
            raise IllegalMove("walking out is the Risk online rule: at a table, use an elimination")
    p = _live_seat(state, a)
    if t == "out":
        by = _live_seat(state, a, "by", "the eliminating player")
        if by == p:
            raise IllegalMove("%s cannot eliminate itself" % state.colours[p])
        if by != state.cur:
            raise IllegalMove("only the player whose turn it is (%s) eliminates a colour"
                              % state.colours[state.cur])


def _apply_out(state, e):
    p = e["p"]
    state.alive[p] = 0
    if p in state.order:
        i = state.order.index(p)
        state.order.pop(i)
        if i < state.ti:
            state.ti -= 1
        elif i == state.ti:
            state.carded = 0
    if p in state.barred:
        state.barred.remove(p)
    live = [s for s in range(state.n) if state.alive[s]]
    if len(live) == 1:
        state.winner = live[0]
        state.stage = OVER
        state.order = []
        state.ti = 0
        return
    if state.stage == PLACE:  # a Risk walk-out during deployment
        state.reserve[p] = 0
        if state.ti >= len(state.order):
            state.ti = 0
        _skip_empty_reserves(state)
    elif state.stage == EXTRA and state.ti >= len(state.order):
        state.stage = TURN
        state.ti = 0
    elif state.stage == TURN and state.ti >= len(state.order):
        _next_turn_after_removal(state)


def _next_turn_after_removal(state):
    state.ti = len(state.order) - 1
    _next_turn(state)


def _check_win(state, a):
    _need_stage(state, "win", TURN, OVER)
    p = _live_seat(state, a)
    if state.stage == OVER:
        if state.winner >= 0:
            raise IllegalMove("the game is over: %s won" % state.colours[state.winner])
        if state.rs != "teg2":
            raise IllegalMove("the game is over")
        return
    if state.rs == "teg2":
        raise IllegalMove("T.E.G. II is won on points after the last round (%d)" % _rounds_total(state))
    if state.rs == "risk":
        raise IllegalMove("Risk is won by the last player holding territory: eliminate the others")
    if p != state.cur:
        raise IllegalMove("a victory is claimed on one's own turn: it is %s's turn"
                          % state.colours[state.cur])


def _apply_win(state, e):
    state.winner = e["p"]
    state.stage = OVER
    state.order = []
    state.ti = 0


# --- T.E.G. II combat (comando.rulesets.teg2.table, imported when a T.E.G. II event comes) ------------

def _t2(name):
    def run(state, a):
        from comando.rulesets.teg2 import table as session_teg2
        return getattr(session_teg2, name)(state, a)
    return run


# --- undo -------------------------------------------------------------------------------------

def _check_undo(state, a):
    to = _get(a, "to", "the event to go back to")
    if isinstance(to, bool) or not isinstance(to, int):
        raise IllegalMove("undo names the seq of the event to go back to")
    if to >= state.at:
        raise IllegalMove("undo goes back to an earlier event (now at %d), not %d" % (state.at, to))
    for seq, _ in state.hist:
        if seq == to:
            return
    raise IllegalMove("cannot undo back to event %d: only the last %d events can be undone"
                      % (to, UNDO_DEPTH))


def _apply_undo(state, e):
    to = e["to"]
    keep = []
    snap = None
    for seq, sn in state.hist:
        if seq <= to:
            keep.append((seq, sn))
        if seq == to:
            snap = sn
    if snap is None:
        raise RulesError("undo: no snapshot at event %r" % (to,))
    for i, k in enumerate(_FIELDS):
        v = snap[i]
        setattr(state, k, _copy(v) if k in _MUTABLE else v)
    state.hist = keep
    state.seq = e["seq"]


# --- dispatch ---------------------------------------------------------------------------------

_CHECK: dict = {
    "new": _check_new, "first": _check_first, "place": _check_place, "round": _check_round,
    "crisis": _check_crisis, "extra": _check_extra, "card": _check_card, "end": _check_end,
    "out": _check_out, "walk": _check_out, "win": _check_win, "undo": _check_undo}
_APPLY: dict = {
    "new": _apply_new, "first": _apply_first, "place": _apply_place, "round": _apply_round,
    "crisis": _apply_crisis, "extra": _apply_extra, "roll": _apply_roll, "card": _apply_card,
    "end": _apply_end, "out": _apply_out, "walk": _apply_out, "win": _apply_win}
for _t in ("declare", "retreat", "lock", "reveal", "rocket", "launch", "score"):
    _CHECK[_t] = _t2("check_" + _t)
    _APPLY[_t] = _t2("apply_" + _t)
del _t
_MAKE = {"new": _make_new, "first": _make_first, "round": _make_round, "crisis": _make_crisis,
         "roll": _make_roll}
_STORED = {"first": "r", "crisis": "r", "round": "c"}
# Event types carrying dice or shuffles (an undo cannot take those back and re-roll them).
RANDOM = ("new", "first", "round", "crisis", "roll")


def check(state, action, board=None):
    """Raise IllegalMove (a player-readable message) unless ``action`` is legal now. Never changes
    ``state``. Random fields, when present (a stored event), are checked too. ``board`` (optional)
    lets a roll name its countries ("f", "to") so borders and situation cards are checked."""
    if not isinstance(action, dict):
        raise IllegalMove("an action is a dict with a type 't'")
    t = action.get("t")
    if not isinstance(t, str):
        raise IllegalMove("an action needs a string type t")
    if t != "new" and state.stage is None:
        raise IllegalMove("no session: the first event must be 'new'")
    if t == "roll":
        if "seq" in action and "r" not in action:
            raise IllegalMove("a stored roll event must carry its dice record 'r'")
        return _check_roll(state, action, board)
    f = _CHECK.get(t)
    if f is None:
        raise IllegalMove("unknown action %r" % (t,))
    if "seq" in action:
        need = _STORED.get(t)
        if need and (t != "round" or state.rs == "revancha") and need not in action:
            raise IllegalMove("a stored %s event must carry its random field %r" % (t, need))
    f(state, action)
    if t == "new":
        _check_new_random(action)


def make(state, action, rng=None, board=None):
    """Check ``action`` and return its event: random fields drawn from ``rng`` (``.d6()``), the next
    seq. Does not apply it."""
    check(state, action, board)
    f = _MAKE.get(action["t"])
    e = f(state, action, rng) if f is not None else dict(action)
    e["seq"] = state.seq + 1
    if f is not None:
        check(state, e, board)
    return e


def apply(state, event):
    """Apply a checked event (numbered by ``seq``) to ``state`` and return it."""
    t = event["t"]
    if t == "undo":
        _apply_undo(state, event)
        return state
    _APPLY[t](state, event)
    state.seq = event["seq"]
    state.at = event["seq"]
    state.hist.append((event["seq"], _snapshot(state)))
    if len(state.hist) > UNDO_DEPTH + 1:
        state.hist.pop(0)
    return state


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
