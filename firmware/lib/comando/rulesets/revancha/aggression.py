"""La Revancha's aggression pacts and countries in condominium as rules methods (the engine's
``RevanchaRules`` inherits them first; rules/teg-la-revancha.txt, "Aggression Pacts and
Condominiums", "To attack a country in condominium"). The rows they keep are described in
``condominium``; a separate module keeps each one small enough to compile on the device. The
moves only a pact or a condominium makes are one-line methods here: their code is in
``aggression_moves``, loaded at the first of them (issue 22: a game without one, as every map
game on the device, leaves it out of the heap)."""

from comando.errors import IllegalMove
from comando.texts import refused
from comando.engine.rules import Rules
from comando.rulesets.teg.engine import TegRules
from comando.rulesets.revancha import condominium as cdm


def moves():
    from comando.rulesets.revancha import aggression_moves
    return aggression_moves


class JointRules(TegRules):
    """The engine's ``RevanchaRules`` derives from this (which derives from T.E.G. classic)."""

    def rest_check(self, state, p, what):
        """Overridden by RevanchaRules (the REST situation card)."""

    def border_card_check(self, state, p, f, to):
        """Overridden by RevanchaRules (the OPEN / CLOSED BORDERS situation cards)."""

    def taken_from(self, state, c, victim):
        """Country ``c`` changed hands this turn (``x["cq"]``: the continents with a conquest);
        "If the player loses absolute control of the continent and has not yet used the
        corresponding card, its continent card returns to the deck."
        """
        k = state.board.continent_of(c)
        state.x["cq"] |= 1 << k
        if victim >= 0 and state.x["cch"][k] == victim:
            state.x["cch"][k] = -1

    def win(self, state, p):
        state.winner = p
        state.phase = "over"
        state.pending = None

    # "Aggression Pacts and Condominiums" (rows and fields: comando.rulesets.revancha.condominium)
    def ag_live(self, state):
        """The joint attack under way that still obliges its parties, else None."""
        ag = state.x.get("ag")
        if ag and ag[6]:
            return ag
        return None

    def ag_refuse(self, state, what):
        ag = self.ag_live(state)
        if ag is not None:
            raise refused(IllegalMove, 201, state.who(ag[1]), state.who(ag[2]), self.cname(state, ag[0]), state.who(ag[5]), what, cdm.quote("ag_oblige"))

    def check_aggress(self, state, a):
        return moves().check_aggress(self, state, a)

    def apply_aggress(self, state, e):
        return moves().apply_aggress(self, state, e)

    def check_joint(self, state, a, ag):
        return moves().check_joint(self, state, a, ag)

    def apply_joint(self, state, e, ag):
        return moves().apply_joint(self, state, e, ag)

    def close_pending(self, state):
        state.pending = None
        if state.x.get("cdm"):
            state.x["cdm"] = None
        ag = state.x.get("ag")
        if ag and not ag[6]:
            state.x["ag"] = None

    def check_move(self, state, a):
        m = state.x.get("cdm")
        if m:
            moves().check_cmove(self, state, a, m)
            return
        Rules.check_move(self, state, a)

    def apply_move(self, state, e):
        m = state.x.get("cdm")
        if m:
            moves().apply_cmove(self, state, e, m)
            return
        f = state.pending[0]
        if cdm.row(state, f) is not None and state.owner[f] != state.cur:
            cdm.swap(state, f)
            Rules.apply_move(self, state, e)
            cdm.swap(state, f)
            return
        Rules.apply_move(self, state, e)

    def card_right(self, state, p):
        # "The conquest of a country by means of an aggression pact does not count for drawing a
        # card, except that by this method at least two countries had been conquered."
        q = state.x.get("cdq") or 0
        need = 2 if state.trades[p] >= 3 else 1
        if state.conq + (q if q >= 2 else 0) >= need:
            return None
        if q:
            return ("You conquered %d countries by aggression pact: they give no card unless there "
                    "are at least two (teg-la-revancha.txt, Aggression Pacts and Condominiums)" % q)
        return TegRules.card_right(self, state, p)

    def eliminate(self, state, victim, by):
        if cdm.holds_any(state, victim):
            return  # still in the game as a co-holder of a condominium
        Rules.eliminate(self, state, victim, by)

    # attacks touching a condominium: the roll runs with the named occupant / the attacker's own
    # share as the recorded holder (condominium.swap), then the rows are put right.
    def attack_swaps(self, state, a):
        return moves().attack_swaps(self, state, a)

    def check_condo_attack(self, state, a):
        return moves().check_condo_attack(self, state, a)

    def with_swaps(self, state, cs, fn, *args):
        return moves().with_swaps(self, state, cs, fn, *args)

    def check_unpact(self, state, a):
        for pact in state.pacts:
            if pact[0] == a.get("id") and pact[1] == "a":
                raise refused(IllegalMove, 202, pact[0])
        Rules.check_unpact(self, state, a)

    def check_cbreak(self, state, a):
        return moves().check_cbreak(self, state, a)

    def apply_cbreak(self, state, e):
        return moves().apply_cbreak(self, state, e)

    def check_inside(self, state, a):
        return moves().check_inside(self, state, a)

    def apply_inside(self, state, e):
        return moves().apply_inside(self, state, e)
