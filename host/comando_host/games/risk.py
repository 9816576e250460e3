"""Risk on the laptop (rules/risk-online-12-maps.txt)."""

from __future__ import annotations

from comando_host.games.base import Game


class Risk(Game):
    id = "risk"


GAME = Risk()
