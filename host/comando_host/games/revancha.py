"""T.E.G. La Revancha on the laptop (rules/teg-la-revancha.txt)."""

from __future__ import annotations

from comando_host.engine_text import who
from comando_host.games.base import Game


def status_lines(state) -> list:
    """La Revancha: the round's situation card, missiles, continent cards, blockades."""
    from comando.rulesets.revancha import situations as sit
    from comando.rulesets.revancha import blockades
    b = state.board
    x = state.x
    out = []
    card = x.get("sit", -1)
    if card is not None and card >= 0:
        line = f"situation card: {sit.label(card)} - {sit.describe(card)}"
        if x.get("bar"):
            line += "; no card this round for " + ", ".join(who(state, p) for p in x["bar"])
        out.append(line)
    elif state.round:
        out.append("situation card: none (classic combat)")
    if x.get("ext"):
        out.append("extra reinforcements: each player in turn places half its countries")
    mis = x.get("mis") or []
    held = [f"{b.name(c)} {mis[c]} ({state.colours[state.owner[c]]})" for c in range(state.n) if mis[c]]
    if held:
        out.append("missiles: " + ", ".join(held))
    cch = x.get("cch") or []
    cc = [f"{b.continent_name(k)} ({state.colours[cch[k]]})" for k in range(len(cch)) if cch[k] >= 0]
    if cc:
        out.append("continent cards held: " + ", ".join(cc))
    bl = blockades.all_blockades(state) if state.round else []
    if bl:
        out.append("blockaded: " + ", ".join(f"{b.name(c)} ({state.colours[q]}, by {state.colours[p]})"
                                             for c, q, p in bl))
    out.extend(condo_lines(state))
    if state.phase != "over" and state.round:
        out.append(f"next exchange of {state.names[state.cur]}: {state.rules.trade_value(state, state.cur)} armies")
    return out


def condo_lines(state) -> list:
    """La Revancha: the countries in condominium and the joint attack under way."""
    from comando.rulesets.revancha import condominium as cdm
    out = [cdm.describe(state, r) for r in cdm.rows(state)]
    ag = state.x.get("ag")
    if ag:
        out.append(f"joint attack on {state.board.name(ag[0])} by {who(state, ag[1])} and {who(state, ag[2])}: "
                   f"{who(state, ag[5])} rolls next" + (" (obliged to the end)" if ag[6] else ""))
    if state.x.get("cdm"):
        out.append("after the joint conquest: 'move N M' (1 or 2 armies of each holder)")
    return out


def condo_text(state) -> str:
    """The `condo` command (La Revancha)."""
    lines = condo_lines(state)
    return "\n".join(lines) if lines else "No country is in condominium."




def blockades_text(state) -> str:
    """The `blockades` command (La Revancha)."""
    from comando.rulesets.revancha import blockades
    b = state.board
    bl = blockades.all_blockades(state)
    if not bl:
        return "No country is blockaded."
    return "\n".join(f"{b.name(c)} ({who(state, q)}) is blockaded by {who(state, p)}: no new armies there"
                     for c, q, p in bl)


class Revancha(Game):
    id = "revancha"

    def status_lines(self, state) -> list:
        return status_lines(state)


GAME = Revancha()
