"""The armies' colours in the table's words: "Ana (blanco)", "Ana (branco)".

The colours stay English ids in the state, the events, the store and every JSON output (the
registry's ``COLOURS``: language-neutral); a line a player reads says them through the catalogues
(context ``colour``, so "black" the colour is never another text's "black"). A colour the
catalogues do not know (T.E.G. II's powers, a name) is said as it is.
"""

from __future__ import annotations

from comando_host.text.lang import NP_, current, translations

COLOUR = "colour"   # the catalogues' context (NP_ takes it as a literal: Babel reads literals only)

# every colour of the registry's COLOURS (teg, revancha, war, risk)
WORDS = (NP_("colour", "blue"), NP_("colour", "red"), NP_("colour", "black"),
         NP_("colour", "yellow"), NP_("colour", "green"), NP_("colour", "magenta"),
         NP_("colour", "white"), NP_("colour", "grey"))


def colour(c, code=None) -> str:
    """Colour id ``c`` in the current language (or ``code``'s)."""
    if c not in WORDS:
        return str(c)
    return translations(code or current()).pgettext(COLOUR, c)


def who(name, c, code=None) -> str:
    """A player and its colour, as the table reads them: "Ana (blanco)"."""
    return "%s (%s)" % (name, colour(c, code))
