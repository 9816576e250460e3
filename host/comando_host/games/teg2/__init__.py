"""T.E.G. II on the laptop (rules/teg-ii.txt): its engine is not shaped like the map games'
(powers, regions, clocks), so it has whole views of its own: ``text.py`` (status, regions, event
lines), ``play.py`` (the REPL's commands), ``page.py`` (the live page)."""

from __future__ import annotations

from comando_host.games.base import Game, armies
from comando_host.games.teg2 import page as _page
from comando_host.games.teg2 import play as _play
from comando_host.games.teg2 import text as _text


class Teg2(Game):
    id = "teg2"
    text = _text
    page = _page

    def options(self, o) -> list:
        out = ["%s level" % o.get("level", "basic")]
        if o.get("long"):
            out.append("long game")
        if o.get("players") == 2:
            out.append("two players command four powers")
        elif isinstance(o.get("players"), int) and o["players"] > 6:
            out.append("%d players in pairs on both boards" % o["players"])
        if o.get("map") == "world":
            out.append("the whole world map")
        if o.get("secret"):
            out.append("hidden objectives")
        return out

    def place_line(self, ev, b, st, p):
        """An addition of armies, or an objective token (rules/teg-ii.txt, Choosing Objectives)."""
        if b.stage == "add":
            adds = b.grants[ev["p"]] if ev["p"] < len(b.grants) else 0
            return "%s added its %s" % (p, armies(adds))
        from comando.rulesets.teg2.objectives import token_name
        from comando.rulesets.teg2.table import OBJECTIVES
        where = (" in row %d of the Objectives Table" % ev["row"]) if ev.get("row") else ""
        k = ev.get("k")
        what = token_name(k) if isinstance(k, int) and 0 <= k < 5 else "a token"
        if ev.get("h"):
            what = "a token face down"
        return "%s placed %s%s (%d of %d)" % (p, what, where, b.pround + 1, OBJECTIVES)

    def run(self, session, cmd, rest) -> bool:
        return _play.run(session, cmd, rest)


GAME = Teg2()
