"""La Revancha in the table session (teg-la-revancha.txt): its colours, the situation deck turned
at every round (crisis roll, extra reinforcements, snow and tailwind dice, attacks the card
forbids) and the rotating opener (comando.turns)."""

from comando.errors import IllegalMove, RulesError
from comando.texts import say
from comando.rulesets.revancha import situations as SIT
from comando.session.rules import CRISIS, EXTRA, TURN, TableRules, colours_in_play, need_cur, \
    need_stage, whole


class RevanchaTable(TableRules):
    id = "revancha"
    first_round_adds = False
    stored = {"first": "r", "crisis": "r", "round": "c"}

    def check_players(self, cols, opts):
        TableRules.check_players(self, cols, opts)
        for c in cols:
            if c not in SIT.COLOURS:
                raise IllegalMove(say("rv_colour", c, ", ".join(SIT.COLOURS)))

    # -- new: the situation deck, shuffled -------------------------------------------------------
    def check_new(self, state, a):
        TableRules.check_new(self, state, a)
        if "deck" in a:
            try:
                SIT.check_order(a["deck"])
            except RulesError as e:
                raise IllegalMove(str(e))

    def make_new(self, state, a, rng):
        e = dict(a)
        if "deck" not in a:
            e["deck"] = SIT.shuffle(rng)
        return e

    def apply_new(self, state, e):
        TableRules.apply_new(self, state, e)
        state.deck = list(e.get("deck", ()))

    # -- round: the situation card ---------------------------------------------------------------
    def check_round(self, state, a):
        TableRules.check_round(self, state, a)
        if "c" in a or "o" in a:
            deck = list(a["o"]) if "o" in a else list(state.deck)
            if "o" in a:
                try:
                    SIT.check_order(deck)
                except (RulesError, TypeError) as e:
                    raise IllegalMove(str(e))
            c = a.get("c")
            if not isinstance(c, list) or not c:
                raise IllegalMove(say("round_card"))
            try:
                want, _ = SIT.turn_over(deck, colours_in_play(state))
            except RulesError as e:
                raise IllegalMove(str(e))
            if c != want:
                raise IllegalMove(say("deck_top", ",".join(SIT.name(x) for x in c if 0 <= x < 50),
                                      ",".join(SIT.name(x) for x in want)))

    def make_round(self, state, a, rng):
        e = dict(a)
        if "c" not in a:
            live = colours_in_play(state)
            if SIT.reshuffle_due(state.deck, live):
                e["o"] = SIT.shuffle(rng)
            e["c"], _ = SIT.turn_over(state.deck, live, e.get("o"))
        return e

    def round_started(self, state, e):
        if "o" in e:
            state.deck = list(e["o"])
        cards = e["c"]
        state.deck = state.deck[len(cards):]
        state.turned = list(cards)
        state.sit = cards[-1]
        if SIT.needs_crisis_roll(state.sit):
            state.stage = CRISIS
        elif SIT.needs_extra(state.sit):
            state.stage = EXTRA
            state.extra = [-1] * state.n

    # -- crisis ----------------------------------------------------------------------------------
    def check_crisis(self, state, a):
        need_stage(state, "crisis", CRISIS)
        if "r" in a:
            r = a["r"]
            if not isinstance(r, list) or len(r) != state.n:
                raise IllegalMove(say("crisis_n", state.n))
            for s, d in enumerate(r):
                if state.alive[s]:
                    if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                        raise IllegalMove(say("crisis_die", state.colours[s], d))
                elif d != 0:
                    raise IllegalMove(say("crisis_out", state.colours[s]))

    def make_crisis(self, state, a, rng):
        e = dict(a)
        if "r" not in a:
            e["r"] = SIT.crisis_dice(rng, state.alive)
        return e

    def apply_crisis(self, state, e):
        state.crisis = list(e["r"])
        state.barred = list(SIT.crisis_barred(e["r"]))
        state.stage = TURN

    # -- extra -----------------------------------------------------------------------------------
    def check_extra(self, state, a):
        need_stage(state, "extra", EXTRA)
        need_cur(state, a)
        whole(a, "c", 1, 999, "held_ctry")

    def apply_extra(self, state, e):
        state.extra[state.cur] = SIT.extra_armies(e["c"])
        state.ti += 1
        if state.ti >= len(state.order):
            state.ti = 0
            state.stage = TURN

    # -- roll: the situation card's dice and forbidden attacks -----------------------------------
    def dice_mods(self, state):
        return SIT.dice_mods(state.situation())

    def check_attack(self, state, p, d, board, a):
        internal = bool(a["in"]) if "in" in a else None
        if board is not None:
            internal = SIT.border_internal(board, a["f"], a["to"])
        SIT.check_attack(state.situation(), state.colours[p], state.colours[d], internal)


RULES = RevanchaTable()
