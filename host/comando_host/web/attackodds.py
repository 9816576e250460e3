"""The odds the page's attack panel shows when a player picks a country to attack from (issue 26):
for each country it may attack, P(taking it) with the armies there now, the fewest armies that
give 80%, and the best chain one country further (take it, move in, attack on: comando.odds_chain,
docs/decisions/odds-chain-and-need.md). The situation card of a La Revancha round counts (Snow,
Tailwind). Computed here on the laptop and sent with the ``options`` answer; the page only draws.
"""

from __future__ import annotations

from comando import combat, odds, odds_chain
from comando.errors import ComandoError

NEED_P = 0.8      # the chance the panel's "needed" figure is for
NEED_LIMIT = 1000  # the most armies the panel looks for (no table has more on one country)


def situation(state) -> tuple[str | None, int]:
    """(the comando.combat ruleset id or None, the dice modifiers in effect: comando.dice_mods)
    of the game's dice now."""
    rs = getattr(state.rules, "combat", None)
    if rs not in combat.RULES:
        return None, 0
    return rs, state.rules.dice_mods(state)


def for_targets(state, f: int, targets) -> dict:
    """{str(target): {"p", "need", "on"?}} for an attack from ``f`` on each of ``targets``; {}
    where the game has no dice combat. ``on``: the attacked country's other neighbour not the
    player's with the best chance of taking both in turn, {"to", "name", "armies", "p"}."""
    rs, mods = situation(state)
    att = state.armies[f]
    if rs is None or att < 2 or state.x.get("cd"):  # (a condominium rolls each side's own)
        return {}
    p = state.owner[f]
    out = {}
    for to in targets:
        d = state.armies[to]
        try:
            entry = {"p": odds.p_conquer(rs, att, d, mods),
                     "need": odds_chain.need(rs, NEED_P, [d], mods, limit=NEED_LIMIT)}
            best = None
            for q in state.board.neighbours(to):
                if q == f or state.owner[q] == p:
                    continue
                pa = odds_chain.chain(rs, att, [d, state.armies[q]], mods)["p_all"]
                if best is None or pa > best[1]:
                    best = (q, pa)
        except ComandoError:  # (a state the dice cannot roll for: no figure, never an error)
            continue
        if best is not None:
            entry["on"] = {"to": best[0], "name": state.board.name(best[0]),
                           "armies": state.armies[best[0]], "p": best[1]}
        out[str(to)] = entry
    return out
