"""Risk on the laptop (rules/risk-online-12-maps.txt)."""

from __future__ import annotations

from comando_host.games.base import Game, armies, territories
from comando_host.web import handdeal
from comando_host.text.lang import N_


class Deal(handdeal.OneAtATime):
    """Risk: dealt one at a time from the first player; the armies deployed by hand after."""
    ask = N_("who received the first card (and plays first)")
    rule = N_("dealt one at a time from the first player (risk-online-12-maps.txt)")

    def order(self, state, first):
        return [(first + k) % state.np for k in range(state.n)]

    def fields(self, state, first, seats, src):
        if state.rules.opt(state, "deploy") == "auto":
            raise handdeal.Refused("deal: automatic deployment is the laptop's deal: start the "
                                   "game with the laptop dealing")
        return {"first": first}


class Risk(Game):
    id = "risk"
    hand_deal = Deal()
    demo_colours = ("red", "blue", "green", "yellow", "black", "grey")
    help = N_("""Risk (risk-online-12-maps.txt):
  attack FROM TO def D        the defender rolls D dice (1 or 2; table option defdice=choose)
  trade C1 C2 C3 [on COUNTRY] hand in a set at the start of your turn ('wild' names a wild card);
                              'on' picks the held territory of the set that gets the 2 armies
  regroup FROM TO N           one move along a chain of your territories: it ends your turn
  walk [PLAYER]               walk out (default: the player on turn); the territories stay neutral
  dip                         the diplomacy panel (public, not binding):
  dip truce PLAYER [TEXT] | dip carve PLAYER TEXT | dip note TEXT | dip break ID [TEXT]
                              (the player on turn writes; 'dip as PLAYER truce ...' for another)""")

    def options(self, o) -> list:
        out = territories(o)
        out.append("armies deployed " + ("automatically" if o.get("deploy") == "auto" else "by hand"))
        if o.get("defdice") == "choose":
            out.append("the defender chooses its dice")
        return out

    def place_line(self, ev, b, st, p):
        left = st.reserve[ev["p"]] if ev["p"] < len(st.reserve) else 0
        took = b.reserve[ev["p"]] - left if ev["p"] < len(b.reserve) else 0
        return "%s deployed %s (%d left in reserve)" % (p, armies(took), left)

    def attack_dice(self, ev, dice) -> str:
        if "dn" in ev:  # the defender's choice (table option defdice=choose)
            return dice + f" (the defender chose {ev['dn']} {'die' if ev['dn'] == 1 else 'dice'})"
        return dice

    def status_lines(self, state) -> list:
        """Risk: sets, deployment, defence dice, reserves, neutral territories, the diplomacy panel."""
        r = state.rules
        out = []
        sets = r.opt(state, "sets")
        if sets == "fixed":
            out.append("sets: fixed (4 infantry, 6 cavalry, 8 artillery, 10 one of each)")
        else:
            out.append(f"sets: escalating (sets handed in: {state.ttrades}; the next is worth "
                       f"{r.set_value(state, [])} armies)")
        out.append(f"deployment: {r.opt(state, 'deploy')}; defence dice: "
                   f"{'the defender chooses (attack ... def D)' if r.opt(state, 'defdice') == 'choose' else 'automatic'}")
        left = state.x.get("left") or []
        if state.phase == "place" and left:
            out.append("reserves still to deploy: " + ", ".join(
                f"{state.names[p]} {left[p]}" for p in range(state.np) if state.alive[p]))
        neutral = [c for c in range(state.n) if state.owner[c] < 0]
        if neutral:
            names = ", ".join(f"{state.board.name(c)} {state.armies[c]}" for c in neutral[:8])
            more = f" and {len(neutral) - 8} more" if len(neutral) > 8 else ""
            out.append(f"neutral territories: {len(neutral)} ({names}{more})")
        else:
            out.append("neutral territories: none")
        if state.x.get("must"):
            out.append("after the elimination: hand in a set now, in the middle of the assault")
        dip = state.x.get("dip") or []
        if dip:
            out.append(f"diplomacy panel: {len(dip)} entries ('dip' lists them)")
        return out


GAME = Risk()
