"""Each game's laptop side, in one module of its own found by its registry id: ``GAME`` of
``comando_host.games.<id>`` for each id of ``comando.registry.IDS``, as ``comando.engine.get_rules``
finds a game's rules in ``comando.rulesets.<id>.engine``.

``games.base.Game`` is what every game does on the laptop (the map games' common wording); a
game's module says only what differs: its status lines, the options and placement lines of the
table record, the marks on its dice lines, the REPL commands it adds and their help, its hand deal
for the page, or (T.E.G. II, whose engine is not shaped like the map games') whole text, REPL and
page views of its own. docs/laptop-games.md tells what a new game's module must say.
"""

from __future__ import annotations

import importlib

from comando.registry import IDS
from comando_host.games.base import Game

_GAMES: dict = {}
_PLAIN = Game()   # for a log whose ruleset is unknown here (or missing): the common wording


def get(rid) -> Game:
    """The laptop side of the game ``rid`` (a registry id): its module's ``GAME``; the plain
    ``Game`` for anything that is not a registry id."""
    if not isinstance(rid, str) or rid not in IDS:
        return _PLAIN
    game = _GAMES.get(rid)
    if game is None:
        game = _GAMES[rid] = importlib.import_module("comando_host.games." + rid).GAME
    return game


def every() -> list:
    """(id, game) for each registry id, in the registry's order."""
    return [(rid, get(rid)) for rid in IDS]
