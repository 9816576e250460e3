"""T.E.G. II's powers in the table's words: "URSS", "Europa Ocidental".

The powers stay the core's ids and English names in the state, the events, the store and every
JSON output (comando.rulesets.teg2.track: POWERS, POWER_NAMES; language-neutral); a line a player
reads says the name through the catalogues (context ``power``). A seat on board 2 of an 8-12
player game keeps its " 2".
"""

from __future__ import annotations

from comando_host.text.lang import NP_, current, translations

POWER = "power"   # the catalogues' context (NP_ takes it as a literal: Babel reads literals only)

# every name of comando.rulesets.teg2.track.POWER_NAMES
WORDS = (NP_("power", "USA"), NP_("power", "USSR"), NP_("power", "China"), NP_("power", "Japan"),
         NP_("power", "Western Europe"), NP_("power", "Eastern Europe"))


def power(name, code=None) -> str:
    """A power's English name (``power_name``'s) in the current language (or ``code``'s)."""
    text = str(name)
    base, two = (text[:-2], " 2") if text.endswith(" 2") else (text, "")
    if base not in WORDS:
        return text
    return translations(code or current()).pgettext(POWER, base) + two
