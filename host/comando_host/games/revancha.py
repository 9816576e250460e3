"""T.E.G. La Revancha on the laptop (rules/teg-la-revancha.txt)."""

from __future__ import annotations

from comando_host.games.base import Game


class Revancha(Game):
    id = "revancha"


GAME = Revancha()
