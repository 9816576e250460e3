"""What every game does on the laptop: a game's module (``comando_host/games/<id>.py``) subclasses
``Game`` and says only what differs (docs/laptop-games.md). Nothing here names a game.

No imports of the laptop's views: they import the games (``engine_text``, ``record``, the REPL,
the page), and a game's module may import them back, so the base stays a leaf (no import circle).
"""

from __future__ import annotations

from comando.registry import NAMES


def territories(o) -> list:
    """A map game's territories option, when it is not the whole 42."""
    return ["%d territories" % o["territories"]] if o.get("territories", 42) != 42 else []


def armies(k) -> str:
    """"1 army", "3 armies" (the table record's count)."""
    return "%d %s" % (k, "army" if k == 1 else "armies")


class Game:
    """The common laptop side of a game on a map (T.E.G.'s: nothing of its own)."""

    id = ""

    # The seats of a seeded demo game (demo_games.py: the page's screenshots, tests, benches).
    demo_colours = ("blue", "red", "black", "yellow", "green", "magenta")

    @property
    def name(self) -> str:
        """The game's name in the laptop's lines (the table record, `comando games`): the
        registry's short name; "" for a ruleset the registry does not know."""
        return NAMES.get(self.id, "")

    # A whole text view of its own (module with status, regions, event_line) for a game whose
    # engine is not shaped like the map games' (T.E.G. II); None: engine_text's common views.
    text = None

    # A whole page view of its own (module with engine_view, engine_battle, session_view,
    # session_battle: pageview.py's hooks); None: the map games' page.
    page = None

    def objective_line(self, state, p):
        """Seat ``p``'s secret objective in the table's language from the board file's own words
        (``text_pt``, ``text_es`` beside ``text``: board data, never code), or None: the rules'
        English (``objective_text``)."""
        return None

    def status_lines(self, state) -> list:
        """The lines of ``status`` (engine_text.status) that matter for this game besides the
        common counters; none by default."""
        return []

    def options(self, o) -> list:
        """The game's options in the table record's "new game" line (``o``: the event's
        options), as phrases; none by default."""
        return []

    def place_line(self, ev, b, st, p):
        """The table record's line for a placement (``ev``; ``b``/``st``: the table session
        before/after; ``p``: the seat's name), or None: the placement rounds' counts."""
        return None

    def event_line(self, state_before, state, ev):
        """The line for an engine event this game tells its own way (``state_before``/``state``:
        before/after it), or None: engine_text's common line."""
        return None

    def round_note(self, state_before, state) -> str:
        """What an event that opened a round adds to its line (La Revancha: the situation card
        turned over); nothing by default."""
        return ""

    def dice_marks(self, r) -> str:
        """What the table record adds after a table session's dice (``r``: the roll's result,
        e.g. " (snow)"); nothing by default."""
        return ""

    def attack_dice(self, ev, dice) -> str:
        """An engine attack's dice in words (``dice``: "6 5 vs 4") with what the game adds
        from the ``attack`` event ``ev``; the dice alone by default."""
        return dice

    def run(self, session, cmd, rest) -> bool:
        """Run one REPL command this game adds (``commands``); False when ``cmd`` is none of
        them (the common commands of ``commands/play/repl.py`` then)."""
        fn = self.commands.get(cmd)
        if fn is None:
            return False
        fn(session, rest)
        return True

    # The REPL commands the game adds: name -> function(session, words after the name). Another
    # game's players are told "CMD: <game> only (--ruleset <id>)" (commands/play/repl.py).
    commands: dict = {}

    # How the page takes a deal the table made by hand (web/handdeal: the order the cards go round,
    # what the page asks); None: the page neither deals this game by hand nor starts it.
    hand_deal = None

    # What `help` adds after the common commands: the game's own commands and wording ("").
    help = ""
