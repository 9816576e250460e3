"""WAR on the laptop (rules/war.txt)."""

from __future__ import annotations

from comando_host.games.base import Game, territories
from comando_host.web import handdeal
from comando_host.text.lang import N_, _, _n


class Deal(handdeal.OneAtATime):
    """WAR ("Distribution of Armies and Territories"): the distributor deals from their left."""
    ask = N_("who dealt the cards (the distributor)")
    rule = N_("dealt one at a time from the distributor's left (war.txt)")

    def order(self, state, first):
        from comando.rulesets.war.table import deal_seat
        return [deal_seat(first, state.np, k) for k in range(state.n)]

    def fields(self, state, first, seats, src):
        return {"dr": [[6 if s == first else 1 for s in range(state.np)]],
                "obj": [-1] * state.np}


# the board file's key of an objective's text in each language (boards/war.json carries the
# box's Portuguese as text_pt)
OBJECTIVE_TEXT = {"pt_BR": "text_pt", "es": "text_es"}


class War(Game):
    id = "war"

    def objective_line(self, state, p):
        """WAR's objective in the board's own Portuguese (war.txt, "Objectives": the cards'
        words), the impossible destroy card's fallback said in the table's language."""
        from comando_host.text.lang import current
        key = OBJECTIVE_TEXT.get(current())
        if key is None or state.obj[p] < 0:
            return None
        o = state.rules.objective(state, state.obj[p])
        if not o.get(key):
            return None   # (this board has no such text: the rules' English)
        s = o[key]
        if o.get("type") == "destroy" and state.void[p]:
            from comando.rulesets.war.engine import FALLBACK_TOTAL
            fb = o.get("fallback")
            n = (fb or {}).get("total", FALLBACK_TOTAL) if isinstance(fb, dict) else FALLBACK_TOTAL
            s += " " + _("(impossible: conquer {n} territories)").format(n=n)
        return s
    hand_deal = Deal()
    demo_colours = ("blue", "red", "black", "yellow", "green", "white")
    help = N_("""WAR (war.txt):
  attack FROM TO N            announce N attacking armies, 1 to 3 (default: as many as allowed);
                              the move-in after a conquest is at most the armies of the last attack
  trade C1 C2 C3              'wild' names a wildcard; +2 on each traded territory you hold;
                              the value counts the trades of the whole table (see status)""")

    def options(self, o) -> list:
        return territories(o)

    def place_line(self, ev, b, st, p):
        return "%s placed the first round's armies" % p

    def attack_dice(self, ev, dice) -> str:
        if "n" in ev:  # the armies announced (war.txt)
            return _n("{n} army attack, ", "{n} armies attack, ", ev['n']).format(n=ev['n']) + dice
        return dice

    def status_lines(self, state) -> list:
        """WAR: trades across the table, the first round."""
        r = state.rules
        out = []
        nxt = r.trade_value(state, state.cur)
        out.append(_("trades at the table: {n} (the next trade is worth {value} armies, +2 on each "
                     "traded territory you hold)").format(n=state.ttrades, value=nxt))
        if state.round == 1 and state.phase != "over":
            out.append(_("first round: players only receive and place armies"))
        return out


GAME = War()
