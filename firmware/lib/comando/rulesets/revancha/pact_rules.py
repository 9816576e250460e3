"""La Revancha's pacts as the engine enforces them (rules/teg-la-revancha.txt, "Pacts"): the
ledger's kinds and checks, and the international zone's "forgetting" penalty. A layer of the
ruleset plug-in (``engine.RevanchaRules`` derives from it), kept apart so that each module
compiles within MicroPython's capped heap. The moves only a pact makes (a pact, the zone's
penalty) and the pacts' wording are one-line methods here, their code in ``pact_moves``, loaded at
the first of them (issue 22: a game without a pact, as every map game on the device, leaves it out
of the heap).
"""

from comando.errors import IllegalMove
from comando.texts import refused
from comando.rulesets.revancha import blockades
from comando.rulesets.revancha.aggression import JointRules
from comando.rulesets.revancha import quotes as _quotes
from comando.rulesets.revancha.quotes import BOOK, CARD_BONUS


def _moves():
    from comando.rulesets.revancha import pact_moves
    return pact_moves


class PactRules(JointRules):
    def quote(self, key):
        sec, text = _quotes.quote(key)
        return ' (%s, %s: "%s")' % (BOOK, sec, text)

    def card_bonus(self, state):
        t = state.board.tables if isinstance(state.board.tables, dict) else {}
        return t.get("card_country_bonus", CARD_BONUS)

    # ------------------------------------------------------------------ the zone's "forgetting"
    def check_forget(self, state, a):
        return _moves().check_forget(self, state, a)

    def make_forget(self, state, a, src):
        return _moves().make_forget(self, state, a, src)

    def apply_forget(self, state, e):
        return _moves().apply_forget(self, state, e)

    def can_bonus(self, state, c, p):
        return state.owner[c] == p and not state.bonused[c] and not blockades.blockaded(state, c) \
            and self.zone_pact(state, c, p) is None

    def apply_draw(self, state, e):
        p = e["p"]
        card = self.take_card(state, e)
        # "2. If, on receiving the card, the player already occupies that country, it adds the
        # three armies at that moment."
        if self.can_bonus(state, card, p):
            state.bonused[card] = 1
            state.armies[card] += self.card_bonus(state)

    def bonus_cards(self, state, p):
        return [c for c in state.hands[p] if self.can_bonus(state, c, p)]

    def check_bonus(self, state, a):
        p = self.turn(state, a, ("attack", "regroup", "card"))
        c = self.country(state, a)
        if c not in state.hands[p]:
            raise refused(IllegalMove, 196, self.cname(state, c))
        if state.owner[c] != p:
            raise refused(IllegalMove, 197, self.cname(state, c), self.cite("Uses and Benefits of COUNTRY CARDS"))
        if state.bonused[c]:
            raise refused(IllegalMove, 198, self.cname(state, c), self.cite("Uses and Benefits of COUNTRY CARDS"))
        if blockades.blockaded(state, c):
            raise refused(IllegalMove, 199, self.cname(state, c), self.quote("blockade"))
        if self.zone_pact(state, c, p) is not None:
            raise refused(IllegalMove, 200, self.cname(state, c), self.quote("zone_bonus"))

    def apply_bonus(self, state, e):
        self.close_pending(state)
        c = e["c"]
        state.bonused[c] = 1
        state.armies[c] += self.card_bonus(state)
        # "added at the end of its turn, in the request-card stage": no attack or regroup after
        state.phase = "card"

    # ------------------------------------------------------------------ pacts
    def check_pact(self, state, a):
        return _moves().check_pact(self, state, a)

    def blocking_pact(self, state, f, to):
        if not state.pacts or not self.enforce_pacts(state):
            return None
        p = state.owner[f]
        q = state.owner[to]
        b = state.board
        for pact in state.pacts:
            if {pact[2], pact[3]} != {p, q}:
                continue
            k = pact[1]
            if k == "w" or k == "a":
                return pact
            if k == "c" and {pact[4], pact[5]} == {f, to}:
                return pact
            if k == "k" and b.continent_of(f) == pact[4] and b.continent_of(to) == pact[4]:
                return pact
            if k == "b" and {b.continent_of(f), b.continent_of(to)} == {pact[4], pact[5]}:
                return pact
        return None

    def describe_pact(self, state, pact):
        return _moves().describe_pact(self, state, pact)
