"""T.E.G. II on the laptop (rules/teg-ii.txt): its engine is not shaped like the map games'
(powers, regions, clocks), so it has whole views of its own: ``text.py`` (status, regions, event
lines), ``play.py`` (the REPL's commands), ``page.py`` (the live page)."""

from __future__ import annotations

from comando_host.games.base import Game
from comando_host.games.teg2 import page as _page
from comando_host.games.teg2 import play as _play
from comando_host.games.teg2 import text as _text


class Teg2(Game):
    id = "teg2"
    text = _text
    page = _page

    def run(self, session, cmd, rest) -> bool:
        return _play.run(session, cmd, rest)


GAME = Teg2()
