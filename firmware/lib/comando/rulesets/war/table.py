"""WAR in the table session (war.txt, "Distribution of Armies and Territories", "The Game"): the
opening roll names the distributor; the game begins with the player after the one who received
the last territory card, and its first round only places armies."""

from comando import turns as T
from comando.session.rules import PLACE, TableRules, to_round


def deal_seat(distributor, n, k):
    """Seat receiving the k-th (0-based) territory card: dealt clockwise from the distributor's left."""
    return (distributor + 1 + k) % n


def first_player(distributor, n, territories):
    """The opener: the player after the one who received the last of ``territories`` cards."""
    return (deal_seat(distributor, n, territories - 1) + 1) % n


class WarTable(TableRules):
    id = "war"

    def place_label(self, state):
        return "first round"

    def placement(self, state):
        return ()

    def opener(self, state, winner):
        state.opts["distributor"] = winner
        return first_player(winner, state.n, state.opts.get("territories", 42))

    def start_placement(self, state):
        state.stage = PLACE
        state.order = list(T.order_from(state.first, state.alive))
        state.ti = 0

    def apply_place(self, state, e):
        state.ti += 1
        if state.ti < len(state.order):
            return
        state.ti = 0
        state.pround += 1
        to_round(state)
        state.rnd = 1  # WAR's first round was the placement round
        state.opener = state.first


RULES = WarTable()
