"""WAR on the laptop (rules/war.txt)."""

from __future__ import annotations

from comando_host.games.base import Game


class War(Game):
    id = "war"


GAME = War()
