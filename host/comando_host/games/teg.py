"""T.E.G. classic on the laptop: the common wording of every map game (rules/teg-classic.txt)."""

from __future__ import annotations

from comando_host.games.base import Game
from comando_host.text.lang import _
from comando_host.web import handdeal


class Teg(Game):
    id = "teg"
    hand_deal = handdeal.LeftoversToDice()

    def objective_line(self, state, p):
        """The secret objective in the box's Spanish (boards/words/teg.es.json); a destroy card
        worded in the table's language with the army's colour in its words."""
        from comando.rulesets.teg.engine import DESTROY
        from comando_host.text import board_words
        from comando_host.text.colour_words import colour
        from comando_host.text.lang import current
        code = current()
        if code == "en":
            return None
        o = state.obj[p]
        if state.rules.small(state):
            return board_words.words(state.board.id, code).get("sole")
        if o in DESTROY:
            t = state.target[p]
            s = _("Destroy the {colour} army").format(colour=colour(state.colours[t]))
            if DESTROY[o] != state.colours[t]:
                s += " " + _("(card: {card}; impossible, so the player to your right)").format(
                    card=colour(DESTROY[o]))
            if state.void[p]:
                s += " - " + _("made impossible by another hand: occupy {n} countries").format(
                    n=state.rules.opt(state, "common"))
            return s + "."
        return board_words.objective(state.board.id, code, o) if o >= 0 else None


GAME = Teg()
