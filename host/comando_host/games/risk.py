"""Risk on the laptop (rules/risk-online-12-maps.txt)."""

from __future__ import annotations

from comando_host.games.base import Game


class Risk(Game):
    id = "risk"

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
