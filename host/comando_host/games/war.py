"""WAR on the laptop (rules/war.txt)."""

from __future__ import annotations

from comando_host.games.base import Game


class War(Game):
    id = "war"

    def status_lines(self, state) -> list:
        """WAR: trades across the table, the first round."""
        r = state.rules
        out = []
        nxt = r.trade_value(state, state.cur)
        out.append(f"trades at the table: {state.ttrades} (the next trade is worth {nxt} armies, "
                   "+2 on each traded territory you hold)")
        if state.round == 1 and state.phase != "over":
            out.append("first round: players only receive and place armies")
        return out


GAME = War()
