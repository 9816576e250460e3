"""WAR on the laptop (rules/war.txt)."""

from __future__ import annotations

from comando_host.games.base import Game, territories


class War(Game):
    id = "war"
    help = """WAR (war.txt):
  attack FROM TO N            announce N attacking armies, 1 to 3 (default: as many as allowed);
                              the move-in after a conquest is at most the armies of the last attack
  trade C1 C2 C3              'wild' names a wildcard; +2 on each traded territory you hold;
                              the value counts the trades of the whole table (see status)"""

    def options(self, o) -> list:
        return territories(o)

    def place_line(self, ev, b, st, p):
        return "%s placed the first round's armies" % p

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
