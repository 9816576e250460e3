"""Multiplayer ratings per ruleset with openskill (its Plackett-Luce model: a game of 3 to 6
ranks every seat against every other at once). A new player starts at the model's default
(mu 25, sigma 25/3); ``ordinal`` (mu - 3 sigma) is the number the draw balances on and the
standings show: it rises as the rating grows surer, so a newcomer is not seeded as a strong player.
"""

from __future__ import annotations

_MODEL = None


def model():
    global _MODEL
    if _MODEL is None:
        from openskill.models import PlackettLuce
        _MODEL = PlackettLuce()
    return _MODEL


def default() -> tuple[float, float]:
    r = model().rating()
    return r.mu, r.sigma


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def rate(before, places):
    """``before``: [(mu, sigma)] per seat; ``places``: each seat's place (1: the winner); the
    [(mu, sigma)] after the game."""
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = m.rate(teams, ranks=list(places))
    return [(t[0].mu, t[0].sigma) for t in after]
