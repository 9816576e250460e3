"""The table session: the reducer the device runs by default.

The device on the table does not track the map. A session is the players (colours, seat order),
the ruleset, rounds and turns (La Revancha and T.E.G. II rotate the opener), the situation card of
each La Revancha round, the dice rolls (comando.combat records), the crisis roll, T.E.G. II battle
commands (commit, then reveal) and the T.E.G. II war-potential track.

Same conventions as comando.engine: an event is a plain dict ``{"seq": n, "t": type, ...}`` (ints,
strings, lists); an action is the same without ``seq`` and without the random fields.

    state = Session()                    # before the first event (``new``)
    check(state, action)                 # IllegalMove with a player-readable message; no change
    event = make(state, action, rng)     # check, then draw what is random (rng: .d6()), add seq
    apply(state, event)                  # trusts what was checked
    state.to_dict()                      # plain comparable form

A whole log's fold, ``Table`` (a session with its log), ``from_dict`` and ``knows`` are the
laptop's and the tests': comando.session.replay (the device never imports it, so its code is not
in the device's heap).

Event types (docs/architecture.md, "Table session (device default)"):
new, first, place, round, crisis, extra, roll, card, end, out, win, declare, retreat, lock,
reveal, rocket, launch, score, walk, undo; a clocked game's timeout and close (comando.clock).

The rules of each event are the ruleset's plug-in's (``comando.rulesets.<id>.table``, ``RULES``,
on the base comando.session.rules.TableRules): this module holds the state, undo and the dispatch.

The events (fields of the action; *random fields, added by make*; meaning):
- `new`: `rs`, `p` [colours], `o` {options}; *`deck` [50 ints] (revancha)* - opens the session.
  Options: `territories` (WAR/Risk, 42), `seats` (Risk: the map's seat cap; more colours are
  refused), `board`, `deploy` `hand`/`auto` (Risk), `defdice` `auto`/`choose` (Risk), `long`
  (T.E.G. II, 4 players: 8 rounds), `players` (T.E.G. II: 2 people command 4 powers), `level`
  (T.E.G. II `basic`/`medium`/`advanced`), `rows` (T.E.G. II: 9, the Americas' Objectives Table, or
  10, the Old World's), `secret` (T.E.G. II: 1 hidden objectives), `tie` (T.E.G. II `share`/`wp`);
  the game clock's `turn` `budget` `limit` `end` `attime` (comando.clock: every event then carries
  `ts`, and `timeout` `p` and `close` *`r` [2 dice]* are its events)
- `first`: *`r` [[die per seat], [re-roll of the tied, 0 for the others] ...]* - opening roll:
  highest opens (WAR: highest distributes; the player after the last dealt card opens)
- `place`: `p` - the current player finished this placement turn (5/3, 8/4, 18, 12/8; WAR's first
  round; Risk: 3 armies of the reserve, `placement_armies(state)`; T.E.G. II: one objective token -
  `k` (0-4) and `row` (1.. of the table in play, cut by the players; never two of one power in a
  row), or with `secret` `row` and `h` = `tally.commit(k, row, nonce)`; a `place` without them
  (older logs) is the next token, row unknown - or adding its armies in `add`)
- `round`: *`c` [cards turned], `o` [new deck order when reshuffled] (revancha)* - starts the next
  round; La Revancha turns situation cards until one is playable (a rest card of an absent colour
  is turned past); T.E.G. II: round-start grants (`state.grants`, SU, rocket offer)
- `crisis`: *`r` [die per seat, 0 for the out]* - La Revancha crisis: `state.barred` = the lowest
  (all tied lowest)
- `extra`: `p`, `c` (countries held) - La Revancha extra reinforcements, in round order:
  `state.extra[p]` = c // 2
- `roll`: `p` (attacker), `d` (defender seat), `a`, `b` (armies in the two countries), optional
  `na` (WAR armies committed), `nd` (Risk defender's choice), `in` 1/0 (internal border), or `f`,
  `to` with a board; *`r` (the `comando.combat` record)* - one dice roll; checked against the
  situation card (rest, open/closed borders; snow/tailwind dice)
- `card`: `p` - the player draws its country card (once a turn; refused to the crisis's lowest)
- `end`: `p` - end of the turn; after the last player the stage is `round` (T.E.G. II: `over` after
  the last round)
- `out`: `p`, `by` - `p` eliminated by the player on turn; the last one left wins
- `walk`: `p` - Risk: a player walks out (territories stay, neutral)
- `win`: `p` - victory claimed on one's turn (T.E.G., La Revancha, WAR); T.E.G. II is won by its
  final count (`score`)
- `score`: `p`, `i` (the power's i-th token), `ok` 0/1; with `secret`: `k`, `n` (the reveal) -
  T.E.G. II's final count (`rulesets/teg2/tally.py`): after the last round the stage is `count` and
  the session asks each power's tokens in placement order (a token in a mushroom row is not asked:
  it scores nothing); a reveal that does not match its commitment is refused as tampering. The last
  answer gives `tally` `pts` (per power), `tot` (per player: the 2-player game adds USA+China and
  USSR+Japan), `win` (ties shared, or `tie` `wp`: the higher war potential), `state.winner`, and
  `over`
- `declare`: `p`, `d`, `rg` (region name) - T.E.G. II: combat declared by the player on turn
- `retreat`: `p` (the attacked) - before any command is locked: attacker +1, defender -1
- `lock`: `p`, `h` (`teg2_commit.commit(command, nonce)`) - each side locks its secret command
  (lock, reveal and hidden tokens: from the device's buttons only, comando.link.button_only)
- `reveal`: `p`, `cmd`, `n` (nonce hex), `k` (own armies in the region) - verified against the
  lock; when both are revealed `teg2_battle.combat` resolves it: `state.lastbattle`, the track
  moves, SUs spent
- `rocket` / `launch`: `p` (`rg`, `row`) - T.E.G. II: take the offered rocket while adding; launch
  it on one's turn (a launch after its round quotes "It must be launched in the same round");
  `row`: the Objectives Table row hit (the device sets it from the board's table), whose tokens
  then score nothing
- `undo`: `to` (seq) - back to the state after event `to` (the last 8 events; snapshots kept in the
  state)
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import say
from comando.session.rules import (OPEN, PLACE, ROUND, CRISIS, EXTRA, ADD, TURN, BATTLE, COUNT, OVER,  # noqa: F401
                                   LABEL, field, label, waiting)

UNDO_DEPTH = 8

FIELDS = ("seq", "rs", "colours", "opts", "alive", "stage", "first", "pround", "pdone", "rnd",
           "opener", "order", "ti", "reserve", "deck", "sit", "turned", "crisis", "barred",
           "extra", "rolls", "last", "carded", "track", "grants", "battle", "lastbattle",
           "winner", "at", "tally", "clock")


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
        self.track = None        # T.E.G. II war-potential track (its table plug-in's), by seat
        self.grants = []         # T.E.G. II this round's start: units each power adds
        self.battle = None       # T.E.G. II declared combat
        self.lastbattle = None   # T.E.G. II last combat record
        self.winner = -1
        self.tally = None        # T.E.G. II objective tokens and the final count (its plug-in's)
        self.at = 0              # seq of the last event in effect (differs from seq after undo)
        self.clock = None        # the game clock (comando.clock: replaced on change), or None
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
            return self.rules.counting_seat(self)
        return -1

    @property
    def rules(self):
        """The ruleset's table-session plug-in (comando.session.rules.TableRules)."""
        return table_rules(self.rs)

    def name(self, seat):
        return self.colours[seat]

    def situation(self):
        return None if self.sit < 0 else self.sit

    def to_dict(self):
        d = {}
        for k in FIELDS:
            v = getattr(self, k)
            d[k] = copied(v)
        return d


# Fields an apply changes in place (the others are scalars or replaced whole, so an undo snapshot
# may share them): only these are copied for a snapshot, which keeps a fold fast. T.E.G. II's
# track and tally are replaced on change (comando.rulesets.teg2.track.copied, tally.copy).
_MUTABLE = ("opts", "reserve", "extra", "alive", "order", "barred", "battle")


def _snapshot(state):
    # a tuple in FIELDS order (a dict of 29 keys costs about three times the heap, and the
    # device keeps UNDO_DEPTH + 1 of them); the changing lists frozen as tuples (one block
    # each, and every empty one the shared ()), made lists again by an undo (copied)
    return tuple(_frozen(getattr(state, k)) if k in _MUTABLE else getattr(state, k)
                 for k in FIELDS)


def _delta(full, prev):
    """``full`` as the fields that differ from the snapshot before it: (None, i, value, ...). An
    event changes a few of the 30 fields, so the history holds one whole snapshot, the oldest,
    and small deltas (a third of the heap); unchanged frozen lists stay the older ones."""
    out: list = [None]
    for i in range(len(FIELDS)):
        v = full[i]
        w = prev[i]
        if v is w or (FIELDS[i] in _MUTABLE and v == w):
            continue
        out.append(i)
        out.append(v)
    return tuple(out)


def _full(hist, j):
    """The whole snapshot of ``hist[j]`` (the oldest is whole; the others are deltas)."""
    k = j
    while hist[k][1][0] is None:   # (a whole snapshot starts with its seq, an int)
        k -= 1
    snap = list(hist[k][1])
    for n in range(k + 1, j + 1):
        d = hist[n][1]
        for m in range(1, len(d), 2):
            snap[d[m]] = d[m + 1]
    return snap


def _frozen(v):
    if isinstance(v, list) or isinstance(v, tuple):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return {k: _frozen(x) for k, x in v.items()}
    return v


def copied(v):
    if isinstance(v, list) or isinstance(v, tuple):
        return [copied(x) for x in v]
    if isinstance(v, dict):
        return {k: copied(x) for k, x in v.items()}
    return v


# --- new --------------------------------------------------------------------------------------

def new_session(ruleset, colours, options=None):
    """The ``new`` action that opens a session (apply it to ``Session()``, or put it first in a log).

    ``colours``: one per seat, in clockwise seat order (T.E.G. II: power ids from
    comando.turns.TEG2_POWERS). ``options``: ``territories`` (WAR/Risk board size, default 42), ``seats`` (Risk: the
    map's seat cap, comando.rulesets.risk.engine.table_options),
    ``deploy`` ("auto"/"hand", Risk), ``defdice`` ("auto"/"choose", Risk), ``long`` (T.E.G. II with
    four players: 8 rounds), ``players`` (T.E.G. II: people at the table, 2 plays 4 powers)."""
    a = {"t": "new", "rs": ruleset, "p": list(colours)}
    if options:
        a["o"] = dict(options)
    return a


def table_rules(ruleset):
    """The table-session plug-in (``RULES`` of ``comando.rulesets.<ruleset>.table``) of a
    ruleset of the registry; IllegalMove for any other."""
    r = _RULES.get(ruleset) if isinstance(ruleset, str) else None
    if r is not None:
        return r
    from comando.registry import IDS
    if not isinstance(ruleset, str) or ruleset not in IDS:
        raise IllegalMove(say("rs_unknown", ruleset, ", ".join(IDS)))
    r = __import__("comando.rulesets.%s.table" % ruleset, None, None, ["RULES"]).RULES
    _RULES[ruleset] = r
    return r


_RULES = {}


def placement_armies(state):
    """Armies the current player places in this placement turn (None when not fixed)."""
    if state.stage != PLACE:
        return None
    return state.rules.placement_armies(state)


# --- undo -------------------------------------------------------------------------------------

def _check_undo(state, a):
    to = field(a, "to", "undo_seq")
    if isinstance(to, bool) or not isinstance(to, int):
        raise IllegalMove(say("undo_to"))
    if to >= state.at:
        raise IllegalMove(say("undo_back", state.at, to))
    for seq, _ in state.hist:
        if seq == to:
            return
    raise IllegalMove(say("undo_deep", to, UNDO_DEPTH))


def _apply_undo(state, e):
    to = e["to"]
    keep = []
    snap = None
    for j, (seq, sn) in enumerate(state.hist):
        if seq <= to:
            keep.append((seq, sn))
        if seq == to:
            snap = _full(state.hist, j)
    if snap is None:
        raise RulesError(say("undo_snap", to))
    for i, k in enumerate(FIELDS):
        v = snap[i]
        setattr(state, k, copied(v) if k in _MUTABLE else v)
    state.hist = keep
    state.seq = e["seq"]


# --- dispatch ---------------------------------------------------------------------------------

def check(state, action, board=None):
    """Raise IllegalMove (a player-readable message) unless ``action`` is legal now. Never changes
    ``state``. Random fields, when present (a stored event), are checked too. ``board`` (optional)
    lets a roll name its countries ("f", "to") so borders and situation cards are checked."""
    if not isinstance(action, dict):
        raise IllegalMove(say("act_dict"))
    t = action.get("t")
    if not isinstance(t, str):
        raise IllegalMove(say("act_type"))
    if t == "new":
        if state.stage is not None:
            raise IllegalMove(say("under_way"))
        rules = table_rules(field(action, "rs", "ruleset"))
    elif state.stage is None:
        raise IllegalMove(say("first_new"))
    else:
        rules = state.rules
    if t == "roll":
        if "seq" in action and "r" not in action:
            raise IllegalMove(say("stored_r"))
        return rules.check_roll(state, action, board)
    if t == "undo":
        return _check_undo(state, action)
    if state.clock is not None and t != "new":
        from comando.session import clocked
        clocked.check(state, action)
        if t in clocked.TYPES:
            return
    if t != "new" and t not in LABEL:
        raise IllegalMove(say("act_unknwn", t))
    if "seq" in action:
        need = rules.stored.get(t)
        if need and need not in action:
            raise IllegalMove(say("stored_rnd", t, need))
    f = getattr(rules, "check_" + t, None)
    if f is None:  # an event of another ruleset: never possible in this one
        raise IllegalMove(say("not_now", label(t), waiting(state)))
    f(state, action)


def make(state, action, rng=None, board=None, recheck=True):
    """Check ``action`` and return its event: random fields drawn from ``rng`` (``.d6()``), the next
    seq. Does not apply it. ``recheck=False`` skips checking the made event again with its random
    fields (a roll's record is comando.combat.roll's, valid by construction; the device's press
    path saves ~6 ms on a Pico, and its boot fold checks every stored event anyway)."""
    check(state, action, board)
    t = action["t"]
    rules = table_rules(action["rs"]) if t == "new" else state.rules
    if t == "close" and state.clock is not None:
        from comando.session import clocked
        rules = clocked
    f = getattr(rules, "make_" + t, None)
    e = f(state, action, rng) if f is not None else dict(action)
    e["seq"] = state.seq + 1
    if f is not None and recheck:
        check(state, e, board)
    return e


def apply(state, event, history=True):
    """Apply a checked event (numbered by ``seq``) to ``state`` and return it. ``history=False``
    leaves its undo snapshot to ``remember(state)``, which the caller must call before anything
    else reads or changes ``state`` (the device takes it after the event's picture: ~4 ms on a
    Pico)."""
    t = event["t"]
    if t == "undo":
        _apply_undo(state, event)
        return state
    rules = table_rules(event["rs"]) if t == "new" else state.rules
    if state.clock is None or t == "new":
        getattr(rules, "apply_" + t)(state, event)
    else:
        from comando.session import clocked
        was = state.stage
        clocked.before(state, event)
        if t in clocked.TYPES:
            clocked.apply_own(state, event)
        else:
            getattr(rules, "apply_" + t)(state, event)
        clocked.after(state, event, was)
    state.seq = event["seq"]
    state.at = event["seq"]
    if history:
        remember(state)
    return state


def remember(state):
    """The undo snapshot of the last event applied with ``history=False``; none after an undo
    (which leaves ``at`` before ``seq``), as ``apply`` takes none for it."""
    if state.at != state.seq:
        return state
    hist = state.hist
    snap = _snapshot(state)
    if hist:
        snap = _delta(snap, _full(hist, len(hist) - 1))
    hist.append((state.seq, snap))
    if len(hist) > UNDO_DEPTH + 1:
        hist[1] = (hist[1][0], tuple(_full(hist, 1)))   # the next oldest becomes whole
        hist.pop(0)
    return state
