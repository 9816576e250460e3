"""T.E.G. classic on the laptop: the common wording of every map game (rules/teg-classic.txt)."""

from __future__ import annotations

from comando_host.games.base import Game
from comando_host.web import handdeal


class Teg(Game):
    id = "teg"
    hand_deal = handdeal.LeftoversToDice()


GAME = Teg()
