"""A game's own host code, found by its registry id (comando.rulesets.IDS) instead of a test of
the id: ``comando_host/<id>_text.py`` (its text views: status, regions, event lines) and
``comando_host/<id>_play.py`` (its play-REPL commands) and ``comando_host/<id>_page.py`` (its page view), for a game whose engine is not shaped like
the map games' (T.E.G. II: powers, regions, clocks). The others have none: ``own`` says None."""

from __future__ import annotations

import importlib
import importlib.util

_FOUND: dict = {}


def own(rid: str, part: str):
    """The module ``comando_host.<rid>_<part>`` (part: "text", "play" or "page"), or None."""
    name = f"comando_host.{rid}_{part}"
    if name not in _FOUND:
        _FOUND[name] = importlib.import_module(name) if importlib.util.find_spec(name) else None
    return _FOUND[name]
