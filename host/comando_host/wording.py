"""Counts in words: "1 army", "2 armies", "1 point". The one place the host makes a noun agree
with its count, so no printed line reads "1 armies"."""

from __future__ import annotations

_IRREGULAR = {"army": "armies", "country": "countries", "territory": "territories",
              "battery": "batteries", "ally": "allies", "copy": "copies", "entry": "entries"}


def plural(noun: str) -> str:
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def noun(n: int, singular: str, many: str | None = None) -> str:
    """``singular`` for a count of one (or minus one), else its plural (``many`` if given)."""
    return singular if abs(n) == 1 else (many or plural(singular))


def count(n: int, singular: str, many: str | None = None) -> str:
    """``n`` and its noun: count(1, "army") == "1 army", count(3, "army") == "3 armies"."""
    return "%d %s" % (n, noun(n, singular, many))
