"""Risk online in the table session (risk-online-12-maps.txt): a reserve deployed three armies at
a time in rotation (or dealt: option ``deploy`` "auto"), walk-outs, and no victory claimed: the
last player holding territory wins."""

from comando import rulebook, turns as T
from comando.errors import IllegalMove
from comando.session.rules import PLACE, TableRules, field, to_round


def skip_empty_reserves(state):
    """Risk deployment: pass over players whose reserve is spent; end when all are."""
    n = len(state.order)
    for _ in range(n + 1):
        if any(state.reserve[s] > 0 for s in state.order):
            if state.reserve[state.order[state.ti]] > 0:
                return
            state.ti = (state.ti + 1) % n
        else:
            to_round(state)
            return


class RiskTable(TableRules):
    id = "risk"
    walk_out = True

    def check_new(self, state, a):
        TableRules.check_new(self, state, a)
        opts = a.get("o") or {}
        seats = opts.get("seats")  # the map's seat cap (the small maps; engine.table_options)
        if seats is None:
            return
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 2:
            raise IllegalMove("seats is the map's seat cap, a number of players, not %r" % (seats,))
        n = len(field(a, "p", "players"))
        if n > seats:
            # "If the room fills past that cap, the game opens on the smallest map the whole
            # table fits on": the opener picks it (engine.table_options), the session refuses
            raise IllegalMove("%s seats at most %d players, not %d: the table opens on the smallest "
                              "map that seats them" % (opts.get("board", "the map"), seats, n))

    def place_label(self, state):
        return "deployment"

    def placement(self, state):
        return ()

    def placement_armies(self, state):
        r = state.reserve[state.cur]
        return r if r < rulebook.RISK_DEPLOY_STEP else rulebook.RISK_DEPLOY_STEP

    def start_placement(self, state):
        if state.opts.get("deploy", "hand") == "auto":
            to_round(state)
            return
        # "Each player also gets a reserve of armies to place" besides the army on each territory.
        n = state.n
        state.reserve = [rulebook.risk_reserve(n, state.opts.get("territories", 42))] * n
        state.stage = PLACE
        state.order = list(T.order_from(state.first, state.alive))
        state.ti = 0
        skip_empty_reserves(state)

    def apply_place(self, state, e):
        p = state.cur
        r = state.reserve[p]
        state.reserve[p] = r - (r if r < rulebook.RISK_DEPLOY_STEP else rulebook.RISK_DEPLOY_STEP)
        state.ti = (state.ti + 1) % len(state.order)
        skip_empty_reserves(state)

    def left_placing(self, state, p):
        state.reserve[p] = 0
        if state.ti >= len(state.order):
            state.ti = 0
        skip_empty_reserves(state)

    def claim_error(self, state):
        return "Risk is won by the last player holding territory: eliminate the others"


RULES = RiskTable()
