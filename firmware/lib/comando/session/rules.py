"""The table session's rules: the stages, the checks every event shares, and ``TableRules``, the
base of every game's table-session plug-in (``comando.rulesets.<id>.table`` defines ``RULES``).

The same shape as the map engine's plug-ins (comando.engine.rules): the reducer
(comando.session) calls ``RULES.check_<t>(state, action)``, ``RULES.make_<t>(state, action,
rng)`` (only for types that draw dice or shuffle) and ``RULES.apply_<t>(state, event)``; a game
overrides what its rulebook changes, through the hooks below or whole handlers. A leaf: it
imports neither comando.session nor any game.
"""

from comando import turns as T
from comando.errors import IllegalMove, RulesError
from comando.texts import say, text

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


# --- the checks every event shares -----------------------------------------------------------

def field(action, key, what=None):
    """``action[key]``, or IllegalMove naming what is missing: ``what``, a phrase or the key of
    one in comando/texts.txt (the rules' own: their phrases are not heap strings on a Pico)."""
    try:
        return action[key]
    except (KeyError, TypeError):
        raise IllegalMove(say("missing", action.get("t", "action") if isinstance(action, dict)
                                               else "action", text(what) if what else key))


def whole(action, key, lo, hi, what=None):
    """``action[key]``, a whole number from ``lo`` to ``hi``."""
    v = field(action, key, what)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
        raise IllegalMove(say("whole_in", text(what) if what else key, lo, hi, v))
    return v


def seat(state, action, key="p", what="player"):
    return whole(action, key, 0, state.n - 1, what)


def live_seat(state, action, key="p", what="player"):
    s = seat(state, action, key, what)
    if not state.alive[s]:
        raise IllegalMove(say("out", state.colours[s]))
    return s


def need_stage(state, t, *stages):
    if state.stage not in stages:
        raise IllegalMove(say("not_now", label(t), waiting(state)))


def need_cur(state, action):
    p = live_seat(state, action)
    if p != state.cur:
        raise IllegalMove(say("not_turn", state.colours[state.cur], state.colours[p]))
    return p


# The event types; what each is called in a refusal ("%s is not possible now") is texts.txt's
# ev_<type> (label())
LABEL = ("first", "place", "round", "crisis", "extra", "roll", "card", "end", "out", "win", "declare",
         "retreat", "lock", "reveal", "rocket", "launch", "undo", "walk", "score")


def label(t):
    """What an event type is called in a refusal ("the opening roll")."""
    return text("ev_" + t) if t in LABEL else t


def waiting(state):
    """What the table waits for, in words (the reason an event is not possible now)."""
    st = state.stage
    if st in (PLACE, EXTRA, ADD, TURN, COUNT):
        if st == PLACE:
            return say("w_place", state.colours[state.cur], state.rules.place_label(state))
        return say("w_" + st, state.colours[state.cur])
    if st == BATTLE:
        return say("w_battle", state.colours[state.battle["a"]], state.colours[state.battle["d"]])
    return text("w_" + st) if st in (OPEN, ROUND, CRISIS, OVER) else text("w_none")


def to_round(state):
    state.stage = ROUND
    state.order = []
    state.ti = 0


def colours_in_play(state):
    return [c for s, c in enumerate(state.colours) if state.alive[s]]


# --- the plug-in base ------------------------------------------------------------------------

class TableRules:
    """What every ruleset's table session shares (T.E.G. classic plays it as it is). Subclasses
    set ``id`` and override the hooks (``place_label``, ``placement``, ``start_placement``,
    ``round_started``, ``last_round``, ``dice_mods``, ``check_attack``, ``left_placing``, ``counting_seat``,
    ``won_on_points``, ``claim_error``, ``walk_out``) or whole ``check_``/``make_``/``apply_`` handlers."""

    id = None
    # Random fields a stored event must carry (an event made by make() has them).
    stored = {"first": "r", "crisis": "r"}
    walk_out = False       # a player may walk out of the game (Risk online)
    won_on_points = False  # the game ends after its last round without a winner (T.E.G. II)
    # The winner-at-time rules of this game (comando.clock.winners; the first is the table's
    # default): the rulebooks are silent on a time limit, docs/decisions/game-clock.md decides
    at_time = ("countries", "armies")
    first_round_adds = True  # a turn of the first round of play opens by adding armies (not in
    # T.E.G. and La Revancha: teg-classic.txt "6. Continuation of the Game")

    # Action types only the device's buttons may enter (a player's secret): type -> the one line a
    # laptop's command of that type gets (comando.link.button_only reads ``button_only``).
    buttons_only = {}

    # -- hooks ---------------------------------------------------------------------------------
    def button_only(self, state, a):
        """Why ``a`` may come from the device's buttons only (a laptop's command is refused with
        that line), or None."""
        return self.buttons_only.get(a.get("t"))

    def place_label(self, state):
        return "placement round %d" % (state.pround + 1)

    def placement(self, state):
        """Armies each player places in each placement round (fixed-count rulesets)."""
        return T.placement_rounds(state.rs, state.n)

    def placement_armies(self, state):
        """Armies the current player places in this placement turn (None when not fixed)."""
        rounds = self.placement(state)
        return rounds[state.pround] if state.pround < len(rounds) else None

    def left_placing(self, state, p):
        """Seat ``p`` left the game during the placement rounds (a Risk walk-out)."""

    def counting_seat(self, state) -> int:
        """The seat the final count asks next (stage COUNT: T.E.G. II's objective tokens), or -1."""
        return -1

    def opener(self, state, winner):
        """The first player, from the winner of the opening roll."""
        return winner

    def start_placement(self, state):
        """After the opening roll: the placement rounds, or straight to the first round."""
        if self.placement(state):
            state.stage = PLACE
            state.order = list(T.order_from(state.first, state.alive))
            state.ti = 0
        else:
            to_round(state)

    def round_started(self, state, e):
        """A round of play begins (state.stage is TURN): the ruleset's round-start rules."""

    def last_round(self, state):
        """True when the round just ended was the game's last (games of fixed length)."""
        return False

    def dice_mods(self, state) -> int:
        """The dice modifiers in effect this round (comando.dice_mods; La Revancha's situation
        cards), 0 for none."""
        return 0

    def check_attack(self, state, p, d, board, a):
        """Ruleset checks of an attack by ``p`` on ``d`` (``board`` may be None)."""

    def end_at_time(self, state):
        """The game time limit ended the game (comando.clock): over, the table names the winner
        by the ``attime`` rule (the session holds no map to count)."""
        state.stage = OVER
        state.order = []
        state.ti = 0

    def claim_error(self, state) -> str:
        """Why no player may claim victory in this ruleset ("": on one's own turn)."""
        return ""

    # -- new -----------------------------------------------------------------------------------
    def check_new(self, state, a):
        if state.stage is not None:
            raise IllegalMove(say("under_way"))
        cols = field(a, "p", "players")
        if not isinstance(cols, list) or not all(isinstance(c, str) and c for c in cols):
            raise IllegalMove(say("col_list"))
        for i, c in enumerate(cols):
            if c in cols[:i]:
                raise IllegalMove(say("col_twice", c))
        opts = a.get("o", {})
        if not isinstance(opts, dict):
            raise IllegalMove(say("opts_dict"))
        if opts.get("bots"):   # the bot plays with the engine, on the map: map mode's
            raise IllegalMove(say("bot_map"))
        n = len(cols)
        self.check_players(cols, opts)
        terr = opts.get("territories", 42)
        if isinstance(terr, bool) or not isinstance(terr, int) or terr < n:
            raise IllegalMove(say("terr_few", terr))
        if opts.get("deploy", "hand") not in ("hand", "auto"):
            raise IllegalMove(say("deploy_opt", opts.get("deploy")))
        if opts.get("defdice", "auto") not in ("auto", "choose"):
            raise IllegalMove(say("defdice_op", opts.get("defdice")))
        if "dice" in opts:   # the table's own dice (comando.table_dice)
            from comando import table_dice
            try:
                table_dice.check_option(opts)
            except RulesError as e:
                raise IllegalMove(str(e))
        if "turn" in opts or "budget" in opts or "limit" in opts or "end" in opts \
                or "attime" in opts:
            from comando import clock_options
            try:
                clock_options.check_options(opts, self.at_time)
            except clock_options.ClockError as e:
                raise IllegalMove(str(e))

    def check_players(self, cols, opts):
        try:
            T.check_players(self.id, len(cols))
        except RulesError as e:
            raise IllegalMove(str(e))

    def apply_new(self, state, e):
        state.rs = e["rs"]
        state.colours = list(e["p"])
        state.opts = dict(e.get("o", {}))
        state.alive = [1] * len(state.colours)
        state.winner = -1
        state.stage = OPEN
        if "turn" in state.opts or "budget" in state.opts or "limit" in state.opts:
            from comando import clock
            state.clock = clock.start(state.opts, len(state.colours))

    # -- first ---------------------------------------------------------------------------------
    def check_first(self, state, a):
        need_stage(state, "first", OPEN)
        if "r" in a:
            try:
                T.opening_winner(a["r"])
            except (RulesError, TypeError) as e:
                raise IllegalMove(str(e))
            for rnd in a["r"]:
                if len(rnd) != state.n:
                    raise IllegalMove(say("open_dice", state.n))

    def make_first(self, state, a, rng):
        e = dict(a)
        if "r" not in a:
            e["r"] = T.roll_opening(rng, state.n)
        return e

    def apply_first(self, state, e):
        state.first = self.opener(state, T.opening_winner(e["r"]))
        state.pround = 0
        state.pdone = 0
        self.start_placement(state)

    # -- place ---------------------------------------------------------------------------------
    def check_place(self, state, a):
        need_stage(state, "place", PLACE, ADD)
        need_cur(state, a)

    def apply_place(self, state, e):
        state.ti += 1
        if state.ti < len(state.order):
            return
        state.ti = 0
        state.pround += 1
        if state.pround >= len(self.placement(state)):
            to_round(state)

    # -- round ---------------------------------------------------------------------------------
    def check_round(self, state, a):
        need_stage(state, "round", ROUND)

    def apply_round(self, state, e):
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
        self.round_started(state, e)

    # -- roll (dice combat) --------------------------------------------------------------------
    def check_roll(self, state, a, board=None):
        need_stage(state, "roll", TURN)
        p = need_cur(state, a)
        d = seat(state, a, "d", "defender")
        if d == p:
            raise IllegalMove(say("own_attack", state.colours[p]))
        if not state.alive[d]:
            raise IllegalMove(say("def_out", state.colours[d]))
        att = whole(a, "a", 0, 9999, "att_armies")
        dfn = whole(a, "b", 0, 9999, "def_armies")
        if board is not None and "f" in a and "to" in a:
            f = whole(a, "f", 0, board.n - 1, "att_ctry")
            to = whole(a, "to", 0, board.n - 1, "def_ctry")
            if not board.is_border(f, to):
                raise IllegalMove(say("no_border", board.name(f), board.name(to)))
        else:
            board = None
        self.check_attack(state, p, d, board, a)
        mods = self.dice_mods(state)
        from comando import combat
        na = a.get("na")
        nd = a.get("nd")
        if nd is not None and state.opts.get("defdice", "auto") != "choose":
            raise IllegalMove(say("defdice_no"))
        try:
            combat.dice_counts(state.rs, att, dfn, mods, na, nd)
        except RulesError as e:
            raise IllegalMove(str(e))
        told = "dice" in state.opts   # the table's own dice: a game with the option
        if "r" in a:
            rec = a["r"]
            try:
                if told or (isinstance(rec, dict) and "tb" in rec):
                    from comando import table_dice
                    table_dice.check_record(rec, table_dice.mode(state.opts))
                else:
                    combat.check_record(rec)
            except (RulesError, TypeError, KeyError) as e:
                raise IllegalMove(str(e))
            if rec.get("rs") != state.rs or rec.get("a") != att or rec.get("d") != dfn:
                raise IllegalMove(say("rec_attack"))
            from comando.dice_mods import of_record
            if of_record(rec) != mods:
                raise IllegalMove(say("rec_card"))
            a_n, d_n = combat.dice_counts(state.rs, att, dfn, mods, na, nd)
            if len(rec["ad"]) != a_n or len(rec["dd"]) != d_n:
                raise IllegalMove(say("rec_dice", len(rec["ad"]), len(rec["dd"]), a_n, d_n))
        elif told and state.opts["dice"] != "device":
            raise IllegalMove(say("tb_need"))   # the device does not roll: the table tells

    def make_roll(self, state, a, rng):
        e = dict(a)
        if "r" not in a:
            from comando import combat
            e["r"] = combat.roll(state.rs, a["a"], a["b"], rng, self.dice_mods(state), a.get("na"),
                                 a.get("nd"))
        return e

    def apply_roll(self, state, e):
        state.rolls += 1
        rec = dict(e["r"])
        rec["p"] = e["p"]
        rec["q"] = e["d"]
        state.last = rec

    # -- card ----------------------------------------------------------------------------------
    def check_card(self, state, a):
        need_stage(state, "card", TURN)
        p = need_cur(state, a)
        if state.carded:
            raise IllegalMove(say("card_twice", state.colours[p]))
        if p in state.barred:
            raise IllegalMove(say("crisis_low", state.colours[p]))

    def apply_card(self, state, e):
        state.carded = 1

    # -- end -----------------------------------------------------------------------------------
    def check_end(self, state, a):
        need_stage(state, "end", TURN)
        need_cur(state, a)

    def apply_end(self, state, e):
        self.next_turn(state)

    def next_turn(self, state):
        state.ti += 1
        state.carded = 0
        if state.ti < len(state.order):
            return
        if self.last_round(state):
            state.stage = OVER
            state.order = []
            state.ti = 0
            return
        to_round(state)

    # -- out / walk / win ----------------------------------------------------------------------
    def check_out(self, state, a):
        t = a["t"]
        if t == "out":
            need_stage(state, t, TURN)
        else:
            need_stage(state, t, TURN, ROUND, PLACE, CRISIS, EXTRA)
            if not self.walk_out:
                raise IllegalMove(say("walk_risk"))
        p = live_seat(state, a)
        if t == "out":
            by = live_seat(state, a, "by", "by_player")
            if by == p:
                raise IllegalMove(say("out_self", state.colours[p]))
            if by != state.cur:
                raise IllegalMove(say("out_by_cur", state.colours[state.cur]))

    check_walk = check_out

    def apply_out(self, state, e):
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
        if state.stage == PLACE:
            self.left_placing(state, p)
        elif state.stage == EXTRA and state.ti >= len(state.order):
            state.stage = TURN
            state.ti = 0
        elif state.stage == TURN and state.ti >= len(state.order):
            state.ti = len(state.order) - 1
            self.next_turn(state)

    apply_walk = apply_out

    def check_win(self, state, a):
        need_stage(state, "win", TURN, OVER)
        p = live_seat(state, a)
        if state.stage == OVER:
            if state.winner >= 0:
                raise IllegalMove(say("over_won", state.colours[state.winner]))
            if state.clock is not None and state.clock["at"]:
                return   # the winner at time, named by the table
            if not self.won_on_points:
                raise IllegalMove(say("over"))
            return
        why = self.claim_error(state)
        if why:
            raise IllegalMove(why)
        if p != state.cur:
            raise IllegalMove(say("claim_turn", state.colours[state.cur]))

    def apply_win(self, state, e):
        state.winner = e["p"]
        state.stage = OVER
        state.order = []
        state.ti = 0

    # -- other rulesets' events: what a player is told --------------------------------------------
    def check_declare(self, state, a) -> None:
        raise IllegalMove(say("teg2_cmds"))

    def check_rocket(self, state, a) -> None:
        raise IllegalMove(say("teg2_rockt"))

    check_launch = check_rocket

    def check_score(self, state, a) -> None:
        raise IllegalMove(say("teg2_count"))
